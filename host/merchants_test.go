package host

import (
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"slices"
	"storefront"
	"strings"
	"testing"
	"time"

	"storefront/data"
	"storefront/host/config"
	"storefront/host/wire"
	"storefront/providers"
)

// studioB is a NewebPay merchant of the sandbox that no brand has until a
// test stores it as a brand's own (as `storefront brand credentials set`
// does).
var studioB = providers.NewebPay{MerchantID: "MS_STUDIO_B", HashKey: "studio-b-hashkey-0123456789abcde", HashIV: "studio-b-iv-0123",
	URL: "http://example.com/dev/newebpay"}

// ownNewebPay makes merchant n of the sandbox brand's own NewebPay
// account.
func (s *buyer) ownNewebPay(t *testing.T, brand string, n providers.NewebPay) {
	t.Helper()
	s.newebpaySandbox.AddMerchant(n)
	file := "NEWEBPAY_MERCHANT_ID=" + n.MerchantID + "\nNEWEBPAY_HASH_KEY=" + n.HashKey + "\nNEWEBPAY_HASH_IV=" + n.HashIV + "\nNEWEBPAY_URL=" + n.URL + "\n"
	if id, err := s.checkout.Merchants.Set(context.Background(), brand, providers.AccountNewebPay, []byte(file), true); err != nil || id != n.MerchantID {
		t.Fatalf("set %s's credentials: %q %v", brand, id, err)
	}
}

// yogaBuyer is the yoga brand's demo member, signed in.
func (s *buyer) yogaBuyer(t *testing.T) *browser {
	t.Helper()
	b := s.ts().browser()
	if w, _ := login(t, b, "yoga", "member@example.com", "demo1234"); w.Code != 200 {
		t.Fatalf("yoga login: %d %s", w.Code, w.Body)
	}
	return b
}

// brandCardOrder orders brand's item named name by card as member b.
func (s *buyer) brandCardOrder(t *testing.T, b *browser, brand, name string) wire.PaymentAnswer {
	t.Helper()
	var typ string
	var id, store int64
	var price int
	err := s.db.Pool.QueryRow(context.Background(), `select i.type, i.id, i.price, (select min(id) from stores where brand_id = $1)
		from items i where i.brand_id = $1 and i.name = $2`, brand, name).Scan(&typ, &id, &price, &store)
	if err != nil {
		t.Fatal(err)
	}
	var a wire.PaymentAnswer
	w := b.post(t, "/api/brand/"+brand+"/sale/payment", map[string]any{"kind": "item", "itemType": typ, "itemId": id, "storeId": store,
		"quantity": 1, "price": price, "payWay": data.PayWayCard, "acceptTerms": true})
	if env := apiResult(t, w, &a); w.Code != 200 || a.OrderNo == "" {
		t.Fatalf("%s sale/payment: %d %+v", brand, w.Code, env)
	}
	return a
}

// gatewayAnswer takes order a of member b to the sandbox gateway and pays
// it there with the approved card: the merchant its form named, and the
// gateway's signed answer with the path it returns to (the notification
// goes as the sandbox's plan says).
func (s *buyer) gatewayAnswer(t *testing.T, b *browser, a wire.PaymentAnswer) (merchant, returnPath string, answer url.Values) {
	t.Helper()
	page := b.get(t, a.PaymentURL)
	action, fields := formOf(t, page.Body.String())
	w := b.post(t, action, fields.Encode(), "Content-Type", formType)
	token := tokenPattern.FindStringSubmatch(w.Body.String())
	if w.Code != 200 || token == nil {
		t.Fatalf("gateway: %d\n%s", w.Code, w.Body)
	}
	w = b.post(t, "/dev/newebpay/MPG/pay", url.Values{"token": {token[1]}, "CardNo": {providers.TestCardApproved}, "Exp": {"12/30"},
		"CVC": {"123"}}.Encode(), "Content-Type", formType)
	returnPath, answer = formOf(t, w.Body.String())
	return fields.Get("MerchantID"), returnPath, answer
}

// merchantOf is the sandbox merchant that took order number's trade ("":
// none did).
func (s *buyer) merchantOf(number string) string {
	for _, tr := range s.newebpaySandbox.Trades() {
		if tr.MerchantOrderNo == number {
			return tr.MerchantID
		}
	}
	return ""
}

