package host

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"storefront"
	"strings"
	"sync"
	"testing"
	"time"

	"storefront/data/dbtest"
	"storefront/host/wire"
	"storefront/rules"
)

// The booking calls (issue 11) through the real handler on the demo
// catalogue, loaded as if on Monday 2026-11-23 with the clock at 09:00.

var bookingDay = time.Date(2026, 11, 23, 9, 0, 0, 0, rules.Taipei)

const testScannerToken = "scanner-token-of-the-tests-0123456789"

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
	return member2{id, sid}
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
		out[i] = member2{id, sid}
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

// TestBookingErrorCodes: every rule of the booking calls answers its code
// (the spec's -60000002 … -60000012 and ours, -21 and -30 … -39) with its
// Traditional Chinese message and a fitting status.
func TestBookingErrorCodes(t *testing.T) {
	ts := newBookingServer(t)
	me := ts.me
	// sessions of Monday 2026-11-23 (today) and later, all at Xinyi
	hatha := ts.session(t, "哈達瑜珈", "2026-11-23")      // 07:00, begun at 09:00
	pilates := ts.session(t, "墊上皮拉提斯", "2026-11-23")  // 12:15: past its 12-hour cancellation deadline
	hiit := ts.session(t, "高強度間歇 HIIT", "2026-11-23") // 18:30
	cycling := ts.session(t, "有氧飛輪 45", "2026-11-23") // 19:00
	later := ts.session(t, "墊上皮拉提斯", "2026-11-26")    // Thursday
	farOff := ts.session(t, "墊上皮拉提斯", "2026-12-10")   // more than 14 days ahead
	barbell := ts.session(t, "槓鈴技術工作坊", "2026-11-28") // Saturday, made a private-coach class
	full := ts.id(t, `select schedule_id from bookings where user_id = $1`, ts.daan.id)
	// a second session at the pilates class's time
	clash := ts.id(t, `insert into course_schedules (brand_id, course_id, date, start_time, end_time, capacity)
		select brand_id, course_id, date, start_time, end_time, 10 from course_schedules where id = $1 returning id`, pilates)

	// bookings in the states the rules refuse
	ts.clock.t = bookingDay.Add(-13 * time.Hour) // Sunday 20:00
	begun := ts.booked(t, me, hatha)
	ts.clock.t = bookingDay
	pastDeadline := ts.booked(t, me, pilates)
	checkedIn := ts.booked(t, me, hiit)
	ts.clock.t = bookingDay.Add(9*time.Hour + 25*time.Minute) // 18:25
	wantCode(t, scenario{Method: "POST", Path: "/api/user/checkInBooking", Body: body("bookingId", checkedIn), Header: me.auth()}.run(t, ts), 200, 0)
	ts.clock.t = bookingDay
	ts.exec(t, `update courses set private_coach = true where brand_id = 'demo' and name = '槓鈴技術工作坊'`)
	private := ts.id(t, `insert into member_tickets (brand_id, user_id, name, ticket_type, total, remain, starts_on)
		values ('demo', $1, '私人教練 5 堂', 'privateCount', 5, 5, '2026-11-01') returning id`, me.id)
	coach := ts.booked(t, me, barbell, "payment", map[string]any{"kind": "ticket", "holdingId": private})
	online := ts.id(t, `insert into bookings (brand_id, user_id, store_id, schedule_id, starts_at, ends_at, pay_kind, order_id)
		select 'demo', $1, c.store_id, s.id, (s.date + s.start_time) at time zone 'Asia/Taipei', (s.date + s.end_time) at time zone 'Asia/Taipei', 'order', 77
		  from course_schedules s join courses c on c.id = s.course_id where s.id = $2 returning id`, me.id, cycling)
	cancelled := ts.id(t, `select id from bookings where user_id = $1 and status = 'cancelled'`, me.id)
	shortTicket := ts.id(t, `insert into member_tickets (brand_id, user_id, name, ticket_type, total, remain, starts_on, ends_on)
		values ('demo', $1, '體驗 2 堂', 'count', 2, 2, '2026-11-10', '2026-11-24') returning id`, me.id)
	unverified := ts.newMembers(t, "unverified", 1, 5, false)[0]

	cancel := func(id int64) map[string]any { return body("bookingId", id) }
	runScenarios(t, ts, []scenario{
		{Name: "not logged in: -21", Method: "POST", Path: "/api/schedule/booking", Body: body("scheduleId", later),
			Status: 401, Code: storefront.CodeLoginRequired, Message: "請先登入會員"},
		{Name: "malformed body: 400", Method: "POST", Path: "/api/schedule/booking", Body: `{"brandId": "demo", "scheduleId": "x"}`, Header: me.auth(),
			Status: 400, Code: storefront.CodeBadRequest, Message: "欄位 scheduleId 的資料型別不正確"},
		{Name: "no session named: 400", Method: "POST", Path: "/api/schedule/booking", Body: body(), Header: me.auth(),
			Status: 400, Code: storefront.CodeBadRequest, Message: "請提供課程場次代碼 scheduleId"},
		{Name: "unknown payment kind: 400", Method: "POST", Path: "/api/schedule/booking", Body: body("scheduleId", later, "payment", map[string]any{"kind": "cash", "holdingId": 1}), Header: me.auth(),
			Status: 400, Code: storefront.CodeBadRequest},
		{Name: "session full: -30", Method: "POST", Path: "/api/schedule/booking", Body: body("scheduleId", full), Header: me.auth(),
			Status: 409, Code: storefront.CodeSessionFull, Message: "此課程名額已滿"},
		{Name: "booking not open yet: -31", Method: "POST", Path: "/api/schedule/booking", Body: body("scheduleId", farOff), Header: me.auth(),
			Status: 409, Code: storefront.CodeBookingClosed, Message: "目前不在此課程的開放預約時間內"},
		{Name: "nothing can pay: -32", Method: "POST", Path: "/api/schedule/booking", Body: body("scheduleId", later), Header: ts.xiaomei.auth(),
			Status: 409, Code: storefront.CodeNoEntitlement, Message: "您沒有可用於此課程的票券或通行卡"},
		{Name: "another booking at that time: -33", Method: "POST", Path: "/api/schedule/booking", Body: body("scheduleId", clash), Header: me.auth(),
			Status: 409, Code: storefront.CodeTimeConflict, Message: "您在此時段已有其他預約"},
		{Name: "e-mail not verified: -34", Method: "POST", Path: "/api/schedule/booking", Body: body("scheduleId", later), Header: unverified.auth(),
			Status: 403, Code: storefront.CodeEmailNotVerified, Message: "請先完成電子信箱驗證再預約課程"},
		{Name: "a ticket ending before the class: -60000006", Method: "POST", Path: "/api/schedule/booking",
			Body: body("scheduleId", later, "payment", map[string]any{"kind": "ticket", "holdingId": shortTicket}), Header: me.auth(),
			Status: 409, Code: storefront.CodeBookingPastValidity, Message: "預約失敗，課程時間超過票券效期"},
		{Name: "its verify says the same: -60000006", Method: "POST", Path: "/api/schedule/ticket/verify",
			Body: body("scheduleId", later, "payment", map[string]any{"kind": "ticket", "holdingId": shortTicket}), Header: me.auth(),
			Status: 409, Code: storefront.CodeBookingPastValidity},
		{Name: "leaving a list one is not on: -35", Method: "POST", Path: "/api/schedule/waiting/update", Body: body("scheduleId", later, "action", "leave"), Header: me.auth(),
			Status: 404, Code: storefront.CodeNotWaiting, Message: "您不在此課程的候補名單中"},
		{Name: "waiting for a session with seats: -36", Method: "POST", Path: "/api/schedule/waiting/add", Body: body("scheduleId", later), Header: me.auth(),
			Status: 409, Code: storefront.CodeNotFull, Message: "此課程尚有名額，請直接預約"},
		{Name: "waiting for one's own session: -37", Method: "POST", Path: "/api/schedule/waiting/add", Body: body("scheduleId", full), Header: ts.daan.auth(),
			Status: 409, Code: storefront.CodeAlreadyBooked, Message: "您已預約此課程"},
		{Name: "check-in window not open: -38", Method: "POST", Path: "/api/user/checkInBooking", Body: cancel(pastDeadline), Header: me.auth(),
			Status: 409, Code: storefront.CodeCheckInClosed, Message: "目前不在此課程的簽到時間內"},
		{Name: "a forged QR token: -39", Method: "POST", Path: "/api/checkin/qr", Body: map[string]any{"token": "c1.demo.1.zzzzzz.forged"},
			Header: []string{"Authorization", "Bearer " + testScannerToken}, Status: 403, Code: storefront.CodeCheckInInvalid},
		{Name: "a scanner without the token: 403", Method: "POST", Path: "/api/checkin/qr", Body: map[string]any{"token": "x"},
			Header: []string{"Authorization", "Bearer wrong"}, Status: 403, Code: storefront.CodeForbidden},
		{Name: "no such booking: -60000002", Method: "POST", Path: "/api/user/cancelBooking", Body: cancel(99999999), Header: me.auth(),
			Status: 404, Code: storefront.CodeBookingNotFound, Message: "查無此預約紀錄"},
		{Name: "another member's booking: -60000002", Method: "POST", Path: "/api/user/cancelBooking", Body: cancel(coach), Header: ts.daan.auth(),
			Status: 404, Code: storefront.CodeBookingNotFound},
		{Name: "already cancelled: -60000007", Method: "POST", Path: "/api/user/cancelBooking", Body: cancel(cancelled), Header: me.auth(),
			Status: 409, Code: storefront.CodeBookingCancelled, Message: "此預約已取消"},
		{Name: "bought online: -60000008", Method: "POST", Path: "/api/user/cancelBooking", Body: cancel(online), Header: me.auth(),
			Status: 409, Code: storefront.CodeBookingBoughtOnline, Message: "此預約為線上購買，無法取消"},
		{Name: "past the cancellation time: -60000009", Method: "POST", Path: "/api/user/cancelBooking", Body: cancel(pastDeadline), Header: me.auth(),
			Status: 409, Code: storefront.CodePastCancelTime, Message: "已超過可取消預約的時間"},
		{Name: "a coach class: -60000010", Method: "POST", Path: "/api/user/cancelBooking", Body: cancel(coach), Header: me.auth(),
			Status: 409, Code: storefront.CodeCoachClass, Message: "此預約為教練課，無法取消"},
		{Name: "checked in: -60000011", Method: "POST", Path: "/api/user/cancelBooking", Body: cancel(checkedIn), Header: me.auth(),
			Status: 409, Code: storefront.CodeCheckedIn, Message: "已完成簽到，無法取消"},
		{Name: "the class has begun: -60000012", Method: "POST", Path: "/api/user/cancelBooking", Body: cancel(begun), Header: me.auth(),
			Status: 409, Code: storefront.CodeCannotCancel, Message: "此預約無法取消"},
		{Name: "verify names the rule and the store to call", Method: "POST", Path: "/api/user/cancelBooking/verify", Body: cancel(pastDeadline), Header: me.auth(),
			Status: 200, Contains: []string{`"cancellable":false`, `"code":-60000009`, `"message":"已超過可取消預約的時間"`, `"storePhone":"02-`}},
		{Name: "the booking list shows what may be done", Method: "GET", Path: "/api/user/bookingList?brandId=demo&status=booked", Header: me.auth(),
			Status: 200, Contains: []string{`"cancelCode":-60000009`, `"canCancel":false`, `"calendarUrl":"/api/user/bookings/`}},
		{Name: "a bad filter: 400", Method: "GET", Path: "/api/user/bookingList?brandId=demo&status=lost", Header: me.auth(),
			Status: 400, Code: storefront.CodeBadRequest, Message: "狀態 status 需為 booked、cancelled 或 attended"},
	})
}

