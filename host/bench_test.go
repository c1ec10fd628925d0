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
	serveEach(b, ts, "/demo", "br, gzip", func(w *httptest.ResponseRecorder) bool { return w.Header().Get("X-Page-Cache") == "hit" })
}

// BenchmarkUncachedPage is one request of a page that misses the page cache
// ($BENCH_PATH, brand home by default): the data load, the render and the
// response, in one process (go test -bench Uncached -cpuprofile), asking
// for $BENCH_ENCODING (none by default).
func BenchmarkUncachedPage(b *testing.B) {
	t := &testing.T{}
	ts := newTestServer(t, func(d *Deps) { d.Config.PageCache = false })
	path := "/demo"
	if p := os.Getenv("BENCH_PATH"); p != "" {
		path = p
	}
	ts.get(t, path)
	serveEach(b, ts, path, os.Getenv("BENCH_ENCODING"), func(w *httptest.ResponseRecorder) bool { return w.Code == http.StatusOK })
}

// BenchmarkRefusal is one page request refused while every renderer and
// queue place is taken (refusing must be cheap).
func BenchmarkRefusal(b *testing.B) {
	t := &testing.T{}
	ts := newTestServer(t, func(d *Deps) { d.Config.PageCache = false })
	for !ts.pool.Saturated() {
		if _, ok := ts.pool.Admit(); !ok {
			break
		}
	}
	serveEach(b, ts, "/demo", "br, gzip", func(w *httptest.ResponseRecorder) bool { return w.Code == http.StatusServiceUnavailable })
}

// serveEach times b.N requests of path, each answer checked by ok.
func serveEach(b *testing.B, ts *testServer, path, encoding string, ok func(*httptest.ResponseRecorder) bool) {
	req := httptest.NewRequest(http.MethodGet, path, nil)
	if encoding != "" {
		req.Header.Set("Accept-Encoding", encoding)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		w := httptest.NewRecorder()
		ts.ServeHTTP(w, req)
		if !ok(w) {
			b.Fatalf("%s: answer %d, X-Page-Cache %q", path, w.Code, w.Header().Get("X-Page-Cache"))
		}
	}
}
