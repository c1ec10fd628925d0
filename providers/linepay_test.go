package providers

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"
)

// TestLinePaySign: X-LINE-Authorization against a value computed apart
// (openssl dgst -sha256 -hmac secret -binary | base64 of
// secret + path + body + nonce).
func TestLinePaySign(t *testing.T) {
	got := LinePaySign("secret", "/v3/payments/request", `{"amount":100}`, "0c6e2d6a-6f1b-4a8e-9c1e-3b2d7f0a9b11")
	if want := "MTn6O4Zb3WJpKMT7rX+cCN9K0Ipl6GcUWAan0kYvlHs="; got != want {
		t.Fatalf("LinePaySign = %s; want %s", got, want)
	}
}

const testChannelID, testChannelSecret = "1650000000", "sandbox-test-channel-secret-0001"

// linePayWorld is a LINE Pay sandbox and a client of its channel.
type linePayWorld struct {
	sandbox *LinePaySandbox
	srv     *httptest.Server
	l       LinePay
	mu      sync.Mutex
	now     time.Time
}

func newLinePayWorld(t *testing.T) *linePayWorld {
	w := &linePayWorld{now: time.Now()}
	w.sandbox = NewLinePaySandbox(testChannelID, testChannelSecret)
	w.sandbox.Now = func() time.Time { w.mu.Lock(); defer w.mu.Unlock(); return w.now }
	w.srv = httptest.NewUnstartedServer(w.sandbox)
	w.sandbox.URL = "http://" + w.srv.Listener.Addr().String()
	w.srv.Start()
	t.Cleanup(w.srv.Close)
	w.l = LinePay{ChannelID: testChannelID, ChannelSecret: testChannelSecret, URL: w.srv.URL}
	return w
}

func (w *linePayWorld) advance(d time.Duration) {
	w.mu.Lock()
	w.now = w.now.Add(d)
	w.mu.Unlock()
}

func linePayOrder(id string) LinePayRequest {
	return LinePayRequest{OrderID: id, Amount: 2500, ProductName: "月租通行卡", ConfirmURL: "https://shop.example.com/lp/confirm?o=" + id,
		CancelURL: "https://shop.example.com/lp/cancel?o=" + id}
}

// approve plays the buyer on the approval page: action "approve" or
// "cancel"; it returns where the browser is sent.
func (w *linePayWorld) approve(t *testing.T, web, action string) string {
	t.Helper()
	resp, err := noRedirect.Get(web)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 200 || !strings.Contains(string(b), "付款") || !strings.Contains(string(b), "取消") || !strings.Contains(string(b), "2,500") {
		t.Fatalf("approval page = %d\n%s", resp.StatusCode, b)
	}
	resp, err = noRedirect.PostForm(web, url.Values{"action": {action}})
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusSeeOther {
		t.Fatalf("%s = %d", action, resp.StatusCode)
	}
	return resp.Header.Get("Location")
}

func linePayCode(err error) string {
	var e *LinePayError
	if errors.As(err, &e) {
		return e.Code
	}
	return ""
}

