package host

import (
	"fmt"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"reflect"
	"strings"
	"testing"
	"time"

	"storefront/host/config"
	"storefront/providers"
)

func TestLoadConfig(t *testing.T) {
	env := func(m map[string]string) func(string) string { return func(k string) string { return m[k] } }
	c, err := config.Load(env(nil))
	if err != nil {
		t.Fatal(err)
	}
	if c.Port != "8080" || c.Env != "dev" || !c.Demo || c.DatabaseURL != "" || c.RedisURL != "" || c.RenderTimeout != 2*time.Second || !c.PageCache {
		t.Fatalf("defaults = %+v", c)
	}
	c, err = config.Load(env(map[string]string{"STOREFRONT_ENV": "production", "STOREFRONT_DEMO": "0", "PORT": "9000", "STOREFRONT_PUBLIC_URL": "https://shop.example.com"}))
	if err != nil || c.Env != "production" || c.Demo || c.Port != "9000" {
		t.Fatalf("set = %+v, %v", c, err)
	}
	// the demo brands load by default in dev only; STOREFRONT_DEMO=1 asks for them anywhere
	for _, c := range []struct {
		env, demo string
		want      bool
	}{{"dev", "", true}, {"staging", "", false}, {"production", "", false}, {"staging", "1", true}, {"dev", "0", false}} {
		got, err := config.Load(env(map[string]string{"STOREFRONT_ENV": c.env, "STOREFRONT_DEMO": c.demo, "STOREFRONT_PUBLIC_URL": "https://shop.example.com"}))
		if err != nil || got.Demo != c.want {
			t.Errorf("STOREFRONT_ENV=%s STOREFRONT_DEMO=%q: Demo = %v, %v; want %v", c.env, c.demo, got.Demo, err, c.want)
		}
	}
	_, err = config.Load(env(map[string]string{"STOREFRONT_ENV": "prod", "PORT": "x", "STOREFRONT_RENDER_TIMEOUT": "soon"}))
	for _, name := range []string{"STOREFRONT_ENV", "PORT", "STOREFRONT_RENDER_TIMEOUT"} {
		if err == nil || !strings.Contains(err.Error(), name) {
			t.Errorf("bad %s not reported: %v", name, err)
		}
	}
}

func TestEnvOfHost(t *testing.T) {
	for host, want := range map[string]string{
		"staging.shop.example.com": "staging",
		"shop-preprod.example.com": "preprod",
		"dev.example.com":          "dev",
		"shop.example.com":         "production",
		"localhost":                "production",
		"developer.example.com":    "production",
	} {
		if got := config.EnvOfHost(host, "production"); got != want {
			t.Errorf("config.EnvOfHost(%q) = %q; want %q", host, got, want)
		}
	}
}

// TestEnvHostsConfig: STOREFRONT_ENV_HOSTS lists host names, each choosing
// the environment its name selects; a name that selects none is refused.
func TestEnvHostsConfig(t *testing.T) {
	hosts := func(list string) func(string) string {
		return func(k string) string { return map[string]string{"STOREFRONT_ENV_HOSTS": list}[k] }
	}
	c, err := config.Load(hosts(" Staging.Shop.Example.com., shop-preprod.example.com"))
	if err != nil {
		t.Fatal(err)
	}
	if want := map[string]string{"staging.shop.example.com": "staging", "shop-preprod.example.com": "preprod"}; !reflect.DeepEqual(c.EnvHosts, want) {
		t.Errorf("EnvHosts = %v; want %v", c.EnvHosts, want)
	}
	for _, bad := range []string{"shop.example.com", "staging.example.com:8443"} {
		if _, err := config.Load(hosts(bad)); err == nil || !strings.Contains(err.Error(), "STOREFRONT_ENV_HOSTS") {
			t.Errorf("STOREFRONT_ENV_HOSTS=%s: %v; want refused", bad, err)
		}
	}
}

