package host

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"storefront/rules"
)

// A cached page that lists sessions is served until its earliest listed
// session starts, and not a moment longer.
func TestPageCacheExpiresWhenASessionStarts(t *testing.T) {
	start := time.Date(2026, 11, 22, 10, 0, 0, 0, rules.Taipei)
	clock := &fakeClock{t: start}
	ts := newTestServer(t, func(d *Deps) { d.Now = clock.now })
	ctx := context.Background()
	var course, session int64
	if err := ts.db.Pool.QueryRow(ctx, `select id from courses where brand_id = 'yoga' and on_shelf order by id limit 1`).Scan(&course); err != nil {
		t.Fatal(err)
	}
	// a session starting 4 minutes from now (within the page's freshness), the soonest of the brand
	if err := ts.db.Pool.QueryRow(ctx, `insert into course_schedules (brand_id, course_id, date, start_time, end_time, capacity)
		values ('yoga', $1, '2026-11-22', '10:04', '11:04', 10) returning id`, course).Scan(&session); err != nil {
		t.Fatal(err)
	}
	listed := fmt.Sprintf(`"scheduleId":%d,`, session)
	for _, path := range []string{"/yoga/activitys", fmt.Sprintf("/yoga/activity/%d", course)} {
		t.Run(path, func(t *testing.T) {
			clock.mu.Lock()
			clock.t = start
			clock.mu.Unlock()
			if w := ts.get(t, path); w.Code != 200 || !strings.Contains(w.Body.String(), listed) {
				t.Fatalf("GET %s = %d; the session about to start listed: %v", path, w.Code, strings.Contains(w.Body.String(), listed))
			}
			clock.add(4*time.Minute - time.Second) // 10:03:59
			w := ts.get(t, path)
			if w.Header().Get("X-Page-Cache") != "hit" || !strings.Contains(w.Body.String(), listed) {
				t.Fatalf("a second before the session starts: X-Page-Cache %q; want the cached page offering it", w.Header().Get("X-Page-Cache"))
			}
			clock.add(2 * time.Second) // 10:04:01: it started
			w = ts.get(t, path)
			if got := w.Header().Get("X-Page-Cache"); got != "" {
				t.Fatalf("after the session started: X-Page-Cache %q; want a fresh render", got)
			}
			if w.Code != 200 || strings.Contains(w.Body.String(), listed) {
				t.Fatalf("after the session started: %d, still offered: %v", w.Code, strings.Contains(w.Body.String(), listed))
			}
		})
	}
}

// What shared caches are told: a page-cache answer is public for
// the edge, with s-maxage, stale-while-revalidate, its surrogate keys and
// a Vary naming what its key reads; a fresh render, a member's page and
// any answer that sets a cookie are not.
func TestEdgeCacheHeaders(t *testing.T) {
	ts := newTestServer(t)
	ts.get(t, "/demo")
	runScenarios(t, ts, []scenario{
		{Name: "a fresh render: no-cache", Path: "/demo/search/result?keyword=a", WantHeader: []string{"Cache-Control", "no-cache"}},
		{Name: "from the page cache: shared", Path: "/demo", WantHeader: []string{
			"X-Page-Cache", "hit",
			"Cache-Control", "public, max-age=0, s-maxage=300, stale-while-revalidate=3300",
			"Xkey", "storefront brand:demo brand:demo:page:brand-home",
			"Vary", "Accept-Encoding, X-Storefront-Props, User-Agent, Cookie"}},
		{Name: "a member's page: private", Path: "/demo", Header: []string{"Authorization", "nobody"}, WantHeader: []string{"X-Page-Cache", "", "Xkey", ""}},
		{Name: "setting a cookie: private", Path: "/demo?from=app", WantHeader: []string{"Cache-Control", "private, no-cache", "Xkey", ""}},
	})
}

// TestEdgeCacheControlEachSecond: a cached page's Cache-Control, kept
// between answers, is made again as soon as a second of its life passed,
// cut at its Expires, and absent once nothing of it is left.
func TestEdgeCacheControlEachSecond(t *testing.T) {
	t0 := time.Date(2026, 11, 22, 10, 0, 0, 0, rules.Taipei)
	p := &cachedPage{Rendered: t0}
	want := func(at time.Duration, cc string) []string {
		t.Helper()
		got := edgeCacheControl(p, t0.Add(at))
		if cc == "" && got != nil || cc != "" && (len(got) != 1 || got[0] != cc) {
			t.Fatalf("at +%v: Cache-Control %q; want %q", at, got, cc)
		}
		return got
	}
	want(0, "public, max-age=0, s-maxage=300, stale-while-revalidate=3300")
	a := want(100*time.Millisecond, "public, max-age=0, s-maxage=299, stale-while-revalidate=3300")
	if b := want(900*time.Millisecond, "public, max-age=0, s-maxage=299, stale-while-revalidate=3300"); &a[0] != &b[0] {
		t.Error("the same second made its value again")
	}
	want(1100*time.Millisecond, "public, max-age=0, s-maxage=298, stale-while-revalidate=3300")
	want(pageFresh+time.Minute, "public, max-age=0, s-maxage=0, stale-while-revalidate=3240")
	want(pageStaleMax, "")
	p = &cachedPage{Rendered: t0, Expires: t0.Add(90 * time.Second)} // a session starts
	want(30*time.Second, "public, max-age=0, s-maxage=60, stale-while-revalidate=0")
	want(90*time.Second, "")
}
