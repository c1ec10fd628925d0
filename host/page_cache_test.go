package host

import (
	"bytes"
	"compress/gzip"
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/andybalholm/brotli"

	"storefront/cache"
	"storefront/rules"
)

func decode(t *testing.T, w interface {
	Header() http.Header
}, body []byte) string {
	t.Helper()
	switch w.Header().Get("Content-Encoding") {
	case "br":
		b, err := io.ReadAll(brotli.NewReader(bytes.NewReader(body)))
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	case "gzip":
		zr, err := gzip.NewReader(bytes.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(zr)
		return string(b)
	}
	return string(body)
}

func TestPageCacheServesAndRevalidates(t *testing.T) {
	clock := &fakeClock{t: time.Date(2026, 11, 22, 10, 0, 0, 0, rules.Taipei)}
	ts := newTestServer(t, func(d *Deps) { d.Now = clock.now })

	first := ts.get(t, "/yoga")
	if first.Code != 200 || first.Header().Get("X-Page-Cache") != "" {
		t.Fatalf("first request: %d, X-Page-Cache %q; want a fresh render", first.Code, first.Header().Get("X-Page-Cache"))
	}
	plain := first.Body.String()

	renders, _, _ := ts.pool.Stats().Snapshot()
	// cached: the page from the cache, encoded as asked, is the rendered one
	cached := func(enc string) scenario {
		return scenario{Name: "Accept-Encoding " + enc, Path: "/yoga", Header: []string{"Accept-Encoding", enc},
			WantHeader: []string{"X-Page-Cache", "hit", "Content-Encoding", enc}, Check: func(t *testing.T, w *httptest.ResponseRecorder) {
				if got := decode(t, w, w.Body.Bytes()); got != plain {
					t.Fatal("the cached document differs from the rendered one")
				}
				if cl := w.Header().Get("Content-Length"); cl != strconv.Itoa(w.Body.Len()) {
					t.Fatalf("Content-Length %s of a %d-byte body", cl, w.Body.Len())
				}
			}}
	}
	runScenarios(t, ts, []scenario{cached("br"), cached("gzip"), cached("")})
	if n, _, _ := ts.pool.Stats().Snapshot(); n != renders {
		t.Fatalf("cache hits rendered %d times", n-renders)
	}

	etag := ts.get(t, "/yoga").Header().Get("ETag")
	for _, inm := range []string{etag, `W/"other", W/` + etag, `"other",` + etag, "*"} {
		if w := ts.get(t, "/yoga", "If-None-Match", inm); w.Code != http.StatusNotModified || w.Body.Len() != 0 {
			t.Fatalf("If-None-Match %s = %d; want 304", inm, w.Code)
		}
	}
	if w := ts.get(t, "/yoga", "If-None-Match", `"other", `); w.Code != http.StatusOK {
		t.Fatalf("If-None-Match of another page = %d; want 200", w.Code)
	}

	// past its freshness: served stale, replaced in the background
	clock.add(pageFresh + time.Second)
	if w := ts.get(t, "/yoga"); w.Header().Get("X-Page-Cache") != "stale" {
		t.Fatalf("X-Page-Cache = %q; want stale", w.Header().Get("X-Page-Cache"))
	}
	deadline := time.Now().Add(10 * time.Second)
	for ts.get(t, "/yoga").Header().Get("X-Page-Cache") != "hit" {
		if time.Now().After(deadline) {
			t.Fatal("the stale page was never replaced")
		}
		time.Sleep(20 * time.Millisecond)
	}
}

type fakeClock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *fakeClock) now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *fakeClock) add(d time.Duration) {
	c.mu.Lock()
	c.t = c.t.Add(d)
	c.mu.Unlock()
}

