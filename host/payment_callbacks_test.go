package host

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"storefront/checkout"
	"storefront/data"
	"storefront/host/config"
	"storefront/host/wire"
	"storefront/providers"
	"storefront/rules"
)

// The providers' callbacks when the database is down, the expiry
// worker that asks the provider before it expires an order, and LINE Pay's
// cancel and concurrent confirms.

// databaseDown points the server and its flows at a pool on a closed port
// (the database is down) until the returned func restores them.
func (s *buyer) databaseDown(t *testing.T) func() {
	t.Helper()
	up, down := s.Server.db, unreachableDB(t)
	s.Server.db, s.checkout.DB, s.checkout.Merchants.DB = down, down, down
	return func() { s.Server.db, s.checkout.DB, s.checkout.Merchants.DB = up, up, up }
}

// send serves a provider's request (server to server: no browser headers).
func (s *buyer) send(method, target, body string, header ...string) *httptest.ResponseRecorder {
	req := httptest.NewRequest(method, target, strings.NewReader(body))
	if body != "" {
		req.Header.Set("Content-Type", formType)
	}
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	w := httptest.NewRecorder()
	s.ServeHTTP(w, req)
	return w
}

// mpgAnswer pays order a at the MPG sandbox with card, its notification
// lost, and returns the gateway's signed answer (what it posts to the
// NotifyURL and, through the browser, to the ReturnURL).
func (s *buyer) mpgAnswer(t *testing.T, a wire.PaymentAnswer, card string) url.Values {
	t.Helper()
	s.newebpaySandbox.SetNotify(providers.NotifyPlan{Off: true})
	token := s.toGateway(t, a)
	w := s.b.post(t, "/dev/newebpay/MPG/pay", url.Values{"token": {token}, "CardNo": {card}, "Exp": {"12/30"}, "CVC": {"123"}}.Encode(),
		"Content-Type", formType)
	action, fields := formOf(t, w.Body.String())
	if action != demoReturnPath {
		t.Fatalf("the gateway returns to %s", action)
	}
	return fields
}

// periodAnswer makes a mandate from hand-off page at the periodic
// sandbox, its notification lost, and returns the gateway's signed answer.
func (s *buyer) periodAnswer(t *testing.T, page string) url.Values {
	t.Helper()
	s.newebpaySandbox.SetNotify(providers.NotifyPlan{Off: true})
	action, fields := formOf(t, s.b.get(t, page).Body.String())
	w := s.b.post(t, action, fields.Encode(), "Content-Type", formType)
	m := regexp.MustCompile(`name="token" value="([0-9]+)"`).FindStringSubmatch(w.Body.String())
	if m == nil {
		t.Fatalf("periodic gateway: %d\n%s", w.Code, w.Body)
	}
	w = s.b.post(t, "/dev/newebpay/MPG/period/pay", url.Values{"token": {m[1]}, "CardNo": {providers.TestCardApproved}, "Exp": {"12/30"},
		"CVC": {"123"}}.Encode(), "Content-Type", formType)
	action, fields = formOf(t, w.Body.String())
	if action != planPeriodReturnPath {
		t.Fatalf("the periodic gateway returns to %s", action)
	}
	return fields
}

// linePayApproved orders item with LINE Pay, approves it at the sandbox
// and returns the confirmUrl LINE Pay sends the buyer to (path and query).
func (s *buyer) linePayApproved(t *testing.T, action string) (wire.PaymentAnswer, string) {
	t.Helper()
	a := s.order(t, s.demoItem(t, "團課 10 堂計次卡", data.PayWayLinePay))
	page := strings.TrimPrefix(s.b.get(t, a.PaymentURL).Header().Get("Location"), "http://example.com")
	w := s.b.post(t, page, "action="+action, "Content-Type", formType)
	back := strings.TrimPrefix(w.Header().Get("Location"), "http://example.com")
	if w.Code != http.StatusSeeOther || back == "" {
		t.Fatalf("LINE Pay %s: %d %s", action, w.Code, w.Body)
	}
	return a, back
}

