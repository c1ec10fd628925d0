package providers

// ACH bank debit (台灣票據交換所 ACH 授權扣款).
//
// STAND-IN PROTOCOL. In Taiwan an ACH debit authorisation travels as a
// file exchange: the merchant's bank (the 發動行) submits the member's
// authorisation to the clearing house, which passes it to the member's
// bank (the 扣款行); the answer (approved, or rejected with a reason code)
// comes back days later in a return file. That exchange belongs to the
// contract with the merchant's bank and is not public. This file defines
// the small signed HTTP protocol the storefront speaks in its place, so
// that an adapter in front of the bank's file exchange (or the local
// sandbox, ach_sandbox.go) can sit behind it; replacing it with the
// bank's own contract is a change of this file only.
//
// Submit: the shop POSTs {URL}/mandates with a JSON body
//
//	{"merchantId", "mandateNo" (our order number), "bankCode" (3 digits),
//	 "branchCode" (4 digits), "accountNo", "holderName", "holderId",
//	 "amount" (TWD), "notifyUrl", "timestamp" (Unix seconds)}
//
// and the header X-ACH-Signature: the lower-case hex HMAC-SHA256 of the
// exact body with the shared secret. The bank answers 202 with
// {"mandateNo", "ref"} (its reference of the authorisation) or 4xx with
// {"code", "message"}.
//
// Answer: when the bank has answered, the exchange POSTs notifyUrl with a
// JSON body {"merchantId", "mandateNo", "ref", "status" ("approved" or
// "rejected"), "reasonCode", "reason", "amount", "answeredAt" (RFC 3339)}
// signed the same way. The shop believes it only when the signature and
// merchant verify, and the reference and amount are its mandate's; it
// answers 200 once the answer is applied (or was before) and the exchange
// retries anything else.

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"strings"
	"time"
)

// ACHSignatureHeader carries the HMAC-SHA256 of a message's body.
const ACHSignatureHeader = "X-ACH-Signature"

// ACH is the ACH exchange of one merchant.
type ACH struct {
	MerchantID, Secret string
	// URL is the exchange's base URL (the sandbox's {origin}/dev/ach).
	URL string
}

// Configured reports whether every setting is present.
func (a ACH) Configured() bool { return a.MerchantID != "" && a.Secret != "" && a.URL != "" }

// String shows the settings with the secret redacted.
func (a ACH) String() string {
	return fmt.Sprintf("ACH{MerchantID: %q, Secret: %s, URL: %q}", a.MerchantID, redacted(a.Secret), a.URL)
}

// GoString is String (for %#v).
func (a ACH) GoString() string { return a.String() }

// LogValue logs the settings with the secret redacted.
func (a ACH) LogValue() slog.Value {
	return slog.GroupValue(slog.String("merchantID", a.MerchantID), slog.String("secret", redacted(a.Secret)), slog.String("url", a.URL))
}

// ACHMandate is an authorisation the shop submits.
type ACHMandate struct {
	MerchantID string `json:"merchantId"`
	MandateNo  string `json:"mandateNo"`
	BankCode   string `json:"bankCode"`
	BranchCode string `json:"branchCode"`
	AccountNo  string `json:"accountNo"`
	HolderName string `json:"holderName"`
	HolderID   string `json:"holderId"`
	Amount     int    `json:"amount"`
	NotifyURL  string `json:"notifyUrl"`
	Timestamp  int64  `json:"timestamp"`
}

// ACH answer statuses.
const (
	ACHApproved = "approved"
	ACHRejected = "rejected"
)

// ACHAnswer is the bank's answer to a mandate.
type ACHAnswer struct {
	MerchantID string `json:"merchantId"`
	MandateNo  string `json:"mandateNo"`
	Ref        string `json:"ref"`
	Status     string `json:"status"`
	ReasonCode string `json:"reasonCode"`
	Reason     string `json:"reason"`
	Amount     int    `json:"amount"`
	AnsweredAt string `json:"answeredAt"`
}

