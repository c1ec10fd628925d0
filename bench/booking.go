package main

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"net/http"
	"net/url"
	"os"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/jackc/pgx/v5"

	"storefront/data"
)

var (
	bookings     = flag.Int("bookings", 1000, "bookings of each booking measurement")
	bookingConns = flag.Int("booking-conns", 100, "concurrent members booking")
	bookingOnly  = flag.Bool("booking-only", false, "measure the booking rows only")
)

// warmBookings are the warm-up's bookings a host: enough for each of its
// pool's 16 connections to plan its statements for good (PostgreSQL plans
// a prepared statement anew its first five times).
const warmBookings = 200

// bookingLoad is one booking measurement: rate, p99, errors and the
// sessions holding more bookings than seats.
type bookingLoad struct {
	rps, p50, p99    float64
	errors, oversold int
	// CPU per booking in ms: the hosts, the database's backends (its
	// connections), PostgreSQL's own processes (WAL writer, checkpointer…;
	// the server's, shared with whatever else uses it) and this client
	hostCPU, backendCPU, serverCPU, clientCPU float64
}

// measureBookings books n sessions through POST /api/schedule/booking,
// conns members at a time, each member once, member i on host
// bases[i % len(bases)]: on one session of n seats (every request locks
// the same row) or on many sessions sharing the n seats. The members,
// their count cards and sessions are made in the database first; every
// request must succeed, and no session may end with more live bookings
// than seats (counted in SQL). A warm-up of other members' bookings goes
// first, unmeasured.
func measureBookings(ctx context.Context, dbURL string, hosts []*hostProc, label string, sessions int) (*bookingLoad, error) {
	db, err := data.Open(ctx, dbURL, "", nil)
	if err != nil {
		return nil, err
	}
	defer db.Close()
	n := *bookings
	// the warm-up's members book first, unmeasured, on a session of
	// their own: every connection of the hosts' pools has its statements
	// prepared and planned (see the ANALYZE below) before the measurement
	warm := warmBookings * len(hosts)
	sessionsOf := func(count, capacity int) ([]int64, error) {
		rows, err := db.Pool.Query(ctx, `
			insert into course_schedules (brand_id, course_id, date, start_time, end_time, capacity)
			select brand_id, id, (now() at time zone 'Asia/Taipei')::date + 3, time '05:00' + g * interval '1 minute',
			       time '05:00' + g * interval '1 minute' + interval '50 minutes', $2
			  from courses, generate_series(1, $1) g
			 where brand_id = 'demo' and name = '墊上皮拉提斯' and store_id = (select min(store_id) from courses where brand_id = 'demo')
			returning id`, count, capacity)
		if err != nil {
			return nil, err
		}
		return pgx.CollectRows(rows, pgx.RowTo[int64])
	}
	ids, err := sessionsOf(sessions, (n+sessions-1)/sessions)
	if err != nil {
		return nil, err
	}
	warmIDs, err := sessionsOf(1, warm)
	if err != nil {
		return nil, err
	}
	rows, err := db.Pool.Query(ctx, `
		with u as (
		  insert into users (brand_id, email, name, password_hash, email_verified_at)
		  select 'demo', $1 || g || '@bench.test', '會員' || g, 'x', now() from generate_series(1, $2) g returning id)
		insert into member_tickets (brand_id, user_id, name, ticket_type, total, remain, starts_on)
		select 'demo', id, '團課 5 堂', 'count', 5, 5, (now() at time zone 'Asia/Taipei')::date - 1 from u returning user_id`, label, n+warm)
	if err != nil {
		return nil, err
	}
	users, err := pgx.CollectRows(rows, pgx.RowTo[int64])
	if err != nil {
		return nil, err
	}
	if len(ids) != sessions || len(warmIDs) != 1 || len(users) != n+warm {
		return nil, fmt.Errorf("booking bench: made %d sessions and %d members", len(ids), len(users))
	}
	auth := make([]string, n+warm)
	for i, u := range users {
		if auth[i], err = db.CreateSession(ctx, "demo", u, "bench", time.Now()); err != nil {
			return nil, err
		}
	}
	// The tables the bench just filled get their statistics, as a
	// production database's have them from autovacuum: the hosts' cached
	// plans were made when the demo had a handful of members, and on
	// those a member's read by id and the sign-in's session read scan the
	// brand's members by e-mail (thousands of them by the third row, three
	// times a booking).
	if _, err := db.Pool.Exec(ctx, `analyze users, sessions, member_tickets, course_schedules`); err != nil {
		return nil, err
	}

	bases := make([]string, len(hosts))
	for i, h := range hosts {
		bases[i] = h.url
	}
	client := &http.Client{Timeout: 30 * time.Second, Transport: &http.Transport{MaxIdleConnsPerHost: *bookingConns}}
	lat := make([]float64, n+warm)
	// book has members from to to-1 book, member i session(i) on host
	// bases[i % len(bases)], conns at a time; it returns the failures
	book := func(from, to int, session func(i int) int64) int64 {
		next := atomic.Int64{}
		next.Store(int64(from))
		var failed atomic.Int64
		var wg sync.WaitGroup
		for range *bookingConns {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for {
					i := int(next.Add(1)) - 1
					if i >= to {
						return
					}
					body := fmt.Sprintf(`{"brandId":"demo","scheduleId":%d}`, session(i))
					req, _ := http.NewRequest("POST", bases[i%len(bases)]+"/api/schedule/booking", strings.NewReader(body))
					req.Header.Set("Content-Type", "application/json")
					req.Header.Set("Authorization", auth[i])
					req.Header.Set("Idempotency-Key", fmt.Sprintf("bench-%d", i))
					t0 := time.Now()
					res, err := client.Do(req)
					lat[i] = ms(time.Since(t0))
					if err != nil {
						failed.Add(1)
						continue
					}
					var env struct {
						ErrorCode int `json:"errorCode"`
					}
					json.NewDecoder(res.Body).Decode(&env)
					res.Body.Close()
					if res.StatusCode != 200 || env.ErrorCode != 0 {
						failed.Add(1)
					}
				}
			}()
		}
		wg.Wait()
		return failed.Load()
	}
	if failed := book(n, n+warm, func(int) int64 { return warmIDs[0] }); failed > 0 {
		return nil, fmt.Errorf("booking bench: %d of the warm-up's %d bookings failed", failed, warm)
	}

	cpu := startPostgresCPU(dbName(dbURL))
	// every host's outbox worker claims jobs after the bookings (the
	// bench's hosts have no SMTP_HOST: their mails stay queued)
	all := slices.Clone(started)
	host0 := make([]time.Duration, len(all))
	for i, h := range all {
		host0[i] = h.cpu()
	}
	client0 := clientCPU()
	start := time.Now()
	failed := book(0, n, func(i int) int64 { return ids[i%sessions] })
	elapsed := time.Since(start)
	per := func(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) / float64(n) }
	var hostCPU time.Duration
	for i, h := range all {
		hostCPU += h.cpu() - host0[i]
	}
	backends, server := cpu.stop()
	clientSpent := clientCPU() - client0
	var oversold int
	if err := db.Pool.QueryRow(ctx, `
		select count(*) from course_schedules s
		 where s.id = any($1)
		   and (select count(*) from bookings b where b.schedule_id = s.id and b.status <> 'cancelled') > s.capacity`, ids).Scan(&oversold); err != nil {
		return nil, err
	}
	// the sessions (before opening hours) go again with their bookings:
	// the 50× row exports the demo catalogue, which must stay importable
	if _, err := db.Pool.Exec(ctx, `delete from course_schedules where id = any($1)`, append(ids, warmIDs...)); err != nil {
		return nil, err
	}
	lat = lat[:n]
	sort.Float64s(lat)
	return &bookingLoad{rps: float64(n) / elapsed.Seconds(), p50: lat[n/2], p99: lat[n*99/100], errors: int(failed), oversold: oversold,
		hostCPU: per(hostCPU), backendCPU: per(backends), serverCPU: per(server), clientCPU: per(clientSpent)}, nil
}