// state is order no's state.
func (s *buyer) state(t *testing.T, no string) string {
	t.Helper()
	o, err := s.db.Order(context.Background(), "", no)
	if err != nil {
		t.Fatal(err)
	}
	return o.State
}

// TestCallbacksDuringDatabaseOutage: every provider callback that carries
// a genuine message while the database is unreachable answers 5xx (the
// provider sends it again, the buyer reloads), never 4xx, and changes
// nothing; the same message once the database is back is applied.
func TestCallbacksDuringDatabaseOutage(t *testing.T) {
	s := deferredShop(t)
	ctx := context.Background()
	type message struct {
		order string
		send  func() *httptest.ResponseRecorder
		ok    int    // the answer once the database is back
		after string // the order's state then
	}
	cases := []struct {
		name    string
		prepare func(t *testing.T) message
	}{
		{name: "NewebPay MPG notify", prepare: func(t *testing.T) message {
			a := s.order(t, s.demoItem(t, "季卡通行卡", data.PayWayCard))
			body := s.mpgAnswer(t, a, providers.TestCardApproved).Encode()
			return message{order: a.OrderNo, send: func() *httptest.ResponseRecorder { return s.send("POST", demoNotifyPath, body) }, ok: 200, after: data.OrderPaid}
		}},
		{name: "NewebPay MPG return", prepare: func(t *testing.T) message {
			a := s.order(t, s.demoItem(t, "季卡通行卡", data.PayWayCard))
			body := s.mpgAnswer(t, a, providers.TestCardApproved).Encode()
			return message{order: a.OrderNo, send: func() *httptest.ResponseRecorder {
				return s.send("POST", demoReturnPath, body, "Sec-Fetch-Site", "cross-site")
			}, ok: http.StatusSeeOther, after: data.OrderPaid}
		}},
		{name: "LINE Pay confirm", prepare: func(t *testing.T) message {
			a, confirm := s.linePayApproved(t, "approve")
			return message{order: a.OrderNo, send: func() *httptest.ResponseRecorder { return s.send("GET", confirm, "") }, ok: http.StatusSeeOther, after: data.OrderPaid}
		}},
		{name: "LINE Pay cancel", prepare: func(t *testing.T) message {
			a, cancel := s.linePayApproved(t, "cancel")
			return message{order: a.OrderNo, send: func() *httptest.ResponseRecorder { return s.send("GET", cancel, "") }, ok: http.StatusSeeOther, after: data.OrderCancelled}
		}},
		{name: "Chailease notify", prepare: func(t *testing.T) message {
			a, _ := s.chaileaseApply(t, "季卡通行卡")
			body := s.chaileaseSandbox.ResultFields(providers.ChaileaseResult{OrderNo: a.OrderNo, TradeNo: "CL-OUT-1",
				Status: providers.ChaileaseCompleted, Amount: a.Amount, Instalments: 6}).Encode()
			return message{order: a.OrderNo, send: func() *httptest.ResponseRecorder { return s.send("POST", chaileaseResultPath, body) }, ok: 200, after: data.OrderPaid}
		}},
		{name: "Chailease return", prepare: func(t *testing.T) message {
			a, _ := s.chaileaseApply(t, "季卡通行卡")
			q := s.chaileaseSandbox.ResultFields(providers.ChaileaseResult{OrderNo: a.OrderNo, TradeNo: "CL-OUT-2",
				Status: providers.ChaileaseCompleted, Amount: a.Amount, Instalments: 6}).Encode()
			return message{order: a.OrderNo, send: func() *httptest.ResponseRecorder { return s.send("GET", chaileaseResultPath+"?"+q, "") },
				ok: http.StatusSeeOther, after: data.OrderPaid}
		}},
		{name: "ACH notify", prepare: func(t *testing.T) message {
			a := s.achPay(t, s.achBody(t, "季卡通行卡", providers.ACHTestApproved))
			md, err := s.db.ACHMandate(ctx, a.OrderNo)
			if err != nil {
				t.Fatal(err)
			}
			body, sig := s.achSandbox.SignedAnswer(providers.ACHAnswer{MerchantID: config.SandboxACH.MerchantID, MandateNo: a.OrderNo, Ref: md.BankRef,
				Status: providers.ACHApproved, Amount: a.Amount})
			return message{order: a.OrderNo, send: func() *httptest.ResponseRecorder { return s.postAnswer(body, sig) }, ok: 200, after: data.OrderPaid}
		}},
	}
	recurring := []struct {
		name    string
		prepare func(t *testing.T, s *buyer) message
	}{
		{name: "NewebPay periodic notify", prepare: func(t *testing.T, s *buyer) message {
			var a wire.PaymentAnswer
			apiResult(t, s.b.post(t, "/api/brand/plan/sale/payment", s.monthlyPlan(t)), &a)
			body := s.periodAnswer(t, a.PaymentURL).Encode()
			return message{order: a.OrderNo, send: func() *httptest.ResponseRecorder { return s.send("POST", planPeriodNotifyPath, body) }, ok: 200, after: data.OrderPaid}
		}},
		{name: "NewebPay periodic return", prepare: func(t *testing.T, s *buyer) message {
			var a wire.PaymentAnswer
			apiResult(t, s.b.post(t, "/api/brand/plan/sale/payment", s.monthlyPlan(t)), &a)
			body := s.periodAnswer(t, a.PaymentURL).Encode()
			return message{order: a.OrderNo, send: func() *httptest.ResponseRecorder {
				return s.send("POST", planPeriodReturnPath, body, "Sec-Fetch-Site", "cross-site")
			}, ok: http.StatusSeeOther, after: data.OrderPaid}
		}},
		{name: "NewebPay card change notify", prepare: func(t *testing.T, s *buyer) message {
			var a wire.PaymentAnswer
			apiResult(t, s.b.post(t, "/api/brand/plan/sale/payment", s.monthlyPlan(t)), &a)
			s.newebpaySandbox.SetNotify(providers.NotifyPlan{})
			if w := s.makeMandate(t, a.PaymentURL, providers.TestCardApproved); w.Code != http.StatusSeeOther {
				t.Fatalf("mandate: %d %s", w.Code, w.Body)
			}
			var c wire.CardChangeAnswer
			if w := s.b.post(t, "/api/brand/plan/pay/neweb/change/card/authorize", map[string]any{"orderNo": a.OrderNo}); w.Code != 200 {
				t.Fatalf("authorize: %d %s", w.Code, w.Body)
			} else {
				apiResult(t, w, &c)
			}
			body := s.periodAnswer(t, c.PaymentURL).Encode()
			return message{order: a.OrderNo, send: func() *httptest.ResponseRecorder { return s.send("POST", planPeriodNotifyPath, body) }, ok: 200, after: data.OrderPaid}
		}},
	}
	check := func(t *testing.T, s *buyer, m message) {
		t.Helper()
		before := s.state(t, m.order)
		restore := s.databaseDown(t)
		w := m.send()
		restore()
		if w.Code < 500 {
			t.Fatalf("during the outage: %d %s (4xx tells the provider to stop)\n%s", w.Code, w.Body, s.log.String())
		}
		if got := s.state(t, m.order); got != before {
			t.Fatalf("the order went %s → %s during the outage", before, got)
		}
		if w := m.send(); w.Code != m.ok {
			t.Fatalf("once the database is back: %d %s", w.Code, w.Body)
		}
		if got := s.state(t, m.order); got != m.after {
			t.Fatalf("once the database is back: the order is %s, want %s", got, m.after)
		}
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) { check(t, s, c.prepare(t)) })
	}
	rs := recurringShop(t)
	for _, c := range recurring {
		t.Run(c.name, func(t *testing.T) { check(t, rs, c.prepare(t, rs)) })
	}
}