func TestLinePaySandboxPays(t *testing.T) {
	w := newLinePayWorld(t)
	ctx := context.Background()
	red, err := w.l.Request(ctx, linePayOrder("SF_L1"))
	if err != nil {
		t.Fatal(err)
	}
	if !regexp.MustCompile(`^[0-9]{19}$`).MatchString(red.TransactionID) || red.WebURL != w.srv.URL+"/payments/"+red.TransactionID || red.AppURL == "" {
		t.Fatalf("redirect = %+v", red)
	}
	if st, err := w.l.Check(ctx, red.TransactionID); err != nil || st != LinePayStatusPending {
		t.Fatalf("Check before approval = %q, %v", st, err)
	}
	// not approved yet
	if _, err := w.l.Confirm(ctx, red.TransactionID, 2500); linePayCode(err) != LinePayNotApproved {
		t.Fatalf("Confirm before approval: %v", err)
	}
	loc := w.approve(t, red.WebURL, "approve")
	u, _ := url.Parse(loc)
	if !strings.HasPrefix(loc, "https://shop.example.com/lp/confirm?") || u.Query().Get("o") != "SF_L1" ||
		u.Query().Get("transactionId") != red.TransactionID || u.Query().Get("orderId") != "SF_L1" {
		t.Fatalf("approve goes to %q", loc)
	}
	if st, _ := w.l.Check(ctx, red.TransactionID); st != LinePayStatusApproved {
		t.Fatalf("Check after approval = %q", st)
	}
	// an amount not the requested one is refused, and changes nothing
	if _, err := w.l.Confirm(ctx, red.TransactionID, 2400); linePayCode(err) != LinePayAmountError {
		t.Fatalf("Confirm with a wrong amount: %v", err)
	}
	c, err := w.l.Confirm(ctx, red.TransactionID, 2500)
	if err != nil || c.TransactionID != red.TransactionID || c.OrderID != "SF_L1" || c.Amount != 2500 || !strings.HasSuffix(c.MaskedCard, "1111") {
		t.Fatalf("Confirm = %+v, %v", c, err)
	}
	if st, _ := w.l.Check(ctx, red.TransactionID); st != LinePayStatusPaid {
		t.Fatalf("Check after confirm = %q", st)
	}
	// twice
	if _, err := w.l.Confirm(ctx, red.TransactionID, 2500); linePayCode(err) != LinePayOrderIDExists {
		t.Fatalf("second Confirm: %v", err)
	}
	// the same orderId again
	if _, err := w.l.Request(ctx, linePayOrder("SF_L1")); linePayCode(err) != LinePayOrderIDExists {
		t.Fatalf("same orderId: %v", err)
	}
	// unknown transaction
	if _, err := w.l.Confirm(ctx, "1234567890123456789", 2500); linePayCode(err) != LinePayNotFound {
		t.Fatalf("unknown transaction: %v", err)
	}
}

func TestLinePaySandboxCancel(t *testing.T) {
	w := newLinePayWorld(t)
	ctx := context.Background()
	red, err := w.l.Request(ctx, linePayOrder("SF_L2"))
	if err != nil {
		t.Fatal(err)
	}
	if loc := w.approve(t, red.WebURL, "cancel"); loc != "https://shop.example.com/lp/cancel?o=SF_L2&orderId=SF_L2&transactionId="+red.TransactionID {
		t.Fatalf("cancel goes to %q", loc)
	}
	if _, err := w.l.Confirm(ctx, red.TransactionID, 2500); linePayCode(err) != LinePayCancelled {
		t.Fatalf("Confirm after cancel: %v", err)
	}
	if st, _ := w.l.Check(ctx, red.TransactionID); st != LinePayStatusCancelled {
		t.Fatalf("Check after cancel = %q", st)
	}
	if resp, _ := noRedirect.Get(red.WebURL); resp.StatusCode != http.StatusConflict {
		t.Fatalf("approval page after cancel = %d", resp.StatusCode)
	}
}

