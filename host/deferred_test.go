package host

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/url"
	"storefront"
	"strings"
	"testing"
	"time"

	"storefront/checkout"
	"storefront/data"
	"storefront/host/config"
	"storefront/host/wire"
	"storefront/providers"
	"storefront/rules"
)

// deferredShop is newShop with the demo brand offering ACH and Chailease.
func deferredShop(t *testing.T) *buyer {
	t.Helper()
	s := newShop(t)
	if s.achSandbox == nil || s.chaileaseSandbox == nil {
		t.Fatal("the ACH and Chailease sandboxes are not mounted")
	}
	s.checkout.ACHClient = &http.Client{Transport: s.hc}
	ctx := context.Background()
	if _, err := s.db.Pool.Exec(ctx, `update brands set modules = modules || array['ACH_PAYMENT', 'CHAILEASE_PAYMENT'] where id = 'demo'`); err != nil {
		t.Fatal(err)
	}
	s.BrandChanged(ctx, "demo")
	return s
}

// achBody is the body that buys item name by ACH from account.
func (s *buyer) achBody(t *testing.T, name, account string) map[string]any {
	body := s.demoItem(t, name, data.PayWayACH)
	body["bankCode"], body["branchCode"], body["account"] = "812", "0012", account
	body["holderName"], body["holderId"], body["agreementHash"] = "林小安", "A123456789", checkout.ACHAgreementHash
	return body
}

func (s *buyer) achPay(t *testing.T, body map[string]any) wire.PaymentAnswer {
	t.Helper()
	var a wire.PaymentAnswer
	w := s.b.post(t, "/api/brand/demo/sale/ach/payment", body)
	if env := apiResult(t, w, &a); w.Code != 200 || a.OrderNo == "" || a.PaymentURL != "" {
		t.Fatalf("sale/ach/payment: %d %+v %+v", w.Code, env, a)
	}
	return a
}

