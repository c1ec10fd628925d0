package host

import (
	"crypto/rand"
	"encoding/base64"
	"strings"

	"storefront/providers"
)

// The deferred payments' configuration (issue 13): the ACH exchange (its
// stand-in protocol, providers/ach.go), the key sealing the account
// numbers and IDs ACH takes, and Chailease (providers/chailease.go).

// The deferred payments' sandbox credentials: public test values of the
// local sandboxes (dev only), not secrets.
var (
	SandboxACH       = providers.ACH{MerchantID: "ACH_SANDBOX", Secret: "ach-sandbox-secret-not-secret"}
	SandboxChailease = providers.Chailease{MerchantID: "CL_SANDBOX", Secret: "chailease-sandbox-secret-not-secret"}
)

// loadDeferred reads the ACH_, CHAILEASE_ and STOREFRONT_ACH_KEY
// variables: each provider's go together; none set is no provider, or its
// sandbox in dev. STOREFRONT_ACH_KEY is 32 bytes in base64, required
// wherever ACH is on outside dev; in dev, empty is a random key of the
// process (Run warns: what one process sealed, another cannot open).
// Errors never quote a secret.
func (c *Config) loadDeferred(get func(string) string, group func(names ...string) ([]string, bool), gateway func(name, raw, example string)) (errs []string) {
	if v, set := group("ACH_MERCHANT_ID", "ACH_SECRET", "ACH_URL"); set {
		c.ACH = providers.ACH{MerchantID: v[0], Secret: v[1], URL: strings.TrimSuffix(v[2], "/")}
		if len(v[1]) < 32 {
			errs = append(errs, "ACH_SECRET: want at least 32 characters")
		}
		gateway("ACH_URL", v[2], "https://ach.bank.example.com")
	} else if c.Env == "dev" && v[0]+v[1]+v[2] == "" {
		c.ACH, c.PaymentSandboxes = SandboxACH, true
	}
	if v, set := group("CHAILEASE_MERCHANT_ID", "CHAILEASE_SECRET", "CHAILEASE_URL"); set {
		c.Chailease = providers.Chailease{MerchantID: v[0], Secret: v[1], URL: strings.TrimSuffix(v[2], "/")}
		if len(v[1]) < 32 {
			errs = append(errs, "CHAILEASE_SECRET: want at least 32 characters")
		}
		gateway("CHAILEASE_URL", v[2], "https://pay.chailease.example.com")
	} else if c.Env == "dev" && v[0]+v[1]+v[2] == "" {
		c.Chailease, c.PaymentSandboxes = SandboxChailease, true
	}
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
	c.deferredSandboxes()
	return errs
}

// deferredSandboxes reports which deferred providers of c are their local
// sandbox, and points those at the sandboxes on c's public origin.
func (c *Config) deferredSandboxes() (ach, chailease bool) {
	if !c.PaymentSandboxes {
		return false, false
	}
	a, l := c.ACH, c.Chailease
	a.URL, l.URL = "", ""
	ach, chailease = a == SandboxACH, l == SandboxChailease
	if ach {
		c.ACH.URL = c.PublicURL + "/dev/ach"
	}
	if chailease {
		c.Chailease.URL = c.PublicURL + "/dev/chailease"
	}
	return ach, chailease
}
