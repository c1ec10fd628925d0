package host

import (
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"sync"
	"testing"

	"storefront"
	"storefront/data"
	"storefront/host/wire"
	"storefront/providers"
	"storefront/rules"
)

// pageData reads the data of page path as b sees it.
func pageData(t *testing.T, b *browser, path string, out any) {
	t.Helper()
	w := b.get(t, path, propsHeader, "1")
	var p struct {
		Data json.RawMessage `json:"data"`
	}
	if err := json.Unmarshal(w.Body.Bytes(), &p); w.Code != 200 || err != nil || json.Unmarshal(p.Data, out) != nil {
		t.Fatalf("%s: %d %v\n%.400s", path, w.Code, err, w.Body)
	}
}

// TestInvoiceAtCheckout: brand demo's checkout offers the member carrier
// first; a bad choice is refused with its field's code; a good one is
// kept on the order and offered at the next checkout; once paid, the
// outbox issues the invoice at the sandbox and the result page and the
// member centre show its number, date and random code.
func TestInvoiceAtCheckout(t *testing.T) {
	s := newShop(t)
	item := s.demoItem(t, "季卡通行卡", "2")
	checkoutPath := fmt.Sprintf("/demo/passcard/%d/checkout", item["itemId"])
	var page wire.CheckoutPage
	pageData(t, s.b, checkoutPath, &page)
	if page.Invoice == nil || *page.Invoice != (rules.InvoiceChoice{Kind: rules.InvoiceMember}) {
		t.Fatalf("the first offer: %+v", page.Invoice)
	}
	with := func(c map[string]string) map[string]any {
		body := maps.Clone(item)
		body["invoice"] = c
		return body
	}
	for _, c := range []struct {
		choice map[string]string
		code   int
	}{
		{map[string]string{"kind": "paper"}, storefront.CodeInvoiceKind},
		{map[string]string{"kind": "mobile", "code": "ABC+1234"}, storefront.CodeInvoiceCode},
		{map[string]string{"kind": "certificate", "code": "AB123"}, storefront.CodeInvoiceCode},
		{map[string]string{"kind": "donation", "code": "12"}, storefront.CodeInvoiceCode},
		{map[string]string{"kind": "company", "code": "04595258", "title": "甲"}, storefront.CodeInvoiceCode},
		{map[string]string{"kind": "company", "code": "04595257"}, storefront.CodeInvoiceTitle},
	} {
		w := s.b.post(t, "/api/brand/demo/sale/payment", with(c.choice))
		if env := apiResult(t, w, nil); w.Code != 400 || env.ErrorCode != c.code || env.Message == "" {
			t.Errorf("%v: %d %+v, want 400 %d", c.choice, w.Code, env, c.code)
		}
	}
	var a wire.PaymentAnswer
	w := s.b.post(t, "/api/brand/demo/sale/payment", with(map[string]string{"kind": "mobile", "code": "/abc+123"}))
	if env := apiResult(t, w, &a); w.Code != 200 {
		t.Fatalf("a good barcode: %d %+v", w.Code, env)
	}
	if n := s.count(t, `select count(*) from orders where number = $1 and invoice_kind = 'mobile' and invoice_code = '/ABC+123'`, a.OrderNo); n != 1 {
		t.Fatal("the order does not keep the barcode")
	}
	pageData(t, s.b, checkoutPath, &page)
	if page.Invoice == nil || *page.Invoice != (rules.InvoiceChoice{Kind: rules.InvoiceMobile, Code: "/ABC+123"}) {
		t.Fatalf("the next offer: %+v", page.Invoice)
	}
	if w := s.b.post(t, "/api/test/payment", map[string]any{"orderNo": a.OrderNo}); w.Code != 200 {
		t.Fatalf("pay: %d %s", w.Code, w.Body)
	}
	waitFor(t, "the invoice issued", func() bool { return s.count(t, `select count(*) from invoices where state = 'issued'`) == 1 })
	var number string
	s.db.Pool.QueryRow(context.Background(), `select number from invoices`).Scan(&number)
	if n, _, _, ok := s.ezpaySandbox.Invoice(rules.InvoiceOrderNo(a.OrderNo, 0, false)); !ok || n != number {
		t.Fatalf("ezPay's sandbox has %q, the shop %q", n, number)
	}
	var result wire.OrderResultPage
	pageData(t, s.b, "/demo/orderResult/"+a.OrderNo, &result)
	if inv := result.Order.Invoices; len(inv) != 1 || inv[0].Number != number || inv[0].Date == "" || len(inv[0].RandomCode) != 4 {
		t.Fatalf("the result page's invoices %+v", inv)
	}
	var centre wire.MemberCentrePage
	pageData(t, s.b, "/demo/user", &centre)
	if len(centre.Orders) == 0 || centre.Orders[0].OrderNo != a.OrderNo || len(centre.Orders[0].Invoices) != 1 || centre.Orders[0].Invoices[0].Number != number {
		t.Fatalf("the member centre's orders %+v", centre.Orders)
	}
}

