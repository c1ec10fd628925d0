package config_test

import (
	"strings"
	"testing"

	"storefront/host/config"
)

// TestConfigEzPay: the four EZPAY_ variables go together; none set is the
// local sandbox in dev and no e-invoice merchant outside it; the secrets
// never show in an error.
func TestConfigEzPay(t *testing.T) {
	env := func(m map[string]string) func(string) string { return func(k string) string { return m[k] } }
	c, err := config.Load(env(map[string]string{"STOREFRONT_PUBLIC_URL": "http://localhost:9999"}))
	if err != nil || c.EzPay.MerchantID != config.SandboxEzPay.MerchantID || c.EzPay.URL != "http://localhost:9999/dev/ezpay" || !c.Sandboxes().EzPay {
		t.Fatalf("dev: %v, %v", c.EzPay, err)
	}
	prod := map[string]string{"STOREFRONT_ENV": "production", "STOREFRONT_PUBLIC_URL": "https://shop.example.com", "STOREFRONT_MEMBER_KEY": "BAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQ="}
	if c, err = config.Load(env(prod)); err != nil || c.EzPay.Configured() {
		t.Fatalf("production without ezPay: %v, %v", c.EzPay, err)
	}
	prod["EZPAY_MERCHANT_ID"], prod["EZPAY_HASH_KEY"] = "EZ1", "secret-key-that-is-not-32-chars"
	if _, err = config.Load(env(prod)); err == nil || !strings.Contains(err.Error(), "EZPAY_HASH_IV, EZPAY_URL missing") ||
		strings.Contains(err.Error(), "secret-key") {
		t.Fatalf("partly set: %v", err)
	}
	prod["EZPAY_HASH_IV"], prod["EZPAY_URL"] = "iv-that-is-16-ch", "https://cinv.ezpay.com.tw/"
	if _, err = config.Load(env(prod)); err == nil || !strings.Contains(err.Error(), "EZPAY_HASH_KEY and EZPAY_HASH_IV") || strings.Contains(err.Error(), "secret-key") {
		t.Fatalf("a short key: %v", err)
	}
	prod["EZPAY_HASH_KEY"] = "k0123456789abcdefghijklmnopqrstu"
	if c, err = config.Load(env(prod)); err != nil || !c.EzPay.Configured() || c.EzPay.URL != "https://cinv.ezpay.com.tw" || c.Sandboxes().EzPay {
		t.Fatalf("set: %v, %v", c.EzPay, err)
	}
	if s := c.EzPay.String(); strings.Contains(s, "k0123456789") || strings.Contains(s, "iv-that") {
		t.Fatalf("the secrets show: %s", s)
	}
}
