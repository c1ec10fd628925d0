package providers

// NewebPay's trade query (單筆交易查詢, QueryTradeInfo, Version 1.3): a
// server post to {gateway}/API/QueryTradeInfo of MerchantID, Version,
// RespondType=JSON, CheckValue, TimeStamp, MerchantOrderNo and Amt, in
// plain form fields. CheckValue is the upper-case hex SHA-256 of
// "IV={HashIV}&Amt=…&MerchantID=…&MerchantOrderNo=…&Key={HashKey}". The
// answer is JSON {Status, Message, Result: {MerchantID, Amt, TradeNo,
// MerchantOrderNo, TradeStatus, PaymentType, PayTime, Card4No, CheckCode,
// ...}}: TradeStatus 0 unpaid, 1 paid, 2 failed, 3 cancelled, 6 refunded;
// CheckCode as the refund API's (checkCode). A trade the gateway never
// saw answers Status TRA10021 with an empty Result.
//
// A query is believed only when Status is SUCCESS, the CheckCode verifies
// and the answer names our merchant, the order and the amount we asked.

import (
	"context"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"
)

// QueryVersion is the version of the trade query.
const QueryVersion = "1.3"

// Trade statuses of the trade query.
const (
	TradeUnpaid    = "0"
	TradePaid      = "1"
	TradeFailed    = "2"
	TradeCancelled = "3"
	TradeRefunded  = "6"
)

// TradeNotFound is the query's Status for a trade the gateway never saw.
const TradeNotFound = "TRA10021"

// Refund states of a card trade in the query's answer (BackStatus), and
// its capture (CloseStatus: 0 not yet, 1 waiting, 2 in progress, 3 done).
const (
	BackNone  = "0" // no refund asked
	BackDone  = "3" // refunded
	CloseNone = "0"
	CloseDone = "3" // captured: refunded, no longer cancelled
)

// Trade is the gateway's verified answer about one MPG trade; a trade it
// never saw is a Trade of status TradeUnpaid with no TradeNo.
type Trade struct {
	MerchantID                       string // the merchant that took it (the sandbox's record)
	MerchantOrderNo, TradeNo, Status string
	Amount                           int
	Card4No, PayTime                 string
	// A card trade's refunds: BackStatus (BackNone, BackDone, or 1, 2
	// while in progress) and BackBalance, what is left to refund (-1:
	// not in the answer).
	BackStatus  string
	BackBalance int
	CloseStatus string
}

// Refunded is what was refunded of the trade, all of it when its
// authorisation was cancelled (0 when the answer does not say).
func (t Trade) Refunded() int {
	if t.Status == TradeCancelled {
		return t.Amount
	}
	if t.BackBalance < 0 {
		return 0
	}
	return t.Amount - t.BackBalance
}

// Paid reports whether the trade was paid.
func (t Trade) Paid() bool { return t.Status == TradePaid }

// queryCheckValue is the CheckValue of a query of order no for amt.
func (n NewebPay) queryCheckValue(amt, no string) string {
	sum := sha256.Sum256([]byte("IV=" + n.HashIV + "&" + encodeQuery([][2]string{{"Amt", amt}, {"MerchantID", n.MerchantID},
		{"MerchantOrderNo", no}}) + "&Key=" + n.HashKey))
	return strings.ToUpper(hex.EncodeToString(sum[:]))
}

// QueryTrade asks the gateway through client (nil: a 20 s client) about
// the MPG trade of order orderNo for amount.
func (n NewebPay) QueryTrade(ctx context.Context, client *http.Client, orderNo string, amount int, now time.Time) (Trade, error) {
	if !n.Configured() {
		return Trade{}, ErrNotConfigured
	}
	if !merchantOrderNo.MatchString(orderNo) || amount <= 0 {
		return Trade{}, fmt.Errorf("%w: query of %q for %d", ErrBadOrder, orderNo, amount)
	}
	if client == nil {
		client = defaultClient
	}
	amt := strconv.Itoa(amount)
	form := url.Values{"MerchantID": {n.MerchantID}, "Version": {QueryVersion}, "RespondType": {"JSON"},
		"CheckValue": {n.queryCheckValue(amt, orderNo)}, "TimeStamp": {strconv.FormatInt(now.Unix(), 10)},
		"MerchantOrderNo": {orderNo}, "Amt": {amt}}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, strings.TrimSuffix(n.URL, "/")+"/API/QueryTradeInfo",
		strings.NewReader(form.Encode()))
	if err != nil {
		return Trade{}, err
	}
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	resp, err := client.Do(req)
	if err != nil {
		return Trade{}, fmt.Errorf("providers: NewebPay trade query: %w", err)
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(resp.Body, 64<<10))
	if err != nil {
		return Trade{}, fmt.Errorf("providers: NewebPay trade query: %w", err)
	}
	var a mpgAnswer
	if err := json.Unmarshal(raw, &a); err != nil || a.Status == "" {
		return Trade{}, fmt.Errorf("%w: trade query answer (HTTP %d) is not the JSON answer", ErrMalformed, resp.StatusCode)
	}
	switch a.Status {
	case "SUCCESS":
	case TradeNotFound:
		return Trade{MerchantOrderNo: orderNo, Status: TradeUnpaid, BackBalance: -1}, nil
	default:
		return Trade{}, fmt.Errorf("providers: NewebPay trade query refused: %s %s", a.Status, a.Message)
	}
	var f struct {
		MerchantID, Amt, TradeNo, MerchantOrderNo, TradeStatus, Card4No, PayTime, CheckCode, BackStatus, BackBalance, CloseStatus flexString
	}
	if err := json.Unmarshal(a.Result, &f); err != nil {
		return Trade{}, fmt.Errorf("%w: Result: %v", ErrMalformed, err)
	}
	want := n.checkCode(string(f.Amt), string(f.MerchantOrderNo), string(f.TradeNo))
	switch {
	case subtle.ConstantTimeCompare([]byte(strings.ToUpper(string(f.CheckCode))), []byte(want)) != 1:
		return Trade{}, fmt.Errorf("%w: trade query CheckCode", ErrBadSignature)
	case string(f.MerchantID) != n.MerchantID:
		return Trade{}, ErrWrongMerchant
	case string(f.MerchantOrderNo) != orderNo || string(f.Amt) != amt:
		return Trade{}, fmt.Errorf("%w: the answer is about order %s of %s", ErrMalformed, f.MerchantOrderNo, f.Amt)
	}
	balance, err := strconv.Atoi(string(f.BackBalance))
	if err != nil || balance > amount {
		balance = -1
	}
	return Trade{MerchantOrderNo: orderNo, TradeNo: string(f.TradeNo), Status: string(f.TradeStatus), Amount: amount,
		Card4No: string(f.Card4No), PayTime: string(f.PayTime), BackStatus: string(f.BackStatus), BackBalance: balance,
		CloseStatus: string(f.CloseStatus)}, nil
}
