package host

import (
	"bytes"
	"context"
	"image"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"testing/fstest"

	"golang.org/x/image/webp"
)

// TestImages: resized images are WebP at their width, encoded once, served
// at an immutable URL naming the sources' version; another version is sent
// to the current URL and never answered with bytes.
func TestImages(t *testing.T) {
	ts := newTestServer(t)
	v := ts.imageVersion
	if len(v) != 12 {
		t.Fatalf("image version %q", v)
	}
	// the demo's yoga.jpg, stored by the import: /_static/catalogue/demo/{hash}/yoga.jpg
	var yoga string
	if err := ts.db.Pool.QueryRow(context.Background(), "select image from courses where brand_id = 'demo' and slug = 'hatha-yoga-xinyi'").Scan(&yoga); err != nil || !strings.HasPrefix(yoga, "/_static/catalogue/demo/") {
		t.Fatalf("image %q, %v", yoga, err)
	}
	before := imageEncodes.Load()
	w := ts.get(t, "/_img/"+v+"/320"+yoga)
	if w.Code != 200 || w.Header().Get("Content-Type") != "image/webp" {
		t.Fatalf("image = %d %s", w.Code, w.Header().Get("Content-Type"))
	}
	if cc := w.Header().Get("Cache-Control"); cc != "public, max-age=31536000, immutable" {
		t.Fatalf("Cache-Control = %q; want immutable for a year", cc)
	}
	cfg, err := webp.DecodeConfig(bytes.NewReader(w.Body.Bytes()))
	if err != nil || cfg.Width != 320 || cfg.Height != 200 {
		t.Fatalf("webp %dx%d, %v; want 320x200", cfg.Width, cfg.Height, err)
	}
	if _, _, err := image.Decode(bytes.NewReader(w.Body.Bytes())); err != nil {
		t.Fatalf("not a decodable image: %v", err)
	}
	if !bytes.Contains(w.Body.Bytes()[:16], []byte("VP8 ")) {
		t.Fatal("not a lossy WebP")
	}
	etag := w.Header().Get("ETag")
	w2 := ts.get(t, "/_img/"+v+"/320"+yoga)
	if !bytes.Equal(w.Body.Bytes(), w2.Body.Bytes()) || imageEncodes.Load()-before != 1 {
		t.Fatalf("second request encoded again (%d encodes)", imageEncodes.Load()-before)
	}
	if w := ts.get(t, "/_img/"+v+"/320"+yoga, "If-None-Match", etag); w.Code != http.StatusNotModified {
		t.Fatalf("If-None-Match = %d", w.Code)
	}
	// wider than the source: its own size, not upscaled
	big := ts.get(t, "/_img/"+v+"/1280"+yoga)
	if cfg, _ := webp.DecodeConfig(bytes.NewReader(big.Body.Bytes())); cfg.Width != 960 {
		t.Fatalf("1280 of a 960 px source = %d px", cfg.Width)
	}
	// an old or wrong version: a redirect to the current URL that is not
	// cached, never the bytes
	for _, old := range []string{"0123456789ab", "old"} {
		w := ts.get(t, "/_img/"+old+"/320"+yoga+"?x=1")
		if w.Code != http.StatusTemporaryRedirect || w.Header().Get("Location") != "/_img/"+v+"/320"+yoga || w.Body.Len() > 200 ||
			w.Header().Get("Cache-Control") != "no-cache" || w.Header().Get("Content-Type") == "image/webp" {
			t.Fatalf("version %s = %d %q %q (%d bytes); want a redirect to %s", old, w.Code, w.Header().Get("Location"), w.Header().Get("Cache-Control"), w.Body.Len(), "/_img/"+v+"/320"+yoga)
		}
	}
	// the page names the current version
	if w := ts.get(t, "/demo"); !strings.Contains(w.Body.String(), `"imageVersion":"`+v+`"`) || !strings.Contains(w.Body.String(), `src="/_img/`+v+`/`) {
		t.Fatalf("brand home does not use image version %s", v)
	}
	// not served: 404, or the mux's redirect of a path with ..
	notServed := func(t *testing.T, w *httptest.ResponseRecorder) {
		if w.Code != 404 && w.Code != http.StatusTemporaryRedirect {
			t.Errorf("= %d; want 404", w.Code)
		}
	}
	var refused []scenario
	for _, p := range []string{"/321" + yoga, "/320/_static/demo/logo-demo.svg", "/320/_static/demo/../demo.go",
		"/320/_static/catalogue/demo/nosuch.jpg", "/320/etc/passwd.png", "/abc" + yoga, "/0123456789ab/320/etc/passwd.png"} {
		p = "/_img/" + v + p
		refused = append(refused, scenario{Name: p, Path: p, Check: notServed})
	}
	refused = append(refused, scenario{Name: "no version", Path: "/_img/320" + yoga, Status: 404})
	runScenarios(t, ts, refused)
}

// TestImageVersionFollowsTheSources: the version changes with a source
// image's bytes and ignores the catalogue's content-named folder.
func TestImageVersionFollowsTheSources(t *testing.T) {
	a := fstest.MapFS{"img/a.jpg": {Data: []byte("one")}, "logo.svg": {Data: []byte("<svg/>")}}
	b := fstest.MapFS{"img/a.jpg": {Data: []byte("two")}, "logo.svg": {Data: []byte("<svg/>")}}
	svg := fstest.MapFS{"img/a.jpg": {Data: []byte("one")}, "logo.svg": {Data: []byte("<svg></svg>")}}
	version := func(static map[string]fs.FS) string {
		v, err := imageVersionOf(static)
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	va := version(map[string]fs.FS{"demo": a})
	if vb := version(map[string]fs.FS{"demo": b}); vb == va {
		t.Error("a changed image kept the version")
	}
	if v := version(map[string]fs.FS{"demo": svg}); v != va {
		t.Error("a changed SVG (not resized) changed the version")
	}
	if v := version(map[string]fs.FS{"demo": a, catalogueFolder: b}); v != va {
		t.Error("the catalogue's images changed the version")
	}
}
