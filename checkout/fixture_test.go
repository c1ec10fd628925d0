package checkout

import (
	"context"
	"io"
	"log/slog"
	"testing"
	"time"

	"storefront/data"
	"storefront/data/dbtest"
	"storefront/mail"
	"storefront/rules"
)

// The flows' tests run on the real PostgreSQL (data/dbtest), each on a
// database of its own holding the demo catalogue.

var paidAt = time.Date(2026, 11, 23, 20, 0, 0, 0, rules.Taipei)

// testShop is every brand's mail identity in the tests.
func testShop(_ context.Context, brandID string) (mail.Brand, error) {
	return mail.Brand{Name: brandID, Colour: "#1B8A7A", Home: "https://shop.example/" + brandID + "/"}, nil
}

// newFlows is the flows over db at now, mailing with testShop.
func newFlows(db *data.DB, now time.Time) *Flows {
	return &Flows{DB: db, Now: func() time.Time { return now }, Shop: testShop, OrderTTL: 30 * time.Minute,
		Log: slog.New(slog.NewTextHandler(io.Discard, nil))}
}

// orderFixture is a new member of brand demo, buying its items.
type orderFixture struct {
	db      *data.DB
	f       *Flows
	userID  int64
	storeID int64
}

func newOrderFixture(t *testing.T) *orderFixture {
	t.Helper()
	db := dbtest.NewDemo(t)
	x := &orderFixture{db: db, f: newFlows(db, paidAt)}
	u, err := db.CreateUser(context.Background(), newMember("demo", "buyer@example.com"), paidAt) // holds nothing yet
	if err != nil {
		t.Fatal(err)
	}
	x.userID = u.ID
	x.storeID = int64(dbtest.Count(t, db, `select min(id) from stores where brand_id = 'demo'`))
	return x
}

func newMember(brandID, email string) data.NewUser {
	return data.NewUser{BrandID: brandID, Email: email, Name: "X", PasswordDigest: "0123456789abcdef0123456789abcdef", CustomValues: map[string]string{}}
}

// item is the id and price of the item named name of brand brandID.
func item(t *testing.T, db *data.DB, brandID, name string) (string, int64, int) {
	t.Helper()
	var typ string
	var id int64
	var price int
	if err := db.Pool.QueryRow(context.Background(), `select type, id, price from items where brand_id = $1 and name = $2`, brandID, name).
		Scan(&typ, &id, &price); err != nil {
		t.Fatal(err)
	}
	return typ, id, price
}

func (x *orderFixture) order(t *testing.T, name string, quantity int, start rules.TaipeiDay, now time.Time) *data.Order {
	t.Helper()
	typ, id, price := item(t, x.db, "demo", name)
	o, err := dbtest.CreateOrder(x.db, data.NewOrder{BrandID: "demo", UserID: x.userID, Kind: data.OrderKindItem,
		PayWay: data.PayWayCard, Provider: data.ProviderNewebPay, ExpiresAt: now.Add(30 * time.Minute),
		Lines: []data.NewOrderLine{{ItemType: typ, ItemID: id, StoreID: x.storeID, Quantity: quantity, ShownPrice: price, StartOn: start}}}, now)
	if err != nil {
		t.Fatal(err)
	}
	return o
}

func payment(o *data.Order, amount int) data.Payment {
	return data.Payment{Change: data.Change{Number: o.Number, Cause: "test", At: paidAt}, Provider: data.ProviderNewebPay,
		TradeNo: "T" + o.Number, Amount: amount, CardLast4: "1111"}
}

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}