// bookingRows measures bookings on one session and on many, on one host
// and on two hosts sharing the database (the second started here), each
// beside the same run's baseline.
func bookingRows(ctx context.Context, dbURL string, base *hostProc, baseline string, add func(row)) error {
	second, err := startHost(dbURL, nil)
	if err != nil {
		return err
	}
	defer second.stop()
	for _, c := range []struct {
		label, what string
		sessions    int
		hosts       []*hostProc
		budget      float64
	}{
		{"one", "one session", 1, []*hostProc{base}, 200},
		{"many", "50 sessions, one host", 50, []*hostProc{base}, 500},
		{"two", "50 sessions, two hosts on one database", 50, []*hostProc{base, second}, 500},
	} {
		l, err := measureBookings(ctx, dbURL, c.hosts, c.label, c.sessions)
		if err != nil {
			return err
		}
		add(row{
			what: fmt.Sprintf("11. bookings on %s, %d members at a time", c.what, *bookingConns),
			value: fmt.Sprintf("%.0f bookings/s, p50 %.2f ms, p99 %.2f ms, %d errors, %d sessions oversold; CPU per booking: hosts %.2f ms, database backends %.2f ms, PostgreSQL's other processes %.2f ms, client %.2f ms",
				l.rps, l.p50, l.p99, l.errors, l.oversold, l.hostCPU, l.backendCPU, l.serverCPU, l.clientCPU),
			baseline: baseline,
			budget:   fmt.Sprintf("≥ %.0f/s, no errors, none oversold", c.budget),
			verdict:  verdict(l.rps >= c.budget && l.errors == 0 && l.oversold == 0, fmt.Sprintf("%.0f/s, %d errors, %d oversold", l.rps, l.errors, l.oversold)),
		})
	}
	return nil
}

