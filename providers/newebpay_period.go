package providers

// NewebPay's periodic card payment (信用卡定期定額, payment way '1'):
// 藍新金流「信用卡定期定額技術串接手冊」(NDNP-1.0.x). It shares the
// merchant's MerchantID, HashKey and HashIV and the AES-256-CBC of MPG
// (newebpay.go), but has its own envelope: no TradeSha, the merchant id in
// MerchantID_ and the encrypted query in PostData_.
//
//   - Creating a mandate (建立委託, NPA-B05): the buyer's browser posts
//     MerchantID_ and PostData_ to {gateway}/MPG/period. PostData_ is the
//     encrypted query of RespondType=JSON, TimeStamp, Version=1.5,
//     LangType, MerOrderNo, ProdDesc, PeriodAmt, PeriodType (D, W, M, Y),
//     PeriodPoint (M: the day of the month, 01-31), PeriodStartType (1: a
//     ten-dollar check, 2: the first period charged at once, 3: no check),
//     PeriodTimes, PayerEmail, EmailModify, PaymentInfo, OrderInfo,
//     ReturnURL, NotifyURL and BackURL.
//   - Its result goes to ReturnURL (the browser) and NotifyURL (server to
//     server) as one form field, Period: the encrypted JSON {Status,
//     Message, Result: {MerchantID, MerchantOrderNo, PeriodType,
//     AuthTimes, DateArray, PeriodAmt, PeriodNo, AuthTime, TradeNo,
//     CardNo, AuthCode, RespondCode, EscrowBank, AuthBank, PaymentMethod}}.
//   - Each later period's authorisation (每期授權完成, NPA-N050) goes to
//     NotifyURL the same way, its Result {RespondCode, MerchantID,
//     MerchantOrderNo, OrderNo, TradeNo, AuthDate, TotalTimes,
//     AlreadyTimes, AuthAmt, AuthCode, EscrowBank, AuthBank,
//     NextAuthDate, PeriodNo}.
//   - Changing a mandate's state (修改委託狀態, NPA-B051): a server post of
//     MerchantID_ and PostData_ (RespondType, Version=1.0, MerOrderNo,
//     PeriodNo, AlterType suspend/terminate/restart, TimeStamp) to
//     {gateway}/MPG/period/AlterStatus; the answer is JSON, its fields
//     encrypted in "period" (some answers carry Status in the clear).
//
// With no TradeSha, a result is believed only when Period decrypts with
// our key to the JSON answer and its MerchantID is ours; the caller then
// checks the order number and the amount against its mandate.

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"storefront"
)

// Versions of the periodic API.
const (
	PeriodVersion      = "1.5"
	AlterStatusVersion = "1.0"
)

// Period start types (PeriodStartType).
const (
	PeriodStartTenDollar = 1 // a ten-dollar check, cancelled at once: nothing charged
	PeriodStartCharge    = 2 // the first period charged when the mandate is made
)

// PeriodMandate is a mandate we ask the buyer to make.
type PeriodMandate struct {
	MerOrderNo  string // at most 30 letters, digits and underscores
	Amount      int    // each period, TWD, from the database
	ProdDesc    string // at most 100 characters (letters, digits, spaces, underscores, CJK)
	PeriodType  string // D, W, M or Y
	PeriodPoint string // M: the day of the month, 01-31
	StartType   int    // PeriodStartTenDollar or PeriodStartCharge
	Times       int    // periods, 1-99
	Email       string
	// ReturnURL, NotifyURL and BackURL are absolute, on the trusted
	// public origin.
	ReturnURL, NotifyURL, BackURL string
	Now                           time.Time
}

