package catalogue

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"strings"

	"storefront/data"
)

// Export writes brand's catalogue into dir in the format Import reads,
// with its imported images copied from imageDir into dir/images. Images
// the brand names by served path (the demo's) stay paths.
func Export(ctx context.Context, db *data.DB, brand, dir, imageDir string) error {
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
	if copyErr != nil {
		return copyErr
	}
	return Write(dir, c)
}