// TestScheduleSeatsAndPayment: the schedule call carries the live seats
// and the member's own state; paymentInfo preselects the best.
func TestScheduleSeatsAndPayment(t *testing.T) {
	ts := newBookingServer(t)
	full := ts.id(t, `select schedule_id from bookings where user_id = $1`, ts.daan.id)
	later := ts.session(t, "墊上皮拉提斯", "2026-11-26")
	var seats []wire.ScheduleSeat
	apiResult(t, scenario{Path: fmt.Sprintf("/api/schedule?brandId=demo&scheduleId=%d", full), Header: ts.xiaomei.auth(), Status: 200}.run(t, ts), &seats)
	if len(seats) != 1 || !seats[0].Full || seats[0].SeatsLeft != 0 || seats[0].WaitingCount != 1 || seats[0].MyWaitingPosition != 1 || seats[0].BookableNow {
		t.Errorf("the full class: %+v", seats)
	}
	var info wire.PaymentInfo
	apiResult(t, scenario{Path: fmt.Sprintf("/api/schedule/paymentInfo?brandId=demo&scheduleId=%d", later), Header: ts.me.auth(), Status: 200}.run(t, ts), &info)
	if info.Preselected == nil || info.Preselected.Kind != "passcard" || info.Options[0].Name != "季卡通行卡" || info.Options[0].Cost != 0 {
		t.Fatalf("paymentInfo: %+v", info)
	}
	id := ts.booked(t, ts.me, later)
	apiResult(t, scenario{Path: fmt.Sprintf("/api/schedule?brandId=demo&scheduleId=%d", later), Header: ts.me.auth(), Status: 200}.run(t, ts), &seats)
	if seats[0].MyBookingID != id || seats[0].MyBookingStatus != "booked" || seats[0].SeatsLeft != seats[0].Capacity-1 {
		t.Errorf("after booking: %+v", seats[0])
	}
	// the visitor's view: no member state
	apiResult(t, scenario{Path: fmt.Sprintf("/api/schedule?brandId=demo&scheduleId=%d", later), Status: 200}.run(t, ts), &seats)
	if seats[0].MyBookingID != 0 || !seats[0].BookableNow {
		t.Errorf("a visitor's view: %+v", seats[0])
	}
}