// Mandate builds the form that takes the buyer to the periodic gateway.
func (n NewebPay) Mandate(m PeriodMandate) (PostForm, error) {
	if !n.Configured() {
		return PostForm{}, ErrNotConfigured
	}
	switch {
	case !merchantOrderNo.MatchString(m.MerOrderNo):
		return PostForm{}, fmt.Errorf("%w: MerOrderNo %q", ErrBadOrder, m.MerOrderNo)
	case m.Amount <= 0 || m.Amount > 999999:
		return PostForm{}, fmt.Errorf("%w: PeriodAmt %d", ErrBadOrder, m.Amount)
	case m.Times < 1 || m.Times > 99:
		return PostForm{}, fmt.Errorf("%w: PeriodTimes %d", ErrBadOrder, m.Times)
	case m.StartType != PeriodStartTenDollar && m.StartType != PeriodStartCharge:
		return PostForm{}, fmt.Errorf("%w: PeriodStartType %d", ErrBadOrder, m.StartType)
	case !strings.Contains("DWMY", m.PeriodType) || len(m.PeriodType) != 1:
		return PostForm{}, fmt.Errorf("%w: PeriodType %q", ErrBadOrder, m.PeriodType)
	}
	for _, u := range []string{m.ReturnURL, m.NotifyURL, m.BackURL} {
		if u != "" && originOf(u) == "" {
			return PostForm{}, fmt.Errorf("%w: %q is not an absolute URL", ErrBadOrder, u)
		}
	}
	fields := [][2]string{
		{"RespondType", "JSON"},
		{"TimeStamp", strconv.FormatInt(m.Now.Unix(), 10)},
		{"Version", PeriodVersion},
		{"LangType", "zh-Tw"},
		{"MerOrderNo", m.MerOrderNo},
		{"ProdDesc", prodDesc(m.ProdDesc)},
		{"PeriodAmt", strconv.Itoa(m.Amount)},
		{"PeriodType", m.PeriodType},
		{"PeriodPoint", m.PeriodPoint},
		{"PeriodStartType", strconv.Itoa(m.StartType)},
		{"PeriodTimes", strconv.Itoa(m.Times)},
		{"PayerEmail", m.Email},
		{"EmailModify", "0"},
		{"PaymentInfo", "N"},
		{"OrderInfo", "N"},
		{"ReturnURL", m.ReturnURL},
		{"NotifyURL", m.NotifyURL},
		{"BackURL", m.BackURL},
	}
	data, err := n.encrypt(encodeQuery(fields))
	if err != nil {
		return PostForm{}, err
	}
	return PostForm{Action: strings.TrimSuffix(n.URL, "/") + "/MPG/period", Fields: [][2]string{
		{"MerchantID_", n.MerchantID},
		{"PostData_", data},
	}}, nil
}

// prodDesc keeps what the gateway takes in ProdDesc (PER10028: letters,
// digits, spaces, underscores and CJK), at most 100 characters.
func prodDesc(s string) string {
	s = strings.Map(func(r rune) rune {
		switch {
		case r == ' ' || r == '_' || r >= '0' && r <= '9' || r >= 'A' && r <= 'Z' || r >= 'a' && r <= 'z' || r >= 0x3400 && r <= 0x9fff:
			return r
		case r == ',' || r == '，' || r == '、':
			return ' '
		}
		return -1
	}, s)
	if s = strings.TrimSpace(s); s == "" {
		s = storefront.TextRecurringProduct
	}
	return trimRunes(s, 100)
}

// PeriodResult is a mandate's creation result (NPA-B05) or one period's
// authorisation (NPA-N050), after Period decrypted with our key and named
// our merchant.
type PeriodResult struct {
	Status, Message string // Status "SUCCESS" or the provider's error code
	// Created: the mandate's creation result; else a period's.
	Created    bool
	MerOrderNo string // the mandate's MerOrderNo
	// TradeOrderNo is the charge's own order number (a period's OrderNo,
	// MerOrderNo_n; the creation's MerOrderNo): what a refund names.
	TradeOrderNo string
	PeriodNo     string // the mandate's number at NewebPay
	Amount       int    // PeriodAmt (creation) or AuthAmt (a period)
	TradeNo      string
	RespondCode  string // the bank's answer: "00" approved
	AuthCode     string
	CardLast4    string
	// AlreadyTimes is how many periods the mandate has run, this one
	// included (a period's result); TotalTimes how many it will.
	AlreadyTimes, TotalTimes int
	AuthDate, NextAuthDate   string
}

// Paid reports whether the result is an approved authorisation.
func (r PeriodResult) Paid() bool {
	return r.Status == "SUCCESS" && (r.RespondCode == "" || r.RespondCode == "00")
}

