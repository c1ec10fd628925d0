package host

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"storefront/data"
	"storefront/data/dbtest"
)

// TestTwoHostsNoOversell (process level): 200 members book a 10-seat
// session at once, their requests split across two storefront processes
// sharing one PostgreSQL database and one Redis, the way the storefront
// scales past one machine. Exactly 10 are booked, 190 refused with the
// full code, and every entitlement is spent exactly once.
func TestTwoHostsNoOversell(t *testing.T) {
	if testing.Short() {
		t.Skip("starts two processes")
	}
	redis := os.Getenv("TEST_REDIS_URL")
	if redis == "" {
		redis = "redis://127.0.0.1:6379/0"
	}
	// a Redis database of this run's own: the processes' keys are not prefixed per test
	redis = strings.TrimSuffix(redis[:strings.LastIndex(redis, "/")+1], "/") + fmt.Sprintf("/%d", 1+os.Getpid()%15)
	dbURL := dbtest.URL(t)
	a, _ := startHost(t, dbURL, "REDIS_URL="+redis)
	b, _ := startHost(t, dbURL, "REDIS_URL="+redis)

	ctx := context.Background()
	db, err := data.Open(ctx, dbURL, "", nil)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var sid int64
	err = db.Pool.QueryRow(ctx, `insert into course_schedules (brand_id, course_id, date, start_time, end_time, capacity)
		select brand_id, id, (now() at time zone 'Asia/Taipei')::date + 2, time '06:00', time '06:50', 10
		  from courses where brand_id = 'demo' and name = '墊上皮拉提斯' order by id limit 1 returning id`).Scan(&sid)
	if err != nil {
		t.Fatal(err)
	}
	rows, err := db.Pool.Query(ctx, `
		with u as (
		  insert into users (brand_id, email, name, password_hash, email_verified_at)
		  select 'demo', 'race' || g || '@example.com', '會員' || g, 'x', now() from generate_series(1, 200) g returning id)
		insert into member_tickets (brand_id, user_id, name, ticket_type, total, remain, starts_on)
		select 'demo', id, '團課 5 堂', 'count', 5, 5, (now() at time zone 'Asia/Taipei')::date - 1 from u returning user_id`)
	if err != nil {
		t.Fatal(err)
	}
	var users []int64
	for rows.Next() {
		var id int64
		rows.Scan(&id)
		users = append(users, id)
	}
	rows.Close()
	sessions := make([]string, len(users))
	for i, u := range users {
		if sessions[i], err = db.CreateSession(ctx, "demo", u, "race", time.Now()); err != nil {
			t.Fatal(err)
		}
	}

	client := &http.Client{Timeout: 30 * time.Second}
	codes := make([]int, len(users))
	statuses := make([]int, len(users))
	var wg sync.WaitGroup
	start := make(chan struct{})
	for i := range users {
		wg.Add(1)
		go func() {
			defer wg.Done()
			base := a
			if i%2 == 1 {
				base = b
			}
			req, _ := http.NewRequest("POST", base+"/api/schedule/booking", strings.NewReader(fmt.Sprintf(`{"brandId":"demo","scheduleId":%d}`, sid)))
			req.Header.Set("Content-Type", "application/json")
			req.Header.Set("Authorization", sessions[i])
			req.Header.Set("Idempotency-Key", fmt.Sprintf("race-%d", i))
			<-start
			res, err := client.Do(req)
			if err != nil {
				t.Errorf("member %d: %v", i, err)
				return
			}
			defer res.Body.Close()
			var env Envelope
			json.NewDecoder(res.Body).Decode(&env)
			statuses[i], codes[i] = res.StatusCode, env.ErrorCode
		}()
	}
	close(start)
	wg.Wait()
	ok, full := 0, 0
	for i := range users {
		switch {
		case statuses[i] == 200 && codes[i] == 0:
			ok++
		case statuses[i] == 409 && codes[i] == data.CodeSessionFull:
			full++
		default:
			t.Errorf("member %d: %d %d", i, statuses[i], codes[i])
		}
	}
	var booked, live, spent, untouched, mismatched int
	err = db.Pool.QueryRow(ctx, `select
		(select booked from course_schedules where id = $1),
		(select count(*) from bookings where schedule_id = $1 and status = 'booked'),
		(select count(*) from member_tickets where user_id = any($2) and remain = 4),
		(select count(*) from member_tickets where user_id = any($2) and remain = 5),
		(select count(*) from member_tickets k where k.user_id = any($2)
		   and (k.remain = 4) <> exists (select 1 from bookings b where b.ticket_id = k.id and b.schedule_id = $1 and b.consumed = 1))`,
		sid, users).Scan(&booked, &live, &spent, &untouched, &mismatched)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%d booked, %d refused full; seats %d, live bookings %d, cards spent %d, untouched %d", ok, full, booked, live, spent, untouched)
	if ok != 10 || full != 190 || booked != 10 || live != 10 || spent != 10 || untouched != 190 || mismatched != 0 {
		t.Fatalf("want 10 booked and 190 refused, 10 seats and bookings, 10 cards spent once and 190 untouched (%d mismatched)", mismatched)
	}
}
