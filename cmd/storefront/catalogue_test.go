package main

import (
	"bytes"
	"context"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"storefront/data"
	"storefront/data/dbtest"
	"storefront/data/demo"
	"storefront/host"
)

// catalogueEnv is a fresh database and image directory for the command.
func catalogueEnv(t *testing.T) (*data.DB, func(string) string) {
	t.Helper()
	url := dbtest.URL(t)
	db, err := data.Open(context.Background(), url, t.TempDir(), slog.New(slog.NewTextHandler(io.Discard, nil)))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(db.Close)
	env := map[string]string{"DATABASE_URL": url, "STOREFRONT_CATALOGUE_IMAGES": t.TempDir()}
	return db, func(k string) string { return env[k] }
}

func runCatalogue(t *testing.T, getenv func(string) string, args ...string) (string, error) {
	t.Helper()
	var out, errOut bytes.Buffer
	err := catalogueCommand(context.Background(), args, getenv, &out, &errOut)
	return out.String() + errOut.String(), err
}

// studioCopy is the format's test directory, editable.
func studioCopy(t *testing.T) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "studio")
	if err := os.CopyFS(dir, os.DirFS("../../data/catalogue/testdata/studio")); err != nil {
		t.Fatal(err)
	}
	return dir
}

// edit replaces old by new in a file of dir (the change must apply).
func edit(t *testing.T, dir, file, old, new string) {
	t.Helper()
	p := filepath.Join(dir, file)
	b, err := os.ReadFile(p)
	if err != nil || !bytes.Contains(b, []byte(old)) {
		t.Fatalf("%s has no %q", file, old)
	}
	os.WriteFile(p, bytes.Replace(b, []byte(old), []byte(new), 1), 0o644)
}

func TestCatalogueCommand(t *testing.T) {
	db, getenv := catalogueEnv(t)
	dir := studioCopy(t)
	out, err := runCatalogue(t, getenv, "import", dir, "--dry-run")
	if err != nil || !strings.Contains(out, "試算") || !strings.Contains(out, "+ courses.json：課程「hatha」") {
		t.Fatalf("dry run: %v\n%s", err, out)
	}
	var n int
	db.Pool.QueryRow(context.Background(), "select count(*) from brands").Scan(&n)
	if n != 0 {
		t.Fatalf("dry run wrote %d brands", n)
	}
	if out, err := runCatalogue(t, getenv, "import", dir); err != nil || !strings.Contains(out, "品牌 studio：新增") {
		t.Fatalf("import: %v\n%s", err, out)
	}
	if out, err := runCatalogue(t, getenv, "import", dir); err != nil || !strings.Contains(out, "新增 0、變更 0、下架 0、刪除 0") {
		t.Errorf("second import: %v\n%s", err, out)
	}
	exp := filepath.Join(t.TempDir(), "out")
	if out, err := runCatalogue(t, getenv, "export", "studio", exp); err != nil {
		t.Fatalf("export: %v\n%s", err, out)
	}
	if out, err := runCatalogue(t, getenv, "import", exp); err != nil || !strings.Contains(out, "新增 0、變更 0、下架 0、刪除 0") {
		t.Errorf("import of the export: %v\n%s", err, out)
	}
	if _, err := runCatalogue(t, getenv, "export"); err == nil || !strings.Contains(err.Error(), "usage") {
		t.Errorf("no brand: %v", err)
	}
}

