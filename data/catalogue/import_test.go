package catalogue_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"storefront/data/catalogue"
	"storefront/data/dbtest"
)

// A kind whose entries all vanish from the files (its file missing or
// empty) is refused unless the operator names its file in Empty.
func TestVanishingKindNeedsTheEmptyFlag(t *testing.T) {
	db := dbtest.New(t)
	src, images := studio(t), t.TempDir()
	importDir(t, db, src, images, false)
	os.Remove(filepath.Join(src, "courses.json"))
	writeJSON(t, src, "termSchedules.json", `[]`)
	msg := importErr(t, db, src, images, catalogue.Options{})
	for _, want := range []string{
		"courses.json：目錄裡沒有這個檔案，或檔案裡一筆課程也沒有：匯入會把品牌現有的 2 筆課程全部下架或刪除。若是檔名打錯，請改回 courses.json；若真的要清空課程，請加上 --empty=courses.json",
		"termSchedules.json：目錄裡沒有這個檔案，或檔案裡一筆學期課程也沒有：匯入會把品牌現有的 1 筆學期課程",
	} {
		if !strings.Contains(msg, want) {
			t.Errorf("problems lack %q:\n%s", want, msg)
		}
	}
	if n := count(t, db, "select count(*) from courses where brand_id = 'studio'"); n != 2 {
		t.Errorf("a refused import left %d of 2 courses", n)
	}
	if msg := importErr(t, db, src, images, catalogue.Options{Empty: []string{"course.json"}}); !strings.Contains(msg, "沒有「course.json」這個檔案") {
		t.Errorf("--empty of a file the format does not have:\n%s", msg)
	}
	rep, err := catalogue.Import(context.Background(), db, os.DirFS(src), catalogue.Options{Now: now, ImageDir: images,
		Empty: []string{"courses.json", "termSchedules.json"}})
	if err != nil {
		t.Fatalf("emptying courses and terms on purpose: %v", err)
	}
	if n := count(t, db, "select count(*) from courses where brand_id = 'studio'"); n != 0 || len(rep.Removed) == 0 {
		t.Errorf("emptying on purpose left %d courses: %s", n, rep)
	}
}

// The change report counts each kind on one line, lists at most 20
// entries of a kind, and gives a changed entry's fields old -> new.
func TestReportSummarisesPerKindWithFieldChanges(t *testing.T) {
	db := dbtest.New(t)
	src, images := studio(t), t.TempDir()
	var schedules []string
	for d := 1; d <= 50; d++ {
		schedules = append(schedules, fmt.Sprintf(`{"date": "+%dd", "start": "08:00", "end": "09:00", "capacity": 10}`, d))
	}
	writeJSON(t, src, "courses.json", `[{"id": "hatha", "store": "daan", "name": "哈達瑜珈", "teacher": "lin", "minPrice": 350, "maxPrice": 450,
	  "schedules": [`+strings.Join(schedules, ",")+`]},
	  {"id": "strength", "store": "banqiao", "name": "肌力訓練", "minPrice": 400, "maxPrice": 500}]`)
	rep := importDir(t, db, src, images, false)
	out := rep.String()
	for _, want := range []string{
		"品牌 studio：新增 ", "  courses.json 課程：新增 2\n", "  courses.json 課程的時段：新增 50\n",
		"  termSchedules.json 學期課程的課堂：新增 3\n", "+ courses.json 課程的時段：另 30 筆未列出\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("first import's report lacks %q:\n%s", want, out)
		}
	}
	if n := strings.Count(out, "的時段「"); n != 20 {
		t.Errorf("the report lists %d schedules, want 20:\n%s", n, out)
	}

	setField(t, src, "teachers.json", "title", "資深瑜珈老師")
	writeJSON(t, src, "courses.json", strings.Replace(strings.Replace(readFile(t, src, "courses.json"),
		`"minPrice": 350`, `"minPrice": 300`, 1), `"start": "08:00", "end": "09:00", "capacity": 10}`, `"start": "08:00", "end": "09:30", "capacity": 12}`, 1))
	rep = importDir(t, db, src, images, false)
	want := []catalogue.Change{
		{File: "teachers.json", Kind: "老師", Entry: "老師「lin」", Fields: []string{"title：「瑜珈老師」 -> 「資深瑜珈老師」"}},
		{File: "courses.json", Kind: "課程", Entry: "課程「hatha」", Fields: []string{"minPrice：350 -> 300"}},
		{File: "courses.json", Kind: "課程的時段", Entry: "課程「hatha」的時段「2026-11-21 08:00」", Fields: []string{"end：「09:00」 -> 「09:30」", "capacity：10 -> 12"}},
	}
	if !reflect.DeepEqual(rep.Changed, want) || len(rep.Added)+len(rep.Removed)+len(rep.OffShelf) != 0 {
		t.Errorf("changes\n%+v\nwant\n%+v", rep.Changed, want)
	}
	out = rep.String()
	if !strings.Contains(out, "~ teachers.json：老師「lin」\n    title：「瑜珈老師」 -> 「資深瑜珈老師」\n") ||
		!strings.Contains(out, "  courses.json 課程的時段：變更 1\n") {
		t.Errorf("second report:\n%s", out)
	}
}
