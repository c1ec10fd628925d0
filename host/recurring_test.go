package host

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"storefront"
	"strings"
	"testing"

	"storefront/data"
	"storefront/host/wire"
	"storefront/providers"
	"storefront/rules"
)

// recurringShop is the shop with the plan brand's member logged in: the
// plan brand sells 月費方案 by monthly card payment, twelve months.
func recurringShop(t *testing.T) *buyer {
	t.Helper()
	s := newShop(t)
	s.checkout.HTTP = &http.Client{Transport: s.hc} // NPA-B051 reaches the sandbox
	s.b = s.browser()
	if w, _ := login(t, s.b, "plan", "member@example.com", "demo1234"); w.Code != 200 {
		t.Fatalf("login: %d %s", w.Code, w.Body)
	}
	return s
}

// monthlyPlan is the body that buys the plan brand's monthly plan by
// recurring card payment.
func (s *buyer) monthlyPlan(t *testing.T) map[string]any {
	t.Helper()
	var id, store int64
	err := s.db.Pool.QueryRow(context.Background(), `select i.id, (select min(id) from stores where brand_id = 'plan')
		from items i where i.brand_id = 'plan' and i.name = '月費方案'`).Scan(&id, &store)
	if err != nil {
		t.Fatal(err)
	}
	return map[string]any{"kind": "plan", "itemType": "passcard", "itemId": id, "storeId": store, "quantity": 1, "price": 1299,
		"payWay": data.PayWayRecurring, "acceptTerms": true}
}

// makeMandate opens a hand-off page (payment or card change), posts its
// form to the periodic sandbox, gives card and follows the return to our
// ReturnURL (a cross-site POST), returning that answer.
func (s *buyer) makeMandate(t *testing.T, page, card string) *httptest.ResponseRecorder {
	t.Helper()
	w := s.b.get(t, page)
	if w.Code != 200 {
		t.Fatalf("hand-off %s: %d %s", page, w.Code, w.Body)
	}
	action, fields := formOf(t, w.Body.String())
	if action != "/dev/newebpay/MPG/period" || fields.Get("MerchantID_") != "MS_SANDBOX" || fields.Get("PostData_") == "" {
		t.Fatalf("the form goes to %s with %v", action, fields)
	}
	w = s.b.post(t, action, fields.Encode(), "Content-Type", formType)
	m := regexp.MustCompile(`name="token" value="([0-9]+)"`).FindStringSubmatch(w.Body.String())
	if w.Code != 200 || m == nil {
		t.Fatalf("periodic gateway: %d\n%s", w.Code, w.Body)
	}
	w = s.b.post(t, "/dev/newebpay/MPG/period/pay", url.Values{"token": {m[1]}, "CardNo": {card}, "Exp": {"12/30"}, "CVC": {"123"}}.Encode(),
		"Content-Type", formType)
	action, fields = formOf(t, w.Body.String())
	if action != planPeriodReturnPath || fields.Get("Period") == "" {
		t.Fatalf("the gateway returns to %s: %v", action, fields)
	}
	return s.b.post(t, action, fields.Encode(), "Content-Type", formType, "Origin", "http://gateway.test", "Sec-Fetch-Site", "cross-site")
}

// paidPlan buys the monthly plan by recurring card payment with a card
// NewebPay approves: the order's number and its mandate's.
func (s *buyer) paidPlan(t *testing.T) (orderNo, mandate string) {
	t.Helper()
	var a wire.PaymentAnswer
	w := s.b.post(t, "/api/brand/plan/sale/payment", s.monthlyPlan(t))
	if env := apiResult(t, w, &a); w.Code != 200 {
		t.Fatalf("sale/payment: %d %+v", w.Code, env)
	}
	if w := s.makeMandate(t, a.PaymentURL, providers.TestCardApproved); w.Code != http.StatusSeeOther {
		t.Fatalf("return: %d %s", w.Code, w.Body)
	}
	mandate = s.mandates(t, a.OrderNo)[0]
	return a.OrderNo, mandate
}