// TestReadmeListsVariables: every environment variable is documented in
// the README's table with its default.
func TestReadmeListsVariables(t *testing.T) {
	b, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, v := range config.Variables {
		def := "(empty)"
		if v.Default != "" {
			def = "`" + v.Default + "`"
		}
		if !strings.Contains(string(b), "| `"+v.Name+"` | "+def+" |") {
			t.Errorf("README lacks the row of %s (default %s)", v.Name, def)
		}
	}
}

func TestSMTPConfig(t *testing.T) {
	env := func(m map[string]string) func(string) string { return func(k string) string { return m[k] } }
	c, err := config.Load(env(map[string]string{"SMTP_HOST": "smtp.example.com", "SMTP_PORT": "465", "SMTP_TLS": "tls", "SMTP_USER": "u", "SMTP_PASSWORD": "p", "SMTP_FROM": "shop@example.com"}))
	if err != nil || c.SMTP.Host != "smtp.example.com" || c.SMTP.Port != 465 || c.SMTP.TLS != "tls" || c.SMTP.From != "shop@example.com" {
		t.Fatalf("SMTP config = %+v, %v", c.SMTP, err)
	}
	_, err = config.Load(env(map[string]string{"SMTP_PORT": "x", "SMTP_TLS": "ssl"}))
	for _, name := range []string{"SMTP_PORT", "SMTP_TLS"} {
		if err == nil || !strings.Contains(err.Error(), name) {
			t.Errorf("bad %s not reported: %v", name, err)
		}
	}
}

