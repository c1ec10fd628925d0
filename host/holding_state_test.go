package host

import (
	"context"
	"testing"
	"time"

	"storefront/data"
	"storefront/host/wire"
	"storefront/rules"
)

// TestSetStartPlanNotActiveUntilItsDay: the plan brand's 年費方案 starts
// on a day the studio set (ADMIN_CUSTOM, days ahead). Bought and paid
// today, the order result and the member centre both say not active
// (尚未啟用), by the one rule (rules.HoldingState); on its start day
// both say active.
func TestSetStartPlanNotActiveUntilItsDay(t *testing.T) {
	s := recurringShop(t)
	var item, store int64
	err := s.db.Pool.QueryRow(context.Background(), `select i.id, (select min(id) from stores where brand_id = 'plan')
		from items i where i.brand_id = 'plan' and i.name = '年費方案'`).Scan(&item, &store)
	if err != nil {
		t.Fatal(err)
	}
	var a wire.PaymentAnswer
	w := s.b.post(t, "/api/brand/plan/sale/payment", map[string]any{"kind": "plan", "itemType": "passcard", "itemId": item,
		"storeId": store, "quantity": 1, "price": 12999, "payWay": data.PayWayCard, "acceptTerms": true})
	if env := apiResult(t, w, &a); w.Code != 200 || a.OrderNo == "" {
		t.Fatalf("sale/payment: %d %+v", w.Code, env)
	}
	if w := s.b.post(t, "/api/test/payment", map[string]string{"orderNo": a.OrderNo}); w.Code != 200 {
		t.Fatalf("test payment: %d %s", w.Code, w.Body)
	}
	states := func() (order, centre string, starts rules.TaipeiDay) {
		t.Helper()
		p := s.result(t, a.OrderNo)
		if p.Order.State != data.OrderPaid || len(p.Order.Lines) != 1 || p.Order.Lines[0].StartsOn == nil {
			t.Fatalf("the order: %+v", p.Order)
		}
		starts, _ = rules.ParseDay(*p.Order.Lines[0].StartsOn)
		var lists wire.BrandUserLists
		apiResult(t, s.b.get(t, "/api/brand/user?brandId=plan"), &lists)
		for _, c := range lists.PasscardList {
			if c.Name == "年費方案" {
				centre = c.Status
			}
		}
		return p.Order.Lines[0].Status, centre, starts
	}
	order, centre, starts := states()
	if today := rules.DayOf(s.clock.Now()); !starts.After(today) {
		t.Fatalf("年費方案 starts on %s, not after today %s", starts, today)
	}
	if order != rules.HoldingNotActive || centre != rules.HoldingNotActive {
		t.Errorf("before its start: the order result says %q, the member centre %q; want both %q", order, centre, rules.HoldingNotActive)
	}
	for rules.DayOf(s.clock.Now()).Before(starts) {
		s.clock.Add(24 * time.Hour)
	}
	if order, centre, _ = states(); order != rules.HoldingActive || centre != rules.HoldingActive {
		t.Errorf("on its start day: the order result says %q, the member centre %q; want both %q", order, centre, rules.HoldingActive)
	}
}