// TestBookingCalendar: the .ics of a booking keeps its UID; once cancelled
// it carries METHOD:CANCEL; the confirmation mail arrives with it attached.
func TestBookingCalendar(t *testing.T) {
	ts := newBookingServer(t)
	later := ts.session(t, "墊上皮拉提斯", "2026-11-26")
	id := ts.booked(t, ts.me, later)
	path := fmt.Sprintf("/api/user/bookings/%d/calendar.ics?brandId=demo", id)
	uid := fmt.Sprintf("UID:booking-%d-demo@storefront", id)
	w := scenario{Path: path, Header: ts.me.auth(), Status: 200, Contains: []string{"METHOD:PUBLISH", uid, "DTSTART:20261126T041500Z"}}.run(t, ts)
	if ct := w.Header().Get("Content-Type"); !strings.HasPrefix(ct, "text/calendar") {
		t.Errorf("Content-Type %q", ct)
	}
	m, ok := ts.box.Wait("member@example.com", 0, 5*time.Second)
	if !ok || !strings.Contains(m.Subject, "預約成功") || !strings.Contains(m.Raw, `booking.ics`) || !strings.Contains(m.Raw, "text/calendar") {
		t.Errorf("confirmation mail %q (attached: %v)", m.Subject, strings.Contains(m.Raw, "booking.ics"))
	}
	scenario{Method: "POST", Path: "/api/user/cancelBooking", Body: body("bookingId", id), Header: ts.me.auth(), Status: 200}.run(t, ts)
	scenario{Path: path, Header: ts.me.auth(), Status: 200, Contains: []string{"METHOD:CANCEL", uid, "STATUS:CANCELLED"}}.run(t, ts)
	scenario{Path: path, Header: ts.daan.auth(), Status: 404, Code: storefront.CodeBookingNotFound}.run(t, ts)
}

