package catalogue_test

import (
	"context"
	"os"
	"path/filepath"
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
