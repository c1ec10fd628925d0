package host

import (
	"context"
	"net"
	"strings"
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

// TestDatabaseOutage: with PostgreSQL unreachable, uncached pages answer
// 503 with Retry-After and the 5xx error page, the API 503 with the
// envelope's CodeDatabaseDown, and pages already cached still serve.
func TestDatabaseOutage(t *testing.T) {
	ts := newTestServer(t)
	if w := ts.get(t, "/demo"); w.Code != 200 {
		t.Fatalf("warming /demo: %d", w.Code)
	}
	pool, err := pgxpool.New(context.Background(), "postgres://postgres@"+closedPort(t)+"/storefront?connect_timeout=1&sslmode=disable")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(pool.Close)
	ts.Server.db = &data.DB{Pool: pool} // the database goes away

	if w := ts.get(t, "/demo"); w.Code != 200 || w.Header().Get("X-Page-Cache") == "" {
		t.Fatalf("a cached page during the outage: %d %q", w.Code, w.Header().Get("X-Page-Cache"))
	}
	pages := []string{
		"/demo/search/result?keyword=瑜珈", // never cached
		"/yoga",                          // brand not loaded yet
		"/demo/activitys?x=1",
	}
	for _, p := range pages {
		w := ts.get(t, p)
		if w.Code != 503 || w.Header().Get("Retry-After") == "" {
			t.Errorf("GET %s = %d, Retry-After %q; want 503 with Retry-After", p, w.Code, w.Header().Get("Retry-After"))
			continue
		}
		if body := w.Body.String(); !strings.Contains(body, "伺服器發生錯誤，請稍後再試") {
			t.Errorf("GET %s: not the 5xx error page:\n%.400s", p, body)
		}
	}
	apis := []string{
		"/api/search/ticketList?brandId=demo",
		"/api/v2/ec/brands/term/home/info",
		"/api/brand/demo/salesman/list",
	}
	for _, p := range apis {
		w := ts.get(t, p)
		env := apiResult(t, w, nil)
		if w.Code != 503 || w.Header().Get("Retry-After") == "" || env.ErrorCode != data.CodeDatabaseDown || env.Message != errorText(data.CodeDatabaseDown) {
			t.Errorf("GET %s = %d %d %q, Retry-After %q; want 503 %d", p, w.Code, env.ErrorCode, env.Message, w.Header().Get("Retry-After"), data.CodeDatabaseDown)
		}
	}
}
