package providers

// Chailease instalments (中租零卡分期).
//
// STAND-IN PROTOCOL. Chailease publishes no merchant protocol: its
// integration documents come with the merchant contract. This file
// defines a signed redirect-and-callback protocol in its place, the same
// shape as NewebPay's (the buyer's browser goes to the provider and comes
// back; the provider also tells the shop server to server), so that the
// provider's own contract replaces this file only. The local sandbox
// (chailease_sandbox.go) speaks it.
//
// Apply: the shop sends the buyer's browser to {URL}/apply with the query
//
//	merchantId, orderNo (our order number), amount (TWD), instalments
//	(0: the buyer chooses), itemDesc, returnUrl, notifyUrl, timestamp
//	(Unix seconds), signature
//
// Result: once the application is decided the provider POSTs a form to
// notifyUrl (server to server) and sends the browser to returnUrl with
// the same fields in the query:
//
//	merchantId, orderNo, tradeNo (the provider's application number),
//	status (COMPLETED: approved and the instalment contract completed, the
//	provider pays the shop; DECLINED: refused), amount, instalments,
//	reason, timestamp, signature
//
// signature is the lower-case hex HMAC-SHA256, with the shared secret, of
// every other field as "key=value" pairs (values URL-escaped) sorted by key
// and joined by "&". The shop believes a result only when the signature
// and merchant verify and the amount is its order's.

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"log/slog"
	"net/url"
	"sort"
	"strconv"
	"strings"
	"time"
)

// Chailease is the instalment provider of one merchant.
type Chailease struct {
	MerchantID, Secret string
	// URL is the provider's base URL (the sandbox's {origin}/dev/chailease).
	URL string
}

// Chailease result statuses.
const (
	ChaileaseCompleted = "COMPLETED"
	ChaileaseDeclined  = "DECLINED"
)

// ChaileaseInstalments are the instalment counts offered.
var ChaileaseInstalments = []int{3, 6, 12, 24}

// Configured reports whether every setting is present.
func (c Chailease) Configured() bool { return c.MerchantID != "" && c.Secret != "" && c.URL != "" }

// String shows the settings with the secret redacted.
func (c Chailease) String() string {
	return fmt.Sprintf("Chailease{MerchantID: %q, Secret: %s, URL: %q}", c.MerchantID, redacted(c.Secret), c.URL)
}

// GoString is String (for %#v).
func (c Chailease) GoString() string { return c.String() }

// LogValue logs the settings with the secret redacted.
func (c Chailease) LogValue() slog.Value {
	return slog.GroupValue(slog.String("merchantID", c.MerchantID), slog.String("secret", redacted(c.Secret)), slog.String("url", c.URL))
}

// ChaileaseApplication is what the buyer applies for.
type ChaileaseApplication struct {
	OrderNo     string
	Amount      int
	Instalments int // 0: the buyer chooses
	ItemDesc    string
	// ReturnURL and NotifyURL are absolute, on the trusted public origin.
	ReturnURL, NotifyURL string
	Now                  time.Time
}

// ChaileaseResult is a verified result.
type ChaileaseResult struct {
	OrderNo, TradeNo, Status, Reason string
	Amount, Instalments              int
}

// Completed reports whether the instalment purchase completed.
func (r ChaileaseResult) Completed() bool { return r.Status == ChaileaseCompleted }

// sign is the signature of fields (its "signature" left out).
func (c Chailease) sign(fields url.Values) string {
	keys := make([]string, 0, len(fields))
	for k := range fields {
		if k != "signature" {
			keys = append(keys, k)
		}
	}
	sort.Strings(keys)
	var b strings.Builder
	for i, k := range keys {
		if i > 0 {
			b.WriteByte('&')
		}
		b.WriteString(k + "=" + url.QueryEscape(fields.Get(k)))
	}
	m := hmac.New(sha256.New, []byte(c.Secret))
	m.Write([]byte(b.String()))
	return hex.EncodeToString(m.Sum(nil))
}

// Signed is fields with their signature added.
func (c Chailease) Signed(fields url.Values) url.Values {
	out := url.Values{}
	for k, v := range fields {
		out[k] = v
	}
	out.Set("signature", c.sign(out))
	return out
}

// verify checks fields' signature and merchant.
func (c Chailease) verify(fields url.Values) error {
	for k, v := range fields {
		if len(v) != 1 {
			return fmt.Errorf("%w: field %s given %d times", ErrMalformed, k, len(v))
		}
	}
	sig := fields.Get("signature")
	if sig == "" || !hmac.Equal([]byte(strings.ToLower(sig)), []byte(c.sign(fields))) {
		return ErrBadSignature
	}
	if fields.Get("merchantId") != c.MerchantID {
		return ErrWrongMerchant
	}
	return nil
}

// ApplyURL is where the buyer's browser goes to apply.
func (c Chailease) ApplyURL(a ChaileaseApplication) (string, error) {
	if !c.Configured() {
		return "", ErrNotConfigured
	}
	if !merchantOrderNo.MatchString(a.OrderNo) || a.Amount <= 0 {
		return "", fmt.Errorf("%w: order %q amount %d", ErrBadOrder, a.OrderNo, a.Amount)
	}
	for _, u := range []string{a.ReturnURL, a.NotifyURL} {
		if originOf(u) == "" {
			return "", fmt.Errorf("%w: %q is not an absolute URL", ErrBadOrder, u)
		}
	}
	q := c.Signed(url.Values{
		"merchantId":  {c.MerchantID},
		"orderNo":     {a.OrderNo},
		"amount":      {strconv.Itoa(a.Amount)},
		"instalments": {strconv.Itoa(a.Instalments)},
		"itemDesc":    {trimRunes(a.ItemDesc, 50)},
		"returnUrl":   {a.ReturnURL},
		"notifyUrl":   {a.NotifyURL},
		"timestamp":   {strconv.FormatInt(a.Now.Unix(), 10)},
	})
	return strings.TrimSuffix(c.URL, "/") + "/apply?" + q.Encode(), nil
}

// Result verifies and reads a result (the notification's form or the
// return's query). Anything that does not verify wraps ErrBadSignature;
// the caller still checks the order and amount.
func (c Chailease) Result(fields url.Values) (ChaileaseResult, error) {
	if !c.Configured() {
		return ChaileaseResult{}, ErrNotConfigured
	}
	if err := c.verify(fields); err != nil {
		return ChaileaseResult{}, err
	}
	r := ChaileaseResult{OrderNo: fields.Get("orderNo"), TradeNo: fields.Get("tradeNo"), Status: fields.Get("status"),
		Reason: fields.Get("reason")}
	var err error
	if r.Amount, err = strconv.Atoi(fields.Get("amount")); err != nil {
		return ChaileaseResult{}, fmt.Errorf("%w: amount", ErrMalformed)
	}
	if n := fields.Get("instalments"); n != "" {
		if r.Instalments, err = strconv.Atoi(n); err != nil || r.Instalments < 0 || r.Instalments > 60 {
			return ChaileaseResult{}, fmt.Errorf("%w: instalments", ErrMalformed)
		}
	}
	if (r.Status != ChaileaseCompleted && r.Status != ChaileaseDeclined) || r.OrderNo == "" || (r.Completed() && r.TradeNo == "") {
		return ChaileaseResult{}, fmt.Errorf("%w: status %q", ErrMalformed, r.Status)
	}
	return r, nil
}