// TestBookingSameRequestTwenty: the same booking request sent 20 times at
// once by one member (with one Idempotency-Key, then without) makes one
// booking and spends one visit.
func TestBookingSameRequestTwenty(t *testing.T) {
	ts := newBookingServer(t)
	m := ts.newMembers(t, "twenty", 1, 5, true)[0]
	for _, key := range []string{"key-1", ""} {
		sid := ts.session(t, "墊上皮拉提斯", map[string]string{"key-1": "2026-11-26", "": "2026-11-30"}[key])
		var wg sync.WaitGroup
		ids := make([]int64, 20)
		for i := range 20 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				req := httptest.NewRequest("POST", "/api/schedule/booking", strings.NewReader(fmt.Sprintf(`{"brandId":"demo","scheduleId":%d}`, sid)))
				req.Header.Set("Authorization", m.session)
				if key != "" {
					req.Header.Set("Idempotency-Key", key)
				}
				w := httptest.NewRecorder()
				ts.ServeHTTP(w, req)
				var a wire.BookingAnswer
				if env := apiResult(t, w, &a); env.ErrorCode == 0 && len(a.Bookings) == 1 {
					ids[i] = a.Bookings[0].ID
				}
			}()
		}
		wg.Wait()
		for _, id := range ids {
			if id == 0 || id != ids[0] {
				t.Fatalf("key %q: answers %v; want one booking 20 times", key, ids)
			}
		}
		var n, booked int
		ts.db.Pool.QueryRow(context.Background(), `select (select count(*) from bookings where user_id = $1 and schedule_id = $2),
			(select booked from course_schedules where id = $2)`, m.id, sid).Scan(&n, &booked)
		if n != 1 || booked != 1 {
			t.Errorf("key %q: %d bookings, %d seats taken; want 1, 1", key, n, booked)
		}
	}
	if remain := ts.id(t, `select remain from member_tickets where user_id = $1`, m.id); remain != 3 {
		t.Errorf("%d visits left; want 5 - 2", remain)
	}
}

