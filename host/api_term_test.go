package host

import (
	"context"
	"fmt"
	"net/http"
	"storefront/host/wire"
	"testing"
)

// TestTermAndCountingAPI: every term and counting-passcard call, its
// answer and its refusals of bad input (scenario table), then a term
// bought through sale/payment and an overdue card paid in the sandbox's
// place (the dev test payment) once.
func TestTermAndCountingAPI(t *testing.T) {
	s := newShop(t)
	ctx := context.Background()
	_, sid := login(t, s.ts().browser(), "demo", "member@example.com", "demo1234")
	auth := []string{"Authorization", sid}
	var termID, classID, storeID, cardID int64
	var price int
	if err := s.db.Pool.QueryRow(ctx, `select tc.term_schedule_id, tc.id, c.store_id, tc.price from term_classes tc
		join courses c on c.id = tc.course_id where tc.name = '週末皮拉提斯養成班｜週日上午'`).Scan(&termID, &classID, &storeID, &price); err != nil {
		t.Fatal(err)
	}
	if err := s.db.Pool.QueryRow(ctx, `select m.id from member_counting_passcards m join users u on u.id = m.user_id
		where u.email = 'member@example.com' and u.brand_id = 'demo' and m.remain_minutes < 0`).Scan(&cardID); err != nil {
		t.Fatal(err)
	}
	check := func(action, account string, id int64) string {
		return fmt.Sprintf("/api/brand/demo/termSchedule/%d/check/%s/%s", id, action, account)
	}
	sale := fmt.Sprintf("/api/brand/demo/termSchedule/%d/%d/sale/payment", termID, classID)
	body := func(p int, trial bool) map[string]any {
		return map[string]any{"storeId": storeID, "price": p, "payWay": "2", "acceptTerms": true, "trial": trial}
	}
	runScenarios(t, s.memberServer, []scenario{
		{Name: "trial check of the term", Path: fmt.Sprintf("/api/brand/demo/termSchedule/%d/check/trial/member@example.com", termID), Header: auth, Status: 200, Contains: []string{`"action":"trial"`}},
		{Name: "trial check without a login", Path: fmt.Sprintf("/api/brand/demo/termSchedule/%d/check/trial/member@example.com", termID), Status: 401, Code: -21},
		{Name: "trial check of another account", Path: fmt.Sprintf("/api/brand/demo/termSchedule/%d/check/trial/someone@example.com", termID), Header: auth, Status: 403, Code: -6},
		{Name: "trial check of a bad term id", Path: "/api/brand/demo/termSchedule/abc/check/trial/member@example.com", Header: auth, Status: 400, Code: -1},
		{Name: "purchase check of the class", Path: check("purchase", "member@example.com", classID), Header: auth, Status: 200, Contains: []string{fmt.Sprintf(`"priceNow":%d`, price)}},
		{Name: "interim check before the term", Path: check("interim", "member@example.com", classID), Header: auth, Status: 409, Code: -1},
		{Name: "unknown action", Path: check("refund", "member@example.com", classID), Header: auth, Status: 400, Code: -1},
		{Name: "unknown class", Path: check("purchase", "member@example.com", 999999), Header: auth, Status: 404},
		{Name: "offers", Path: "/api/termSchedule?brandId=demo", Status: 200, Contains: []string{`"週末皮拉提斯養成班｜週日上午"`}},
		{Name: "offers of a bad term id", Path: "/api/termSchedule?brandId=demo&termScheduleId=x", Status: 400, Code: -1},
		{Name: "interim list before any term began", Path: "/api/termSchedule/interimList?brandId=demo", Status: 200, Contains: []string{`"offers":[]`}},
		{Name: "offers without a brand", Path: "/api/termSchedule", Status: 400, Code: -1},
		{Name: "sale at a wrong price", Method: http.MethodPost, Path: sale, Header: auth, Body: body(1, false), Status: 409, Code: -40},
		{Name: "sale without the terms", Method: http.MethodPost, Path: sale, Header: auth, Body: map[string]any{"storeId": storeID, "price": price, "payWay": "2"}, Status: 400, Code: -1},
		{Name: "sale in another store", Method: http.MethodPost, Path: sale, Header: auth, Body: map[string]any{"storeId": storeID + 1, "price": price, "payWay": "2", "acceptTerms": true}, Status: 400, Code: -49},
		{Name: "sale of a bad body", Method: http.MethodPost, Path: sale, Header: auth, Body: "{", Status: 400, Code: -1},
		{Name: "counting list", Path: "/api/user/counting-passcard/list?brandId=demo", Header: auth, Status: 200, Contains: []string{`"countingPasscardRemainAmt":-25`}},
		{Name: "counting list without a login", Path: "/api/user/counting-passcard/list?brandId=demo", Status: 401, Code: -21},
		{Name: "history", Path: fmt.Sprintf("/api/user/counting-passcard/history?brandId=demo&id=%d", cardID), Header: auth, Status: 200, Contains: []string{`"minutes":-175`}},
		{Name: "history of a bad id", Path: "/api/user/counting-passcard/history?brandId=demo&id=-3", Header: auth, Status: 400, Code: -1},
		{Name: "history of an unknown card", Path: "/api/user/counting-passcard/history?brandId=demo&id=999999", Header: auth, Status: 404},
		{Name: "charging setting", Path: "/api/user/counting-passcard/charging-setting?brandId=demo", Header: auth, Status: 200, Contains: []string{`"unitMinutes":10`, `"unitPrice":50`}},
		{Name: "overdue list", Path: "/api/user/counting-passcard/overdue-payable-list?brandId=demo", Header: auth, Status: 200, Contains: []string{`"owedMinutes":25`, `"amount":150`}},
		{Name: "overdue info", Path: fmt.Sprintf("/api/user/counting-passcard/overdue-payment-info?brandId=demo&id=%d", cardID), Header: auth, Status: 200, Contains: []string{`"amount":150`}},
		{Name: "overdue info without an id", Path: "/api/user/counting-passcard/overdue-payment-info?brandId=demo", Header: auth, Status: 400, Code: -1},
		{Name: "overdue verify at the body's amount", Method: http.MethodPost, Path: "/api/user/counting-passcard/overdue-purchase-verify", Header: auth,
			Body: map[string]any{"brandId": "demo", "countingPasscardId": cardID, "storeId": storeID, "price": 1, "payWay": "2"}, Status: 409, Code: -40},
		{Name: "overdue verify", Method: http.MethodPost, Path: "/api/user/counting-passcard/overdue-purchase-verify", Header: auth,
			Body: map[string]any{"brandId": "demo", "countingPasscardId": cardID, "storeId": storeID, "price": 150, "payWay": "2"}, Status: 200, Contains: []string{`"amount":150`}},
		{Name: "overdue verify without a card", Method: http.MethodPost, Path: "/api/user/counting-passcard/overdue-purchase-verify", Header: auth,
			Body: map[string]any{"brandId": "demo", "storeId": storeID, "price": 150, "payWay": "2"}, Status: 400, Code: -1},
	})

	// the term bought: its order holds a seat in every session to come; a second purchase is refused
	w := s.b.post(t, sale, body(price, false))
	var a wire.PaymentAnswer
	if env := apiResult(t, w, &a); w.Code != 200 || a.Amount != price {
		t.Fatalf("term sale: %d %+v", w.Code, env)
	}
	scenario{Name: "second purchase", Method: http.MethodPost, Path: sale, Header: auth, Body: body(price, false), Status: 409, Code: -72}.run(t, s.memberServer)
	// paid: its result says enrolled (no holding waits to start), and the
	// member's bookings name its sessions by the class, not the course
	termOrder := a.OrderNo
	if w := s.b.post(t, "/api/test/payment", map[string]any{"orderNo": termOrder}); w.Code != 200 {
		t.Fatalf("term payment: %d %s", w.Code, w.Body)
	}
	runScenarios(t, s.memberServer, []scenario{
		{Name: "the term's result", Path: "/api/v2/ec/payment/result/" + termOrder, Header: auth, Status: 200,
			Contains: []string{`"state":"paid"`, `"status":"enrolled"`, `"bookUrl":""`}, Absent: []string{`"status":"notActive"`}},
		{Name: "the term's sessions among the bookings", Path: "/api/user/bookingList?brandId=demo", Header: auth, Status: 200,
			Contains: []string{`"courseName":"週末皮拉提斯養成班｜週日上午"`}},
	})

	// the overdue card paid once (the dev payment, twice): its debt cleared, nothing owed after
	w = s.b.post(t, "/api/brand/demo/sale/payment", map[string]any{"kind": "overdue", "countingPasscardId": cardID, "storeId": storeID,
		"quantity": 1, "price": 150, "payWay": "2", "acceptTerms": true})
	if env := apiResult(t, w, &a); w.Code != 200 || a.Amount != 150 {
		t.Fatalf("overdue payment: %d %+v", w.Code, env)
	}
	for range 2 {
		if w := s.b.post(t, "/api/test/payment", map[string]any{"orderNo": a.OrderNo}); w.Code != 200 {
			t.Fatalf("test payment: %d %s", w.Code, w.Body)
		}
	}
	var remain, settled int
	s.db.Pool.QueryRow(ctx, `select remain_minutes, (select count(*) from counting_usage where counting_passcard_id = $1 and order_id is not null)
		from member_counting_passcards where id = $1`, cardID).Scan(&remain, &settled)
	if remain != 0 || settled != 1 {
		t.Errorf("after paying: remain %d, %d settlements; want 0, 1", remain, settled)
	}
	scenario{Name: "overdue info after paying", Path: fmt.Sprintf("/api/user/counting-passcard/overdue-payment-info?brandId=demo&id=%d", cardID),
		Header: auth, Status: 409, Code: -74}.run(t, s.memberServer)
}
