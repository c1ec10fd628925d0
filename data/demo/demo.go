// Package demo loads the demo: the brands demo, yoga, plan, term, noshop
// and closed.
//
// Their catalogues are catalogue directories (data/catalogue's format),
// catalogue/{brand}/ with their pictures in images/, brought in by the same import as `storefront
// catalogue import` runs, in the order of Brands. What the format does not
// hold stays SQL run after the import (*.sql, in name order): the closed
// brand's status, seats taken, demo members and what they hold and
// booked, the e-contract, recurring payment and term sales. The SQL names
// catalogue rows by their operator ids (the slug columns), never by
// numeric ids.
//
// The directories were exported from the SQL demo of before with
// `storefront catalogue export BRAND DIR --relative` on a Monday, then
// given readable operator ids and trimmed of what the format defaults.
// The courses' weekly timetable spans five weeks, +0wD to +4wD: weeks
// count from the Monday of the load day, so five of them keep the four
// weeks from any load day full (on a Sunday, week 0 is all but over).
// The terms start in week 1 or later, so that no term class has begun on
// any load day (a begun class sells pro rata).
// To change the demo's catalogue, edit the files; or load the demo into an
// empty database (make run), change it there and export each brand again
// with --relative on a Monday, so that the dates stay relative to the load
// day (+NwD keeps a class on its weekday):
//
//	for b in demo yoga plan term noshop closed; do
//	  storefront catalogue export $b data/demo/catalogue/$b --relative
//	done
//
// (with the STOREFRONT_CATALOGUE_IMAGES the demo was loaded with: the
// export copies the pictures back into images/), then delete the
// schema.json each export writes and the two past sessions 03_members.sql
// adds (aerial-yoga-intro-xinyi at 12:00 three days ago and
// aerial-yoga-advanced-xinyi at 18:00 eight days ago: they are the SQL's),
// and review the diff (an export on a Monday holds weeks +0w to +4w). The
// numeric ids in the demo's URLs (/demo/activity/1/1, /demo/passcard/2)
// follow the order of the brands and of the entries in their files:
// TestDemoIDs pins them.
package demo

import (
	"context"
	"embed"
	"fmt"
	"io/fs"
	"sort"
	"time"

	"github.com/jackc/pgx/v5"

	"storefront/data"
	"storefront/data/catalogue"
)

//go:embed *.sql
var files embed.FS

//go:embed catalogue
var catalogues embed.FS

// Brands are the demo brands in the order they are imported (their rows'
// numeric ids follow it).
var Brands = []string{"demo", "yoga", "plan", "term", "noshop", "closed"}

// LoadIfEmpty loads the demo when the database holds no brand, its
// images stored in imageDir like every imported image (the hosts serve
// them at /_static/catalogue/). It reports whether it loaded. Concurrent
// starts load it once. Its dates are relative to today.
func LoadIfEmpty(ctx context.Context, db *data.DB, imageDir string) (bool, error) {
	return LoadAt(ctx, db, time.Now(), imageDir)
}

// LoadAt is LoadIfEmpty as if it ran at now: every date of the demo
// (schedules, holdings, bookings) is relative to now's Taipei day, so a
// test can load the same demo on any day (the golden pages do).
func LoadAt(ctx context.Context, db *data.DB, now time.Time, imageDir string) (bool, error) {
	loaded := false
	err := pgx.BeginFunc(ctx, db.Pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, "select pg_advisory_xact_lock(hashtext('storefront demo'))"); err != nil {
			return err
		}
		var any bool
		if err := tx.QueryRow(ctx, "select exists(select 1 from brands)").Scan(&any); err != nil || any {
			return err
		}
		for _, brand := range Brands {
			dir, err := fs.Sub(catalogues, "catalogue/"+brand)
			if err != nil {
				return err
			}
			if _, err := catalogue.ImportTx(ctx, tx, dir, catalogue.Options{Now: now, ImageDir: imageDir}); err != nil {
				return fmt.Errorf("demo catalogue %s: %w", brand, err)
			}
		}
		// the SQL's clock: pg_temp.demo_now() and demo_today() (Taipei)
		if _, err := tx.Exec(ctx, `select set_config('storefront.demo_now', $1, true)`, now.UTC().Format(time.RFC3339Nano)); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, clockSQL); err != nil {
			return err
		}
		names, _ := fs.Glob(files, "*.sql")
		sort.Strings(names)
		for _, name := range names {
			sql, _ := files.ReadFile(name)
			if _, err := tx.Exec(ctx, string(sql)); err != nil {
				return fmt.Errorf("demo %s: %w", name, err)
			}
		}
		loaded = true
		return nil
	})
	return loaded, err
}

// clockSQL defines the demo SQL's clock in the loading session, from the
// setting storefront.demo_now.
const clockSQL = `create or replace function pg_temp.demo_now() returns timestamptz language sql stable
    as $$ select current_setting('storefront.demo_now')::timestamptz $$;
create or replace function pg_temp.demo_today() returns date language sql stable
    as $$ select (pg_temp.demo_now() at time zone 'Asia/Taipei')::date $$;`

//go:embed static
var static embed.FS

// Static holds the demo brands' logos (SVG, which the catalogue format
// does not take), served under /_static/demo/.
var Static, _ = fs.Sub(static, "static")

// Folders are the demo's static folders by name: the host serves each at
// /_static/{name}/.
var Folders = map[string]fs.FS{"demo": Static}
