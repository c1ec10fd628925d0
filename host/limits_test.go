package host

import (
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

// Issue 10, defect 2: query strings cannot grow memory without bound.
func TestPageCacheKeepsOnlyTheQueryAPageReads(t *testing.T) {
	ts := newTestServer(t)
	junk := strings.Repeat("x", 7000)
	cases := []struct {
		name, first, then string
		shared            bool
	}{
		{"unknown parameter", "/demo", "/demo?x=" + junk, true},
		{"unknown parameters beside a known one", "/demo?projectType=2", "/demo?a=1&projectType=2&b=" + junk[:100], true},
		{"known parameter", "/demo", "/demo?projectType=1", false},
		{"a tab the page ignores", "/demo", "/demo?projectType=9" + junk[:50], true},
		{"a type the page ignores", "/demo", "/demo?type=x", true},
		{"common parameter", "/demo", "/demo?from=app", false},
		{"the member guard's login", "/demo", "/demo?login=%2Fdemo%2Fuser", false},
		{"activity list page", "/demo/activitys?pageNumber=1", "/demo/activitys?pageNumber=1&sort=x", true},
		{"activity list, another page", "/demo/activitys?pageNumber=1", "/demo/activitys?pageNumber=2", false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if w := ts.get(t, c.first); w.Code != 200 {
				t.Fatalf("%s: %d", c.first, w.Code)
			}
			w := ts.get(t, c.then)
			if w.Code != 200 {
				t.Fatalf("%s: %d", c.then, w.Code)
			}
			if got := w.Header().Get("X-Page-Cache") == "hit"; got != c.shared {
				t.Errorf("X-Page-Cache %q; want shared %v", w.Header().Get("X-Page-Cache"), c.shared)
			}
			if body := decode(t, w, w.Body.Bytes()); strings.Contains(body, "xxxxxxxx") || strings.Contains(body, `"sort"`) {
				t.Error("an unknown parameter reached the page")
			}
		})
	}
	// pages that are not cached still see their whole query
	w := ts.get(t, "/demo/search/result?keyword=瑜珈&x=1")
	if body := decode(t, w, w.Body.Bytes()); w.Code != 200 || !strings.Contains(body, `"x":"1"`) {
		t.Errorf("search page: %d, query not passed through", w.Code)
	}
}

func TestURLTooLong(t *testing.T) {
	ts := newTestServer(t)
	long := strings.Repeat("a", maxURL)
	for _, c := range []struct {
		target string
		status int
	}{
		{"/demo?x=" + long, http.StatusRequestURITooLong},
		{"/api/search/ticketList?brandId=demo&keyword=" + long, http.StatusRequestURITooLong},
		{"/demo/" + long, http.StatusRequestURITooLong},
		{"/demo?x=" + long[:maxURL-100], http.StatusOK},
	} {
		if w := ts.get(t, c.target); w.Code != c.status {
			t.Errorf("%d-byte target: %d; want %d", len(c.target), w.Code, c.status)
		}
	}
}

func TestPageCacheBoundedByBytes(t *testing.T) {
	pc := newPageCache(256 << 10)
	doc := make([]byte, 16<<10)
	for i := 0; i < 200; i++ {
		pc.local.Set(fmt.Sprintf("page:%d", i), &cachedPage{Status: 200, Gzip: doc, Rendered: time.Now()})
	}
	pc.local.CleanUp()
	if got := pc.local.WeightedSize(); got > 256<<10 {
		t.Fatalf("page cache holds %d bytes; bound 256 KiB", got)
	}
	if n := pc.local.EstimatedSize(); n == 0 || n > 16 {
		t.Fatalf("page cache holds %d entries of 16 KiB in 256 KiB", n)
	}
}

// TestRequestHeadLimit: over a real connection, a URL past maxURL is 414,
// and one past maxHeader is refused by net/http while it is read (431), so
// a 400 KB query string is never buffered whole.
func TestRequestHeadLimit(t *testing.T) {
	ts := newTestServer(t)
	srv := httptest.NewUnstartedServer(ts)
	srv.Config = httpServer(ts, slog.New(slog.NewTextHandler(io.Discard, nil)))
	srv.Start()
	t.Cleanup(srv.Close)
	for _, c := range []struct {
		name   string
		query  int
		status int
	}{
		{"a sane URL", 100, 200},
		{"past the URL limit", maxURL + 100, http.StatusRequestURITooLong},
		{"past the head limit", 400 << 10, http.StatusRequestHeaderFieldsTooLarge},
	} {
		t.Run(c.name, func(t *testing.T) {
			resp, err := http.Get(srv.URL + "/demo?x=" + strings.Repeat("q", c.query))
			if err != nil {
				t.Fatal(err)
			}
			resp.Body.Close()
			if resp.StatusCode != c.status {
				t.Fatalf("status %d; want %d", resp.StatusCode, c.status)
			}
		})
	}
}
