package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"storefront/rules"
)

// expiryRow: a cached activity list stops offering a
// session when it starts. A session of a demo course is added to start at
// a whole minute (the lists show minutes) 25 to 85 seconds ahead; the list
// (the page, through the page cache) must offer it from the cache before
// it starts, with an edge lifetime (s-maxage plus stale-while-revalidate)
// that ends by its start, and must no longer list it a second after. The
// session goes afterwards (the rows after this one export the catalogue).
func expiryRow(ctx context.Context, dbURL, base string, add func(row)) error {
	conn, err := pgx.Connect(ctx, dbURL)
	if err != nil {
		return err
	}
	defer conn.Close(ctx)
	now := time.Now().In(rules.Taipei)
	start := now.Truncate(time.Minute).Add(time.Minute)
	if start.Sub(now) < 25*time.Second {
		start = start.Add(time.Minute)
	}
	var id int64
	if err := conn.QueryRow(ctx, `
		insert into course_schedules (brand_id, course_id, date, start_time, end_time, capacity)
		select brand_id, id, $1::date, $2::time, $2::time + interval '30 minutes', 10
		  from courses
		 where brand_id = 'demo' and name = '墊上皮拉提斯' and store_id = (select min(store_id) from courses where brand_id = 'demo')
		returning id`, start.Format(time.DateOnly), start.Format(time.TimeOnly)).Scan(&id); err != nil {
		return fmt.Errorf("expiry row: add a session: %w", err)
	}
	defer conn.Exec(context.WithoutCancel(ctx), `delete from course_schedules where id = $1`, id)

	list := func() (listed bool, h http.Header, err error) {
		b, h, err := fetchWithHeader(base+"/activitys", "Host", benchHost)
		if err != nil {
			return false, nil, err
		}
		return slices.Contains(scheduleIDs(b), id), h, nil
	}
	// the change reaches the host (a notification) and the list is
	// rendered again; then it is asked for until the cache answers
	var listed, hit bool
	var h http.Header
	for t0 := time.Now(); time.Since(t0) < 15*time.Second && !(listed && hit); time.Sleep(100 * time.Millisecond) {
		if listed, h, err = list(); err != nil {
			return err
		}
		hit = h.Get("X-Page-Cache") == "hit"
	}
	lifetime := edgeLifetime(h.Get("Cache-Control"))
	toStart := time.Until(start)
	time.Sleep(toStart + time.Second)
	after, h2, err := list()
	if err != nil {
		return err
	}
	state := h2.Get("X-Page-Cache")
	if state == "" {
		state = "rendered"
	}
	add(row{
		what: "15.7 cached activity list at a listed session's start",
		value: fmt.Sprintf("before: listed %v, from the cache %v, edge lifetime %d s for a start %.0f s ahead; 1 s after the start: listed %v (%s)",
			listed, hit, lifetime, toStart.Seconds(), after, state),
		budget:  "offered from the cache before, never after; edge lifetime ends by the start",
		verdict: verdict(listed && hit && !after && lifetime >= 0 && float64(lifetime) <= toStart.Seconds()+1, fmt.Sprintf("listed after the start: %v", after)),
	})
	return nil
}

// scheduleIDs are the sessions an activity list's page lists (in the props
// it carries for hydration).
func scheduleIDs(page []byte) []int64 {
	_, props, _ := bytes.Cut(page, []byte(`<script id="__PROPS__" type="application/json"`))
	_, props, _ = bytes.Cut(props, []byte(">")) // after the nonce
	props, _, _ = bytes.Cut(props, []byte("</script>"))
	var p struct {
		Data struct {
			List []struct {
				ScheduleList []struct {
					ScheduleID int64 `json:"scheduleId"`
				} `json:"scheduleList"`
			} `json:"list"`
		} `json:"data"`
	}
	json.Unmarshal(props, &p)
	var ids []int64
	for _, a := range p.Data.List {
		for _, s := range a.ScheduleList {
			ids = append(ids, s.ScheduleID)
		}
	}
	return ids
}

// edgeLifetime is how long a shared cache may serve an answer with
// Cache-Control cc, fresh and stale (s-maxage plus
// stale-while-revalidate), in seconds; -1 when it says none.
func edgeLifetime(cc string) int {
	total, found := 0, false
	for _, d := range strings.Split(cc, ",") {
		k, v, _ := strings.Cut(strings.TrimSpace(d), "=")
		if k == "s-maxage" || k == "stale-while-revalidate" {
			n, err := strconv.Atoi(v)
			if err != nil {
				return -1
			}
			total, found = total+n, true
		}
	}
	if !found {
		return -1
	}
	return total
}
