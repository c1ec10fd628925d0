package checkout

import (
	"context"
	"errors"
	"html"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"strconv"
	"sync"
	"testing"
	"time"

	"storefront"
	"storefront/data"
	"storefront/data/dbtest"
	"storefront/providers"
	"storefront/rules"
)

var refundMerchant = providers.NewebPay{MerchantID: "MS_REFUND", HashKey: "abcdefghijklmnopqrstuvwxyz012345", HashIV: "ABCDEFGHIJKLMNOP"}

// refundFixture is a member of brand demo who bought 季卡通行卡 by card
// at a NewebPay sandbox, paid at paidAt; its flows' clock is clock.
type refundFixture struct {
	*orderFixture
	n       providers.NewebPay
	sandbox *providers.NewebPaySandbox
	clock   *testClock
	o       *data.Order
}

func newRefundFixture(t *testing.T) *refundFixture {
	t.Helper()
	x := &refundFixture{orderFixture: newOrderFixture(t), clock: &testClock{t: paidAt}}
	x.f.Now = x.clock.Now
	x.atSandbox(t)
	return x.paid(t, x.order(t, "季卡通行卡", 1, rules.TaipeiDay{}, paidAt))
}

// atSandbox has x's flows pay and refund at a new NewebPay sandbox (and
// invoice where they did).
func (x *refundFixture) atSandbox(t *testing.T) {
	x.sandbox = providers.NewNewebPaySandbox(refundMerchant, nil)
	x.sandbox.Now = x.clock.Now
	srv := httptest.NewServer(x.sandbox)
	t.Cleanup(srv.Close)
	x.n = refundMerchant
	x.n.URL = srv.URL
	var ez providers.EzPay
	if x.f.Merchants != nil {
		ez = x.f.Merchants.Platform("demo").EzPay
	}
	x.f.Merchants = &Merchants{PlatformCollects: true, Platform: func(string) providers.Accounts { return providers.Accounts{NewebPay: x.n, EzPay: ez} }}
}

// paid pays o at the sandbox and records it: the fixture's order.
func (x *refundFixture) paid(t *testing.T, o *data.Order) *refundFixture {
	t.Helper()
	tradeNo := x.payAtSandbox(t, o)
	if _, changed, err := x.f.Pay(context.Background(), data.Payment{Change: data.Change{Number: o.Number, Cause: "test", At: paidAt},
		Provider: data.ProviderNewebPay, TradeNo: tradeNo, Amount: o.Amount, CardLast4: "1111"}); err != nil || !changed {
		t.Fatalf("pay: %v %v", changed, err)
	}
	x.o = o
	return x
}

// TestRefundUndoesInvoice: the invoice of an order refunded whole is
// voided; of one refunded in part (a termination) it gets an allowance.
func TestRefundUndoesInvoice(t *testing.T) {
	for _, whole := range []bool{true, false} {
		x := &refundFixture{orderFixture: newOrderFixture(t), clock: &testClock{t: paidAt}}
		x.f.Now = x.clock.Now
		ez := withEzPay(t, x.f, x.clock.Now)
		x.atSandbox(t)
		runJobs(t, x.db, x.f)
		x.paid(t, x.invoiceOrder(t, rules.InvoiceChoice{Kind: rules.InvoiceMember}))
		waitFor(t, x.db, 1, `select count(*) from invoices where state = 'issued' and order_id = $1`, x.o.ID)
		ctx := context.Background()
		if !whole {
			x.futureBooking(t) // used: a termination
		}
		x.clock.Set(paidAt.AddDate(0, 0, 3))
		r, err := x.f.RequestRefund(ctx, "demo", x.userID, x.o.Number)
		if err == nil && !whole {
			r, err = x.f.ApproveRefund(ctx, "demo", r.ID, 0)
		}
		if err != nil || r.State != rules.RefundDone || (r.Amount == x.o.Amount) != whole {
			t.Fatalf("whole %v: refund %+v, %v", whole, r, err)
		}
		state := map[bool]string{true: "voided", false: "allowance"}[whole]
		waitFor(t, x.db, 1, `select count(*) from invoices where state = $2 and order_id = $1`, x.o.ID, state)
		_, voided, allowances, _ := ez.Invoice(rules.InvoiceOrderNo(x.o.Number, 0, false))
		if voided != whole || (allowances == 1) == whole {
			t.Fatalf("whole %v: at ezPay voided %v, %d allowances", whole, voided, allowances)
		}
	}
}

