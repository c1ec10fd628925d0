package host

import (
	"context"
	"net"
	"net/http/httptest"
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
		return scenario{Name: name, Path: path, Status: 503, Code: data.CodeDatabaseDown, Message: errorText(data.CodeDatabaseDown), Check: retry}
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
