package host

import (
	"fmt"
	"net/http"
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