// TestLinePayDetails: Payment Details (GET /v3/payments, its query
// signed) lists a request's payment only once confirmed, for its own
// order; nothing confirmed is an unpaid answer, not an error.
func TestLinePayDetails(t *testing.T) {
	w := newLinePayWorld(t)
	ctx := context.Background()
	red, err := w.l.Request(ctx, linePayOrder("SF_L4"))
	if err != nil {
		t.Fatal(err)
	}
	if p, err := w.l.Details(ctx, red.TransactionID, "SF_L4"); err != nil || p.Paid {
		t.Fatalf("Details before confirm = %+v, %v", p, err)
	}
	w.approve(t, red.WebURL, "approve")
	if p, err := w.l.Details(ctx, red.TransactionID, "SF_L4"); err != nil || p.Paid {
		t.Fatalf("Details approved, not confirmed = %+v, %v", p, err)
	}
	if _, err := w.l.Confirm(ctx, red.TransactionID, 2500); err != nil {
		t.Fatal(err)
	}
	p, err := w.l.Details(ctx, red.TransactionID, "SF_L4")
	if err != nil || !p.Paid || p.Amount != 2500 || !strings.HasSuffix(p.MaskedCard, "1111") {
		t.Fatalf("Details after confirm = %+v, %v", p, err)
	}
	if p, err := w.l.Details(ctx, red.TransactionID, "SF_OTHER"); err != nil || p.Paid {
		t.Fatalf("Details of another order = %+v, %v", p, err)
	}
	forger := LinePay{ChannelID: testChannelID, ChannelSecret: "not-the-secret", URL: w.srv.URL}
	if _, err := forger.Details(ctx, red.TransactionID, "SF_L4"); linePayCode(err) != LinePayHeaderError {
		t.Fatalf("Details with a wrong signature: %v", err)
	}
}

func TestLinePaySandboxExpires(t *testing.T) {
	w := newLinePayWorld(t)
	ctx := context.Background()
	red, _ := w.l.Request(ctx, linePayOrder("SF_L3"))
	w.approve(t, red.WebURL, "approve")
	w.advance(21 * time.Minute)
	if _, err := w.l.Confirm(ctx, red.TransactionID, 2500); linePayCode(err) != LinePayExpired {
		t.Fatalf("Confirm after 21 minutes: %v", err)
	}
	if resp, _ := noRedirect.Get(red.WebURL); resp.StatusCode != http.StatusGone {
		t.Fatalf("approval page after 21 minutes = %d", resp.StatusCode)
	}
}

