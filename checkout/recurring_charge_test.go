package checkout

import (
	"context"
	"errors"
	"testing"
	"time"

	"storefront/data"
	"storefront/data/dbtest"
	"storefront/rules"
)

// recurringFixture is a member of the plan brand whose monthly plan
// (月費方案, NT$1,299 for twelve months) is paid by its first mandate's
// first period.
type recurringFixture struct {
	db *data.DB
	f  *Flows
	o  *data.Order
	m  *data.Mandate
}

func newRecurringFixture(t *testing.T) *recurringFixture {
	t.Helper()
	return newRecurringFixtureWith(t, dbtest.NewDemo(t), nil, func() time.Time { return paidAt })
}

// newRecurringFixtureWith is newRecurringFixture on db, the order asking
// for invoice (nil: none), its flows' clock now.
func newRecurringFixtureWith(t *testing.T, db *data.DB, invoice *rules.InvoiceChoice, now func() time.Time) *recurringFixture {
	t.Helper()
	ctx := context.Background()
	x := &recurringFixture{db: db, f: newFlows(db, paidAt)}
	x.f.Now = now
	u, err := db.CreateUser(ctx, newMember("plan", "monthly@example.com"), paidAt)
	if err != nil {
		t.Fatal(err)
	}
	typ, id, price := item(t, db, "plan", "月費方案")
	store := int64(dbtest.Count(t, db, `select min(id) from stores where brand_id = 'plan'`))
	o, err := dbtest.CreateOrder(db, data.NewOrder{BrandID: "plan", UserID: u.ID, Kind: data.OrderKindPlan, PayWay: data.PayWayRecurring,
		Provider: data.ProviderNewebPay, ExpiresAt: paidAt.Add(time.Hour),
		Lines: []data.NewOrderLine{{ItemType: typ, ItemID: id, StoreID: store, Quantity: 1, ShownPrice: price}}, Invoice: invoice}, paidAt)
	if err != nil {
		t.Fatal(err)
	}
	terms, err := db.RecurringTermsOf(ctx, o.Number)
	if err != nil {
		t.Fatal(err)
	}
	terms.PeriodPoint = "23"
	if x.m, err = x.f.newMandate(ctx, o.Number, terms, false, false, paidAt); err != nil {
		t.Fatal(err)
	}
	if x.m.StartType != 2 || *x.m.First != 1 || x.m.Times != 12 {
		t.Fatalf("first mandate %+v", x.m)
	}
	if _, changed, err := x.f.Pay(ctx, data.Payment{Change: data.Change{Number: o.Number, Cause: "test", At: paidAt},
		Provider: data.ProviderNewebPay, TradeNo: "T1", Amount: price, CardLast4: "4242"}); err != nil || !changed {
		t.Fatalf("pay: %v %v", changed, err)
	}
	x.o = o
	x.charge(t, data.Charge{Created: true, Paid: true, TradeNo: "T1"}, 1, true)
	return x
}

// charge applies c (of the fixture's mandate, the plan's amount unless
// given) and checks its period and whether it changed anything.
func (x *recurringFixture) charge(t *testing.T, c data.Charge, period int, changed bool) *ChargeOutcome {
	t.Helper()
	c.MerOrderNo, c.PeriodNo, c.At = x.m.MerOrderNo, "P1", paidAt
	if c.Amount == 0 {
		c.Amount = x.o.Amount
	}
	out, err := x.f.ApplyCharge(context.Background(), c)
	if err != nil {
		t.Fatalf("charge %+v: %v", c, err)
	}
	if out.Changed != changed || (changed || out.Refund != nil) && out.Period != period {
		t.Fatalf("charge %+v: changed %v period %d; want %v, %d", c, out.Changed, out.Period, changed, period)
	}
	return out
}

