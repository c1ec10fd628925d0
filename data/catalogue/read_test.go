package catalogue_test

import (
	"context"
	"encoding/json"
	"image/color"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"storefront/data"
	"storefront/data/catalogue"
	"storefront/data/dbtest"
)

// A brand.json that leaves out the colour takes the schema's default,
// as the schema promises.
func TestBrandColourTakesTheSchemaDefault(t *testing.T) {
	var s struct {
		Defs struct {
			Brand struct {
				Properties struct {
					Colour struct {
						Default string `json:"default"`
					} `json:"webBaseBackgroundColor"`
				} `json:"properties"`
			} `json:"brandFile"`
		} `json:"$defs"`
	}
	if err := json.Unmarshal(catalogue.Schema, &s); err != nil || s.Defs.Brand.Properties.Colour.Default == "" {
		t.Fatalf("schema.json has no default colour (%v)", err)
	}
	db := dbtest.New(t)
	src := studio(t)
	setField(t, src, "brand.json", "webBaseBackgroundColor", nil)
	importDir(t, db, src, t.TempDir(), false)
	var colour string
	db.Pool.QueryRow(context.Background(), "select web_base_background_color from brands where id = 'studio'").Scan(&colour)
	if colour != s.Defs.Brand.Properties.Colour.Default {
		t.Errorf("a brand without a colour imported as %q, the schema's default is %q", colour, s.Defs.Brand.Properties.Colour.Default)
	}
}

// Every field the schema requires of an entry is required by the import:
// an entry that leaves one out is refused, naming the entry and field.
func TestSchemaRequiredFieldsAreRequired(t *testing.T) {
	var s struct {
		Defs map[string]struct {
			Required []string `json:"required"`
			Items    struct {
				Required []string `json:"required"`
			} `json:"items"`
		} `json:"$defs"`
	}
	if err := json.Unmarshal(catalogue.Schema, &s); err != nil {
		t.Fatal(err)
	}
	db := dbtest.New(t)
	for _, f := range []struct{ def, file, entry string }{
		{"brandFile", "brand.json", "品牌"}, {"storesFile", "stores.json", "門市「daan」"},
		{"teachersFile", "teachers.json", "老師「lin」"}, {"itemsFile", "items.json", "商品「month-pass」"},
		{"coursesFile", "courses.json", "課程「hatha」"}, {"termSchedulesFile", "termSchedules.json", "學期課程「winter」"},
		{"bannersFile", "banners.json", "橫幅「"}, {"salesmenFile", "salesmen.json", "業務「s-wang」"},
	} {
		required := append(s.Defs[f.def].Required, s.Defs[f.def].Items.Required...)
		if len(required) == 0 {
			t.Fatalf("schema %s requires nothing", f.def)
		}
		for _, field := range required {
			t.Run(f.file+" "+field, func(t *testing.T) {
				src := studio(t)
				setField(t, src, f.file, field, nil)
				msg := importErr(t, db, src, t.TempDir(), catalogue.Options{})
				entry := f.entry
				if field == "id" && f.file != "brand.json" {
					entry = "第 1 筆"
				}
				for _, want := range []string{f.file + " 第 ", entry, "欄位 " + field + "：必填，這一筆沒有寫"} {
					if !strings.Contains(msg, want) {
						t.Errorf("leaving out %s lacks %q:\n%s", field, want, msg)
					}
				}
			})
		}
	}
}