// failingTransport is a provider that cannot be reached.
type failingTransport struct{}

func (failingTransport) RoundTrip(*http.Request) (*http.Response, error) {
	return nil, errors.New("provider unreachable (test)")
}

// TestExpiryAsksProvider: before it expires an order awaiting payment,
// the expiry worker asks its provider: NewebPay's trade query and LINE
// Pay's payment details (the sandboxes, in process). A paid order whose
// notification was lost (NewebPay) or whose confirm's answer was lost
// (LINE Pay) is paid, with its receipt; one the provider says is unpaid
// (never at the gateway, at the card form, not confirmed) expires; one
// whose provider cannot be asked waits, up to rules.UnansweredBound.
func TestExpiryAsksProvider(t *testing.T) {
	s := newShop(t)
	ctx := context.Background()
	s.checkout.HTTP = &http.Client{Transport: s.hc}
	card := func() wire.PaymentAnswer { return s.order(t, s.demoItem(t, "季卡通行卡", data.PayWayCard)) }

	paidLost := card()
	s.mpgAnswer(t, paidLost, providers.TestCardApproved) // the notification and the return lost
	atForm := card()
	s.toGateway(t, atForm)
	neverThere := card()
	s.b.get(t, neverThere.PaymentURL) // handed to NewebPay, never posted to the gateway
	lpPaid, confirm := s.linePayApproved(t, "approve")
	u, _ := url.Parse(confirm)
	if _, err := s.cfg.LinePay.Confirm(ctx, u.Query().Get("transactionId"), lpPaid.Amount); err != nil {
		t.Fatal(err) // confirmed at LINE Pay; the host died before it settled
	}
	lpApproved, _ := s.linePayApproved(t, "approve") // never confirmed

	s.clock.Add(s.cfg.OrderTTL + time.Second)
	if n, err := s.checkout.Expire(ctx, 100); err != nil || n != 5 {
		t.Fatalf("expiry round: %d changed, %v\n%s", n, err, s.log.String())
	}
	for no, want := range map[string]string{paidLost.OrderNo: data.OrderPaid, atForm.OrderNo: data.OrderExpired,
		neverThere.OrderNo: data.OrderExpired, lpPaid.OrderNo: data.OrderPaid, lpApproved.OrderNo: data.OrderExpired} {
		if got := s.state(t, no); got != want {
			t.Errorf("order %s is %s, want %s", no, got, want)
		}
	}
	for _, no := range []string{paidLost.OrderNo, lpPaid.OrderNo} {
		if p := s.result(t, no); p.Order.MaskedCard != "**** 1111" {
			t.Errorf("paid by the query without its card: %+v", p.Order)
		}
		if n := s.count(t, `select count(*) from provider_callbacks where order_number = $1 and kind = 'query' and outcome = 'applied: paid'`, no); n != 1 {
			t.Errorf("order %s: %d audited queries", no, n)
		}
	}

	if n := s.count(t, `select count(*) from mail_outbox where subject like '%付款成功%'`); n != 2 {
		t.Errorf("%d receipts for the 2 orders paid", n)
	}

	// the provider cannot be asked: the order waits, then expires past the bound
	down := card()
	s.mpgAnswer(t, down, providers.TestCardDeclined)
	s.checkout.HTTP = &http.Client{Transport: failingTransport{}}
	s.clock.Add(s.cfg.OrderTTL + time.Second)
	if n, err := s.checkout.Expire(ctx, 100); err != nil || n != 0 || s.state(t, down.OrderNo) != data.OrderAwaitingPayment {
		t.Fatalf("unanswered: %d changed, %v, order %s", n, err, s.state(t, down.OrderNo))
	}
	s.clock.Add(rules.UnansweredBound)
	if n, err := s.checkout.Expire(ctx, 100); err != nil || n != 1 || s.state(t, down.OrderNo) != data.OrderExpired {
		t.Fatalf("past the bound: %d changed, %v, order %s", n, err, s.state(t, down.OrderNo))
	}
}

