package renderer

import (
	"context"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/dop251/goja"
)

// BenchmarkRender renders the props in $RENDER_PROPS (a page's props JSON,
// e.g. from curl -H 'X-Storefront-Props: 1') in the built bundle
// ($RENDER_DIST: another build's dist directory; $RENDER_WHOLE: render
// whole, without shells nor kept parts; $RENDER_JSPROF: a goja profile;
// $RENDER_VARY: strings of the props, comma-separated, each render with
// its own number after each, e.g. a member's e-mail, name and order
// numbers: another member's page every time, whose parts no runtime keeps).
func BenchmarkRender(b *testing.B) {
	path := os.Getenv("RENDER_PROPS")
	if path == "" {
		b.Skip("set RENDER_PROPS to a props JSON file")
	}
	props, err := os.ReadFile(path)
	if err != nil {
		b.Fatal(err)
	}
	bundle, err := Embedded()
	if dir := os.Getenv("RENDER_DIST"); dir != "" { // another build's renderer/dist, to compare
		bundle, err = Load(os.DirFS(dir))
	}
	if err != nil {
		b.Skip(err)
	}
	p, err := NewPool(bundle.Server, Options{Size: 1, Log: quiet(), Pages: bundle.Manifest.PageNames(), Whole: os.Getenv("RENDER_WHOLE") != ""})
	if err != nil {
		b.Fatal(err)
	}
	defer p.Close()
	if f := os.Getenv("RENDER_JSPROF"); f != "" {
		out, err := os.Create(f)
		if err != nil {
			b.Fatal(err)
		}
		defer out.Close()
		goja.StartProfile(out)
		defer goja.StopProfile()
	}
	var vary []string
	if v := os.Getenv("RENDER_VARY"); v != "" {
		vary = strings.Split(v, ",")
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		page := props
		if vary != nil {
			b.StopTimer()
			s := string(props)
			for _, v := range vary {
				s = strings.ReplaceAll(s, v, v+strconv.Itoa(i))
			}
			page = []byte(s)
			b.StartTimer()
		}
		l, _ := p.Acquire(context.Background())
		if _, err := l.Render(page); err != nil {
			b.Fatal(err)
		}
	}
}
