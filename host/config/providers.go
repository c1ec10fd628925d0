package config

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"

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
	SandboxEzPay     = providers.EzPay{MerchantID: "EZ_SANDBOX", HashKey: "ezpay-sandbox-hashkey-0123456789", HashIV: "ezpay-sandbox-iv"}
	// SandboxLineLogin is the LINE Login sandbox's channel, the demo
	// brands' in dev (a LINE Login channel is a brand's own: the platform
	// has none elsewhere).
	SandboxLineLogin = providers.LineLogin{ChannelID: "1700000000", ChannelSecret: "line-login-sandbox-secret-not-secret"}
	// SandboxLineBot is the LINE Messaging API sandbox's channel, the demo
	// brands' LINE Official Account in dev (a brand's own elsewhere).
	SandboxLineBot = providers.LineBot{ChannelID: "1800000000", AccessToken: "line-bot-sandbox-token-not-secret",
		ChannelSecret: "line-bot-sandbox-secret-not-secret"}
)

// SandboxBrands are the dev demo brands that pay into sandbox merchants
// of their own (URLs those of the platform's sandboxes): the sandboxes
// serve several merchants, as the providers do, so the demo shows two
// brands' payments landing at two merchants. Public test values.
var SandboxBrands = map[string]providers.Accounts{
	"yoga": {NewebPay: providers.NewebPay{MerchantID: "MS_SANDBOX_YOGA", HashKey: "sandbox-yoga-hashkey-0123456789a", HashIV: "sandbox-yoga-iv-"},
		LinePay: providers.LinePay{ChannelID: "1600000001", ChannelSecret: "sandbox-yoga-channel-secret-not-secret"}},
}

// SandboxUse is which payment providers are their local sandbox.
type SandboxUse struct{ NewebPay, LinePay, ACH, Chailease, EzPay, LineLogin, LineBot bool }

// Sandboxes reports which providers of c are their local sandbox (their
// sandbox's test credentials), and points those at the sandboxes on c's
// public origin (Run may settle dev's port, and so the origin, after
// Load).
func (c *Config) Sandboxes() (u SandboxUse) {
	if !c.PaymentSandboxes {
		return u
	}
	n, l, a, h, e, ll, lb := c.NewebPay, c.LinePay, c.ACH, c.Chailease, c.EzPay, c.LineLogin, c.LineBot
	n.URL, l.URL, a.URL, h.URL, e.URL, ll.URL, lb.URL = "", "", "", "", "", "", ""
	u = SandboxUse{n == SandboxNewebPay, l == SandboxLinePay, a == SandboxACH, h == SandboxChailease, e == SandboxEzPay, ll == SandboxLineLogin,
		lb == SandboxLineBot}
	for _, p := range []struct {
		on   bool
		url  *string
		path string
	}{{u.NewebPay, &c.NewebPay.URL, "/dev/newebpay"}, {u.LinePay, &c.LinePay.URL, "/dev/linepay"},
		{u.ACH, &c.ACH.URL, "/dev/ach"}, {u.Chailease, &c.Chailease.URL, "/dev/chailease"}, {u.EzPay, &c.EzPay.URL, "/dev/ezpay"},
		{u.LineLogin, &c.LineLogin.URL, "/dev/line"}, {u.LineBot, &c.LineBot.URL, "/dev/line-bot"}} {
		if p.on {
			*p.url = c.PublicURL + p.path
		}
	}
	return u
}

// loadProviders reads the payment providers' variables (the platform's
// merchant accounts, providers.ReadAccount): each provider's go together
// (some set, some not: an error naming the missing ones), the last its
// gateway's base URL; all set is the provider, none set is no provider,
// or its sandbox in dev. Errors never quote a secret.
func (c *Config) loadProviders(get func(string) string) (errs []string) {
	sandbox := providers.Accounts{NewebPay: SandboxNewebPay, LinePay: SandboxLinePay, ACH: SandboxACH, Chailease: SandboxChailease, EzPay: SandboxEzPay,
		LineLogin: SandboxLineLogin, LineBot: SandboxLineBot}
	for _, kind := range providers.AccountKinds {
		if kind == providers.AccountLineLogin || kind == providers.AccountLineBot { // a brand's own only (no variables); dev's demo brands: the sandbox's
			if c.Env == "dev" {
				c.Accounts.Take(kind, sandbox)
				c.PaymentSandboxes = true
			}
			continue
		}
		found, problems := providers.ReadAccount(&c.Accounts, kind, get, c.Env == "dev")
		errs = append(errs, problems...)
		if !found && problems == nil && c.Env == "dev" {
			c.Accounts.Take(kind, sandbox)
			c.PaymentSandboxes = true
		}
	}
	c.Sandboxes()
	c.PlatformCollects = c.Env == "dev" || c.Demo || get("STOREFRONT_PLATFORM_COLLECTS") == "1"
	if v := get("STOREFRONT_PLATFORM_COLLECTS"); v != "" && v != "0" && v != "1" {
		errs = append(errs, "STOREFRONT_PLATFORM_COLLECTS: want 1 or 0")
	}
	if get("STOREFRONT_CREDENTIALS_KEY") != "" || c.Env == "dev" { // unset elsewhere: no brand's own credentials open (Run warns)
		errs = append(errs, loadKey(get, "STOREFRONT_CREDENTIALS_KEY", &c.CredentialsKey, false, "")...)
	}
	if get("STOREFRONT_MEMBER_KEY") == "" && c.Env == "dev" {
		c.MemberKey = devMemberKey[:]
	} else {
		errs = append(errs, loadKey(get, "STOREFRONT_MEMBER_KEY", &c.MemberKey, true, "outside dev")...)
	}
	return append(errs, loadKey(get, "STOREFRONT_ACH_KEY", &c.ACHKey, c.ACH.MerchantID != "" && c.Env != "dev", "with ACH outside dev")...)
}

// devMemberKey is the development environment's member key: fixed, so
// the hashes of deleted phones survive a restart; not secret.
var devMemberKey = sha256.Sum256([]byte("storefront development member key"))

// loadKey reads a sealing key, name: 32 bytes in base64; required says
// whether it must be set (why: where); unset and not required is a random
// key of the process (Run warns: what one process sealed, another cannot
// open). Errors never quote the key.
func loadKey(get func(string) string, name string, key *[]byte, required bool, where string) (errs []string) {
	switch raw := get(name); {
	case raw != "":
		k, err := base64.StdEncoding.DecodeString(raw)
		if err != nil || len(k) != 32 {
			errs = append(errs, name+": want 32 bytes in base64 (openssl rand -base64 32)") // a secret: never printed
		}
		*key = k
	case required:
		errs = append(errs, name+": required "+where+" (32 bytes in base64)")
	default:
		*key = make([]byte, 32)
		rand.Read(*key)
	}
	return errs
}
