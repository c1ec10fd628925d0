package providers

// ezPay's e-invoice API (ezPay 電子發票技術串接手冊, the invoicing sister of
// NewebPay; 加值服務中心 that files the invoices with the MOF platform).
// Every call is a server post to {URL}/Api/{name} of the form fields
// MerchantID_ and PostData_: PostData_ is the URL-encoded query of the
// call's fields (RespondType=JSON, Version, TimeStamp, …), encrypted with
// AES-256-CBC (key HashKey, IV HashIV, padded as the manual's PHP
// sample does: PKCS #7 to a 32-byte block) in lower-case hex. The answer is JSON {Status, Message, Result}, Status "SUCCESS" or
// an error code, Result a JSON text of the call's fields. An invoice's
// answer carries CheckCode: the upper-case hex SHA-256 of
// "HashIV={HashIV}&InvoiceTransNo=…&MerchantID=…&MerchantOrderNo=…&RandomNum=…&TotalAmt=…&HashKey={HashKey}"
// (the fields in alphabetical order); an answer whose CheckCode does not
// verify, or that names another merchant, is not believed.
//
// The calls used: invoice_issue (Version 1.5, Status 1: issued at once),
// invoice_search (1.3, SearchType 1: by MerchantOrderNo and TotalAmt, to
// learn what became of a request whose answer was lost), invoice_invalid
// (1.0, a void) and allowance_issue (1.3, an allowance: 折讓).

import (
	"bytes"
	"context"
	"crypto/aes"
	"crypto/cipher"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"storefront/rules"
)

// EzPay is an ezPay e-invoice merchant: the invoices are issued under
// its 統一編號 (a brand's own, or the platform's where it collects).
type EzPay struct {
	MerchantID, HashKey, HashIV string
	// URL is the API's base URL: https://cinv.ezpay.com.tw (test),
	// https://inv.ezpay.com.tw, or the sandbox's {origin}/dev/ezpay.
	URL string
}

// Configured reports whether every setting is present.
func (c EzPay) Configured() bool {
	return c.MerchantID != "" && c.HashKey != "" && c.HashIV != "" && c.URL != ""
}

// String shows the settings with the secrets redacted.
func (c EzPay) String() string {
	return fmt.Sprintf("EzPay{MerchantID: %q, HashKey: %s, HashIV: %s, URL: %q}",
		c.MerchantID, redacted(c.HashKey), redacted(c.HashIV), c.URL)
}

// GoString is String (for %#v).
func (c EzPay) GoString() string { return c.String() }

// LogValue logs the settings with the secrets redacted.
func (c EzPay) LogValue() slog.Value {
	return slog.GroupValue(slog.String("merchantID", c.MerchantID), slog.String("hashKey", redacted(c.HashKey)),
		slog.String("hashIV", redacted(c.HashIV)), slog.String("url", c.URL))
}

// ezPay's answer codes this package acts on.
const (
	EzPayOK               = "SUCCESS"
	EzPayDuplicateOrderNo = "LIB10003" // 商店自訂編號重覆: issued before
	EzPayNotFound         = "INV20006" // 查無發票資料
	EzPayVoidedBefore     = "LIB10005" // 發票已作廢過
	EzPayPastVoidWindow   = "LIB10008" // 超過可作廢期限
	EzPayOverAllowance    = "ALW10001" // 折讓金額超過發票可折讓金額
)

// EzPayError is ezPay's verified refusal of a call (its Status and
// Message); any other error is a failure to reach it or to read it.
type EzPayError struct{ Status, Message string }

func (e *EzPayError) Error() string { return "providers: ezPay refused: " + e.Status + " " + e.Message }

// IsEzPay reports whether err is ezPay's refusal with status code.
func IsEzPay(err error, code string) bool {
	var e *EzPayError
	return errors.As(err, &e) && e.Status == code
}

