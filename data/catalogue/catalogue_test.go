package catalogue_test

import (
	"context"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"storefront/data"
	"storefront/data/catalogue"
	"storefront/data/dbtest"
)

var now = time.Date(2026, 11, 20, 3, 0, 0, 0, time.UTC)

// studio copies testdata/studio into a directory the test may edit.
func studio(t *testing.T) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "studio")
	if err := os.CopyFS(dir, os.DirFS("testdata/studio")); err != nil {
		t.Fatal(err)
	}
	return dir
}

func importDir(t *testing.T, db *data.DB, dir, images string, dry bool) *catalogue.Report {
	t.Helper()
	rep, err := catalogue.Import(context.Background(), db, os.DirFS(dir), catalogue.Options{Now: now, ImageDir: images, DryRun: dry})
	if err != nil {
		t.Fatalf("import %s: %v", dir, err)
	}
	return rep
}

func version(t *testing.T, db *data.DB, brand string) int64 {
	t.Helper()
	var v int64
	if err := db.Pool.QueryRow(context.Background(), "select data_version from brands where id = $1", brand).Scan(&v); err != nil {
		t.Fatal(err)
	}
	return v
}

// readBack reads a directory as an import sees it (relative images are
// compared by content through their served path).
func readBack(t *testing.T, dir string) *catalogue.Catalogue {
	t.Helper()
	c, probs := catalogue.Read(os.DirFS(dir))
	if len(probs) > 0 {
		t.Fatalf("read %s: %v", dir, probs)
	}
	return c
}

func TestImportRoundTrip(t *testing.T) {
	db := dbtest.New(t)
	src, images := studio(t), t.TempDir()
	rep := importDir(t, db, src, images, false)
	if len(rep.Added) == 0 || len(rep.Changed)+len(rep.Removed)+len(rep.OffShelf) != 0 {
		t.Fatalf("first import: %s", rep)
	}
	out := filepath.Join(t.TempDir(), "export")
	if err := catalogue.Export(context.Background(), db, "studio", out, images); err != nil {
		t.Fatal(err)
	}
	if got, want := readBack(t, out), readBack(t, src); !reflect.DeepEqual(got, want) {
		t.Errorf("export differs from the import:\n got %+v\nwant %+v", got, want)
	}
	for _, name := range []string{"logo.png", "room.png"} {
		a, _ := os.ReadFile(filepath.Join(src, "images", name))
		b, err := os.ReadFile(filepath.Join(out, "images", name))
		if err != nil || string(a) != string(b) {
			t.Errorf("exported image %s differs (%v)", name, err)
		}
	}
	// and importing the export changes nothing
	if rep := importDir(t, db, out, images, false); !rep.Empty() {
		t.Errorf("import of the export changed: %s", rep)
	}
}

func TestImportTwiceChangesNothing(t *testing.T) {
	db := dbtest.New(t)
	src, images := studio(t), t.TempDir()
	importDir(t, db, src, images, false)
	v := version(t, db, "studio")
	if rep := importDir(t, db, src, images, false); !rep.Empty() {
		t.Errorf("second import changed: %s", rep)
	}
	if got := version(t, db, "studio"); got != v {
		t.Errorf("data_version moved from %d to %d on an import that changed nothing", v, got)
	}
}

func TestImportDryRunWritesNothing(t *testing.T) {
	db := dbtest.New(t)
	src, images := studio(t), t.TempDir()
	rep := importDir(t, db, src, images, true)
	if len(rep.Added) < 10 {
		t.Errorf("dry run reported %d additions: %s", len(rep.Added), rep)
	}
	var n int
	db.Pool.QueryRow(context.Background(), "select count(*) from brands").Scan(&n)
	if n != 0 {
		t.Errorf("dry run wrote %d brands", n)
	}
	if entries, _ := os.ReadDir(images); len(entries) != 0 {
		t.Errorf("dry run stored images: %v", entries)
	}

	importDir(t, db, src, images, false)
	v := version(t, db, "studio")
	writeJSON(t, src, "teachers.json", `[{"name": "林小嵐", "title": "資深瑜珈老師", "bio": "RYT-200 認證。", "image": ""},
	  {"name": "陳大山", "title": "肌力教練", "bio": "NSCA-CSCS 認證。", "image": ""}]`)
	rep = importDir(t, db, src, images, true)
	if !reflect.DeepEqual(rep.Changed, []string{"teachers.json：老師「林小嵐」"}) || len(rep.Added)+len(rep.Removed) != 0 {
		t.Errorf("dry run of one changed teacher reported: %s", rep)
	}
	if got := version(t, db, "studio"); got != v {
		t.Errorf("dry run moved data_version from %d to %d", v, got)
	}
}

