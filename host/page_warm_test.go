package host

import (
	"context"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

// TestWarmRendersVisitedPagesAfterAChange: after a catalogue change the brand's visited pages
// are rendered again before any visitor asks, once across processes.
func TestWarmRendersVisitedPagesAfterAChange(t *testing.T) {
	a := newTestServer(t, withRedis(testRedisURL()))
	b := secondProcess(t, a, testRedisURL()) // on the same Redis and database
	for _, ts := range []*testServer{a, b} {
		for _, p := range []string{"/yoga", "/yoga", "/yoga/activitys"} {
			ts.get(t, p)
		}
	}
	if _, err := a.db.Pool.Exec(context.Background(), `update items set price = 2345 where brand_id = 'yoga' and type = 'passcard'`); err != nil {
		t.Fatal(err)
	}
	before, _, _ := a.pool.Stats().Snapshot()
	for _, ts := range []*testServer{a, b} { // what the database notification does, in each process
		ts.BrandChanged(context.Background(), "yoga")
		ts.pages.warm.wait()
	}
	if got := a.pages.warm.rendered.Load() + b.pages.warm.rendered.Load(); got != 2 {
		t.Fatalf("the two processes rendered %d pages ahead of visitors; want 2 (each visited page once)", got)
	}
	if after, _, _ := a.pool.Stats().Snapshot(); after-before != 2 {
		t.Fatalf("the warm-up rendered %d times; want 2", after-before)
	}
	for _, ts := range []*testServer{a, b} {
		w := ts.get(t, "/yoga")
		if w.Header().Get("X-Page-Cache") != "hit" || !strings.Contains(w.Body.String(), "NT$ 2,345") {
			t.Fatalf("first visitor after the change: X-Page-Cache %q, new price shown %v", w.Header().Get("X-Page-Cache"), strings.Contains(w.Body.String(), "NT$ 2,345"))
		}
		if w := ts.get(t, "/yoga/activitys"); w.Header().Get("X-Page-Cache") != "hit" {
			t.Fatalf("activity list after the change: X-Page-Cache %q; want hit", w.Header().Get("X-Page-Cache"))
		}
	}
}

// A background render takes a runtime only when no visitor waits for one:
// with every runtime busy and a warm-up queued, the visitor that waits
// gets the first runtime that comes free.
func TestWarmYieldsToVisitors(t *testing.T) {
	ts := newTestServer(t, withRenderers(2))
	ts.get(t, "/yoga")
	if _, err := ts.db.Pool.Exec(context.Background(), `update items set price = 2345 where brand_id = 'yoga' and type = 'passcard'`); err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	held1, err := ts.pool.Acquire(ctx)
	if err != nil {
		t.Fatal(err)
	}
	held2, err := ts.pool.Acquire(ctx)
	if err != nil {
		t.Fatal(err)
	}
	ts.BrandChanged(ctx, "yoga") // the warm-up of /yoga is queued and waits for a runtime
	before, _, _ := ts.pool.Stats().Snapshot()
	done := make(chan int)
	go func() {
		w := httptest.NewRecorder()
		ts.ServeHTTP(w, scenario{Path: "/yoga/activitys"}.request())
		done <- w.Code
	}()
	for ts.pool.Waiting() == 0 {
		time.Sleep(time.Millisecond)
	}
	held1.Release() // one runtime comes free: the visitor's
	if code := <-done; code != 200 {
		t.Fatalf("visitor = %d; want 200", code)
	}
	held2.Release()
	ts.pages.warm.wait()
	if got := ts.pages.warm.firstAt.Load(); got <= before {
		t.Fatalf("the warm-up got a runtime after %d renders, the visitor's not among them (before %d): it went ahead of a waiting visitor", got, before)
	}
	if ts.pages.warm.rendered.Load() != 1 {
		t.Fatalf("warm renders = %d; want 1", ts.pages.warm.rendered.Load())
	}
	if w := ts.get(t, "/yoga"); w.Header().Get("X-Page-Cache") != "hit" || !strings.Contains(w.Body.String(), "NT$ 2,345") {
		t.Fatalf("after the warm-up: X-Page-Cache %q", w.Header().Get("X-Page-Cache"))
	}
}
