package catalogue_test

import (
	"bytes"
	"context"
	"encoding/json"
	"image/color"
	"os"
	"path/filepath"
	"testing"

	"storefront/data/catalogue"
	"storefront/data/dbtest"
)

// Two stores' pictures named alike in different folders stay two
// pictures through an export: each store's exported file is its own
// picture, and importing the export changes nothing.
func TestExportKeepsImagesThatShareAName(t *testing.T) {
	db := dbtest.New(t)
	src, images := studio(t), t.TempDir()
	writePNG(t, filepath.Join(src, "images", "xinyi", "cover.png"), color.RGBA{200, 0, 0, 255})
	writePNG(t, filepath.Join(src, "images", "zhubei", "cover.png"), color.RGBA{0, 0, 200, 255})
	writeJSON(t, src, "stores.json", `[
	  {"id": "daan", "shortName": "大安館", "name": "大安館", "openingHours": "每日 07:00–22:00", "image": "images/xinyi/cover.png"},
	  {"id": "banqiao", "shortName": "板橋館", "name": "板橋館", "openingHours": "週一至週五 09:00–21:00；週六 09:00–18:00", "image": "images/zhubei/cover.png"}]`)
	importDir(t, db, src, images, false)
	out := filepath.Join(t.TempDir(), "export")
	if err := catalogue.Export(context.Background(), db, "studio", out, catalogue.ExportOptions{ImageDir: images}); err != nil {
		t.Fatal(err)
	}
	var stores []catalogue.Store
	raw, _ := os.ReadFile(filepath.Join(out, "stores.json"))
	if err := json.Unmarshal(raw, &stores); err != nil {
		t.Fatal(err)
	}
	for i, from := range []string{"images/xinyi/cover.png", "images/zhubei/cover.png"} {
		want, _ := os.ReadFile(filepath.Join(src, from))
		got, err := os.ReadFile(filepath.Join(out, stores[i].Image))
		if err != nil || !bytes.Equal(got, want) {
			t.Errorf("store %s exported its picture as %s, not the picture of %s (%v)", stores[i].ID, stores[i].Image, from, err)
		}
	}
	if stores[0].Image == stores[1].Image {
		t.Errorf("both stores' pictures exported as %s", stores[0].Image)
	}
	// a picture whose name no other shares keeps its plain name
	if _, err := os.Stat(filepath.Join(out, "images", "logo.png")); err != nil {
		t.Errorf("the brand logo: %v", err)
	}
	if rep := importDir(t, db, out, images, false); !rep.Empty() {
		t.Errorf("importing the export changed:\n%s", rep)
	}
}