// TestInvoiceOnceUnderReplayedCallback: NewebPay's notification of a paid
// order sent 100 times at once pays it once and issues one invoice at
// ezPay (the sandbox counts what it issued).
func TestInvoiceOnceUnderReplayedCallback(t *testing.T) {
	s := newShop(t)
	a := s.order(t, s.demoItem(t, "季卡通行卡", "2"))
	body := s.mpgAnswer(t, a, providers.TestCardApproved).Encode()
	var wg sync.WaitGroup
	codes := make(chan int, 100)
	for range 100 {
		wg.Add(1)
		go func() { defer wg.Done(); codes <- s.notify(body).Code }()
	}
	wg.Wait()
	close(codes)
	for c := range codes {
		if c != 200 {
			t.Fatalf("a notification answered %d", c)
		}
	}
	waitFor(t, "the invoice job done", func() bool {
		return s.count(t, `select count(*) from jobs where kind = 'invoice-issue' and done_at is not null`) == 1
	})
	if n := s.ezpaySandbox.Issues(); n != 1 {
		t.Fatalf("ezPay issued %d invoices", n)
	}
	if n := s.count(t, `select count(*) from invoices i join orders o on o.id = i.order_id where o.number = $1 and i.state = 'issued'`, a.OrderNo); n != 1 {
		t.Fatalf("%d invoices issued for the order", n)
	}
}

// TestNoInvoiceOffer: a brand without the INVOICE module (plan) offers no
// invoice choice at checkout, whatever its member chose elsewhere.
func TestNoInvoiceOffer(t *testing.T) {
	s := newShop(t)
	ctx := context.Background()
	plan, err := s.db.LoadBrand(ctx, "plan")
	if err != nil {
		t.Fatal(err)
	}
	var userID int64
	s.db.Pool.QueryRow(ctx, `select id from users where brand_id = 'plan' order by id limit 1`).Scan(&userID)
	if c, err := s.invoiceOffer(ctx, plan, userID); c != nil || err != nil {
		t.Fatalf("brand plan offers %+v, %v", c, err)
	}
	demo, _ := s.db.LoadBrand(ctx, "demo")
	if c, err := s.invoiceOffer(ctx, demo, userID); err != nil || c == nil || c.Kind != rules.InvoiceMember {
		t.Fatalf("brand demo offers %+v, %v", c, err)
	}
}