// TestExpiryRoundsTakeTurns: an order whose provider cannot be asked
// does not hold back the due orders behind it: a round asks first the
// orders not asked yet, then those asked longest ago (one order a round
// here, as a round of 100 would be with 100 such orders ahead).
func TestExpiryRoundsTakeTurns(t *testing.T) {
	s := newShop(t)
	ctx := context.Background()
	down := s.order(t, s.demoItem(t, "季卡通行卡", data.PayWayCard))
	s.b.get(t, down.PaymentURL) // handed to NewebPay, which cannot be asked below
	s.clock.Add(time.Second)
	lp, _ := s.linePayApproved(t, "approve") // never confirmed: LINE Pay says unpaid
	s.checkout.HTTP = &http.Client{Transport: failingTransport{}}
	s.clock.Add(s.cfg.OrderTTL + time.Second)
	for round := range 2 {
		if _, err := s.checkout.Expire(ctx, 1); err != nil {
			t.Fatalf("round %d: %v", round, err)
		}
	}
	if got := s.state(t, lp.OrderNo); got != data.OrderExpired {
		t.Errorf("the LINE Pay order behind the unanswered one is %s, want expired", got)
	}
	if got := s.state(t, down.OrderNo); got != data.OrderAwaitingPayment {
		t.Errorf("the order NewebPay could not be asked about is %s, want still awaiting payment", got)
	}
}