var (
	sandboxHidden = regexp.MustCompile(`<input type="hidden" name="([^"]+)" value="([^"]*)">`)
	sandboxAction = regexp.MustCompile(`<form method="post" action="([^"]*)"`)
)

// payAtSandbox pays order o at the sandbox with the approved test card,
// as the buyer's browser does, and returns the trade number.
func (x *refundFixture) payAtSandbox(t *testing.T, o *data.Order) string {
	t.Helper()
	post := func(action string, v url.Values) string {
		resp, err := http.PostForm(action, v)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return string(b)
	}
	fields := func(body string) url.Values {
		v := url.Values{}
		for _, m := range sandboxHidden.FindAllStringSubmatch(body, -1) {
			v.Add(html.UnescapeString(m[1]), html.UnescapeString(m[2]))
		}
		return v
	}
	form, err := x.n.Checkout(providers.MPGOrder{MerchantOrderNo: o.Number, Amount: o.Amount, ItemDesc: "季卡通行卡", Email: "buyer@example.com",
		NotifyURL: "http://127.0.0.1:1/notify", ReturnURL: "http://127.0.0.1:1/return", ClientBackURL: "http://127.0.0.1:1/back", Now: x.clock.Now()})
	if err != nil {
		t.Fatal(err)
	}
	v := url.Values{}
	for _, f := range form.Fields {
		v.Add(f[0], f[1])
	}
	card := fields(post(form.Action, v))
	card.Set("CardNo", providers.TestCardApproved)
	card.Set("Exp", "12/"+time.Now().AddDate(2, 0, 0).Format("06"))
	card.Set("CVC", "123")
	body := post(x.n.URL+"/MPG/pay", card)
	if m := sandboxAction.FindStringSubmatch(body); m == nil {
		t.Fatalf("no return form:\n%s", body)
	}
	r, err := x.n.Result(fields(body))
	if err != nil || !r.Paid() {
		t.Fatalf("paid at the sandbox: %+v %v", r, err)
	}
	return r.TradeNo
}

// refundedAtSandbox is what the sandbox refunded of the order's trade.
func (x *refundFixture) refundedAtSandbox(t *testing.T) int {
	t.Helper()
	tr, err := x.n.QueryTrade(context.Background(), nil, x.o.Number, x.o.Amount, time.Now())
	if err != nil || tr.BackBalance < 0 {
		t.Fatalf("query: %+v %v", tr, err)
	}
	return tr.Refunded()
}

// futureBooking books a seat of a new session on 2026-12-20 with the
// order's passcard, as the booking flow leaves it; it returns the session.
func (x *refundFixture) futureBooking(t *testing.T) int64 {
	t.Helper()
	ctx := context.Background()
	var session int64
	if err := x.db.Pool.QueryRow(ctx, `insert into course_schedules (brand_id, course_id, date, start_time, end_time, capacity, booked)
		select 'demo', min(id), '2026-12-20', '10:00', '11:00', 10, 1 from courses where brand_id = 'demo' returning id`).Scan(&session); err != nil {
		t.Fatal(err)
	}
	if _, err := x.db.Pool.Exec(ctx, `insert into bookings (brand_id, user_id, starts_at, ends_at, schedule_id, pay_kind, passcard_id)
		select 'demo', $1, '2026-12-20 10:00+08', '2026-12-20 11:00+08', $2, 'passcard', id from member_passcards where order_id = $3`,
		x.userID, session, x.o.ID); err != nil {
		t.Fatal(err)
	}
	return session
}

