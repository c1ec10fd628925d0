package host

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"html"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"

	"storefront/data"
	"storefront/host/wire"
	"storefront/providers"
)

// handlerClient is an http.RoundTripper served by the test's own handler:
// the NewebPay sandbox's notifications and the checkout's LINE Pay calls
// reach the test server (on its public origin http://example.com) without
// a network. It keeps the notifications' bodies so a test can replay them
// as the gateway's retries.
// The NewebPay callbacks of the demo brand's card payments and of the
// plan brand's recurring ones (each brand's own: its {brandId}).
var (
	demoNotifyPath       = brandPath(newebPayNotifyPath, "demo")
	demoReturnPath       = brandPath(newebPayReturnPath, "demo")
	planPeriodNotifyPath = brandPath(periodNotifyPath, "plan")
	planPeriodReturnPath = brandPath(periodReturnPath, "plan")
)

type handlerClient struct {
	h        http.Handler
	mu       sync.Mutex
	notified []string
}

func (c *handlerClient) RoundTrip(r *http.Request) (*http.Response, error) {
	if strings.HasPrefix(r.URL.Path, strings.TrimSuffix(newebPayNotifyPath, "{brandId}")) ||
		strings.HasPrefix(r.URL.Path, strings.TrimSuffix(periodNotifyPath, "{brandId}")) {
		body, _ := io.ReadAll(r.Body)
		c.mu.Lock()
		c.notified = append(c.notified, string(body))
		c.mu.Unlock()
		r.Body = io.NopCloser(bytes.NewReader(body))
	}
	r = r.Clone(r.Context())
	r.RequestURI = r.URL.RequestURI()
	if r.Body == nil { // a client's GET; a server's request always has one
		r.Body = http.NoBody
	}
	w := httptest.NewRecorder()
	c.h.ServeHTTP(w, r)
	return w.Result(), nil
}

func (c *handlerClient) last(t *testing.T) string {
	t.Helper()
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(c.notified) == 0 {
		t.Fatal("the gateway sent no notification")
	}
	return c.notified[len(c.notified)-1]
}

// buyer is a test server with both payment sandboxes mounted, the demo
// member logged in.
type buyer struct {
	*memberServer
	hc *handlerClient
	b  *browser
}

func newShop(t *testing.T) *buyer {
	t.Helper()
	hc := &handlerClient{}
	ms := newMemberServer(t, func(d *Deps) { d.SandboxClient = &http.Client{Transport: hc} })
	hc.h = ms
	if ms.cfg.NewebPay.URL != "http://example.com/dev/newebpay" || ms.linepaySandbox == nil {
		t.Fatalf("the sandboxes are not mounted: %q", ms.cfg.NewebPay.URL)
	}
	ms.cfg.LinePay.HTTP = &http.Client{Transport: hc} // the platform's channel's calls
	s := &buyer{memberServer: ms, hc: hc, b: ms.browser()}
	if w, _ := login(t, s.b, "demo", "member@example.com", "demo1234"); w.Code != 200 {
		t.Fatalf("login: %d %s", w.Code, w.Body)
	}
	return s
}

// demoItem is the body that buys the demo item named name in the demo
// brand's first store.
func (s *buyer) demoItem(t *testing.T, name, payWay string) map[string]any {
	t.Helper()
	var typ string
	var id, store int64
	var price int
	err := s.db.Pool.QueryRow(context.Background(), `select i.type, i.id, i.price, (select min(id) from stores where brand_id = 'demo')
		from items i where i.brand_id = 'demo' and i.name = $1`, name).Scan(&typ, &id, &price, &store)
	if err != nil {
		t.Fatal(err)
	}
	return map[string]any{"kind": "item", "itemType": typ, "itemId": id, "storeId": store, "quantity": 1, "price": price,
		"payWay": payWay, "acceptTerms": true}
}

// order starts a purchase and returns its answer.
func (s *buyer) order(t *testing.T, body map[string]any) wire.PaymentAnswer {
	t.Helper()
	var a wire.PaymentAnswer
	w := s.b.post(t, "/api/brand/demo/sale/payment", body)
	if env := apiResult(t, w, &a); w.Code != 200 || a.OrderNo == "" {
		t.Fatalf("sale/payment: %d %+v", w.Code, env)
	}
	return a
}

