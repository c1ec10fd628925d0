package host

import (
	"context"
	"net/http/httptest"
	"testing"
	"time"

	"storefront/data/dbtest"
	"storefront/host/wire"
	"storefront/rules"
)

// bookingServer: the calls through the real handler on the demo
// catalogue, loaded as if on Monday 2026-11-23 with the clock at 09:00,
// with members and helpers to book; the booking, check-in, holding QR and
// app calls' tests share it.

const testScannerToken = "scanner-token-of-the-tests-0123456789"

var bookingDay = time.Date(2026, 11, 23, 9, 0, 0, 0, rules.Taipei)

type bookingServer struct {
	*memberServer
	me, daan, xiaomei member2 // the demo members
}

// member2 is a member as a test sends it: its id and session.
type member2 struct {
	id      int64
	session string
}

func (m member2) auth() []string { return []string{"Authorization", m.session} }

func newBookingServer(t *testing.T) *bookingServer {
	t.Helper()
	ts := newMemberServer(t, func(d *Deps) {
		d.DB = dbtest.NewDemoAt(t, bookingDay)
		d.Config.ScannerToken = testScannerToken
	})
	ts.clock.t = bookingDay
	bs := &bookingServer{memberServer: ts}
	bs.me = bs.memberByEmail(t, "member@example.com")
	bs.daan = bs.memberByEmail(t, "member2@example.com")
	bs.xiaomei = bs.memberByEmail(t, "member3@example.com")
	return bs
}

// id runs a query answering one id.
func (ts *bookingServer) id(t *testing.T, sql string, args ...any) int64 {
	t.Helper()
	var id int64
	if err := ts.db.Pool.QueryRow(context.Background(), sql, args...).Scan(&id); err != nil {
		t.Fatalf("%s: %v", sql, err)
	}
	return id
}

func (ts *bookingServer) exec(t *testing.T, sql string, args ...any) {
	t.Helper()
	if _, err := ts.db.Pool.Exec(context.Background(), sql, args...); err != nil {
		t.Fatalf("%s: %v", sql, err)
	}
}

func (ts *bookingServer) memberByEmail(t *testing.T, email string) member2 {
	t.Helper()
	id := ts.id(t, `select id from users where brand_id = 'demo' and email = $1`, email)
	sid, err := ts.db.CreateSession(context.Background(), "demo", id, "test", ts.clock.Now())
	if err != nil {
		t.Fatal(err)
	}
	return member2{id: id, session: sid}
}

// newMembers creates n members of demo (verified or not), each holding a
// count card of visits, with their sessions.
func (ts *bookingServer) newMembers(t *testing.T, prefix string, n, visits int, verified bool) []member2 {
	t.Helper()
	ctx := context.Background()
	rows, err := ts.db.Pool.Query(ctx, `
		with u as (
		  insert into users (brand_id, email, name, password_hash, email_verified_at)
		  select 'demo', $1 || g || '@example.com', '會員' || g, 'x', case when $4 then now() end
		    from generate_series(1, $2) g returning id),
		k as (
		  insert into member_tickets (brand_id, user_id, name, ticket_type, total, remain, starts_on, ends_on)
		  select 'demo', u.id, '團課計次卡', 'count', greatest($3, 1), $3, '2026-11-01', '2027-05-01' from u returning user_id)
		select user_id from k order by user_id`, prefix, n, visits, verified)
	if err != nil {
		t.Fatal(err)
	}
	var ids []int64
	for rows.Next() {
		var id int64
		rows.Scan(&id)
		ids = append(ids, id)
	}
	rows.Close()
	out := make([]member2, len(ids))
	for i, id := range ids {
		sid, err := ts.db.CreateSession(ctx, "demo", id, "test", ts.clock.Now())
		if err != nil {
			t.Fatal(err)
		}
		out[i] = member2{id: id, session: sid}
	}
	return out
}

// session finds the session of a course at a store on a date (Xinyi
// unless store says otherwise), and frees its seats.
func (ts *bookingServer) session(t *testing.T, course, date string) int64 {
	t.Helper()
	id := ts.id(t, `select s.id from course_schedules s join courses c on c.id = s.course_id join stores st on st.id = c.store_id
		where c.brand_id = 'demo' and c.name = $1 and st.short_name = '信義館' and s.date = $2::date and s.term_class_id is null`, course, date)
	ts.exec(t, `update course_schedules set booked = 0 where id = $1`, id)
	return id
}

func (ts *bookingServer) book(t *testing.T, m member2, scheduleID int64, extra ...any) *httptest.ResponseRecorder {
	t.Helper()
	body := map[string]any{"brandId": "demo", "scheduleId": scheduleID}
	for i := 0; i+1 < len(extra); i += 2 {
		body[extra[i].(string)] = extra[i+1]
	}
	return scenario{Method: "POST", Path: "/api/schedule/booking", Body: body, Header: m.auth()}.run(t, ts)
}

// booked books and returns the new booking's id.
func (ts *bookingServer) booked(t *testing.T, m member2, scheduleID int64, extra ...any) int64 {
	t.Helper()
	w := ts.book(t, m, scheduleID, extra...)
	var a wire.BookingAnswer
	if env := apiResult(t, w, &a); env.ErrorCode != 0 || len(a.Bookings) != 1 {
		t.Fatalf("booking %d: %d %s", scheduleID, env.ErrorCode, w.Body.String())
	}
	return a.Bookings[0].ID
}

func body(kv ...any) map[string]any {
	m := map[string]any{"brandId": "demo"}
	for i := 0; i+1 < len(kv); i += 2 {
		m[kv[i].(string)] = kv[i+1]
	}
	return m
}
