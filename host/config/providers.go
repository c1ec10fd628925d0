package config

import (
	"crypto/rand"
	"encoding/base64"
	"fmt"
	"net/url"
	"strings"

	"storefront/providers"
)

// The payment providers' part of the configuration: each provider's
// variables go together; unset in dev, a provider is its local sandbox.

// The payment sandboxes' fixed test credentials: public test values of the
// local sandboxes (dev only), not secrets.
var (
	SandboxNewebPay  = providers.NewebPay{MerchantID: "MS_SANDBOX", HashKey: "sandbox-hashkey-0123456789abcdef", HashIV: "sandbox-iv-01234"}
	SandboxLinePay   = providers.LinePay{ChannelID: "1600000000", ChannelSecret: "sandbox-channel-secret-not-secret"}
	SandboxACH       = providers.ACH{MerchantID: "ACH_SANDBOX", Secret: "ach-sandbox-secret-not-secret"}
	SandboxChailease = providers.Chailease{MerchantID: "CL_SANDBOX", Secret: "chailease-sandbox-secret-not-secret"}
	SandboxEzPay     = providers.EzPayConfig{MerchantID: "EZ_SANDBOX", HashKey: "ezpay-sandbox-hashkey-0123456789", HashIV: "ezpay-sandbox-iv"}
)

// SandboxUse is which payment providers are their local sandbox.
type SandboxUse struct{ NewebPay, LinePay, ACH, Chailease, EzPay bool }

// Sandboxes reports which providers of c are their local sandbox (their
// sandbox's test credentials), and points those at the sandboxes on c's
// public origin (Run may settle dev's port, and so the origin, after
// Load).
func (c *Config) Sandboxes() (u SandboxUse) {
	if !c.PaymentSandboxes {
		return u
	}
	n, l, a, h, e := c.NewebPay, c.LinePay, c.ACH, c.Chailease, c.EzPay
	n.URL, l.URL, a.URL, h.URL, e.URL = "", "", "", "", ""
	u = SandboxUse{n == SandboxNewebPay, l == SandboxLinePay, a == SandboxACH, h == SandboxChailease, e == SandboxEzPay}
	for _, p := range []struct {
		on   bool
		url  *string
		path string
	}{{u.NewebPay, &c.NewebPay.URL, "/dev/newebpay"}, {u.LinePay, &c.LinePay.URL, "/dev/linepay"},
		{u.ACH, &c.ACH.URL, "/dev/ach"}, {u.Chailease, &c.Chailease.URL, "/dev/chailease"}, {u.EzPay, &c.EzPay.URL, "/dev/ezpay"}} {
		if p.on {
			*p.url = c.PublicURL + p.path
		}
	}
	return u
}

