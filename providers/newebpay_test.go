package providers

import (
	"context"
	"crypto/cipher"
	"encoding/hex"
	"errors"
	"html"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"
)

// The MPG manual's sample (藍新金流 MPG 串接手冊, the sample data of its
// TradeInfo and TradeSha section): HashKey 12345678901234567890123456789012,
// HashIV 1234567890123456.
const (
	sampleKey   = "12345678901234567890123456789012"
	sampleIV    = "1234567890123456"
	samplePlain = "MerchantID=3430112&RespondType=JSON&TimeStamp=1485232229&Version=1.4&MerchantOrderNo=S_1485232229&Amt=40&ItemDesc=UnitTest"
	sampleInfo  = "ff91c8aa01379e4de621a44e5f11f72e4d25bdb1a18242db6cef9ef07d80b0165e476fd1d9acaa53170272c82d122961e1a0700a7427cfa1cf90db7f6d6593bbc93102a4d4b9b66d9974c13c31a7ab4bba1d4e0790f0cbbbd7ad64c6d3c8012a601ceaa808bff70f94a8efa5a4f984b9d41304ffd879612177c622f75f4214fa"
	sampleSha   = "EA0A6CC37F40C1EA5692E7CBB8AE097653DF3E91365E6A9CD7E91312413C7BB8"
)

func TestNewebPaySampleVector(t *testing.T) {
	n := NewebPay{MerchantID: "3430112", HashKey: sampleKey, HashIV: sampleIV, URL: "https://ccore.newebpay.com"}
	info, err := n.encrypt(samplePlain)
	if err != nil || info != sampleInfo {
		t.Fatalf("encrypt = %s, %v\nwant %s", info, err, sampleInfo)
	}
	if got := n.tradeSha(sampleInfo); got != sampleSha {
		t.Fatalf("TradeSha = %s; want %s", got, sampleSha)
	}
	plain, err := n.decrypt(sampleInfo)
	if err != nil || string(plain) != samplePlain {
		t.Fatalf("decrypt = %q, %v", plain, err)
	}
	// the sample's TradeInfo is a query, not the JSON answer: it verifies
	// but does not read
	_, err = n.Result(url.Values{"MerchantID": {"3430112"}, "TradeInfo": {sampleInfo}, "TradeSha": {sampleSha}})
	if !errors.Is(err, ErrMalformed) {
		t.Fatalf("Result of the sample = %v; want ErrMalformed", err)
	}
}

// testMerchant is the merchant of the tests (test values, not secrets).
var testMerchant = NewebPay{MerchantID: "MS_TEST_1", HashKey: "abcdefghijklmnopqrstuvwxyz012345", HashIV: "ABCDEFGHIJKLMNOP"}

// mpgWorld is a merchant, its sandbox gateway and the shop's NotifyURL,
// which records what it is posted.
type mpgWorld struct {
	n       NewebPay
	sandbox *NewebPaySandbox
	gateway *httptest.Server
	shop    *httptest.Server
	mu      sync.Mutex
	notices []url.Values
}

func newMPGWorld(t *testing.T) *mpgWorld {
	w := &mpgWorld{}
	w.shop = httptest.NewServer(http.HandlerFunc(func(rw http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/notify" {
			http.NotFound(rw, r)
			return
		}
		r.ParseForm()
		w.mu.Lock()
		w.notices = append(w.notices, r.PostForm)
		w.mu.Unlock()
	}))
	t.Cleanup(w.shop.Close)
	w.sandbox = NewNewebPaySandbox(testMerchant, nil)
	w.gateway = httptest.NewServer(w.sandbox)
	t.Cleanup(w.gateway.Close)
	w.n = testMerchant
	w.n.URL = w.gateway.URL
	return w
}

func (w *mpgWorld) received() []url.Values {
	w.sandbox.Wait()
	w.mu.Lock()
	defer w.mu.Unlock()
	return append([]url.Values(nil), w.notices...)
}

func (w *mpgWorld) order(no string) MPGOrder {
	return MPGOrder{MerchantOrderNo: no, Amount: 1200, ItemDesc: "十堂課程卡", Email: "member@example.com",
		NotifyURL: w.shop.URL + "/notify", ReturnURL: w.shop.URL + "/return", ClientBackURL: w.shop.URL + "/back", Now: time.Now()}
}

