package providers

// The LINE Pay sandbox: LINE Pay Online API v3 served locally.
//
//   - POST /v3/payments/request, POST /v3/payments/{transactionId}/confirm
//     and GET /v3/payments/requests/{transactionId}/check check
//     X-LINE-ChannelId and the X-LINE-Authorization signature (1106 when
//     either is wrong), and answer as LINE Pay does: 1172 for an orderId
//     already requested and for a second confirm, 1124 for an amount that
//     is not the requested one, 1169 for a confirm the buyer has not
//     approved, 1165 for a cancelled request, 1180 past the 20 minutes a
//     request lives, 1150 for an unknown transactionId.
//   - GET /v3/payments?transactionId=..&orderId=.. (Payment Details)
//     lists the request's payment once confirmed, 1150 before.
//   - paymentUrl.web is the sandbox's approval page
//     {URL}/payments/{transactionId} (paymentUrl.app the same page with
//     ?channel=app, so that tests tell which one a buyer was sent to), in
//     Traditional Chinese, with 付款
//     (to confirmUrl?transactionId=..&orderId=..) and 取消 (to
//     cancelUrl?transactionId=..&orderId=..).
//
// State lives in memory (a dev sandbox).

import (
	"crypto/hmac"
	"encoding/json"
	"fmt"
	"html/template"
	"io"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"time"
)

// linePayLife is how long a payment request may wait for its approval and
// confirmation.
const linePayLife = 20 * time.Minute

type linePayState int

const (
	lpRequested linePayState = iota
	lpApproved
	lpCancelled
	lpConfirmed
)

type linePayTx struct {
	id, channel, orderID, product, confirmURL, cancelURL string
	amount                                               int
	created                                              time.Time
	state                                                linePayState
	refunds                                              []linePayRefund
}

// linePayRefund is a refund of a confirmed payment.
type linePayRefund struct {
	id     string
	amount int
	at     time.Time
}

// refunded is what tx's refunds gave back.
func (tx *linePayTx) refunded() int {
	n := 0
	for _, r := range tx.refunds {
		n += r.amount
	}
	return n
}

// LinePaySandbox is a local stand-in for LINE Pay Online API v3 (an
// http.Handler; the host mounts it at /dev/linepay/, prefix stripped).
type LinePaySandbox struct {
	channels map[string]string // the channels it serves: their secrets by channel id
	// URL is where the sandbox is served (the LinePay.URL pointing at it);
	// the approval pages' addresses are built on it. It must be set
	// before the sandbox serves.
	URL string
	// Now is the sandbox's clock; nil: time.Now.
	Now func() time.Time

	// Hold, when set, makes each confirm wait until it is closed (tests of
	// concurrent confirms); Confirms counts the confirm calls received.
	Hold chan struct{}

	mu       sync.Mutex
	txs      map[string]*linePayTx
	orders   map[string]bool
	confirms int
}

// Confirms is how many confirm calls the sandbox received.
func (s *LinePaySandbox) Confirms() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.confirms
}

// NewLinePaySandbox is a sandbox of the channel channelID with secret
// (AddChannel adds others).
func NewLinePaySandbox(channelID, secret string) *LinePaySandbox {
	return &LinePaySandbox{channels: map[string]string{channelID: secret}, txs: map[string]*linePayTx{}, orders: map[string]bool{}}
}

// AddChannel makes the sandbox serve channel channelID with secret too:
// each payment is the channel's that requested it, and another channel
// finds it not.
func (s *LinePaySandbox) AddChannel(channelID, secret string) {
	s.mu.Lock()
	s.channels[channelID] = secret
	s.mu.Unlock()
}

// LinePayTrade is a payment the sandbox took: its channel, order and
// amount, confirmed or not.
type LinePayTrade struct {
	ChannelID, OrderID, TransactionID string
	Amount                            int
	Confirmed                         bool
}

// Trades are the payments requested of the sandbox, by channel.
func (s *LinePaySandbox) Trades() []LinePayTrade {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []LinePayTrade
	for _, tx := range s.txs {
		out = append(out, LinePayTrade{ChannelID: tx.channel, OrderID: tx.orderID, TransactionID: tx.id, Amount: tx.amount, Confirmed: tx.state == lpConfirmed})
	}
	return out
}

func (s *LinePaySandbox) now() time.Time {
	if s.Now != nil {
		return s.Now()
	}
	return time.Now()
}