type periodFields struct {
	MerchantID      flexString `json:"MerchantID"`
	MerchantOrderNo flexString `json:"MerchantOrderNo"`
	OrderNo         flexString `json:"OrderNo"`
	PeriodNo        flexString `json:"PeriodNo"`
	PeriodAmt       flexString `json:"PeriodAmt"`
	AuthAmt         flexString `json:"AuthAmt"`
	AuthTimes       flexString `json:"AuthTimes"`
	TotalTimes      flexString `json:"TotalTimes"`
	AlreadyTimes    flexString `json:"AlreadyTimes"`
	TradeNo         flexString `json:"TradeNo"`
	RespondCode     flexString `json:"RespondCode"`
	AuthCode        flexString `json:"AuthCode"`
	CardNo          flexString `json:"CardNo"`
	AuthTime        flexString `json:"AuthTime"`
	AuthDate        flexString `json:"AuthDate"`
	NextAuthDate    flexString `json:"NextAuthDate"`
}

// PeriodResult verifies a periodic NotifyURL or ReturnURL post and reads
// it: Period must decrypt with our key to the JSON answer naming our
// merchant (else an error wrapping ErrBadSignature).
func (n NewebPay) PeriodResult(form url.Values) (PeriodResult, error) {
	if !n.Configured() {
		return PeriodResult{}, ErrNotConfigured
	}
	enc := form.Get("Period")
	if enc == "" {
		return PeriodResult{}, fmt.Errorf("%w: Period missing", ErrBadSignature)
	}
	a, f, err := n.periodAnswer(enc)
	if err != nil {
		return PeriodResult{}, err
	}
	if string(f.MerchantID) != n.MerchantID {
		return PeriodResult{}, ErrWrongMerchant
	}
	r := PeriodResult{Status: a.Status, Message: a.Message, MerOrderNo: string(f.MerchantOrderNo), PeriodNo: string(f.PeriodNo),
		TradeNo: string(f.TradeNo), RespondCode: string(f.RespondCode), AuthCode: string(f.AuthCode), CardLast4: lastDigits(string(f.CardNo)),
		AuthDate: string(f.AuthDate), NextAuthDate: string(f.NextAuthDate)}
	amount := f.AuthAmt
	r.Created = f.AlreadyTimes == ""
	if r.TradeOrderNo = string(f.OrderNo); r.TradeOrderNo == "" {
		r.TradeOrderNo = r.MerOrderNo
	}
	if r.Created {
		amount, r.AuthDate = f.PeriodAmt, string(f.AuthTime)
		if r.TotalTimes, err = atoiOr0(f.AuthTimes); err != nil {
			return PeriodResult{}, err
		}
	} else {
		if r.AlreadyTimes, err = atoiOr0(f.AlreadyTimes); err != nil || r.AlreadyTimes < 1 {
			return PeriodResult{}, fmt.Errorf("%w: AlreadyTimes %q", ErrMalformed, f.AlreadyTimes)
		}
		if r.TotalTimes, err = atoiOr0(f.TotalTimes); err != nil {
			return PeriodResult{}, err
		}
	}
	if r.Amount, err = atoiOr0(amount); err != nil {
		return PeriodResult{}, err
	}
	if r.MerOrderNo == "" {
		return PeriodResult{}, fmt.Errorf("%w: no MerchantOrderNo", ErrMalformed)
	}
	return r, nil
}

// PeriodMessage is the gateway's form of a periodic answer (the JSON
// {Status, Message, Result} encrypted into Period): what the sandbox
// sends, and what tests forge.
func (n NewebPay) PeriodMessage(answer any) (url.Values, error) {
	plain, err := json.Marshal(answer)
	if err != nil {
		return nil, err
	}
	enc, err := n.encrypt(string(plain))
	if err != nil {
		return nil, err
	}
	return url.Values{"Period": {enc}}, nil
}