// passEnd is the end of the pass recurring order no sold, and whether it
// is payment-failed.
func (s *buyer) passEnd(t *testing.T, no string) (string, bool) {
	t.Helper()
	var end string
	var failed bool
	err := s.db.Pool.QueryRow(context.Background(), `select to_char(p.ends_on, 'YYYY-MM-DD'), p.payment_failed from member_passcards p
		join orders o on o.id = p.order_id where o.number = $1`, no).Scan(&end, &failed)
	if err != nil {
		t.Fatal(err)
	}
	return end, failed
}

// TestRecurringYear: a year of monthly charges on the sandbox's clock,
// month 5 declined and the card changed: the pass covers exactly the
// months paid at each step (payment-failed while month 5 is unpaid), the
// card change re-charges month 5 once and ends the old mandate at
// NewebPay, the failure mail is queued once, every notification replayed
// changes nothing, and forged ones (bad encryption, another merchant,
// another amount, another mandate number) and one posted to another
// brand's URL are refused.
func TestRecurringYear(t *testing.T) {
	s := recurringShop(t)
	var a wire.PaymentAnswer
	w := s.b.post(t, "/api/brand/plan/sale/payment", s.monthlyPlan(t))
	if env := apiResult(t, w, &a); w.Code != 200 || a.PaymentURL != "/plan/plan-payment/recurring/"+a.OrderNo || a.Amount != 1299 {
		t.Fatalf("sale/payment: %d %+v %+v", w.Code, env, a)
	}
	w = s.makeMandate(t, a.PaymentURL, providers.TestCardApproved)
	if w.Code != http.StatusSeeOther || w.Header().Get("Location") != "http://example.com/plan/orderResult/"+a.OrderNo {
		t.Fatalf("return: %d %q %s", w.Code, w.Header().Get("Location"), w.Body)
	}
	p := s.result(t, a.OrderNo)
	if p.Order.State != data.OrderPaid || p.Order.PayWay != data.PayWayRecurring || p.Order.MaskedCard != "**** 1111" {
		t.Fatalf("result %+v", p.Order)
	}
	start, _ := rules.ParseDay("2026-11-22")
	covers := func(months int) string {
		end, _ := rules.ValidUntil(start, months, "M")
		return end.String()
	}
	want := func(months int, failed bool) {
		t.Helper()
		if end, f := s.passEnd(t, a.OrderNo); end != covers(months) || f != failed {
			t.Fatalf("after %d paid months: the pass ends %s (want %s), payment-failed %v", months, end, covers(months), f)
		}
	}
	want(1, false)
	sb := s.newebpaySandbox
	sb.AdvancePeriods(3) // months 2-4
	want(4, false)

	sb.DeclineNext(providers.TestCardApproved)
	sb.AdvancePeriods(1) // month 5 declined
	want(4, true)
	failMails := `select count(*) from mail_outbox where subject like '%扣款失敗%'`
	if n := s.count(t, failMails); n != 1 {
		t.Fatalf("%d failure mails", n)
	}
	for i := 0; ; i++ {
		m, ok := s.box.Wait("member@example.com", i, 5e9)
		if !ok {
			t.Fatal("the failure mail was not sent")
		}
		if strings.Contains(m.Subject, "扣款失敗") {
			if !strings.Contains(m.Text, "http://example.com/plan/changeFailCard/"+a.OrderNo) || !strings.Contains(m.Text, "第 5 期") {
				t.Fatalf("failure mail:\n%s", m.Text)
			}
			break
		}
	}
	var pass wire.MemberPasscardsPage
	var props struct {
		Data json.RawMessage `json:"data"`
	}
	json.Unmarshal(s.b.get(t, "/plan/user/passcard", propsHeader, "1").Body.Bytes(), &props)
	json.Unmarshal(props.Data, &pass)
	shown := 0
	for _, p := range pass.Passcards {
		if p.RecurringOrderNo == a.OrderNo && p.PaymentFailed {
			shown++
		}
	}
	if shown != 1 {
		t.Fatalf("member centre: %+v", pass.Passcards)
	}

	// the card change: a new mandate re-charging month 5 at once
	var c wire.CardChangeAnswer
	w = s.b.post(t, "/api/brand/plan/pay/neweb/change/card/authorize", map[string]any{"orderNo": a.OrderNo})
	if env := apiResult(t, w, &c); w.Code != 200 || c.ChangeOrderNo == "" || !strings.HasPrefix(c.PaymentURL, "/plan/card-payment/change/"+a.OrderNo) {
		t.Fatalf("authorize: %d %+v %+v", w.Code, env, c)
	}
	oldMandate := s.mandates(t, a.OrderNo)[0]
	w = s.makeMandate(t, c.PaymentURL, providers.TestCardSecond)
	if loc := w.Header().Get("Location"); w.Code != http.StatusSeeOther || loc != "http://example.com"+changeResultPath("/plan", a.OrderNo, c.ChangeOrderNo) {
		t.Fatalf("change return: %d %q", w.Code, loc)
	}
	want(5, false)
	if st := sb.MandateState(oldMandate); st != "terminated" {
		t.Fatalf("the old mandate is %q at NewebPay", st)
	}
	var v data.CardChangeView
	if w := s.b.get(t, "/api/brand/card/change?brandId=plan&orderNo="+a.OrderNo+"&changeOrderNo="+c.ChangeOrderNo); w.Code != 200 {
		t.Fatalf("card view: %d %s", w.Code, w.Body)
	} else {
		apiResult(t, w, &v)
	}
	if v.MaskedCard != "**** 1114" || v.FailedPeriod != nil || v.Paid != 5 || v.Change == nil || v.Change.State != data.MandateActive ||
		strings.Contains(w.Body.String(), "4000221111111114") {
		t.Fatalf("card view %+v %+v", v, v.Change)
	}

	sb.AdvancePeriods(9) // months 6-12 on the new card, then nothing left
	want(12, false)
	if n := s.count(t, `select count(*) from recurring_charges c join orders o on o.id = c.order_id where o.number = $1 and c.state = 'paid'`, a.OrderNo); n != 12 {
		t.Fatalf("%d months paid", n)
	}

	// every notification again: nothing changes
	bodies := s.replayNotifications(t)
	if len(bodies) < 13 {
		t.Fatalf("%d notifications", len(bodies))
	}
	want(12, false)
	if n := s.count(t, `select count(*) from recurring_charges c join orders o on o.id = c.order_id where o.number = $1`, a.OrderNo); n != 12 {
		t.Fatalf("%d charges after the replays", n)
	}
	if n := s.count(t, `select count(*) from order_events e join orders o on o.id = e.order_id where o.number = $1 and e.cause like 'period %'`, a.OrderNo); n != 13 {
		t.Fatalf("%d period events (12 months and one decline)", n)
	}
	if n := s.count(t, failMails); n != 1 {
		t.Fatalf("%d failure mails after the replays", n)
	}
	if n := s.count(t, `select count(*) from member_passcards p join orders o on o.id = p.order_id where o.number = $1`, a.OrderNo); n != 1 {
		t.Fatalf("%d passes", n)
	}

	// forgeries
	n := s.cfg.NewebPay
	mandate := s.mandates(t, a.OrderNo)[1]
	var periodNo string
	s.db.Pool.QueryRow(context.Background(), `select period_no from recurring_mandates where mer_order_no = $1`, mandate).Scan(&periodNo)
	forge := func(n providers.NewebPay, amount int, periodNo string) string {
		v, err := n.PeriodMessage(map[string]any{"Status": "SUCCESS", "Message": "授權成功", "Result": map[string]any{
			"RespondCode": "00", "MerchantID": n.MerchantID, "MerchantOrderNo": mandate, "OrderNo": mandate + "_3",
			"TradeNo": "FORGED123", "AlreadyTimes": "3", "TotalTimes": "8", "AuthAmt": amount, "PeriodNo": periodNo}})
		if err != nil {
			t.Fatal(err)
		}
		return v.Encode()
	}
	other := n
	other.MerchantID = "MS_OTHER"
	bad := []byte(bodies[len(bodies)-1])
	bad[len(bad)-3] ^= 1
	for name, body := range map[string]string{
		"bad encryption":   string(bad),
		"another merchant": forge(other, 1299, periodNo),
		"another amount":   forge(n, 1, periodNo),
		"another mandate":  forge(n, 1299, "P999"),
		"no Period":        "Status=SUCCESS",
	} {
		if w := s.notifyPeriod(body); w.Code != 400 {
			t.Errorf("%s: %d %s", name, w.Code, w.Body)
		}
	}
	// plan's own true message, sealed with the keys plan shares with demo
	// in dev (the platform's), posted to demo's periodic URL: its mandate
	// is another brand's order
	if w := s.send("POST", brandPath(periodNotifyPath, "demo"), bodies[len(bodies)-1]); w.Code != 400 ||
		s.count(t, `select count(*) from provider_callbacks where outcome = 'refused: another brand''s order'`) != 1 {
		t.Errorf("plan's message at demo's URL: %d %s", w.Code, w.Body)
	}
	want(12, false)
}

