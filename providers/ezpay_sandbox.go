package providers

// The ezPay e-invoice sandbox: ezPay's API (ezpay.go) served locally, as
// the real one answers it: POST /Api/invoice_issue, /Api/invoice_search,
// /Api/invoice_invalid and /Api/allowance_issue take MerchantID_ and
// PostData_ (refusals carry ezPay's codes: KEY10010 no merchant, KEY10002
// PostData_ that does not decrypt, INV10013 fields missing or malformed,
// INV10012 amounts and tax that do not add up, INV10004 a line whose
// count × price is not its amount, LIB10003 a MerchantOrderNo issued
// before, INV20006 no such invoice, LIB10005 voided before, LIB10008
// past the period's void window), and answer CheckCode as ezPay does.
// GET / lists the invoices it issued (a page for people).
//
// For the tests it can be down (SetDown: refusing with 503, or closing
// the connection without an answer) and can lose the answer of the next
// issue it makes (LoseNextIssue: issued, then the connection closed).

import (
	"encoding/json"
	"fmt"
	"html/template"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"storefront/rules"
)

// Outages of the sandbox (SetDown).
const (
	EzPayUp      = ""
	EzPayRefuses = "refuse" // 503, as a gateway in maintenance
	EzPayCloses  = "close"  // the connection closed without an answer
)

// EzPaySandbox is a local stand-in for ezPay's e-invoice API (an
// http.Handler; the host mounts it at /dev/ezpay/, prefix stripped).
type EzPaySandbox struct {
	c EzPay
	// Now is the platform's clock (CreateTime, the void window); nil:
	// time.Now.
	Now func() time.Time

	mu       sync.Mutex
	down     string
	loseNext bool
	seq      int
	issued   []*sandboxInvoice
	byOrder  map[string]*sandboxInvoice
	issues   int // invoice_issue requests that issued an invoice
}

// sandboxInvoice is an invoice the sandbox issued.
type sandboxInvoice struct {
	EzIssued
	Category, Buyer, UBN, Carrier, CarrierNum, LoveCode, Items string
	Voided                                                     bool
	Allowances                                                 []EzAllowance
}

// NewEzPaySandbox is a sandbox of ezPay for merchant c.
func NewEzPaySandbox(c EzPay) *EzPaySandbox {
	return &EzPaySandbox{c: c, byOrder: map[string]*sandboxInvoice{}}
}

// SetDown takes the sandbox down (EzPayRefuses, EzPayCloses) or up
// (EzPayUp).
func (s *EzPaySandbox) SetDown(mode string) {
	s.mu.Lock()
	s.down = mode
	s.mu.Unlock()
}

// LoseNextIssue has the next invoice_issue issue its invoice and close
// the connection without answering (a lost answer).
func (s *EzPaySandbox) LoseNextIssue() {
	s.mu.Lock()
	s.loseNext = true
	s.mu.Unlock()
}

// Issues counts the invoices issued (a repeat of a MerchantOrderNo is
// refused and not counted).
func (s *EzPaySandbox) Issues() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.issues
}

// Invoice is the sandbox's invoice of merchantOrderNo: its number, and
// whether it was voided and how many allowances it has; ok false when
// none.
func (s *EzPaySandbox) Invoice(merchantOrderNo string) (number string, voided bool, allowances int, ok bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	v := s.byOrder[merchantOrderNo]
	if v == nil {
		return "", false, 0, false
	}
	return v.InvoiceNumber, v.Voided, len(v.Allowances), true
}

func (s *EzPaySandbox) now() time.Time {
	if s.Now != nil {
		return s.Now()
	}
	return time.Now()
}