// loadProviders reads the payment providers' variables: each provider's
// go together (some set, some not: an error naming the missing ones), the
// last its gateway's base URL; all set is the provider, none set is no
// provider, or its sandbox in dev. Errors never quote a secret.
func (c *Config) loadProviders(get func(string) string) (errs []string) {
	provider := func(example string, names []string, use func(v []string), sandbox func()) {
		var vals, missing []string
		for _, n := range names {
			v := get(n)
			vals = append(vals, v)
			if v == "" {
				missing = append(missing, n)
			}
		}
		switch {
		case len(missing) == 0:
			use(vals)
			name, raw := names[len(names)-1], vals[len(vals)-1]
			u, err := url.Parse(raw)
			if err != nil || (u.Scheme != "https" && !(u.Scheme == "http" && c.Env == "dev")) || u.Host == "" || u.User != nil || u.RawQuery != "" {
				errs = append(errs, fmt.Sprintf("%s=%q: want an https URL such as %s (http only in dev)", name, raw, example))
			}
		case len(missing) < len(names):
			errs = append(errs, "payment provider partly configured: "+strings.Join(missing, ", ")+" missing")
		case c.Env == "dev":
			sandbox()
			c.PaymentSandboxes = true
		}
	}
	provider("https://core.newebpay.com", []string{"NEWEBPAY_MERCHANT_ID", "NEWEBPAY_HASH_KEY", "NEWEBPAY_HASH_IV", "NEWEBPAY_URL"}, func(v []string) {
		c.NewebPay = providers.NewebPay{MerchantID: v[0], HashKey: v[1], HashIV: v[2], URL: strings.TrimSuffix(v[3], "/")}
		if len(v[1]) != 32 || len(v[2]) != 16 {
			errs = append(errs, "NEWEBPAY_HASH_KEY and NEWEBPAY_HASH_IV: want 32 and 16 characters") // secrets: never printed
		}
	}, func() { c.NewebPay = SandboxNewebPay })
	provider("https://api-pay.line.me", []string{"LINEPAY_CHANNEL_ID", "LINEPAY_CHANNEL_SECRET", "LINEPAY_URL"}, func(v []string) {
		c.LinePay = providers.LinePay{ChannelID: v[0], ChannelSecret: v[1], URL: strings.TrimSuffix(v[2], "/")}
	}, func() { c.LinePay = SandboxLinePay })
	provider("https://ach.bank.example.com", []string{"ACH_MERCHANT_ID", "ACH_SECRET", "ACH_URL"}, func(v []string) {
		c.ACH = providers.ACH{MerchantID: v[0], Secret: v[1], URL: strings.TrimSuffix(v[2], "/")}
		if len(v[1]) < 32 {
			errs = append(errs, "ACH_SECRET: want at least 32 characters")
		}
	}, func() { c.ACH = SandboxACH })
	provider("https://pay.chailease.example.com", []string{"CHAILEASE_MERCHANT_ID", "CHAILEASE_SECRET", "CHAILEASE_URL"}, func(v []string) {
		c.Chailease = providers.Chailease{MerchantID: v[0], Secret: v[1], URL: strings.TrimSuffix(v[2], "/")}
		if len(v[1]) < 32 {
			errs = append(errs, "CHAILEASE_SECRET: want at least 32 characters")
		}
	}, func() { c.Chailease = SandboxChailease })
	provider("https://inv.ezpay.com.tw", []string{"EZPAY_MERCHANT_ID", "EZPAY_HASH_KEY", "EZPAY_HASH_IV", "EZPAY_URL"}, func(v []string) {
		c.EzPay = providers.EzPayConfig{MerchantID: v[0], HashKey: v[1], HashIV: v[2], URL: strings.TrimSuffix(v[3], "/")}
		if len(v[1]) != 32 || len(v[2]) != 16 {
			errs = append(errs, "EZPAY_HASH_KEY and EZPAY_HASH_IV: want 32 and 16 characters") // secrets: never printed
		}
	}, func() { c.EzPay = SandboxEzPay })
	c.Sandboxes()
	return append(errs, c.loadACHKey(get)...)
}

// loadACHKey reads STOREFRONT_ACH_KEY: 32 bytes in base64, required
// wherever ACH is on outside dev; in dev, empty is a random key of the
// process (Run warns: what one process sealed, another cannot open).
// Errors never quote the key.
func (c *Config) loadACHKey(get func(string) string) (errs []string) {
	switch raw := get("STOREFRONT_ACH_KEY"); {
	case raw != "":
		k, err := base64.StdEncoding.DecodeString(raw)
		if err != nil || len(k) != 32 {
			errs = append(errs, "STOREFRONT_ACH_KEY: want 32 bytes in base64 (openssl rand -base64 32)") // a secret: never printed
		}
		c.ACHKey = k
	case c.ACH.MerchantID != "" && c.Env != "dev":
		errs = append(errs, "STOREFRONT_ACH_KEY: required with ACH outside dev (32 bytes in base64)")
	case c.ACH.MerchantID != "":
		c.ACHKey = make([]byte, 32)
		rand.Read(c.ACHKey)
	}
	return errs
}
