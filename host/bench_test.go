package host

import (
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

// BenchmarkCachedBrandHome is the warm page-cache path of one request.
func BenchmarkCachedBrandHome(b *testing.B) {
	t := &testing.T{}
	ts := newTestServer(t)
	ts.get(t, "/demo")
	serveEach(b, ts, "/demo", "br, gzip", func(w *httptest.ResponseRecorder) bool { return w.Header().Get("X-Page-Cache") == "hit" })
}

// BenchmarkWarmHit is the warm brand home through the whole middleware as
// production configures it, the access log on (text lines through the
// process's log buffer into a file) or off, asked for brotli or identity
// bytes. Beside the wall time it reports the process's CPU time per
// request (cpu-ns/op), which a busy machine inflates less.
func BenchmarkWarmHit(b *testing.B) {
	for _, logged := range []bool{true, false} {
		f, err := os.Create(filepath.Join(b.TempDir(), "log"))
		if err != nil {
			b.Fatal(err)
		}
		out := newLogBuffer(f)
		b.Cleanup(out.Close)
		ts := newTestServer(b, func(d *Deps) {
			d.Config.AccessLog = logged
			d.Log, d.AccessLog = newLogger(d.Config, out), out
		})
		req := httptest.NewRequest(http.MethodGet, "/demo", nil)
		w := &benchWriter{}
		ts.ServeHTTP(w.reset(), req)
		for _, enc := range []string{"br, gzip", ""} {
			name := map[bool]string{true: "log on", false: "log off"}[logged] + ", " + map[string]string{"": "identity"}[enc] + enc
			b.Run(name, func(b *testing.B) {
				req.Header.Set("Accept-Encoding", enc)
				b.ReportAllocs()
				cpu := cpuTime()
				for b.Loop() {
					ts.ServeHTTP(w.reset(), req)
					if w.code != http.StatusOK || w.h.Get("X-Page-Cache") != "hit" {
						b.Fatalf("answer %d, X-Page-Cache %q", w.code, w.h.Get("X-Page-Cache"))
					}
				}
				b.ReportMetric(float64(cpuTime()-cpu)/float64(b.N), "cpu-ns/op")
			})
		}
	}
}

// cpuTime is the CPU time this process has used.
func cpuTime() time.Duration {
	var u syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &u)
	return time.Duration(u.Utime.Nano() + u.Stime.Nano())
}

// benchWriter is a client that reads nothing: a fresh header per answer,
// as net/http's, and the body dropped.
type benchWriter struct {
	h    http.Header
	code int
	n    int
}

func (w *benchWriter) reset() *benchWriter {
	w.h, w.code, w.n = http.Header{}, 0, 0
	return w
}

func (w *benchWriter) Header() http.Header { return w.h }

func (w *benchWriter) WriteHeader(code int) {
	if w.code == 0 {
		w.code = code
	}
}

func (w *benchWriter) Write(p []byte) (int, error) {
	w.WriteHeader(http.StatusOK)
	w.n += len(p)
	return len(p), nil
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