func TestPageCacheFollowsCatalogueChanges(t *testing.T) {
	ts := newTestServer(t)
	ts.get(t, "/yoga")
	if ts.get(t, "/yoga").Header().Get("X-Page-Cache") != "hit" {
		t.Fatal("not cached")
	}
	if _, err := ts.db.Pool.Exec(context.Background(), `update items set price = 2345 where brand_id = 'yoga' and type = 'passcard'`); err != nil {
		t.Fatal(err)
	}
	ts.BrandChanged(context.Background(), "yoga") // what the database notification does
	ts.pages.warm.wait()                          // the visited page is rendered again (page_warm.go)
	w := ts.get(t, "/yoga")
	if w.Header().Get("X-Page-Cache") != "hit" || !strings.Contains(w.Body.String(), "NT$ 2,345") {
		t.Fatalf("after a price change: X-Page-Cache %q, new price shown %v", w.Header().Get("X-Page-Cache"), strings.Contains(w.Body.String(), "NT$ 2,345"))
	}
}

func TestPageCacheBurstRendersOnce(t *testing.T) {
	ts := newTestServer(t)
	before, _, _ := ts.pool.Stats().Snapshot()
	var wg sync.WaitGroup
	codes := make([]int, 20)
	for i := range codes {
		wg.Add(1)
		go func() {
			defer wg.Done()
			codes[i] = ts.get(t, "/demo").Code
		}()
	}
	wg.Wait()
	for _, c := range codes {
		if c != 200 {
			t.Fatalf("codes = %v", codes)
		}
	}
	if after, _, _ := ts.pool.Stats().Snapshot(); after-before != 1 {
		t.Fatalf("a burst of 20 rendered %d times; want 1", after-before)
	}
}

func TestPageCacheSkips(t *testing.T) {
	ts := newTestServer(t)
	noCache, hit := []string{"X-Page-Cache", ""}, []string{"X-Page-Cache", "hit"}
	runScenarios(t, ts, []scenario{
		{Name: "the plain page", Path: "/demo"},
		{Name: "a session cookie", Path: "/demo", Header: []string{"Cookie", "web_ec_sessionId=abc"}, WantHeader: noCache},
		{Name: "an Authorization", Path: "/demo", Header: []string{"Authorization", "abc"}, WantHeader: noCache},
		{Name: "a props request", Path: "/demo", Header: []string{propsHeader, "1"}, WantHeader: noCache},
		// what changes the page is in the key
		{Name: "a phone", Path: "/demo", Header: []string{"User-Agent", iPhone}, WantHeader: noCache},
		{Name: "the banner closed", Path: "/demo", Header: []string{"Cookie", "closeBownloadAppBanner=1"}, WantHeader: noCache},
		// tracking parameters are not, nor a host naming another environment (it chooses nothing of the page)
		{Name: "a host naming another environment", Path: "/demo", Header: []string{"Host", "staging.example.com"}, WantHeader: hit},
		{Name: "tracking parameters", Path: "/demo?utm_source=line&fbclid=x", WantHeader: hit},
		{Name: "another query", Path: "/demo?projectType=2", WantHeader: noCache},
	})

	off := newTestServer(t, func(d *Deps) { d.Config.PageCache = false })
	off.get(t, "/demo")
	if got := off.get(t, "/demo").Header().Get("X-Page-Cache"); got != "" {
		t.Errorf("page cache off: X-Page-Cache %q", got)
	}
}

func TestPageCacheSharedThroughRedis(t *testing.T) {
	a := newTestServer(t, withRedis(testRedisURL()))
	a.get(t, "/plan?type=plan")
	// a second process on the same Redis (and database) finds it
	b := secondProcess(t, a, testRedisURL())
	if got := b.get(t, "/plan?type=plan").Header().Get("X-Page-Cache"); got != "hit" {
		t.Fatalf("second process: X-Page-Cache %q; want a hit from Redis", got)
	}
}

// secondProcess is another process beside a: its own server and cache on
// a's database and renderers, and on a's key space of redisURL ("" for a
// local cache only).
func secondProcess(t *testing.T, a *testServer, redisURL string) *testServer {
	t.Helper()
	c, err := cache.New(cache.Options{RedisURL: redisURL, Prefix: a.prefix, Log: a.Server.log})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	s, err := NewServer(context.Background(), Deps{Config: a.cfg, DB: a.db, Cache: c, Pool: a.pool, Bundle: a.bundle, Log: a.Server.log, Now: a.now})
	if err != nil {
		t.Fatal(err)
	}
	return &testServer{Server: s, db: a.db, log: a.log, prefix: a.prefix}
}