func (s *LinePaySandbox) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	p := strings.Split(strings.Trim(r.URL.Path, "/"), "/")
	switch {
	case r.Method == http.MethodPost && r.URL.Path == "/v3/payments/request":
		s.api(w, r, s.request)
	case r.Method == http.MethodGet && r.URL.Path == "/trades.json":
		w.Header().Set("Content-Type", "application/json")
		json.NewEncoder(w).Encode(s.Trades())
	case r.Method == http.MethodPost && len(p) == 4 && p[0] == "v3" && p[1] == "payments" && p[3] == "confirm":
		s.mu.Lock()
		s.confirms++
		s.mu.Unlock()
		if s.Hold != nil {
			<-s.Hold
		}
		s.api(w, r, func(ch string, body []byte) (string, string, any) { return s.confirm(ch, p[2], body) })
	case r.Method == http.MethodPost && len(p) == 4 && p[0] == "v3" && p[1] == "payments" && p[3] == "refund":
		s.api(w, r, func(ch string, body []byte) (string, string, any) { return s.refund(ch, p[2], body) })
	case r.Method == http.MethodGet && r.URL.Path == "/v3/payments":
		s.api(w, r, func(ch string, _ []byte) (string, string, any) {
			return s.details(ch, r.URL.Query().Get("transactionId"), r.URL.Query().Get("orderId"))
		})
	case r.Method == http.MethodGet && len(p) == 5 && p[0] == "v3" && p[1] == "payments" && p[2] == "requests" && p[4] == "check":
		s.api(w, r, func(ch string, _ []byte) (string, string, any) { return s.check(ch, p[3]) })
	case len(p) == 2 && p[0] == "payments" && (r.Method == http.MethodGet || r.Method == http.MethodPost):
		s.approval(w, r, p[1])
	default:
		http.NotFound(w, r)
	}
}

// api checks a call's headers and signature (by the secret of its
// channel), runs do with the channel on its body and answers LINE Pay's
// envelope (always HTTP 200, as LINE Pay does).
func (s *LinePaySandbox) api(w http.ResponseWriter, r *http.Request, do func(channel string, body []byte) (code, msg string, info any)) {
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, 64<<10))
	code, msg, info := LinePayInternalError, "Internal error.", any(nil)
	signed := string(body)
	if r.Method == http.MethodGet {
		signed = r.URL.RawQuery
	}
	nonce, channel := r.Header.Get("X-LINE-Authorization-Nonce"), r.Header.Get("X-LINE-ChannelId")
	s.mu.Lock()
	secret, known := s.channels[channel]
	s.mu.Unlock()
	switch {
	case err != nil:
	case s.URL == "":
		msg = "Sandbox URL not set."
	case !known || nonce == "" ||
		!hmac.Equal([]byte(r.Header.Get("X-LINE-Authorization")), []byte(LinePaySign(secret, r.URL.Path, signed, nonce))):
		code, msg = LinePayHeaderError, "Header information error."
	default:
		code, msg, info = do(channel, body)
	}
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(map[string]any{"returnCode": code, "returnMessage": msg, "info": info})
}

