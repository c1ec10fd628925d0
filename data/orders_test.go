package data_test

import (
	"context"
	"errors"
	"regexp"
	"slices"
	"storefront"
	"sync"
	"testing"
	"time"

	"storefront/data"
	"storefront/data/dbtest"
	"storefront/rules"
)

// orderFixture is a new member of brand demo, buying its items.
type orderFixture struct {
	db      *data.DB
	userID  int64
	storeID int64
}

func newOrderFixture(t *testing.T) *orderFixture {
	t.Helper()
	db := dbtest.NewDemo(t)
	f := &orderFixture{db: db}
	u, err := db.CreateUser(context.Background(), newMember("buyer@example.com"), paidAt) // holds nothing yet
	if err != nil {
		t.Fatal(err)
	}
	f.userID = u.ID
	f.storeID = int64(count(t, db, `select min(id) from stores where brand_id = 'demo'`))
	return f
}

// item is the id and price of the demo item named name.
func (f *orderFixture) item(t *testing.T, name string) (string, int64, int) {
	t.Helper()
	var typ string
	var id int64
	var price int
	if err := f.db.Pool.QueryRow(context.Background(), `select type, id, price from items where brand_id = 'demo' and name = $1`, name).
		Scan(&typ, &id, &price); err != nil {
		t.Fatal(err)
	}
	return typ, id, price
}

func (f *orderFixture) order(t *testing.T, name string, quantity int, start rules.TaipeiDay, now time.Time) *data.Order {
	t.Helper()
	typ, id, price := f.item(t, name)
	o, err := f.db.CreateOrder(context.Background(), data.NewOrder{BrandID: "demo", UserID: f.userID, Kind: data.OrderKindItem,
		PayWay: data.PayWayCard, Provider: data.ProviderNewebPay, ExpiresAt: now.Add(30 * time.Minute),
		Lines: []data.NewOrderLine{{ItemType: typ, ItemID: id, StoreID: f.storeID, Quantity: quantity, ShownPrice: price, StartOn: start}}}, now)
	if err != nil {
		t.Fatal(err)
	}
	return o
}

var paidAt = time.Date(2026, 11, 23, 20, 0, 0, 0, rules.Taipei)

func payment(o *data.Order, amount int) data.Payment {
	return data.Payment{Change: data.Change{Number: o.Number, Cause: "test", At: paidAt}, Provider: data.ProviderNewebPay,
		TradeNo: "T" + o.Number, Amount: amount, CardLast4: "1111"}
}

func receipt(o *data.Order, u *data.User) (data.Mail, error) {
	return data.Mail{To: u.Email, Subject: "收據 " + o.Number, Text: o.MaskedCard}, nil
}

// TestOrderNumbers: order numbers are unique, URL-safe and random (no
// two share a long prefix, none follows from the one before).
func TestOrderNumbers(t *testing.T) {
	f := newOrderFixture(t)
	seen := map[string]bool{}
	safe := regexp.MustCompile(`^[A-Z2-7]{26}$`)
	for range 50 {
		o := f.order(t, "季卡通行卡", 1, rules.TaipeiDay{}, paidAt)
		if !safe.MatchString(o.Number) {
			t.Fatalf("order number %q is not 26 URL-safe characters", o.Number)
		}
		if seen[o.Number] || seen[o.Number[:8]] {
			t.Fatalf("order number %q repeats", o.Number)
		}
		seen[o.Number], seen[o.Number[:8]] = true, true
	}
}