// raced runs do from n goroutines at once and returns their refunds.
func raced(t *testing.T, n int, do func() (*data.Refund, error)) []*data.Refund {
	t.Helper()
	out := make([]*data.Refund, n)
	errs := make([]error, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Add(1)
		go func() { defer wg.Done(); out[i], errs[i] = do() }()
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
	return out
}

// checkRefunded checks that the order's refund r is done once: the row,
// the order, the holdings, the mail.
func (x *refundFixture) checkRefunded(t *testing.T, r *data.Refund, amount int, orderState string) {
	t.Helper()
	if got := x.refundedAtSandbox(t); got != amount {
		t.Errorf("the sandbox refunded NT$%d; want NT$%d", got, amount)
	}
	if n := dbtest.Count(t, x.db, `select count(*) from refunds where order_id = `+itoa(x.o.ID)); n != 1 {
		t.Errorf("%d refund rows; want 1", n)
	}
	if n := dbtest.Count(t, x.db, `select count(*) from refunds where state = 'refunded' and amount = `+itoa(int64(amount))+` and id = `+itoa(r.ID)); n != 1 {
		t.Errorf("refund %d is not refunded for NT$%d", r.ID, amount)
	}
	if n := dbtest.Count(t, x.db, `select count(*) from orders where state = '`+orderState+`' and id = `+itoa(x.o.ID)); n != 1 {
		t.Errorf("order not %s", orderState)
	}
	if n := dbtest.Count(t, x.db, `select count(*) from member_passcards where revoked_at is null and order_id = `+itoa(x.o.ID)); n != 0 {
		t.Errorf("%d passcards of the order still held", n)
	}
	if n := dbtest.Count(t, x.db, `select count(*) from jobs where kind = 'mail' and payload->>'subject' like '%`+storefront.TextMailRefundedTitle+`%'`); n != 1 {
		t.Errorf("%d refund mails; want 1", n)
	}
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }

// TestRefundInCoolingOff: within seven days, nothing used, the member's
// request (replayed and raced) refunds everything once, at once, with no
// fee; asked again it answers that refund, and nothing more is offered.
func TestRefundInCoolingOff(t *testing.T) {
	x := newRefundFixture(t)
	ctx := context.Background()
	x.clock.Set(paidAt.AddDate(0, 0, 7))
	of, err := x.f.OfferRefund(ctx, "demo", x.userID, x.o.Number)
	if err != nil || of.Kind != data.RefundCoolingOff || of.Amount != x.o.Amount || !of.Whole || of.MaxFee != 0 {
		t.Fatalf("offer = %+v, %v", of, err)
	}
	got := raced(t, 8, func() (*data.Refund, error) { return x.f.RequestRefund(ctx, "demo", x.userID, x.o.Number) })
	for _, r := range got {
		if r.ID != got[0].ID || r.Kind != data.RefundCoolingOff {
			t.Fatalf("raced requests made refunds %d and %d (%s)", got[0].ID, r.ID, r.Kind)
		}
	}
	x.checkRefunded(t, got[0], x.o.Amount, rules.OrderRefunded)
	if again, err := x.f.RequestRefund(ctx, "demo", x.userID, x.o.Number); err != nil || again.ID != got[0].ID || again.State != rules.RefundDone {
		t.Fatalf("asked again: %+v, %v", again, err)
	}
	if _, err := x.f.OfferRefund(ctx, "demo", x.userID, x.o.Number); storefront.AsError(err) == nil || storefront.AsError(err).Message != storefront.TextRefundNothing {
		t.Fatalf("offer after the refund: %v", err)
	}
	if _, err := x.f.RequestRefund(ctx, "demo", x.userID+1000, x.o.Number); !errors.Is(err, errUnknownOrder) {
		t.Fatalf("another member's order: %v", err)
	}
	if n := x.sandbox.Refunded(); n != 1 {
		t.Fatalf("%d trades refunded", n)
	}
}

// TestRefundAfterCoolingOff: a booked member past seven days terminates:
// the request waits for the operator, whose approval (replayed and raced)
// refunds pro rata less the fee once; the future booking is cancelled
// with its seat back.
func TestRefundAfterCoolingOff(t *testing.T) {
	x := newRefundFixture(t)
	ctx := context.Background()
	session := x.futureBooking(t)
	x.clock.Set(paidAt.AddDate(0, 0, 3)) // within seven days, but used: a termination
	r, err := x.f.RequestRefund(ctx, "demo", x.userID, x.o.Number)
	if err != nil || r.Kind != data.RefundTermination || r.State != rules.RefundRequested {
		t.Fatalf("request = %+v, %v", r, err)
	}
	var starts, ends string
	if err := x.db.Pool.QueryRow(ctx, `select starts_on::text, ends_on::text from member_passcards where order_id = $1`, x.o.ID).Scan(&starts, &ends); err != nil {
		t.Fatal(err)
	}
	s, _ := rules.ParseDay(starts)
	e, _ := rules.ParseDay(ends)
	want := rules.TerminationRefund(rules.RefundBasis{Paid: x.o.Amount, Start: s, End: e}, rules.DayOf(x.clock.Now()))
	if r.Offered != want || want <= 0 || want >= x.o.Amount {
		t.Fatalf("offered NT$%d; want NT$%d of NT$%d (%s..%s)", r.Offered, want, x.o.Amount, starts, ends)
	}
	if again, err := x.f.RequestRefund(ctx, "demo", x.userID, x.o.Number); err != nil || again.ID != r.ID {
		t.Fatalf("replayed request = %+v, %v", again, err)
	}
	if x.refundedAtSandbox(t) != 0 {
		t.Fatal("refunded before the operator approved")
	}
	if _, err := x.f.ApproveRefund(ctx, "demo", r.ID, rules.MaxRefundFee(want)+1); err == nil {
		t.Fatal("a fee above 20% was taken")
	}
	fee := rules.MaxRefundFee(want)
	got := raced(t, 8, func() (*data.Refund, error) { return x.f.ApproveRefund(ctx, "demo", r.ID, fee) })
	for _, g := range got {
		if g.ID != r.ID {
			t.Fatalf("approval answered refund %d", g.ID)
		}
	}
	x.checkRefunded(t, r, want-fee, rules.OrderPartlyRefunded)
	if n := dbtest.Count(t, x.db, `select booked from course_schedules where id = `+itoa(session)); n != 0 {
		t.Errorf("the session still has %d booked", n)
	}
	if n := dbtest.Count(t, x.db, `select count(*) from bookings where status = 'cancelled' and schedule_id = `+itoa(session)); n != 1 {
		t.Errorf("the future booking is not cancelled")
	}
	// the operator's command's job, replayed after the refund: nothing more
	if err := x.f.SendApproved(ctx, []byte(`{"id":`+itoa(r.ID)+`,"fee":`+itoa(int64(fee))+`}`)); err != nil {
		t.Fatal(err)
	}
	if got := x.refundedAtSandbox(t); got != want-fee {
		t.Fatalf("after a replayed approval the sandbox refunded NT$%d", got)
	}
	if _, err := x.f.RejectRefund(ctx, "demo", r.ID, "x"); err == nil {
		t.Fatal("a refunded refund was rejected")
	}
}

// TestRefundRejectedIsMailed: the studio rejects a termination refund:
// nothing goes back, the holding stays, and the member is mailed once
// with the studio's reason, however often the rejection is replayed.
func TestRefundRejectedIsMailed(t *testing.T) {
	x := newRefundFixture(t)
	ctx := context.Background()
	x.futureBooking(t)
	x.clock.Set(paidAt.AddDate(0, 0, 3)) // used: a termination, for the operator
	r, err := x.f.RequestRefund(ctx, "demo", x.userID, x.o.Number)
	if err != nil || r.State != rules.RefundRequested {
		t.Fatalf("request = %+v, %v", r, err)
	}
	reason := "合約已使用超過一半"
	for range 3 {
		if got, err := x.f.RejectRefund(ctx, "demo", r.ID, reason); err != nil || got.State != rules.RefundRejected {
			t.Fatalf("reject = %+v, %v", got, err)
		}
	}
	if x.refundedAtSandbox(t) != 0 {
		t.Fatal("a rejected refund reached the provider")
	}
	if n := dbtest.Count(t, x.db, `select count(*) from member_passcards where order_id = $1 and revoked_at is null`, x.o.ID); n != 1 {
		t.Errorf("the holding of a rejected refund: %d left", n)
	}
	if n := dbtest.Count(t, x.db, `select count(*) from jobs where kind = 'mail' and payload->>'subject' like '%'||$1||'%' and payload->>'text' like '%'||$2||'%'`,
		storefront.TextMailRefundRejectedTitle, reason); n != 1 {
		t.Errorf("%d rejection mails with the reason; want 1", n)
	}
}

// TestRefundSweep: a crash between the provider's refund and our commit
// leaves the refund requesting; the sweep asks the provider, finds it
// refunded, and records it without refunding again.
func TestRefundSweep(t *testing.T) {
	x := newRefundFixture(t)
	ctx := context.Background()
	x.clock.Set(paidAt.AddDate(0, 0, 1))
	crash := errors.New("crashed after the provider's answer")
	afterRefundCall = func() error { return crash }
	_, err := x.f.RequestRefund(ctx, "demo", x.userID, x.o.Number)
	afterRefundCall = nil
	if !errors.Is(err, crash) {
		t.Fatalf("request = %v", err)
	}
	if n := dbtest.Count(t, x.db, `select count(*) from refunds where state = 'requesting'`); n != 1 {
		t.Fatalf("%d refunds requesting", n)
	}
	if n, err := x.f.SweepRefunds(ctx); err != nil || n != 0 {
		t.Fatalf("sweep within the grace = %d, %v", n, err)
	}
	x.clock.Set(x.clock.Now().Add(refundGrace + time.Second))
	if n, err := x.f.SweepRefunds(ctx); err != nil || n != 1 {
		t.Fatalf("sweep = %d, %v", n, err)
	}
	var id int64
	if err := x.db.Pool.QueryRow(ctx, `select id from refunds where order_id = $1`, x.o.ID).Scan(&id); err != nil {
		t.Fatal(err)
	}
	x.checkRefunded(t, &data.Refund{ID: id}, x.o.Amount, rules.OrderRefunded)
	if n := x.sandbox.Refunded(); n != 1 {
		t.Fatalf("%d trades refunded", n)
	}
	x.clock.Set(x.clock.Now().Add(refundGrace + time.Second))
	if n, err := x.f.SweepRefunds(ctx); err != nil || n != 0 {
		t.Fatalf("sweep again = %d, %v", n, err)
	}
}

// TestRefundLinePay: an order paid by LINE Pay (its sandbox) is refunded
// by LINE Pay's refund API, once under raced requests; a crash after the
// refund is finished by the sweep, which reads the refund in Payment
// Details and does not refund again.
func TestRefundLinePay(t *testing.T) {
	for _, crash := range []bool{false, true} {
		x := &refundFixture{orderFixture: newOrderFixture(t), clock: &testClock{t: paidAt}}
		x.f.Now = x.clock.Now
		sb := providers.NewLinePaySandbox("1655000001", "line-secret")
		srv := httptest.NewServer(sb)
		t.Cleanup(srv.Close)
		sb.URL = srv.URL
		l := providers.LinePay{ChannelID: "1655000001", ChannelSecret: "line-secret", URL: srv.URL}
		x.f.Merchants = &Merchants{PlatformCollects: true, Platform: func(string) providers.Accounts { return providers.Accounts{LinePay: l} }}
		ctx := context.Background()
		typ, id, price := item(t, x.db, "demo", "季卡通行卡")
		o, err := dbtest.CreateOrder(x.db, data.NewOrder{BrandID: "demo", UserID: x.userID, Kind: data.OrderKindItem,
			PayWay: data.PayWayLinePay, Provider: data.ProviderLinePay, ExpiresAt: paidAt.Add(30 * time.Minute),
			Lines: []data.NewOrderLine{{ItemType: typ, ItemID: id, StoreID: x.storeID, Quantity: 1, ShownPrice: price}}}, paidAt)
		if err != nil {
			t.Fatal(err)
		}
		red, err := l.Request(ctx, providers.LinePayRequest{OrderID: o.Number, Amount: o.Amount, ProductName: "季卡通行卡",
			ConfirmURL: "https://shop.example.com/confirm", CancelURL: "https://shop.example.com/cancel"})
		if err != nil {
			t.Fatal(err)
		}
		resp, err := (&http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}).
			PostForm(red.WebURL, url.Values{"action": {"approve"}})
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if _, err := l.Confirm(ctx, red.TransactionID, o.Amount); err != nil {
			t.Fatal(err)
		}
		if _, _, err := x.f.Pay(ctx, data.Payment{Change: data.Change{Number: o.Number, Cause: "test", At: paidAt}, Provider: data.ProviderLinePay,
			TradeNo: red.TransactionID, Amount: o.Amount}); err != nil {
			t.Fatal(err)
		}
		x.o = o
		x.clock.Set(paidAt.AddDate(0, 0, 2))
		if crash {
			afterRefundCall = func() error { return errors.New("crash") }
			if _, err := x.f.RequestRefund(ctx, "demo", x.userID, o.Number); err == nil {
				t.Fatal("no crash")
			}
			afterRefundCall = nil
			x.clock.Set(x.clock.Now().Add(refundGrace + time.Second))
			if n, err := x.f.SweepRefunds(ctx); err != nil || n != 1 {
				t.Fatalf("sweep = %d, %v", n, err)
			}
		} else {
			raced(t, 6, func() (*data.Refund, error) { return x.f.RequestRefund(ctx, "demo", x.userID, o.Number) })
		}
		if got := sb.Refunded(); got != o.Amount {
			t.Fatalf("crash %v: LINE Pay refunded NT$%d; want NT$%d", crash, got, o.Amount)
		}
		if n := dbtest.Count(t, x.db, `select count(*) from refunds where state = 'refunded' and provider_ref ~ '^[0-9]{19}$' and order_id = `+itoa(o.ID)); n != 1 {
			t.Fatalf("%d refunds with LINE Pay's reference", n)
		}
		if n := dbtest.Count(t, x.db, `select count(*) from orders where state = 'refunded' and id = `+itoa(o.ID)); n != 1 {
			t.Fatalf("crash %v: the order is not refunded", crash)
		}
	}
}