func (s *EzPaySandbox) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method == http.MethodGet && (r.URL.Path == "/" || r.URL.Path == "") {
		s.list(w)
		return
	}
	if r.Method != http.MethodPost || !strings.HasPrefix(r.URL.Path, "/Api/") {
		http.NotFound(w, r)
		return
	}
	s.mu.Lock()
	down := s.down
	s.mu.Unlock()
	switch down {
	case EzPayRefuses:
		http.Error(w, "service unavailable", http.StatusServiceUnavailable)
		return
	case EzPayCloses:
		hangUp(w)
		return
	}
	if r.FormValue("MerchantID_") == "" {
		ezAnswer(w, "KEY10010", "商店代號空白", nil)
		return
	}
	if r.FormValue("MerchantID_") != s.c.MerchantID {
		ezAnswer(w, "KEY10006", "商店未申請啟用電子發票", nil)
		return
	}
	q, err := s.c.decrypt(r.FormValue("PostData_"))
	if err != nil || q.Get("TimeStamp") == "" {
		ezAnswer(w, "KEY10002", "資料解密錯誤", nil)
		return
	}
	switch strings.TrimPrefix(r.URL.Path, "/Api/") {
	case "invoice_issue":
		s.issue(w, q)
	case "invoice_search":
		s.search(w, q)
	case "invoice_invalid":
		s.invalid(w, q)
	case "allowance_issue":
		s.allowance(w, q)
	default:
		http.NotFound(w, r)
	}
}

// hangUp closes the connection without an answer.
func hangUp(w http.ResponseWriter) {
	if hj, ok := w.(http.Hijacker); ok {
		if conn, _, err := hj.Hijack(); err == nil {
			conn.Close()
			return
		}
	}
	panic(http.ErrAbortHandler)
}

// ezAnswer writes ezPay's JSON answer; result (nil: empty) is sent as a
// JSON text, as ezPay does.
func ezAnswer(w http.ResponseWriter, status, msg string, result map[string]any) {
	res := ""
	if result != nil {
		b, _ := json.Marshal(result)
		res = string(b)
	}
	b, _ := json.Marshal(map[string]any{"Status": status, "Message": msg, "Result": res})
	w.Header().Set("Content-Type", "application/json")
	w.Write(b)
}

func atoi(s string) (int, bool) {
	n, err := strconv.Atoi(s)
	return n, err == nil
}

// checkIssue is the refusal of an invoice_issue's fields, "" none.
func checkIssue(q map[string][]string) (code, msg string) {
	get := func(k string) string {
		if v := q[k]; len(v) > 0 {
			return v[0]
		}
		return ""
	}
	no := get("MerchantOrderNo")
	if !merchantOrderNo.MatchString(no) || len(no) > 20 {
		return "INV10014", "自訂編號格式錯誤"
	}
	cat := get("Category")
	if (cat != "B2C" && cat != "B2B") || get("TaxType") != "1" || get("TaxRate") != "5" || get("Status") != "1" {
		return "INV10013", "發票欄位資料不齊全或格式錯誤"
	}
	switch {
	case cat == "B2B" && !rules.ValidTaxID(get("BuyerUBN")),
		cat == "B2B" && (get("BuyerName") == "" || get("CarrierType") != "" || get("LoveCode") != ""),
		get("CarrierType") == CarrierMobile && !rules.InvoiceCodeValid(rules.InvoiceMobile, get("CarrierNum")),
		get("CarrierType") == CarrierCertificate && !rules.InvoiceCodeValid(rules.InvoiceCertificate, get("CarrierNum")),
		get("CarrierType") == CarrierEzPay && (get("CarrierNum") == "" || get("BuyerEmail") == ""),
		!slices.Contains([]string{"", CarrierMobile, CarrierCertificate, CarrierEzPay}, get("CarrierType")),
		get("LoveCode") != "" && (!rules.InvoiceCodeValid(rules.InvoiceDonation, get("LoveCode")) || get("CarrierType") != ""),
		cat == "B2C" && get("PrintFlag") == "Y" && get("CarrierType")+get("LoveCode") != "":
		return "INV10013", "發票欄位資料不齊全或格式錯誤"
	}
	amt, ok1 := atoi(get("Amt"))
	tax, ok2 := atoi(get("TaxAmt"))
	total, ok3 := atoi(get("TotalAmt"))
	if !ok1 || !ok2 || !ok3 || total <= 0 || amt+tax != total {
		return "INV10012", "發票金額、課稅別驗證錯誤"
	}
	names, counts, prices, amts := strings.Split(get("ItemName"), "|"), strings.Split(get("ItemCount"), "|"),
		strings.Split(get("ItemPrice"), "|"), strings.Split(get("ItemAmt"), "|")
	if len(names) != len(counts) || len(names) != len(prices) || len(names) != len(amts) || len(strings.Split(get("ItemUnit"), "|")) != len(names) {
		return "INV10003", "商品資訊格式錯誤或缺少資料"
	}
	sum := 0
	for i := range names {
		c, ok1 := atoi(counts[i])
		p, ok2 := atoi(prices[i])
		a, ok3 := atoi(amts[i])
		if !ok1 || !ok2 || !ok3 || names[i] == "" || c*p != a {
			return "INV10004", "商品資訊的商品小計計算錯誤"
		}
		sum += a
	}
	if (cat == "B2C" && sum != total) || (cat == "B2B" && sum != amt) {
		return "INV10004", "商品資訊的商品小計計算錯誤"
	}
	return "", ""
}