// TestBrandsPayIntoTheirOwnMerchants: two brands, two sandbox merchants:
// each card payment goes to its brand's merchant, comes back to its
// brand's URLs, is verified with its brand's keys and pays its order. In
// dev the demo brand pays into the platform's sandbox merchant and yoga
// into its demo merchant of its own; once yoga's own credentials are set,
// into those.
func TestBrandsPayIntoTheirOwnMerchants(t *testing.T) {
	s := newShop(t)
	yoga := s.yogaBuyer(t)
	pay := func(b *browser, brand, item, wantMerchant string) string {
		t.Helper()
		a := s.brandCardOrder(t, b, brand, item)
		merchant, back, answer := s.gatewayAnswer(t, b, a)
		s.newebpaySandbox.Wait() // the notification, to the brand's NotifyURL
		if merchant != wantMerchant || back != brandPath(newebPayReturnPath, brand) || s.merchantOf(a.OrderNo) != wantMerchant {
			t.Fatalf("%s: form of merchant %s, returning to %s, trade taken by %q; want %s", brand, merchant, back, s.merchantOf(a.OrderNo), wantMerchant)
		}
		if w := b.post(t, back, answer.Encode(), "Content-Type", formType, "Sec-Fetch-Site", "cross-site"); w.Code != http.StatusSeeOther {
			t.Fatalf("%s return: %d %s", brand, w.Code, w.Body)
		}
		if got := s.state(t, a.OrderNo); got != data.OrderPaid {
			t.Fatalf("%s's order is %s", brand, got)
		}
		return a.OrderNo
	}
	demoOrder := pay(s.b, "demo", "季卡通行卡", config.SandboxNewebPay.MerchantID)
	yogaDemo := pay(yoga, "yoga", "瑜珈 8 堂課程卡", config.SandboxBrands["yoga"].NewebPay.MerchantID)
	s.ownNewebPay(t, "yoga", studioB)
	yogaOwn := pay(yoga, "yoga", "瑜珈 8 堂課程卡", studioB.MerchantID)

	// the sandbox's listing shows who took what
	var trades []providers.Trade
	if w := s.b.get(t, "/dev/newebpay/trades.json"); w.Code != 200 || json.Unmarshal(w.Body.Bytes(), &trades) != nil {
		t.Fatalf("trades.json: %d %s", w.Code, w.Body)
	}
	took := map[string]string{}
	for _, tr := range trades {
		took[tr.MerchantOrderNo] = tr.MerchantID + " " + tr.Status
	}
	for no, want := range map[string]string{demoOrder: "MS_SANDBOX", yogaDemo: "MS_SANDBOX_YOGA", yogaOwn: "MS_STUDIO_B"} {
		if took[no] != want+" "+providers.TradePaid {
			t.Errorf("order %s: the sandbox lists %q, want %s paid", no, took[no], want)
		}
	}
}

// TestCallbackSealedForAnotherBrandRefused: NewebPay's messages name their
// order only inside the sealed part, so the URL's brand chooses the keys:
// a message sealed with another brand's keys, or one sealed with the
// brand's keys for another brand's order, is refused (400), audited and
// logged, and changes nothing; the true message then pays the order.
func TestCallbackSealedForAnotherBrandRefused(t *testing.T) {
	s := newShop(t)
	s.ownNewebPay(t, "yoga", studioB)
	yoga := s.yogaBuyer(t)
	a := s.brandCardOrder(t, yoga, "yoga", "瑜珈 8 堂課程卡")
	s.newebpaySandbox.SetNotify(providers.NotifyPlan{Off: true})
	_, _, yogaAnswer := s.gatewayAnswer(t, yoga, a)

	// the demo brand's keys (the platform's) sealing yoga's order: the
	// sandbox's answer to a form of demo's merchant naming that order
	n := s.cfg.NewebPay
	form, err := n.Checkout(providers.MPGOrder{MerchantOrderNo: a.OrderNo, Amount: a.Amount, ItemDesc: "forged", Email: "x@example.com",
		NotifyURL: "http://example.com" + demoNotifyPath, ReturnURL: "http://example.com" + demoReturnPath, Now: s.clock.Now()})
	if err != nil {
		t.Fatal(err)
	}
	fields := url.Values{}
	for _, f := range form.Fields {
		fields.Set(f[0], f[1])
	}
	w := s.b.post(t, "/dev/newebpay/MPG/mpg_gateway", fields.Encode(), "Content-Type", formType)
	token := tokenPattern.FindStringSubmatch(w.Body.String())
	if token == nil {
		t.Fatalf("gateway: %d %s", w.Code, w.Body)
	}
	w = s.b.post(t, "/dev/newebpay/MPG/pay", url.Values{"token": {token[1]}, "CardNo": {providers.TestCardApproved}, "Exp": {"12/30"},
		"CVC": {"123"}}.Encode(), "Content-Type", formType)
	_, demoSealed := formOf(t, w.Body.String())

	yogaNotify, yogaReturn := brandPath(newebPayNotifyPath, "yoga"), brandPath(newebPayReturnPath, "yoga")
	for name, c := range map[string]struct {
		path string
		body url.Values
	}{
		"yoga's message to demo's URL":                {demoNotifyPath, yogaAnswer},
		"yoga's message to demo's return":             {demoReturnPath, yogaAnswer},
		"demo's keys for yoga's order, demo's URL":    {demoNotifyPath, demoSealed},
		"demo's keys for yoga's order, demo's return": {demoReturnPath, demoSealed},
		"demo's keys for yoga's order, yoga's URL":    {yogaNotify, demoSealed},
		"yoga's message to an unknown brand's URL":    {brandPath(newebPayNotifyPath, "nosuch"), yogaAnswer},
	} {
		if w := s.send("POST", c.path, c.body.Encode(), "Sec-Fetch-Site", "cross-site"); w.Code != http.StatusBadRequest {
			t.Errorf("%s: %d %s", name, w.Code, w.Body)
		}
		if got := s.state(t, a.OrderNo); got != data.OrderAwaitingPayment {
			t.Fatalf("%s: yoga's order is %s", name, got)
		}
	}
	if n := s.count(t, `select count(*) from provider_callbacks where order_number = $1 and outcome = 'refused: another brand''s order'`, a.OrderNo); n != 2 {
		t.Errorf("%d audited refusals of another brand's order, want 2", n)
	}
	if logged := s.log.String(); !strings.Contains(logged, "another brand's order") {
		t.Error("the refusal is not logged")
	} else if strings.Contains(logged, studioB.HashKey) || strings.Contains(logged, studioB.HashIV) {
		t.Error("the brand's keys are logged")
	}
	if w := s.send("POST", yogaReturn, yogaAnswer.Encode(), "Sec-Fetch-Site", "cross-site"); w.Code != http.StatusSeeOther || s.state(t, a.OrderNo) != data.OrderPaid {
		t.Fatalf("yoga's own message: %d, order %s", w.Code, s.state(t, a.OrderNo))
	}
}

