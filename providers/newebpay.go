// Package providers speaks the payment providers' protocols: NewebPay MPG
// (card payments, payment way '2') and LINE Pay Online API v3, one file
// each, with a local sandbox of each beside it (*_sandbox.go) that speaks
// the same protocol, so that switching to the real endpoint is
// configuration only.
//
// NewebPay: 藍新金流「線上交易－幕前支付技術串接手冊」(NDNF, MPG API
// Version 2.0; the manual's "MPG 1.1.1" edition gives the sample TradeInfo
// and TradeSha of newebpay_test.go). The shop posts the buyer's browser to
// {gateway}/MPG/mpg_gateway with MerchantID, Version, TradeInfo and
// TradeSha:
//
//   - TradeInfo is the URL-encoded query of the trade's fields (MerchantID,
//     RespondType=JSON, TimeStamp, Version=2.0, MerchantOrderNo, Amt,
//     ItemDesc, Email, NotifyURL, ReturnURL, ClientBackURL, CREDIT=1),
//     encrypted with AES-256-CBC (key HashKey, IV HashIV), padded as the
//     manual's sample does (PKCS #7 to a 32-byte block), in lower-case hex.
//   - TradeSha is the upper-case hex SHA-256 of
//     "HashKey={HashKey}&{TradeInfo}&HashIV={HashIV}".
//
// After the payment the gateway posts Status, MerchantID, Version,
// TradeInfo and TradeSha to NotifyURL (server to server) and, through the
// buyer's browser, to ReturnURL; TradeInfo then decrypts to the JSON
// {"Status", "Message", "Result": {MerchantID, Amt, TradeNo,
// MerchantOrderNo, PaymentType, RespondCode, Auth, Card6No, Card4No,
// PayTime, ...}}. Result believes neither before TradeSha and MerchantID
// verify.
package providers

import (
	"bytes"
	"crypto/aes"
	"crypto/cipher"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"
)

// MPGVersion is the MPG API version this package speaks.
const MPGVersion = "2.0"

// NewebPay is the NewebPay MPG gateway (card payment, payment way '2').
type NewebPay struct {
	MerchantID, HashKey, HashIV string
	// URL is the gateway's base URL: https://ccore.newebpay.com (test),
	// https://core.newebpay.com, or the sandbox's {origin}/dev/newebpay.
	URL string
}

// Configured reports whether every setting is present.
func (n NewebPay) Configured() bool {
	return n.MerchantID != "" && n.HashKey != "" && n.HashIV != "" && n.URL != ""
}

// String shows the settings with the secrets (HashKey, HashIV) redacted.
func (n NewebPay) String() string {
	return fmt.Sprintf("NewebPay{MerchantID: %q, HashKey: %s, HashIV: %s, URL: %q}",
		n.MerchantID, redacted(n.HashKey), redacted(n.HashIV), n.URL)
}

// GoString is String (for %#v).
func (n NewebPay) GoString() string { return n.String() }

// LogValue logs the settings with the secrets redacted.
func (n NewebPay) LogValue() slog.Value {
	return slog.GroupValue(slog.String("merchantID", n.MerchantID), slog.String("hashKey", redacted(n.HashKey)),
		slog.String("hashIV", redacted(n.HashIV)), slog.String("url", n.URL))
}

// redacted stands for a secret: whether it is set, never its value.
func redacted(secret string) string {
	if secret == "" {
		return `""`
	}
	return "[redacted]"
}