func (s *EzPaySandbox) issue(w http.ResponseWriter, q map[string][]string) {
	if code, msg := checkIssue(q); code != "" {
		ezAnswer(w, code, msg, nil)
		return
	}
	get := func(k string) string { return q[k][0] }
	now := s.now().In(taipei)
	s.mu.Lock()
	if s.byOrder[get("MerchantOrderNo")] != nil {
		s.mu.Unlock()
		ezAnswer(w, EzPayDuplicateOrderNo, "商店自訂編號重覆", nil)
		return
	}
	s.seq++
	total, _ := atoi(get("TotalAmt"))
	v := &sandboxInvoice{EzIssued: EzIssued{MerchantOrderNo: get("MerchantOrderNo"), InvoiceNumber: fmt.Sprintf("EZ%08d", 10000000+s.seq),
		RandomNum: randomDigits(4), InvoiceTransNo: now.Format("060102150405") + randomDigits(5), Total: total, CreateTime: now},
		Category: get("Category"), Buyer: get("BuyerName"), UBN: get("BuyerUBN"), Carrier: get("CarrierType"),
		CarrierNum: get("CarrierNum"), LoveCode: get("LoveCode"), Items: get("ItemName")}
	s.issued = append(s.issued, v)
	s.byOrder[v.MerchantOrderNo] = v
	s.issues++
	lose := s.loseNext
	s.loseNext = false
	s.mu.Unlock()
	if lose {
		hangUp(w)
		return
	}
	ezAnswer(w, EzPayOK, "電子發票開立成功", s.invoiceResult(v))
}

// invoiceResult is an invoice's Result with its CheckCode.
func (s *EzPaySandbox) invoiceResult(v *sandboxInvoice) map[string]any {
	status := "1"
	if v.Voided {
		status = "2"
	}
	return map[string]any{"MerchantID": s.c.MerchantID, "InvoiceTransNo": v.InvoiceTransNo, "MerchantOrderNo": v.MerchantOrderNo,
		"TotalAmt": v.Total, "InvoiceNumber": v.InvoiceNumber, "RandomNum": v.RandomNum,
		"CreateTime": v.CreateTime.Format(ezpayTimeLayout), "CheckCode": s.c.CheckCode(v.EzIssued), "InvoiceStatus": status,
		"BarCode": "", "QRcodeL": "", "QRcodeR": ""}
}

func (s *EzPaySandbox) search(w http.ResponseWriter, q map[string][]string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	var v *sandboxInvoice
	switch first(q, "SearchType") {
	case "1":
		v = s.byOrder[first(q, "MerchantOrderNo")]
		if v != nil && strconv.Itoa(v.Total) != first(q, "TotalAmt") {
			v = nil
		}
	case "0":
		for _, x := range s.issued {
			if x.InvoiceNumber == first(q, "InvoiceNumber") && x.RandomNum == first(q, "RandomNum") {
				v = x
			}
		}
	default:
		ezAnswer(w, "INV10013", "發票欄位資料不齊全或格式錯誤", nil)
		return
	}
	if v == nil {
		ezAnswer(w, EzPayNotFound, "查無發票資料", nil)
		return
	}
	ezAnswer(w, EzPayOK, "查詢成功", s.invoiceResult(v))
}

// byNumber is the issued invoice of number, nil none (mu held).
func (s *EzPaySandbox) byNumber(number string) *sandboxInvoice {
	for _, v := range s.issued {
		if v.InvoiceNumber == number {
			return v
		}
	}
	return nil
}