// Every error names the file, the entry and the field, and nothing is
// written.
func TestCatalogueImportErrors(t *testing.T) {
	for _, tc := range []struct {
		name   string
		break_ func(t *testing.T, dir string)
		want   []string
	}{
		{"unknown module", func(t *testing.T, dir string) {
			edit(t, dir, "brand.json", `"TICKET"`, `"TICKETS"`)
		}, []string{"brand.json 第 13 行", "品牌", "欄位 modules 第 5 個", "「TICKETS」不是可用的值（可用：WEB_SHOP、"}},
		{"bad colour", func(t *testing.T, dir string) {
			edit(t, dir, "brand.json", `"FF2A7F62"`, `"Bad Hex"`)
		}, []string{"brand.json", "品牌", "欄位 webBaseBackgroundColor", "Bad Hex", "「Bad Hex」"}},
		{"schedule outside store hours", func(t *testing.T, dir string) {
			edit(t, dir, "courses.json", `"start": "19:00", "end": "20:00"`, `"start": "21:00", "end": "22:00"`)
		}, []string{"courses.json", "課程「strength」的第 1 個時段", "欄位 start", "2026-12-02（週三）21:00–22:00 不在門市「板橋館」的營業時間"}},
		{"schedule on a day the store's hours leave out", func(t *testing.T, dir string) {
			edit(t, dir, "courses.json", `"date": "2026-12-02", "start": "19:00"`, `"date": "2026-12-05", "start": "19:00"`)
		}, []string{"courses.json", "課程「strength」的第 1 個時段", "欄位 start", "2026-12-05（週六）19:00–20:00 不在門市「板橋館」的營業時間（週一至週五 09:00–21:00；週六 09:00–18:00）內"}},
		{"schedule on the store's closed day", func(t *testing.T, dir string) {
			edit(t, dir, "courses.json", `"date": "2026-12-02", "start": "19:00", "end": "20:00"`, `"date": "2026-12-06", "start": "10:00", "end": "11:00"`)
		}, []string{"courses.json", "課程「strength」的第 1 個時段", "欄位 date", "2026-12-06（週日）門市「板橋館」未營業"}},
		{"negative price", func(t *testing.T, dir string) {
			edit(t, dir, "items.json", `"price": 3500`, `"price": -1`)
		}, []string{"items.json", "商品「ten-visits」", "欄位 price", "不可小於 0"}},
		{"image that is not an image", func(t *testing.T, dir string) {
			os.WriteFile(filepath.Join(dir, "images", "room.png"), []byte("not a picture"), 0o644)
		}, []string{"stores.json", "門市「daan」", "欄位 image", "「images/room.png」不是圖片"}},
		{"missing image", func(t *testing.T, dir string) {
			edit(t, dir, "teachers.json", `"image": ""`, `"image": "images/none.jpg"`)
		}, []string{"teachers.json", "老師「lin」", "欄位 image", "目錄裡找不到「images/none.jpg」"}},
		{"unknown store", func(t *testing.T, dir string) {
			edit(t, dir, "courses.json", `"store": "banqiao"`, `"store": "xinzhuang"`)
		}, []string{"courses.json", "課程「strength」", "欄位 store", "門市「xinzhuang」不在 stores.json 裡"}},
		{"missing id", func(t *testing.T, dir string) {
			edit(t, dir, "items.json", `"id": "points-1000", `, ``)
		}, []string{"items.json 第 6 行第 3 個字", "第 3 筆商品", "欄位 id", "必填，這一筆沒有寫"}},
		{"duplicate id", func(t *testing.T, dir string) {
			edit(t, dir, "salesmen.json", `"id": "s-lee"`, `"id": "s-wang"`)
		}, []string{"salesmen.json", "業務「s-wang」", "欄位 id", "與另一筆重複"}},
		{"term session outside its term", func(t *testing.T, dir string) {
			edit(t, dir, "termSchedules.json", `"date": "2026-12-22"`, `"date": "2026-12-29"`)
		}, []string{"termSchedules.json", "學期課程「winter」的班級「tue-morning」的第 3 堂", "欄位 date", "不在學期 2026-12-01 至 2026-12-22 之間"}},
		{"term class of an unknown course", func(t *testing.T, dir string) {
			edit(t, dir, "termSchedules.json", `"course": "hatha"`, `"course": "pilates"`)
		}, []string{"termSchedules.json", "班級「tue-morning」", "欄位 course", "課程「pilates」不在 courses.json 裡"}},
		{"unknown field", func(t *testing.T, dir string) {
			edit(t, dir, "stores.json", `"phone"`, `"telephone"`)
		}, []string{"stores.json 第 2 行第 148 個字", "門市「daan」", "欄位 telephone：沒有這個欄位（可用的欄位：address、", "phone"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			db, getenv := catalogueEnv(t)
			dir := studioCopy(t)
			tc.break_(t, dir)
			_, err := runCatalogue(t, getenv, "import", dir)
			if err == nil {
				t.Fatal("import succeeded")
			}
			for _, w := range tc.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error lacks %q:\n%v", w, err)
				}
			}
			var n int
			db.Pool.QueryRow(context.Background(), "select count(*) from brands").Scan(&n)
			if n != 0 {
				t.Errorf("a failed import wrote %d brands", n)
			}
		})
	}
}

