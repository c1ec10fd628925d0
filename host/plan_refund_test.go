package host

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"storefront"
	"storefront/data"
	"storefront/host/wire"
	"storefront/rules"
)

// Refunding a recurring plan (定期定額): the plan brand's member pays the
// monthly plan (1299 a month) at the NewebPay sandbox, with an e-invoice
// for each period, and ends it from the member centre.

// planRefundShop is recurringShop with the plan brand issuing e-invoices,
// the member's monthly plan paid for periods months (the sandbox's
// periods advanced), each period's invoice issued: the shop, the order's
// number, its mandate and the member's id.
func planRefundShop(t *testing.T, periods int) (s *buyer, orderNo, mandate string, userID int64) {
	t.Helper()
	s = recurringShop(t)
	ctx := context.Background()
	if _, err := s.db.Pool.Exec(ctx, `update brands set modules = modules || array['INVOICE'] where id = 'plan'`); err != nil {
		t.Fatal(err)
	}
	s.BrandChanged(ctx, "plan")
	orderNo, mandate = s.paidPlan(t)
	if periods > 1 {
		s.newebpaySandbox.AdvancePeriods(periods - 1)
	}
	waitFor(t, "each period's invoice issued", func() bool {
		return s.count(t, `select count(*) from invoices i join orders o on o.id = i.order_id where o.number = $1 and i.state = 'issued'`,
			orderNo) == periods
	})
	u, err := s.db.UserByEmail(ctx, "plan", "member@example.com", storefront.CodeMemberNotFound)
	if err != nil {
		t.Fatal(err)
	}
	return s, orderNo, mandate, u.ID
}

// periodTrade is a period's trade of a plan: its own order number and
// what it charged.
type periodTrade struct {
	period  int
	orderNo string
	amount  int
}

// periodTrades lists the trades that paid plan orderNo's periods.
func (s *buyer) periodTrades(t *testing.T, orderNo string) []periodTrade {
	t.Helper()
	rows, err := s.db.Pool.Query(context.Background(), `select c.period, c.trade_order_no, c.amount from recurring_charges c
		join orders o on o.id = c.order_id where o.number = $1 and c.state = 'paid' order by c.period`, orderNo)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var out []periodTrade
	for rows.Next() {
		var p periodTrade
		if err := rows.Scan(&p.period, &p.orderNo, &p.amount); err != nil {
			t.Fatal(err)
		}
		out = append(out, p)
	}
	return out
}

// refundedAtSandbox is what the sandbox's trade query says each of plan
// orderNo's period trades refunded, by period.
func (s *buyer) refundedAtSandbox(t *testing.T, orderNo string) map[int]int {
	t.Helper()
	out := map[int]int{}
	for _, p := range s.periodTrades(t, orderNo) {
		tr, err := s.cfg.NewebPay.QueryTrade(context.Background(), &http.Client{Transport: s.hc}, p.orderNo, p.amount, s.clock.Now())
		if err != nil || tr.BackBalance < 0 {
			t.Fatalf("the trade query of period %d (%s): %+v %v", p.period, p.orderNo, tr, err)
		}
		out[p.period] = tr.Refunded()
	}
	return out
}

// invoiceStates are the states of plan orderNo's invoices, by period.
func (s *buyer) invoiceStates(t *testing.T, orderNo string) map[int]string {
	t.Helper()
	rows, err := s.db.Pool.Query(context.Background(), `select i.period, i.state from invoices i join orders o on o.id = i.order_id
		where o.number = $1`, orderNo)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	out := map[int]string{}
	for rows.Next() {
		var p int
		var st string
		rows.Scan(&p, &st)
		out[p] = st
	}
	return out
}

// noChargeAfter advances the sandbox's periods and checks that the plan,
// terminated, is charged nothing more.
func (s *buyer) noChargeAfter(t *testing.T, orderNo, mandate string, paid int) {
	t.Helper()
	if st := s.newebpaySandbox.MandateState(mandate); st != "terminated" {
		t.Fatalf("the mandate is %q at NewebPay", st)
	}
	s.newebpaySandbox.AdvancePeriods(2)
	if n := s.count(t, `select count(*) from recurring_charges c join orders o on o.id = c.order_id where o.number = $1`, orderNo); n != paid {
		t.Fatalf("%d periods charged after the termination; want %d", n, paid)
	}
	waitFor(t, "the termination recorded", func() bool { // NewebPay's answer is recorded just after it
		return s.count(t, `select count(*) from recurring_mandates m join orders o on o.id = m.order_id
			where o.number = $1 and m.state = 'active'`, orderNo) == 0
	})
}