func (s *EzPaySandbox) invalid(w http.ResponseWriter, q map[string][]string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	v := s.byNumber(first(q, "InvoiceNumber"))
	now := s.now()
	switch {
	case first(q, "InvalidReason") == "":
		ezAnswer(w, "INV10013", "發票欄位資料不齊全或格式錯誤", nil)
	case v == nil:
		ezAnswer(w, EzPayNotFound, "查無發票資料", nil)
	case v.Voided:
		ezAnswer(w, EzPayVoidedBefore, "發票已作廢過", nil)
	case len(v.Allowances) > 0:
		ezAnswer(w, "LIB10007", "無法作廢", nil)
	case rules.InvoiceUndo(v.CreateTime, now) != rules.UndoVoid:
		ezAnswer(w, EzPayPastVoidWindow, "超過可作廢期限", nil)
	default:
		v.Voided = true
		ezAnswer(w, EzPayOK, "作廢成功", map[string]any{"MerchantID": s.c.MerchantID, "InvoiceNumber": v.InvoiceNumber,
			"CreateTime": now.In(taipei).Format(ezpayTimeLayout), "CheckCode": s.c.CheckCode(v.EzIssued)})
	}
}

func (s *EzPaySandbox) allowance(w http.ResponseWriter, q map[string][]string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	v := s.byNumber(first(q, "InvoiceNo"))
	total, ok := atoi(first(q, "TotalAmt"))
	amt, ok2 := atoi(first(q, "ItemAmt"))
	tax, ok3 := atoi(first(q, "ItemTaxAmt"))
	remain := 0
	if v != nil {
		remain = v.Total
		for _, a := range v.Allowances {
			remain -= a.Amount
		}
	}
	switch {
	case v == nil || v.MerchantOrderNo != first(q, "MerchantOrderNo"):
		ezAnswer(w, EzPayNotFound, "查無發票資料", nil)
	case !ok || !ok2 || !ok3 || total <= 0 || amt+tax != total || first(q, "ItemName") == "" ||
		(first(q, "Status") != "0" && first(q, "Status") != "1"):
		ezAnswer(w, "INV10013", "發票欄位資料不齊全或格式錯誤", nil)
	case v.Voided || total > remain:
		ezAnswer(w, EzPayOverAllowance, "折讓金額超過發票可折讓金額", nil)
	default:
		a := EzAllowance{AllowanceNo: fmt.Sprintf("A%s%05d", s.now().In(taipei).Format("060102150405"), len(s.issued)*10+len(v.Allowances)+1),
			Amount: total, Remain: remain - total}
		v.Allowances = append(v.Allowances, a)
		ezAnswer(w, EzPayOK, "折讓開立成功", map[string]any{"MerchantID": s.c.MerchantID, "AllowanceNo": a.AllowanceNo,
			"InvoiceNumber": v.InvoiceNumber, "MerchantOrderNo": v.MerchantOrderNo, "AllowanceAmt": a.Amount, "RemainAmt": a.Remain,
			"CheckCode": s.c.CheckCode(v.EzIssued)})
	}
}

func first(q map[string][]string, k string) string {
	if v := q[k]; len(v) > 0 {
		return v[0]
	}
	return ""
}

var ezListPage = template.Must(template.New("list").Parse(`<p>開立的發票（最新的在前）：共 {{len .}} 張</p>
<table data-testid="ezpay-invoices"><thead><tr><th>發票號碼</th><th>隨機碼</th><th>自訂編號</th><th>金額</th><th>買受人</th><th>載具／捐贈</th><th>狀態</th></tr></thead><tbody>
{{range .}}<tr><td>{{.InvoiceNumber}}</td><td>{{.RandomNum}}</td><td>{{.MerchantOrderNo}}</td><td>{{.Total}}</td>
<td>{{.Buyer}}{{if .UBN}}（{{.UBN}}）{{end}}</td><td>{{if .LoveCode}}捐贈 {{.LoveCode}}{{else}}{{.CarrierNum}}{{end}}</td>
<td>{{if .Voided}}已作廢{{else if .Allowances}}已折讓{{else}}已開立{{end}}</td></tr>
{{end}}</tbody></table>`))

// list is the page of the invoices issued.
func (s *EzPaySandbox) list(w http.ResponseWriter) {
	s.mu.Lock()
	rows := slices.Clone(s.issued)
	copies := make([]sandboxInvoice, len(rows))
	for i, v := range rows {
		copies[len(rows)-1-i] = *v
	}
	s.mu.Unlock()
	var b strings.Builder
	ezListPage.Execute(&b, copies)
	writePage(w, http.StatusOK, pageData{Provider: "ezPay 電子發票", Title: "已開立的電子發票", Body: template.HTML(b.String())})
}