// channelString and channelLog show a LINE channel's settings (LINE Pay,
// LINE Login, the Messaging API) with its secrets, given as name, value
// pairs, redacted.
func channelString(kind, id, url string, secrets ...string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s{ChannelID: %q", kind, id)
	for i := 0; i+1 < len(secrets); i += 2 {
		fmt.Fprintf(&b, ", %s: %s", secrets[i], redacted(secrets[i+1]))
	}
	fmt.Fprintf(&b, ", URL: %q}", url)
	return b.String()
}

func channelLog(id, url string, secrets ...string) slog.Value {
	attrs := []slog.Attr{slog.String("channelID", id)}
	for i := 0; i+1 < len(secrets); i += 2 {
		attrs = append(attrs, slog.String(secrets[i], redacted(secrets[i+1])))
	}
	return slog.GroupValue(append(attrs, slog.String("url", url))...)
}

// MPGOrder is what we ask the buyer to pay.
type MPGOrder struct {
	MerchantOrderNo string // our order number: at most 30 letters, digits and underscores
	Amount          int    // TWD, from the database
	ItemDesc        string // at most 50 characters; longer is trimmed
	Email           string
	// NotifyURL, ReturnURL and ClientBackURL are absolute, on the trusted
	// public origin.
	NotifyURL, ReturnURL, ClientBackURL string
	Now                                 time.Time // the TimeStamp
}

// PostForm is a form the buyer's browser posts (auto-submitted) to Action.
type PostForm struct {
	Action string
	Fields [][2]string // ordered name/value pairs
}

// Errors of the NewebPay side. Everything that does not verify is
// ErrBadSignature or wraps it (errors.Is(err, ErrBadSignature)).
var (
	ErrNotConfigured = errors.New("providers: payment provider not configured")
	ErrBadSignature  = errors.New("providers: signature does not verify")
	ErrWrongMerchant = fmt.Errorf("%w: another merchant's answer", ErrBadSignature)
	ErrMalformed     = fmt.Errorf("%w: malformed TradeInfo", ErrBadSignature)
	ErrBadOrder      = errors.New("providers: order not fit for the provider")
)

var merchantOrderNo = regexp.MustCompile(`^[A-Za-z0-9_]{1,30}$`)

// Checkout builds the form that takes the buyer to the MPG gateway.
func (n NewebPay) Checkout(o MPGOrder) (PostForm, error) {
	if !n.Configured() {
		return PostForm{}, ErrNotConfigured
	}
	if !merchantOrderNo.MatchString(o.MerchantOrderNo) {
		return PostForm{}, fmt.Errorf("%w: MerchantOrderNo %q is not 1-30 letters, digits or underscores", ErrBadOrder, o.MerchantOrderNo)
	}
	if o.Amount <= 0 {
		return PostForm{}, fmt.Errorf("%w: amount %d", ErrBadOrder, o.Amount)
	}
	for _, u := range []string{o.NotifyURL, o.ReturnURL, o.ClientBackURL} {
		if u == "" {
			continue
		}
		if p, err := url.Parse(u); err != nil || !p.IsAbs() || p.Host == "" {
			return PostForm{}, fmt.Errorf("%w: %q is not an absolute URL", ErrBadOrder, u)
		}
	}
	fields := [][2]string{
		{"MerchantID", n.MerchantID},
		{"RespondType", "JSON"},
		{"TimeStamp", strconv.FormatInt(o.Now.Unix(), 10)},
		{"Version", MPGVersion},
		{"MerchantOrderNo", o.MerchantOrderNo},
		{"Amt", strconv.Itoa(o.Amount)},
		{"ItemDesc", trimRunes(o.ItemDesc, 50)},
		{"Email", o.Email},
		{"NotifyURL", o.NotifyURL},
		{"ReturnURL", o.ReturnURL},
		{"ClientBackURL", o.ClientBackURL},
		{"CREDIT", "1"},
	}
	info, err := n.encrypt(encodeQuery(fields))
	if err != nil {
		return PostForm{}, err
	}
	return PostForm{Action: strings.TrimSuffix(n.URL, "/") + "/MPG/mpg_gateway", Fields: [][2]string{
		{"MerchantID", n.MerchantID},
		{"TradeInfo", info},
		{"TradeSha", n.tradeSha(info)},
		{"Version", MPGVersion},
	}}, nil
}

// MPGResult is a notification (NotifyURL, server to server) or a return
// (ReturnURL, browser) after its TradeSha and MerchantID verified.
type MPGResult struct {
	Status, Message                        string // Status "SUCCESS" or the provider's error code
	MerchantOrderNo                        string
	Amount                                 int
	TradeNo, PaymentType, Card4No, PayTime string
	Card6No, RespondCode, Auth             string // the card's first 6 digits; the bank's answer ("00" approved); the authorisation code
}

// Paid reports whether the result is a successful payment.
func (r MPGResult) Paid() bool { return r.Status == "SUCCESS" }

// mpgAnswer is TradeInfo's JSON (RespondType=JSON).
type mpgAnswer struct {
	Status  string          `json:"Status"`
	Message string          `json:"Message"`
	Result  json.RawMessage `json:"Result"`
}

// mpgResultFields are the Result fields we read. Amt is a number in the
// gateway's JSON; flexString takes a number or a string.
type mpgResultFields struct {
	MerchantID      flexString `json:"MerchantID"`
	Amt             flexString `json:"Amt"`
	TradeNo         flexString `json:"TradeNo"`
	MerchantOrderNo flexString `json:"MerchantOrderNo"`
	PaymentType     flexString `json:"PaymentType"`
	RespondCode     flexString `json:"RespondCode"`
	Auth            flexString `json:"Auth"`
	Card6No         flexString `json:"Card6No"`
	Card4No         flexString `json:"Card4No"`
	PayTime         flexString `json:"PayTime"`
}

// flexString is a JSON string or number, kept as its text.
type flexString string

func (f *flexString) UnmarshalJSON(b []byte) error {
	if bytes.Equal(b, []byte("null")) {
		*f = ""
		return nil
	}
	if len(b) > 0 && b[0] == '"' {
		var s string
		if err := json.Unmarshal(b, &s); err != nil {
			return err
		}
		*f = flexString(s)
		return nil
	}
	var n json.Number
	if err := json.Unmarshal(b, &n); err != nil {
		return err
	}
	*f = flexString(n)
	return nil
}

// Result verifies a NotifyURL or ReturnURL post and reads it. Anything that
// does not verify (TradeSha, MerchantID, TradeInfo) is an error wrapping
// ErrBadSignature; the caller still checks the order number and amount
// against its order.
func (n NewebPay) Result(form url.Values) (MPGResult, error) {
	if !n.Configured() {
		return MPGResult{}, ErrNotConfigured
	}
	info, sha := form.Get("TradeInfo"), form.Get("TradeSha")
	if info == "" || sha == "" {
		return MPGResult{}, fmt.Errorf("%w: TradeInfo or TradeSha missing", ErrBadSignature)
	}
	if subtle.ConstantTimeCompare([]byte(strings.ToUpper(sha)), []byte(n.tradeSha(info))) != 1 {
		return MPGResult{}, ErrBadSignature
	}
	if form.Get("MerchantID") != n.MerchantID {
		return MPGResult{}, ErrWrongMerchant
	}
	plain, err := n.decrypt(info)
	if err != nil {
		return MPGResult{}, err
	}
	var a mpgAnswer
	if err := json.Unmarshal(plain, &a); err != nil || a.Status == "" {
		return MPGResult{}, fmt.Errorf("%w: not the JSON answer", ErrMalformed)
	}
	var f mpgResultFields
	if len(a.Result) > 0 && a.Result[0] == '{' {
		if err := json.Unmarshal(a.Result, &f); err != nil {
			return MPGResult{}, fmt.Errorf("%w: Result: %v", ErrMalformed, err)
		}
	}
	if f.MerchantID != "" && string(f.MerchantID) != n.MerchantID {
		return MPGResult{}, ErrWrongMerchant
	}
	r := MPGResult{Status: a.Status, Message: a.Message, MerchantOrderNo: string(f.MerchantOrderNo),
		TradeNo: string(f.TradeNo), PaymentType: string(f.PaymentType), Card4No: string(f.Card4No), PayTime: string(f.PayTime),
		Card6No: string(f.Card6No), RespondCode: string(f.RespondCode), Auth: string(f.Auth)}
	if f.Amt != "" {
		if r.Amount, err = strconv.Atoi(string(f.Amt)); err != nil {
			return MPGResult{}, fmt.Errorf("%w: Amt %q", ErrMalformed, f.Amt)
		}
	}
	return r, nil
}

// tradeSha is TradeSha of an encrypted TradeInfo.
func (n NewebPay) tradeSha(info string) string {
	sum := sha256.Sum256([]byte("HashKey=" + n.HashKey + "&" + info + "&HashIV=" + n.HashIV))
	return strings.ToUpper(hex.EncodeToString(sum[:]))
}

// mpgBlock is the padding block of the manual's sample (PKCS #7 to 32 bytes).
const mpgBlock = 32

// encrypt is TradeInfo of a query.
func (n NewebPay) encrypt(query string) (string, error) {
	block, err := n.cipher()
	if err != nil {
		return "", err
	}
	pad := mpgBlock - len(query)%mpgBlock
	buf := append([]byte(query), bytes.Repeat([]byte{byte(pad)}, pad)...)
	cipher.NewCBCEncrypter(block, []byte(n.HashIV)).CryptBlocks(buf, buf)
	return hex.EncodeToString(buf), nil
}

// decrypt is the plain text of a TradeInfo. It accepts PKCS #7 padding to
// a 16-byte block (most libraries) or a 32-byte one (the manual's sample).
func (n NewebPay) decrypt(info string) ([]byte, error) {
	block, err := n.cipher()
	if err != nil {
		return nil, err
	}
	buf, err := hex.DecodeString(info)
	if err != nil {
		return nil, fmt.Errorf("%w: not hex", ErrMalformed)
	}
	if len(buf) == 0 || len(buf)%aes.BlockSize != 0 {
		return nil, fmt.Errorf("%w: length %d is not a whole number of blocks", ErrMalformed, len(buf))
	}
	cipher.NewCBCDecrypter(block, []byte(n.HashIV)).CryptBlocks(buf, buf)
	pad := int(buf[len(buf)-1])
	if pad == 0 || pad > mpgBlock || pad > len(buf) {
		return nil, fmt.Errorf("%w: bad padding", ErrMalformed)
	}
	for _, b := range buf[len(buf)-pad:] {
		if int(b) != pad {
			return nil, fmt.Errorf("%w: bad padding", ErrMalformed)
		}
	}
	return buf[:len(buf)-pad], nil
}

// cipher is the AES-256 block of HashKey; HashIV must be 16 bytes.
func (n NewebPay) cipher() (cipher.Block, error) {
	if len(n.HashKey) != 32 || len(n.HashIV) != aes.BlockSize {
		return nil, errors.New("providers: NewebPay HashKey must be 32 characters and HashIV 16") // never the values
	}
	return aes.NewCipher([]byte(n.HashKey))
}

// encodeQuery is the URL-encoded query of ordered fields (as PHP's
// http_build_query, which the manual's samples use: spaces are "+").
func encodeQuery(fields [][2]string) string {
	var b strings.Builder
	for i, f := range fields {
		if i > 0 {
			b.WriteByte('&')
		}
		b.WriteString(url.QueryEscape(f[0]) + "=" + url.QueryEscape(f[1]))
	}
	return b.String()
}

// trimRunes cuts s to at most n characters.
func trimRunes(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	return string([]rune(s)[:n])
}