// TestLinePaySandboxRefusesSignature: a wrong channel, secret, or one byte
// off in the signature, the body or the nonce is 1106, and changes
// nothing.
func TestLinePaySandboxRefusesSignature(t *testing.T) {
	w := newLinePayWorld(t)
	ctx := context.Background()
	wrong := w.l
	wrong.ChannelSecret = "another-secret"
	if _, err := wrong.Request(ctx, linePayOrder("SF_L4")); linePayCode(err) != LinePayHeaderError {
		t.Fatalf("wrong secret: %v", err)
	}
	wrong = w.l
	wrong.ChannelID = "1650000001"
	if _, err := wrong.Request(ctx, linePayOrder("SF_L4")); linePayCode(err) != LinePayHeaderError {
		t.Fatalf("wrong channel: %v", err)
	}
	body := `{"amount":100,"currency":"TWD","orderId":"SF_L4","packages":[{"id":"1","amount":100,"name":"x","products":[{"name":"x","quantity":1,"price":100}]}],"redirectUrls":{"confirmUrl":"https://shop.example.com/c","cancelUrl":"https://shop.example.com/x"}}`
	nonce := "5f1d3b8e-2a47-4c9b-8f0e-1d2c3b4a5e6f"
	sig := LinePaySign(testChannelSecret, "/v3/payments/request", body, nonce)
	send := func(body, nonce, sig string) string {
		req, _ := http.NewRequest(http.MethodPost, w.srv.URL+"/v3/payments/request", strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("X-LINE-ChannelId", testChannelID)
		req.Header.Set("X-LINE-Authorization-Nonce", nonce)
		req.Header.Set("X-LINE-Authorization", sig)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		var a struct{ ReturnCode string }
		json.NewDecoder(resp.Body).Decode(&a)
		return a.ReturnCode
	}
	flipByte := func(s string) string { b := []byte(s); b[len(b)/2] ^= 1; return string(b) }
	for _, c := range []struct{ name, body, nonce, sig string }{
		{name: "signature off by one byte", body: body, nonce: nonce, sig: flipByte(sig)},
		{name: "body off by one byte", body: strings.Replace(body, `"amount":100,"currency"`, `"amount":101,"currency"`, 1), nonce: nonce, sig: sig},
		{name: "nonce off by one byte", body: body, nonce: flipByte(nonce), sig: sig},
		{name: "no nonce", body: body, nonce: "", sig: sig},
		{name: "no signature", body: body, nonce: nonce, sig: ""},
	} {
		if got := send(c.body, c.nonce, c.sig); got != LinePayHeaderError {
			t.Errorf("%s: returnCode %q; want 1106", c.name, got)
		}
	}
	if got := send(body, nonce, sig); got != LinePayOK {
		t.Fatalf("the good request: %q", got)
	}
	// the refusals reserved nothing: SF_L4 was requested once, above
	if _, err := w.l.Request(ctx, linePayOrder("SF_L4")); linePayCode(err) != LinePayOrderIDExists {
		t.Fatalf("SF_L4 again: %v", err)
	}
	// confirm and check are signed too
	red, _ := w.l.Request(ctx, linePayOrder("SF_L5"))
	w.approve(t, red.WebURL, "approve")
	wrong = w.l
	wrong.ChannelSecret = "another-secret"
	if _, err := wrong.Confirm(ctx, red.TransactionID, 2500); linePayCode(err) != LinePayHeaderError {
		t.Fatalf("Confirm with a wrong secret: %v", err)
	}
	if _, err := wrong.Check(ctx, red.TransactionID); linePayCode(err) != LinePayHeaderError {
		t.Fatalf("Check with a wrong secret: %v", err)
	}
	if _, err := w.l.Confirm(ctx, red.TransactionID, 2500); err != nil {
		t.Fatalf("Confirm after the refused ones: %v", err)
	}
}

// TestLinePayTransactionID: transactionId is a 19-digit JSON number, past
// float64's exact integers; it is kept digit for digit.
func TestLinePayTransactionID(t *testing.T) {
	const id = "2026123456789012345"
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		io.WriteString(w, `{"returnCode":"0000","returnMessage":"Success.","info":{"paymentUrl":{"web":"https://pay.example/w","app":"line://pay/a"},"transactionId":`+id+`,"paymentAccessToken":"187568751124"}}`)
	}))
	defer srv.Close()
	l := LinePay{ChannelID: "1", ChannelSecret: "s", URL: srv.URL}
	red, err := l.Request(context.Background(), linePayOrder("SF_L6"))
	if err != nil || red.TransactionID != id || red.WebURL != "https://pay.example/w" || red.AppURL != "line://pay/a" {
		t.Fatalf("Request = %+v, %v", red, err)
	}
}

func TestLinePayClientRefuses(t *testing.T) {
	ctx := context.Background()
	if _, err := (LinePay{}).Request(ctx, linePayOrder("x")); !errors.Is(err, ErrNotConfigured) {
		t.Errorf("unconfigured: %v", err)
	}
	l := LinePay{ChannelID: "1", ChannelSecret: "s", URL: "http://127.0.0.1:1"}
	for name, r := range map[string]LinePayRequest{
		"no order":          {Amount: 1, ConfirmURL: "https://a/c", CancelURL: "https://a/x"},
		"amount 0":          {OrderID: "o", ConfirmURL: "https://a/c", CancelURL: "https://a/x"},
		"relative callback": {OrderID: "o", Amount: 1, ConfirmURL: "/c", CancelURL: "https://a/x"},
	} {
		if _, err := l.Request(ctx, r); !errors.Is(err, ErrBadOrder) {
			t.Errorf("%s: %v", name, err)
		}
	}
	for _, id := range []string{"", "12/../34", "1e10", "123456789012345678901"} {
		if _, err := l.Confirm(ctx, id, 1); !errors.Is(err, ErrBadOrder) {
			t.Errorf("Confirm(%q): %v", id, err)
		}
	}
	// an answer that is not LINE Pay's
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { http.Error(w, "bad gateway", 502) }))
	defer srv.Close()
	l.URL = srv.URL
	if _, err := l.Request(ctx, linePayOrder("o")); err == nil || linePayCode(err) != "" {
		t.Errorf("a 502 page: %v", err)
	}
}