// TestConfigPayments: each provider's variables go together; none set is
// no provider outside dev and the provider's local sandbox in dev.
func TestConfigPayments(t *testing.T) {
	env := func(m map[string]string) func(string) string { return func(k string) string { return m[k] } }
	newebpay := map[string]string{"NEWEBPAY_MERCHANT_ID": "MS123", "NEWEBPAY_HASH_KEY": "k0123456789abcdefghijklmnopqrstu",
		"NEWEBPAY_HASH_IV": "iv0123456789abcd", "NEWEBPAY_URL": "https://ccore.newebpay.com/"}
	linepay := map[string]string{"LINEPAY_CHANNEL_ID": "1655", "LINEPAY_CHANNEL_SECRET": "line-secret-value", "LINEPAY_URL": "https://sandbox-api-pay.line.me"}
	merge := func(ms ...map[string]string) map[string]string {
		out := map[string]string{}
		for _, m := range ms {
			for k, v := range m {
				out[k] = v
			}
		}
		return out
	}
	prod := map[string]string{"STOREFRONT_ENV": "production", "STOREFRONT_PUBLIC_URL": "https://shop.example.com"}

	// dev, nothing set: both sandboxes, on the public origin
	c, err := config.Load(env(map[string]string{"STOREFRONT_PUBLIC_URL": "http://localhost:9999"}))
	if err != nil {
		t.Fatal(err)
	}
	if !c.PaymentSandboxes || !c.NewebPay.Configured() || !c.LinePay.Configured() ||
		c.NewebPay.MerchantID != config.SandboxNewebPay.MerchantID || c.NewebPay.URL != "http://localhost:9999/dev/newebpay" ||
		c.LinePay.ChannelID != config.SandboxLinePay.ChannelID || c.LinePay.URL != "http://localhost:9999/dev/linepay" {
		t.Fatalf("dev defaults: %v %v %v", c.NewebPay, c.LinePay, c.PaymentSandboxes)
	}
	if sb := c.Sandboxes(); !sb.NewebPay || !sb.LinePay {
		t.Fatalf("sandboxes = %+v", sb)
	}
	// the sandboxes follow the origin settled later (Run's free port)
	c.PublicURL = "http://localhost:41234"
	c.Sandboxes()
	if c.NewebPay.URL != "http://localhost:41234/dev/newebpay" || c.LinePay.URL != "http://localhost:41234/dev/linepay" {
		t.Fatalf("after the origin moved: %s %s", c.NewebPay.URL, c.LinePay.URL)
	}

	// outside dev, nothing set: not configured, no sandbox
	c, err = config.Load(env(prod))
	if err != nil || c.PaymentSandboxes || c.NewebPay.Configured() || c.LinePay.Configured() {
		t.Fatalf("production without providers: %v %v %v, %v", c.NewebPay, c.LinePay, c.PaymentSandboxes, err)
	}

	// set: the real endpoints
	c, err = config.Load(env(merge(prod, newebpay, linepay)))
	if err != nil {
		t.Fatal(err)
	}
	if c.PaymentSandboxes || c.NewebPay.MerchantID != "MS123" || c.NewebPay.HashKey != newebpay["NEWEBPAY_HASH_KEY"] ||
		c.NewebPay.HashIV != newebpay["NEWEBPAY_HASH_IV"] || c.NewebPay.URL != "https://ccore.newebpay.com" ||
		c.LinePay.ChannelID != "1655" || c.LinePay.ChannelSecret != "line-secret-value" || c.LinePay.URL != "https://sandbox-api-pay.line.me" {
		t.Fatalf("set: %#v %#v", c.NewebPay, c.LinePay)
	}
	// the secrets never show when the configuration is printed or logged
	var logs strings.Builder
	slog.New(slog.NewJSONHandler(&logs, nil)).Info("config", "newebpay", c.NewebPay, "linepay", c.LinePay)
	shown := fmt.Sprintf("%v %+v %#v", c, c, c) + logs.String()
	for _, secret := range []string{newebpay["NEWEBPAY_HASH_KEY"], newebpay["NEWEBPAY_HASH_IV"], linepay["LINEPAY_CHANNEL_SECRET"]} {
		if strings.Contains(shown, secret) {
			t.Fatalf("secret %q shown:\n%s", secret, shown)
		}
	}

	// dev with one provider set: that one real, the other its sandbox
	c, err = config.Load(env(newebpay))
	if err != nil || c.NewebPay.MerchantID != "MS123" || c.LinePay.ChannelID != config.SandboxLinePay.ChannelID || !c.PaymentSandboxes {
		t.Fatalf("dev with NewebPay set: %v %v, %v", c.NewebPay, c.LinePay, err)
	}
	if sb := c.Sandboxes(); sb.NewebPay || !sb.LinePay {
		t.Fatalf("sandboxes = %+v; want the LINE Pay one only", sb)
	}

	// faults: each named, no secret quoted
	for _, f := range []struct {
		name string
		env  map[string]string
		want []string
	}{
		{"NewebPay partly set", merge(prod, map[string]string{"NEWEBPAY_MERCHANT_ID": "MS123", "NEWEBPAY_HASH_KEY": newebpay["NEWEBPAY_HASH_KEY"]}),
			[]string{"NEWEBPAY_HASH_IV", "NEWEBPAY_URL"}},
		{"LINE Pay partly set", merge(prod, map[string]string{"LINEPAY_CHANNEL_SECRET": "line-secret-value"}),
			[]string{"LINEPAY_CHANNEL_ID", "LINEPAY_URL"}},
		{"partly set in dev too", map[string]string{"LINEPAY_CHANNEL_ID": "1655"}, []string{"LINEPAY_CHANNEL_SECRET", "LINEPAY_URL"}},
		{"short HashKey", merge(prod, newebpay, map[string]string{"NEWEBPAY_HASH_KEY": "short-key"}), []string{"NEWEBPAY_HASH_KEY"}},
		{"http outside dev", merge(prod, linepay, map[string]string{"LINEPAY_URL": "http://api-pay.line.me"}), []string{"LINEPAY_URL"}},
		{"not a URL", merge(prod, newebpay, map[string]string{"NEWEBPAY_URL": "core.newebpay.com"}), []string{"NEWEBPAY_URL"}},
	} {
		_, err := config.Load(env(f.env))
		if err == nil {
			t.Errorf("%s: no error", f.name)
			continue
		}
		for _, name := range f.want {
			if !strings.Contains(err.Error(), name) {
				t.Errorf("%s: %v does not name %s", f.name, err, name)
			}
		}
		for _, secret := range []string{newebpay["NEWEBPAY_HASH_KEY"], "short-key", "line-secret-value"} {
			if strings.Contains(err.Error(), secret) {
				t.Errorf("%s: %v quotes a secret", f.name, err)
			}
		}
	}
}

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
