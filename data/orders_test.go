package data_test

import (
	"context"
	"regexp"
	"slices"
	"storefront"
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
	f.storeID = int64(dbtest.Count(t, db, `select min(id) from stores where brand_id = 'demo'`))
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
	o, err := dbtest.CreateOrder(f.db, data.NewOrder{BrandID: "demo", UserID: f.userID, Kind: data.OrderKindItem,
		PayWay: data.PayWayCard, Provider: data.ProviderNewebPay, ExpiresAt: now.Add(30 * time.Minute),
		Lines: []data.NewOrderLine{{ItemType: typ, ItemID: id, StoreID: f.storeID, Quantity: quantity, ShownPrice: price, StartOn: start}}}, now)
	if err != nil {
		t.Fatal(err)
	}
	return o
}

var paidAt = time.Date(2026, 11, 23, 20, 0, 0, 0, rules.Taipei)

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
	_, err := dbtest.CreateOrder(f.db, data.NewOrder{BrandID: "demo", UserID: f.userID, Kind: data.OrderKindItem,
		PayWay: data.PayWayCard, Provider: data.ProviderNewebPay, ExpiresAt: paidAt, Lines: []data.NewOrderLine{line}}, paidAt)
	if e := storefront.AsError(err); e == nil || e.Code != storefront.CodePriceChanged || e.Message != "商品價格已變更為 NT$7,200，請重新確認後再結帳" {
		t.Fatalf("changed price: %v", err)
	}
	typ, id, price := f.item(t, "夏季限定通行卡") // off the shelf
	line = data.NewOrderLine{ItemType: typ, ItemID: id, StoreID: f.storeID, Quantity: 1, ShownPrice: price}
	_, err = dbtest.CreateOrder(f.db, data.NewOrder{BrandID: "demo", UserID: f.userID, Kind: data.OrderKindItem,
		PayWay: data.PayWayCard, Provider: data.ProviderNewebPay, ExpiresAt: paidAt, Lines: []data.NewOrderLine{line}}, paidAt)
	if e := storefront.AsError(err); e == nil || e.Code != storefront.CodeItemOffShelf {
		t.Fatalf("off-shelf item: %v", err)
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
			l, err := f.db.ItemList(ctx, "demo", data.AllModules, day)
			if err != nil {
				t.Fatal(err)
			}
			listed := slices.ContainsFunc(l.Passcard, func(it data.Item) bool { return it.ID == id })
			if listed != c.sold {
				t.Errorf("listed on %s: %v", day, listed)
			}
			line := data.NewOrderLine{ItemType: typ, ItemID: id, StoreID: f.storeID, Quantity: 1, ShownPrice: price}
			_, err = dbtest.CreateOrder(f.db, data.NewOrder{BrandID: "demo", UserID: f.userID, Kind: data.OrderKindItem,
				PayWay: data.PayWayCard, Provider: data.ProviderNewebPay, ExpiresAt: at.Add(time.Hour), Lines: []data.NewOrderLine{line}}, at)
			if e := storefront.AsError(err); c.sold && err != nil || !c.sold && (e == nil || e.Code != storefront.CodeItemOffShelf) {
				t.Errorf("order on %s: %v", day, err)
			}
		})
	}
}
