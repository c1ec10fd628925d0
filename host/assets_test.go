package host

import (
	"io/fs"
	"strings"
	"testing"

	"storefront/renderer"
)

// TestJavaScriptBudget: the first visit of brand home loads at most 105 KB
// of gzipped JavaScript, and each other page adds at most 30 KB to it.
// (100 KB until stop 19: the accessible brand colours, the app webview's
// account bar and the stores' structured data took it to 102-104 KB, of
// which about 90 KB is React itself; the bridge loads only in the app.)
func TestJavaScriptBudget(t *testing.T) {
	bundle, err := appBundle()
	if err != nil {
		t.Fatal(err)
	}
	m := bundle.Manifest
	size := func(files []string) int {
		n := 0
		for _, f := range files {
			b, err := fs.ReadFile(bundle.Client, strings.TrimPrefix(f, renderer.AssetPrefix)+".gz")
			if err != nil {
				t.Fatalf("%s: %v", f, err)
			}
			n += len(b)
		}
		return n
	}
	home := m.Preloads("brand-home")
	if n := size(home); n > 105*1024 {
		t.Errorf("brand home's first visit loads %d bytes of gzipped JavaScript; the budget is 105 KB", n)
	} else {
		t.Logf("brand home: %d bytes", n)
	}
	loaded := map[string]bool{}
	for _, f := range home {
		loaded[f] = true
	}
	for page := range m.Pages {
		var extra []string
		for _, f := range m.Preloads(page) {
			if !loaded[f] {
				extra = append(extra, f)
			}
		}
		if n := size(extra); n > 30*1024 {
			t.Errorf("%s adds %d bytes of gzipped JavaScript after brand home; the budget is 30 KB", page, n)
		}
	}
}