// TestCreateOrderReadsTheDatabase: an order's name, price and amount come
// from the database; a price that changed since the page showed it, or an
// item taken off the shelf, refuses the order.
func TestCreateOrderReadsTheDatabase(t *testing.T) {
	f := newOrderFixture(t)
	o := f.order(t, "團課 10 堂計次卡", 2, rules.TaipeiDay{}, paidAt)
	if o.Amount != 7000 || o.State != data.OrderCreated || len(o.Lines) != 1 || o.Lines[0].Name != "團課 10 堂計次卡" || o.Lines[0].UnitPrice != 3500 {
		t.Fatalf("order %+v", o)
	}
	typ, id, _ := f.item(t, "季卡通行卡")
	line := data.NewOrderLine{ItemType: typ, ItemID: id, StoreID: f.storeID, Quantity: 1, ShownPrice: 6000}
	_, err := f.db.CreateOrder(context.Background(), data.NewOrder{BrandID: "demo", UserID: f.userID, Kind: data.OrderKindItem,
		PayWay: data.PayWayCard, Provider: data.ProviderNewebPay, ExpiresAt: paidAt, Lines: []data.NewOrderLine{line}}, paidAt)
	if e := storefront.AsError(err); e == nil || e.Code != storefront.CodePriceChanged || e.Message != "商品價格已變更為 NT$7,200，請重新確認後再結帳" {
		t.Fatalf("changed price: %v", err)
	}
	typ, id, price := f.item(t, "夏季限定通行卡") // off the shelf
	line = data.NewOrderLine{ItemType: typ, ItemID: id, StoreID: f.storeID, Quantity: 1, ShownPrice: price}
	_, err = f.db.CreateOrder(context.Background(), data.NewOrder{BrandID: "demo", UserID: f.userID, Kind: data.OrderKindItem,
		PayWay: data.PayWayCard, Provider: data.ProviderNewebPay, ExpiresAt: paidAt, Lines: []data.NewOrderLine{line}}, paidAt)
	if e := storefront.AsError(err); e == nil || e.Code != storefront.CodeItemOffShelf {
		t.Fatalf("off-shelf item: %v", err)
	}
}

// TestPayOrderCreatesHoldingsOnce: paying creates the holdings of every
// line with their activation (IMMEDIATELY active from the day paid,
// BOOKING not active, CUSTOM from the chosen day; count and point tickets
// with their grants), the receipt mail and the event, in one transaction;
// the same payment 100 times in a row and 100 times at once changes
// nothing more.
func TestPayOrderCreatesHoldingsOnce(t *testing.T) {
	f := newOrderFixture(t)
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
			o := f.order(t, c.item, c.quantity, c.start, paidAt)
			for i := range 100 {
				got, changed, err := f.db.PayOrder(ctx, payment(o, o.Amount), receipt)
				if err != nil || changed != (i == 0) || got.State != data.OrderPaid {
					t.Fatalf("payment %d: changed %v, %v", i, changed, err)
				}
			}
			var wg sync.WaitGroup
			for range 100 {
				wg.Go(func() {
					if _, changed, err := f.db.PayOrder(ctx, payment(o, o.Amount), receipt); err != nil || changed {
						t.Errorf("concurrent repeat: changed %v, %v", changed, err)
					}
				})
			}
			wg.Wait()
			if n := count(t, f.db, `select count(*) from `+c.table+` where order_id = $1`, o.ID); n != c.quantity {
				t.Fatalf("%d holdings; want %d", n, c.quantity)
			}
			if n := count(t, f.db, `select count(*) from mail_outbox where subject = $1`, "收據 "+o.Number); n != 1 {
				t.Fatalf("%d receipts", n)
			}
			got, _ := f.db.Order(ctx, "demo", o.Number)
			got.StatesOn(rules.Day(paidAt))
			l := got.Lines[0]
			if deref(l.StartsOn) != c.startsOn || deref(l.EndsOn) != c.endsOn || l.Status != c.status || got.MaskedCard != "**** 1111" {
				t.Fatalf("line %s..%s %s, card %q; want %s..%s %s", deref(l.StartsOn), deref(l.EndsOn), l.Status, got.MaskedCard,
					c.startsOn, c.endsOn, c.status)
			}
			if ev, _ := f.db.OrderEvents(ctx, o.Number); len(ev) != 2 || ev[1] != "created→paid: test" {
				t.Fatalf("events %q", ev)
			}
		})
	}
	// the member centre shows them at once, a BOOKING pass not active yet
	passes, err := f.db.MemberPasscards(ctx, f.userID, "2026-11-23")
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
	f.db.Pool.QueryRow(ctx, `select total, remain from member_tickets t join orders o on o.id = t.order_id
		where t.name = '團課 10 堂計次卡' and t.ticket_type = 'count'`).Scan(&total, &remain)
	if total != 10 || remain != 10 {
		t.Fatalf("count ticket %d/%d; want 10/10", remain, total)
	}
}

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}

