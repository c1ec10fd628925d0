package host

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"storefront"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	goredis "github.com/redis/go-redis/v9"

	"storefront/data"
	"storefront/data/dbtest"
	"storefront/host/wire"
)

// TestTwoHostsNoOversell (process level): 200 members book a 10-seat
// session at once, their requests split across two storefront processes
// sharing one PostgreSQL database and one Redis, the way the storefront
// scales past one machine. Exactly 10 are booked, 190 refused with the
// full code, and every entitlement is spent exactly once.
func TestTwoHostsNoOversell(t *testing.T) {
	a, b, db := twoHosts(t)
	ctx := context.Background()
	sid := raceSession(t, db, "06:00", "06:50", 10)
	users, sessions := raceMembers(t, db, "race", 200)

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
			<-start
			statuses[i], codes[i] = raceBook(t, client, base, sessions[i], fmt.Sprintf("race-%d", i), sid)
		}()
	}
	close(start)
	wg.Wait()
	ok, full := 0, 0
	for i := range users {
		switch {
		case statuses[i] == 200 && codes[i] == 0:
			ok++
		case statuses[i] == 409 && codes[i] == storefront.CodeSessionFull:
			full++
		default:
			t.Errorf("member %d: %d %d", i, statuses[i], codes[i])
		}
	}
	var booked, live, spent, untouched, mismatched int
	err := db.Pool.QueryRow(ctx, `select
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

// TestTwoHostsOneOfOverlappingBookings (process level): 60 members each
// book two overlapping sessions at once, one request to each of two
// storefront processes on one database. The member's lock in the
// booking transaction makes the second wait for the first: exactly one
// booking of each member is made, the other refused with the time
// conflict (-33), and one visit of each card is spent.
func TestTwoHostsOneOfOverlappingBookings(t *testing.T) {
	a, b, db := twoHosts(t)
	early, late := raceSession(t, db, "07:00", "07:50", 100), raceSession(t, db, "07:30", "08:20", 100)
	users, sessions := raceMembers(t, db, "overlap", 60)
	client := &http.Client{Timeout: 30 * time.Second}
	type answer struct{ status, code int }
	answers := make([][2]answer, len(users))
	var wg sync.WaitGroup
	start := make(chan struct{})
	for i := range users {
		for j, host := range []string{a, b} {
			sid := []int64{early, late}[(i+j)%2] // half the members send the early one to a, half to b
			wg.Add(1)
			go func() {
				defer wg.Done()
				<-start
				st, code := raceBook(t, client, host, sessions[i], fmt.Sprintf("overlap-%d-%d", i, j), sid)
				answers[i][j] = answer{status: st, code: code}
			}()
		}
	}
	close(start)
	wg.Wait()
	for i, as := range answers {
		ok, conflict := 0, 0
		for _, a := range as {
			switch {
			case a.status == 200 && a.code == 0:
				ok++
			case a.status == 409 && a.code == storefront.CodeTimeConflict:
				conflict++
			}
		}
		if ok != 1 || conflict != 1 {
			t.Errorf("member %d: answers %+v; want one booked and one refused with %d", i, as, storefront.CodeTimeConflict)
		}
	}
	var doubled, spent int
	err := db.Pool.QueryRow(context.Background(), `select
		(select count(*) from (select user_id from bookings where user_id = any($1) and status = 'booked' group by user_id having count(*) <> 1) d),
		(select count(*) from member_tickets where user_id = any($1) and remain = 4)`, users).Scan(&doubled, &spent)
	if err != nil {
		t.Fatal(err)
	}
	if doubled != 0 || spent != len(users) {
		t.Errorf("%d members without exactly one booking, %d cards spent once; want 0 and %d", doubled, spent, len(users))
	}
}

// twoHosts starts two storefront processes on one new database and one
// Redis database of this run's own, and opens that database.
func twoHosts(t *testing.T) (a, b string, db *data.DB) {
	t.Helper()
	if testing.Short() {
		t.Skip("starts two processes")
	}
	redis := ownRedisDatabase(t)
	dbURL := dbtest.URL(t)
	a = startStorefront(t, dbURL, "REDIS_URL="+redis).base
	b = startStorefront(t, dbURL, "REDIS_URL="+redis).base
	db, err := data.Open(context.Background(), dbURL, "", nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(db.Close)
	return a, b, db
}

// ownRedisDatabase claims one of Redis's databases 1-15 for t alone and
// returns its URL: the processes' keys are not prefixed per test, and two
// test runs side by side (or two tests of one run) must not read each
// other's cached pages. The claim is a key in database 0, set only if
// absent and deleted when t ends; the database is emptied before use.
func ownRedisDatabase(t *testing.T) string {
	t.Helper()
	base := os.Getenv("TEST_REDIS_URL")
	if base == "" {
		base = "redis://127.0.0.1:6379/0"
	}
	opt, err := goredis.ParseURL(base)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	claims := goredis.NewClient(opt)
	defer claims.Close()
	for n := 1; n < 16; n++ {
		key := fmt.Sprintf("storefront-test:redis-db:%d", n)
		if ok, err := claims.SetNX(ctx, key, os.Getpid(), time.Hour).Result(); err != nil {
			t.Fatal(err)
		} else if !ok {
			continue
		}
		own := *opt
		own.DB = n
		db := goredis.NewClient(&own)
		err := db.FlushDB(ctx).Err()
		db.Close()
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() {
			c := goredis.NewClient(opt)
			c.Del(context.Background(), key)
			c.Close()
		})
		return strings.TrimSuffix(base[:strings.LastIndex(base, "/")+1], "/") + fmt.Sprintf("/%d", n)
	}
	t.Fatal("every Redis database 1-15 is claimed by another test run")
	return ""
}

// raceMembers creates n verified members of demo, each holding a count
// card of 5 visits, and returns their ids and sessions.
func raceMembers(t *testing.T, db *data.DB, prefix string, n int) ([]int64, []string) {
	t.Helper()
	ctx := context.Background()
	rows, err := db.Pool.Query(ctx, `
		with u as (
		  insert into users (brand_id, email, name, password_hash, email_verified_at)
		  select 'demo', $1 || g || '@example.com', '會員' || g, 'x', now() from generate_series(1, $2) g returning id)
		insert into member_tickets (brand_id, user_id, name, ticket_type, total, remain, starts_on)
		select 'demo', id, '團課 5 堂', 'count', 5, 5, (now() at time zone 'Asia/Taipei')::date - 1 from u returning user_id`, prefix, n)
	if err != nil {
		t.Fatal(err)
	}
	users, err := pgx.CollectRows(rows, pgx.RowTo[int64])
	if err != nil {
		t.Fatal(err)
	}
	sessions := make([]string, len(users))
	for i, u := range users {
		if sessions[i], err = db.CreateSession(ctx, "demo", u, prefix, time.Now()); err != nil {
			t.Fatal(err)
		}
	}
	return users, sessions
}

// raceSession adds a session of 墊上皮拉提斯 two days from today, from
// start to end (Taipei), with capacity seats.
func raceSession(t *testing.T, db *data.DB, start, end string, capacity int) int64 {
	t.Helper()
	var sid int64
	err := db.Pool.QueryRow(context.Background(), `insert into course_schedules (brand_id, course_id, date, start_time, end_time, capacity)
		select brand_id, id, (now() at time zone 'Asia/Taipei')::date + 2, $1::time, $2::time, $3
		  from courses where brand_id = 'demo' and name = '墊上皮拉提斯' order by id limit 1 returning id`, start, end, capacity).Scan(&sid)
	if err != nil {
		t.Fatal(err)
	}
	return sid
}

// raceBook posts a booking of session sid to the storefront at base and
// returns the answer's status and error code.
func raceBook(t *testing.T, client *http.Client, base, session, key string, sid int64) (status, code int) {
	return hostPost(t, client, base, session, key, "/api/schedule/booking", fmt.Sprintf(`{"brandId":"demo","scheduleId":%d}`, sid))
}

// hostPost posts JSON body to path of the storefront process at base as
// the member of session, with Idempotency-Key key, and returns the
// answer's status and error code.
func hostPost(t *testing.T, client *http.Client, base, session, key, path, body string) (status, code int) {
	req, _ := http.NewRequest("POST", base+path, strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Authorization", session)
	req.Header.Set("Idempotency-Key", key)
	res, err := client.Do(req)
	if err != nil {
		t.Errorf("%s: %v", key, err)
		return 0, 0
	}
	defer res.Body.Close()
	var env wire.Envelope
	json.NewDecoder(res.Body).Decode(&env)
	return res.StatusCode, env.ErrorCode
}