// ACHRefusal is the exchange refusing a submission (4xx).
type ACHRefusal struct{ Code, Message string }

func (e *ACHRefusal) Error() string { return "providers: ACH refused: " + e.Code + " " + e.Message }

// sign is the hex HMAC-SHA256 of body.
func (a ACH) sign(body []byte) string {
	m := hmac.New(sha256.New, []byte(a.Secret))
	m.Write(body)
	return hex.EncodeToString(m.Sum(nil))
}

// verify checks body's signature sig.
func (a ACH) verify(body []byte, sig string) bool {
	want := a.sign(body)
	return hmac.Equal([]byte(strings.ToLower(sig)), []byte(want))
}

// Submit sends mandate m (MerchantID and Timestamp set here) and returns
// the bank's reference. A refusal is an *ACHRefusal; an exchange that
// cannot be reached is another error.
func (a ACH) Submit(ctx context.Context, client *http.Client, m ACHMandate, now time.Time) (string, error) {
	if !a.Configured() {
		return "", ErrNotConfigured
	}
	if client == nil {
		client = defaultClient
	}
	m.MerchantID, m.Timestamp = a.MerchantID, now.Unix()
	body, err := json.Marshal(m)
	if err != nil {
		return "", err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, strings.TrimSuffix(a.URL, "/")+"/mandates", bytes.NewReader(body))
	if err != nil {
		return "", err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set(ACHSignatureHeader, a.sign(body))
	res, err := client.Do(req)
	if err != nil {
		return "", err
	}
	defer res.Body.Close()
	raw, _ := io.ReadAll(io.LimitReader(res.Body, 64<<10))
	if res.StatusCode >= 400 && res.StatusCode < 500 {
		var r struct{ Code, Message string }
		json.Unmarshal(raw, &r)
		return "", &ACHRefusal{Code: r.Code, Message: r.Message}
	}
	if res.StatusCode != http.StatusAccepted {
		return "", fmt.Errorf("providers: ACH exchange answered %s", res.Status)
	}
	var ok struct {
		MandateNo string `json:"mandateNo"`
		Ref       string `json:"ref"`
	}
	if err := json.Unmarshal(raw, &ok); err != nil || ok.Ref == "" || ok.MandateNo != m.MandateNo {
		return "", fmt.Errorf("providers: ACH exchange: malformed answer")
	}
	return ok.Ref, nil
}

// ACHMandateNo is the mandate (our order number) a bank's answer names,
// read before it is verified: to choose the keys that verify it (the
// order's brand's), never to believe it.
func ACHMandateNo(body []byte) string {
	var ans struct{ MandateNo string }
	json.Unmarshal(body, &ans)
	return ans.MandateNo
}

// Answer verifies and reads the bank's answer posted to notifyUrl: body
// as received, sig its X-ACH-Signature. Anything that does not verify
// wraps ErrBadSignature; the caller still checks the reference and
// amount against its mandate.
func (a ACH) Answer(body []byte, sig string) (ACHAnswer, error) {
	if !a.Configured() {
		return ACHAnswer{}, ErrNotConfigured
	}
	if sig == "" || !a.verify(body, sig) {
		return ACHAnswer{}, ErrBadSignature
	}
	var ans ACHAnswer
	if err := json.Unmarshal(body, &ans); err != nil {
		return ACHAnswer{}, fmt.Errorf("%w: not the JSON answer", ErrMalformed)
	}
	if ans.MerchantID != a.MerchantID {
		return ACHAnswer{}, ErrWrongMerchant
	}
	if (ans.Status != ACHApproved && ans.Status != ACHRejected) || ans.MandateNo == "" || ans.Ref == "" {
		return ACHAnswer{}, fmt.Errorf("%w: status %q", ErrMalformed, ans.Status)
	}
	return ans, nil
}
