package host

import (
	"net/http"
	"net/http/httptest"
	"os"
	"testing"
)

// BenchmarkCachedBrandHome is the warm page-cache path of one request.
func BenchmarkCachedBrandHome(b *testing.B) {
	t := &testing.T{}
	ts := newTestServer(t)
	ts.get(t, "/demo")
	req := httptest.NewRequest(http.MethodGet, "/demo", nil)
	req.Header.Set("Accept-Encoding", "br, gzip")
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		w := httptest.NewRecorder()
		ts.ServeHTTP(w, req)
		if w.Header().Get("X-Page-Cache") != "hit" {
			b.Fatal("not a hit")
		}
	}
}

// BenchmarkUncachedPage is one request of a page that misses the page cache
// ($BENCH_PATH, brand home by default): the data load, the render and the
// response, in one process (go test -bench Uncached -cpuprofile).
func BenchmarkUncachedPage(b *testing.B) {
	t := &testing.T{}
	ts := newTestServer(t, func(d *Deps) { d.Config.PageCache = false })
	path := "/demo"
	if p := os.Getenv("BENCH_PATH"); p != "" {
		path = p
	}
	ts.get(t, path)
	req := httptest.NewRequest(http.MethodGet, path, nil)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		w := httptest.NewRecorder()
		ts.ServeHTTP(w, req)
		if w.Code != http.StatusOK {
			b.Fatal(w.Code)
		}
	}
}