// mandates are the MerOrderNo of order no's mandates, oldest first.
func (s *buyer) mandates(t *testing.T, no string) []string {
	t.Helper()
	rows, err := s.db.Pool.Query(context.Background(), `select m.mer_order_no from recurring_mandates m join orders o on o.id = m.order_id
		where o.number = $1 and m.state <> 'pending' order by m.id`, no)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var m string
		rows.Scan(&m)
		out = append(out, m)
	}
	return out
}

// TestCardChangeCalls: the card change calls and pages refuse what they
// must (scenario rows): unknown, malformed and other brands' orders, no
// session, a cross-site post, a changeFailCard with no declined period,
// the admin path without the operator token; and show the card masked.
func TestCardChangeCalls(t *testing.T) {
	s := recurringShop(t)
	const token = "operator-token-of-the-tests-0123456789"
	s.cfg.OperatorToken = token
	var a wire.PaymentAnswer
	apiResult(t, s.b.post(t, "/api/brand/plan/sale/payment", s.monthlyPlan(t)), &a)
	if w := s.makeMandate(t, a.PaymentURL, providers.TestCardApproved); w.Code != http.StatusSeeOther {
		t.Fatalf("mandate: %d %s", w.Code, w.Body)
	}
	no := a.OrderNo
	authorize := "/api/brand/plan/pay/neweb/change/card/authorize"
	admin := "/api/v2/admin/brands/plan/ec/change/card/" + no
	runScenarios(t, s.b, []scenario{
		{Name: "unknown order", Method: "POST", Path: authorize, Body: map[string]any{"orderNo": "NOSUCHORDER000000"}, Status: 404, Code: storefront.CodeNotRecurring},
		{Name: "malformed order number", Method: "POST", Path: authorize, Body: map[string]any{"orderNo": "<x>"}, Status: 404, Code: storefront.CodeNotRecurring},
		{Name: "malformed body", Method: "POST", Path: authorize, Body: `{"orderNo":`, Status: 400},
		{Name: "another brand's path", Method: "POST", Path: "/api/brand/demo/pay/neweb/change/card/authorize", Body: map[string]any{"orderNo": no}, Status: 404, Code: storefront.CodeNotRecurring},
		{Name: "cross-site", Method: "POST", Path: authorize, Body: map[string]any{"orderNo": no}, Header: []string{"Sec-Fetch-Site", "cross-site"}, Status: 403, Code: storefront.CodeCrossSiteRefused},
		{Name: "no declined period", Method: "POST", Path: "/api/brand/installment/changeCard", Body: map[string]any{"brandId": "plan", "orderNo": no}, Status: 409, Code: storefront.CodeNotPaymentFailed},
		{Name: "installment without brand", Method: "POST", Path: "/api/brand/installment/changeCard", Body: map[string]any{"orderNo": no}, Status: 400},
		{Name: "card view, bad changeOrderNo", Path: "/api/brand/card/change?brandId=plan&orderNo=" + no + "&changeOrderNo=%3Cx%3E", Status: 400},
		{Name: "card view, unknown change", Path: "/api/brand/card/change?brandId=plan&orderNo=" + no + "&changeOrderNo=NOSUCHCHANGE00000", Status: 404, Code: storefront.CodeNotRecurring},
		{Name: "card view", Path: "/api/brand/card/change?brandId=plan&orderNo=" + no, Status: 200, Contains: []string{`"maskedCard":"**** 1111"`}, Absent: []string{providers.TestCardApproved, "400022"}},
		{Name: "admin without token", Path: admin, Status: 403, Code: storefront.CodeOperatorOnly},
		{Name: "admin, wrong token", Path: admin, Header: []string{"Authorization", "Bearer " + token + "x"}, Status: 403, Code: storefront.CodeOperatorOnly},
		{Name: "admin, bad changeOrderNo", Path: admin + "?changeOrderNo=%3Cx%3E", Header: []string{"Authorization", "Bearer " + token}, Status: 400},
		{Name: "admin, another brand", Path: "/api/v2/admin/brands/demo/ec/change/card/" + no, Header: []string{"Authorization", "Bearer " + token}, Status: 404, Code: storefront.CodeNotRecurring},
		{Name: "admin", Path: admin, Header: []string{"Authorization", "Bearer " + token}, Status: 200, Contains: []string{`"maskedCard":"**** 1111"`, `"periods":12`}},
		{Name: "change card page", Path: "/plan/changeCard/" + no, Status: 200, Contains: []string{"**** 1111", "更換扣款信用卡"}, Absent: []string{providers.TestCardApproved}},
		{Name: "change card page, unknown order", Path: "/plan/changeCard/NOSUCHORDER000000", Status: 404},
		{Name: "authorize", Method: "POST", Path: authorize, Body: map[string]any{"orderNo": no}, Status: 200, Contains: []string{`"paymentUrl":"/plan/card-payment/change/` + no}},
	})
	visitor := s.browser()
	runScenarios(t, visitor, []scenario{
		{Name: "no session", Method: "POST", Path: authorize, Body: map[string]any{"orderNo": no}, Status: 401, Code: storefront.CodeLoginRequired},
		{Name: "card view, no session", Path: "/api/brand/card/change?brandId=plan&orderNo=" + no, Status: 401, Code: storefront.CodeLoginRequired},
	})
}