// Carrier types of invoice_issue (CarrierType).
const (
	CarrierMobile      = "0" // 手機條碼
	CarrierCertificate = "1" // 自然人憑證
	CarrierEzPay       = "2" // ezPay's own carrier: the shop's member carrier
)

// EzInvoice is an invoice to issue (amounts in TWD).
type EzInvoice struct {
	MerchantOrderNo string // at most 20 letters, digits and underscores
	Company         bool   // B2B: BuyerUBN and BuyerName the company's, printed
	BuyerName       string // the member's name, or the company title
	BuyerUBN        string // 統一編號 (company)
	BuyerEmail      string
	CarrierType     string // "" none (a donation or a company invoice)
	CarrierNum      string
	LoveCode        string // a donation's love code
	// Sales + Tax = Total; TaxType 1 (taxable) at TaxRate 5.
	Sales, Tax, Total int
	Items             []EzItem
	Now               time.Time // the TimeStamp
}

// EzItem is one line: Count × Price = Amount (with tax for B2C, without
// for B2B).
type EzItem struct {
	Name, Unit           string
	Count, Price, Amount int
}

// EzIssued is an invoice ezPay issued (or found).
type EzIssued struct {
	MerchantOrderNo, InvoiceNumber, RandomNum, InvoiceTransNo string
	Total                                                     int
	CreateTime                                                time.Time
	Voided                                                    bool // invoice_search: InvoiceStatus 2
}

// EzAllowance is an allowance ezPay made.
type EzAllowance struct {
	AllowanceNo string
	Amount      int
	Remain      int
}

// ezpayTimeLayout is the layout of ezPay's CreateTime (Taipei).
const ezpayTimeLayout = "2006-01-02 15:04:05"

// Issue issues inv (invoice_issue, at once).
func (c EzPay) Issue(ctx context.Context, client *http.Client, inv EzInvoice) (EzIssued, error) {
	if !merchantOrderNo.MatchString(inv.MerchantOrderNo) || len(inv.MerchantOrderNo) > 20 || inv.Total <= 0 ||
		inv.Sales+inv.Tax != inv.Total || len(inv.Items) == 0 {
		return EzIssued{}, fmt.Errorf("%w: invoice %q of %d", ErrBadOrder, inv.MerchantOrderNo, inv.Total)
	}
	category, print, nameMax := "B2C", "N", 30 // a consumer's name: at most 30 characters
	if inv.Company {
		category, print, nameMax = "B2B", "Y", 60
	}
	join := func(f func(EzItem) string) string {
		var parts []string
		for _, it := range inv.Items {
			parts = append(parts, f(it))
		}
		return strings.Join(parts, "|")
	}
	fields := [][2]string{{"RespondType", "JSON"}, {"Version", "1.5"}, {"TimeStamp", unix(inv.Now)}, {"TransNum", ""},
		{"MerchantOrderNo", inv.MerchantOrderNo}, {"Status", "1"}, {"CreateStatusTime", ""}, {"Category", category},
		{"BuyerName", trimRunes(inv.BuyerName, nameMax)}, {"BuyerUBN", inv.BuyerUBN}, {"BuyerAddress", ""}, {"BuyerEmail", inv.BuyerEmail},
		{"CarrierType", inv.CarrierType}, {"CarrierNum", inv.CarrierNum}, {"LoveCode", inv.LoveCode}, {"PrintFlag", print},
		{"TaxType", "1"}, {"TaxRate", "5"}, {"Amt", strconv.Itoa(inv.Sales)}, {"TaxAmt", strconv.Itoa(inv.Tax)},
		{"TotalAmt", strconv.Itoa(inv.Total)},
		{"ItemName", join(func(it EzItem) string { return strings.ReplaceAll(trimRunes(it.Name, 30), "|", "/") })},
		{"ItemCount", join(func(it EzItem) string { return strconv.Itoa(it.Count) })},
		{"ItemUnit", join(func(it EzItem) string { return it.Unit })},
		{"ItemPrice", join(func(it EzItem) string { return strconv.Itoa(it.Price) })},
		{"ItemAmt", join(func(it EzItem) string { return strconv.Itoa(it.Amount) })},
		{"Comment", ""}}
	var r ezInvoiceResult
	if err := c.call(ctx, client, "invoice_issue", fields, &r); err != nil {
		return EzIssued{}, err
	}
	return c.believe(r, inv.MerchantOrderNo, inv.Total)
}

