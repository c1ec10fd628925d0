package config

import (
	"crypto/rand"
	"errors"
	"fmt"
	"log/slog"
	"net/netip"
	"net/url"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"storefront/mail"
	"storefront/providers"
)

// Config is the process's configuration, from environment variables only.
type Config struct {
	Port          string
	DatabaseURL   string
	RedisURL      string
	Env           string
	Demo          bool
	VarDir        string
	Renderers     int
	RenderTimeout time.Duration
	RenderQueue   time.Duration
	PageCache     bool
	LogLevel      slog.Level
	LogFormat     string
	SMTP          mail.Config // SMTP.Host "": no SMTP server (dev: the development mailbox)
	// PublicURL is the trusted public origin (scheme://host[:port]) of every
	// absolute URL outside a brand's custom domain (http_origin.go).
	PublicURL string
	// EnvHosts are the host names (lower case) that choose the environment
	// of the custom-domain redirect, each the environment its name selects
	// (envOfHost); any other host chooses nothing.
	EnvHosts map[string]string
	// TrustedProxies are the peers whose X-Forwarded-For and
	// X-Forwarded-Proto are believed (http_origin.go).
	TrustedProxies []netip.Prefix
	// DeviceKey signs the known-device cookies (device.go); random per
	// process when STOREFRONT_DEVICE_KEY is empty.
	DeviceKey    []byte
	AccessLog    bool   // one log line per request
	MetricsToken string // when set, /metrics wants "Authorization: Bearer <token>"
	// Accounts are the platform's merchant accounts at the payment
	// providers (the environment's): a provider whose variables are unset
	// is not configured, except in dev, where it is the local sandbox
	// (PaymentSandboxes). A brand pays into its own accounts (stored
	// sealed, checkout.Merchants); into these only where PlatformCollects.
	providers.Accounts
	// ACHKey seals what ACH takes (32 bytes).
	ACHKey []byte
	// CredentialsKey seals the brands' merchant credentials (32 bytes;
	// STOREFRONT_CREDENTIALS_KEY, in dev a random key of the process).
	CredentialsKey []byte
	// MemberKey keys the hash a deleted member's phone is kept as (32
	// bytes; STOREFRONT_MEMBER_KEY, in dev a fixed development key).
	MemberKey []byte
	// PlatformCollects: a brand without its own account of a kind pays
	// into the platform's (dev, the demo, or STOREFRONT_PLATFORM_COLLECTS=1
	// where the platform is licensed to collect for the studios).
	PlatformCollects bool
	// PaymentSandboxes: at least one provider is its local sandbox, served
	// at /dev/newebpay/, /dev/linepay/, /dev/ach/ or /dev/chailease/ (dev
	// only).
	PaymentSandboxes bool
	// OrderTTL is how long an unpaid order waits before the expiry worker
	// expires it (checkout).
	OrderTTL time.Duration
	// CheckInKey signs the members' check-in QR codes (checkin_token.go); random
	// per process when STOREFRONT_CHECKIN_KEY is empty.
	CheckInKey []byte
	// ScannerToken is the studio scanners' bearer token for POST
	// /api/checkin/qr; empty: QR check-in by scanner is off.
	ScannerToken string
	// OperatorToken is the studio operators' bearer token for the admin
	// card-change call (GET /api/v2/admin/...): the product has no
	// operator accounts; empty: that call is refused.
	OperatorToken string
	// CatalogueImages is the directory of the images brought in by
	// `storefront catalogue import`, served at /_static/catalogue/.
	CatalogueImages string
	// EdgePurgeURL is where a brand's data change is purged from the edge
	// cache (page_edge.go); empty: no edge cache to tell.
	EdgePurgeURL string
}

// Variable is one environment variable the storefront reads.
type Variable struct {
	Name, Default, Doc string
}