// TestBrandWithoutOwnAccounts: where the platform does not collect for
// the studios (production without STOREFRONT_PLATFORM_COLLECTS), a brand
// without its own accounts offers neither card nor LINE Pay, and paying
// by card is refused with -45; its own NewebPay account brings card back
// (paid into that merchant), and the explicit setting the platform's.
func TestBrandWithoutOwnAccounts(t *testing.T) {
	s := newShop(t)
	s.checkout.Merchants.PlatformCollects = false
	store := firstStore(t, s, "demo")
	ways := func() []string {
		t.Helper()
		var list []wire.PayWay
		if w := s.b.get(t, "/api/v2/ec/brands/demo/payWay/"+store); w.Code != 200 {
			t.Fatalf("payWay: %d %s", w.Code, w.Body)
		} else {
			apiResult(t, w, &list)
		}
		var codes []string
		for _, w := range list {
			codes = append(codes, w.PayWay)
		}
		return codes
	}
	if got := ways(); len(got) != 0 {
		t.Fatalf("without accounts the store offers %v", got)
	}
	w := s.b.post(t, "/api/brand/demo/sale/payment", s.demoItem(t, "季卡通行卡", data.PayWayCard))
	if env := apiResult(t, w, nil); w.Code != 400 || env.ErrorCode != storefront.CodePayWayNotAccepted {
		t.Fatalf("card without an account: %d %+v", w.Code, env)
	}

	s.ownNewebPay(t, "demo", studioB)
	if got := ways(); !slices.Equal(got, []string{data.PayWayCard}) {
		t.Fatalf("with its own NewebPay account the store offers %v", got)
	}
	a := s.order(t, s.demoItem(t, "季卡通行卡", data.PayWayCard))
	if merchant, _, _ := s.gatewayAnswer(t, s.b, a); merchant != studioB.MerchantID {
		t.Fatalf("paid into %s", merchant)
	}

	s.checkout.Merchants.PlatformCollects = true
	if got := ways(); !slices.Equal(got, []string{data.PayWayCard, data.PayWayLinePay}) {
		t.Fatalf("where the platform collects the store offers %v", got)
	}
}

// firstStore is the id of brand's first store, as a path segment.
func firstStore(t *testing.T, s *buyer, brand string) string {
	t.Helper()
	var id string
	if err := s.db.Pool.QueryRow(context.Background(), `select min(id)::text from stores where brand_id = $1`, brand).Scan(&id); err != nil {
		t.Fatal(err)
	}
	return id
}

