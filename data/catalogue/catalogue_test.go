package catalogue_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"io"
	"log/slog"
	neturl "net/url"
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

// entries names the changes' entries, one a change.
func entries(cs []catalogue.Change) []string {
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = c.String()
	}
	return out
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
	if err := catalogue.Export(context.Background(), db, "studio", out, catalogue.ExportOptions{ImageDir: images}); err != nil {
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
	writeJSON(t, src, "teachers.json", `[{"id": "lin", "name": "林小嵐", "title": "資深瑜珈老師", "bio": "RYT-200 認證。", "image": ""},
	  {"id": "chen", "name": "陳大山", "title": "肌力教練", "bio": "NSCA-CSCS 認證。", "image": ""}]`)
	rep = importDir(t, db, src, images, true)
	if !reflect.DeepEqual(entries(rep.Changed), []string{"teachers.json：老師「lin」"}) || len(rep.Added)+len(rep.Removed) != 0 {
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

	writeJSON(t, src, "items.json", `[{"id": "points-1000", "type": "point", "name": "儲值 1,000 點", "price": 1000, "description": "可折抵課程。",
	  "quantity": 1000, "activation": "IMMEDIATELY", "image": "", "images": [], "stores": []}]`)
	writeJSON(t, src, "courses.json", `[]`)
	writeJSON(t, src, "termSchedules.json", `[]`)
	writeJSON(t, src, "salesmen.json", `[]`)
	empty := []string{"courses.json", "termSchedules.json", "salesmen.json"}
	dry, err := catalogue.Import(ctx, db, os.DirFS(src), catalogue.Options{Now: now, ImageDir: images, DryRun: true, Empty: empty})
	if err != nil {
		t.Fatal(err)
	}
	rep, err := catalogue.Import(ctx, db, os.DirFS(src), catalogue.Options{Now: now, ImageDir: images, Empty: empty})
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(dry, rep) {
		t.Errorf("the dry run reported\n%s\nthe import\n%s", dry, rep)
	}
	wantOff := []string{"items.json：商品「month-pass」", "courses.json：課程「hatha」"}
	if !reflect.DeepEqual(entries(rep.OffShelf), wantOff) {
		t.Errorf("taken off shelf %q, want %q", entries(rep.OffShelf), wantOff)
	}
	wantGone := []string{"items.json：商品「ten-visits」", "courses.json：課程「strength」", "termSchedules.json：學期課程「winter」",
		"salesmen.json：業務「s-wang」", "salesmen.json：業務「s-lee」"}
	if !reflect.DeepEqual(entries(rep.Removed), wantGone) {
		t.Errorf("removed %q, want %q", entries(rep.Removed), wantGone)
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
	writeJSON(t, src, "courses.json", `[{"id": "stretch", "store": "daan", "name": "晨間伸展", "minPrice": 200, "maxPrice": 200,
	  "schedules": [{"date": "+14d", "start": "07:00", "end": "07:40", "capacity": 10},
	                {"date": "+2w3", "start": "07:00", "end": "07:40", "capacity": 10},
	                {"date": "+0w1", "start": "07:00", "end": "07:40", "capacity": 10}]}]`)
	writeJSON(t, src, "termSchedules.json", `[]`)
	writeJSON(t, src, "banners.json", `[{"id": "b", "title": "橫幅", "image": "images/logo.png", "link": "", "startsOn": "-7d", "endsOn": "+60d"}]`)
	importDir(t, db, src, images, false)
	var dates []string
	rows, _ := db.Pool.Query(context.Background(), "select date::text from course_schedules where brand_id = 'studio' order by date")
	for rows.Next() {
		var d string
		rows.Scan(&d)
		dates = append(dates, d)
	}
	// 2026-11-20 (Taipei) is a Friday: +14d is 12-04, the Wednesday two
	// weeks on 12-02, this week's Monday 11-16
	if want := []string{"2026-11-16", "2026-12-02", "2026-12-04"}; !reflect.DeepEqual(dates, want) {
		t.Errorf("+0w1, +2w3 and +14d imported as %q, want %q", dates, want)
	}
	var from, to string
	db.Pool.QueryRow(context.Background(), "select starts_on::text, ends_on::text from banners where brand_id = 'studio'").Scan(&from, &to)
	if from != "2026-11-13" || to != "2027-01-19" {
		t.Errorf("-7d and +60d imported as %s and %s", from, to)
	}
}

// The format carries the demo brands' catalogue, the demo brand's
// sessions at both stores and the term brand's classes inside their
// stores' hours of each weekday: exporting each brand (with dates
// relative to the day, and the pictures the demo's load stored) and
// importing the export back changes nothing.
func TestDemoBrandsExportAndImportUnchanged(t *testing.T) {
	db := dbtest.NewDemoAt(t, now)
	for _, brand := range []string{"demo", "yoga", "plan", "term", "noshop", "closed"} {
		out := filepath.Join(t.TempDir(), brand)
		if err := catalogue.Export(context.Background(), db, brand, out, catalogue.ExportOptions{ImageDir: dbtest.ImageDir, Relative: now}); err != nil {
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

// Renaming an entry keeps its id, and so its row and what members hold
// or booked of it.
func TestRenameKeepsTheRow(t *testing.T) {
	db := dbtest.New(t)
	ctx := context.Background()
	src, images := studio(t), t.TempDir()
	importDir(t, db, src, images, false)
	rowID := func(table string) int64 {
		var n int64
		if err := db.Pool.QueryRow(ctx, "select id from "+table+" where brand_id = 'studio' and slug = $1",
			map[string]string{"courses": "hatha", "stores": "daan", "items": "month-pass"}[table]).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	course, store, item := rowID("courses"), rowID("stores"), rowID("items")
	for _, e := range []struct{ file, old, new string }{
		{"courses.json", `"name": "哈達瑜珈"`, `"name": "哈達瑜珈基礎"`},
		{"stores.json", `"shortName": "大安館"`, `"shortName": "大安旗艦館"`},
		{"items.json", `"name": "單月通行卡"`, `"name": "月卡"`},
	} {
		p := filepath.Join(src, e.file)
		b, _ := os.ReadFile(p)
		if !strings.Contains(string(b), e.old) {
			t.Fatalf("%s has no %s", e.file, e.old)
		}
		os.WriteFile(p, []byte(strings.Replace(string(b), e.old, e.new, 1)), 0o644)
	}
	rep := importDir(t, db, src, images, false)
	want := []string{"stores.json：門市「daan」", "items.json：商品「month-pass」", "courses.json：課程「hatha」"}
	if !reflect.DeepEqual(entries(rep.Changed), want) || len(rep.Added)+len(rep.Removed)+len(rep.OffShelf) != 0 {
		t.Errorf("renaming reported %s, want changed %q only", rep, want)
	}
	if rowID("courses") != course || rowID("stores") != store || rowID("items") != item {
		t.Errorf("a renamed entry got a new row")
	}
	var name string
	db.Pool.QueryRow(ctx, "select name from courses where id = $1", course).Scan(&name)
	if name != "哈達瑜珈基礎" {
		t.Errorf("course renamed to %q", name)
	}
}

// The import needs no superuser: as a plain role it writes the brand and
// bumps its data_version once, while another writer's row still bumps it
// by its trigger.
func TestImportAsPlainRole(t *testing.T) {
	url := dbtest.URL(t)
	ctx := context.Background()
	admin, err := data.Open(ctx, url, "", slog.New(slog.NewTextHandler(io.Discard, nil)))
	if err != nil {
		t.Fatal(err)
	}
	defer admin.Close()
	role := fmt.Sprintf("sf_import_%d", os.Getpid())
	var dbname string
	admin.Pool.QueryRow(ctx, "select current_database()").Scan(&dbname)
	for _, sql := range []string{
		"drop role if exists " + role, "create role " + role + " login nosuperuser",
		"grant all on all tables in schema public to " + role, "grant all on all sequences in schema public to " + role,
	} {
		if _, err := admin.Pool.Exec(ctx, sql); err != nil {
			t.Fatal(err)
		}
	}
	t.Cleanup(func() {
		admin.Pool.Exec(context.Background(), "drop owned by "+role)
		admin.Pool.Exec(context.Background(), "drop role if exists "+role)
	})
	u, _ := neturl.Parse(url)
	u.User = neturl.User(role)
	db, err := data.Open(ctx, u.String(), "", slog.New(slog.NewTextHandler(io.Discard, nil)))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var super bool
	db.Pool.QueryRow(ctx, "select rolsuper from pg_roles where rolname = current_user").Scan(&super)
	if super {
		t.Fatal("the test role is a superuser")
	}
	src, images := studio(t), t.TempDir()
	importDir(t, db, src, images, false)
	if v := version(t, db, "studio"); v > 3 { // inserted at 1, its row's update, the one bump
		t.Errorf("the import moved data_version to %d: its rows' triggers bumped it", v)
	}
	v := version(t, db, "studio")
	writeJSON(t, src, "teachers.json", `[{"id": "lin", "name": "林小嵐", "title": "資深瑜珈老師", "bio": "", "image": ""},
	  {"id": "chen", "name": "陳大山", "title": "肌力教練", "bio": "NSCA-CSCS 認證。", "image": ""}]`)
	importDir(t, db, src, images, false)
	if got := version(t, db, "studio"); got != v+1 {
		t.Errorf("an import of one change moved data_version from %d to %d, want one bump", v, got)
	}
	// outside an import, a row still bumps its brand
	if _, err := db.Pool.Exec(ctx, "update course_schedules set capacity = capacity + 1 where brand_id = 'studio'"); err != nil {
		t.Fatal(err)
	}
	if got := version(t, db, "studio"); got <= v+1 {
		t.Errorf("a schedule written outside an import left data_version at %d", got)
	}
}

// A store's postal code is 3, 5 or 6 digits and an item's sale end a
// date: anything else is refused with the entry and field named, and
// nothing is written.
func TestPostalCodeAndSaleEndsChecked(t *testing.T) {
	db := dbtest.New(t)
	src, images := studio(t), t.TempDir()
	writeJSON(t, src, "stores.json", `[{"id": "daan", "shortName": "大安館", "name": "大安館", "address": "台北市大安區仁愛路四段 1 號",
	  "postalCode": "1060", "region": "台北市", "locality": "大安區", "openingHours": "每日 07:00–22:00"},
	  {"id": "banqiao", "shortName": "板橋館", "name": "板橋館", "postalCode": "220055", "openingHours": "週一至週五 09:00–21:00；週六 09:00–18:00"}]`)
	writeJSON(t, src, "items.json", `[{"id": "month-pass", "type": "passcard", "name": "單月通行卡", "price": 2500, "saleEnds": "三月底"},
	  {"id": "ten", "type": "point", "name": "儲值", "price": 100, "saleEnds": "+30d"}]`)
	_, err := catalogue.Import(context.Background(), db, os.DirFS(src), catalogue.Options{Now: now, ImageDir: images})
	if err == nil {
		t.Fatal("a 4-digit postal code and a sale end that is no date were imported")
	}
	for _, want := range []string{"postalCode", "「1060」不是郵遞區號（須為 3、5 或 6 位數字）", "saleEnds", "「三月底」須為 YYYY-MM-DD"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("problems lack %q:\n%v", want, err)
		}
	}
	for _, wrong := range []string{"220055", "+30d"} { // 6 digits and a relative date are fine
		if strings.Contains(err.Error(), wrong) {
			t.Errorf("%s refused:\n%v", wrong, err)
		}
	}
	var n int
	db.Pool.QueryRow(context.Background(), "select count(*) from stores where brand_id = 'studio'").Scan(&n)
	if n != 0 {
		t.Errorf("%d stores written by a refused import", n)
	}
}

// importErr imports dir and returns its problems (the test fails when
// the import succeeds).
func importErr(t *testing.T, db *data.DB, dir, images string, opt catalogue.Options) string {
	t.Helper()
	opt.Now, opt.ImageDir = now, images
	_, err := catalogue.Import(context.Background(), db, os.DirFS(dir), opt)
	if err == nil {
		t.Fatal("the import succeeded")
	}
	return err.Error()
}

func count(t *testing.T, db *data.DB, sql string) int {
	t.Helper()
	var n int
	if err := db.Pool.QueryRow(context.Background(), sql).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// writePNG writes a small PNG of one colour.
func writePNG(t *testing.T, name string, c color.Color) {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, 2, 2))
	for x := range 2 {
		for y := range 2 {
			img.Set(x, y, c)
		}
	}
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(name, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}

// setField sets (or with v nil, deletes) a field of the first entry of a
// list file of dir, or of brand.json.
func setField(t *testing.T, dir, file, field string, v any) {
	t.Helper()
	p := filepath.Join(dir, file)
	raw, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	var doc any
	if err := json.Unmarshal(raw, &doc); err != nil {
		t.Fatal(err)
	}
	e, ok := doc.(map[string]any)
	if !ok {
		e = doc.([]any)[0].(map[string]any)
	}
	if v == nil {
		delete(e, field)
	} else {
		e[field] = v
	}
	out, _ := json.Marshal(doc)
	if err := os.WriteFile(p, out, 0o644); err != nil {
		t.Fatal(err)
	}
}

func readFile(t *testing.T, dir, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(dir, name))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