// TestRefundBeforeCapture: on the day of the payment (not captured yet) a
// cooling-off refund cancels the card's authorisation; a part (a
// termination) waits, requesting, and the sweep refunds it once the
// gateway has captured the trade.
func TestRefundBeforeCapture(t *testing.T) {
	ctx := context.Background()
	x := newRefundFixture(t)
	x.clock.Set(paidAt.Add(time.Hour))
	r, err := x.f.RequestRefund(ctx, "demo", x.userID, x.o.Number)
	if err != nil || r.State != rules.RefundDone {
		t.Fatalf("refund = %+v, %v", r, err)
	}
	tr, err := x.n.QueryTrade(ctx, nil, x.o.Number, x.o.Amount, x.clock.Now())
	if err != nil || tr.Status != providers.TradeCancelled || tr.Refunded() != x.o.Amount {
		t.Fatalf("the trade at the gateway: %+v, %v", tr, err)
	}

	x = newRefundFixture(t)
	x.futureBooking(t)
	x.clock.Set(paidAt.Add(time.Hour))
	if r, err = x.f.RequestRefund(ctx, "demo", x.userID, x.o.Number); err != nil || r.Kind != data.RefundTermination {
		t.Fatalf("request = %+v, %v", r, err)
	}
	if _, err := x.f.ApproveRefund(ctx, "demo", r.ID, 0); !errors.Is(err, errNotCaptured) {
		t.Fatalf("approve before the capture: %v", err)
	}
	x.clock.Set(paidAt.Add(refundGrace + 2*time.Minute)) // still the day it was paid
	if n, err := x.f.SweepRefunds(ctx); err != nil || n != 0 {
		t.Fatalf("sweep before the capture = %d, %v", n, err)
	}
	x.clock.Set(paidAt.AddDate(0, 0, 1))
	if n, err := x.f.SweepRefunds(ctx); err != nil || n != 1 {
		t.Fatalf("sweep after the capture = %d, %v", n, err)
	}
	x.checkRefunded(t, r, r.Offered, rules.OrderPartlyRefunded)
}