// postgresCPU samples the CPU time of PostgreSQL's processes while a
// measurement runs: every 50 ms, so a backend that ends meanwhile loses
// at most that much.
type postgresCPU struct {
	db    string
	done  chan struct{}
	first map[int]int64 // ticks when first seen (0: started meanwhile)
	last  map[int]int64
	mine  map[int]bool // a backend of db
	other map[int]bool // not PostgreSQL's
	wg    sync.WaitGroup
}

func startPostgresCPU(db string) *postgresCPU {
	c := &postgresCPU{db: db, done: make(chan struct{}), first: map[int]int64{}, last: map[int]int64{}, mine: map[int]bool{}, other: map[int]bool{}}
	c.scan(true)
	c.wg.Add(1)
	go func() {
		defer c.wg.Done()
		t := time.NewTicker(50 * time.Millisecond)
		defer t.Stop()
		for i := 1; ; i++ {
			select {
			case <-c.done:
				return
			case <-t.C:
				if i%20 == 0 { // new backends are few: a pool grows once
					c.scan(false)
				} else {
					c.sample()
				}
			}
		}
	}()
	return c
}

// sample reads the ticks of the postgres processes found so far.
func (c *postgresCPU) sample() {
	for pid := range c.last {
		if t := cpuTicks(pid); t > 0 {
			c.last[pid] = t
		}
	}
}

// scan finds the postgres processes and reads their ticks; a backend's
// command line is "postgres: <cluster>: <user> <database> <client>
// <state>".
func (c *postgresCPU) scan(start bool) {
	ds, _ := os.ReadDir("/proc")
	for _, d := range ds {
		pid, err := strconv.Atoi(d.Name())
		if err != nil {
			continue
		}
		if c.other[pid] {
			continue
		}
		if _, seen := c.last[pid]; !seen {
			b, err := os.ReadFile(fmt.Sprintf("/proc/%d/cmdline", pid))
			if err != nil || !bytes.HasPrefix(b, []byte("postgres")) {
				c.other[pid] = true
				continue
			}
			c.mine[pid] = bytes.Contains(b, []byte(" "+c.db+" "))
			if start {
				c.first[pid] = cpuTicks(pid)
			}
		}
		if t := cpuTicks(pid); t > 0 {
			c.last[pid] = t
		}
	}
}

// stop ends the sampling: the CPU time of the database's backends and of
// the server's other processes since the start.
func (c *postgresCPU) stop() (backends, server time.Duration) {
	close(c.done)
	c.wg.Wait()
	c.scan(false)
	for pid, t := range c.last {
		d := time.Duration(t-c.first[pid]) * time.Second / clockTicks
		if c.mine[pid] {
			backends += d
		} else {
			server += d
		}
	}
	return backends, server
}

// dbName is the database of a PostgreSQL URL.
func dbName(dbURL string) string {
	u, err := url.Parse(dbURL)
	if err != nil {
		return ""
	}
	return strings.TrimPrefix(u.Path, "/")
}

// clientCPU is this process's CPU time (the booking rows' client: the
// bench does nothing else meanwhile).
func clientCPU() time.Duration {
	var u syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &u)
	return time.Duration(u.Utime.Nano() + u.Stime.Nano())
}
