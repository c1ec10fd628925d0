// Package demo loads the demo catalogue: the brands demo, yoga, plan, term,
// noshop and closed with their stores, items and custom fields.
package demo

import (
	"context"
	"embed"
	"fmt"
	"io/fs"
	"sort"
	"time"

	"storefront/data"
)

//go:embed *.sql
var files embed.FS

// LoadIfEmpty loads the demo catalogue when the database holds no brand. It
// reports whether it loaded. Concurrent starts load it once. Its dates are
// relative to today.
func LoadIfEmpty(ctx context.Context, db *data.DB) (bool, error) {
	return LoadAt(ctx, db, time.Now())
}

// LoadAt is LoadIfEmpty as if it ran at now: every date of the demo
// (schedules, holdings, bookings) is relative to now's Taipei day, so a
// test can load the same catalogue on any day (the golden pages do).
func LoadAt(ctx context.Context, db *data.DB, now time.Time) (bool, error) {
	tx, err := db.Pool.Begin(ctx)
	if err != nil {
		return false, err
	}
	defer tx.Rollback(ctx)
	if _, err := tx.Exec(ctx, "select pg_advisory_xact_lock(hashtext('storefront demo'))"); err != nil {
		return false, err
	}
	var any bool
	if err := tx.QueryRow(ctx, "select exists(select 1 from brands)").Scan(&any); err != nil {
		return false, err
	}
	if any {
		return false, nil
	}
	// the demo's clock: pg_temp.demo_now() and demo_today() (Taipei)
	if _, err := tx.Exec(ctx, `select set_config('storefront.demo_now', $1, true)`, now.UTC().Format(time.RFC3339Nano)); err != nil {
		return false, err
	}
	if _, err := tx.Exec(ctx, clockSQL); err != nil {
		return false, err
	}
	names, _ := fs.Glob(files, "*.sql")
	sort.Strings(names)
	for _, name := range names {
		sql, _ := files.ReadFile(name)
		if _, err := tx.Exec(ctx, string(sql)); err != nil {
			return false, fmt.Errorf("demo %s: %w", name, err)
		}
	}
	return true, tx.Commit(ctx)
}

// clockSQL defines the demo SQL's clock in the loading session, from the
// setting storefront.demo_now.
const clockSQL = `create or replace function pg_temp.demo_now() returns timestamptz language sql stable
    as $$ select current_setting('storefront.demo_now')::timestamptz $$;
create or replace function pg_temp.demo_today() returns date language sql stable
    as $$ select (pg_temp.demo_now() at time zone 'Asia/Taipei')::date $$;`

//go:embed static
var static embed.FS

// Static holds the demo catalogue's images, served under /_static/demo/.
var Static, _ = fs.Sub(static, "static")

// Folders are the demo's static folders by name: the host serves each at
// /_static/{name}/.
var Folders = map[string]fs.FS{"demo": Static}