// TestSecretsRedacted: the secrets never show in %v, %+v, %#v, logs or
// errors.
func TestSecretsRedacted(t *testing.T) {
	n := NewebPay{MerchantID: "MS1", HashKey: "hashkey-secret-0123456789abcdefg", HashIV: "hashiv-secret-01", URL: "https://core.newebpay.com"}
	l := LinePay{ChannelID: "165", ChannelSecret: "channel-secret-value", URL: "https://api-pay.line.me"}
	var logs bytes.Buffer
	log := slogJSON(&logs)
	log.Info("providers", "newebpay", n, "linepay", l)
	type config struct {
		NewebPay NewebPay
		LinePay  LinePay
	}
	out := logs.String() + sprintAll(n) + sprintAll(l) + sprintAll(config{n, l}) + sprintAll(&config{n, l})
	for _, secret := range []string{n.HashKey, n.HashIV, l.ChannelSecret} {
		if strings.Contains(out, secret) {
			t.Fatalf("secret %q shown:\n%s", secret, out)
		}
	}
	for _, shown := range []string{"MS1", "165", "https://core.newebpay.com", "[redacted]"} {
		if !strings.Contains(out, shown) {
			t.Errorf("%q not shown:\n%s", shown, out)
		}
	}
	// errors name no secret either
	_, err := n.Result(url.Values{"MerchantID": {"MS1"}, "TradeInfo": {"00"}, "TradeSha": {"00"}})
	if err == nil || strings.Contains(err.Error(), n.HashKey) || strings.Contains(err.Error(), n.HashIV) {
		t.Fatalf("Result error = %v", err)
	}
}

func slogJSON(w io.Writer) *slog.Logger { return slog.New(slog.NewJSONHandler(w, nil)) }

func sprintAll(v any) string { return fmt.Sprintf("%v %+v %#v %s", v, v, v, v) }

// TestLinePayRefund: a confirmed payment is refunded in parts up to what
// it paid, Payment Details lists what was refunded; more than is left is
// 1164, a payment refunded whole 1165, an unconfirmed one 1150.
func TestLinePayRefund(t *testing.T) {
	w := newLinePayWorld(t)
	ctx := context.Background()
	red, err := w.l.Request(ctx, linePayOrder("SF_R1"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := w.l.Refund(ctx, red.TransactionID, 100); linePayCode(err) != LinePayNotFound {
		t.Fatalf("refund before confirm: %v", err)
	}
	w.approve(t, red.WebURL, "approve")
	if _, err := w.l.Confirm(ctx, red.TransactionID, 2500); err != nil {
		t.Fatal(err)
	}
	id, err := w.l.Refund(ctx, red.TransactionID, 1000)
	if err != nil || !validTransactionID(id) || id == red.TransactionID {
		t.Fatalf("refund = %q, %v", id, err)
	}
	if _, err := w.l.Refund(ctx, red.TransactionID, 1501); linePayCode(err) != LinePayOverRefund {
		t.Fatalf("refund over what is left: %v", err)
	}
	if p, err := w.l.Details(ctx, red.TransactionID, "SF_R1"); err != nil || p.Refunded != 1000 || p.Amount != 2500 {
		t.Fatalf("Details after a part = %+v, %v", p, err)
	}
	if _, err := w.l.Refund(ctx, red.TransactionID, 1500); err != nil {
		t.Fatal(err)
	}
	if _, err := w.l.Refund(ctx, red.TransactionID, 1); linePayCode(err) != LinePayCancelled {
		t.Fatalf("refund of a payment refunded whole: %v", err)
	}
	if p, err := w.l.Details(ctx, red.TransactionID, "SF_R1"); err != nil || p.Refunded != 2500 || w.sandbox.Refunded() != 2500 {
		t.Fatalf("Details after the whole = %+v, %v", p, err)
	}
}