// TestLinePayConfirmsWithTheOrdersChannel: a brand with its own LINE Pay
// channel is paid into it: the payment is requested and, when the buyer
// comes back, confirmed with the channel of the order's brand (the
// sandbox finds a channel's payments for that channel only).
func TestLinePayConfirmsWithTheOrdersChannel(t *testing.T) {
	s := newShop(t)
	s.checkout.HTTP = &http.Client{Transport: s.hc} // the brand's own channel's calls reach the sandbox
	const channel, secret = "1600000099", "studio-b-line-secret"
	s.linepaySandbox.AddChannel(channel, secret)
	file := "LINEPAY_CHANNEL_ID=" + channel + "\nLINEPAY_CHANNEL_SECRET=" + secret + "\nLINEPAY_URL=http://example.com/dev/linepay\n"
	if _, err := s.checkout.Merchants.Set(context.Background(), "demo", providers.AccountLinePay, []byte(file), true); err != nil {
		t.Fatal(err)
	}
	a, confirm := s.linePayApproved(t, "approve")
	if w := s.b.get(t, confirm); w.Code != http.StatusSeeOther || s.state(t, a.OrderNo) != data.OrderPaid {
		t.Fatalf("confirm: %d, order %s\n%s", w.Code, s.state(t, a.OrderNo), s.log.String())
	}
	trades := s.linepaySandbox.Trades()
	i := slices.IndexFunc(trades, func(tr providers.LinePayTrade) bool { return tr.OrderID == a.OrderNo })
	if i < 0 || trades[i].ChannelID != channel || !trades[i].Confirmed {
		t.Fatalf("the sandbox's payments %+v: want order %s's confirmed on channel %s", trades, a.OrderNo, channel)
	}
	if secretShown := strings.Contains(s.log.String(), secret); secretShown {
		t.Error("the channel secret is logged")
	}
}

// TestDeferredPaymentsIntoBrandsOwnAccounts: a brand with its own ACH and
// Chailease accounts submits to them, and a bank answer or instalment
// result is verified with the secret of the brand of the order it names:
// one signed with the platform's secret is refused and changes nothing;
// the brand's own pays the order.
func TestDeferredPaymentsIntoBrandsOwnAccounts(t *testing.T) {
	s := deferredShop(t)
	ctx := context.Background()
	ach := providers.ACH{MerchantID: "ACH_STUDIO_B", Secret: "ach-studio-b-secret-0123456789abcdef", URL: "http://example.com/dev/ach"}
	lease := providers.Chailease{MerchantID: "CL_STUDIO_B", Secret: "chailease-studio-b-secret-0123456789", URL: "http://example.com/dev/chailease"}
	s.achSandbox.AddMerchant(ach)
	s.chaileaseSandbox.AddMerchant(lease)
	for kind, file := range map[string]string{
		providers.AccountACH:       "ACH_MERCHANT_ID=" + ach.MerchantID + "\nACH_SECRET=" + ach.Secret + "\nACH_URL=" + ach.URL,
		providers.AccountChailease: "CHAILEASE_MERCHANT_ID=" + lease.MerchantID + "\nCHAILEASE_SECRET=" + lease.Secret + "\nCHAILEASE_URL=" + lease.URL,
	} {
		if _, err := s.checkout.Merchants.Set(ctx, "demo", kind, []byte(file), true); err != nil {
			t.Fatal(err)
		}
	}

	a := s.achPay(t, s.achBody(t, "季卡通行卡", providers.ACHTestApproved))
	md, err := s.db.ACHMandate(ctx, a.OrderNo)
	if err != nil || md.BankRef == "" {
		t.Fatalf("not submitted to the brand's merchant: %+v %v", md, err)
	}
	platform := providers.ACHAnswer{MerchantID: config.SandboxACH.MerchantID, MandateNo: a.OrderNo, Ref: md.BankRef, Status: providers.ACHApproved,
		Amount: a.Amount, AnsweredAt: s.clock.Now().UTC().Format(time.RFC3339)}
	if w := s.postAnswer(s.achSandbox.SignedAnswer(platform)); w.Code != http.StatusBadRequest || s.state(t, a.OrderNo) != data.OrderAwaitingPayment {
		t.Fatalf("an answer signed with the platform's secret: %d, order %s", w.Code, s.state(t, a.OrderNo))
	}
	if took, err := s.achSandbox.Answer(ctx, a.OrderNo, true); err != nil || !took || s.state(t, a.OrderNo) != data.OrderPaid {
		t.Fatalf("the brand's merchant's answer: took %v, %v, order %s", took, err, s.state(t, a.OrderNo))
	}

	c, token := s.chaileaseApply(t, "季卡通行卡")
	forged := s.chaileaseSandbox.ResultFields(providers.ChaileaseResult{OrderNo: c.OrderNo, TradeNo: "CLFORGED", Status: providers.ChaileaseCompleted,
		Amount: c.Amount, Instalments: 6}) // signed with the first merchant's, the platform's, secret
	if w := s.send("POST", chaileaseResultPath, forged.Encode()); w.Code != http.StatusBadRequest || s.state(t, c.OrderNo) != data.OrderAwaitingPayment {
		t.Fatalf("a result signed with the platform's secret: %d, order %s", w.Code, s.state(t, c.OrderNo))
	}
	s.decide(t, token, "approve")
	if got := s.state(t, c.OrderNo); got != data.OrderPaid {
		t.Fatalf("the brand's merchant's result: order %s", got)
	}
}
