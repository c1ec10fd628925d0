package host

import (
	"context"
	"os"
	"strings"
	"testing"
)

func testRedisURL() string {
	if u := os.Getenv("TEST_REDIS_URL"); u != "" {
		return u
	}
	return "redis://127.0.0.1:6379/0"
}

// TestBrandCache: a brand is read from the cache until it changes; the
// change notification drops it, with Redis and without.
func TestBrandCache(t *testing.T) {
	for name, opts := range map[string][]serverOpt{
		"in-process only": nil,
		"with redis":      {withRedis(testRedisURL())},
	} {
		t.Run(name, func(t *testing.T) {
			ts := newTestServer(t, opts...)
			if ts.cache.HasRedis() != (name == "with redis") {
				t.Fatalf("HasRedis = %v", ts.cache.HasRedis())
			}
			ctx := context.Background()
			if !strings.Contains(ts.get(t, "/yoga").Body.String(), "晨光瑜珈") {
				t.Fatal("brand home lacks the brand name")
			}
			if _, err := ts.db.Pool.Exec(ctx, `update brands set name = '晨光瑜珈 新館' where id = 'yoga'`); err != nil {
				t.Fatal(err)
			}
			if body := ts.get(t, "/yoga").Body.String(); strings.Contains(body, "晨光瑜珈 新館") {
				t.Fatal("the brand was not cached")
			}
			ts.BrandChanged(ctx, "yoga")
			if body := ts.get(t, "/yoga").Body.String(); !strings.Contains(body, "晨光瑜珈 新館") {
				t.Fatal("the change did not reach the page after the notification")
			}
		})
	}
}

// TestRedisDownStillServes: a Redis that does not answer slows nothing
// down to failure: pages are served from the database.
func TestRedisDownStillServes(t *testing.T) {
	ts := newTestServer(t, withRedis("redis://127.0.0.1:1/0"))
	for i := 0; i < 3; i++ {
		if w := ts.get(t, "/demo"); w.Code != 200 || !strings.Contains(w.Body.String(), "單月暢遊通行卡") {
			t.Fatalf("GET /demo with Redis down = %d", w.Code)
		}
	}
	if w := ts.get(t, "/api/brand/demo/projectList"); w.Code != 200 {
		t.Fatalf("API with Redis down = %d", w.Code)
	}
}