// noRedirect is a client that shows redirects rather than following them.
var noRedirect = &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}

func postForm(t *testing.T, action string, fields [][2]string) (*http.Response, string) {
	t.Helper()
	v := url.Values{}
	for _, f := range fields {
		v.Add(f[0], f[1])
	}
	resp, err := noRedirect.PostForm(action, v)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp, string(b)
}

var (
	hiddenField = regexp.MustCompile(`<input type="hidden" name="([^"]+)" value="([^"]*)">`)
	formAction  = regexp.MustCompile(`<form method="post" action="([^"]*)"`)
	mpgErrCode  = regexp.MustCompile(`id="mpg-error"><b>([A-Z0-9]+)</b>`)
)

// page reads a page's first form: its action and hidden fields.
func page(body string) (action string, fields [][2]string) {
	if m := formAction.FindStringSubmatch(body); m != nil {
		action = html.UnescapeString(m[1])
	}
	for _, m := range hiddenField.FindAllStringSubmatch(body, -1) {
		fields = append(fields, [2]string{html.UnescapeString(m[1]), html.UnescapeString(m[2])})
	}
	return action, fields
}

func values(fields [][2]string) url.Values {
	v := url.Values{}
	for _, f := range fields {
		v.Add(f[0], f[1])
	}
	return v
}

// cardForm takes the buyer to the gateway with o and returns the card
// form's fields.
func (w *mpgWorld) cardForm(t *testing.T, o MPGOrder) [][2]string {
	t.Helper()
	form, err := w.n.Checkout(o)
	if err != nil {
		t.Fatal(err)
	}
	resp, body := postForm(t, form.Action, form.Fields)
	if resp.StatusCode != 200 || !strings.Contains(body, "信用卡卡號") {
		t.Fatalf("gateway = %d\n%s", resp.StatusCode, body)
	}
	_, fields := page(body)
	return fields
}

// pay pays o with card and returns the answer.
func (w *mpgWorld) pay(t *testing.T, o MPGOrder, card string) (*http.Response, string) {
	t.Helper()
	fields := append(w.cardForm(t, o), [2]string{"CardNo", card}, [2]string{"Exp", "12/" + time.Now().AddDate(2, 0, 0).Format("06")}, [2]string{"CVC", "123"})
	return postForm(t, w.gateway.URL+"/MPG/pay", fields)
}

