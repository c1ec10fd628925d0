package providers

// LINE Pay: LINE Pay Online API v3 (the "LINE Pay Online API" developer
// documentation, v3; LINE Pay Appendix for the return codes).
//
//   - POST /v3/payments/request with {amount, currency: "TWD", orderId,
//     packages: [{id, amount, name, products: [{name, quantity, price}]}],
//     redirectUrls: {confirmUrl, cancelUrl}} answers {returnCode: "0000",
//     info: {paymentUrl: {web, app}, transactionId}}; the buyer approves on
//     paymentUrl and comes back on confirmUrl?transactionId=..&orderId=..
//     (or cancelUrl).
//   - POST /v3/payments/{transactionId}/confirm with {amount, currency}
//     completes the payment; GET /v3/payments/requests/{transactionId}/check
//     tells a request's status (0000 awaiting the buyer, 0110 approved,
//     0121 cancelled or expired, 0122 failed, 0123 paid).
//   - GET /v3/payments?transactionId=..&orderId=.. ("Payment Details")
//     lists the confirmed payments: info[] of {transactionId, orderId,
//     transactionType PAYMENT, payInfo: [{method, amount,
//     maskedCreditCardNumber}], refundList}; 1150 when there is none.
//   - POST /v3/payments/{transactionId}/refund with {refundAmount} refunds
//     part or all of a confirmed payment: info {refundTransactionId,
//     refundTransactionDate}; 1165 when it was refunded whole already,
//     1164 when the amount exceeds what is left. Payment Details lists
//     the refunds in refundList [{refundTransactionId, transactionType
//     PAYMENT_REFUND, refundAmount (negative), refundTransactionDate}].
//   - Every call carries Content-Type: application/json, X-LINE-ChannelId,
//     X-LINE-Authorization-Nonce (a UUID) and X-LINE-Authorization =
//     Base64(HMAC-SHA256(key: ChannelSecret, ChannelSecret + URI path +
//     body + nonce)) (for a GET, the query string in place of the body).
//   - transactionId is a 19-digit number: it is read as text, never as a
//     float64.
//   - returnCode other than "0000" is an error: 1106 header error, 1124
//     amount error, 1150 transaction not found, 1165 already cancelled,
//     1169 not approved by the buyer, 1172 same orderId exists, 1180
//     expired, 9000 internal error, ...

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/url"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/google/uuid"
)

// LinePay is LINE Pay Online API v3.
type LinePay struct {
	ChannelID, ChannelSecret string
	// URL is https://sandbox-api-pay.line.me, https://api-pay.line.me, or
	// the sandbox's {origin}/dev/linepay.
	URL  string
	HTTP *http.Client // nil: a client with a 20 s timeout
}

// Configured reports whether every setting is present.
func (l LinePay) Configured() bool { return l.ChannelID != "" && l.ChannelSecret != "" && l.URL != "" }

// String shows the settings with the secret (ChannelSecret) redacted.
func (l LinePay) String() string {
	return channelString("LinePay", l.ChannelID, l.URL, "ChannelSecret", l.ChannelSecret)
}

// GoString is String (for %#v).
func (l LinePay) GoString() string { return l.String() }

// LogValue logs the settings with the secret redacted.
func (l LinePay) LogValue() slog.Value {
	return channelLog(l.ChannelID, l.URL, "channelSecret", l.ChannelSecret)
}

// LinePayRequest is a payment we ask LINE Pay for.
type LinePayRequest struct {
	OrderID     string
	Amount      int // TWD, from the database
	ProductName string
	// ConfirmURL and CancelURL are absolute, on the trusted public origin;
	// LINE Pay adds transactionId and orderId to ConfirmURL.
	ConfirmURL, CancelURL string
}

// LinePayRedirect is where the buyer approves the payment: WebURL in a
// browser, AppURL in the app webview.
type LinePayRedirect struct{ TransactionID, WebURL, AppURL string }

// LinePayConfirm is a confirmed payment.
type LinePayConfirm struct {
	OrderID, TransactionID string
	Amount                 int
	MaskedCard             string // if given
}

// LinePayError is an answer whose returnCode is not "0000".
type LinePayError struct {
	Code, Message string
}