// refundMailed checks that the member was mailed the refund once,
// saying the plan's charges ended.
func (s *buyer) refundMailed(t *testing.T) {
	t.Helper()
	waitFor(t, "the refund mailed", func() bool {
		for _, m := range s.box.Messages() {
			if strings.Contains(m.Subject, storefront.TextMailRefundedTitle) && strings.Contains(m.Text, storefront.TextRefundPlanEnded) {
				return true
			}
		}
		return false
	})
	if n := s.count(t, `select count(*) from jobs where kind = 'mail' and payload->>'to' = 'member@example.com'
		and payload->>'subject' like '%'||$1||'%'`, storefront.TextMailRefundedTitle); n != 1 {
		t.Fatalf("%d refund mails; want 1", n)
	}
}

// TestPlanRefundInCoolingOff: three days after paying the plan's first
// month, nothing used, the member sees the cooling-off offer (all of it
// back) and asks, eight times at once and once more through the API:
// one refund, at once: the mandate terminated at NewebPay, the month's
// trade refunded whole by the card refund, the order refunded, the pass
// revoked, the invoice voided, the member mailed once; the sandbox's
// next periods charge nothing.
func TestPlanRefundInCoolingOff(t *testing.T) {
	s, orderNo, mandate, userID := planRefundShop(t, 1)
	ctx := context.Background()
	s.clock.Add(3 * 24 * time.Hour)
	var of wire.RefundOffer
	w := s.b.get(t, "/api/user/order/refund?brandId=plan&orderNumber="+orderNo)
	if env := apiResult(t, w, &of); w.Code != 200 || of.Kind != data.RefundCoolingOff || of.Amount != 1299 || !of.Whole || of.MaxFee != 0 {
		t.Fatalf("offer: %d %+v %+v", w.Code, env, of)
	}
	ids := make([]int64, 8)
	var wg sync.WaitGroup
	for i := range ids {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r, err := s.checkout.RequestRefund(ctx, "plan", userID, orderNo)
			if err != nil {
				t.Error(err)
				return
			}
			ids[i] = r.ID
		}()
	}
	wg.Wait()
	var r wire.Refund
	w = s.b.post(t, "/api/user/order/refund", map[string]any{"brandId": "plan", "orderNumber": orderNo})
	if env := apiResult(t, w, &r); w.Code != 200 || r.State != rules.RefundDone || r.Amount != 1299 || r.Fee != 0 || r.ID != ids[0] {
		t.Fatalf("asked again through the API: %d %+v %+v", w.Code, env, r)
	}
	for _, id := range ids {
		if id != r.ID {
			t.Fatalf("raced requests made refunds %v", ids)
		}
	}
	if got := s.refundedAtSandbox(t, orderNo); got[1] != 1299 {
		t.Fatalf("refunded at the sandbox: %v", got)
	}
	if n := s.count(t, `select count(*) from orders where number = $1 and state = 'refunded'`, orderNo); n != 1 {
		t.Fatal("the order is not refunded")
	}
	if n := s.count(t, `select count(*) from member_passcards p join orders o on o.id = p.order_id
		where o.number = $1 and p.revoked_at is null`, orderNo); n != 0 {
		t.Fatal("the pass is still held")
	}
	waitFor(t, "the invoice voided", func() bool { return s.invoiceStates(t, orderNo)[1] == data.InvoiceVoided })
	s.refundMailed(t)
	s.noChargeAfter(t, orderNo, mandate, 1)
	if got := s.refundedAtSandbox(t, orderNo); got[1] != 1299 {
		t.Fatalf("refunded at the sandbox after the replays: %v", got)
	}
}