// Search asks ezPay about the invoice of merchantOrderNo for total
// (invoice_search by order): found, or an *EzPayError of EzPayNotFound.
func (c EzPay) Search(ctx context.Context, client *http.Client, merchantOrderNo string, total int, now time.Time) (EzIssued, error) {
	fields := [][2]string{{"RespondType", "JSON"}, {"Version", "1.3"}, {"TimeStamp", unix(now)}, {"SearchType", "1"},
		{"MerchantOrderNo", merchantOrderNo}, {"TotalAmt", strconv.Itoa(total)}, {"InvoiceNumber", ""}, {"RandomNum", ""},
		{"DisplayFlag", ""}}
	var r ezInvoiceResult
	if err := c.call(ctx, client, "invoice_search", fields, &r); err != nil {
		return EzIssued{}, err
	}
	return c.believe(r, merchantOrderNo, total)
}

// Void voids issued invoice inv (invoice_invalid) for reason (at most 6
// Chinese characters or 12 others). A void made before is an
// *EzPayError of EzPayVoidedBefore; one past the period's window
// EzPayPastVoidWindow.
func (c EzPay) Void(ctx context.Context, client *http.Client, inv EzIssued, reason string, now time.Time) (time.Time, error) {
	fields := [][2]string{{"RespondType", "JSON"}, {"Version", "1.0"}, {"TimeStamp", unix(now)},
		{"InvoiceNumber", inv.InvoiceNumber}, {"InvalidReason", trimRunes(reason, 6)}}
	var r struct {
		MerchantID, InvoiceNumber, CreateTime, CheckCode flexString
	}
	if err := c.call(ctx, client, "invoice_invalid", fields, &r); err != nil {
		return time.Time{}, err
	}
	if err := c.verify(string(r.CheckCode), string(r.MerchantID), inv); err != nil {
		return time.Time{}, err
	}
	if string(r.InvoiceNumber) != inv.InvoiceNumber {
		return time.Time{}, fmt.Errorf("%w: the void is about invoice %s", ErrMalformed, r.InvoiceNumber)
	}
	at, err := time.ParseInLocation(ezpayTimeLayout, string(r.CreateTime), taipei)
	if err != nil {
		at = now
	}
	return at, nil
}

// AllowanceConfirmed is allowance_issue's Status for an allowance
// confirmed when made (1); 0 would wait for allowance_touch_issue.
const AllowanceConfirmed = "1"

// Allowance issues an allowance (折讓) of item.Amount (tax included, one
// line) against issued invoice inv, confirmed at once (see checkout's
// invoice flow for why) and noticed by ezPay to buyerEmail. The line is
// sent without tax, its tax apart (rules.InvoiceAmounts).
func (c EzPay) Allowance(ctx context.Context, client *http.Client, inv EzIssued, item EzItem, buyerEmail string, now time.Time) (EzAllowance, error) {
	total := item.Amount
	sales, _ := rules.InvoiceAmounts(total)
	fields := [][2]string{{"RespondType", "JSON"}, {"Version", "1.3"}, {"TimeStamp", unix(now)},
		{"InvoiceNo", inv.InvoiceNumber}, {"MerchantOrderNo", inv.MerchantOrderNo},
		{"ItemName", strings.ReplaceAll(trimRunes(item.Name, 30), "|", "/")}, {"ItemCount", "1"}, {"ItemUnit", item.Unit},
		{"ItemPrice", strconv.Itoa(sales)}, {"ItemAmt", strconv.Itoa(sales)}, {"ItemTaxAmt", strconv.Itoa(total - sales)},
		{"TotalAmt", strconv.Itoa(total)}, {"BuyerEmail", buyerEmail}, {"Status", AllowanceConfirmed}}
	var r struct {
		MerchantID, AllowanceNo, InvoiceNumber, MerchantOrderNo, AllowanceAmt, RemainAmt, CheckCode flexString
	}
	if err := c.call(ctx, client, "allowance_issue", fields, &r); err != nil {
		return EzAllowance{}, err
	}
	if err := c.verify(string(r.CheckCode), string(r.MerchantID), inv); err != nil {
		return EzAllowance{}, err
	}
	amt, _ := strconv.Atoi(string(r.AllowanceAmt))
	remain, _ := strconv.Atoi(string(r.RemainAmt))
	if string(r.InvoiceNumber) != inv.InvoiceNumber || string(r.AllowanceNo) == "" || amt != total {
		return EzAllowance{}, fmt.Errorf("%w: the allowance is %s of %s on %s", ErrMalformed, r.AllowanceNo, r.AllowanceAmt, r.InvoiceNumber)
	}
	return EzAllowance{AllowanceNo: string(r.AllowanceNo), Amount: amt, Remain: remain}, nil
}

