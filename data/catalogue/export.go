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
	var copyErr error
	img := func(p *string) {
		rel, ok := strings.CutPrefix(*p, ImagePrefix)
		if !ok {
			return
		}
		raw, err := os.ReadFile(filepath.Join(imageDir, filepath.FromSlash(rel)))
		if err != nil {
			copyErr = errors.Join(copyErr, err)
			return
		}
		name := path.Join("images", path.Base(rel))
		if err := os.MkdirAll(filepath.Join(dir, "images"), 0o755); err != nil {
			copyErr = errors.Join(copyErr, err)
			return
		}
		copyErr = errors.Join(copyErr, os.WriteFile(filepath.Join(dir, filepath.FromSlash(name)), raw, 0o644))
		*p = name
	}
	img(&c.Brand.AppLogo)
	for i := range c.Stores {
		img(&c.Stores[i].Image)
	}
	for i := range c.Teachers {
		img(&c.Teachers[i].Image)
	}
	for i := range c.Items {
		img(&c.Items[i].Image)
		for j := range c.Items[i].Images {
			img(&c.Items[i].Images[j])
		}
	}
	for i := range c.Courses {
		img(&c.Courses[i].Image)
	}
	for i := range c.Terms {
		img(&c.Terms[i].Image)
	}
	for i := range c.Banners {
		img(&c.Banners[i].Image)
	}
	if copyErr != nil {
		return copyErr
	}
	if !opt.Relative.IsZero() {
		relative(c, taipeiDay(opt.Relative))
	}
	return Write(dir, c)
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