// TestAmountMismatchChangesNothing: a payment whose amount is not the
// order's is refused; the order, its holdings and its events stay as they
// were.
func TestAmountMismatchChangesNothing(t *testing.T) {
	f := newOrderFixture(t)
	ctx := context.Background()
	o := f.order(t, "季卡通行卡", 1, rules.TaipeiDay{}, paidAt)
	_, changed, err := f.db.PayOrder(ctx, payment(o, o.Amount-1), receipt)
	if !errors.Is(err, data.ErrAmountMismatch) || changed {
		t.Fatalf("PayOrder = %v, changed %v; want ErrAmountMismatch", err, changed)
	}
	got, _ := f.db.Order(ctx, "demo", o.Number)
	if got.State != data.OrderCreated || got.PaidAt != nil || got.MaskedCard != "" {
		t.Fatalf("order changed: %+v", got)
	}
	if n := count(t, f.db, `select count(*) from member_passcards where order_id = $1`, o.ID); n != 0 {
		t.Fatalf("%d holdings", n)
	}
	if ev, _ := f.db.OrderEvents(ctx, o.Number); len(ev) != 1 {
		t.Fatalf("events %q", ev)
	}
}

// TestOrderStates: a failed payment fails an awaiting order; a paid order
// is never failed, cancelled or expired; an order expires only past its
// time; a payment arriving after expiry is still taken.
func TestOrderStates(t *testing.T) {
	f := newOrderFixture(t)
	ctx := context.Background()
	ch := func(o *data.Order, at time.Time) data.Change {
		return data.Change{Number: o.Number, Cause: "t", At: at}
	}

	a := f.order(t, "季卡通行卡", 1, rules.TaipeiDay{}, paidAt)
	if _, err := f.db.AwaitPayment(ctx, ch(a, paidAt), data.Handoff{}); err != nil {
		t.Fatal(err)
	}
	if o, changed, err := f.db.FailOrder(ctx, ch(a, paidAt), "卡片遭拒"); err != nil || !changed || o.State != data.OrderFailed || o.Failure != "卡片遭拒" {
		t.Fatalf("fail: %+v %v %v", o, changed, err)
	}
	if _, err := f.db.AwaitPayment(ctx, ch(a, paidAt), data.Handoff{}); storefront.AsError(err).Code != storefront.CodeOrderExpired {
		t.Fatalf("paying a failed order: %v", err)
	}

	b := f.order(t, "季卡通行卡", 1, rules.TaipeiDay{}, paidAt)
	f.db.PayOrder(ctx, payment(b, b.Amount), nil)
	for _, op := range []func() (*data.Order, bool, error){
		func() (*data.Order, bool, error) { return f.db.FailOrder(ctx, ch(b, paidAt), "x") },
		func() (*data.Order, bool, error) { return f.db.CancelOrder(ctx, ch(b, paidAt)) },
		func() (*data.Order, bool, error) { return f.db.ExpireOrder(ctx, ch(b, paidAt.Add(time.Hour))) },
	} {
		if o, changed, err := op(); err != nil || changed || o.State != data.OrderPaid {
			t.Fatalf("a paid order changed: %v %v", changed, err)
		}
	}

	c := f.order(t, "季卡通行卡", 1, rules.TaipeiDay{}, paidAt)
	if due, _ := f.db.DueOrders(ctx, paidAt.Add(29*time.Minute), 10); len(due) != 0 { // a, b settled; c not due yet
		t.Fatalf("due before its time: %v", due)
	}
	if _, _, err := f.db.ExpireOrder(ctx, ch(c, paidAt.Add(29*time.Minute))); err == nil {
		t.Fatal("expired before its time")
	}
	due, _ := f.db.DueOrders(ctx, paidAt.Add(31*time.Minute), 10)
	if len(due) != 1 || due[0] != c.Number {
		t.Fatalf("due %v; want %s", due, c.Number)
	}
	if o, changed, err := f.db.ExpireOrder(ctx, ch(c, paidAt.Add(31*time.Minute))); err != nil || !changed || o.State != data.OrderExpired {
		t.Fatalf("expire: %v %v", changed, err)
	}
	if o, changed, err := f.db.PayOrder(ctx, payment(c, c.Amount), nil); err != nil || !changed || o.State != data.OrderPaid {
		t.Fatalf("late payment: %v %v", changed, err)
	}
}