func (e *LinePayError) Error() string { return "LINE Pay " + e.Code + ": " + e.Message }

// LINE Pay return codes (LINE Pay Appendix).
const (
	LinePayOK             = "0000"
	LinePayHeaderError    = "1106"
	LinePayAmountError    = "1124"
	LinePayOverRefund     = "1164"
	LinePayNotFound       = "1150"
	LinePayCancelled      = "1165"
	LinePayNotApproved    = "1169"
	LinePayOrderIDExists  = "1172"
	LinePayExpired        = "1180"
	LinePayParameterError = "2101"
	LinePayInternalError  = "9000"
)

// transactionID is the shape of a transactionId we put in a path.
var transactionID = regexp.MustCompile(`^[0-9]{1,20}$`)

type linePayPackage struct {
	ID       string           `json:"id"`
	Amount   int              `json:"amount"`
	Name     string           `json:"name"`
	Products []linePayProduct `json:"products"`
}

type linePayProduct struct {
	Name     string `json:"name"`
	Quantity int    `json:"quantity"`
	Price    int    `json:"price"`
}

type linePayRequestBody struct {
	Amount       int              `json:"amount"`
	Currency     string           `json:"currency"`
	OrderID      string           `json:"orderId"`
	Packages     []linePayPackage `json:"packages"`
	RedirectURLs struct {
		ConfirmURL string `json:"confirmUrl"`
		CancelURL  string `json:"cancelUrl"`
	} `json:"redirectUrls"`
}

type linePayConfirmBody struct {
	Amount   int    `json:"amount"`
	Currency string `json:"currency"`
}

// linePayAnswer is the envelope of every answer.
type linePayAnswer struct {
	ReturnCode    string          `json:"returnCode"`
	ReturnMessage string          `json:"returnMessage"`
	Info          json.RawMessage `json:"info"`
}

type linePayRequestInfo struct {
	PaymentURL struct {
		Web string `json:"web"`
		App string `json:"app"`
	} `json:"paymentUrl"`
	TransactionID json.Number `json:"transactionId"`
}

type linePayConfirmInfo struct {
	OrderID       string      `json:"orderId"`
	TransactionID json.Number `json:"transactionId"`
	PayInfo       []struct {
		Method                 string `json:"method"`
		Amount                 int    `json:"amount"`
		MaskedCreditCardNumber string `json:"maskedCreditCardNumber"`
	} `json:"payInfo"`
}

// Request asks LINE Pay for a payment and returns where the buyer
// approves it.
func (l LinePay) Request(ctx context.Context, r LinePayRequest) (LinePayRedirect, error) {
	if !l.Configured() {
		return LinePayRedirect{}, ErrNotConfigured
	}
	if r.OrderID == "" || r.Amount <= 0 {
		return LinePayRedirect{}, fmt.Errorf("%w: order %q, amount %d", ErrBadOrder, r.OrderID, r.Amount)
	}
	for _, u := range []string{r.ConfirmURL, r.CancelURL} {
		if p, err := url.Parse(u); err != nil || !p.IsAbs() || p.Host == "" {
			return LinePayRedirect{}, fmt.Errorf("%w: %q is not an absolute URL", ErrBadOrder, u)
		}
	}
	name := trimRunes(r.ProductName, 100)
	body := linePayRequestBody{Amount: r.Amount, Currency: "TWD", OrderID: r.OrderID,
		Packages: []linePayPackage{{ID: r.OrderID, Amount: r.Amount, Name: name,
			Products: []linePayProduct{{Name: name, Quantity: 1, Price: r.Amount}}}}}
	body.RedirectURLs.ConfirmURL, body.RedirectURLs.CancelURL = r.ConfirmURL, r.CancelURL
	var info linePayRequestInfo
	if _, err := l.call(ctx, "/v3/payments/request", body, &info); err != nil {
		return LinePayRedirect{}, err
	}
	if !transactionID.MatchString(info.TransactionID.String()) || info.PaymentURL.Web == "" {
		return LinePayRedirect{}, fmt.Errorf("providers: LINE Pay answered no transaction (%q)", info.TransactionID)
	}
	return LinePayRedirect{TransactionID: info.TransactionID.String(), WebURL: info.PaymentURL.Web, AppURL: info.PaymentURL.App}, nil
}