func writeJSON(t *testing.T, dir, name, body string) {
	t.Helper()
	if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestImportTakesHeldEntriesOffShelf(t *testing.T) {
	db := dbtest.New(t)
	ctx := context.Background()
	src, images := studio(t), t.TempDir()
	importDir(t, db, src, images, false)
	// a member holds the month pass and booked the yoga class
	var user, schedule int64
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	must(db.Pool.QueryRow(ctx, `insert into users (brand_id, email, password_hash, name) values ('studio', 'm@example.com', 'x', '會員')
	                             returning id`).Scan(&user))
	must(db.Pool.QueryRow(ctx, `insert into member_passcards (brand_id, user_id, item_id, name)
	        select 'studio', $1, id, name from items where brand_id = 'studio' and name = '單月通行卡' returning id`, user).Scan(new(int64)))
	must(db.Pool.QueryRow(ctx, `select cs.id from course_schedules cs join courses c on c.id = cs.course_id
	        where c.name = '哈達瑜珈' and cs.date = '2026-12-01'`).Scan(&schedule))
	_, err := db.Pool.Exec(ctx, `insert into bookings (brand_id, user_id, schedule_id, pay_kind, status, starts_at, ends_at)
	        values ('studio', $1, $2, 'passcard', 'booked', '2026-12-01 07:00+08', '2026-12-01 08:00+08')`, user, schedule)
	must(err)

	writeJSON(t, src, "items.json", `[{"type": "point", "name": "儲值 1,000 點", "price": 1000, "description": "可折抵課程。",
	  "quantity": 1000, "activation": "IMMEDIATELY", "image": "", "images": [], "stores": []}]`)
	writeJSON(t, src, "courses.json", `[]`)
	dry := importDir(t, db, src, images, true)
	rep := importDir(t, db, src, images, false)
	if !reflect.DeepEqual(dry, rep) {
		t.Errorf("the dry run reported\n%s\nthe import\n%s", dry, rep)
	}
	wantOff := []string{"items.json：商品「單月通行卡」", "courses.json：課程「哈達瑜珈（大安館）」"}
	if !reflect.DeepEqual(rep.OffShelf, wantOff) {
		t.Errorf("taken off shelf %q, want %q", rep.OffShelf, wantOff)
	}
	wantGone := []string{"items.json：商品「10 堂計次卡」", "courses.json：課程「肌力訓練（板橋館）」"}
	if !reflect.DeepEqual(rep.Removed, wantGone) {
		t.Errorf("removed %q, want %q", rep.Removed, wantGone)
	}
	var itemShelf, courseShelf bool
	var booked int
	must(db.Pool.QueryRow(ctx, "select on_shelf from items where brand_id = 'studio' and name = '單月通行卡'").Scan(&itemShelf))
	must(db.Pool.QueryRow(ctx, "select on_shelf from courses where brand_id = 'studio' and name = '哈達瑜珈'").Scan(&courseShelf))
	must(db.Pool.QueryRow(ctx, "select count(*) from bookings where schedule_id = $1", schedule).Scan(&booked))
	if itemShelf || courseShelf || booked != 1 {
		t.Errorf("held item on shelf %v, booked course on shelf %v, bookings kept %d", itemShelf, courseShelf, booked)
	}
	var gone int
	must(db.Pool.QueryRow(ctx, "select count(*) from items where brand_id = 'studio' and name = '10 堂計次卡'").Scan(&gone))
	if gone != 0 {
		t.Errorf("the unheld item was kept")
	}
	// and again: nothing more to do
	if rep := importDir(t, db, src, images, false); !rep.Empty() {
		t.Errorf("repeat after taking off shelf changed: %s", rep)
	}
}

func TestRelativeDates(t *testing.T) {
	db := dbtest.New(t)
	src, images := studio(t), t.TempDir()
	writeJSON(t, src, "courses.json", `[{"store": "大安館", "name": "晨間伸展", "minPrice": 200, "maxPrice": 200,
	  "schedules": [{"date": "+14d", "start": "07:00", "end": "07:40", "capacity": 10}]}]`)
	importDir(t, db, src, images, false)
	var date string
	db.Pool.QueryRow(context.Background(), "select date::text from course_schedules where brand_id = 'studio'").Scan(&date)
	if date != "2026-12-04" { // 2026-11-20 (Taipei) + 14 days
		t.Errorf("+14d imported as %q", date)
	}
}

// The format carries the demo brands' catalogue: exporting each and
// importing the export back changes nothing.
func TestDemoBrandsExportAndImportUnchanged(t *testing.T) {
	db := dbtest.NewDemoAt(t, now)
	for _, brand := range []string{"yoga", "plan", "term", "noshop", "closed"} {
		out := filepath.Join(t.TempDir(), brand)
		if err := catalogue.Export(context.Background(), db, brand, out, t.TempDir()); err != nil {
			t.Fatalf("export %s: %v", brand, err)
		}
		v := version(t, db, brand)
		if rep := importDir(t, db, out, t.TempDir(), false); !rep.Empty() {
			t.Errorf("re-import of %s changed:\n%s", brand, rep)
		}
		if got := version(t, db, brand); got != v {
			t.Errorf("%s: data_version moved from %d to %d", brand, v, got)
		}
	}
}

// The demo brand's 竹北館 sessions start half an hour after 信義館's, and
// some fall outside 竹北館's opening hours (09:00–22:00): the import
// refuses exactly those, and writes nothing.
func TestDemoBrandSessionsOutsideStoreHoursRefused(t *testing.T) {
	db := dbtest.NewDemoAt(t, now)
	out := filepath.Join(t.TempDir(), "demo")
	if err := catalogue.Export(context.Background(), db, "demo", out, t.TempDir()); err != nil {
		t.Fatal(err)
	}
	v := version(t, db, "demo")
	_, err := catalogue.Import(context.Background(), db, os.DirFS(out), catalogue.Options{Now: now, ImageDir: t.TempDir()})
	probs, ok := err.(catalogue.Problems)
	if !ok || len(probs) == 0 {
		t.Fatalf("import of the demo brand: %v", err)
	}
	for _, p := range probs {
		if p.File != "courses.json" || p.Field != "start" || !strings.Contains(p.Entry, "（竹北館）") || !strings.Contains(p.Message, "營業時間") {
			t.Errorf("unexpected problem: %s", p)
		}
	}
	if got := version(t, db, "demo"); got != v {
		t.Errorf("a refused import moved data_version from %d to %d", v, got)
	}
}