var (
	tokenPattern  = regexp.MustCompile(`name="token" value="([0-9]+)"`) // the sandbox's card form
	inputPattern  = regexp.MustCompile(`<input type="hidden" name="([^"]+)" value="([^"]*)">`)
	actionPattern = regexp.MustCompile(`<form[^>]* action="([^"]+)"`)
)

// formOf reads an auto-posting page's form: its action's path and fields.
func formOf(t *testing.T, page string) (string, url.Values) {
	t.Helper()
	m := actionPattern.FindStringSubmatch(page)
	if m == nil {
		t.Fatalf("no form in\n%.800s", page)
	}
	u, _ := url.Parse(html.UnescapeString(m[1]))
	v := url.Values{}
	for _, f := range inputPattern.FindAllStringSubmatch(page, -1) {
		v.Add(f[1], html.UnescapeString(f[2]))
	}
	return u.RequestURI(), v
}

const formType = "application/x-www-form-urlencoded"

// toGateway opens the order's payment page and posts its form to the
// sandbox gateway: the card form's token.
func (s *buyer) toGateway(t *testing.T, a wire.PaymentAnswer) string {
	t.Helper()
	w := s.b.get(t, a.PaymentURL)
	if w.Code != 200 || !strings.Contains(w.Header().Get("Content-Security-Policy"), "form-action 'self' http://example.com") {
		t.Fatalf("payment page: %d, CSP %q\n%s", w.Code, w.Header().Get("Content-Security-Policy"), w.Body)
	}
	if !strings.Contains(w.Body.String(), `<script nonce="`) {
		t.Fatal("the payment page's script carries no nonce")
	}
	action, fields := formOf(t, w.Body.String())
	if action != "/dev/newebpay/MPG/mpg_gateway" {
		t.Fatalf("the form goes to %s", action)
	}
	w = s.b.post(t, action, fields.Encode(), "Content-Type", formType)
	m := tokenPattern.FindStringSubmatch(w.Body.String())
	if w.Code != 200 || m == nil {
		t.Fatalf("gateway: %d\n%s", w.Code, w.Body)
	}
	return m[1]
}

// payCard pays at the sandbox with card and follows the gateway's return
// to our ReturnURL (a cross-site POST), returning that answer.
func (s *buyer) payCard(t *testing.T, token, card string) *httptest.ResponseRecorder {
	t.Helper()
	w := s.b.post(t, "/dev/newebpay/MPG/pay", url.Values{"token": {token}, "CardNo": {card}, "Exp": {"12/30"}, "CVC": {"123"}}.Encode(),
		"Content-Type", formType)
	if w.Code == http.StatusSeeOther { // no result (the timeout card): back to the shop
		return w
	}
	action, fields := formOf(t, w.Body.String())
	if action != demoReturnPath {
		t.Fatalf("the gateway returns to %s", action)
	}
	return s.b.post(t, action, fields.Encode(), "Content-Type", formType, "Origin", "http://example.com.gateway.test", "Sec-Fetch-Site", "cross-site")
}

// result is the order as its member's API shows it.
func (s *buyer) result(t *testing.T, no string) wire.OrderResultPage {
	t.Helper()
	var p wire.OrderResultPage
	if w := s.b.get(t, "/api/v2/ec/payment/result/"+no); w.Code != 200 {
		t.Fatalf("result: %d %s", w.Code, w.Body)
	} else {
		apiResult(t, w, &p)
	}
	return p
}

// notify sends a NewebPay notification body to the NotifyURL as the
// gateway does (server to server, no browser headers).
func (s *buyer) notify(body string) *httptest.ResponseRecorder {
	req := httptest.NewRequest(http.MethodPost, demoNotifyPath, strings.NewReader(body))
	req.Header.Set("Content-Type", formType)
	w := httptest.NewRecorder()
	s.ServeHTTP(w, req)
	return w
}

