package booking

import (
	"context"
	"storefront"
	"strings"
	"sync"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"storefront/data"
)

// tripCounter is a pgx tracer that lists the round trips to PostgreSQL:
// one per query or batch (the statement cache's prepares come once per
// connection and are left out).
type tripCounter struct {
	mu    sync.Mutex
	trips []string
}

func (c *tripCounter) add(sql string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.trips = append(c.trips, strings.Join(strings.Fields(sql), " "))
}

func (c *tripCounter) TraceQueryStart(ctx context.Context, _ *pgx.Conn, d pgx.TraceQueryStartData) context.Context {
	c.add(d.SQL)
	return ctx
}
func (c *tripCounter) TraceQueryEnd(context.Context, *pgx.Conn, pgx.TraceQueryEndData) {}
func (c *tripCounter) TraceBatchStart(ctx context.Context, _ *pgx.Conn, d pgx.TraceBatchStartData) context.Context {
	var sqls []string
	for _, q := range d.Batch.QueuedQueries {
		sqls = append(sqls, q.SQL)
	}
	c.add("batch: " + strings.Join(sqls, "; "))
	return ctx
}
func (c *tripCounter) TraceBatchQuery(context.Context, *pgx.Conn, pgx.TraceBatchQueryData) {}
func (c *tripCounter) TraceBatchEnd(context.Context, *pgx.Conn, pgx.TraceBatchEndData)     {}

// tracedFlows is f's flows on a pool of one connection traced by c.
func tracedFlows(t *testing.T, f *fixture, c *tripCounter) *Flows {
	t.Helper()
	cfg := f.db.Pool.Config()
	cfg.ConnConfig.Tracer = c
	cfg.MaxConns = 1
	pool, err := pgxpool.NewWithConfig(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(pool.Close)
	return &Flows{DB: &data.DB{Pool: pool}, Now: f.flows.Now}
}

// TestBookingRoundTrips counts the round trips of a booking as the
// bookings bench makes it (the best entitlement chosen, an
// Idempotency-Key, the confirmation mail queued), and
// those made while the session's row is locked, which every other booking
// of the session waits for: they bound how many bookings of one session
// commit in a second.
func TestBookingRoundTrips(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	c := &tripCounter{}
	flows := tracedFlows(t, f, c)
	sessions := f.db.Pool
	var ids []int64
	rows, err := sessions.Query(ctx, `select s.id from course_schedules s join courses c on c.id = s.course_id
		where c.name = '墊上皮拉提斯' and s.date > '2026-11-23' and s.booked < s.capacity order by s.date, s.start_time limit 3`)
	if err != nil {
		t.Fatal(err)
	}
	ids, err = pgx.CollectRows(rows, pgx.RowTo[int64])
	if err != nil || len(ids) < 2 {
		t.Fatalf("sessions %v, %v", ids, err)
	}
	w := f.who(t, "member@example.com")
	// the first booking fills the connection's statement cache
	if _, err := flows.Book(ctx, w, Request{ScheduleIDs: ids[:1], Key: "warm", AllowConflict: true}); err != nil {
		t.Fatal(err)
	}
	c.trips = nil
	if _, err := flows.Book(ctx, w, Request{ScheduleIDs: ids[1:2], Key: "counted", AllowConflict: true}); err != nil {
		t.Fatal(err)
	}
	locked := -1
	for i, s := range c.trips {
		if locked < 0 && strings.Contains(s, "for update of s") {
			locked = i
		}
		t.Logf("%2d %.140s", i+1, s)
	}
	if locked < 0 {
		t.Fatal("the session was not locked")
	}
	under := len(c.trips) - locked
	t.Logf("%d round trips, %d of them with the session locked (from its lock to the commit)", len(c.trips), under)
	// begin with the sessions' read, the locks and every read, the writes, commit
	if len(c.trips) > 4 || under > 3 {
		t.Errorf("%d round trips, %d with the session locked; want at most 4 and 3", len(c.trips), under)
	}
}

// TestSeveralSessionsSpendInTurn: a request booking two sessions reads,
// for the second, what the first spent (its writes wait in the
// transaction): with one count card of one visit it books neither; with
// two such cards, the second session is paid by the second card (a
// choice made on what was read before the first booking would pick the
// first card again, spent, and fail).
func TestSeveralSessionsSpendInTurn(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	if !f.brand.ModuleSet().Has(data.ModuleMultiBooking) {
		f.brand.Modules = append(f.brand.Modules, data.ModuleMultiBooking)
	}
	rows, err := f.db.Pool.Query(ctx, `select s.id from course_schedules s join courses c on c.id = s.course_id
		where c.name = '墊上皮拉提斯' and s.date > '2026-11-23' and s.booked < s.capacity order by s.date, s.start_time limit 2`)
	if err != nil {
		t.Fatal(err)
	}
	ids, err := pgx.CollectRows(rows, pgx.RowTo[int64])
	if err != nil || len(ids) != 2 {
		t.Fatalf("sessions %v, %v", ids, err)
	}
	for _, c := range []struct {
		cards, booked, left, code int
	}{{1, 0, 1, storefront.CodeNoEntitlement}, {2, 2, 0, 0}} {
		var user int64
		err := f.db.Pool.QueryRow(ctx, `with u as (insert into users (brand_id, email, name, password_hash, email_verified_at)
			values ('demo', 'cards' || $1::int || '@example.com', '會員', 'x', now()) returning id)
			insert into member_tickets (brand_id, user_id, name, ticket_type, total, remain, starts_on)
			select 'demo', id, '團課', 'count', 1, 1, '2026-11-01' from u, generate_series(1, $1::int) returning user_id`, c.cards).Scan(&user)
		if err != nil {
			t.Fatal(err)
		}
		u, err := f.db.User(ctx, "demo", user, storefront.CodeMemberNotFound)
		if err != nil {
			t.Fatal(err)
		}
		_, err = f.flows.Book(ctx, Who{Brand: f.brand, User: u}, Request{ScheduleIDs: ids, AllowConflict: true})
		if (err == nil) != (c.code == 0) || (err != nil && storefront.AsError(err).Code != c.code) {
			t.Errorf("%d cards: %v; want code %d", c.cards, err, c.code)
		}
		var booked, left int
		f.db.Pool.QueryRow(ctx, `select (select count(*) from bookings where user_id = $1), (select sum(remain) from member_tickets where user_id = $1)`,
			user).Scan(&booked, &left)
		if booked != c.booked || left != c.left {
			t.Errorf("%d cards: %d booked, %d visits left; want %d and %d", c.cards, booked, left, c.booked, c.left)
		}
	}
}
