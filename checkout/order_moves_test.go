package checkout

import (
	"context"
	"errors"
	"storefront"
	"sync"
	"testing"
	"time"

	"storefront/data"
	"storefront/data/dbtest"
	"storefront/rules"
)

// The order moves (order_moves.go) on the real PostgreSQL: paying once
// under replay, the refusals and no-ops of each state, a late payment.

// TestPayCreatesHoldingsOnce: paying creates the holdings of every
// line with their activation (IMMEDIATELY active from the day paid,
// BOOKING not active, CUSTOM from the chosen day; count and point tickets
// with their grants), the receipt mail and the event, in one transaction;
// the same payment 100 times in a row and 100 times at once changes
// nothing more.
func TestPayCreatesHoldingsOnce(t *testing.T) {
	x := newOrderFixture(t)
	ctx := context.Background()
	chosen, _ := rules.ParseDay("2026-12-01")
	cases := []struct {
		item             string
		quantity         int
		start            rules.TaipeiDay
		table            string
		startsOn, endsOn string // "" null
		status           string
	}{
		{"季卡通行卡", 1, rules.TaipeiDay{}, "member_passcards", "2026-11-23", "2027-02-22", "active"},
		{"單月暢遊通行卡", 2, rules.TaipeiDay{}, "member_passcards", "", "", "notActive"},
		{"年度通行卡", 1, chosen, "member_passcards", "2026-12-01", "2027-11-30", "notActive"}, // active from its chosen day
		{"團課 10 堂計次卡", 1, rules.TaipeiDay{}, "member_tickets", "", "", "notActive"},
		{"儲值票券 1,000 點", 1, rules.TaipeiDay{}, "member_tickets", "2026-11-23", "2027-11-22", "active"},
		{"自由重訓 600 分鐘卡", 1, rules.TaipeiDay{}, "member_counting_passcards", "", "", "notActive"},
	}
	for _, c := range cases {
		t.Run(c.item, func(t *testing.T) {
			o := x.order(t, c.item, c.quantity, c.start, paidAt)
			for i := range 100 {
				got, changed, err := x.f.Pay(ctx, payment(o, o.Amount))
				if err != nil || changed != (i == 0) || got.State != data.OrderPaid {
					t.Fatalf("payment %d: changed %v, %v", i, changed, err)
				}
			}
			var wg sync.WaitGroup
			for range 100 {
				wg.Go(func() {
					if _, changed, err := x.f.Pay(ctx, payment(o, o.Amount)); err != nil || changed {
						t.Errorf("concurrent repeat: changed %v, %v", changed, err)
					}
				})
			}
			wg.Wait()
			if n := dbtest.Count(t, x.db, `select count(*) from `+c.table+` where order_id = $1`, o.ID); n != c.quantity {
				t.Fatalf("%d holdings; want %d", n, c.quantity)
			}
			if n := dbtest.Count(t, x.db, `select count(*) from mail_outbox where to_addr = 'buyer@example.com' and text_body like '%' || $1 || '%'`, o.Number); n != 1 {
				t.Fatalf("%d receipts", n)
			}
			got, _ := x.db.Order(ctx, "demo", o.Number)
			got.StatesOn(rules.Day(paidAt))
			l := got.Lines[0]
			if deref(l.StartsOn) != c.startsOn || deref(l.EndsOn) != c.endsOn || l.Status != c.status || got.MaskedCard != "**** 1111" {
				t.Fatalf("line %s..%s %s, card %q; want %s..%s %s", deref(l.StartsOn), deref(l.EndsOn), l.Status, got.MaskedCard,
					c.startsOn, c.endsOn, c.status)
			}
			if ev, _ := x.db.OrderEvents(ctx, o.Number); len(ev) != 2 || ev[1] != "created→paid: test" {
				t.Fatalf("events %q", ev)
			}
		})
	}
	// the member centre shows them at once, a BOOKING pass not active yet
	passes, err := x.db.MemberPasscards(ctx, x.userID, "2026-11-23")
	if err != nil {
		t.Fatal(err)
	}
	status := map[string]string{}
	for _, p := range passes {
		status[p.Name] = p.Status
	}
	if status["季卡通行卡"] != "active" || status["單月暢遊通行卡"] != "notActive" || status["年度通行卡"] != "notActive" {
		t.Fatalf("member centre: %v", status) // 年度通行卡 starts on 2026-12-01
	}
	var total, remain int
	x.db.Pool.QueryRow(ctx, `select total, remain from member_tickets t join orders o on o.id = t.order_id
		where t.name = '團課 10 堂計次卡' and t.ticket_type = 'count'`).Scan(&total, &remain)
	if total != 10 || remain != 10 {
		t.Fatalf("count ticket %d/%d; want 10/10", remain, total)
	}
}