func (s *buyer) count(t *testing.T, sql string, args ...any) int {
	t.Helper()
	var n int
	if err := s.db.Pool.QueryRow(context.Background(), sql, args...).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// TestNewebPayCheckout: a card payment through the host and the MPG
// sandbox pays the order once: the notification creates the pass (active
// from today), the return lands on the result page, the receipt with the
// masked card goes out; the same notification replayed 100 times in a row
// and 100 times at once changes nothing; a TradeSha or TradeInfo off by
// one byte is refused; the member centre shows the pass at once.
func TestNewebPayCheckout(t *testing.T) {
	s := newShop(t)
	a := s.order(t, s.demoItem(t, "季卡通行卡", data.PayWayCard))
	if a.PaymentURL != "/demo/item-payment/card/"+a.OrderNo || a.Amount != 7200 {
		t.Fatalf("answer %+v", a)
	}
	w := s.payCard(t, s.toGateway(t, a), providers.TestCardApproved)
	if w.Code != http.StatusSeeOther || w.Header().Get("Location") != "http://example.com/demo/orderResult/"+a.OrderNo {
		t.Fatalf("return: %d %q %s", w.Code, w.Header().Get("Location"), w.Body)
	}
	p := s.result(t, a.OrderNo)
	if p.Order.State != data.OrderPaid || !p.Final || p.Order.MaskedCard != "**** 1111" || p.Order.Lines[0].Status != "active" ||
		*p.Order.Lines[0].StartsOn != "2026-11-22" || p.MemberURL != "/demo/user/passcard" {
		t.Fatalf("result %+v %+v", p, p.Order.Lines[0])
	}
	holdings := `select count(*) from member_passcards p join orders o on o.id = p.order_id where o.number = $1`
	if n := s.count(t, holdings, a.OrderNo); n != 1 {
		t.Fatalf("%d passes", n)
	}
	// the receipt, whichever mail came last (the invoice's may follow it
	// at once)
	var receipt string
	waitFor(t, "the receipt", func() bool {
		for _, m := range s.box.Messages() {
			if strings.Contains(m.Subject, "付款成功通知") && strings.Contains(m.Text, a.OrderNo) {
				receipt = m.Text
				return true
			}
		}
		return false
	})
	if !strings.Contains(receipt, "**** 1111") || !strings.Contains(receipt, "NT$7,200") {
		t.Fatalf("receipt:\n%s", receipt)
	}

	body := s.hc.last(t)
	for i := range 100 {
		if w := s.notify(body); w.Code != 200 {
			t.Fatalf("replay %d: %d %s", i, w.Code, w.Body)
		}
	}
	var wg sync.WaitGroup
	for range 100 {
		wg.Go(func() {
			if w := s.notify(body); w.Code != 200 {
				t.Errorf("concurrent replay: %d %s", w.Code, w.Body)
			}
		})
	}
	wg.Wait()
	if n := s.count(t, holdings, a.OrderNo); n != 1 {
		t.Fatalf("%d passes after the replays", n)
	}
	if n := s.count(t, `select count(*) from order_events e join orders o on o.id = e.order_id where o.number = $1 and e.to_state = 'paid'`, a.OrderNo); n != 1 {
		t.Fatalf("%d payments", n)
	}
	if n := s.count(t, `select count(*) from mail_outbox where subject like '%付款成功%'`); n != 1 {
		t.Fatalf("%d receipts", n)
	}

	form, _ := url.ParseQuery(body)
	for _, field := range []string{"TradeSha", "TradeInfo"} {
		forged := url.Values{}
		for k, v := range form {
			forged[k] = append([]string(nil), v...)
		}
		v := []byte(forged.Get(field))
		v[10] ^= 1
		if v[10] > 'F' && v[10] < 'a' || v[10] > 'f' {
			v[10] = '0'
		}
		forged.Set(field, string(v))
		if w := s.notify(forged.Encode()); w.Code != 400 {
			t.Fatalf("forged %s: %d %s", field, w.Code, w.Body)
		}
	}
	if n := s.count(t, `select count(*) from provider_callbacks where not verified`); n != 2 {
		t.Fatalf("%d refused messages in the audit", n)
	}
	if n := s.count(t, `select count(*) from provider_callbacks where verified and order_number = $1`, a.OrderNo); n != 202 {
		t.Fatalf("%d verified messages in the audit", n)
	}

	var pass wire.MemberPasscardsPage
	w = s.b.get(t, "/demo/user/passcard", propsHeader, "1")
	var props struct {
		Data json.RawMessage `json:"data"`
	}
	json.Unmarshal(w.Body.Bytes(), &props)
	json.Unmarshal(props.Data, &pass)
	// the pass bought is the newest by id, not by purchase time: the demo's
	// own passes are dated from the day the demo is loaded (newTestServer:
	// two days after the server's clock), this one at the server's time
	newest := slices.MaxFunc(append(pass.Passcards, data.MemberPasscard{}), func(a, b data.MemberPasscard) int { return cmp.Compare(a.ID, b.ID) })
	if newest.Name != "季卡通行卡" || newest.Status != "active" {
		t.Fatalf("member centre: %+v", pass.Passcards)
	}
}

// TestNewebPayRefusals: a notification whose amount is not the order's is
// refused and logged, the order unchanged; a declined card fails the order
// (the result page offers a retry); the timeout card leaves it awaiting.
func TestNewebPayRefusals(t *testing.T) {
	s := newShop(t)
	a := s.order(t, s.demoItem(t, "季卡通行卡", data.PayWayCard))
	token := s.toGateway(t, a)
	s.db.Pool.Exec(context.Background(), `update orders set amount = amount + 1 where number = $1`, a.OrderNo)
	s.payCard(t, token, providers.TestCardApproved)
	if w := s.notify(s.hc.last(t)); w.Code != 400 {
		t.Fatalf("a notification of another amount: %d", w.Code)
	}
	p := s.result(t, a.OrderNo)
	if p.Order.State != data.OrderAwaitingPayment || p.Order.PaidAt != nil || p.Final {
		t.Fatalf("order changed: %+v", p.Order)
	}
	if n := s.count(t, `select count(*) from member_passcards p join orders o on o.id = p.order_id where o.number = $1`, a.OrderNo); n != 0 {
		t.Fatalf("%d passes", n)
	}
	if !strings.Contains(s.log.String(), "payment refused: amount differs from the order") {
		t.Fatalf("not logged:\n%s", s.log.String())
	}
	if n := s.count(t, `select count(*) from provider_callbacks where order_number = $1 and outcome like 'refused: 付款金額與訂單金額不符%'`, a.OrderNo); n < 2 {
		t.Fatalf("%d refusals in the audit", n)
	}

	d := s.order(t, s.demoItem(t, "季卡通行卡", data.PayWayCard))
	w := s.payCard(t, s.toGateway(t, d), providers.TestCardDeclined)
	if w.Code != http.StatusSeeOther {
		t.Fatalf("declined return: %d %s", w.Code, w.Body)
	}
	p = s.result(t, d.OrderNo)
	if p.Order.State != data.OrderFailed || p.Order.Failure == "" || !p.Final || p.RetryURL == "" {
		t.Fatalf("declined: %+v", p)
	}
	if w := s.b.get(t, d.PaymentURL); w.Code != http.StatusSeeOther || w.Header().Get("Location") != "/demo/orderResult/"+d.OrderNo {
		t.Fatalf("paying a failed order again: %d %q", w.Code, w.Header().Get("Location"))
	}

	o := s.order(t, s.demoItem(t, "季卡通行卡", data.PayWayCard))
	w = s.payCard(t, s.toGateway(t, o), providers.TestCardTimeout)
	if w.Code != http.StatusSeeOther || w.Header().Get("Location") != "http://example.com/demo/orderResult/"+o.OrderNo {
		t.Fatalf("timeout: %d %q", w.Code, w.Header().Get("Location"))
	}
	if p := s.result(t, o.OrderNo); p.Order.State != data.OrderAwaitingPayment || p.Final {
		t.Fatalf("timeout: %+v", p.Order)
	}
}

// TestLinePayCheckout: LINE Pay through the host and its sandbox: the
// payment page sends the buyer to the approval page, approving comes back
// to confirmUrl, which confirms the order's amount and pays once (a reload
// changes nothing); cancelling cancels the order.
func TestLinePayCheckout(t *testing.T) {
	s := newShop(t)
	a := s.order(t, s.demoItem(t, "團課 10 堂計次卡", data.PayWayLinePay))
	w := s.b.get(t, a.PaymentURL)
	approval := w.Header().Get("Location")
	if w.Code != http.StatusSeeOther || !strings.HasPrefix(approval, "http://example.com/dev/linepay/payments/") {
		t.Fatalf("payment page: %d %q %s\n%s", w.Code, approval, w.Body, s.log.String())
	}
	if again := s.b.get(t, a.PaymentURL); again.Header().Get("Location") != approval {
		t.Fatalf("a reload goes to %q", again.Header().Get("Location"))
	}
	// in the app the answer is LINE Pay's app URL, which the app opens (openLinePay)
	inApp := s.demoItem(t, "團課 10 堂計次卡", data.PayWayLinePay)
	inApp["from"] = "app"
	if app := s.order(t, inApp).PaymentURL; !strings.HasPrefix(app, "http://example.com/dev/linepay/payments/") || !strings.HasSuffix(app, "?channel=app") {
		t.Errorf("the app's payment URL %q is not paymentUrl.app", app)
	}
	path := strings.TrimPrefix(approval, "http://example.com")
	if w := s.b.get(t, path); w.Code != 200 {
		t.Fatalf("approval page: %d", w.Code)
	}
	w = s.b.post(t, path, "action=approve", "Content-Type", formType)
	confirm := strings.TrimPrefix(w.Header().Get("Location"), "http://example.com")
	if w.Code != http.StatusSeeOther || !strings.HasPrefix(confirm, linePayConfirmPath+"?") {
		t.Fatalf("approve: %d %q", w.Code, confirm)
	}
	for range 3 {
		w = s.b.get(t, confirm, "Sec-Fetch-Site", "cross-site")
		if w.Code != http.StatusSeeOther || w.Header().Get("Location") != "http://example.com/demo/orderResult/"+a.OrderNo {
			t.Fatalf("confirm: %d %q %s", w.Code, w.Header().Get("Location"), w.Body)
		}
	}
	p := s.result(t, a.OrderNo)
	if p.Order.State != data.OrderPaid || p.Order.PayWay != data.PayWayLinePay || p.Order.Lines[0].Status != "notActive" {
		t.Fatalf("result %+v", p.Order)
	}
	if n := s.count(t, `select count(*) from member_tickets k join orders o on o.id = k.order_id
		where o.number = $1 and k.ticket_type = 'count' and k.total = 10 and k.starts_on is null`, a.OrderNo); n != 1 {
		t.Fatalf("%d count tickets", n)
	}

	c := s.order(t, s.demoItem(t, "團課 10 堂計次卡", data.PayWayLinePay))
	path = strings.TrimPrefix(s.b.get(t, c.PaymentURL).Header().Get("Location"), "http://example.com")
	w = s.b.post(t, path, "action=cancel", "Content-Type", formType)
	cancel := strings.TrimPrefix(w.Header().Get("Location"), "http://example.com")
	if w = s.b.get(t, cancel); w.Code != http.StatusSeeOther {
		t.Fatalf("cancel: %d %s", w.Code, w.Body)
	}
	if p := s.result(t, c.OrderNo); p.Order.State != data.OrderCancelled || p.RetryURL != "/demo/quantityPasscard/"+itemID(p.Order)+"/checkout?pay=LINEPAY&store="+storeID(p.Order)+"&terms=1" {
		t.Fatalf("cancelled: %+v %q", p.Order, p.RetryURL)
	}
}

func itemID(o *data.Order) string {
	b, _ := json.Marshal(o.Lines[0].ItemID)
	return string(b)
}

func storeID(o *data.Order) string {
	b, _ := json.Marshal(o.Lines[0].StoreID)
	return string(b)
}