// TestCancelAndBookRace: a full class with a waiting list of 5 (the first
// no longer able to pay). Three members cancel while three outsiders try
// to book the freed seats, all at once: no seat is sold twice, the seats
// go to the waiting list in order, skipping the ineligible first, and
// nobody is promoted twice.
func TestCancelAndBookRace(t *testing.T) {
	ts := newBookingServer(t)
	sid := ts.session(t, "墊上皮拉提斯", "2026-11-26")
	ts.exec(t, `update course_schedules set capacity = 4 where id = $1`, sid)
	holders := ts.newMembers(t, "holder", 4, 5, true)
	bookingIDs := make([]int64, 4)
	for i, h := range holders {
		bookingIDs[i] = ts.booked(t, h, sid)
	}
	waiters := ts.newMembers(t, "waiter", 5, 5, true)
	for i, w := range waiters {
		wantCode(t, scenario{Method: "POST", Path: "/api/schedule/waiting/add", Body: body("scheduleId", sid), Header: w.auth()}.run(t, ts), 200, 0)
		ts.clock.Add(time.Second) // a clear order
		if i == 0 {               // the first one's card is used up meanwhile
			ts.exec(t, `update member_tickets set remain = 0 where user_id = $1`, w.id)
		}
	}
	outsiders := ts.newMembers(t, "outsider", 3, 5, true)
	var wg sync.WaitGroup
	for i := range 3 {
		wg.Add(2)
		go func() {
			defer wg.Done()
			scenario{Method: "POST", Path: "/api/user/cancelBooking", Body: body("bookingId", bookingIDs[i]), Header: holders[i].auth(), Status: 200}.run(t, ts)
		}()
		go func() {
			defer wg.Done()
			// refused (full) or, between a cancel and its promotion... never: both are one transaction
			scenario{Method: "POST", Path: "/api/schedule/booking", Body: body("scheduleId", sid), Header: outsiders[i].auth(),
				Status: 409, Code: storefront.CodeSessionFull}.run(t, ts)
		}()
	}
	wg.Wait()
	ctx := context.Background()
	var booked, capacity, live int
	ts.db.Pool.QueryRow(ctx, `select booked, capacity, (select count(*) from bookings where schedule_id = $1 and status <> 'cancelled')
		from course_schedules where id = $1`, sid).Scan(&booked, &capacity, &live)
	if booked != capacity || live != capacity {
		t.Fatalf("%d seats taken, %d live bookings, capacity %d", booked, live, capacity)
	}
	rows, _ := ts.db.Pool.Query(ctx, `select w.user_id, w.status, (select count(*) from bookings b where b.user_id = w.user_id and b.schedule_id = $1 and b.status = 'booked')
		from booking_waitlist w where w.schedule_id = $1 order by w.created_at, w.id`, sid)
	defer rows.Close()
	want := []string{"skipped", "promoted", "promoted", "promoted", "waiting"}
	i := 0
	for rows.Next() {
		var uid int64
		var status string
		var n int
		rows.Scan(&uid, &status, &n)
		if uid != waiters[i].id || status != want[i] || (status == "promoted") != (n == 1) || n > 1 {
			t.Errorf("waiter %d: %s with %d bookings; want %s", i+1, status, n, want[i])
		}
		i++
	}
	if remain := ts.id(t, `select sum(remain) from member_tickets where user_id = any($1)`, []int64{waiters[1].id, waiters[2].id, waiters[3].id}); remain != 12 {
		t.Errorf("the promoted have %d visits left; want 3 × 4", remain)
	}
}