// TestAmountMismatchChangesNothing: a payment whose amount is not the
// order's is refused; the order, its holdings and its events stay as they
// were.
func TestAmountMismatchChangesNothing(t *testing.T) {
	x := newOrderFixture(t)
	ctx := context.Background()
	o := x.order(t, "季卡通行卡", 1, rules.TaipeiDay{}, paidAt)
	_, changed, err := x.f.Pay(ctx, payment(o, o.Amount-1))
	if !errors.Is(err, ErrAmountMismatch) || changed {
		t.Fatalf("Pay = %v, changed %v; want ErrAmountMismatch", err, changed)
	}
	got, _ := x.db.Order(ctx, "demo", o.Number)
	if got.State != data.OrderCreated || got.PaidAt != nil || got.MaskedCard != "" {
		t.Fatalf("order changed: %+v", got)
	}
	if n := dbtest.Count(t, x.db, `select count(*) from member_passcards where order_id = $1`, o.ID); n != 0 {
		t.Fatalf("%d holdings", n)
	}
	if ev, _ := x.db.OrderEvents(ctx, o.Number); len(ev) != 1 {
		t.Fatalf("events %q", ev)
	}
}

// TestOrderStates: a failed payment fails an awaiting order; a paid order
// is never failed, cancelled or expired; an order expires only past its
// time; a payment arriving after expiry is still taken.
func TestOrderStates(t *testing.T) {
	x := newOrderFixture(t)
	ctx := context.Background()
	ch := func(o *data.Order, at time.Time) data.Change {
		return data.Change{Number: o.Number, Cause: "t", At: at}
	}

	a := x.order(t, "季卡通行卡", 1, rules.TaipeiDay{}, paidAt)
	if _, err := x.f.handOff(ctx, ch(a, paidAt), data.Handoff{}); err != nil {
		t.Fatal(err)
	}
	if o, changed, err := x.f.Fail(ctx, ch(a, paidAt), "卡片遭拒"); err != nil || !changed || o.State != data.OrderFailed || o.Failure != "卡片遭拒" {
		t.Fatalf("fail: %+v %v %v", o, changed, err)
	}
	if _, err := x.f.handOff(ctx, ch(a, paidAt), data.Handoff{}); storefront.AsError(err).Code != storefront.CodeOrderExpired {
		t.Fatalf("paying a failed order: %v", err)
	}

	b := x.order(t, "季卡通行卡", 1, rules.TaipeiDay{}, paidAt)
	x.f.Pay(ctx, payment(b, b.Amount))
	for _, op := range []func() (*data.Order, bool, error){
		func() (*data.Order, bool, error) { return x.f.Fail(ctx, ch(b, paidAt), "x") },
		func() (*data.Order, bool, error) { return x.f.Cancel(ctx, ch(b, paidAt)) },
		func() (*data.Order, bool, error) { return x.f.ExpireOrder(ctx, ch(b, paidAt.Add(time.Hour))) },
	} {
		if o, changed, err := op(); err != nil || changed || o.State != data.OrderPaid {
			t.Fatalf("a paid order changed: %v %v", changed, err)
		}
	}

	c := x.order(t, "季卡通行卡", 1, rules.TaipeiDay{}, paidAt)
	if due, _ := x.db.DueOrders(ctx, paidAt.Add(29*time.Minute), 10); len(due) != 0 { // a, b settled; c not due yet
		t.Fatalf("due before its time: %v", due)
	}
	if _, _, err := x.f.ExpireOrder(ctx, ch(c, paidAt.Add(29*time.Minute))); err == nil {
		t.Fatal("expired before its time")
	}
	due, _ := x.db.DueOrders(ctx, paidAt.Add(31*time.Minute), 10)
	if len(due) != 1 || due[0] != c.Number {
		t.Fatalf("due %v; want %s", due, c.Number)
	}
	if o, changed, err := x.f.ExpireOrder(ctx, ch(c, paidAt.Add(31*time.Minute))); err != nil || !changed || o.State != data.OrderExpired {
		t.Fatalf("expire: %v %v", changed, err)
	}
	if o, changed, err := x.f.Pay(ctx, payment(c, c.Amount)); err != nil || !changed || o.State != data.OrderPaid {
		t.Fatalf("late payment: %v %v", changed, err)
	}
}