// Confirm confirms a payment the buyer approved; amount is the order's
// amount from our database. A provider error is a *LinePayError{Code,
// Message}.
func (l LinePay) Confirm(ctx context.Context, transactionID string, amount int) (LinePayConfirm, error) {
	if !l.Configured() {
		return LinePayConfirm{}, ErrNotConfigured
	}
	if !validTransactionID(transactionID) {
		return LinePayConfirm{}, fmt.Errorf("%w: transactionId %q", ErrBadOrder, transactionID)
	}
	var info linePayConfirmInfo
	if _, err := l.call(ctx, "/v3/payments/"+transactionID+"/confirm", linePayConfirmBody{Amount: amount, Currency: "TWD"}, &info); err != nil {
		return LinePayConfirm{}, err
	}
	c := LinePayConfirm{OrderID: info.OrderID, TransactionID: info.TransactionID.String(), Amount: amount}
	if c.TransactionID == "" {
		c.TransactionID = transactionID
	}
	for _, p := range info.PayInfo {
		if p.MaskedCreditCardNumber != "" {
			c.MaskedCard = p.MaskedCreditCardNumber
		}
	}
	return c, nil
}

func validTransactionID(id string) bool { return transactionID.MatchString(id) }

// Statuses of a payment request (Check).
const (
	LinePayStatusPending   = "0000" // the buyer has not approved it yet
	LinePayStatusApproved  = "0110" // approved: Confirm may be called
	LinePayStatusCancelled = "0121" // cancelled by the buyer, or expired
	LinePayStatusFailed    = "0122" // failed
	LinePayStatusPaid      = "0123" // confirmed
)

// Check asks the status of a payment request (GET
// /v3/payments/requests/{transactionId}/check): one of the
// LinePayStatus... codes. After a Confirm whose answer was lost it tells
// whether the payment went through (LinePayStatusPaid).
func (l LinePay) Check(ctx context.Context, transactionID string) (string, error) {
	if !l.Configured() {
		return "", ErrNotConfigured
	}
	if !validTransactionID(transactionID) {
		return "", fmt.Errorf("%w: transactionId %q", ErrBadOrder, transactionID)
	}
	return l.call(ctx, "/v3/payments/requests/"+transactionID+"/check", nil, nil,
		LinePayStatusApproved, LinePayStatusCancelled, LinePayStatusFailed, LinePayStatusPaid)
}

// LinePayPayment is what Payment Details says of one order's payment.
type LinePayPayment struct {
	Paid       bool // a confirmed PAYMENT of the order exists
	Amount     int  // what it paid, TWD
	MaskedCard string
	Refunded   int // what its refunds gave back, TWD
}

type linePayDetailsInfo struct {
	TransactionID   json.Number `json:"transactionId"`
	OrderID         string      `json:"orderId"`
	TransactionType string      `json:"transactionType"`
	PayInfo         []struct {
		Amount                 int    `json:"amount"`
		MaskedCreditCardNumber string `json:"maskedCreditCardNumber"`
	} `json:"payInfo"`
	RefundList []struct {
		RefundAmount int `json:"refundAmount"`
	} `json:"refundList"`
}

// Details asks Payment Details (GET /v3/payments) whether the request
// transactionID of order orderID was confirmed: LINE Pay's "none" (1150)
// is an unpaid answer, not an error.
func (l LinePay) Details(ctx context.Context, transactionID, orderID string) (LinePayPayment, error) {
	if !l.Configured() {
		return LinePayPayment{}, ErrNotConfigured
	}
	if !validTransactionID(transactionID) || orderID == "" {
		return LinePayPayment{}, fmt.Errorf("%w: transactionId %q, orderId %q", ErrBadOrder, transactionID, orderID)
	}
	q := url.Values{"transactionId": {transactionID}, "orderId": {orderID}}.Encode()
	var info []linePayDetailsInfo
	if _, err := l.call(ctx, "/v3/payments?"+q, nil, &info); err != nil {
		var lp *LinePayError
		if errors.As(err, &lp) && lp.Code == LinePayNotFound {
			return LinePayPayment{}, nil
		}
		return LinePayPayment{}, err
	}
	var p LinePayPayment
	for _, t := range info {
		if t.TransactionID.String() != transactionID || t.OrderID != orderID || t.TransactionType != "PAYMENT" {
			continue
		}
		p.Paid = true
		for _, pi := range t.PayInfo {
			p.Amount += pi.Amount
			if pi.MaskedCreditCardNumber != "" {
				p.MaskedCard = pi.MaskedCreditCardNumber
			}
		}
		for _, r := range t.RefundList {
			p.Refunded += max(r.RefundAmount, -r.RefundAmount)
		}
	}
	return p, nil
}