// Variables lists every environment variable with its default; the README
// shows the same table.
var Variables = []Variable{
	{"PORT", "8080", "HTTP port"},
	{"DATABASE_URL", "", "PostgreSQL URL; empty: 127.0.0.1:5432 (database storefront), else a private cluster in STOREFRONT_VAR_DIR/postgres"},
	{"REDIS_URL", "", "Redis URL for the shared cache tier; empty: in-process cache only"},
	{"STOREFRONT_ENV", "dev", "environment: dev, staging, preprod or production"},
	{"STOREFRONT_DEMO", "", "load the demo brands into an empty database (1: yes, 0: never; empty: only in dev)"},
	{"STOREFRONT_VAR_DIR", "var", "directory for the private PostgreSQL cluster"},
	{"STOREFRONT_RENDERERS", "0", "goja runtimes rendering pages; 0: one per CPU"},
	{"STOREFRONT_RENDER_TIMEOUT", "2s", "longest a page render may run"},
	{"STOREFRONT_RENDER_QUEUE", "1s", "longest a request waits for a free renderer before it gets 503"},
	{"STOREFRONT_PAGE_CACHE", "1", "serve anonymous pages from the rendered-page cache (0: render every time)"},
	{"LOG_LEVEL", "info", "debug, info, warn or error"},
	{"LOG_FORMAT", "text", "text or json"},
	{"SMTP_HOST", "", "SMTP server for the members' e-mails; empty: none (in dev, a development mailbox at /dev/mailbox)"},
	{"SMTP_PORT", "587", "SMTP port"},
	{"SMTP_USER", "", "SMTP user name; empty: no authentication"},
	{"SMTP_PASSWORD", "", "SMTP password"},
	{"SMTP_FROM", "no-reply@localhost", "sender address of the members' e-mails"},
	{"STOREFRONT_PUBLIC_URL", "", "the public origin of mailed links, canonical URLs and sitemaps (https://shop.example.com); required outside dev, where it defaults to http://localhost:PORT"},
	{"STOREFRONT_ENV_HOSTS", "", "comma-separated host names whose name selects the environment of the custom-domain redirect (staging.shop.example.com or shop-staging.example.com: /{brandId} goes to the brand's staging domain); nothing else follows them; empty: only STOREFRONT_ENV"},
	{"STOREFRONT_TRUSTED_PROXIES", "", "comma-separated CIDRs of the reverse proxies whose X-Forwarded-For and X-Forwarded-Proto are believed; empty: none"},
	{"STOREFRONT_DEVICE_KEY", "", "secret (at least 32 characters) signing the known-device cookies that let an account's owner log in while strangers' wrong guesses lock the account; empty: a random key per process (devices are forgotten at restart and not shared between hosts)"},
	{"SMTP_TLS", "starttls", "starttls (required STARTTLS), tls (implicit TLS, port 465) or none (a relay on this machine only)"},
	{"STOREFRONT_ACCESS_LOG", "1", "one structured log line per request, with its request id (0: none)"},
	{"STOREFRONT_METRICS_TOKEN", "", "when set, /metrics answers only requests with the header Authorization: Bearer <token>; empty: /metrics is open"},
	{"NEWEBPAY_MERCHANT_ID", "", "NewebPay (藍新金流) MPG merchant id for card payments; the four NEWEBPAY_ variables go together; all empty: no card payment (in dev, the local sandbox at /dev/newebpay)"},
	{"NEWEBPAY_HASH_KEY", "", "NewebPay HashKey (secret, 32 characters)"},
	{"NEWEBPAY_HASH_IV", "", "NewebPay HashIV (secret, 16 characters)"},
	{"NEWEBPAY_URL", "", "NewebPay gateway base URL: https://ccore.newebpay.com (test) or https://core.newebpay.com"},
	{"LINEPAY_CHANNEL_ID", "", "LINE Pay channel id; the three LINEPAY_ variables go together; all empty: no LINE Pay (in dev, the local sandbox at /dev/linepay)"},
	{"LINEPAY_CHANNEL_SECRET", "", "LINE Pay channel secret key (secret)"},
	{"LINEPAY_URL", "", "LINE Pay API base URL: https://sandbox-api-pay.line.me (test) or https://api-pay.line.me"},
	{"ACH_MERCHANT_ID", "", "merchant id at the ACH exchange (bank debit, stand-in protocol of providers/ach.go); the three ACH_ variables go together; all empty: no ACH (in dev, the local sandbox at /dev/ach)"},
	{"ACH_SECRET", "", "ACH exchange shared secret signing both ways (secret, at least 32 characters)"},
	{"ACH_URL", "", "ACH exchange base URL (the adapter in front of the bank's file exchange)"},
	{"STOREFRONT_ACH_KEY", "", "32 bytes in base64 sealing (AES-256-GCM) the account numbers and IDs ACH authorisations keep; required with ACH outside dev; empty in dev: a random key per process (a warning; sealed values do not open after a restart)"},
	{"CHAILEASE_MERCHANT_ID", "", "Chailease (中租零卡分期) merchant id (stand-in protocol of providers/chailease.go); the three CHAILEASE_ variables go together; all empty: no instalments (in dev, the local sandbox at /dev/chailease)"},
	{"CHAILEASE_SECRET", "", "Chailease shared secret signing both ways (secret, at least 32 characters)"},
	{"CHAILEASE_URL", "", "Chailease base URL"},
	{"STOREFRONT_CREDENTIALS_KEY", "", "32 bytes in base64 sealing (AES-256-GCM) the brands' merchant credentials (storefront brand credentials set); required outside dev and by the command; empty in dev: a random key per process (a warning; stored credentials do not open)"},
	{"STOREFRONT_MEMBER_KEY", "", "32 bytes in base64 keying (HMAC-SHA-256) the hash a deleted member's phone is kept as, so the phone cannot register again (error -60000014) while the number itself is erased; required outside dev; never change it (the hashes kept would stop matching); empty in dev: a fixed development key, not secret"},
	{"STOREFRONT_PLATFORM_COLLECTS", "", "1: a brand without its own merchant account of a payment way pays into the platform's (the variables above), which makes the platform a collecting-on-behalf business (only with that licence); empty or 0: such a brand does not offer the way (dev and the demo: the platform's always)"},
	{"EZPAY_MERCHANT_ID", "", "ezPay e-invoice merchant id (the brands with the INVOICE module issue their invoices there); the four EZPAY_ variables go together; all empty: invoices wait (in dev, the local sandbox at /dev/ezpay)"},
	{"EZPAY_HASH_KEY", "", "ezPay e-invoice HashKey (secret, 32 characters)"},
	{"EZPAY_HASH_IV", "", "ezPay e-invoice HashIV (secret, 16 characters)"},
	{"EZPAY_URL", "", "ezPay e-invoice API base URL: https://cinv.ezpay.com.tw (test) or https://inv.ezpay.com.tw"},
	{"STOREFRONT_ORDER_TTL", "30m", "how long an unpaid order waits for its payment before it expires (a payment that arrives later is still taken)"},
	{"STOREFRONT_CHECKIN_KEY", "", "secret (at least 32 characters) signing the members' short-lived check-in QR codes; empty: a random key per process (codes shown by one host do not verify on another; a warning outside dev)"},
	{"STOREFRONT_CHECKIN_SCANNER_TOKEN", "", "bearer token (at least 32 characters) of the studio scanners calling POST /api/checkin/qr; empty: check-in by scanner is off"},
	{"STOREFRONT_OPERATOR_TOKEN", "", "bearer token (at least 32 characters) of the studio's operators for GET /api/v2/admin/brands/{brandId}/ec/change/card/{orderNo} (the product has no operator accounts); empty: that call is refused"},
	{"STOREFRONT_EDGE_PURGE_URL", "", "URL of the edge cache (Varnish with xkey, deploy/varnish) that a brand's data change is purged from: a PURGE request with the header xkey: brand:ID; empty: no edge cache"},
	{"STOREFRONT_CATALOGUE_IMAGES", "", "directory of the images `storefront catalogue import` stores and the hosts serve (resized to WebP under /_img/); give several hosts one shared directory; empty: STOREFRONT_VAR_DIR/catalogue-images"},
}