// openAPIBlocks are the comments that open the blocks of server.go whose
// calls openapi.json documents (each block ends at the next comment or blank
// line); openAPIRouteFuncs are the route functions of api_*.go it documents
// whole.
var (
	openAPIBlocks     = []string{"// booking (issue 11", "// recurring card payments and card change (issue 13", "// term schedules and counting passcards (issue 13)", "// the rest of issue 14", "// issue 15's calls"}
	openAPIRouteFuncs = []string{"deferredRoutes"}
)

// documentedBlocks is the source of the routes openapi.json must document,
// with each "METHOD "+pathConstant written out as one literal.
func documentedBlocks(t *testing.T, server string) string {
	var block strings.Builder
	for _, m := range openAPIBlocks {
		i := strings.Index(server, m)
		if i < 0 {
			t.Fatalf("server.go has no block %q", m)
		}
		b := server[i+len(m):]
		b = b[strings.Index(b, "\n"):]
		if end := regexp.MustCompile(`\n\s*(//|\n)`).FindStringIndex(b); end != nil {
			b = b[:end[0]]
		}
		block.WriteString(b + "\n")
	}
	files, _ := filepath.Glob("*.go")
	consts := map[string]string{}
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range regexp.MustCompile(`(\w+)\s*=\s*"(/api/[^"]+)"`).FindAllStringSubmatch(string(src), -1) {
			consts[c[1]] = c[2]
		}
		for _, fn := range openAPIRouteFuncs {
			if i := strings.Index(string(src), "func (s *Server) "+fn+"("); i >= 0 {
				b := string(src)[i:]
				block.WriteString(b[:strings.Index(b, "\n}\n")] + "\n")
			}
		}
	}
	return regexp.MustCompile(`"(GET|POST) "\s*\+\s*(\w+)`).ReplaceAllStringFunc(block.String(), func(m string) string {
		p := regexp.MustCompile(`"(GET|POST) "\s*\+\s*(\w+)`).FindStringSubmatch(m)
		return `"` + p[1] + " " + consts[p[2]] + `"`
	})
}

// TestOpenAPIMatchesRoutes: every call of the documented blocks of
// server.go (openAPIBlocks, openAPIRouteFuncs) is in openapi.json, and every
// documented call is served.
func TestOpenAPIMatchesRoutes(t *testing.T) {
	src, err := os.ReadFile("server.go")
	if err != nil {
		t.Fatal(err)
	}
	block := documentedBlocks(t, string(src))
	routes := regexp.MustCompile(`"(GET|POST) (/api/[^"]+)"`).FindAllStringSubmatch(block+"\nmux.Handle(\"GET /api/schedule\"", -1)
	var doc struct {
		Paths map[string]map[string]json.RawMessage `json:"paths"`
	}
	if err := json.Unmarshal(openAPIDoc, &doc); err != nil {
		t.Fatal(err)
	}
	registered := map[string]bool{}
	for _, r := range routes {
		if r[2] == "/api/openapi.json" {
			continue
		}
		registered[r[1]+" "+r[2]] = true
		if _, ok := doc.Paths[r[2]][strings.ToLower(r[1])]; !ok {
			t.Errorf("%s %s is not in openapi.json", r[1], r[2])
		}
	}
	ts := newTestServer(t)
	for path, ops := range doc.Paths {
		for method := range ops {
			if !registered[strings.ToUpper(method)+" "+path] {
				t.Errorf("openapi.json documents %s %s, not in server.go's documented blocks", method, path)
			}
			req := httptest.NewRequest(strings.ToUpper(method), strings.ReplaceAll(path, "{bookingId}", "1"), strings.NewReader("{}"))
			req.Header.Set("Authorization", "nobody")
			w := httptest.NewRecorder()
			ts.ServeHTTP(w, req)
			if w.Code == http.StatusMethodNotAllowed || strings.Contains(w.Body.String(), "找不到此 API") {
				t.Errorf("%s %s is not served: %d %s", method, path, w.Code, w.Body.String())
			}
		}
	}
	scenario{Path: "/api/openapi.json", Status: 200, Contains: []string{`"openapi": "3.1.0"`}}.run(t, ts)
}