// TestMemberOrderHistory: the member centre lists the member's orders,
// paid and closed unpaid (each with what became of it), newest first; an
// order awaiting payment stays in its own list (Pending), and another
// member's orders are not there.
func TestMemberOrderHistory(t *testing.T) {
	s := newShop(t)
	paid := s.order(t, s.demoItem(t, "季卡通行卡", "2"))
	if w := s.b.post(t, "/api/test/payment", map[string]any{"orderNo": paid.OrderNo}); w.Code != 200 {
		t.Fatalf("pay: %d %s", w.Code, w.Body)
	}
	expired := s.order(t, s.demoItem(t, "季卡通行卡", "2"))
	if _, err := s.db.Pool.Exec(context.Background(), `update orders set state = 'expired', created_at = created_at + interval '1 minute' where number = $1`, expired.OrderNo); err != nil {
		t.Fatal(err)
	}
	waiting := s.order(t, s.demoItem(t, "季卡通行卡", "2"))

	var centre wire.MemberCentrePage
	pageData(t, s.b, "/demo/user", &centre)
	var got []string
	for _, o := range centre.Orders {
		got = append(got, o.OrderNo+" "+o.State+" paid:"+strconv.FormatBool(o.PaidOn != ""))
	}
	want := []string{expired.OrderNo + " expired paid:false", paid.OrderNo + " paid paid:true"}
	if !slices.Equal(got, want) {
		t.Fatalf("the order history %v; want %v", got, want)
	}
	if len(centre.Pending) != 1 || centre.Pending[0].OrderNo != waiting.OrderNo {
		t.Errorf("the orders awaiting payment: %+v", centre.Pending)
	}
}

// TestMemberOrderHistoryInPages: the member centre lists the newest
// data.MemberOrdersShown orders of the history and says older ones
// follow; GET /api/user/orders lists them, each page after the last
// order shown, until none follow: every order once, newest first. An
// order of another member is in no page, and naming it (or no order) as
// the last one shown lists nothing.
func TestMemberOrderHistoryInPages(t *testing.T) {
	s := newShop(t)
	ctx := context.Background()
	var made []string
	for range 2*data.MemberOrdersShown + 3 {
		made = append(made, s.order(t, s.demoItem(t, "季卡通行卡", "2")).OrderNo)
	}
	// closed unpaid, an hour apart, the last made the newest
	for i, no := range made {
		if _, err := s.db.Pool.Exec(ctx, `update orders set state = 'expired', created_at = now() - make_interval(hours => $2) where number = $1`, no, len(made)-i); err != nil {
			t.Fatal(err)
		}
	}
	other := made[5]
	if _, err := s.db.Pool.Exec(ctx, `update orders set user_id = (select id from users where brand_id = 'demo' and email = 'member2@example.com') where number = $1`, other); err != nil {
		t.Fatal(err)
	}
	var want []string
	for i := len(made) - 1; i >= 0; i-- {
		if made[i] != other {
			want = append(want, made[i])
		}
	}

	var centre wire.MemberCentrePage
	pageData(t, s.b, "/demo/user", &centre)
	if len(centre.Orders) != data.MemberOrdersShown || !centre.MoreOrders {
		t.Fatalf("the member centre lists %d orders, more %v; want %d and more", len(centre.Orders), centre.MoreOrders, data.MemberOrdersShown)
	}
	got := []string{}
	for _, o := range centre.Orders {
		got = append(got, o.OrderNo)
	}
	more := func(after string) wire.MemberOrders {
		t.Helper()
		var p wire.MemberOrders
		w := s.b.get(t, "/api/user/orders?brandId=demo&after="+after)
		if env := apiResult(t, w, &p); w.Code != 200 || env.ErrorCode != 0 {
			t.Fatalf("orders after %s: %d %+v", after, w.Code, env)
		}
		return p
	}
	for pages := 1; ; pages++ {
		p := more(got[len(got)-1])
		for _, o := range p.Orders {
			got = append(got, o.OrderNo)
		}
		if !p.More {
			break
		}
		if pages > len(made) {
			t.Fatalf("more pages than orders: %v", got)
		}
	}
	if !slices.Equal(got, want) {
		t.Fatalf("the order history, page by page:\n%v\nwant\n%v", got, want)
	}
	for _, after := range []string{other, "NOSUCHORDER0000"} {
		if p := more(after); len(p.Orders) != 0 || p.More {
			t.Errorf("after %s: %+v", after, p)
		}
	}
}
