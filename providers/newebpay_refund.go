package providers

// NewebPay's credit-card refund (信用卡請退款, NPA-B031, Version 1.1): a
// server post of MerchantID_ and PostData_ to {gateway}/API/CreditCard/Close.
// PostData_ is the AES-256-CBC of the query RespondType=JSON, Version=1.1,
// Amt, MerchantOrderNo, TradeNo, IndexType (1: by MerchantOrderNo, 2: by
// TradeNo), TimeStamp and CloseType (1: capture, 2: refund). The answer is
// JSON {Status, Message, Result: {MerchantID, Amt, MerchantOrderNo,
// TradeNo, CheckCode}}; CheckCode is the upper-case SHA-256 of
// "HashIV={iv}&Amt=…&MerchantID=…&MerchantOrderNo=…&TradeNo=…&HashKey={key}"
// (the fields in A-Z order), as on NewebPay's other answers.
//
// A refund is believed only when Status is SUCCESS, the CheckCode verifies
// and the answer names our merchant, the trade and the amount we asked.
//
// A card trade is authorised at payment and captured (請款) at the
// gateway's daily close; before that it is not refunded but its
// authorisation cancelled (取消授權, NPA-B01, Version 1.0): the same post
// to {gateway}/API/CreditCard/Cancel of RespondType, Version, Amt (the
// whole authorised amount), MerchantOrderNo, TradeNo, IndexType and
// TimeStamp, with the same answer. The trade query's CloseStatus tells
// whether the trade is captured (CloseDone).

import (
	"context"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// RefundVersion is the version of the refund API.
const RefundVersion = "1.1"

// CloseTypeRefund is CloseType 2: a refund of a captured trade.
const CloseTypeRefund = "2"

// CancelVersion is the version of the authorisation cancel API.
const CancelVersion = "1.0"

// ErrRefundRefused is a refund the gateway refused (its code in the message).
var ErrRefundRefused = fmt.Errorf("providers: NewebPay refused the refund")

// Refund is one refund to ask for: the whole Amount of trade TradeNo
// (its MerchantOrderNo is the trade's own: a period's is MerOrderNo_n).
type Refund struct {
	MerchantOrderNo, TradeNo string
	Amount                   int
	Now                      time.Time
}

// checkCode is the CheckCode of an answer about trade tradeNo.
func (n NewebPay) checkCode(amt, merchantOrderNo, tradeNo string) string {
	sum := sha256.Sum256([]byte("HashIV=" + n.HashIV + "&" + encodeQuery([][2]string{{"Amt", amt}, {"MerchantID", n.MerchantID},
		{"MerchantOrderNo", merchantOrderNo}, {"TradeNo", tradeNo}}) + "&HashKey=" + n.HashKey))
	return strings.ToUpper(hex.EncodeToString(sum[:]))
}

// Refund asks the gateway to refund r through client (nil: a 20 s client),
// and returns nil only for a verified SUCCESS answer about r.
func (n NewebPay) Refund(ctx context.Context, client *http.Client, r Refund) error {
	return n.close(ctx, client, "/API/CreditCard/Close", r, [][2]string{{"RespondType", "JSON"}, {"Version", RefundVersion},
		{"Amt", strconv.Itoa(r.Amount)}, {"MerchantOrderNo", r.MerchantOrderNo}, {"TradeNo", r.TradeNo}, {"IndexType", "2"},
		{"TimeStamp", strconv.FormatInt(r.Now.Unix(), 10)}, {"CloseType", CloseTypeRefund}})
}

// CancelAuthorisation asks the gateway to cancel the authorisation of the
// trade of r, not captured yet (r.Amount its whole amount), and returns
// nil only for a verified SUCCESS answer about r.
func (n NewebPay) CancelAuthorisation(ctx context.Context, client *http.Client, r Refund) error {
	return n.close(ctx, client, "/API/CreditCard/Cancel", r, [][2]string{{"RespondType", "JSON"}, {"Version", CancelVersion},
		{"Amt", strconv.Itoa(r.Amount)}, {"MerchantOrderNo", r.MerchantOrderNo}, {"TradeNo", r.TradeNo}, {"IndexType", "2"},
		{"TimeStamp", strconv.FormatInt(r.Now.Unix(), 10)}})
}

// close posts fields to path (the refund or the cancel) and verifies the
// answer about r.
func (n NewebPay) close(ctx context.Context, client *http.Client, path string, r Refund, fields [][2]string) error {
	if !n.Configured() {
		return ErrNotConfigured
	}
	if r.Amount <= 0 || r.TradeNo == "" {
		return fmt.Errorf("%w: refund of %d for trade %q", ErrBadOrder, r.Amount, r.TradeNo)
	}
	raw, code, err := n.postData(ctx, client, path, fields)
	if err != nil {
		return err
	}
	var a mpgAnswer
	if err := json.Unmarshal(raw, &a); err != nil || a.Status == "" {
		return fmt.Errorf("%w: answer %d is not the JSON answer", ErrMalformed, code)
	}
	if a.Status != "SUCCESS" {
		return fmt.Errorf("%w: %s %s", ErrRefundRefused, a.Status, a.Message)
	}
	var f struct {
		MerchantID, Amt, MerchantOrderNo, TradeNo, CheckCode flexString
	}
	if err := json.Unmarshal(a.Result, &f); err != nil {
		return fmt.Errorf("%w: Result: %v", ErrMalformed, err)
	}
	want := n.checkCode(string(f.Amt), string(f.MerchantOrderNo), string(f.TradeNo))
	switch {
	case subtle.ConstantTimeCompare([]byte(strings.ToUpper(string(f.CheckCode))), []byte(want)) != 1:
		return fmt.Errorf("%w: refund CheckCode", ErrBadSignature)
	case string(f.MerchantID) != n.MerchantID:
		return ErrWrongMerchant
	case string(f.TradeNo) != r.TradeNo || string(f.Amt) != strconv.Itoa(r.Amount):
		return fmt.Errorf("%w: the answer is about trade %s of %s", ErrMalformed, f.TradeNo, f.Amt)
	}
	return nil
}