// TestExpiryRacesLateCallback: the expiry worker finds an order paid at
// NewebPay while the late notification and return arrive at the same
// time: the order is paid exactly once (one event, one receipt, one set
// of holdings).
func TestExpiryRacesLateCallback(t *testing.T) {
	s := newShop(t)
	ctx := context.Background()
	s.checkout.HTTP = &http.Client{Transport: s.hc}
	a := s.order(t, s.demoItem(t, "季卡通行卡", data.PayWayCard))
	body := s.mpgAnswer(t, a, providers.TestCardApproved).Encode()
	s.clock.Add(s.cfg.OrderTTL + time.Second)
	var wg sync.WaitGroup
	for range 4 {
		wg.Add(3)
		go func() { defer wg.Done(); s.checkout.Expire(ctx, 100) }()
		go func() { defer wg.Done(); s.send("POST", demoNotifyPath, body) }()
		go func() { defer wg.Done(); s.send("POST", demoReturnPath, body, "Sec-Fetch-Site", "cross-site") }()
	}
	wg.Wait()
	if st := s.state(t, a.OrderNo); st != data.OrderPaid {
		t.Fatalf("order %s", st)
	}
	events, err := s.db.OrderEvents(ctx, a.OrderNo)
	if err != nil {
		t.Fatal(err)
	}
	paid := 0
	for _, e := range events {
		if strings.Contains(e, "→paid") {
			paid++
		}
	}
	holdings := s.count(t, `select count(*) from member_passcards where order_id = (select id from orders where number = $1)`, a.OrderNo)
	receipts := s.count(t, `select count(*) from mail_outbox where subject like '%付款成功%'`)
	if paid != 1 || holdings != 1 || receipts != 1 {
		t.Fatalf("paid %d times, %d passes, %d receipts: %v", paid, holdings, receipts, events)
	}
}

// TestLinePayCancelNeedsTransaction: LINE Pay's cancelUrl cancels an
// unpaid order only with the transaction LINE Pay gave it: the order
// number alone, or another transaction, is refused and changes nothing.
func TestLinePayCancelNeedsTransaction(t *testing.T) {
	s := newShop(t)
	a, cancel := s.linePayApproved(t, "cancel")
	for _, target := range []string{
		linePayCancelPath + "?orderId=" + a.OrderNo,
		linePayCancelPath + "?orderId=" + a.OrderNo + "&transactionId=",
		linePayCancelPath + "?orderId=" + a.OrderNo + "&transactionId=2026000000000000001",
	} {
		other := s.browser() // anyone: no session
		if w := other.get(t, target); w.Code != http.StatusNotFound {
			t.Errorf("%s: %d %s", target, w.Code, w.Body)
		}
		if st := s.state(t, a.OrderNo); st != data.OrderAwaitingPayment {
			t.Fatalf("%s: the order is %s", target, st)
		}
	}
	if w := s.b.get(t, cancel); w.Code != http.StatusSeeOther || w.Header().Get("Location") != "http://example.com/demo/orderResult/"+a.OrderNo {
		t.Fatalf("LINE Pay's cancel: %d %q", w.Code, w.Header().Get("Location"))
	}
	if st := s.state(t, a.OrderNo); st != data.OrderCancelled {
		t.Fatalf("after LINE Pay's cancel: %s", st)
	}
}

