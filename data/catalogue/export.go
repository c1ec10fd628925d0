package catalogue

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"strings"
	"time"

	"storefront/data"
)

// ExportOptions tune an export.
type ExportOptions struct {
	// ImageDir is where imported images are stored (STOREFRONT_CATALOGUE_IMAGES).
	ImageDir string
	// Relative, when set, writes dates relative to its Taipei day: a
	// schedule's, a term's and its sessions' as "+NwD" (the weekday of a
	// week from this one: a weekly class keeps its weekday), the others'
	// as "+Nd" or "-Nd". For a demo directory that never goes stale.
	Relative time.Time
}

// Export writes brand's catalogue into dir in the format Import reads,
// with its imported images copied from the image directory into
// dir/images. Images the brand names by served path (the demo's) stay
// paths.
func Export(ctx context.Context, db *data.DB, brand, dir string, opt ExportOptions) error {
	imageDir := opt.ImageDir
	c, _, err := load(ctx, db.Pool, brand)
	if errors.Is(err, errNoBrand) {
		return fmt.Errorf("找不到品牌「%s」", brand)
	}
	if err != nil {
		return err
	}
	// a file name that distinct pictures share goes under the folder of
	// each one's hash, so that none replaces another and an import of
	// the export serves each at the address it had
	refs := imageFields(c)
	rels := map[string]map[string]bool{} // file name -> stored paths
	for _, p := range refs {
		if rel, ok := strings.CutPrefix(*p, ImagePrefix); ok {
			if rels[path.Base(rel)] == nil {
				rels[path.Base(rel)] = map[string]bool{}
			}
			rels[path.Base(rel)][rel] = true
		}
	}
	var copyErr error
	copied := map[string]bool{}
	for _, p := range refs {
		rel, ok := strings.CutPrefix(*p, ImagePrefix)
		if !ok {
			continue
		}
		name := path.Base(rel)
		if len(rels[name]) > 1 {
			name = path.Join(path.Base(path.Dir(rel)), name)
		}
		*p = path.Join("images", name)
		if copied[rel] {
			continue
		}
		copied[rel] = true
		raw, err := os.ReadFile(filepath.Join(imageDir, filepath.FromSlash(rel)))
		if err == nil {
			to := filepath.Join(dir, filepath.FromSlash(*p))
			if err = os.MkdirAll(filepath.Dir(to), 0o755); err == nil {
				err = os.WriteFile(to, raw, 0o644)
			}
		}
		copyErr = errors.Join(copyErr, err)
	}
	if copyErr != nil {
		return copyErr
	}
	if !opt.Relative.IsZero() {
		relative(c, taipeiDay(opt.Relative))
	}
	return Write(dir, c)
}

// imageFields are the image fields of c's entries.
func imageFields(c *Catalogue) []*string {
	fs := []*string{&c.Brand.AppLogo}
	for i := range c.Stores {
		fs = append(fs, &c.Stores[i].Image)
	}
	for i := range c.Teachers {
		fs = append(fs, &c.Teachers[i].Image)
	}
	for i := range c.Items {
		fs = append(fs, &c.Items[i].Image)
		for j := range c.Items[i].Images {
			fs = append(fs, &c.Items[i].Images[j])
		}
	}
	for i := range c.Courses {
		fs = append(fs, &c.Courses[i].Image)
	}
	for i := range c.Terms {
		fs = append(fs, &c.Terms[i].Image)
	}
	for i := range c.Banners {
		fs = append(fs, &c.Banners[i].Image)
	}
	return fs
}

// relative rewrites c's dates relative to today (see ExportOptions).
func relative(c *Catalogue, today time.Time) {
	monday := today.AddDate(0, 0, -((int(today.Weekday()) + 6) % 7))
	days := func(d string) int {
		t, err := time.Parse(time.DateOnly, d)
		if err != nil {
			return 0
		}
		return int(t.Sub(today).Hours() / 24)
	}
	day := func(d *string) {
		if *d == "" {
			return
		}
		if n := days(*d); n < 0 {
			*d = fmt.Sprintf("-%dd", -n)
		} else {
			*d = fmt.Sprintf("+%dd", n)
		}
	}
	week := func(d *string) {
		t, err := time.Parse(time.DateOnly, *d)
		if err != nil || t.Before(monday) {
			day(d)
			return
		}
		n := int(t.Sub(monday).Hours() / 24)
		*d = fmt.Sprintf("+%dw%d", n/7, n%7+1)
	}
	for i := range c.Items {
		day(&c.Items[i].AdminStartDate)
		day(&c.Items[i].SaleEnds)
	}
	for i := range c.Courses {
		for j := range c.Courses[i].Schedules {
			week(&c.Courses[i].Schedules[j].Date)
		}
	}
	for i := range c.Terms {
		t := &c.Terms[i]
		week(&t.StartDate)
		week(&t.EndDate)
		for j := range t.Classes {
			for k := range t.Classes[j].Sessions {
				week(&t.Classes[j].Sessions[k].Date)
			}
		}
	}
	for i := range c.Banners {
		day(&c.Banners[i].StartsOn)
		day(&c.Banners[i].EndsOn)
	}
}