// ezInvoiceResult is an invoice's Result (invoice_issue, invoice_search).
type ezInvoiceResult struct {
	MerchantID, InvoiceTransNo, MerchantOrderNo, TotalAmt, InvoiceNumber, RandomNum, CreateTime, CheckCode, InvoiceStatus flexString
}

// believe checks an invoice's Result against the order asked about.
func (c EzPay) believe(r ezInvoiceResult, orderNo string, total int) (EzIssued, error) {
	is := EzIssued{MerchantOrderNo: string(r.MerchantOrderNo), InvoiceNumber: string(r.InvoiceNumber), RandomNum: string(r.RandomNum),
		InvoiceTransNo: string(r.InvoiceTransNo), Voided: string(r.InvoiceStatus) == "2"}
	is.Total, _ = strconv.Atoi(string(r.TotalAmt))
	if err := c.verify(string(r.CheckCode), string(r.MerchantID), is); err != nil {
		return EzIssued{}, err
	}
	if is.MerchantOrderNo != orderNo || is.Total != total || is.InvoiceNumber == "" {
		return EzIssued{}, fmt.Errorf("%w: the answer is about invoice %s of %s for %d", ErrMalformed, is.InvoiceNumber, is.MerchantOrderNo, is.Total)
	}
	at, err := time.ParseInLocation(ezpayTimeLayout, string(r.CreateTime), taipei)
	if err != nil {
		return EzIssued{}, fmt.Errorf("%w: CreateTime %q", ErrMalformed, r.CreateTime)
	}
	is.CreateTime = at
	return is, nil
}

// CheckCode is the CheckCode of invoice is.
func (c EzPay) CheckCode(is EzIssued) string {
	q := "HashIV=" + c.HashIV + "&InvoiceTransNo=" + is.InvoiceTransNo + "&MerchantID=" + c.MerchantID +
		"&MerchantOrderNo=" + is.MerchantOrderNo + "&RandomNum=" + is.RandomNum + "&TotalAmt=" + strconv.Itoa(is.Total) +
		"&HashKey=" + c.HashKey
	sum := sha256.Sum256([]byte(q))
	return strings.ToUpper(hex.EncodeToString(sum[:]))
}

// verify believes an answer about invoice is only when its CheckCode is
// the invoice's and it names our merchant.
func (c EzPay) verify(code, merchant string, is EzIssued) error {
	if subtle.ConstantTimeCompare([]byte(strings.ToUpper(code)), []byte(c.CheckCode(is))) != 1 {
		return fmt.Errorf("%w: ezPay CheckCode", ErrBadSignature)
	}
	if merchant != c.MerchantID {
		return ErrWrongMerchant
	}
	return nil
}

// ezpayAnswer is every call's answer.
type ezpayAnswer struct {
	Status  string          `json:"Status"`
	Message string          `json:"Message"`
	Result  json.RawMessage `json:"Result"`
}

