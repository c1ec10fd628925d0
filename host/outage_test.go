package host

import (
	"context"
	"net"
	"net/http/httptest"
	"storefront"
	"testing"

	"github.com/jackc/pgx/v5/pgxpool"

	"storefront/data"
)

// closedPort is a local TCP port nothing listens on.
func closedPort(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	return addr
}

// unreachableDB is a database on a closed port: down.
func unreachableDB(t *testing.T) *data.DB {
	t.Helper()
	pool, err := pgxpool.New(context.Background(), "postgres://postgres@"+closedPort(t)+"/storefront?connect_timeout=1&sslmode=disable")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(pool.Close)
	return &data.DB{Pool: pool}
}

// TestDatabaseOutage: with PostgreSQL unreachable, uncached pages answer
// 503 with Retry-After and the 5xx error page, the API 503 with the
// envelope's CodeDatabaseDown, and pages already cached still serve.
func TestDatabaseOutage(t *testing.T) {
	ts := newTestServer(t)
	if w := ts.get(t, "/demo"); w.Code != 200 {
		t.Fatalf("warming /demo: %d", w.Code)
	}
	ts.Server.db = unreachableDB(t) // the database goes away

	if w := ts.get(t, "/demo"); w.Code != 200 || w.Header().Get("X-Page-Cache") == "" {
		t.Fatalf("a cached page during the outage: %d %q", w.Code, w.Header().Get("X-Page-Cache"))
	}
	retry := func(t *testing.T, w *httptest.ResponseRecorder) {
		if w.Header().Get("Retry-After") == "" {
			t.Error("a 503 without Retry-After")
		}
	}
	errorPage := []string{"伺服器發生錯誤，請稍後再試"} // the 5xx error page
	dbDown := func(name, path string) scenario {
		return scenario{Name: name, Path: path, Status: 503, Code: storefront.CodeDatabaseDown, Message: storefront.CodeText(storefront.CodeDatabaseDown), Check: retry}
	}
	runScenarios(t, ts, []scenario{
		{Name: "a page never cached", Path: "/demo/search/result?keyword=瑜珈", Status: 503, Contains: errorPage, Check: retry},
		{Name: "a brand not loaded yet", Path: "/yoga", Status: 503, Contains: errorPage, Check: retry},
		{Name: "a page not cached yet", Path: "/demo/activitys?x=1", Status: 503, Contains: errorPage, Check: retry},
		dbDown("ticket list", "/api/search/ticketList?brandId=demo"),
		dbDown("home info", "/api/v2/ec/brands/term/home/info"),
		dbDown("salesmen", "/api/brand/demo/salesman/list"),
	})
}

// TestCrawlerDocumentsDuringDatabaseOutage: with
// PostgreSQL unreachable, the sitemaps answer 503 with Retry-After (a
// crawler comes back; a 404 or 500 would drop them) on a custom domain as
// under a brand prefix, whether the brand was loaded before or not, and
// robots.txt, which needs no database, still answers.
func TestCrawlerDocumentsDuringDatabaseOutage(t *testing.T) {
	ts := newTestServer(t)
	custom := []string{"Host", "fit.demo.test"}
	for _, p := range []string{"/sitemap.xml", "/1-sitemap.xml"} { // the demo brand loaded
		ts.get(t, p, custom...)
	}
	pool, err := pgxpool.New(context.Background(), "postgres://postgres@"+closedPort(t)+"/storefront?connect_timeout=1&sslmode=disable")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(pool.Close)
	ts.Server.db = &data.DB{Pool: pool} // the database goes away

	down := func(name, path string, header ...string) scenario {
		return scenario{Name: name, Path: path, Header: header, Status: 503, WantHeader: []string{"Retry-After", "5"}, Absent: []string{"<urlset", "<sitemapindex"}}
	}
	runScenarios(t, ts, []scenario{
		down("custom domain sitemap, brand loaded", "/sitemap.xml", custom...),
		down("custom domain sitemap part, brand loaded", "/1-sitemap.xml", custom...),
		down("brand sitemap, brand not loaded", "/yoga/sitemap.xml"),
		down("sitemap index", "/sitemap.xml"),
		{Name: "custom domain robots.txt", Path: "/robots.txt", Header: custom, Status: 200, Contains: []string{"Sitemap: https://fit.demo.test/sitemap.xml"}},
		{Name: "robots.txt", Path: "/robots.txt", Status: 200, Contains: []string{"Sitemap: http://example.com/sitemap.xml"}},
	})
	ts.BrandChanged(context.Background(), "demo") // the brand leaves the caches
	runScenarios(t, ts, []scenario{down("custom domain sitemap, brand not loaded", "/sitemap.xml", custom...)})
}