// A kind the files drop entirely is refused until the operator names its
// file with --empty.
func TestCatalogueEmptyFlag(t *testing.T) {
	db, getenv := catalogueEnv(t)
	dir := studioCopy(t)
	if out, err := runCatalogue(t, getenv, "import", dir); err != nil {
		t.Fatalf("import: %v\n%s", err, out)
	}
	os.Remove(filepath.Join(dir, "salesmen.json"))
	if _, err := runCatalogue(t, getenv, "import", dir); err == nil || !strings.Contains(err.Error(), "請加上 --empty=salesmen.json") {
		t.Fatalf("dropping every salesman without --empty: %v", err)
	}
	out, err := runCatalogue(t, getenv, "import", dir, "--empty=salesmen.json")
	if err != nil || !strings.Contains(out, "- salesmen.json：業務「s-wang」") {
		t.Fatalf("with --empty=salesmen.json: %v\n%s", err, out)
	}
	var n int
	db.Pool.QueryRow(context.Background(), "select count(*) from salesmen where brand_id = 'studio'").Scan(&n)
	if n != 0 {
		t.Errorf("%d salesmen left", n)
	}
	if _, err := runCatalogue(t, getenv, "export", "studio", "--empty=salesmen.json"); err == nil || !strings.Contains(err.Error(), "usage") {
		t.Errorf("--empty on an export: %v", err)
	}
}

func TestCatalogueImportTakenDomain(t *testing.T) {
	db, getenv := catalogueEnv(t)
	ctx := context.Background()
	if _, err := db.Pool.Exec(ctx, `insert into brands (id, name) values ('other', '別家');
	        insert into brand_domains (host, brand_id, env) values ('fit.studio.test', 'other', 'production')`); err != nil {
		t.Fatal(err)
	}
	_, err := runCatalogue(t, getenv, "import", studioCopy(t))
	if err == nil || !strings.Contains(err.Error(), "brand.json：網域「fit.studio.test」：欄位 domains.host：已被品牌「other」使用") {
		t.Fatalf("import with a taken domain: %v", err)
	}
	var n int
	db.Pool.QueryRow(ctx, "select count(*) from brands where id = 'studio'").Scan(&n)
	if n != 0 {
		t.Errorf("the refused import wrote the brand")
	}
}

// A brand imported while a host runs shows on its pages within a second,
// with its images (the import's rows notify brand_changed; the host drops
// its cached brand and pages).
func TestCatalogueImportShowsOnRunningHost(t *testing.T) {
	db, getenv := catalogueEnv(t)
	env := map[string]string{"PORT": "0", "STOREFRONT_DEMO": "0", "LOG_LEVEL": "warn", "STOREFRONT_ENV": "dev"}
	for _, k := range []string{"DATABASE_URL", "STOREFRONT_CATALOGUE_IMAGES"} {
		env[k] = getenv(k)
	}
	ctx, cancel := context.WithCancel(context.Background())
	ready, done := make(chan string, 1), make(chan error, 1)
	go func() {
		done <- host.Run(ctx, func(k string) string { return env[k] }, io.Discard, ready, host.Fixtures{Static: demo.Folders})
	}()
	var addr string
	select {
	case addr = <-ready:
	case err := <-done:
		t.Fatalf("storefront did not start: %v", err)
	}
	defer func() { cancel(); <-done }()
	_, port, _ := net.SplitHostPort(addr)
	base := "http://127.0.0.1:" + port
	get := func(path string) (int, string, string) {
		res, err := http.Get(base + path)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		b, _ := io.ReadAll(res.Body)
		return res.StatusCode, res.Header.Get("Content-Type"), string(b)
	}
	if code, _, _ := get("/studio"); code != http.StatusNotFound {
		t.Fatalf("before the import /studio answered %d", code)
	}
	if out, err := runCatalogue(t, getenv, "import", studioCopy(t)); err != nil {
		t.Fatalf("import: %v\n%s", err, out)
	}
	deadline := time.Now().Add(time.Second)
	for {
		code, _, body := get("/studio")
		if code == http.StatusOK && strings.Contains(body, "山嵐運動工作室") {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the imported brand's home did not show within a second: %d", code)
		}
		time.Sleep(50 * time.Millisecond)
	}
	var image string
	if err := db.Pool.QueryRow(context.Background(), "select image from stores where brand_id = 'studio' and short_name = '大安館'").Scan(&image); err != nil {
		t.Fatal(err)
	}
	// an old version is sent on to the current one
	if code, ctype, body := get("/_img/old/320" + image); code != http.StatusOK || ctype != "image/webp" || len(body) == 0 {
		t.Errorf("the imported store image %s at 320 px: %d %s (%d bytes)", image, code, ctype, len(body))
	}
	if code, _, body := get(image); code != http.StatusOK || !strings.HasPrefix(body, "\x89PNG") {
		t.Errorf("the imported store image %s itself: %d", image, code)
	}
}