// TestPlanRefundTermination: three months paid, the member ends the plan
// a month and six days in (three half months elapsed): the offer is
// 3 x 1299 - 1.5 x 1299 = 1949, up to 389 kept as a fee. The request
// ends the plan at once (no later period is charged while the studio
// decides); the operator's approval with a fee of 200, replayed eight
// times at once, refunds 1749 once: the third month's trade whole (its
// invoice voided), 450 of the second's (an allowance), the first's
// untouched; the order partly refunded, the pass revoked, its future
// booking cancelled with the seat back, one mail.
func TestPlanRefundTermination(t *testing.T) {
	s, orderNo, mandate, _ := planRefundShop(t, 3)
	ctx := context.Background()
	s.clock.Add(35 * 24 * time.Hour) // 2026-12-27
	if w, _ := login(t, s.b, "plan", "member@example.com", "demo1234"); w.Code != 200 {
		t.Fatalf("login: %d %s", w.Code, w.Body)
	}
	var of wire.RefundOffer
	w := s.b.get(t, "/api/user/order/refund?brandId=plan&orderNumber="+orderNo)
	if env := apiResult(t, w, &of); w.Code != 200 || of.Kind != data.RefundTermination || of.Amount != 1949 || of.Whole || of.MaxFee != 389 {
		t.Fatalf("offer: %d %+v %+v", w.Code, env, of)
	}
	var r wire.Refund
	w = s.b.post(t, "/api/user/order/refund", map[string]any{"brandId": "plan", "orderNumber": orderNo})
	if env := apiResult(t, w, &r); w.Code != 200 || r.State != rules.RefundRequested || r.Amount != 1949 {
		t.Fatalf("request: %d %+v %+v", w.Code, env, r)
	}
	waitFor(t, "the plan ended at NewebPay on the request", func() bool { return s.newebpaySandbox.MandateState(mandate) == "terminated" })
	s.noChargeAfter(t, orderNo, mandate, 3)
	var session int64 // a session on 2027-01-10 the plan's pass booked
	if err := s.db.Pool.QueryRow(ctx, `insert into course_schedules (brand_id, course_id, date, start_time, end_time, capacity, booked)
		select 'plan', min(id), '2027-01-10', '10:00', '11:00', 10, 1 from courses where brand_id = 'demo' returning id`).Scan(&session); err != nil {
		t.Fatal(err)
	}
	if _, err := s.db.Pool.Exec(ctx, `insert into bookings (brand_id, user_id, starts_at, ends_at, schedule_id, pay_kind, passcard_id)
		select 'plan', p.user_id, '2027-01-10 10:00+08', '2027-01-10 11:00+08', $1, 'passcard', p.id
		from member_passcards p join orders o on o.id = p.order_id where o.number = $2`, session, orderNo); err != nil {
		t.Fatal(err)
	}
	if _, err := s.checkout.ApproveRefund(ctx, "plan", r.ID, 390); err == nil {
		t.Fatal("a fee over 20% approved")
	}
	var wg sync.WaitGroup
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if _, err := s.checkout.ApproveRefund(ctx, "plan", r.ID, 200); err != nil {
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	if n := s.count(t, `select count(*) from refunds where id = $1 and state = 'refunded' and amount = 1749 and fee = 200`, r.ID); n != 1 {
		t.Fatal("the refund is not refunded for 1749")
	}
	if got := s.refundedAtSandbox(t, orderNo); got[3] != 1299 || got[2] != 450 || got[1] != 0 {
		t.Fatalf("refunded at the sandbox: %v; want 3: 1299, 2: 450", got)
	}
	if n := s.count(t, `select count(*) from orders where number = $1 and state = 'partially_refunded'`, orderNo); n != 1 {
		t.Fatal("the order is not partly refunded")
	}
	if n := s.count(t, `select count(*) from member_passcards p join orders o on o.id = p.order_id
		where o.number = $1 and p.revoked_at is null`, orderNo); n != 0 {
		t.Fatal("the pass is still held")
	}
	if n := s.count(t, `select count(*) from course_schedules c join bookings b on b.schedule_id = c.id
		where c.id = $1 and c.booked = 0 and b.status = 'cancelled'`, session); n != 1 {
		t.Fatal("the future booking is not cancelled with its seat back")
	}
	waitFor(t, "the invoices undone", func() bool {
		st := s.invoiceStates(t, orderNo)
		return st[3] == data.InvoiceVoided && st[2] == data.InvoiceAllowance
	})
	if st := s.invoiceStates(t, orderNo); st[1] != data.InvoiceIssued {
		t.Fatalf("the first month's invoice is %s", st[1])
	}
	s.refundMailed(t)
}

// lostAnswers is a transport whose answers to the card refund API are
// lost while lose is set: the refund is made at the provider, and the
// caller sees an error, as when it crashes before recording it.
type lostAnswers struct {
	next http.RoundTripper
	mu   sync.Mutex
	lose bool
}

func (l *lostAnswers) RoundTrip(r *http.Request) (*http.Response, error) {
	resp, err := l.next.RoundTrip(r)
	l.mu.Lock()
	defer l.mu.Unlock()
	if err == nil && l.lose && strings.HasSuffix(r.URL.Path, "/API/CreditCard/Close") {
		resp.Body.Close()
		return nil, errors.New("the answer was lost")
	}
	return resp, err
}

// TestPlanRefundSweep: two months paid, the member cancels in the
// cooling-off period and the answer of the first trade's refund is lost
// (made at NewebPay, not recorded): the refund stays requesting; the
// sweep, past its grace, asks NewebPay what each trade refunded, records
// the one refunded and refunds the other: each trade refunded once,
// whole, and the refund finished once.
func TestPlanRefundSweep(t *testing.T) {
	s, orderNo, mandate, userID := planRefundShop(t, 2)
	ctx := context.Background()
	lost := &lostAnswers{next: s.checkout.HTTP.Transport, lose: true}
	s.checkout.HTTP = &http.Client{Transport: lost}
	s.clock.Add(24 * time.Hour)
	if _, err := s.checkout.RequestRefund(ctx, "plan", userID, orderNo); err == nil {
		t.Fatal("the lost answer went unnoticed")
	}
	if n := s.count(t, `select count(*) from refunds r join orders o on o.id = r.order_id where o.number = $1 and r.state = 'requesting'`, orderNo); n != 1 {
		t.Fatal("the refund is not left requesting")
	}
	if got := s.refundedAtSandbox(t, orderNo); got[2] != 1299 || got[1] != 0 {
		t.Fatalf("refunded at the sandbox before the sweep: %v", got)
	}
	lost.mu.Lock()
	lost.lose = false
	lost.mu.Unlock()
	s.clock.Add(3 * time.Minute)
	if n, err := s.checkout.SweepRefunds(ctx); err != nil || n != 1 {
		t.Fatalf("sweep = %d, %v", n, err)
	}
	if got := s.refundedAtSandbox(t, orderNo); got[2] != 1299 || got[1] != 1299 {
		t.Fatalf("refunded at the sandbox after the sweep: %v", got)
	}
	if n := s.count(t, `select count(*) from refunds r join orders o on o.id = r.order_id
		where o.number = $1 and r.state = 'refunded' and r.amount = 2598`, orderNo); n != 1 {
		t.Fatal("the refund is not finished for 2598")
	}
	s.clock.Add(3 * time.Minute)
	if n, err := s.checkout.SweepRefunds(ctx); err != nil || n != 0 {
		t.Fatalf("sweep again = %d, %v", n, err)
	}
	s.refundMailed(t)
	s.noChargeAfter(t, orderNo, mandate, 2)
}

// TestPlanEndedWithNothingBack: twenty days into the plan's only paid
// month (a whole month elapsed by the rules' rounding), nothing is left
// to give back, yet the member may still end the plan: the offer is a
// termination of NT$0, the request ends the mandate at NewebPay, the
// operator's approval revokes the pass with nothing refunded (the order
// stays paid, its invoice issued), the member is mailed, and no later
// period is charged.
func TestPlanEndedWithNothingBack(t *testing.T) {
	s, orderNo, mandate, _ := planRefundShop(t, 1)
	ctx := context.Background()
	s.clock.Add(20 * 24 * time.Hour) // 2026-12-12
	if w, _ := login(t, s.b, "plan", "member@example.com", "demo1234"); w.Code != 200 {
		t.Fatalf("login: %d %s", w.Code, w.Body)
	}
	var of wire.RefundOffer
	w := s.b.get(t, "/api/user/order/refund?brandId=plan&orderNumber="+orderNo)
	if env := apiResult(t, w, &of); w.Code != 200 || of.Kind != data.RefundTermination || of.Amount != 0 || !of.EndsPlan {
		t.Fatalf("offer: %d %+v %+v", w.Code, env, of)
	}
	var r wire.Refund
	w = s.b.post(t, "/api/user/order/refund", map[string]any{"brandId": "plan", "orderNumber": orderNo})
	if env := apiResult(t, w, &r); w.Code != 200 || r.State != rules.RefundRequested || r.Amount != 0 {
		t.Fatalf("request: %d %+v %+v", w.Code, env, r)
	}
	waitFor(t, "the plan ended at NewebPay on the request", func() bool { return s.newebpaySandbox.MandateState(mandate) == "terminated" })
	if done, err := s.checkout.ApproveRefund(ctx, "plan", r.ID, 0); err != nil || done.State != rules.RefundDone || done.Amount != 0 {
		t.Fatalf("approve: %+v %v", done, err)
	}
	if got := s.refundedAtSandbox(t, orderNo); got[1] != 0 {
		t.Fatalf("refunded at the sandbox: %v", got)
	}
	if n := s.count(t, `select count(*) from orders o join member_passcards p on p.order_id = o.id
		where o.number = $1 and o.state = 'paid' and p.revoked_at is not null`, orderNo); n != 1 {
		t.Fatal("the pass is not revoked on a paid order")
	}
	s.refundMailed(t)
	if st := s.invoiceStates(t, orderNo); st[1] != data.InvoiceIssued {
		t.Fatalf("the month's invoice is %s", st[1])
	}
	s.noChargeAfter(t, orderNo, mandate, 1)
	w = s.b.post(t, "/api/user/order/refund", map[string]any{"brandId": "plan", "orderNumber": orderNo})
	if env := apiResult(t, w, &r); w.Code != 200 || r.State != rules.RefundDone {
		t.Fatalf("asked again: %d %+v %+v", w.Code, env, r)
	}
}

// TestPlanChargedAfterNotice: NewebPay down when the member ends the plan
// (three months paid, 1949 offered), the mandate's termination waits in
// the outbox and the fourth month is charged meanwhile; once NewebPay
// answers the plan is terminated, and the approved refund gives that
// month back whole on top of the offer: 3248, the fourth and third
// months' trades whole and 650 of the second's.
func TestPlanChargedAfterNotice(t *testing.T) {
	s, orderNo, mandate, userID := planRefundShop(t, 3)
	ctx := context.Background()
	refusing := &refusingAlter{next: s.checkout.HTTP.Transport, refuse: true}
	s.checkout.HTTP = &http.Client{Transport: refusing}
	s.clock.Add(35 * 24 * time.Hour)
	r, err := s.checkout.RequestRefund(ctx, "plan", userID, orderNo)
	if err != nil || r.State != rules.RefundRequested || r.Offered != 1949 {
		t.Fatalf("request: %+v %v", r, err)
	}
	waitFor(t, "the termination failing in the outbox", func() bool {
		return s.count(t, `select count(*) from jobs where kind = $1 and key = $2 and attempts >= 1 and done_at is null`, data.JobEndPlan, orderNo) == 1
	})
	s.newebpaySandbox.AdvancePeriods(1) // the fourth month, charged before the termination
	if n := s.count(t, `select count(*) from recurring_charges c join orders o on o.id = c.order_id where o.number = $1 and c.state = 'paid'`, orderNo); n != 4 {
		t.Fatalf("%d months paid", n)
	}
	refusing.set(false)
	done, err := s.checkout.ApproveRefund(ctx, "plan", r.ID, 0)
	if err != nil || done.State != rules.RefundDone || done.Amount != 3248 {
		t.Fatalf("approve: %+v %v", done, err)
	}
	if got := s.refundedAtSandbox(t, orderNo); got[4] != 1299 || got[3] != 1299 || got[2] != 650 || got[1] != 0 {
		t.Fatalf("refunded at the sandbox: %v", got)
	}
	s.noChargeAfter(t, orderNo, mandate, 4)
}
