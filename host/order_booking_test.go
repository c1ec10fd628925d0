package host

import (
	"context"
	"fmt"
	"net/http"
	"storefront"
	"testing"

	"storefront/data"
	"storefront/host/wire"
	"storefront/providers"
)

// coming is the id of the nth coming session (from a day after the
// server's clock, with a seat left) of the demo course named course at
// 信義館.
func (s *buyer) coming(t *testing.T, course string, nth int) int64 {
	t.Helper()
	var id int64
	err := s.db.Pool.QueryRow(context.Background(), `select s.id from course_schedules s join courses c on c.id = s.course_id
		join stores st on st.id = c.store_id
		where c.brand_id = 'demo' and c.name = $1 and st.short_name = '信義館' and s.booked < s.capacity
		  and (s.date + s.start_time) at time zone 'Asia/Taipei' > $2::timestamptz + interval '1 day'
		order by s.date, s.start_time offset $3 limit 1`, course, s.clock.Now(), nth).Scan(&id)
	if err != nil {
		t.Fatal(err)
	}
	return id
}

// paidOrder orders body as the browser's member and pays it by card on
// the sandbox.
func (s *buyer) paidOrder(t *testing.T, body map[string]any) string {
	t.Helper()
	a := s.order(t, body)
	if w := s.payCard(t, s.toGateway(t, a), providers.TestCardApproved); w.Code != http.StatusSeeOther {
		t.Fatalf("return: %d %s", w.Code, w.Body)
	}
	return a.OrderNo
}

