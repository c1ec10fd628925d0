package config_test

import (
	"fmt"
	"log/slog"
	"strings"
	"testing"

	"storefront/host/config"
)

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
	prod := map[string]string{"STOREFRONT_ENV": "production", "STOREFRONT_PUBLIC_URL": "https://shop.example.com", "STOREFRONT_MEMBER_KEY": "BAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQ="}

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
		{name: "NewebPay partly set", env: merge(prod, map[string]string{"NEWEBPAY_MERCHANT_ID": "MS123", "NEWEBPAY_HASH_KEY": newebpay["NEWEBPAY_HASH_KEY"]}),
			want: []string{"NEWEBPAY_HASH_IV", "NEWEBPAY_URL"}},
		{name: "LINE Pay partly set", env: merge(prod, map[string]string{"LINEPAY_CHANNEL_SECRET": "line-secret-value"}),
			want: []string{"LINEPAY_CHANNEL_ID", "LINEPAY_URL"}},
		{name: "partly set in dev too", env: map[string]string{"LINEPAY_CHANNEL_ID": "1655"}, want: []string{"LINEPAY_CHANNEL_SECRET", "LINEPAY_URL"}},
		{name: "short HashKey", env: merge(prod, newebpay, map[string]string{"NEWEBPAY_HASH_KEY": "short-key"}), want: []string{"NEWEBPAY_HASH_KEY"}},
		{name: "http outside dev", env: merge(prod, linepay, map[string]string{"LINEPAY_URL": "http://api-pay.line.me"}), want: []string{"LINEPAY_URL"}},
		{name: "not a URL", env: merge(prod, newebpay, map[string]string{"NEWEBPAY_URL": "core.newebpay.com"}), want: []string{"NEWEBPAY_URL"}},
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

// TestConfigPlatformCollects: the platform's accounts serve brands
// without their own only in dev, with the demo, or by the explicit
// setting; the credentials key is 32 bytes in base64, random in dev when
// unset, absent elsewhere.
func TestConfigPlatformCollects(t *testing.T) {
	prod := map[string]string{"STOREFRONT_ENV": "production", "STOREFRONT_PUBLIC_URL": "https://shop.example.com", "STOREFRONT_MEMBER_KEY": "BAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQ="}
	with := func(k, v string) func(string) string {
		return func(name string) string {
			if name == k {
				return v
			}
			return prod[name]
		}
	}
	for name, c := range map[string]struct {
		getenv  func(string) string
		collect bool
		key     int
	}{
		"dev":                      {func(string) string { return "" }, true, 32},
		"production":               {with("", ""), false, 0},
		"production, setting on":   {with("STOREFRONT_PLATFORM_COLLECTS", "1"), true, 0},
		"production, setting off":  {with("STOREFRONT_PLATFORM_COLLECTS", "0"), false, 0},
		"production with the demo": {with("STOREFRONT_DEMO", "1"), true, 0},
		"production with the key":  {with("STOREFRONT_CREDENTIALS_KEY", "AwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwM="), false, 32},
	} {
		cfg, err := config.Load(c.getenv)
		if err != nil || cfg.PlatformCollects != c.collect || len(cfg.CredentialsKey) != c.key {
			t.Errorf("%s: collects %v, key of %d bytes, %v; want %v, %d", name, cfg.PlatformCollects, len(cfg.CredentialsKey), err, c.collect, c.key)
		}
	}
	for name, getenv := range map[string]func(string) string{
		"a setting of yes":  with("STOREFRONT_PLATFORM_COLLECTS", "yes"),
		"a key of 16 bytes": with("STOREFRONT_CREDENTIALS_KEY", "AwMDAwMDAwMDAwMDAwMDAw=="),
	} {
		if _, err := config.Load(getenv); err == nil {
			t.Errorf("%s: taken", name)
		}
	}
}

// TestConfigMemberKey: the key of the deleted phones' hashes is required
// outside dev (32 bytes in base64) and fixed in dev, so the hashes kept
// match after a restart.
func TestConfigMemberKey(t *testing.T) {
	dev1, err1 := config.Load(func(string) string { return "" })
	dev2, err2 := config.Load(func(string) string { return "" })
	if err1 != nil || err2 != nil || len(dev1.MemberKey) != 32 || string(dev1.MemberKey) != string(dev2.MemberKey) {
		t.Errorf("dev: %x %x (%v %v); want the same 32 bytes", dev1.MemberKey, dev2.MemberKey, err1, err2)
	}
	prod := map[string]string{"STOREFRONT_ENV": "production", "STOREFRONT_PUBLIC_URL": "https://shop.example.com"}
	if _, err := config.Load(func(k string) string { return prod[k] }); err == nil || !strings.Contains(err.Error(), "STOREFRONT_MEMBER_KEY") {
		t.Errorf("production without the member key: %v", err)
	}
	prod["STOREFRONT_MEMBER_KEY"] = "BAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQ="
	c, err := config.Load(func(k string) string { return prod[k] })
	if err != nil || len(c.MemberKey) != 32 || c.MemberKey[0] != 4 {
		t.Errorf("production with the member key: %x %v", c.MemberKey, err)
	}
}
