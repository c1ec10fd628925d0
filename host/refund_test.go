package host

import (
	"context"
	"net/http"
	"testing"

	"storefront"
	"storefront/checkout"
	"storefront/data"
	"storefront/host/wire"
	"storefront/providers"
)

// TestRefundAPI: a member who bought a pass by card today sees the
// cooling-off offer (everything back), asks for it, and it is refunded at
// the NewebPay sandbox at once; asked again the same refund answers and
// nothing more is refunded or offered; a request from another site or of another member's
// order is refused.
func TestRefundAPI(t *testing.T) {
	s := newShop(t)
	s.checkout.HTTP = &http.Client{Transport: s.hc} // the refund reaches the sandbox
	a := s.order(t, s.demoItem(t, "季卡通行卡", data.PayWayCard))
	if w := s.payCard(t, s.toGateway(t, a), providers.TestCardApproved); w.Code != http.StatusSeeOther {
		t.Fatalf("pay: %d %s", w.Code, w.Body)
	}
	var of wire.RefundOffer
	w := s.b.get(t, "/api/user/order/refund?brandId=demo&orderNumber="+a.OrderNo)
	if env := apiResult(t, w, &of); w.Code != 200 || of.Kind != data.RefundCoolingOff || of.Amount != 7200 || of.MaxFee != 0 {
		t.Fatalf("offer: %d %+v %+v", w.Code, env, of)
	}
	body := map[string]any{"brandId": "demo", "orderNumber": a.OrderNo}
	wantCode(t, s.b.post(t, "/api/user/order/refund", body, "Sec-Fetch-Site", "cross-site"), 403, storefront.CodeCrossSiteRefused)
	other := s.browser()
	wantCode(t, other.post(t, "/api/session/register", demoRegistration("other@example.com")), 200, 0)
	wantCode(t, other.post(t, "/api/user/order/refund", body), 404, storefront.CodeOrderNotFound)

	var r wire.Refund
	w = s.b.post(t, "/api/user/order/refund", body)
	if env := apiResult(t, w, &r); w.Code != 200 || r.State != "refunded" || r.Amount != 7200 || r.Fee != 0 {
		t.Fatalf("refund: %d %+v %+v", w.Code, env, r)
	}
	if n := s.newebpaySandbox.Refunded(); n != 1 {
		t.Fatalf("%d trades refunded at the sandbox", n)
	}
	var again wire.Refund
	w = s.b.post(t, "/api/user/order/refund", body)
	if env := apiResult(t, w, &again); w.Code != 200 || again.ID != r.ID || again.State != "refunded" {
		t.Fatalf("asked again: %d %+v %+v", w.Code, env, again)
	}
	wantCode(t, s.b.get(t, "/api/user/order/refund?brandId=demo&orderNumber="+a.OrderNo), 409, storefront.CodeBadRequest)
	if n := s.count(t, `select count(*) from member_passcards p join orders o on o.id = p.order_id
		where o.number = $1 and p.revoked_at is null`, a.OrderNo); n != 0 {
		t.Fatalf("%d passes still held", n)
	}
	if n := s.newebpaySandbox.Refunded(); n != 1 {
		t.Fatalf("%d trades refunded after the replay", n)
	}
}

// TestRefundMadeOutsideAPI: the member centre's offer of an order paid
// by ACH says the studio refunds it by bank transfer, of one paid by
// Chailease instalments that it cancels the instalment contract; the
// member's request (in the cooling-off period) waits for the studio, and
// the operator's record of the transfer (the command's job, run by the
// host) refunds it: the order refunded, the pass revoked.
func TestRefundMadeOutsideAPI(t *testing.T) {
	s := deferredShop(t)
	ctx := context.Background()
	a := s.achPay(t, s.achBody(t, "季卡通行卡", providers.ACHTestApproved))
	if took, err := s.achSandbox.Answer(ctx, a.OrderNo, true); err != nil || !took {
		t.Fatalf("the shop did not take the answer: %v", err)
	}
	c, token := s.chaileaseApply(t, "季卡通行卡")
	s.decide(t, token, "approve")
	for no, by := range map[string]string{a.OrderNo: checkout.RefundByTransfer, c.OrderNo: checkout.RefundByInstalments} {
		var of wire.RefundOffer
		w := s.b.get(t, "/api/user/order/refund?brandId=demo&orderNumber="+no)
		if env := apiResult(t, w, &of); w.Code != 200 || of.Kind != data.RefundCoolingOff || of.By != by || of.Amount != 7200 {
			t.Fatalf("offer of %s: %d %+v %+v", by, w.Code, env, of)
		}
	}
	var r wire.Refund
	w := s.b.post(t, "/api/user/order/refund", map[string]any{"brandId": "demo", "orderNumber": a.OrderNo})
	if env := apiResult(t, w, &r); w.Code != 200 || r.State != "requested" || r.Amount != 7200 {
		t.Fatalf("request: %d %+v %+v", w.Code, env, r)
	}
	if _, err := checkout.QueueApproval(ctx, s.db, "", r.ID, 0, "TX-0001"); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "the transfer recorded", func() bool {
		return s.count(t, `select count(*) from refunds where id = $1 and state = 'refunded' and provider_ref = 'TX-0001'`, r.ID) == 1
	})
	if n := s.count(t, `select count(*) from orders o join member_passcards p on p.order_id = o.id
		where o.number = $1 and o.state = 'refunded' and p.revoked_at is not null`, a.OrderNo); n != 1 {
		t.Fatal("the order is not refunded with its pass revoked")
	}
}