// Envs are the environments (spec section 9).
var Envs = []string{"dev", "staging", "preprod", "production"}

func isEnv(s string) bool {
	for _, e := range Envs {
		if s == e {
			return true
		}
	}
	return false
}

// Load reads the configuration through getenv.
func Load(getenv func(string) string) (Config, error) {
	get := func(name string) string {
		if v := strings.TrimSpace(getenv(name)); v != "" {
			return v
		}
		for _, v := range Variables {
			if v.Name == name {
				return v.Default
			}
		}
		return ""
	}
	var c Config
	var errs []string
	bad := func(name, why string) { errs = append(errs, fmt.Sprintf("%s=%q: %s", name, get(name), why)) }
	flag := func(name string) bool {
		switch get(name) {
		case "1", "true", "yes", "on":
			return true
		case "0", "false", "no", "off":
			return false
		}
		bad(name, "want 1 or 0")
		return false
	}
	dur := func(name string) time.Duration {
		d, err := time.ParseDuration(get(name))
		if err != nil || d <= 0 {
			bad(name, "want a duration such as 2s")
		}
		return d
	}
	c.Port = get("PORT")
	if n, err := strconv.Atoi(c.Port); err != nil || n < 0 || n > 65535 {
		bad("PORT", "want a port number (0: any free port)")
	}
	c.DatabaseURL = get("DATABASE_URL")
	c.RedisURL = get("REDIS_URL")
	c.Env = get("STOREFRONT_ENV")
	if !isEnv(c.Env) {
		bad("STOREFRONT_ENV", "want dev, staging, preprod or production")
	}
	c.Demo = c.Env == "dev"
	if get("STOREFRONT_DEMO") != "" {
		c.Demo = flag("STOREFRONT_DEMO")
	}
	c.VarDir = get("STOREFRONT_VAR_DIR")
	n, err := strconv.Atoi(get("STOREFRONT_RENDERERS"))
	if err != nil || n < 0 {
		bad("STOREFRONT_RENDERERS", "want a count, 0 for one per CPU")
	}
	c.Renderers = n
	c.RenderTimeout = dur("STOREFRONT_RENDER_TIMEOUT")
	c.RenderQueue = dur("STOREFRONT_RENDER_QUEUE")
	c.PageCache = flag("STOREFRONT_PAGE_CACHE")
	if err := c.LogLevel.UnmarshalText([]byte(get("LOG_LEVEL"))); err != nil {
		bad("LOG_LEVEL", "want debug, info, warn or error")
	}
	c.LogFormat = get("LOG_FORMAT")
	if c.LogFormat != "text" && c.LogFormat != "json" {
		bad("LOG_FORMAT", "want text or json")
	}
	c.SMTP = mail.Config{Host: get("SMTP_HOST"), User: get("SMTP_USER"), Password: get("SMTP_PASSWORD"),
		From: get("SMTP_FROM"), TLS: get("SMTP_TLS")}
	if c.SMTP.Port, err = strconv.Atoi(get("SMTP_PORT")); err != nil || c.SMTP.Port <= 0 || c.SMTP.Port > 65535 {
		bad("SMTP_PORT", "want a port number")
	}
	switch c.SMTP.TLS {
	case mail.TLSStartTLS, mail.TLSImplicit:
	case mail.TLSNone:
		if c.SMTP.Host != "" && !LocalHost(c.SMTP.Host) {
			bad("SMTP_TLS", "none would send the mails and the SMTP password in clear to "+c.SMTP.Host+": only for a relay on this machine (localhost, 127.0.0.1, ::1)")
		}
	default:
		bad("SMTP_TLS", "want starttls, tls or none")
	}
	c.PublicURL, err = PublicOrigin(get("STOREFRONT_PUBLIC_URL"), c.Env, c.Port)
	if err != nil {
		bad("STOREFRONT_PUBLIC_URL", err.Error())
	}
	if c.EnvHosts, err = EnvHosts(get("STOREFRONT_ENV_HOSTS")); err != nil {
		bad("STOREFRONT_ENV_HOSTS", err.Error())
	}
	if c.TrustedProxies, err = ParsePrefixes(get("STOREFRONT_TRUSTED_PROXIES")); err != nil {
		bad("STOREFRONT_TRUSTED_PROXIES", err.Error())
	}
	if c.DeviceKey, err = secretKey(get("STOREFRONT_DEVICE_KEY")); err != nil {
		errs = append(errs, "STOREFRONT_DEVICE_KEY: "+err.Error()) // a secret: never printed
	}
	c.CheckInKey, err = secretKey(get("STOREFRONT_CHECKIN_KEY"))
	if err != nil {
		errs = append(errs, "STOREFRONT_CHECKIN_KEY: "+err.Error()) // a secret: never printed
	}
	if c.ScannerToken = get("STOREFRONT_CHECKIN_SCANNER_TOKEN"); c.ScannerToken != "" && len(c.ScannerToken) < 32 {
		errs = append(errs, "STOREFRONT_CHECKIN_SCANNER_TOKEN: want at least 32 characters")
	}
	if c.OperatorToken = get("STOREFRONT_OPERATOR_TOKEN"); c.OperatorToken != "" && len(c.OperatorToken) < 32 {
		errs = append(errs, "STOREFRONT_OPERATOR_TOKEN: want at least 32 characters")
	}
	c.AccessLog = flag("STOREFRONT_ACCESS_LOG")
	c.MetricsToken = get("STOREFRONT_METRICS_TOKEN")
	c.OrderTTL = dur("STOREFRONT_ORDER_TTL")
	if c.CatalogueImages = get("STOREFRONT_CATALOGUE_IMAGES"); c.CatalogueImages == "" {
		c.CatalogueImages = filepath.Join(c.VarDir, "catalogue-images")
	}
	if c.EdgePurgeURL = get("STOREFRONT_EDGE_PURGE_URL"); c.EdgePurgeURL != "" {
		if u, err := url.Parse(c.EdgePurgeURL); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			bad("STOREFRONT_EDGE_PURGE_URL", "want an http(s) URL such as http://127.0.0.1:6081/")
		}
	}
	errs = append(errs, c.loadProviders(get)...)
	if len(errs) > 0 {
		return c, fmt.Errorf("configuration: %s", strings.Join(errs, "; "))
	}
	return c, nil
}

// secretKey is a signing key from its variable's value: at least 32
// characters, or, when empty, 32 random bytes of this process.
func secretKey(v string) ([]byte, error) {
	if v == "" {
		k := make([]byte, 32)
		rand.Read(k)
		return k, nil
	}
	if len(v) < 32 {
		return []byte(v), errors.New("want at least 32 characters")
	}
	return []byte(v), nil
}