// postAnswer posts an ACH answer body with its signature as the exchange does.
func (s *buyer) postAnswer(body []byte, sig string) *httptest.ResponseRecorder {
	req := httptest.NewRequest(http.MethodPost, achNotifyPath, bytes.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set(providers.ACHSignatureHeader, sig)
	w := httptest.NewRecorder()
	s.ServeHTTP(w, req)
	return w
}

// TestACHPayment: an ACH purchase waits (pending, masked, sealed at
// rest) until the bank approves; approval pays it once with the ACH
// activation (a BOOKING pass starts by itself 29 days after the purchase);
// replayed and contrary answers change nothing, forged ones are refused;
// a rejection fails the order with the bank's reason.
func TestACHPayment(t *testing.T) {
	s := deferredShop(t)
	ctx := context.Background()
	if _, err := s.db.Pool.Exec(ctx, `update items set activation_type = 'BOOKING' where brand_id = 'demo' and name = '季卡通行卡'`); err != nil {
		t.Fatal(err)
	}
	s.BrandChanged(ctx, "demo")
	a := s.achPay(t, s.achBody(t, "季卡通行卡", providers.ACHTestApproved))
	p := s.result(t, a.OrderNo)
	if p.Order.State != data.OrderAwaitingPayment || p.Final || p.Deferred == nil || p.Deferred.ACH == nil {
		t.Fatalf("pending order: %+v %+v", p.Order, p.Deferred)
	}
	m := p.Deferred.ACH
	if m.State != data.ACHPending || m.Account != "****1234" || m.HolderID != "A12****789" || m.BankCode != "812" {
		t.Errorf("mandate as shown: %+v", m)
	}
	// sealed at rest: neither the account nor the ID is in the row
	plain := s.count(t, `select count(*) from ach_mandates m join orders o on o.id = m.order_id where o.number = $1
		and position(convert_to($2, 'UTF8') in m.account_sealed) = 0 and position(convert_to('A123456789', 'UTF8') in m.holder_id_sealed) = 0
		and position(convert_to('A123456789', 'UTF8') in convert_to(m.holder_id_masked, 'UTF8')) = 0`, a.OrderNo, providers.ACHTestApproved)
	if plain != 1 {
		t.Error("the account number or ID is stored in plain")
	}
	md, err := s.db.ACHMandate(ctx, a.OrderNo)
	if err != nil {
		t.Fatal(err)
	}
	if acc, err := s.checkout.ACHSealer.Open(a.OrderNo, "account", md.AccountSealed); err != nil || acc != providers.ACHTestApproved {
		t.Errorf("the sealed account opens to %q, %v", acc, err)
	}
	if _, err := s.checkout.ACHSealer.Open("OTHERORDER0000", "account", md.AccountSealed); err == nil {
		t.Error("a sealed account opens for another order")
	}

	// the bank approves
	if took, err := s.achSandbox.Answer(ctx, a.OrderNo, true); err != nil || !took {
		t.Fatalf("the shop did not take the answer: %v", err)
	}
	p = s.result(t, a.OrderNo)
	if p.Order.State != data.OrderPaid || p.Deferred.ACH.State != data.ACHApproved {
		t.Fatalf("approved: %s %s", p.Order.State, p.Deferred.ACH.State)
	}
	want := rules.ACHAutoStart(p.Order.CreatedAt).String()
	if got := p.Order.Lines[0].StartsOn; got == nil || *got != want {
		t.Errorf("the BOOKING pass starts on %v, want %s (29 days after the purchase)", got, want)
	}
	holdings := `select count(*) from member_passcards where order_id = (select id from orders where number = $1)`
	if n := s.count(t, holdings, a.OrderNo); n != 1 {
		t.Fatalf("%d passes", n)
	}
	// replayed: no change
	ans := providers.ACHAnswer{MerchantID: config.SandboxACH.MerchantID, MandateNo: a.OrderNo, Ref: md.BankRef, Status: providers.ACHApproved,
		Amount: a.Amount, AnsweredAt: time.Now().UTC().Format(time.RFC3339)}
	body, sig := s.achSandbox.SignedAnswer(ans)
	for range 3 {
		if w := s.postAnswer(body, sig); w.Code != 200 {
			t.Errorf("replay: %d %s", w.Code, w.Body)
		}
	}
	if n := s.count(t, holdings, a.OrderNo); n != 1 {
		t.Errorf("replays made %d passes", n)
	}
	// forged: the signature of another secret, or none
	forger := providers.NewACHSandbox(providers.ACH{MerchantID: config.SandboxACH.MerchantID, Secret: "not-the-secret"}, nil)
	rej := ans
	rej.Status, rej.Reason = providers.ACHRejected, "存款不足"
	fbody, fsig := forger.SignedAnswer(rej)
	if w := s.postAnswer(fbody, fsig); w.Code != 400 {
		t.Errorf("forged answer: %d", w.Code)
	}
	if w := s.postAnswer(fbody, ""); w.Code != 400 {
		t.Errorf("unsigned answer: %d", w.Code)
	}
	// a contrary answer, well signed, to a paid order: a no-op (checked below)
	cbody, csig := s.achSandbox.SignedAnswer(rej)
	if w := s.postAnswer(cbody, csig); w.Code != http.StatusOK {
		t.Errorf("contrary answer: %d %s", w.Code, w.Body)
	}
	// a wrong reference: refused
	wrong := ans
	wrong.Ref = "ACH000"
	wbody, wsig := s.achSandbox.SignedAnswer(wrong)
	if w := s.postAnswer(wbody, wsig); w.Code != http.StatusNotFound {
		t.Errorf("wrong reference: %d", w.Code)
	}
	if p = s.result(t, a.OrderNo); p.Order.State != data.OrderPaid || p.Deferred.ACH.State != data.ACHApproved ||
		s.count(t, holdings, a.OrderNo) != 1 {
		t.Errorf("after the refusals: %s", p.Order.State)
	}

	// a rejection: failed with the bank's reason, nothing held
	r := s.achPay(t, s.achBody(t, "季卡通行卡", providers.ACHTestInsufficient))
	if took, err := s.achSandbox.Answer(ctx, r.OrderNo, true); err != nil || !took {
		t.Fatalf("rejection not taken: %v", err)
	}
	p = s.result(t, r.OrderNo)
	if p.Order.State != data.OrderFailed || !strings.Contains(p.Order.Failure, "存款不足") || p.Deferred.ACH.State != data.ACHRejected ||
		p.RetryURL == "" {
		t.Errorf("rejected: %+v %+v", p.Order, p.Deferred.ACH)
	}
	if n := s.count(t, holdings, r.OrderNo); n != 0 {
		t.Errorf("a rejected order holds %d passes", n)
	}
}

// TestACHPaymentRefusals: bad inputs of the ACH call.
func TestACHPaymentRefusals(t *testing.T) {
	s := deferredShop(t)
	for _, c := range []struct {
		name string
		edit func(b map[string]any)
		code int
	}{
		{name: "no agreement", edit: func(b map[string]any) { delete(b, "agreementHash") }, code: storefront.CodeACHAgreement},
		{name: "another agreement's hash", edit: func(b map[string]any) { b["agreementHash"] = strings.Repeat("0", 64) }, code: storefront.CodeACHAgreement},
		{name: "bank code of 2 digits", edit: func(b map[string]any) { b["bankCode"] = "81" }, code: storefront.CodeACHInvalid},
		{name: "branch code with a letter", edit: func(b map[string]any) { b["branchCode"] = "00a2" }, code: storefront.CodeACHInvalid},
		{name: "account too short", edit: func(b map[string]any) { b["account"] = "123456" }, code: storefront.CodeACHInvalid},
		{name: "account with a dash", edit: func(b map[string]any) { b["account"] = "1234-5678-9012" }, code: storefront.CodeACHInvalid},
		{name: "no holder name", edit: func(b map[string]any) { b["holderName"] = "" }, code: storefront.CodeACHInvalid},
		{name: "ID with a wrong check digit", edit: func(b map[string]any) { b["holderId"] = "A123456788" }, code: storefront.CodeACHInvalid},
		{name: "terms not accepted", edit: func(b map[string]any) { b["acceptTerms"] = false }, code: storefront.CodeBadRequest},
		{name: "price changed", edit: func(b map[string]any) { b["price"] = 1 }, code: storefront.CodePriceChanged},
	} {
		t.Run(c.name, func(t *testing.T) {
			b := s.achBody(t, "季卡通行卡", providers.ACHTestApproved)
			c.edit(b)
			w := s.b.post(t, "/api/brand/demo/sale/ach/payment", b)
			if env := apiResult(t, w, nil); env.ErrorCode != c.code || env.Message == "" {
				t.Errorf("%d %+v, want code %d", w.Code, env, c.code)
			}
		})
	}
	t.Run("ACH through sale/payment", func(t *testing.T) {
		w := s.b.post(t, "/api/brand/demo/sale/payment", s.demoItem(t, "季卡通行卡", data.PayWayACH))
		if env := apiResult(t, w, nil); env.ErrorCode != storefront.CodeACHInvalid {
			t.Errorf("%d %+v", w.Code, env)
		}
	})
	t.Run("a brand without the module", func(t *testing.T) {
		ctx := context.Background()
		s.db.Pool.Exec(ctx, `update brands set modules = array_remove(modules, 'ACH_PAYMENT') where id = 'demo'`)
		s.BrandChanged(ctx, "demo")
		defer func() {
			s.db.Pool.Exec(ctx, `update brands set modules = modules || array['ACH_PAYMENT'] where id = 'demo'`)
			s.BrandChanged(ctx, "demo")
		}()
		w := s.b.post(t, "/api/brand/demo/sale/ach/payment", s.achBody(t, "季卡通行卡", providers.ACHTestApproved))
		if env := apiResult(t, w, nil); env.ErrorCode != storefront.CodePayWayNotAccepted {
			t.Errorf("%d %+v", w.Code, env)
		}
	})
	t.Run("not logged in", func(t *testing.T) {
		w := s.browser().post(t, "/api/brand/demo/sale/ach/payment", s.achBody(t, "季卡通行卡", providers.ACHTestApproved))
		if env := apiResult(t, w, nil); env.ErrorCode != storefront.CodeLoginRequired {
			t.Errorf("%d %+v", w.Code, env)
		}
	})
	if n := s.count(t, `select count(*) from ach_mandates`); n != 0 {
		t.Errorf("refused calls left %d mandates", n)
	}
}

// chaileaseApply buys name with Chailease and follows the payment page
// to the sandbox's application; it returns the order and the form token.
func (s *buyer) chaileaseApply(t *testing.T, name string) (wire.PaymentAnswer, string) {
	t.Helper()
	var a wire.PaymentAnswer
	w := s.b.post(t, "/api/brand/demo/sale/chailease/payment", s.demoItem(t, name, data.PayWayChailease))
	if env := apiResult(t, w, &a); w.Code != 200 || !strings.Contains(a.PaymentURL, "/item-payment/chailease/") {
		t.Fatalf("sale/chailease/payment: %d %+v %+v", w.Code, env, a)
	}
	w = s.b.get(t, a.PaymentURL)
	loc, _ := url.Parse(w.Header().Get("Location"))
	if w.Code != http.StatusSeeOther || loc == nil || loc.Path != "/dev/chailease/apply" {
		t.Fatalf("payment page: %d %s", w.Code, w.Header().Get("Location"))
	}
	w = s.b.get(t, loc.RequestURI())
	i := strings.Index(w.Body.String(), `name="token" value="`)
	if w.Code != 200 || i < 0 {
		t.Fatalf("application: %d %s", w.Code, w.Body)
	}
	token := w.Body.String()[i+len(`name="token" value="`):]
	return a, token[:strings.Index(token, `"`)]
}

// decide answers the application and returns the return URL's path and
// query the browser is sent to.
func (s *buyer) decide(t *testing.T, token, decision string) string {
	t.Helper()
	w := s.b.post(t, "/dev/chailease/decide", url.Values{"token": {token}, "decision": {decision}, "instalments": {"6"}}.Encode(),
		"Content-Type", formType)
	loc, _ := url.Parse(w.Header().Get("Location"))
	if w.Code != http.StatusSeeOther || loc == nil || loc.Path != chaileaseResultPath {
		t.Fatalf("decide: %d %s", w.Code, w.Header().Get("Location"))
	}
	return loc.RequestURI()
}

// TestChaileasePayment: an instalment purchase is paid once when the
// instalment completes (notification and return, replays), forged or
// amount-changed results are refused, a decline fails the order.
func TestChaileasePayment(t *testing.T) {
	s := deferredShop(t)
	a, token := s.chaileaseApply(t, "季卡通行卡")
	if p := s.result(t, a.OrderNo); p.Order.State != data.OrderAwaitingPayment {
		t.Fatalf("before the result: %s", p.Order.State)
	}
	ret := s.decide(t, token, "approve")
	// the notification came first (server to server); the return then
	// lands on the result page
	holdings := `select count(*) from member_passcards where order_id = (select id from orders where number = $1)`
	if n := s.count(t, holdings, a.OrderNo); n != 1 {
		t.Fatalf("after the notification: %d passes", n)
	}
	for range 3 { // the return, and its replays
		w := s.b.get(t, ret)
		if w.Code != http.StatusSeeOther || !strings.HasSuffix(w.Header().Get("Location"), "/demo/orderResult/"+a.OrderNo) {
			t.Fatalf("return: %d %s", w.Code, w.Header().Get("Location"))
		}
	}
	p := s.result(t, a.OrderNo)
	if p.Order.State != data.OrderPaid || p.Deferred == nil || p.Deferred.Instalments != 6 || s.count(t, holdings, a.OrderNo) != 1 {
		t.Fatalf("paid: %s %+v, %d passes", p.Order.State, p.Deferred, s.count(t, holdings, a.OrderNo))
	}
	// IMMEDIATELY: active from the day the instalment completed
	if got := p.Order.Lines[0].StartsOn; got == nil || p.Order.PaidAt == nil || *got != rules.Day(*p.Order.PaidAt) {
		t.Errorf("starts on %v", got)
	}

	// forged: a changed field, another secret
	u, _ := url.Parse(ret)
	q := u.Query()
	q.Set("amount", "1")
	if w := s.b.get(t, chaileaseResultPath+"?"+q.Encode()); w.Code != 400 {
		t.Errorf("changed amount: %d", w.Code)
	}
	b, token := s.chaileaseApply(t, "季卡通行卡")
	forger := providers.NewChaileaseSandbox(providers.Chailease{MerchantID: config.SandboxChailease.MerchantID, Secret: "not-the-secret"}, nil)
	forged := forger.ResultFields(providers.ChaileaseResult{OrderNo: b.OrderNo, TradeNo: "CL1", Status: providers.ChaileaseCompleted, Amount: b.Amount, Instalments: 3})
	req := httptest.NewRequest(http.MethodPost, chaileaseResultPath, strings.NewReader(forged.Encode()))
	req.Header.Set("Content-Type", formType)
	w := httptest.NewRecorder()
	s.ServeHTTP(w, req)
	if w.Code != 400 {
		t.Errorf("forged notification: %d", w.Code)
	}
	// well signed, but not the order's amount: refused, order unchanged
	short := s.chaileaseSandbox.ResultFields(providers.ChaileaseResult{OrderNo: b.OrderNo, TradeNo: "CL2", Status: providers.ChaileaseCompleted,
		Amount: b.Amount - 1, Instalments: 3})
	req = httptest.NewRequest(http.MethodPost, chaileaseResultPath, strings.NewReader(short.Encode()))
	req.Header.Set("Content-Type", formType)
	w = httptest.NewRecorder()
	s.ServeHTTP(w, req)
	if w.Code != 400 {
		t.Errorf("short amount: %d", w.Code)
	}
	if p := s.result(t, b.OrderNo); p.Order.State != data.OrderAwaitingPayment || s.count(t, holdings, b.OrderNo) != 0 {
		t.Errorf("after the refusals: %s", p.Order.State)
	}
	// declined
	s.b.get(t, s.decide(t, token, "decline"))
	if p := s.result(t, b.OrderNo); p.Order.State != data.OrderFailed || !strings.Contains(p.Order.Failure, "中租") {
		t.Errorf("declined: %+v", p.Order)
	}
	var audit []byte
	s.db.Pool.QueryRow(context.Background(), `select json_agg(outcome) from provider_callbacks where provider = 'chailease'`).Scan(&audit)
	var outcomes []string
	json.Unmarshal(audit, &outcomes)
	if len(outcomes) < 7 {
		t.Errorf("audit: %v", outcomes)
	}
}