// TestRefundMadeOutside: an order paid by ACH (a bank debit) and one by
// Chailease instalments have no refund call: within the cooling-off
// period the member's request waits for the studio (the offer says how
// it refunds: by transfer, by cancelling the instalment contract); the
// operator's approval is refused unless it records the refund made
// outside with its reference, and that record, replayed and raced,
// refunds once in one transaction: the order refunded, the pass revoked,
// the invoice voided, the member mailed with the reference.
func TestRefundMadeOutside(t *testing.T) {
	for _, c := range []struct{ payWay, provider, by string }{
		{data.PayWayACH, data.ProviderACH, RefundByTransfer},
		{data.PayWayChailease, data.ProviderChailease, RefundByInstalments},
	} {
		t.Run(c.payWay, func(t *testing.T) {
			x := &refundFixture{orderFixture: newOrderFixture(t), clock: &testClock{t: paidAt}}
			x.f.Now = x.clock.Now
			withEzPay(t, x.f, x.clock.Now)
			runJobs(t, x.db, x.f)
			ctx := context.Background()
			typ, id, price := item(t, x.db, "demo", "季卡通行卡")
			o, err := dbtest.CreateOrder(x.db, data.NewOrder{BrandID: "demo", UserID: x.userID, Kind: data.OrderKindItem,
				PayWay: c.payWay, Provider: c.provider, ExpiresAt: paidAt.Add(30 * time.Minute), Invoice: &rules.InvoiceChoice{Kind: rules.InvoiceMember},
				Lines: []data.NewOrderLine{{ItemType: typ, ItemID: id, StoreID: x.storeID, Quantity: 1, ShownPrice: price}}}, paidAt)
			if err != nil {
				t.Fatal(err)
			}
			if _, changed, err := x.f.Pay(ctx, data.Payment{Change: data.Change{Number: o.Number, Cause: "test", At: paidAt},
				Provider: c.provider, TradeNo: "T" + o.Number, Amount: o.Amount}); err != nil || !changed {
				t.Fatalf("pay: %v %v", changed, err)
			}
			x.o = o
			waitFor(t, x.db, 1, `select count(*) from invoices where state = 'issued' and order_id = $1`, o.ID)
			x.clock.Set(paidAt.AddDate(0, 0, 2))
			of, err := x.f.OfferRefund(ctx, "demo", x.userID, o.Number)
			if err != nil || of.Kind != data.RefundCoolingOff || of.Amount != o.Amount || of.By != c.by {
				t.Fatalf("offer = %+v, %v", of, err)
			}
			r, err := x.f.RequestRefund(ctx, "demo", x.userID, o.Number)
			if err != nil || r.State != rules.RefundRequested {
				t.Fatalf("request = %+v, %v", r, err)
			}
			if _, err := x.f.ApproveRefund(ctx, "demo", r.ID, 0); storefront.AsError(err) == nil ||
				storefront.AsError(err).Message != storefront.TextRefundOutsideNeeded {
				t.Fatalf("sent to a provider: %v", err)
			}
			if _, err := QueueApproval(ctx, x.db, "demo", r.ID, 0, ""); err == nil {
				t.Fatal("approved without the reference of the refund made outside")
			}
			if _, err := QueueApproval(ctx, x.db, "demo", r.ID, 0, "TX\n1"); err == nil {
				t.Fatal("a reference with a control character recorded")
			}
			if _, err := x.f.RecordOutside(ctx, "demo", r.ID, 100, "TX-1"); err == nil {
				t.Fatal("a fee kept in the cooling-off period")
			}
			const ref = "TX-20261127-01"
			payload := []byte(`{"id":` + itoa(r.ID) + `,"fee":0,"paidOutside":"` + ref + `"}`)
			got := raced(t, 8, func() (*data.Refund, error) {
				if err := x.f.SendApproved(ctx, payload); err != nil {
					return nil, err
				}
				return x.f.RecordOutside(ctx, "demo", r.ID, 0, ref)
			})
			for _, g := range got {
				if g.ID != r.ID || g.State != rules.RefundDone {
					t.Fatalf("recorded: %+v", g)
				}
			}
			if n := dbtest.Count(t, x.db, `select count(*) from refunds where state = 'refunded' and provider_ref = $1 and amount = $2 and id = $3`,
				ref, o.Amount, r.ID); n != 1 {
				t.Fatal("the refund is not recorded as made outside")
			}
			if n := dbtest.Count(t, x.db, `select count(*) from orders where state = 'refunded' and id = $1`, o.ID); n != 1 {
				t.Fatal("the order is not refunded")
			}
			if n := dbtest.Count(t, x.db, `select count(*) from member_passcards where revoked_at is null and order_id = $1`, o.ID); n != 0 {
				t.Fatal("the pass is still held")
			}
			if n := dbtest.Count(t, x.db, `select count(*) from jobs where kind = 'mail' and payload->>'subject' like '%'||$1||'%'
				and payload->>'text' like '%'||$2||'%'`, storefront.TextMailRefundedTitle, ref); n != 1 {
				t.Fatalf("%d refund mails with the reference; want 1", n)
			}
			waitFor(t, x.db, 1, `select count(*) from invoices where state = 'voided' and order_id = $1`, o.ID)
		})
	}
}