// Syntax and type errors say, in words, the file, the line and column
// (in characters), the entry, the field and what was expected.
func TestSyntaxAndTypeErrorsNameFileLineEntryAndField(t *testing.T) {
	db := dbtest.New(t)
	for _, tc := range []struct {
		name, courses, want string
	}{
		{"unknown field",
			"[\n  {\"id\": \"hatha\", \"store\": \"daan\", \"nmae\": \"哈達瑜珈\", \"minPrice\": 350, \"maxPrice\": 450}\n]",
			"courses.json 第 2 行第 36 個字：課程「hatha」：欄位 nmae：沒有這個欄位（是不是 name？）"},
		{"text for a number",
			"[\n  {\"id\": \"hatha\", \"store\": \"daan\", \"name\": \"哈達瑜珈\", \"minPrice\": \"450\", \"maxPrice\": 450}\n]",
			`courses.json 第 2 行第 64 個字：課程「hatha」：欄位 minPrice：應為整數，卻是文字 "450"`},
		{"a fraction for an integer",
			"[\n  {\"id\": \"hatha\", \"store\": \"daan\", \"name\": \"哈達瑜珈\", \"minPrice\": 4.5, \"maxPrice\": 450}\n]",
			`courses.json 第 2 行第 64 個字：課程「hatha」：欄位 minPrice：應為整數，卻是數字 4.5`},
		{"text for a yes or no",
			"[\n  {\"id\": \"hatha\", \"store\": \"daan\", \"name\": \"哈達瑜珈\", \"minPrice\": 350, \"maxPrice\": 450, \"onShelf\": \"yes\"}\n]",
			`courses.json 第 2 行第 97 個字：課程「hatha」：欄位 onShelf：應為布林值 true 或 false，卻是文字 "yes"`},
		{"inside a schedule",
			"[\n  {\"id\": \"hatha\", \"store\": \"daan\", \"name\": \"哈達瑜珈\", \"minPrice\": 350, \"maxPrice\": 450,\n" +
				"   \"schedules\": [{\"date\": \"2026-12-01\", \"start\": \"07:00\", \"end\": \"08:00\", \"capacity\": \"十\"}]}\n]",
			`courses.json 第 3 行第 87 個字：課程「hatha」的第 1 個時段：欄位 capacity：應為整數，卻是文字 "十"`},
		{"a missing comma",
			"[\n  {\"id\": \"hatha\", \"store\": \"daan\", \"name\": \"哈達瑜珈\", \"minPrice\": 350, \"maxPrice\": 450}\n" +
				"  {\"id\": \"strength\", \"store\": \"banqiao\", \"name\": \"肌力訓練\", \"minPrice\": 400, \"maxPrice\": 500}\n]",
			"courses.json 第 3 行第 3 個字：JSON 語法錯誤：這裡是「{」，清單的兩個元素之間少了逗號，或清單少了結尾的 ]"},
		{"a comma too many",
			"[\n  {\"id\": \"hatha\", \"store\": \"daan\", \"name\": \"哈達瑜珈\", \"minPrice\": 350, \"maxPrice\": 450},\n]",
			"courses.json 第 3 行第 1 個字：JSON 語法錯誤：這裡是「]」，應為一個值"},
		{"content after the list",
			"[\n  {\"id\": \"hatha\", \"store\": \"daan\", \"name\": \"哈達瑜珈\", \"minPrice\": 350, \"maxPrice\": 450}\n]\n{\"id\": \"strength\"}\n",
			"courses.json 第 4 行第 1 個字：檔案在完整的 JSON 之後還有內容"},
		{"an unfinished file",
			"[\n  {\"id\": \"hatha\", \"store\": \"daan\", \"name\": \"哈達瑜珈\", \"minPrice\": 350, \"maxPrice\": 450}\n",
			"courses.json 第 3 行第 1 個字：檔案在結構完整之前就結束了"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src := studio(t)
			writeJSON(t, src, "courses.json", tc.courses)
			msg := importErr(t, db, src, t.TempDir(), catalogue.Options{})
			if !strings.Contains(msg, tc.want) {
				t.Errorf("problems lack\n%s\ngot\n%s", tc.want, msg)
			}
			if strings.Contains(msg, "json:") || strings.Contains(msg, "Go struct") {
				t.Errorf("problems speak Go:\n%s", msg)
			}
		})
	}
}

// A file in UTF-16 or Big5 is refused, saying how to save it, at the
// first byte that is not UTF-8.
func TestOtherEncodingsAreRefusedClearly(t *testing.T) {
	db := dbtest.New(t)
	for _, tc := range []struct {
		name string
		raw  []byte
		want string
	}{
		{"UTF-16", []byte("\xff\xfe[\x00]\x00"), "teachers.json：檔案是 UTF-16（Unicode）編碼：請另存為 UTF-8"},
		// 林小嵐 in Big5
		{"Big5", []byte("[\n  {\"id\": \"lin\", \"name\": \"\xaa\x4c\xa4\x70\xb0\xa5\"}\n]"),
			"teachers.json 第 2 行第 26 個字：檔案不是 UTF-8 編碼（可能是 Big5）：請另存為 UTF-8"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src := studio(t)
			if err := os.WriteFile(filepath.Join(src, "teachers.json"), tc.raw, 0o644); err != nil {
				t.Fatal(err)
			}
			if msg := importErr(t, db, src, t.TempDir(), catalogue.Options{}); !strings.Contains(msg, tc.want) {
				t.Errorf("problems lack %q:\n%s", tc.want, msg)
			}
		})
	}
}