func (s *LinePaySandbox) request(channel string, body []byte) (string, string, any) {
	var b linePayRequestBody
	if err := json.Unmarshal(body, &b); err != nil {
		return "2102", "Wrong json type.", nil
	}
	if b.OrderID == "" || len(b.Packages) == 0 || originOf(b.RedirectURLs.ConfirmURL) == "" || originOf(b.RedirectURLs.CancelURL) == "" {
		return LinePayParameterError, "Parameter error.", nil
	}
	sum := 0
	for _, p := range b.Packages {
		sum += p.Amount
		items := 0
		for _, it := range p.Products {
			items += it.Price * it.Quantity
		}
		if items != p.Amount || len(p.Products) == 0 {
			return LinePayAmountError, "Amount info error. (packages[].amount is not the sum of its products)", nil
		}
	}
	if b.Currency != "TWD" || b.Amount <= 0 || sum != b.Amount {
		return LinePayAmountError, "Amount info error.", nil
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.orders[b.OrderID] {
		return LinePayOrderIDExists, "Existing same orderId.", nil
	}
	id := s.now().In(taipei).Format("2006") + randomDigits(15)
	for s.txs[id] != nil {
		id = s.now().In(taipei).Format("2006") + randomDigits(15)
	}
	s.orders[b.OrderID] = true
	s.txs[id] = &linePayTx{id: id, channel: channel, orderID: b.OrderID, product: b.Packages[0].Name, amount: b.Amount,
		confirmURL: b.RedirectURLs.ConfirmURL, cancelURL: b.RedirectURLs.CancelURL, created: s.now()}
	page := strings.TrimSuffix(s.URL, "/") + "/payments/" + id
	return LinePayOK, "Success.", map[string]any{
		"paymentUrl":         map[string]string{"web": page, "app": page + "?channel=app"},
		"transactionId":      json.Number(id),
		"paymentAccessToken": randomDigits(12),
	}
}

// live is tx's state, expiring it past linePayLife (s.mu held).
func (s *LinePaySandbox) live(tx *linePayTx) bool {
	return tx.state == lpConfirmed || s.now().Sub(tx.created) <= linePayLife
}

func (s *LinePaySandbox) confirm(channel, id string, body []byte) (string, string, any) {
	var b linePayConfirmBody
	if err := json.Unmarshal(body, &b); err != nil {
		return "2102", "Wrong json type.", nil
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	tx := s.txs[id]
	switch {
	case tx == nil || tx.channel != channel:
		return LinePayNotFound, "Transaction record not found.", nil
	case tx.state == lpConfirmed:
		return LinePayOrderIDExists, "Existing same orderId.", nil
	case tx.state == lpCancelled:
		return LinePayCancelled, "Transaction has been cancelled.", nil
	case !s.live(tx):
		return LinePayExpired, "The transaction has expired.", nil
	case tx.state != lpApproved:
		return LinePayNotApproved, "Payment has not been approved by the user.", nil
	case b.Currency != "TWD" || b.Amount != tx.amount:
		return LinePayAmountError, "Amount info error.", nil
	}
	tx.state = lpConfirmed
	return LinePayOK, "Success.", map[string]any{
		"orderId": tx.orderID, "transactionId": json.Number(tx.id),
		"payInfo": []map[string]any{{"method": "CREDIT_CARD", "amount": tx.amount, "maskedCreditCardNumber": "************1111"}},
	}
}

func (s *LinePaySandbox) check(channel, id string) (string, string, any) {
	s.mu.Lock()
	defer s.mu.Unlock()
	tx := s.txs[id]
	switch {
	case tx == nil || tx.channel != channel:
		return LinePayNotFound, "Transaction record not found.", nil
	case tx.state == lpConfirmed:
		return LinePayStatusPaid, "Payment completed.", nil
	case tx.state == lpCancelled || !s.live(tx):
		return LinePayStatusCancelled, "Payment cancelled or expired.", nil
	case tx.state == lpApproved:
		return LinePayStatusApproved, "Payment approved.", nil
	}
	return LinePayStatusPending, "Waiting for the user's approval.", nil
}

func (s *LinePaySandbox) details(channel, id, orderID string) (string, string, any) {
	s.mu.Lock()
	defer s.mu.Unlock()
	tx := s.txs[id]
	if tx == nil || tx.channel != channel || tx.state != lpConfirmed || tx.orderID != orderID {
		return LinePayNotFound, "Transaction record not found.", nil
	}
	refunds := []map[string]any{}
	for _, r := range tx.refunds {
		refunds = append(refunds, map[string]any{"refundTransactionId": json.Number(r.id), "transactionType": "PAYMENT_REFUND",
			"refundAmount": -r.amount, "refundTransactionDate": r.at.UTC().Format(time.RFC3339)})
	}
	return LinePayOK, "Success.", []map[string]any{{
		"transactionId": json.Number(tx.id), "orderId": tx.orderID, "transactionType": "PAYMENT",
		"transactionDate": tx.created.UTC().Format(time.RFC3339), "productName": tx.product, "currency": "TWD",
		"payInfo":    []map[string]any{{"method": "CREDIT_CARD", "amount": tx.amount, "maskedCreditCardNumber": "************1111"}},
		"refundList": refunds,
	}}
}

// refund refunds part or all of a confirmed payment, up to what it paid.
func (s *LinePaySandbox) refund(channel, id string, body []byte) (string, string, any) {
	var b struct {
		RefundAmount int `json:"refundAmount"`
	}
	if err := json.Unmarshal(body, &b); err != nil {
		return "2102", "Wrong json type.", nil
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	tx := s.txs[id]
	switch {
	case tx == nil || tx.channel != channel || tx.state != lpConfirmed:
		return LinePayNotFound, "Transaction record not found.", nil
	case tx.refunded() >= tx.amount:
		return LinePayCancelled, "Transaction has been refunded.", nil
	case b.RefundAmount <= 0 || b.RefundAmount > tx.amount-tx.refunded():
		return LinePayOverRefund, "Exceeded the refundable amount.", nil
	}
	r := linePayRefund{id: s.now().In(taipei).Format("2006") + randomDigits(15), amount: b.RefundAmount, at: s.now()}
	tx.refunds = append(tx.refunds, r)
	return LinePayOK, "Success.", map[string]any{"refundTransactionId": json.Number(r.id), "refundTransactionDate": r.at.UTC().Format(time.RFC3339)}
}

// Refunded is what the sandbox refunded of its payments, in all.
func (s *LinePaySandbox) Refunded() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	n := 0
	for _, tx := range s.txs {
		n += tx.refunded()
	}
	return n
}

var approvalBody = template.Must(template.New("approval").Parse(`<dl>
<dt>商品</dt><dd>{{.Product}}</dd><dt>訂單編號</dt><dd>{{.OrderID}}</dd><dt>金額</dt><dd id="amount">NT$ {{.Amount}}</dd></dl>
<p>付款方式：信用卡 ************1111（測試）</p>
<form method="post">
<button type="submit" name="action" value="approve" id="approve">付款</button>
<button type="submit" name="action" value="cancel" id="cancel">取消</button>
</form>`))

// approval is the buyer's approval page: GET shows it, POST approves
// (action=approve) or cancels (action=cancel).
func (s *LinePaySandbox) approval(w http.ResponseWriter, r *http.Request, id string) {
	page := func(status int, title, body string, targets ...string) {
		writePage(w, status, pageData{Provider: "LINE Pay", Title: title, Body: template.HTML(body)}, targets...)
	}
	s.mu.Lock()
	tx := s.txs[id]
	var t linePayTx
	if tx != nil {
		t = *tx
	}
	live := tx != nil && s.live(tx)
	s.mu.Unlock()
	switch {
	case tx == nil:
		page(http.StatusNotFound, "查無此筆付款", `<p class="err">查無此筆付款申請。</p>`)
		return
	case !live:
		page(http.StatusGone, "付款已逾時", `<p class="err">此筆付款申請已逾時，請回到商店重新付款。</p>`)
		return
	case t.state == lpCancelled:
		page(http.StatusConflict, "付款已取消", `<p class="err">此筆付款已取消，請回到商店重新付款。</p>`)
		return
	case t.state == lpConfirmed:
		page(http.StatusConflict, "付款已完成", `<p>此筆付款已完成。</p>`)
		return
	}
	if r.Method == http.MethodGet {
		var b strings.Builder
		approvalBody.Execute(&b, map[string]string{"Product": t.product, "OrderID": t.orderID, "Amount": twd(t.amount)})
		page(http.StatusOK, "LINE Pay 付款確認", b.String(), t.confirmURL, t.cancelURL)
		return
	}
	r.Body = http.MaxBytesReader(w, r.Body, 4<<10)
	switch r.PostFormValue("action") {
	case "approve":
		s.mu.Lock()
		if tx.state == lpRequested {
			tx.state = lpApproved
		}
		s.mu.Unlock()
		http.Redirect(w, r, withQuery(t.confirmURL, url.Values{"transactionId": {t.id}, "orderId": {t.orderID}}), http.StatusSeeOther)
	case "cancel":
		s.mu.Lock()
		ok := tx.state == lpRequested
		if ok {
			tx.state = lpCancelled
		}
		s.mu.Unlock()
		if !ok {
			page(http.StatusConflict, "無法取消", `<p class="err">此筆付款已核准，無法取消。</p>`)
			return
		}
		http.Redirect(w, r, withQuery(t.cancelURL, url.Values{"transactionId": {t.id}, "orderId": {t.orderID}}), http.StatusSeeOther)
	default:
		page(http.StatusBadRequest, "LINE Pay 付款確認", fmt.Sprintf(`<p class="err">請按「付款」或「取消」。</p><p><a href="%s">返回</a></p>`, template.HTMLEscapeString(id)))
	}
}

// withQuery adds q to the query of raw.
func withQuery(raw string, q url.Values) string {
	sep := "?"
	if strings.Contains(raw, "?") {
		sep = "&"
	}
	return raw + sep + q.Encode()
}