// TestPendingOrders: the member's orders waiting for payment are listed
// (newest first, with their first item and how many more), and leave the
// list once paid or expired; another member's never show.
func TestPendingOrders(t *testing.T) {
	x := newOrderFixture(t)
	ctx := context.Background()
	waiting := x.order(t, "季卡通行卡", 1, rules.TaipeiDay{}, paidAt)
	paid := x.order(t, "年度通行卡", 1, rules.TaipeiDay{}, paidAt.Add(time.Minute))
	if _, _, err := x.f.Pay(ctx, payment(paid, paid.Amount)); err != nil {
		t.Fatal(err)
	}
	late := x.order(t, "單月暢遊通行卡", 2, rules.TaipeiDay{}, paidAt.Add(-time.Hour)) // expired at paidAt
	list, err := x.db.PendingOrders(ctx, x.userID, paidAt.Add(2*time.Minute))
	if err != nil {
		t.Fatal(err)
	}
	if len(list) != 1 || list[0].OrderNo != waiting.Number || list[0].Item != "季卡通行卡" || list[0].Amount != waiting.Amount ||
		list[0].State != data.OrderCreated || list[0].More != 0 {
		t.Fatalf("pending %+v (late %s, paid %s)", list, late.Number, paid.Number)
	}
	if other, err := x.db.PendingOrders(ctx, x.userID+1000, paidAt); err != nil || len(other) != 0 {
		t.Fatalf("another member: %+v %v", other, err)
	}
}

// TestSettledOrdersStaySettled: an order failed, cancelled or expired is
// neither failed, cancelled nor expired again (nothing changes, no
// error), and cannot be handed to a provider again (the refusal the buyer
// sees); a confirm does not claim it.
func TestSettledOrdersStaySettled(t *testing.T) {
	x := newOrderFixture(t)
	ctx := context.Background()
	later := paidAt.Add(time.Hour)
	for _, c := range []struct {
		state  string
		settle func(o *data.Order) (*data.Order, bool, error)
	}{
		{state: data.OrderFailed, settle: func(o *data.Order) (*data.Order, bool, error) {
			return x.f.Fail(ctx, data.Change{Number: o.Number, Cause: "t", At: later}, "卡片遭拒")
		}},
		{state: data.OrderCancelled, settle: func(o *data.Order) (*data.Order, bool, error) {
			return x.f.Cancel(ctx, data.Change{Number: o.Number, Cause: "t", At: later})
		}},
		{state: data.OrderExpired, settle: func(o *data.Order) (*data.Order, bool, error) {
			return x.f.ExpireOrder(ctx, data.Change{Number: o.Number, Cause: "t", At: later})
		}},
	} {
		t.Run(c.state, func(t *testing.T) {
			o := x.order(t, "季卡通行卡", 1, rules.TaipeiDay{}, paidAt)
			if got, changed, err := c.settle(o); err != nil || !changed || got.State != c.state {
				t.Fatalf("settle: %v %v", changed, err)
			}
			ch := data.Change{Number: o.Number, Cause: "again", At: later}
			for name, op := range map[string]func() (*data.Order, bool, error){
				"fail":    func() (*data.Order, bool, error) { return x.f.Fail(ctx, ch, "x") },
				"cancel":  func() (*data.Order, bool, error) { return x.f.Cancel(ctx, ch) },
				"expire":  func() (*data.Order, bool, error) { return x.f.ExpireOrder(ctx, ch) },
				"confirm": func() (*data.Order, bool, error) { return x.f.ClaimConfirm(ctx, ch, o.Provider, "", later) },
			} {
				if name == "confirm" { // a NewebPay order has no LINE Pay transaction: not found before its state
					if _, _, err := op(); storefront.AsError(err).Code != storefront.CodeOrderNotFound {
						t.Errorf("confirm: %v", err)
					}
					continue
				}
				if got, changed, err := op(); err != nil || changed || got.State != c.state {
					t.Errorf("%s: %v %v", name, changed, err)
				}
			}
			if _, err := x.f.handOff(ctx, ch, data.Handoff{}); storefront.AsError(err).Code != storefront.CodeOrderExpired {
				t.Errorf("hand-off: %v", err)
			}
			if ev, _ := x.db.OrderEvents(ctx, o.Number); len(ev) != 2 {
				t.Errorf("events %q", ev)
			}
		})
	}
}