// Files saved with a UTF-8 byte-order mark (Windows Notepad) import as
// the same files without it.
func TestImportAcceptsByteOrderMark(t *testing.T) {
	db := dbtest.New(t)
	src := studio(t)
	names, _ := filepath.Glob(filepath.Join(src, "*.json"))
	for _, p := range names {
		raw, _ := os.ReadFile(p)
		os.WriteFile(p, append([]byte("\xef\xbb\xbf"), raw...), 0o644)
	}
	rep := importDir(t, db, src, t.TempDir(), false)
	if len(rep.Added) == 0 {
		t.Fatalf("nothing imported: %s", rep)
	}
	if n := count(t, db, "select count(*) from brands where id = 'studio' and name = '山嵐運動工作室'"); n != 1 {
		t.Errorf("the brand with a byte-order mark imported %d times", n)
	}
}

// A misnamed file is refused (naming the file it likely means) instead of
// reading as no entries of its kind, and nothing is written.
func TestMisnamedFileIsRefused(t *testing.T) {
	db := dbtest.New(t)
	src, images := studio(t), t.TempDir()
	importDir(t, db, src, images, false)
	if err := os.Rename(filepath.Join(src, "courses.json"), filepath.Join(src, "course.json")); err != nil {
		t.Fatal(err)
	}
	writeJSON(t, src, "termSchedules.json", `[]`)
	msg := importErr(t, db, src, images, catalogue.Options{Empty: []string{"termSchedules.json"}})
	if !strings.Contains(msg, "course.json：型錄不認得這個檔案（是不是 courses.json？）") {
		t.Errorf("a misnamed courses file:\n%s", msg)
	}
	if n := count(t, db, "select count(*) from courses where brand_id = 'studio' and on_shelf"); n != 2 {
		t.Errorf("%d of 2 courses left on the shelf by a refused import", n)
	}
}

// An image that is a symbolic link (or lies behind one), and an absolute
// path that is not the storefront's own, are refused and nothing is
// published.
func TestImportRefusesLinksAndAbsolutePaths(t *testing.T) {
	db := dbtest.New(t)
	outside := t.TempDir()
	writePNG(t, filepath.Join(outside, "secret.png"), color.RGBA{0, 200, 0, 255})
	for _, tc := range []struct {
		name  string
		setup func(t *testing.T, src string)
		want  string
	}{
		{"a linked file", func(t *testing.T, src string) {
			if err := os.Symlink(filepath.Join(outside, "secret.png"), filepath.Join(src, "images", "link.png")); err != nil {
				t.Fatal(err)
			}
			setField(t, src, "teachers.json", "image", "images/link.png")
		}, "teachers.json：老師「lin」：欄位 image：「images/link.png」是符號連結（捷徑）"},
		{"a linked folder", func(t *testing.T, src string) {
			if err := os.Symlink(outside, filepath.Join(src, "images", "more")); err != nil {
				t.Fatal(err)
			}
			setField(t, src, "teachers.json", "image", "images/more/secret.png")
		}, "teachers.json：老師「lin」：欄位 image：「images/more/secret.png」是符號連結（捷徑）"},
		{"a linked folder beside the files", func(t *testing.T, src string) {
			if err := os.Symlink(outside, filepath.Join(src, "photos")); err != nil {
				t.Fatal(err)
			}
			setField(t, src, "teachers.json", "image", "photos/secret.png")
		}, "photos：「photos」是符號連結（捷徑）"},
		{"a linked JSON file", func(t *testing.T, src string) {
			os.Rename(filepath.Join(src, "banners.json"), filepath.Join(outside, "banners.json"))
			if err := os.Symlink(filepath.Join(outside, "banners.json"), filepath.Join(src, "banners.json")); err != nil {
				t.Fatal(err)
			}
		}, "banners.json：「banners.json」是符號連結（捷徑）"},
		{"an absolute path", func(t *testing.T, src string) {
			setField(t, src, "teachers.json", "image", "/etc/passwd")
		}, "teachers.json：老師「lin」：欄位 image：「/etc/passwd」不是型錄目錄裡的檔案"},
		{"a path out of the directory", func(t *testing.T, src string) {
			setField(t, src, "teachers.json", "image", "../secret.png")
		}, "teachers.json：老師「lin」：欄位 image：「../secret.png」不是型錄目錄裡的路徑"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src, images := studio(t), t.TempDir()
			tc.setup(t, src)
			if msg := importErr(t, db, src, images, catalogue.Options{}); !strings.Contains(msg, tc.want) {
				t.Errorf("problems lack %q:\n%s", tc.want, msg)
			}
			if entries, _ := os.ReadDir(images); len(entries) != 0 {
				t.Errorf("a refused import stored images")
			}
		})
	}
}