// periodAnswer decrypts an encrypted periodic answer.
func (n NewebPay) periodAnswer(enc string) (mpgAnswer, periodFields, error) {
	plain, err := n.decrypt(enc)
	if err != nil {
		return mpgAnswer{}, periodFields{}, err
	}
	var a mpgAnswer
	if err := json.Unmarshal(plain, &a); err != nil || a.Status == "" {
		return mpgAnswer{}, periodFields{}, fmt.Errorf("%w: not the JSON answer", ErrMalformed)
	}
	var f periodFields
	if len(a.Result) > 0 && a.Result[0] == '{' {
		if err := json.Unmarshal(a.Result, &f); err != nil {
			return mpgAnswer{}, periodFields{}, fmt.Errorf("%w: Result: %v", ErrMalformed, err)
		}
	}
	return a, f, nil
}

func atoiOr0(f flexString) (int, error) {
	if f == "" {
		return 0, nil
	}
	v, err := strconv.Atoi(string(f))
	if err != nil {
		return 0, fmt.Errorf("%w: %q is not a number", ErrMalformed, f)
	}
	return v, nil
}

// lastDigits is the last 4 digits of a (masked) card number, "" if none.
func lastDigits(card string) string {
	d := strings.Map(func(r rune) rune {
		if r >= '0' && r <= '9' {
			return r
		}
		return -1
	}, card)
	if len(d) < 4 || !strings.HasSuffix(strings.TrimSpace(card), d[len(d)-4:]) {
		return ""
	}
	return d[len(d)-4:]
}

// AlterTypes of NPA-B051.
const (
	AlterSuspend   = "suspend"
	AlterTerminate = "terminate"
	AlterRestart   = "restart"
)

// ErrAlterRefused is a state change the gateway refused (its code in the
// message).
var ErrAlterRefused = fmt.Errorf("providers: NewebPay refused the mandate change")

// AlterStatus asks the gateway to suspend, terminate or restart mandate
// periodNo of merOrderNo (NPA-B051), through client (nil: a 20 s client).
// A terminate of a mandate already terminated (PER10065) is success.
func (n NewebPay) AlterStatus(ctx context.Context, client *http.Client, merOrderNo, periodNo, alterType string, now time.Time) error {
	if !n.Configured() {
		return ErrNotConfigured
	}
	raw, code, err := n.postData(ctx, client, "/MPG/period/AlterStatus", [][2]string{{"RespondType", "JSON"}, {"Version", AlterStatusVersion},
		{"MerOrderNo", merOrderNo}, {"PeriodNo", periodNo}, {"AlterType", alterType}, {"TimeStamp", strconv.FormatInt(now.Unix(), 10)}})
	if err != nil {
		return err
	}
	var outer struct {
		Period  string `json:"period"`
		Status  string `json:"Status"`
		Message string `json:"Message"`
	}
	if err := json.Unmarshal(raw, &outer); err != nil {
		return fmt.Errorf("%w: answer %d is not JSON", ErrMalformed, code)
	}
	status, msg := outer.Status, outer.Message
	if outer.Period != "" {
		a, f, err := n.periodAnswer(outer.Period)
		if err != nil {
			return err
		}
		if f.MerchantID != "" && string(f.MerchantID) != n.MerchantID {
			return ErrWrongMerchant
		}
		status, msg = a.Status, a.Message
	}
	if status == "SUCCESS" || (alterType == AlterTerminate && status == "PER10065") {
		return nil
	}
	return fmt.Errorf("%w: %s %s", ErrAlterRefused, status, msg)
}

// postData posts fields to the gateway's path, server to server, as
// MerchantID_ and the encrypted PostData_ (the periodic and the refund
// APIs), through client (nil: a 20 s client), and returns the answer's
// body (at most 64 KiB) and status.
func (n NewebPay) postData(ctx context.Context, client *http.Client, path string, fields [][2]string) ([]byte, int, error) {
	if client == nil {
		client = defaultClient
	}
	data, err := n.encrypt(encodeQuery(fields))
	if err != nil {
		return nil, 0, err
	}
	body := url.Values{"MerchantID_": {n.MerchantID}, "PostData_": {data}}.Encode()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, strings.TrimSuffix(n.URL, "/")+path, strings.NewReader(body))
	if err != nil {
		return nil, 0, err
	}
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	resp, err := client.Do(req)
	if err != nil {
		return nil, 0, err
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(resp.Body, 64<<10))
	return raw, resp.StatusCode, err
}
