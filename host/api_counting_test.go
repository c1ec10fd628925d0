package host

import (
	"context"
	"testing"

	"storefront/data"
	"storefront/host/wire"
)

// TestPaidDebtMakesCountingCardAvailable: the demo member's counting
// passcard went 25 minutes below zero and gives no minutes (unavailable)
// while it owes them. A payment that leaves it owing (it went further
// below meanwhile) keeps it unavailable; once it owes nothing, the member
// centre shows it available again with the minutes it has (none: a card
// to top up).
func TestPaidDebtMakesCountingCardAvailable(t *testing.T) {
	s := newShop(t)
	ctx := context.Background()
	var cardID, storeID int64
	if err := s.db.Pool.QueryRow(ctx, `select m.id, (select min(id) from stores where brand_id = 'demo') from member_counting_passcards m
		join users u on u.id = m.user_id where u.email = 'member@example.com' and u.brand_id = 'demo' and m.remain_minutes < 0`).Scan(&cardID, &storeID); err != nil {
		t.Fatal(err)
	}
	card := func() data.CountingPasscard {
		t.Helper()
		var l wire.CountingPasscardList
		apiResult(t, s.b.get(t, "/api/user/counting-passcard/list?brandId=demo"), &l)
		for _, c := range l.Cards {
			if c.ID == cardID {
				return c
			}
		}
		t.Fatalf("card %d is not in the member's list", cardID)
		return data.CountingPasscard{}
	}
	if c := card(); c.AvailableStatus || c.CountingPasscardRemainAmt != -25 {
		t.Fatalf("in debt: available %v with %d minutes; want unavailable with -25", c.AvailableStatus, c.CountingPasscardRemainAmt)
	}
	// an order pays what the card owes when it is made
	order := func(price int) string {
		t.Helper()
		var a wire.PaymentAnswer
		w := s.b.post(t, "/api/brand/demo/sale/payment", map[string]any{"kind": "overdue", "countingPasscardId": cardID, "storeId": storeID,
			"quantity": 1, "price": price, "payWay": "2", "acceptTerms": true})
		if env := apiResult(t, w, &a); w.Code != 200 {
			t.Fatalf("overdue payment: %d %+v", w.Code, env)
		}
		return a.OrderNo
	}
	pay := func(no string) {
		t.Helper()
		if w := s.b.post(t, "/api/test/payment", map[string]any{"orderNo": no}); w.Code != 200 {
			t.Fatalf("test payment: %d %s", w.Code, w.Body)
		}
	}
	// 25 minutes ordered; the card went 10 further below before the payment came
	first := order(150)
	if _, err := s.db.Pool.Exec(ctx, `update member_counting_passcards set remain_minutes = -35 where id = $1`, cardID); err != nil {
		t.Fatal(err)
	}
	pay(first)
	if c := card(); c.AvailableStatus || c.CountingPasscardRemainAmt != -10 {
		t.Errorf("still owing: available %v with %d minutes; want unavailable with -10", c.AvailableStatus, c.CountingPasscardRemainAmt)
	}
	pay(order(50))
	c := card()
	if !c.AvailableStatus || c.CountingPasscardRemainAmt != 0 || c.ExpiredStatus || !c.ActiveStatus {
		t.Errorf("after paying: %+v; want available, active, not expired, with 0 minutes", c.TimingRecord)
	}
}