// Refund refunds amount of confirmed payment transactionID and returns
// LINE Pay's refund transaction id; a refusal is a *LinePayError (1165:
// refunded whole already; 1164: more than is left).
func (l LinePay) Refund(ctx context.Context, transactionID string, amount int) (string, error) {
	if !l.Configured() {
		return "", ErrNotConfigured
	}
	if !validTransactionID(transactionID) || amount <= 0 {
		return "", fmt.Errorf("%w: refund of %d of transactionId %q", ErrBadOrder, amount, transactionID)
	}
	var info struct {
		RefundTransactionID json.Number `json:"refundTransactionId"`
	}
	if _, err := l.call(ctx, "/v3/payments/"+transactionID+"/refund", map[string]int{"refundAmount": amount}, &info); err != nil {
		return "", err
	}
	if !validTransactionID(info.RefundTransactionID.String()) {
		return "", fmt.Errorf("%w: refund answered no refund transaction (%q)", ErrMalformed, info.RefundTransactionID)
	}
	return info.RefundTransactionID.String(), nil
}

// LinePaySign is the X-LINE-Authorization value for secret, path, body and
// nonce (exported: the sandbox and tests use it).
func LinePaySign(secret, path, body, nonce string) string {
	m := hmac.New(sha256.New, []byte(secret))
	io.WriteString(m, secret+path+body+nonce)
	return base64.StdEncoding.EncodeToString(m.Sum(nil))
}

// call sends a signed request to path (a POST of body as JSON, or a GET
// when body is nil, its query signed in place of a body) and reads the answer's info into info; it returns the
// answer's returnCode. A returnCode other than "0000" and the ones in ok
// is a *LinePayError.
func (l LinePay) call(ctx context.Context, path string, body, info any, ok ...string) (string, error) {
	uri, query, _ := strings.Cut(path, "?")
	method, signed, payload := http.MethodGet, query, io.Reader(nil)
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			return "", err
		}
		method, signed, payload = http.MethodPost, string(b), bytes.NewReader(b)
	}
	nonce := uuid.NewString()
	req, err := http.NewRequestWithContext(ctx, method, strings.TrimSuffix(l.URL, "/")+path, payload)
	if err != nil {
		return "", err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-LINE-ChannelId", l.ChannelID)
	req.Header.Set("X-LINE-Authorization-Nonce", nonce)
	req.Header.Set("X-LINE-Authorization", LinePaySign(l.ChannelSecret, uri, signed, nonce))
	client := l.HTTP
	if client == nil {
		client = defaultClient
	}
	resp, err := client.Do(req)
	if err != nil {
		return "", fmt.Errorf("providers: LINE Pay %s: %w", path, err)
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if err != nil {
		return "", fmt.Errorf("providers: LINE Pay %s: %w", path, err)
	}
	var a linePayAnswer
	if err := json.Unmarshal(raw, &a); err != nil || a.ReturnCode == "" {
		return "", fmt.Errorf("providers: LINE Pay %s answered HTTP %d without a returnCode", path, resp.StatusCode)
	}
	if a.ReturnCode != LinePayOK && !slices.Contains(ok, a.ReturnCode) {
		return "", &LinePayError{Code: a.ReturnCode, Message: a.ReturnMessage}
	}
	if info != nil && len(a.Info) > 0 {
		if err := json.Unmarshal(a.Info, info); err != nil {
			return "", fmt.Errorf("providers: LINE Pay %s: info: %w", path, err)
		}
	}
	return a.ReturnCode, nil
}

// defaultClient is the client of a LinePay without one (and of the
// NewebPay sandbox's notifications).
var defaultClient = &http.Client{Timeout: 20 * time.Second}