// TestOrderBooksItsSession: an item bought from the booking panel to book
// a session carries the session on its order, checked by the server (the
// brand's, and the item can pay for it); once paid, its result books the
// session once however often it is asked; a single class whose session
// filled while the buyer paid answers full and books nothing, and the
// seat bought then books another session of the course, once.
func TestOrderBooksItsSession(t *testing.T) {
	s := newShop(t)
	s.member(t, "fresh@example.com", true, map[string]string{"phone": "0912000111", "birthday": "1990-05-17"})
	s.b = s.ts().browser()
	if _, sid := login(t, s.b, "demo", "fresh@example.com", "secret-1"); sid == "" {
		t.Fatal("no session")
	}
	ctx := context.Background()
	session := s.coming(t, "空中瑜珈入門", 0)
	var yogaSession int64
	s.db.Pool.QueryRow(ctx, `select min(id) from course_schedules where brand_id = 'yoga'`).Scan(&yogaSession)
	tenVisits := s.demoItem(t, "團課 10 堂計次卡", data.PayWayCard)
	minutes := s.demoItem(t, "自由重訓 600 分鐘卡", data.PayWayCard)
	const precheck = "/api/brand/demo/sale/precheck"
	runScenarios(t, s, []scenario{
		{Name: "a count card to book a session it pays for", Method: http.MethodPost, Path: precheck, Body: with(tenVisits, "bookScheduleId", session),
			Header: []string{"Authorization", s.b.cookies[cookieSession].Value}, Status: 200},
		{Name: "a minutes card for a course that takes none", Method: http.MethodPost, Path: precheck, Body: with(minutes, "bookScheduleId", session),
			Header: []string{"Authorization", s.b.cookies[cookieSession].Value}, Status: 400, Code: storefront.CodeBadRequest, Message: "此方案無法用於預約這堂課"},
		{Name: "another brand's session", Method: http.MethodPost, Path: precheck, Body: with(tenVisits, "bookScheduleId", yogaSession),
			Header: []string{"Authorization", s.b.cookies[cookieSession].Value}, Status: 400, Code: storefront.CodeBadRequest, Message: "找不到此課程場次"},
		{Name: "no such session", Method: http.MethodPost, Path: precheck, Body: with(tenVisits, "bookScheduleId", 999999),
			Header: []string{"Authorization", s.b.cookies[cookieSession].Value}, Status: 400, Code: storefront.CodeBadRequest, Message: "找不到此課程場次"},
	})
	if w := s.b.post(t, "/api/brand/demo/sale/payment", with(minutes, "bookScheduleId", session)); w.Code != 400 {
		t.Fatalf("an order whose item cannot pay for its session: %d %s", w.Code, w.Body)
	}

	bookings := `select count(*) from bookings b join users u on u.id = b.user_id where u.email = 'fresh@example.com' and b.schedule_id = $1
		and b.status <> 'cancelled'`
	no := s.paidOrder(t, with(tenVisits, "bookScheduleId", session))
	first := s.result(t, no)
	if len(first.Booked) != 1 || first.Booked[0].ScheduleID != session || first.BookRefused != nil {
		t.Fatalf("the paid order's result: booked %+v, refused %+v", first.Booked, first.BookRefused)
	}
	// 去預約 leads back to the course it was bought for
	if want := fmt.Sprintf("/demo/activity/%d/%d", s.storeOf(t, session), s.course(t, session)); first.BookURL != want {
		t.Fatalf("the result's way to book = %q; want %q", first.BookURL, want)
	}
	for range 3 {
		if again := s.result(t, no); len(again.Booked) != 1 || again.Booked[0].ID != first.Booked[0].ID {
			t.Fatalf("asked again: %+v", again.Booked)
		}
	}
	if n := s.count(t, bookings, session); n != 1 {
		t.Fatalf("%d bookings of the session", n)
	}
	if n := s.count(t, `select remain from member_tickets t join orders o on o.id = t.order_id where o.number = $1`, no); n != 9 {
		t.Fatalf("the count card has %d visits left; want 9", n)
	}

	// a single class: its session fills while the buyer pays
	full, other := s.coming(t, "空中瑜珈入門", 1), s.coming(t, "空中瑜珈入門", 2)
	seat := map[string]any{"kind": "course", "courseId": s.course(t, full), "scheduleId": full, "storeId": s.storeOf(t, full),
		"quantity": 1, "price": 450, "payWay": data.PayWayCard, "acceptTerms": true}
	a := s.order(t, seat)
	s.db.Pool.Exec(ctx, `update course_schedules set capacity = booked where id = $1`, full)
	if w := s.payCard(t, s.toGateway(t, a), providers.TestCardApproved); w.Code != http.StatusSeeOther {
		t.Fatalf("return: %d %s", w.Code, w.Body)
	}
	refused := s.result(t, a.OrderNo)
	if refused.Order.State != data.OrderPaid || len(refused.Booked) != 0 || refused.BookRefused == nil ||
		refused.BookRefused.Code != storefront.CodeSessionFull || !refused.BookRefused.Seat || refused.BookRefused.ScheduleID != full ||
		refused.BookRefused.CourseID != s.course(t, full) {
		t.Fatalf("a full session: state %s, booked %+v, refused %+v", refused.Order.State, refused.Booked, refused.BookRefused)
	}
	if refused.BookURL != "" {
		t.Fatalf("a course's seat books with its own offer, not 去預約: %q", refused.BookURL)
	}
	if n := s.count(t, bookings, full); n != 0 {
		t.Fatalf("%d bookings of the full session", n)
	}
	rebook := "/api/v2/ec/payment/result/" + a.OrderNo + "/booking"
	var p wire.OrderResultPage
	if w := s.b.post(t, rebook, map[string]any{"scheduleId": other}); w.Code != 200 {
		t.Fatalf("another session: %d %s", w.Code, w.Body)
	} else if apiResult(t, w, &p); len(p.Booked) != 1 || p.Booked[0].ScheduleID != other || p.BookRefused != nil {
		t.Fatalf("another session: booked %+v, refused %+v", p.Booked, p.BookRefused)
	}
	if n := s.count(t, `select count(*) from bookings b join orders o on o.id = b.order_id where o.number = $1 and b.pay_kind = 'order'`, a.OrderNo); n != 1 {
		t.Fatalf("%d bookings paid by the seat", n)
	}
	// the seat is spent: asking for a third session answers the booking made
	third := s.coming(t, "空中瑜珈入門", 3)
	if w := s.b.post(t, rebook, map[string]any{"scheduleId": third}); w.Code != 200 {
		t.Fatalf("a third session: %d %s", w.Code, w.Body)
	} else if apiResult(t, w, &p); len(p.Booked) != 1 || p.Booked[0].ScheduleID != other {
		t.Fatalf("a third session: booked %+v", p.Booked)
	}
	if n := s.count(t, bookings, third); n != 0 {
		t.Fatalf("%d bookings of the third session", n)
	}
	// a seat of one course books no session of another
	var elsewhere int64
	s.db.Pool.QueryRow(ctx, `select s.id from course_schedules s join courses c on c.id = s.course_id where c.brand_id = 'demo'
		and c.id <> $1 limit 1`, s.course(t, full)).Scan(&elsewhere)
	b := s.paidOrder(t, with(with(seat, "scheduleId", nil), "courseId", s.course(t, full)))
	if w := s.b.post(t, "/api/v2/ec/payment/result/"+b+"/booking", map[string]any{"scheduleId": elsewhere}); w.Code != 200 {
		t.Fatalf("another course's session: %d %s", w.Code, w.Body)
	} else if apiResult(t, w, &p); len(p.Booked) != 0 || p.BookRefused == nil || p.BookRefused.Message != "這筆訂單購買的是其他課程的名額" {
		t.Fatalf("another course's session: booked %+v, refused %+v", p.Booked, p.BookRefused)
	}
	if w := s.b.post(t, rebook, map[string]any{"scheduleId": 0}); w.Code != 400 {
		t.Fatalf("no session: %d %s", w.Code, w.Body)
	}
}

// course and storeOf are the course and store of session id.
func (s *buyer) course(t *testing.T, id int64) int64 {
	return int64(s.count(t, `select course_id from course_schedules where id = $1`, id))
}

func (s *buyer) storeOf(t *testing.T, id int64) int64 {
	return int64(s.count(t, `select c.store_id from course_schedules s join courses c on c.id = s.course_id where s.id = $1`, id))
}
