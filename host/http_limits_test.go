package host

import (
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
	"time"
)

// TestPageCacheKeepsOnlyTheQueryAPageReads: query strings cannot grow memory without bound.
func TestPageCacheKeepsOnlyTheQueryAPageReads(t *testing.T) {
	ts := newTestServer(t)
	junk := strings.Repeat("x", 7000)
	// cached: then, asked after first, shares first's cache entry or not,
	// and no unknown parameter reaches the page
	cached := func(name, first, then string, shared bool) []scenario {
		state := ""
		if shared {
			state = "hit"
		}
		return []scenario{
			{Name: name + ": first", Path: first, Status: 200},
			{Name: name, Path: then, Status: 200, WantHeader: []string{"X-Page-Cache", state}, Absent: []string{"xxxxxxxx", `"sort"`}},
		}
	}
	runScenarios(t, ts, slices.Concat(
		cached("unknown parameter", "/demo", "/demo?x="+junk, true),
		cached("unknown parameters beside a known one", "/demo?projectType=2", "/demo?a=1&projectType=2&b="+junk[:100], true),
		cached("known parameter", "/demo", "/demo?projectType=1", false),
		cached("a tab the page ignores", "/demo", "/demo?projectType=9"+junk[:50], true),
		cached("a type the page ignores", "/demo", "/demo?type=x", true),
		cached("common parameter", "/demo", "/demo?from=app", false),
		cached("the member guard's login", "/demo", "/demo?login=%2Fdemo%2Fuser", false),
		cached("activity list page", "/demo/activitys?pageNumber=1", "/demo/activitys?pageNumber=1&sort=x", true),
		cached("activity list, another page", "/demo/activitys?pageNumber=1", "/demo/activitys?pageNumber=2", false),
		// pages that are not cached still see their whole query
		[]scenario{{Name: "search page", Path: "/demo/search/result?keyword=瑜珈&x=1", Status: 200, Contains: []string{`"x":"1"`}}},
	))
}

func TestURLTooLong(t *testing.T) {
	ts := newTestServer(t)
	long := strings.Repeat("a", maxURL)
	runScenarios(t, ts, []scenario{
		{Name: "a page's long query", Path: "/demo?x=" + long, Status: http.StatusRequestURITooLong},
		{Name: "a call's long query", Path: "/api/search/ticketList?brandId=demo&keyword=" + long, Status: http.StatusRequestURITooLong},
		{Name: "a long path", Path: "/demo/" + long, Status: http.StatusRequestURITooLong},
		{Name: "just under the limit", Path: "/demo?x=" + long[:maxURL-100], Status: http.StatusOK},
	})
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
		{name: "a sane URL", query: 100, status: 200},
		{name: "past the URL limit", query: maxURL + 100, status: http.StatusRequestURITooLong},
		{name: "past the head limit", query: 400 << 10, status: http.StatusRequestHeaderFieldsTooLarge},
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

// TestBusyRefusedBeforeAnyWork: while every renderer and queue place is taken, a page
// that needs a render is refused at once, before its brand is looked up,
// with Retry-After and the security headers of every answer; a page the
// page cache holds, a client navigation's props and the API are still
// served, and the places given back end the refusals.
func TestBusyRefusedBeforeAnyWork(t *testing.T) {
	refused := func(name, path string, header ...string) scenario {
		return scenario{Name: name, Path: path, Header: header, Status: http.StatusServiceUnavailable,
			WantHeader: []string{"Retry-After", "1", "Cache-Control", "no-store", "Content-Type", "text/html; charset=utf-8",
				"X-Content-Type-Options", "nosniff", "Referrer-Policy", "strict-origin-when-cross-origin"},
			Contains: []string{"目前使用人數眾多，請稍後再試", `<meta name="robots" content="noindex">`},
			Check: func(t *testing.T, w *httptest.ResponseRecorder) {
				if csp := w.Header().Get("Content-Security-Policy"); !strings.Contains(csp, "default-src 'self'") || strings.Contains(csp, "nonce-") {
					t.Errorf("policy %q", csp)
				}
				if w.Header().Get("X-Request-Id") == "" {
					t.Error("no request id")
				}
			}}
	}
	served := func(name, path string, header ...string) scenario {
		return scenario{Name: name, Path: path, Header: header, Status: http.StatusOK}
	}
	for _, pageCache := range []bool{false, true} {
		t.Run(fmt.Sprintf("page cache %v", pageCache), func(t *testing.T) {
			ts := newTestServer(t, func(d *Deps) { d.Config.PageCache = pageCache })
			ts.get(t, "/demo") // kept by the page cache, when on
			var places []func()
			for {
				release, ok := ts.pool.Admit()
				if !ok {
					break
				}
				places = append(places, release)
			}
			member := []string{"Cookie", cookieSession + "=not-a-session"}
			scs := []scenario{
				served("a client navigation's props", "/demo", propsHeader, "1"),
				served("the API", "/api/brand/demo/projectList"),
				refused("a member's page, before the member is looked up", "/demo", member...),
			}
			if pageCache {
				scs = append(scs,
					scenario{Name: "a page the cache holds", Path: "/demo", Status: http.StatusOK, WantHeader: []string{"X-Page-Cache", "hit"}},
					refused("a page the cache misses, before its data load", "/demo/activitys"))
			} else {
				scs = append(scs,
					refused("brand home", "/demo"),
					refused("a brand that does not exist: refused before its lookup", "/no-such-brand"))
			}
			runScenarios(t, ts, scs)
			for _, release := range places {
				release()
			}
			runScenarios(t, ts, []scenario{served("brand home, the places given back", "/demo", member...)})
		})
	}
}