// TestQRCheckIn: the member centre's QR token checks the member in at the
// studio's scanner within the check-in window; the same token two minutes
// later (a screenshot) does not.
func TestQRCheckIn(t *testing.T) {
	ts := newBookingServer(t)
	sid := ts.session(t, "高強度間歇 HIIT", "2026-11-23") // 18:30
	id := ts.booked(t, ts.me, sid)
	ts.clock.t = bookingDay.Add(9*time.Hour + 20*time.Minute) // 18:20
	var qr wire.CheckInQR
	apiResult(t, scenario{Path: "/api/user/checkInQr?brandId=demo", Header: ts.me.auth(), Status: 200}.run(t, ts), &qr)
	scanner := []string{"Authorization", "Bearer " + testScannerToken}
	ts.clock.Add(checkInTTL)
	scenario{Method: "POST", Path: "/api/checkin/qr", Body: map[string]any{"token": qr.Token}, Header: scanner,
		Status: 403, Code: storefront.CodeCheckInInvalid}.run(t, ts)
	ts.clock.Add(-time.Minute)
	var a wire.CheckInAnswer
	apiResult(t, scenario{Method: "POST", Path: "/api/checkin/qr", Body: map[string]any{"token": qr.Token}, Header: scanner, Status: 200}.run(t, ts), &a)
	if a.BookingID != id || a.MemberName != "林小安" || a.CheckedInAt.IsZero() {
		t.Errorf("check-in answer %+v", a)
	}
	forged := strings.Replace(qr.Token, fmt.Sprintf(".%d.", ts.me.id), fmt.Sprintf(".%d.", ts.daan.id), 1)
	scenario{Method: "POST", Path: "/api/checkin/qr", Body: map[string]any{"token": forged}, Header: scanner,
		Status: 403, Code: storefront.CodeCheckInInvalid}.run(t, ts)
}

// TestOneVisitSpentOnce: a member with one visit left books five
// different sessions at once: one booking, four refused, the visit spent
// once.
func TestOneVisitSpentOnce(t *testing.T) {
	ts := newBookingServer(t)
	m := ts.newMembers(t, "once", 1, 1, true)[0]
	var sids []int64
	for _, d := range []string{"2026-11-26", "2026-11-30", "2026-12-03"} {
		sids = append(sids, ts.session(t, "墊上皮拉提斯", d))
	}
	sids = append(sids, ts.session(t, "高強度間歇 HIIT", "2026-11-26"), ts.session(t, "高強度間歇 HIIT", "2026-11-30"))
	var wg sync.WaitGroup
	codes := make([]int, len(sids))
	for i, sid := range sids {
		wg.Add(1)
		go func() {
			defer wg.Done()
			codes[i] = apiResult(t, ts.book(t, m, sid), nil).ErrorCode
		}()
	}
	wg.Wait()
	ok := 0
	for _, c := range codes {
		switch c {
		case 0:
			ok++
		case storefront.CodeNoEntitlement:
		default:
			t.Errorf("code %d", c)
		}
	}
	n := ts.id(t, `select count(*) from bookings where user_id = $1`, m.id)
	if remain := ts.id(t, `select remain from member_tickets where user_id = $1`, m.id); ok != 1 || n != 1 || remain != 0 {
		t.Errorf("%d booked (%d rows), %d visits left; want 1, 1, 0 (codes %v)", ok, n, remain, codes)
	}
}