// TestApplyCharge: each period changes once: a replay changes nothing, a
// declined period marks the holding payment-failed and mails once (not for
// a second declined period), a paid one clears it; a paid period paid
// again by another trade is claimed for refund once and settled with an
// event and a mail; a wrong amount or PeriodNo is refused.
func TestApplyCharge(t *testing.T) {
	x := newRecurringFixture(t)
	ctx := context.Background()
	x.charge(t, data.Charge{Created: true, Paid: true, TradeNo: "T1"}, 1, false) // the creation's replay
	x.charge(t, data.Charge{AlreadyTimes: 2, Paid: true, TradeNo: "T2"}, 2, true)
	x.charge(t, data.Charge{AlreadyTimes: 2, Paid: true, TradeNo: "T2"}, 2, false)
	mails := func() int {
		return dbtest.Count(t, x.db, `select count(*) from mail_outbox where to_addr = 'monthly@example.com'`)
	}
	before := mails()
	if out := x.charge(t, data.Charge{AlreadyTimes: 3, Paid: false, Failure: "卡片遭拒"}, 3, true); !out.Mailed {
		t.Fatal("a declined period mailed nothing")
	}
	x.charge(t, data.Charge{AlreadyTimes: 3, Paid: false}, 3, false)
	if out := x.charge(t, data.Charge{AlreadyTimes: 4, Paid: false}, 4, true); out.Mailed {
		t.Fatal("a second declined period mailed again")
	}
	if n := mails(); n != before+1 {
		t.Fatalf("%d mails after the declines; want %d", n, before+1)
	}
	if n := dbtest.Count(t, x.db, `select count(*) from member_passcards where order_id = $1 and payment_failed`, x.o.ID); n != 1 {
		t.Fatalf("%d payment-failed passes", n)
	}
	x.charge(t, data.Charge{AlreadyTimes: 3, Paid: true, TradeNo: "T3"}, 3, true)
	x.charge(t, data.Charge{AlreadyTimes: 4, Paid: true, TradeNo: "T4"}, 4, true)
	x.charge(t, data.Charge{AlreadyTimes: 4, Paid: false}, 4, false) // a paid period stays paid
	if n := dbtest.Count(t, x.db, `select count(*) from member_passcards where order_id = $1 and payment_failed`, x.o.ID); n != 0 {
		t.Fatalf("%d payment-failed passes once paid", n)
	}
	if n := dbtest.Count(t, x.db, `select paid_periods from recurring_plans where order_id = $1`, x.o.ID); n != 4 {
		t.Fatalf("%d periods paid", n)
	}
	out := x.charge(t, data.Charge{AlreadyTimes: 2, Paid: true, TradeNo: "T2b", TradeOrderNo: "O2b"}, 2, false)
	if out.Refund == nil || out.Refund.Period != 2 || out.Refund.TradeNo != "T2b" {
		t.Fatalf("a second trade for period 2: %+v", out.Refund)
	}
	if again := x.charge(t, data.Charge{AlreadyTimes: 2, Paid: true, TradeNo: "T2b", TradeOrderNo: "O2b"}, 2, false); again.Refund != nil {
		t.Fatal("the refund was claimed twice")
	}
	before = mails()
	if err := x.f.settleRefund(ctx, out.Refund, nil, paidAt); err != nil {
		t.Fatal(err)
	}
	if err := x.f.settleRefund(ctx, out.Refund, nil, paidAt); err != nil {
		t.Fatal(err)
	}
	if n := mails(); n != before+1 {
		t.Fatalf("%d refund mails", n-before)
	}
	events, _ := x.db.OrderEvents(ctx, x.o.Number)
	if last := events[len(events)-1]; last != "paid→paid: refunded a second charge for period 2: trade T2b, NT$1299" {
		t.Fatalf("last event %q", last)
	}
	c := data.Charge{MerOrderNo: x.m.MerOrderNo, PeriodNo: "P1", AlreadyTimes: 5, Paid: true, TradeNo: "T5", Amount: 1, At: paidAt}
	if _, err := x.f.ApplyCharge(ctx, c); !errors.Is(err, ErrAmountMismatch) {
		t.Fatalf("another amount: %v", err)
	}
	c.Amount, c.PeriodNo = x.o.Amount, "P9"
	if _, err := x.f.ApplyCharge(ctx, c); !errors.Is(err, errPeriodNoOther) {
		t.Fatalf("another PeriodNo: %v", err)
	}
	c.PeriodNo, c.AlreadyTimes = "P1", 13
	if _, err := x.f.ApplyCharge(ctx, c); err == nil {
		t.Fatal("period 13 of 12 was taken")
	}
}

// TestCardChangeMandate: a card change of a paid order with a declined
// period charges it at once; the creation's result activates it and ends
// the mandate it replaces.
func TestCardChangeMandate(t *testing.T) {
	x := newRecurringFixture(t)
	ctx := context.Background()
	if _, err := x.f.newMandate(ctx, x.o.Number, data.RecurringTerms{}, true, true, paidAt); err == nil {
		t.Fatal("a failed-card change with no period declined")
	}
	x.charge(t, data.Charge{AlreadyTimes: 2, Paid: false}, 2, true)
	m, err := x.f.newMandate(ctx, x.o.Number, data.RecurringTerms{}, true, true, paidAt)
	if err != nil {
		t.Fatal(err)
	}
	if m.StartType != 2 || *m.First != 2 || m.Base != 1 || m.Times != 11 || m.Terms.Amount != x.o.Amount {
		t.Fatalf("card change %+v", m)
	}
	out, err := x.f.ApplyCharge(ctx, data.Charge{MerOrderNo: m.MerOrderNo, PeriodNo: "P2", Created: true, Paid: true, Amount: x.o.Amount,
		TradeNo: "T2", CardLast4: "1881", At: paidAt})
	if err != nil || !out.Changed || out.Period != 2 || len(out.Replaced) != 1 || out.Replaced[0].MerOrderNo != x.m.MerOrderNo {
		t.Fatalf("the change's creation: %+v %v", out, err)
	}
	if n := dbtest.Count(t, x.db, `select count(*) from member_passcards where order_id = $1 and payment_failed`, x.o.ID); n != 0 {
		t.Fatalf("%d payment-failed passes once re-charged", n)
	}
}