// returned is the Result of a return page, checking it posts to ReturnURL.
func (w *mpgWorld) returned(t *testing.T, body string) MPGResult {
	t.Helper()
	action, fields := page(body)
	if action != w.shop.URL+"/return" {
		t.Fatalf("return form posts to %q\n%s", action, body)
	}
	r, err := w.n.Result(values(fields))
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func TestNewebPaySandboxPays(t *testing.T) {
	w := newMPGWorld(t)
	o := w.order("SF_1001")
	resp, body := w.pay(t, o, "4000-2211-1111-1111")
	if resp.StatusCode != 200 {
		t.Fatalf("pay = %d\n%s", resp.StatusCode, body)
	}
	if !strings.Contains(resp.Header.Get("Content-Security-Policy"), "form-action 'self' "+w.shop.URL) {
		t.Errorf("return page's policy does not let it post to the shop: %q", resp.Header.Get("Content-Security-Policy"))
	}
	r := w.returned(t, body)
	if !r.Paid() || r.Status != "SUCCESS" || r.MerchantOrderNo != "SF_1001" || r.Amount != 1200 || r.Card4No != "1111" ||
		r.Card6No != "400022" || r.RespondCode != "00" || r.PaymentType != "CREDIT" || r.TradeNo == "" || r.PayTime == "" || len(r.Auth) != 6 {
		t.Fatalf("return = %+v", r)
	}
	got := w.received()
	if len(got) != 1 {
		t.Fatalf("%d notifications; want 1", len(got))
	}
	n, err := w.n.Result(got[0])
	if err != nil || n != r {
		t.Fatalf("notification = %+v, %v; want the return's %+v", n, err, r)
	}
	if got[0].Get("Status") != "SUCCESS" || got[0].Get("Version") != MPGVersion || got[0].Get("MerchantID") != testMerchant.MerchantID {
		t.Errorf("notification's outer fields = %v", got[0])
	}
	if strings.Contains(body, "4000221111111111") || strings.Contains(body, "2211-1111") {
		t.Error("the return page shows the card number")
	}
	// a paid order number is refused (MPG03008)
	form, _ := w.n.Checkout(o)
	if _, body := postForm(t, form.Action, form.Fields); !strings.Contains(body, "MPG03008") {
		t.Errorf("paying a paid order again:\n%s", body)
	}
}

// TestNewebPayQueryTrade: the trade query (QueryTradeInfo) of the
// sandbox: a trade it never took is unpaid (TRA10021), one whose form
// reached it unpaid until paid, then paid with its TradeNo and card; a
// declined one failed; a CheckValue of the wrong key is refused.
func TestNewebPayQueryTrade(t *testing.T) {
	w := newMPGWorld(t)
	ctx := context.Background()
	now := time.Now()
	if tr, err := w.n.QueryTrade(ctx, nil, "SF_Q1", 1200, now); err != nil || tr.Paid() || tr.Status != TradeUnpaid || tr.TradeNo != "" {
		t.Fatalf("never taken = %+v, %v", tr, err)
	}
	o := w.order("SF_Q1")
	w.cardForm(t, o)
	if tr, err := w.n.QueryTrade(ctx, nil, "SF_Q1", 1200, now); err != nil || tr.Status != TradeUnpaid {
		t.Fatalf("at the card form = %+v, %v", tr, err)
	}
	_, body := w.pay(t, o, TestCardApproved)
	r := w.returned(t, body)
	tr, err := w.n.QueryTrade(ctx, nil, "SF_Q1", 1200, now)
	if err != nil || !tr.Paid() || tr.TradeNo != r.TradeNo || tr.Amount != 1200 || tr.Card4No != "1111" || tr.PayTime == "" {
		t.Fatalf("paid = %+v, %v (the return said %+v)", tr, err, r)
	}
	if tr, err := w.n.QueryTrade(ctx, nil, "SF_Q1", 1300, now); err != nil || tr.Paid() {
		t.Fatalf("another amount = %+v, %v", tr, err)
	}
	w.pay(t, w.order("SF_Q2"), TestCardDeclined)
	if tr, err := w.n.QueryTrade(ctx, nil, "SF_Q2", 1200, now); err != nil || tr.Status != TradeFailed {
		t.Fatalf("declined = %+v, %v", tr, err)
	}
	other := w.n
	other.HashKey = strings.Repeat("k", 32)
	if _, err := other.QueryTrade(ctx, nil, "SF_Q1", 1200, now); err == nil {
		t.Fatal("a query with the wrong key was answered")
	}
}

func TestNewebPaySandboxDeclines(t *testing.T) {
	w := newMPGWorld(t)
	_, body := w.pay(t, w.order("SF_1002"), "4000 2211 1111 1112")
	r := w.returned(t, body)
	if r.Paid() || r.Status != "MPG03009" || r.RespondCode == "00" || r.Amount != 1200 || r.MerchantOrderNo != "SF_1002" || r.Card4No != "1112" {
		t.Fatalf("declined = %+v", r)
	}
	got := w.received()
	if len(got) != 1 {
		t.Fatalf("%d notifications; want 1", len(got))
	}
	if n, err := w.n.Result(got[0]); err != nil || n.Status != "MPG03009" {
		t.Fatalf("notification = %+v, %v", n, err)
	}
	// a declined order may be paid again
	if _, body := w.pay(t, w.order("SF_1002"), TestCardApproved); !w.returned(t, body).Paid() {
		t.Fatal("retry after a decline not paid")
	}
}

func TestNewebPaySandboxTimesOut(t *testing.T) {
	w := newMPGWorld(t)
	resp, body := w.pay(t, w.order("SF_1003"), TestCardTimeout)
	if resp.StatusCode != http.StatusSeeOther || resp.Header.Get("Location") != w.shop.URL+"/back" {
		t.Fatalf("timeout = %d %q\n%s", resp.StatusCode, resp.Header.Get("Location"), body)
	}
	if got := w.received(); len(got) != 0 {
		t.Fatalf("%d notifications after a timeout", len(got))
	}
	// without ClientBackURL the browser goes back to ReturnURL, with nothing
	o := w.order("SF_1004")
	o.ClientBackURL = ""
	if resp, _ := w.pay(t, o, TestCardTimeout); resp.Header.Get("Location") != w.shop.URL+"/return" {
		t.Fatalf("timeout without ClientBackURL goes to %q", resp.Header.Get("Location"))
	}
}

// TestNewebPaySandboxRepeats: the provider's retries, played by the
// sandbox: the same notification many times at once, and after the
// browser's return.
func TestNewebPaySandboxRepeats(t *testing.T) {
	w := newMPGWorld(t)
	w.sandbox.SetNotify(NotifyPlan{Times: 20, Concurrent: true})
	_, body := w.pay(t, w.order("SF_2001"), TestCardApproved)
	r := w.returned(t, body)
	got := w.received()
	if len(got) != 20 {
		t.Fatalf("%d notifications; want 20", len(got))
	}
	for _, g := range got {
		if n, err := w.n.Result(g); err != nil || n.TradeNo != r.TradeNo {
			t.Fatalf("notification = %+v, %v", n, err)
		}
	}

	// out of order: the return comes first, the notifications after it
	w.sandbox.SetNotify(NotifyPlan{Times: 3, AfterReturn: true})
	_, body = w.pay(t, w.order("SF_2002"), TestCardApproved)
	if n := len(w.received()); n != 20 {
		t.Fatalf("notified before the return: %d", n-20)
	}
	r = w.returned(t, body)
	w.sandbox.Release()
	got = w.received()[20:]
	if len(got) != 3 {
		t.Fatalf("%d notifications after the return; want 3", len(got))
	}
	if n, err := w.n.Result(got[2]); err != nil || n.TradeNo != r.TradeNo || n.MerchantOrderNo != "SF_2002" {
		t.Fatalf("late notification = %+v, %v", n, err)
	}

	// lost
	w.sandbox.SetNotify(NotifyPlan{Off: true})
	_, body = w.pay(t, w.order("SF_2003"), TestCardApproved)
	if !w.returned(t, body).Paid() || len(w.received()) != 23 {
		t.Fatal("a lost notification was sent")
	}
}

// TestNewebPaySandboxRetries: a notification the shop failed to answer
// (a crash, a 500) is sent again, as the provider's retry.
func TestNewebPaySandboxRetries(t *testing.T) {
	var mu sync.Mutex
	var posts []url.Values
	shop := httptest.NewServer(http.HandlerFunc(func(rw http.ResponseWriter, r *http.Request) {
		r.ParseForm()
		mu.Lock()
		posts = append(posts, r.PostForm)
		n := len(posts)
		mu.Unlock()
		if n <= 2 {
			http.Error(rw, "down", http.StatusInternalServerError)
		}
	}))
	defer shop.Close()
	w := newMPGWorld(t)
	w.sandbox.SetNotify(NotifyPlan{Retries: 5, RetryWait: time.Millisecond})
	o := w.order("SF_2101")
	o.NotifyURL = shop.URL + "/notify"
	_, body := w.pay(t, o, TestCardApproved)
	r := w.returned(t, body)
	w.sandbox.Wait()
	mu.Lock()
	defer mu.Unlock()
	if len(posts) != 3 {
		t.Fatalf("%d posts; want 2 failed and 1 answered", len(posts))
	}
	for _, p := range posts {
		if n, err := w.n.Result(p); err != nil || n != r {
			t.Fatalf("retry = %+v, %v", n, err)
		}
	}
}

func TestNewebPaySandboxRefusesGateway(t *testing.T) {
	w := newMPGWorld(t)
	form, err := w.n.Checkout(w.order("SF_3001"))
	if err != nil {
		t.Fatal(err)
	}
	set := func(name, value string) [][2]string {
		f := append([][2]string(nil), form.Fields...)
		for i := range f {
			if f[i][0] == name {
				f[i][1] = value
			}
		}
		return f
	}
	info, sha := values(form.Fields).Get("TradeInfo"), values(form.Fields).Get("TradeSha")
	other := testMerchant
	other.HashKey = "bcdefghijklmnopqrstuvwxyz0123456"
	other.URL = w.gateway.URL
	otherForm, _ := other.Checkout(w.order("SF_3001"))
	stale := w.order("SF_3001")
	stale.Now = time.Now().Add(-10 * time.Minute)
	staleForm, _ := w.n.Checkout(stale)
	for _, c := range []struct {
		name   string
		fields [][2]string
		code   string
	}{
		{name: "no MerchantID", fields: set("MerchantID", ""), code: "MPG01009"},
		{name: "another merchant", fields: set("MerchantID", "MS_OTHER"), code: "MPG02002"},
		{name: "no TradeInfo", fields: set("TradeInfo", ""), code: "MPG01023"},
		{name: "no TradeSha", fields: set("TradeSha", ""), code: "MPG01024"},
		{name: "TradeInfo off by one byte", fields: set("TradeInfo", flip(info)), code: "MPG03009"},
		{name: "TradeSha off by one byte", fields: set("TradeSha", flip(sha)), code: "MPG03009"},
		{name: "lower-case TradeSha", fields: set("TradeSha", strings.ToLower(sha)), code: "MPG03009"},
		{name: "another key", fields: otherForm.Fields, code: "MPG03009"},
		{name: "stale TimeStamp", fields: staleForm.Fields, code: "MPG02004"},
	} {
		resp, body := postForm(t, form.Action, c.fields)
		m := mpgErrCode.FindStringSubmatch(body)
		if resp.StatusCode != http.StatusBadRequest || m == nil || m[1] != c.code {
			t.Errorf("%s: %d %v; want %s", c.name, resp.StatusCode, m, c.code)
		}
	}
	// nothing was paid or notified
	if _, body := w.pay(t, w.order("SF_3001"), TestCardApproved); !w.returned(t, body).Paid() || len(w.received()) != 1 {
		t.Fatal("the refused posts left a trace")
	}
}

func TestNewebPaySandboxCardForm(t *testing.T) {
	w := newMPGWorld(t)
	fields := w.cardForm(t, w.order("SF_4001"))
	future := "12/" + time.Now().AddDate(2, 0, 0).Format("06")
	for _, c := range []struct{ card, exp, cvc, want string }{
		{card: "4000-2211-1111", exp: future, cvc: "123", want: "16 位數字"},
		{card: "4000-2211-1111-111x", exp: future, cvc: "123", want: "16 位數字"},
		{card: TestCardApproved, exp: "13/30", cvc: "123", want: "MM/YY"},
		{card: TestCardApproved, exp: "01/20", cvc: "123", want: "已過有效期限"},
		{card: TestCardApproved, exp: future, cvc: "12", want: "末三碼"},
		{card: "4111111111111111", exp: future, cvc: "123", want: "測試卡號"},
	} {
		resp, body := postForm(t, w.gateway.URL+"/MPG/pay", append(fields[:1:1], [2]string{"CardNo", c.card}, [2]string{"Exp", c.exp}, [2]string{"CVC", c.cvc}))
		if resp.StatusCode != http.StatusBadRequest || !strings.Contains(body, c.want) {
			t.Errorf("%s %s %s: %d, want %q\n%s", c.card, c.exp, c.cvc, resp.StatusCode, c.want, body)
		}
		if strings.Contains(body, `value="`+c.card) {
			t.Errorf("%s: the form shows the card number back", c.card)
		}
	}
	// the form still pays; then its token is spent
	pay := append(fields[:1:1], [2]string{"CardNo", TestCardApproved}, [2]string{"Exp", future}, [2]string{"CVC", "123"})
	if _, body := postForm(t, w.gateway.URL+"/MPG/pay", pay); !w.returned(t, body).Paid() {
		t.Fatal("not paid")
	}
	if _, body := postForm(t, w.gateway.URL+"/MPG/pay", pay); !strings.Contains(body, "MPG03003") {
		t.Fatalf("the same form twice:\n%s", body)
	}
	if len(w.received()) != 1 {
		t.Fatal("notified twice")
	}
}

// flip changes one character of a hex string (one byte's nibble).
func flip(s string) string {
	b := []byte(s)
	i := len(b) / 2
	if b[i] == '0' {
		b[i] = '1'
	} else {
		b[i] = '0'
	}
	return string(b)
}

func TestNewebPayResultRefuses(t *testing.T) {
	w := newMPGWorld(t)
	_, body := w.pay(t, w.order("SF_5001"), TestCardApproved)
	_, fields := page(body)
	good := values(fields)
	if _, err := w.n.Result(good); err != nil {
		t.Fatal(err)
	}
	with := func(name, value string) url.Values {
		v := url.Values{}
		for k, vs := range good {
			v[k] = append([]string(nil), vs...)
		}
		v.Set(name, value)
		return v
	}
	other := w.n
	other.MerchantID = "MS_OTHER"
	for _, c := range []struct {
		name string
		n    NewebPay
		form url.Values
	}{
		{name: "TradeInfo off by one byte", n: w.n, form: with("TradeInfo", flip(good.Get("TradeInfo")))},
		{name: "TradeSha off by one byte", n: w.n, form: with("TradeSha", flip(good.Get("TradeSha")))},
		{name: "no TradeSha", n: w.n, form: with("TradeSha", "")},
		{name: "no TradeInfo", n: w.n, form: with("TradeInfo", "")},
		{name: "another merchant's post", n: w.n, form: with("MerchantID", "MS_OTHER")},
		{name: "another merchant's keys", n: other, form: good},
		{name: "nothing", n: w.n, form: url.Values{}},
	} {
		if _, err := c.n.Result(c.form); !errors.Is(err, ErrBadSignature) {
			t.Errorf("%s: %v; want ErrBadSignature", c.name, err)
		}
	}
	if _, err := (NewebPay{}).Result(good); !errors.Is(err, ErrNotConfigured) {
		t.Errorf("unconfigured: %v", err)
	}
}

// TestNewebPayMalformedTradeInfo: a TradeInfo whose TradeSha verifies but
// that does not decrypt or read is an error, never a panic.
func TestNewebPayMalformedTradeInfo(t *testing.T) {
	n := testMerchant
	n.URL = "https://ccore.newebpay.com"
	raw := func(plain []byte) string { return encryptNoPad(n, plain) } // the case's own padding
	block16 := strings.Repeat("a", 16)
	for _, c := range []struct{ name, info string }{
		{name: "not hex", info: "zz" + strings.Repeat("00", 31)},
		{name: "odd length", info: strings.Repeat("0", 63)},
		{name: "15 bytes", info: strings.Repeat("00", 15)},
		{name: "17 bytes", info: strings.Repeat("00", 17)},
		{name: "empty", info: ""},
		{name: "padding 0", info: raw([]byte(block16[:15] + "\x00"))},
		{name: "padding 33", info: raw([]byte(strings.Repeat("a", 31) + "\x21"))},
		{name: "padding uneven", info: raw([]byte(block16[:13] + "\x01\x02\x03"))},
		{name: "padding longer than the text", info: raw([]byte(block16[:15] + "\x20"))},
		{name: "not JSON", info: encryptPadded(n, "Status=SUCCESS")},
		{name: "JSON without Status", info: encryptPadded(n, `{"Result":{}}`)},
		{name: "Result of the wrong type", info: encryptPadded(n, `{"Status":"SUCCESS","Result":{"Amt":{}}}`)},
		{name: "Amt not a number", info: encryptPadded(n, `{"Status":"SUCCESS","Result":{"Amt":"12a"}}`)},
		{name: "another merchant inside", info: encryptPadded(n, `{"Status":"SUCCESS","Result":{"MerchantID":"MS_OTHER","Amt":1}}`)},
	} {
		form := url.Values{"MerchantID": {n.MerchantID}, "TradeInfo": {c.info}, "TradeSha": {n.tradeSha(c.info)}}
		func() {
			defer func() {
				if p := recover(); p != nil {
					t.Errorf("%s: panic %v", c.name, p)
				}
			}()
			if r, err := n.Result(form); !errors.Is(err, ErrBadSignature) {
				t.Errorf("%s: %+v, %v; want an error", c.name, r, err)
			}
		}()
	}
	// a bad HashKey or HashIV length is an error naming neither value
	bad := n
	bad.HashIV = "short-secret-iv"
	_, err := bad.Checkout(MPGOrder{MerchantOrderNo: "A1", Amount: 1, Now: time.Now()})
	if err == nil || strings.Contains(err.Error(), bad.HashIV) {
		t.Errorf("short HashIV: %v", err)
	}
}

// encryptPadded is TradeInfo of plain, padded as the gateway does.
func encryptPadded(n NewebPay, plain string) string {
	info, _ := n.encrypt(plain)
	return info
}

func TestNewebPayCheckout(t *testing.T) {
	n := testMerchant
	n.URL = "https://ccore.newebpay.com/"
	now := time.Unix(1700000000, 0)
	o := MPGOrder{MerchantOrderNo: "SF_9", Amount: 990, ItemDesc: strings.Repeat("課", 60), Email: "a@example.com",
		NotifyURL: "https://shop.example.com/n", ReturnURL: "https://shop.example.com/r", Now: now}
	form, err := n.Checkout(o)
	if err != nil {
		t.Fatal(err)
	}
	if form.Action != "https://ccore.newebpay.com/MPG/mpg_gateway" {
		t.Errorf("Action = %q", form.Action)
	}
	v := values(form.Fields)
	if len(form.Fields) != 4 || v.Get("MerchantID") != n.MerchantID || v.Get("Version") != "2.0" || v.Get("TradeSha") != n.tradeSha(v.Get("TradeInfo")) {
		t.Fatalf("fields = %v", form.Fields)
	}
	plain, err := n.decrypt(v.Get("TradeInfo"))
	if err != nil {
		t.Fatal(err)
	}
	q, _ := url.ParseQuery(string(plain))
	for k, want := range map[string]string{"MerchantID": n.MerchantID, "RespondType": "JSON", "TimeStamp": "1700000000", "Version": "2.0",
		"MerchantOrderNo": "SF_9", "Amt": "990", "ItemDesc": strings.Repeat("課", 50), "Email": "a@example.com",
		"NotifyURL": o.NotifyURL, "ReturnURL": o.ReturnURL, "ClientBackURL": "", "CREDIT": "1"} {
		if q.Get(k) != want {
			t.Errorf("TradeInfo %s = %q; want %q", k, q.Get(k), want)
		}
	}
	for _, c := range []struct {
		name string
		edit func(*MPGOrder)
	}{
		{name: "order number too long", edit: func(o *MPGOrder) { o.MerchantOrderNo = strings.Repeat("A", 31) }},
		{name: "order number with a dash", edit: func(o *MPGOrder) { o.MerchantOrderNo = "SF-9" }},
		{name: "no order number", edit: func(o *MPGOrder) { o.MerchantOrderNo = "" }},
		{name: "amount 0", edit: func(o *MPGOrder) { o.Amount = 0 }},
		{name: "relative NotifyURL", edit: func(o *MPGOrder) { o.NotifyURL = "/api/payment/notify" }},
	} {
		bad := o
		c.edit(&bad)
		if _, err := n.Checkout(bad); !errors.Is(err, ErrBadOrder) {
			t.Errorf("%s: %v", c.name, err)
		}
	}
	if _, err := (NewebPay{MerchantID: "x"}).Checkout(o); !errors.Is(err, ErrNotConfigured) {
		t.Errorf("unconfigured: %v", err)
	}
}

// encryptNoPad encrypts plain (a whole number of blocks) with n's key, as
// TradeInfo, adding no padding.
func encryptNoPad(n NewebPay, plain []byte) string {
	block, _ := n.cipher()
	buf := append([]byte(nil), plain...)
	cipher.NewCBCEncrypter(block, []byte(n.HashIV)).CryptBlocks(buf, buf)
	return hex.EncodeToString(buf)
}

// FuzzNewebPayResult: whatever TradeInfo a post carries, with a TradeSha
// that verifies, Result answers or errs, never panics.
func FuzzNewebPayResult(f *testing.F) {
	n := testMerchant
	n.URL = "https://ccore.newebpay.com"
	f.Add(sampleInfo)
	f.Add(encryptPadded(n, `{"Status":"SUCCESS","Result":{"MerchantID":"MS_TEST_1","Amt":1}}`))
	f.Add("")
	f.Fuzz(func(t *testing.T, info string) {
		n.Result(url.Values{"MerchantID": {n.MerchantID}, "TradeInfo": {info}, "TradeSha": {n.tradeSha(info)}})
	})
}