// TestCardChangeRace: the old card is charged for month 4 after a card
// change began, and the new card for month 4 too (its first period), the
// old card's notification arriving first or last. The old mandate is
// terminated at NewebPay before the new one charges; the pass covers
// month 4 once; the second charge is refunded at NewebPay exactly once,
// with one order event and one mail; 20 concurrent copies of the second
// charge's notification and a replay of every notification change
// nothing more.
func TestCardChangeRace(t *testing.T) {
	for _, oldLate := range []bool{false, true} {
		name := "old card's notification first"
		if oldLate {
			name = "old card's notification last"
		}
		t.Run(name, func(t *testing.T) { playCardChangeRace(t, oldLate) })
	}
}

func playCardChangeRace(t *testing.T, oldLate bool) {
	s := recurringShop(t)
	sb := s.newebpaySandbox
	var a wire.PaymentAnswer
	if w := s.b.post(t, "/api/brand/plan/sale/payment", s.monthlyPlan(t)); w.Code != 200 {
		t.Fatalf("sale/payment: %d %s", w.Code, w.Body)
	} else {
		apiResult(t, w, &a)
	}
	s.makeMandate(t, a.PaymentURL, providers.TestCardApproved)
	sb.AdvancePeriods(2) // months 2-3
	start, _ := rules.ParseDay("2026-11-22")
	want := func(months int) {
		t.Helper()
		end, _ := rules.ValidUntil(start, months, "M")
		if got, failed := s.passEnd(t, a.OrderNo); got != end.String() || failed {
			t.Fatalf("the pass ends %s (want %s, %d months), payment-failed %v", got, end, months, failed)
		}
	}
	want(3)

	// the change begins (nothing declined: a ten-dollar check mandate)
	var c wire.CardChangeAnswer
	if w := s.b.post(t, "/api/brand/plan/pay/neweb/change/card/authorize", map[string]any{"orderNo": a.OrderNo}); w.Code != 200 {
		t.Fatalf("authorize: %d %s", w.Code, w.Body)
	} else {
		apiResult(t, w, &c)
	}
	oldMandate := s.mandates(t, a.OrderNo)[0]
	twenty := providers.NotifyPlan{Times: 20, Concurrent: true}
	if oldLate { // the old card's charge for month 4 is reported after the new one's, 20 copies at once
		twenty.AfterReturn = true
		sb.SetNotify(twenty)
	}
	sb.AdvancePeriods(1) // the old card charged for month 4
	sb.SetNotify(providers.NotifyPlan{})
	if !oldLate {
		want(4)
	}
	s.makeMandate(t, c.PaymentURL, providers.TestCardSecond)
	if st := sb.MandateState(oldMandate); st != "terminated" {
		t.Fatalf("the old mandate is %q at NewebPay after the change was made", st)
	}
	if !oldLate {
		sb.SetNotify(twenty)
	}
	sb.AdvancePeriods(1) // the new card charged for month 4 too
	sb.SetNotify(providers.NotifyPlan{})
	if oldLate {
		sb.Release()
		sb.Wait()
	}

	check := func(when string) {
		t.Helper()
		want(4)
		for what, q := range map[string]string{
			"months paid": `select count(*) from recurring_charges c join orders o on o.id = c.order_id where o.number = $1 and c.state = 'paid'`,
			"refunds":     `select count(*) from recurring_refunds r join orders o on o.id = r.order_id where o.number = $1 and r.state = 'refunded' and r.period = 4`,
			"refund rows": `select count(*) from recurring_refunds r join orders o on o.id = r.order_id where o.number = $1`,
			"events":      `select count(*) from order_events e join orders o on o.id = e.order_id where o.number = $1 and e.cause like 'refunded a second charge for period 4:%'`,
			"mails":       `select count(*) from mail_outbox where subject like '%重複扣款%' and $1 <> ''`,
		} {
			n, wantN := s.count(t, q, a.OrderNo), 1
			if what == "months paid" {
				wantN = 4
			}
			if n != wantN {
				t.Fatalf("%s: %d %s (want %d)", when, n, what, wantN)
			}
		}
		if n := sb.Refunded(); n != 1 {
			t.Fatalf("%s: NewebPay refunded %d charges", when, n)
		}
	}
	check("after the race")

	s.replayNotifications(t)
	check("after every notification again")
}

// replayNotifications posts every periodic notification the gateway sent
// so far again, each answered 200, and returns them.
func (s *buyer) replayNotifications(t *testing.T) []string {
	t.Helper()
	s.hc.mu.Lock()
	bodies := append([]string(nil), s.hc.notified...)
	s.hc.mu.Unlock()
	for i, body := range bodies {
		if w := s.notifyPeriod(body); w.Code != 200 {
			t.Fatalf("replay %d: %d %s", i, w.Code, w.Body)
		}
	}
	return bodies
}

// notifyPeriod posts body to the periodic NotifyURL.
func (s *buyer) notifyPeriod(body string) *httptest.ResponseRecorder {
	req := httptest.NewRequest(http.MethodPost, planPeriodNotifyPath, strings.NewReader(body))
	req.Header.Set("Content-Type", formType)
	w := httptest.NewRecorder()
	s.ServeHTTP(w, req)
	return w
}
