package host

import (
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"storefront/host/config"
	"storefront/providers"
)

// TestConfigPaymentSandboxesMounted: in dev the sandboxes answer at
// /dev/newebpay/ and /dev/linepay/ (here LINE Pay's refusal of an unsigned
// call, and NewebPay's of a post without TradeInfo); outside dev nothing
// does.
func TestConfigPaymentSandboxesMounted(t *testing.T) {
	ts := newTestServer(t)
	w := ts.post(t, "/dev/linepay/v3/payments/request", `{}`)
	if w.Code != 200 || !strings.Contains(w.Body.String(), `"returnCode":"1106"`) {
		t.Fatalf("LINE Pay sandbox = %d %s", w.Code, w.Body.String())
	}
	req := httptest.NewRequest(http.MethodPost, "/dev/newebpay/MPG/mpg_gateway", strings.NewReader("MerchantID="+config.SandboxNewebPay.MerchantID))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	w = httptest.NewRecorder()
	ts.ServeHTTP(w, req)
	if w.Code != 400 || !strings.Contains(w.Body.String(), "MPG01023") {
		t.Fatalf("NewebPay sandbox = %d %s", w.Code, w.Body.String())
	}
	// a checkout form of the configured merchant, on the server's clock,
	// gets the card form, under the sandbox's own policy
	form, err := ts.cfg.NewebPay.Checkout(providers.MPGOrder{MerchantOrderNo: "SF_1", Amount: 100, ItemDesc: "課程",
		NotifyURL: "http://example.com/n", ReturnURL: "http://example.com/r", Now: ts.now()})
	if err != nil || form.Action != "http://example.com/dev/newebpay/MPG/mpg_gateway" {
		t.Fatalf("Checkout = %+v, %v", form, err)
	}
	v := url.Values{}
	for _, f := range form.Fields {
		v.Set(f[0], f[1])
	}
	req = httptest.NewRequest(http.MethodPost, "/dev/newebpay/MPG/mpg_gateway", strings.NewReader(v.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	// the shop's page posts it from another origin (127.0.0.1 against a
	// localhost public origin; a real gateway is another site): not refused
	req.Header.Set("Sec-Fetch-Site", "cross-site")
	w = httptest.NewRecorder()
	ts.ServeHTTP(w, req)
	if w.Code != 200 || !strings.Contains(w.Body.String(), "信用卡卡號") || !strings.HasPrefix(w.Header().Get("Content-Security-Policy"), "default-src 'none'") {
		t.Fatalf("card form = %d %q\n%s", w.Code, w.Header().Get("Content-Security-Policy"), w.Body.String())
	}
	if ts.cfg.NewebPay.URL != "http://example.com/dev/newebpay" || ts.cfg.LinePay.URL != "http://example.com/dev/linepay" {
		t.Fatalf("sandbox URLs = %s, %s", ts.cfg.NewebPay.URL, ts.cfg.LinePay.URL)
	}
	prod := newTestServer(t, func(d *Deps) {
		d.Config.Env, d.Config.PaymentSandboxes = "production", false
		d.Config.NewebPay, d.Config.LinePay = providers.NewebPay{}, providers.LinePay{}
	})
	if w := prod.post(t, "/dev/linepay/v3/payments/request", `{}`); strings.Contains(w.Body.String(), "returnCode") {
		t.Fatalf("a LINE Pay sandbox outside dev: %d %s", w.Code, w.Body.String())
	}
}