// TestLinePayConcurrentConfirms: eight confirms of one order at once:
// one claims it and calls LINE Pay's confirm (held at the sandbox until
// the others have answered), the others answer "processing" (to the
// result page) without calling LINE Pay; the order is paid once.
func TestLinePayConcurrentConfirms(t *testing.T) {
	s := newShop(t)
	a, confirm := s.linePayApproved(t, "approve")
	sb := s.linepaySandbox
	sb.Hold = make(chan struct{})
	const n = 8
	answers := make(chan *httptest.ResponseRecorder, n)
	for range n {
		go func() { answers <- s.send("GET", confirm, "", "Sec-Fetch-Site", "cross-site") }()
	}
	var got []*httptest.ResponseRecorder
	waitFor(t, "the others answer while one confirm is at LINE Pay", func() bool {
		for len(answers) > 0 {
			got = append(got, <-answers)
		}
		return len(got) == n-1 || sb.Confirms() > 1
	})
	close(sb.Hold)
	for len(got) < n {
		got = append(got, <-answers)
	}
	if c := sb.Confirms(); c != 1 {
		t.Fatalf("LINE Pay's confirm was called %d times", c)
	}
	for _, w := range got {
		if w.Code != http.StatusSeeOther || w.Header().Get("Location") != "http://example.com/demo/orderResult/"+a.OrderNo {
			t.Errorf("a confirm answered %d %q %s", w.Code, w.Header().Get("Location"), w.Body)
		}
	}
	if st := s.state(t, a.OrderNo); st != data.OrderPaid {
		t.Fatalf("order %s", st)
	}
	if n := s.count(t, `select count(*) from order_events e join orders o on o.id = e.order_id where o.number = $1 and e.to_state = 'paid'`, a.OrderNo); n != 1 {
		t.Fatalf("paid %d times", n)
	}
}

// TestLinePayConfirmLease: a confirm while another host holds the order
// answers "processing" without calling LINE Pay and the order neither
// expires nor is cancelled meanwhile; once the lease has run out (that
// host died) a confirm claims it again and pays.
func TestLinePayConfirmLease(t *testing.T) {
	s := newShop(t)
	ctx := context.Background()
	s.checkout.HTTP = &http.Client{Transport: s.hc}
	a, confirm := s.linePayApproved(t, "approve")
	u, _ := url.Parse(confirm)
	now := s.clock.Now()
	if _, claimed, err := s.checkout.ClaimConfirm(ctx, data.Change{Number: a.OrderNo, Cause: "another host", At: now}, data.ProviderLinePay,
		u.Query().Get("transactionId"), now.Add(checkout.ConfirmLease)); err != nil || !claimed {
		t.Fatalf("claim: %v %v", claimed, err)
	}
	if w := s.send("GET", confirm, ""); w.Code != http.StatusSeeOther || s.linepaySandbox.Confirms() != 0 {
		t.Fatalf("while held: %d, %d confirms at LINE Pay", w.Code, s.linepaySandbox.Confirms())
	}
	if _, _, err := s.checkout.Cancel(ctx, data.Change{Number: a.OrderNo, Cause: "test", At: now}); !errors.Is(err, rules.ErrConfirming) {
		t.Fatalf("cancel while held: %v", err)
	}
	s.clock.Add(checkout.ConfirmLease + time.Second)
	if w := s.send("GET", confirm, ""); w.Code != http.StatusSeeOther || s.linepaySandbox.Confirms() != 1 {
		t.Fatalf("after the lease: %d, %d confirms at LINE Pay", w.Code, s.linepaySandbox.Confirms())
	}
	if st := s.state(t, a.OrderNo); st != data.OrderPaid {
		t.Fatalf("order %s", st)
	}
}