// TestPendingOrders: the member's orders waiting for payment are listed
// (newest first, with their first item and how many more), and leave the
// list once paid or expired; another member's never show.
func TestPendingOrders(t *testing.T) {
	f := newOrderFixture(t)
	ctx := context.Background()
	waiting := f.order(t, "季卡通行卡", 1, rules.TaipeiDay{}, paidAt)
	paid := f.order(t, "年度通行卡", 1, rules.TaipeiDay{}, paidAt.Add(time.Minute))
	if _, _, err := f.db.PayOrder(ctx, payment(paid, paid.Amount), nil); err != nil {
		t.Fatal(err)
	}
	late := f.order(t, "單月暢遊通行卡", 2, rules.TaipeiDay{}, paidAt.Add(-time.Hour)) // expired at paidAt
	list, err := f.db.PendingOrders(ctx, f.userID, paidAt.Add(2*time.Minute))
	if err != nil {
		t.Fatal(err)
	}
	if len(list) != 1 || list[0].OrderNo != waiting.Number || list[0].Item != "季卡通行卡" || list[0].Amount != waiting.Amount ||
		list[0].State != data.OrderCreated || list[0].More != 0 {
		t.Fatalf("pending %+v (late %s, paid %s)", list, late.Number, paid.Number)
	}
	if other, err := f.db.PendingOrders(ctx, f.userID+1000, paidAt); err != nil || len(other) != 0 {
		t.Fatalf("another member: %+v %v", other, err)
	}
}

// TestItemPastItsSaleEndIsNotSold: an item is sold up to its last day of
// sale (the demo's quarterly pass) and off the shelf the day after, in
// the item list, on its page and in checkout alike.
func TestItemPastItsSaleEndIsNotSold(t *testing.T) {
	f := newOrderFixture(t)
	ctx := context.Background()
	typ, id, price := f.item(t, "季卡通行卡")
	var ends time.Time
	if err := f.db.Pool.QueryRow(ctx, "select sale_ends from items where id = $1", id).Scan(&ends); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		day  time.Time
		sold bool
	}{{"on its last day", ends, true}, {"the day after", ends.AddDate(0, 0, 1), false}} {
		t.Run(c.name, func(t *testing.T) {
			at := time.Date(c.day.Year(), c.day.Month(), c.day.Day(), 23, 0, 0, 0, rules.Taipei)
			day := rules.Day(at)
			it, err := f.db.Item(ctx, "demo", typ, id, day)
			if err != nil || it.OnShelf != c.sold || it.SaleEnds != ends.Format(time.DateOnly) {
				t.Fatalf("item on %s: %+v, %v", day, it, err)
			}
			l, err := f.db.ItemList(ctx, "demo", day)
			if err != nil {
				t.Fatal(err)
			}
			listed := slices.ContainsFunc(l.Passcard, func(it data.Item) bool { return it.ID == id })
			if listed != c.sold {
				t.Errorf("listed on %s: %v", day, listed)
			}
			line := data.NewOrderLine{ItemType: typ, ItemID: id, StoreID: f.storeID, Quantity: 1, ShownPrice: price}
			_, err = f.db.CreateOrder(ctx, data.NewOrder{BrandID: "demo", UserID: f.userID, Kind: data.OrderKindItem,
				PayWay: data.PayWayCard, Provider: data.ProviderNewebPay, ExpiresAt: at.Add(time.Hour), Lines: []data.NewOrderLine{line}}, at)
			if e := storefront.AsError(err); c.sold && err != nil || !c.sold && (e == nil || e.Code != storefront.CodeItemOffShelf) {
				t.Errorf("order on %s: %v", day, err)
			}
		})
	}
}
