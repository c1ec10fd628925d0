package host

import (
	"context"
	"fmt"
	"net/http/httptest"
	"storefront"
	"strings"
	"sync"
	"testing"
	"time"

	"storefront/host/wire"
)

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
