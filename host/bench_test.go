package host

import (
	"net/http"
	"net/http/httptest"
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