// A module key the storefront does not act on (one the spec names but no
// page or call here checks, a misspelling) is refused, naming the key
// and the keys it acts on: data.AllModules, the list the guards use.
func TestModuleNotActedOnIsRefused(t *testing.T) {
	db := dbtest.New(t)
	for _, key := range []string{"RECEIPT", "TICKETS", "web_shop"} {
		t.Run(key, func(t *testing.T) {
			src := studio(t)
			setField(t, src, "brand.json", "modules", []string{data.ModuleWebShop, key})
			msg := importErr(t, db, src, t.TempDir(), catalogue.Options{})
			want := "品牌：欄位 modules 第 2 個：「" + key + "」不是可用的值（可用：" + strings.Join(data.AllModules, "、") + "）"
			if !strings.Contains(msg, want) {
				t.Errorf("problems lack\n%s\ngot\n%s", want, msg)
			}
		})
	}
}

// TestFreezeCapsChecked: brand.json's freeze caps out of range are refused
// at their field.
func TestFreezeCapsChecked(t *testing.T) {
	db := dbtest.New(t)
	src := studio(t)
	setField(t, src, "brand.json", "freeze", map[string]int{"abroadMonths": 7, "voluntaryMinDays": 10, "voluntaryMaxDays": 5, "voluntaryPerYear": 1})
	msg := importErr(t, db, src, t.TempDir(), catalogue.Options{})
	for _, want := range []string{"品牌：欄位 freeze.abroadMonths：須為 1 到 6 個月（現為 7）", "品牌：欄位 freeze.voluntaryMaxDays：須為 0（不限）或不小於 voluntaryMinDays（現為 5）"} {
		if !strings.Contains(msg, want) {
			t.Errorf("problems lack\n%s\ngot\n%s", want, msg)
		}
	}
}

// TestReminderChecked: brand.json's reminder is one of before and
// eveningBefore, before at most 7 days, and 120m is stored and exported
// as 2h (one way to say it, so a second import changes nothing).
func TestReminderChecked(t *testing.T) {
	db := dbtest.New(t)
	src := studio(t)
	setField(t, src, "brand.json", "reminder", map[string]string{"before": "2h", "eveningBefore": "20:00"})
	if msg := importErr(t, db, src, t.TempDir(), catalogue.Options{}); !strings.Contains(msg, "品牌：欄位 reminder：須擇一設定") {
		t.Errorf("both set: %s", msg)
	}
	setField(t, src, "brand.json", "reminder", map[string]string{"before": "200h"})
	if msg := importErr(t, db, src, t.TempDir(), catalogue.Options{}); !strings.Contains(msg, "品牌：欄位 reminder.before：不可超過 7 天（現為 200h）") {
		t.Errorf("too long: %s", msg)
	}
	setField(t, src, "brand.json", "reminder", map[string]string{"before": "120m"})
	images := t.TempDir()
	importDir(t, db, src, images, false)
	out := filepath.Join(t.TempDir(), "export")
	if err := catalogue.Export(context.Background(), db, "studio", out, catalogue.ExportOptions{ImageDir: images}); err != nil {
		t.Fatal(err)
	}
	if r := readBack(t, out).Brand.Reminder; r == nil || *r != (catalogue.Reminder{Before: "2h"}) {
		t.Errorf("exported reminder %+v; want before 2h", r)
	}
	if rep := importDir(t, db, src, images, false); !rep.Empty() {
		t.Errorf("importing 120m again changed: %s", rep)
	}
}