// call posts one call and reads its Result (a JSON text, or an object)
// into result; a Status other than SUCCESS is an *EzPayError.
func (c EzPay) call(ctx context.Context, client *http.Client, name string, fields [][2]string, result any) error {
	if !c.Configured() {
		return ErrNotConfigured
	}
	if client == nil {
		client = defaultClient
	}
	post, err := c.encrypt(encodeQuery(fields))
	if err != nil {
		return err
	}
	form := url.Values{"MerchantID_": {c.MerchantID}, "PostData_": {post}}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, strings.TrimSuffix(c.URL, "/")+"/Api/"+name, strings.NewReader(form.Encode()))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	resp, err := client.Do(req)
	if err != nil {
		return fmt.Errorf("providers: ezPay %s: %w", name, err)
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(resp.Body, 64<<10))
	if err != nil {
		return fmt.Errorf("providers: ezPay %s: %w", name, err)
	}
	var a ezpayAnswer
	if err := json.Unmarshal(raw, &a); err != nil || a.Status == "" {
		return fmt.Errorf("%w: ezPay %s answer (HTTP %d) is not the JSON answer", ErrMalformed, name, resp.StatusCode)
	}
	if a.Status != EzPayOK {
		return &EzPayError{Status: a.Status, Message: a.Message}
	}
	res := a.Result
	var text string
	if json.Unmarshal(res, &text) == nil { // Result is a JSON text of the fields
		res = []byte(text)
	}
	if err := json.Unmarshal(res, result); err != nil {
		return fmt.Errorf("%w: ezPay %s Result: %v", ErrMalformed, name, err)
	}
	return nil
}

// ezpayBlock is the padding block of the manual's sample (PKCS #7 to 32
// bytes, as NewebPay's).
const ezpayBlock = 32

// encrypt is PostData_ of a query: AES-256-CBC, PKCS #7 to 32 bytes, hex.
func (c EzPay) encrypt(query string) (string, error) {
	block, err := c.cipher()
	if err != nil {
		return "", err
	}
	pad := ezpayBlock - len(query)%ezpayBlock
	buf := append([]byte(query), bytes.Repeat([]byte{byte(pad)}, pad)...)
	cipher.NewCBCEncrypter(block, []byte(c.HashIV)).CryptBlocks(buf, buf)
	return hex.EncodeToString(buf), nil
}

// decrypt is the query of a PostData_ (the sandbox's side): PKCS #7 to a
// block of 16 (most libraries) or 32 bytes (the manual's sample).
func (c EzPay) decrypt(post string) (url.Values, error) {
	block, err := c.cipher()
	if err != nil {
		return nil, err
	}
	buf, err := hex.DecodeString(post)
	if err != nil || len(buf) == 0 || len(buf)%aes.BlockSize != 0 {
		return nil, fmt.Errorf("%w: PostData_", ErrMalformed)
	}
	cipher.NewCBCDecrypter(block, []byte(c.HashIV)).CryptBlocks(buf, buf)
	pad := int(buf[len(buf)-1])
	if pad == 0 || pad > ezpayBlock || pad > len(buf) || bytes.Count(buf[len(buf)-pad:], []byte{byte(pad)}) != pad {
		return nil, fmt.Errorf("%w: PostData_ padding", ErrMalformed)
	}
	return url.ParseQuery(string(buf[:len(buf)-pad]))
}

// cipher is the AES-256 block of HashKey; HashIV must be 16 bytes.
func (c EzPay) cipher() (cipher.Block, error) {
	if len(c.HashKey) != 32 || len(c.HashIV) != aes.BlockSize {
		return nil, errors.New("providers: ezPay HashKey must be 32 characters and HashIV 16") // never the values
	}
	return aes.NewCipher([]byte(c.HashKey))
}

func unix(t time.Time) string { return strconv.FormatInt(t.Unix(), 10) }
