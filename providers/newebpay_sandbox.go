package providers

// The NewebPay sandbox: the MPG gateway's protocol (NDNF, MPG API Version
// 2.0) served locally. POST /MPG/mpg_gateway checks MerchantID, TradeSha
// and TradeInfo as the gateway does (refusals carry the manual's error
// codes: MPG01009 no MerchantID, MPG01023/MPG01024 no TradeInfo/TradeSha,
// MPG02002 unknown merchant, MPG03009 TradeSha or TradeInfo that does not
// verify, MPG01010..MPG01017 bad fields, MPG02003 no card payment,
// MPG02004 a stale TimeStamp, MPG03008 an order number already paid),
// then shows a card form. Its test cards:
//
//	4000-2211-1111-1111  approved (Status SUCCESS, RespondCode 00)
//	4000-2211-1111-1112  declined (Status MPG03009, RespondCode 05)
//	4000-2211-1111-1113  times out: no notification ever; the browser goes
//	                     back to ClientBackURL (else ReturnURL) with nothing
//
// On an answer it posts Status, MerchantID, Version, TradeInfo and TradeSha
// (encrypted as the gateway does) to NotifyURL, server to server, and
// sends the browser to ReturnURL with an auto-posted form of the same
// fields. SetNotify changes how notifications go (repeated, concurrent,
// after the return, lost). Of a card only its first 6 and last 4 digits
// are kept, in the answer. POST /API/QueryTradeInfo answers the trade
// query (newebpay_query.go) about every trade the gateway took: unpaid
// from the moment its form arrived, then paid or failed.

import (
	"context"
	"crypto/subtle"
	"encoding/json"
	"fmt"
	"html/template"
	"net/http"
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
)

// NewebPay sandbox test cards.
const (
	TestCardApproved = "4000221111111111"
	TestCardDeclined = "4000221111111112"
	TestCardTimeout  = "4000221111111113"
)

// NotifyPlan says how the sandbox sends a payment's notification.
type NotifyPlan struct {
	Times      int  // copies sent; 0: one
	Concurrent bool // the copies at once, not one after another
	// AfterReturn sends them after the browser's return page (out of order:
	// the shop sees the return first): after Delay, or when Release is
	// called if Delay is 0. Otherwise they are sent before the return page
	// is answered, as the gateway usually does.
	AfterReturn bool
	Delay       time.Duration
	Off         bool // never sent (a lost notification)
	// Retries resends a copy the shop did not answer with a 2xx (or did
	// not answer), up to this many more times, RetryWait apart (0: 1 s).
	Retries   int
	RetryWait time.Duration
}

// NewebPaySandbox is a local stand-in for the MPG gateway (an
// http.Handler; the host mounts it at /dev/newebpay/, prefix stripped).
type NewebPaySandbox struct {
	n         NewebPay // the first merchant: answers an unknown merchant's call
	client    *http.Client
	mmu       sync.RWMutex
	merchants map[string]NewebPay // the merchants it serves, by MerchantID
	// Now is the gateway's clock (TimeStamp check, PayTime); nil: time.Now.
	Now func() time.Time

	mu      sync.Mutex
	plan    NotifyPlan
	trades  map[string]url.Values // pending trades by their form token: TradeInfo's fields
	paid    map[string]bool       // MerchantOrderNo paid, per merchant (paidKey)
	held    []func()              // notifications waiting for Release
	sending sync.WaitGroup
	period  *periodState             // the periodic gateway (newebpay_period_sandbox.go)
	charged map[string]*sandboxTrade // card charges the refund API knows, by TradeNo
	mpg     map[string]*Trade        // MPG trades the query knows, by MerchantOrderNo
}

// sandboxTrade is a card charge the sandbox made.
type sandboxTrade struct {
	merchantID      string
	merchantOrderNo string
	amount          int
	refunded        int // TWD refunded so far (several partial refunds, up to amount)
	// paidAt is when an MPG card payment was authorised: it is captured at
	// the next Taipei midnight (zero: a period's charge, captured at once)
	paidAt    time.Time
	cancelled bool // its authorisation was cancelled before the capture
}

// captured reports whether c was captured (請款) by now.
func (c *sandboxTrade) captured(now time.Time) bool {
	y, m, d := c.paidAt.In(taipei).Date()
	return c.paidAt.IsZero() || !now.Before(time.Date(y, m, d+1, 0, 0, 0, 0, taipei))
}

// NewNewebPaySandbox is a sandbox of the gateway of merchant n
// (AddMerchant adds others); client sends its notifications (nil: a
// client with a 20 s timeout).
func NewNewebPaySandbox(n NewebPay, client *http.Client) *NewebPaySandbox {
	if client == nil {
		client = defaultClient
	}
	return &NewebPaySandbox{n: n, merchants: map[string]NewebPay{n.MerchantID: n}, client: client, trades: map[string]url.Values{},
		paid: map[string]bool{}, charged: map[string]*sandboxTrade{}, mpg: map[string]*Trade{}}
}

// AddMerchant makes the sandbox serve merchant n too (its own HashKey and
// HashIV): each trade is the merchant's that made it, answered with its
// keys, and another merchant neither finds nor refunds it.
func (s *NewebPaySandbox) AddMerchant(n NewebPay) {
	s.mmu.Lock()
	s.merchants[n.MerchantID] = n
	s.mmu.Unlock()
}

// paidKey names trade t's order at its merchant: order numbers are
// each merchant's own.
func paidKey(t url.Values) string { return t.Get("MerchantID") + " " + t.Get("MerchantOrderNo") }

// merchant is the merchant of id the sandbox serves.
func (s *NewebPaySandbox) merchant(id string) (NewebPay, bool) {
	s.mmu.RLock()
	defer s.mmu.RUnlock()
	n, ok := s.merchants[id]
	return n, ok && id != ""
}

// Trades are the MPG trades the sandbox took, each with the merchant that
// took it (also served as /trades.json).
func (s *NewebPaySandbox) Trades() []Trade {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := []Trade{}
	for _, t := range s.mpg {
		out = append(out, *t)
	}
	return out
}

// SetNotify sets how the next payments' notifications are sent.
func (s *NewebPaySandbox) SetNotify(p NotifyPlan) {
	s.mu.Lock()
	s.plan = p
	s.mu.Unlock()
}

// Release sends the notifications held back (NotifyPlan.AfterReturn
// without a Delay).
func (s *NewebPaySandbox) Release() {
	s.mu.Lock()
	held := s.held
	s.held = nil
	s.mu.Unlock()
	for _, send := range held {
		s.sending.Add(1)
		go func() {
			defer s.sending.Done()
			send()
		}()
	}
}

// Wait waits until every notification sent or released so far has been
// delivered (or failed); held ones are not waited for.
func (s *NewebPaySandbox) Wait() { s.sending.Wait() }

func (s *NewebPaySandbox) now() time.Time {
	if s.Now != nil {
		return s.Now()
	}
	return time.Now()
}

func (s *NewebPaySandbox) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if s.servePeriod(w, r) {
		return
	}
	switch {
	case r.Method == http.MethodPost && r.URL.Path == "/MPG/mpg_gateway":
		s.gateway(w, r)
	case r.Method == http.MethodPost && r.URL.Path == "/MPG/pay":
		s.pay(w, r)
	case r.Method == http.MethodPost && (r.URL.Path == "/API/CreditCard/Close" || r.URL.Path == "/API/CreditCard/Cancel"):
		s.close(w, r, r.URL.Path == "/API/CreditCard/Cancel")
	case r.Method == http.MethodGet && r.URL.Path == "/trades.json":
		w.Header().Set("Content-Type", "application/json")
		json.NewEncoder(w).Encode(s.Trades())
	case r.Method == http.MethodPost && r.URL.Path == "/API/QueryTradeInfo":
		s.query(w, r)
	default:
		http.NotFound(w, r)
	}
}

// mpgError answers the gateway's error page.
func mpgError(w http.ResponseWriter, code, msg string) {
	writePage(w, http.StatusBadRequest, pageData{Provider: "藍新金流", Title: "交易失敗",
		Body: template.HTML(fmt.Sprintf(`<p class="err" id="mpg-error"><b>%s</b> %s</p>`,
			template.HTMLEscapeString(code), template.HTMLEscapeString(msg)))})
}

// mpgStale is how old a TimeStamp the gateway takes (MPG02004).
const mpgStale = 120 * time.Second

func (s *NewebPaySandbox) gateway(w http.ResponseWriter, r *http.Request) {
	r.Body = http.MaxBytesReader(w, r.Body, 64<<10)
	if err := r.ParseForm(); err != nil {
		mpgError(w, "MPG03009", "交易失敗：資料格式錯誤")
		return
	}
	n, known := s.merchant(r.PostForm.Get("MerchantID"))
	switch {
	case r.PostForm.Get("MerchantID") == "":
		mpgError(w, "MPG01009", "商店代號不可空白")
		return
	case !known:
		mpgError(w, "MPG02002", "查無商店開啟任何金流服務")
		return
	case r.PostForm.Get("TradeInfo") == "":
		mpgError(w, "MPG01023", "交易加密資料不可空白")
		return
	case r.PostForm.Get("TradeSha") == "":
		mpgError(w, "MPG01024", "交易加密 SHA 資料不可空白")
		return
	case r.PostForm.Get("TradeSha") != n.tradeSha(r.PostForm.Get("TradeInfo")):
		mpgError(w, "MPG03009", "交易失敗：TradeSha 檢查碼錯誤")
		return
	}
	plain, err := n.decrypt(r.PostForm.Get("TradeInfo"))
	if err != nil {
		mpgError(w, "MPG03009", "交易失敗：TradeInfo 解密失敗")
		return
	}
	t, err := url.ParseQuery(string(plain))
	if err != nil {
		mpgError(w, "MPG03009", "交易失敗：TradeInfo 格式錯誤")
		return
	}
	if code, msg := s.checkTrade(n, t); code != "" {
		mpgError(w, code, msg)
		return
	}
	token := randomDigits(32)
	amt, _ := strconv.Atoi(t.Get("Amt"))
	s.mu.Lock()
	s.trades[token] = t
	if s.mpg[t.Get("MerchantOrderNo")] == nil {
		s.mpg[t.Get("MerchantOrderNo")] = &Trade{MerchantID: n.MerchantID, MerchantOrderNo: t.Get("MerchantOrderNo"), Status: TradeUnpaid, Amount: amt}
	}
	s.mu.Unlock()
	s.cardForm(w, http.StatusOK, token, t, "")
}

var mpgURLField = []string{"NotifyURL", "ReturnURL", "ClientBackURL"}

// checkTrade checks TradeInfo's fields as the gateway does: the code and
// message of the first fault, or "".
func (s *NewebPaySandbox) checkTrade(n NewebPay, t url.Values) (code, msg string) {
	if t.Get("MerchantID") != n.MerchantID {
		return "MPG02002", "查無商店開啟任何金流服務"
	}
	if t.Get("Version") != MPGVersion {
		return "MPG01010", "程式版本設定錯誤"
	}
	if rt := t.Get("RespondType"); rt != "JSON" {
		return "MPG01011", "回傳規格設定錯誤（本沙盒僅支援 JSON）"
	}
	ts, err := strconv.ParseInt(t.Get("TimeStamp"), 10, 64)
	if err != nil {
		return "MPG01002", "時間戳記不可空白"
	}
	if age := s.now().Sub(time.Unix(ts, 0)); age > mpgStale || age < -mpgStale {
		return "MPG02004", "頁面已逾時失效，請重新確認"
	}
	if !merchantOrderNo.MatchString(t.Get("MerchantOrderNo")) {
		return "MPG01012", "商店訂單編號不可空白或設定錯誤"
	}
	if amt, err := strconv.Atoi(t.Get("Amt")); err != nil || amt <= 0 {
		return "MPG01015", "訂單金額不可空白或設定錯誤"
	}
	if t.Get("ItemDesc") == "" || len([]rune(t.Get("ItemDesc"))) > 50 {
		return "MPG01017", "商品資訊不可空白或超過 50 字"
	}
	if e := t.Get("Email"); e != "" && !strings.Contains(e, "@") {
		return "MPG01013", "付款人電子信箱設定錯誤"
	}
	for _, f := range mpgURLField {
		if u := t.Get(f); u != "" && originOf(u) == "" {
			return "MPG01014", "網址設定錯誤（" + f + "）"
		}
	}
	if t.Get("CREDIT") != "1" {
		return "MPG02003", "支付方式未啟用（本沙盒僅支援信用卡一次付清 CREDIT=1）"
	}
	s.mu.Lock()
	paid := s.paid[paidKey(t)]
	s.mu.Unlock()
	if paid {
		return "MPG03008", "該筆訂單編號已存在"
	}
	return "", ""
}

// cardFormBody is the card form of both gateways (MPG and periodic):
// what is asked for, the card fields and the test cards.
var cardFormBody = template.Must(template.New("card").Parse(`<dl>
{{range .Rows}}<dt>{{index . 0}}</dt><dd{{if index . 2}} id="{{index . 2}}"{{end}}>{{index . 1}}</dd>{{end}}</dl>
{{if .Err}}<p class="err" id="card-error">{{.Err}}</p>{{end}}
<form method="post" action="{{.Action}}" autocomplete="off">
<input type="hidden" name="token" value="{{.Token}}">
<label for="card">信用卡卡號</label><input id="card" name="CardNo" inputmode="numeric" placeholder="4000-2211-1111-1111" required>
<label for="exp">有效期限（MM/YY）</label><input id="exp" name="Exp" placeholder="12/30" required>
<label for="cvc">背面末三碼</label><input id="cvc" name="CVC" inputmode="numeric" maxlength="3" required>
<button type="submit">{{.Button}}</button>
</form>
<p>{{.Cards}}有效期限填未來的月份，末三碼任意三位數字。</p>
{{if .Back}}<p><a href="{{.Back}}">返回商店</a></p>{{end}}`))

// cardPage is a gateway's card form: rows are (term, value, id) shown
// above it; action the path the form posts to.
type cardPage struct {
	Title, Action, Button, Cards string
	Rows                         [][3]string
	Token, Err, Back             string
}

func writeCardPage(w http.ResponseWriter, status int, p cardPage) {
	var b strings.Builder
	cardFormBody.Execute(&b, p)
	writePage(w, status, pageData{Provider: "藍新金流", Title: p.Title, Body: template.HTML(b.String())})
}

func (s *NewebPaySandbox) cardForm(w http.ResponseWriter, status int, token string, t url.Values, errMsg string) {
	amt, _ := strconv.Atoi(t.Get("Amt"))
	writeCardPage(w, status, cardPage{Title: "信用卡付款", Action: "pay", Button: "確認付款",
		Cards: "測試卡號：4000-2211-1111-1111 付款成功；4000-2211-1111-1112 授權失敗；4000-2211-1111-1113 逾時（不通知商店）。",
		Rows:  [][3]string{{"商品", t.Get("ItemDesc")}, {"訂單編號", t.Get("MerchantOrderNo")}, {"金額", "NT$ " + twd(amt), "amount"}},
		Token: token, Err: errMsg, Back: t.Get("ClientBackURL")})
}

// readCard reads the card form's fields at now: the card number (one of
// accepted) and its expiry as YYMM, or what is wrong, for the form again.
func readCard(form url.Values, now time.Time, accepted ...string) (card, yymm, wrong string) {
	card = strings.NewReplacer(" ", "", "-", "").Replace(form.Get("CardNo"))
	exp := cardExp.FindStringSubmatch(strings.TrimSpace(form.Get("Exp")))
	switch {
	case len(card) != 16 || strings.Trim(card, "0123456789") != "":
		return "", "", "請輸入 16 位數字的信用卡卡號"
	case exp == nil:
		return "", "", "有效期限格式為 MM/YY"
	case expired(exp[1], exp[2], now):
		return "", "", "此卡已過有效期限"
	case !cardCVC.MatchString(strings.TrimSpace(form.Get("CVC"))):
		return "", "", "背面末三碼為三位數字"
	case !slices.Contains(accepted, card):
		return "", "", "測試環境只接受上列測試卡號"
	}
	return card, exp[2] + exp[1], ""
}

// writeReturnPage tells the buyer text and takes the browser back to the
// shop's ReturnURL ret with an auto-posted form of fields ("" ret: the
// text only).
func writeReturnPage(w http.ResponseWriter, title, text, ret string, fields [][2]string) {
	if ret == "" {
		writePage(w, http.StatusOK, pageData{Provider: "藍新金流", Title: title, Body: template.HTML(`<p>` + template.HTMLEscapeString(text) + `</p>`)})
		return
	}
	var b strings.Builder
	b.WriteString(`<p>` + template.HTMLEscapeString(text) + `，正在返回商店…</p><form method="post" action="` + template.HTMLEscapeString(ret) + `">`)
	for _, f := range fields {
		b.WriteString(`<input type="hidden" name="` + template.HTMLEscapeString(f[0]) + `" value="` + template.HTMLEscapeString(f[1]) + `">`)
	}
	b.WriteString(`<button type="submit">返回商店</button></form>`)
	writePage(w, http.StatusOK, pageData{Provider: "藍新金流", Title: title, Body: template.HTML(b.String()), AutoSubmit: true}, ret)
}

var (
	cardExp = regexp.MustCompile(`^(0[1-9]|1[0-2])\s*/\s*([0-9]{2})$`)
	cardCVC = regexp.MustCompile(`^[0-9]{3}$`)
)

func (s *NewebPaySandbox) pay(w http.ResponseWriter, r *http.Request) {
	r.Body = http.MaxBytesReader(w, r.Body, 16<<10)
	if err := r.ParseForm(); err != nil {
		mpgError(w, "MPG03003", "該筆交易資料不存在")
		return
	}
	token := r.PostForm.Get("token")
	s.mu.Lock()
	t, ok := s.trades[token]
	s.mu.Unlock()
	if !ok {
		mpgError(w, "MPG03003", "該筆交易資料不存在")
		return
	}
	now := s.now().In(taipei)
	card, yymm, wrong := readCard(r.PostForm, now, TestCardApproved, TestCardDeclined, TestCardTimeout)
	if wrong != "" {
		s.cardForm(w, http.StatusBadRequest, token, t, wrong)
		return
	}
	s.mu.Lock()
	_, still := s.trades[token]
	delete(s.trades, token)
	if still && card == TestCardApproved {
		if s.paid[paidKey(t)] {
			still = false
		} else {
			s.paid[paidKey(t)] = true
		}
	}
	plan := s.plan
	s.mu.Unlock()
	if !still { // the same form posted twice at once, or the order paid meanwhile
		mpgError(w, "MPG03008", "該筆訂單編號已存在")
		return
	}
	if card == TestCardTimeout {
		back := t.Get("ClientBackURL")
		if back == "" {
			back = t.Get("ReturnURL")
		}
		if back == "" {
			mpgError(w, "MPG02004", "頁面已逾時失效，請重新確認")
			return
		}
		http.Redirect(w, r, back, http.StatusSeeOther)
		return
	}
	tradeNo := now.Format("060102150405") + randomDigits(5)
	fields, err := s.answer(t, card, yymm, tradeNo, now)
	if err != nil {
		mpgError(w, "MPG03001", "建立支付失敗")
		return
	}
	s.mu.Lock()
	if tr := s.mpg[t.Get("MerchantOrderNo")]; tr != nil && tr.Status != TradePaid {
		tr.TradeNo, tr.Status = tradeNo, TradeFailed
		if card == TestCardApproved {
			tr.Status, tr.Card4No, tr.PayTime = TradePaid, card[12:], now.Format("2006-01-02 15:04:05")
			s.charged[tradeNo] = &sandboxTrade{merchantID: tr.MerchantID, merchantOrderNo: tr.MerchantOrderNo, amount: tr.Amount, paidAt: now}
		}
	}
	s.mu.Unlock()
	s.notify(t.Get("NotifyURL"), fields, plan)
	writeReturnPage(w, "付款結果", resultMessage(card), t.Get("ReturnURL"), fields)
	if plan.AfterReturn && !plan.Off && plan.Delay > 0 {
		time.AfterFunc(plan.Delay, s.Release)
	}
}

func resultMessage(card string) string {
	if card == TestCardApproved {
		return "付款成功"
	}
	return "授權失敗"
}

// expired reports whether a card valid through month mm of year 20yy has
// expired at now.
func expired(mm, yy string, now time.Time) bool {
	m, _ := strconv.Atoi(mm)
	y, _ := strconv.Atoi(yy)
	return 2000+y < now.Year() || (2000+y == now.Year() && m < int(now.Month()))
}

// answer is the gateway's answer fields (Status, MerchantID, Version,
// TradeInfo, TradeSha) of a payment with card.
func (s *NewebPaySandbox) answer(t url.Values, card, exp, tradeNo string, now time.Time) ([][2]string, error) {
	n, _ := s.merchant(t.Get("MerchantID")) // checked by the gateway
	amt, _ := strconv.Atoi(t.Get("Amt"))
	status, msg, respond, auth, payTime := "SUCCESS", "授權成功", "00", randomDigits(6), now.Format("2006-01-02 15:04:05")
	if card != TestCardApproved {
		status, msg, respond, auth, payTime = "MPG03009", "授權失敗", "05", "", ""
	}
	result := map[string]any{
		"MerchantID": n.MerchantID, "Amt": amt, "TradeNo": tradeNo,
		"MerchantOrderNo": t.Get("MerchantOrderNo"), "PaymentType": "CREDIT", "RespondType": "JSON",
		"PayTime": payTime, "IP": "127.0.0.1", "EscrowBank": "HNCB", "AuthBank": "Sandbox",
		"RespondCode": respond, "Auth": auth, "Card6No": card[:6], "Card4No": card[12:], "Exp": exp,
		"ECI": "", "TokenUseStatus": 0, "InstFirst": 0, "InstEach": 0, "Inst": 0, "PaymentMethod": "CREDIT",
	}
	plain, err := json.Marshal(map[string]any{"Status": status, "Message": msg, "Result": result})
	if err != nil {
		return nil, err
	}
	info, err := n.encrypt(string(plain))
	if err != nil {
		return nil, err
	}
	return [][2]string{{"Status", status}, {"MerchantID", n.MerchantID}, {"Version", MPGVersion},
		{"TradeInfo", info}, {"TradeSha", n.tradeSha(info)}}, nil
}

// notify sends fields to notifyURL as plan says.
func (s *NewebPaySandbox) notify(notifyURL string, fields [][2]string, plan NotifyPlan) {
	if notifyURL == "" || plan.Off {
		return
	}
	times := max(plan.Times, 1)
	body := encodeQuery(fields)
	wait := plan.RetryWait
	if wait <= 0 {
		wait = time.Second
	}
	deliver := func() bool {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, notifyURL, strings.NewReader(body))
		if err != nil {
			return true // never deliverable
		}
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		resp, err := s.client.Do(req)
		if err != nil {
			return false
		}
		resp.Body.Close()
		return resp.StatusCode/100 == 2
	}
	post := func() {
		defer s.sending.Done()
		for try := 0; !deliver() && try < plan.Retries; try++ {
			time.Sleep(wait)
		}
	}
	send := func() {
		s.sending.Add(times)
		if plan.Concurrent {
			for range times {
				go post()
			}
			return
		}
		for range times {
			post()
		}
	}
	if plan.AfterReturn {
		s.mu.Lock()
		s.held = append(s.held, send)
		s.mu.Unlock()
		return
	}
	send()
}

// close is the refund API (信用卡請退款, CloseType 2) for the charges the
// sandbox made, or (cancel) the authorisation cancel API: a captured
// trade is refunded, at most what it charged, in one or several refunds;
// one not captured yet (the day it was paid) has its authorisation
// cancelled, whole; a request
// that is not our merchant's or does not decrypt is refused. Its codes
// are the sandbox's own (TRA10xxx as the gateway's trade errors).
func (s *NewebPaySandbox) close(w http.ResponseWriter, r *http.Request, cancel bool) {
	answer := func(status, msg string, result map[string]any) {
		w.Header().Set("Content-Type", "application/json")
		json.NewEncoder(w).Encode(map[string]any{"Status": status, "Message": msg, "Result": result})
	}
	r.Body = http.MaxBytesReader(w, r.Body, 16<<10)
	r.ParseForm()
	n, known := s.merchant(r.PostForm.Get("MerchantID_"))
	if !known {
		answer("TRA10001", "商店代號錯誤", nil)
		return
	}
	plain, err := n.decrypt(r.PostForm.Get("PostData_"))
	if err != nil {
		answer("TRA10002", "資料解密錯誤", nil)
		return
	}
	t, _ := url.ParseQuery(string(plain))
	switch {
	case cancel && t.Get("Version") != CancelVersion, !cancel && t.Get("Version") != RefundVersion:
		answer("TRA10003", "Version 參數錯誤", nil)
		return
	case !cancel && t.Get("CloseType") != CloseTypeRefund:
		answer("TRA10004", "本沙盒只提供退款（CloseType=2）", nil)
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	tradeNo := t.Get("TradeNo")
	if t.Get("IndexType") == "1" {
		tradeNo = ""
		for no, c := range s.charged {
			if c.merchantOrderNo == t.Get("MerchantOrderNo") {
				tradeNo = no
			}
		}
	}
	c := s.charged[tradeNo]
	amt, err := strconv.Atoi(t.Get("Amt"))
	switch {
	case c == nil || c.merchantID != n.MerchantID || c.merchantOrderNo != t.Get("MerchantOrderNo"):
		answer("TRA10005", "查無此交易", nil)
	case c.refunded >= c.amount || c.cancelled:
		answer("TRA10006", "此交易已退款", nil)
	case cancel && c.captured(s.now()):
		answer("TRA10009", "此交易已請款，請改用退款", nil)
	case !cancel && !c.captured(s.now()):
		answer("TRA10008", "此交易尚未請款，請改用取消授權", nil)
	case err != nil || amt < 1 || amt > c.amount-c.refunded || cancel && amt != c.amount:
		answer("TRA10007", "退款金額錯誤", nil)
	default:
		if cancel {
			c.cancelled = true
			if tr := s.mpg[c.merchantOrderNo]; tr != nil {
				tr.Status = TradeCancelled
			}
		} else {
			c.refunded += amt
		}
		a := strconv.Itoa(amt)
		answer("SUCCESS", "退款成功", map[string]any{"MerchantID": n.MerchantID, "Amt": amt, "MerchantOrderNo": c.merchantOrderNo,
			"TradeNo": tradeNo, "CheckCode": n.checkCode(a, c.merchantOrderNo, tradeNo)})
	}
}

// query is the trade query (QueryTradeInfo) of the MPG trades the
// sandbox took: a CheckValue that does not verify is TRA10054, a trade it
// never took (or of another amount) TRA10021.
func (s *NewebPaySandbox) query(w http.ResponseWriter, r *http.Request) {
	answer := func(status, msg string, result any) {
		w.Header().Set("Content-Type", "application/json")
		json.NewEncoder(w).Encode(map[string]any{"Status": status, "Message": msg, "Result": result})
	}
	r.Body = http.MaxBytesReader(w, r.Body, 16<<10)
	r.ParseForm()
	n, known := s.merchant(r.PostForm.Get("MerchantID"))
	if !known {
		answer("TRA10001", "商店資料取得失敗", []any{})
		return
	}
	f := r.PostForm
	no, amt := f.Get("MerchantOrderNo"), f.Get("Amt")
	if f.Get("Version") != QueryVersion || f.Get("RespondType") != "JSON" ||
		subtle.ConstantTimeCompare([]byte(f.Get("CheckValue")), []byte(n.queryCheckValue(amt, no))) != 1 {
		answer("TRA10054", "檢查碼 CheckValue 有錯誤", []any{})
		return
	}
	s.mu.Lock()
	tr := s.mpg[no]
	var t Trade
	if tr != nil {
		t = *tr
	}
	s.mu.Unlock()
	if tr == nil || t.MerchantID != n.MerchantID || strconv.Itoa(t.Amount) != amt {
		answer(TradeNotFound, "查無交易資料", []any{})
		return
	}
	result := map[string]any{"MerchantID": n.MerchantID, "Amt": t.Amount, "TradeNo": t.TradeNo,
		"MerchantOrderNo": no, "TradeStatus": t.Status, "PaymentType": "CREDIT", "PayTime": t.PayTime, "Card4No": t.Card4No,
		"CheckCode": n.checkCode(amt, no, t.TradeNo)}
	s.mu.Lock()
	if c := s.charged[t.TradeNo]; c != nil { // a card charge: what is left to refund, and whether a refund was made
		result["BackBalance"], result["BackStatus"] = c.amount-c.refunded, map[bool]string{false: BackNone, true: BackDone}[c.refunded > 0]
		result["CloseStatus"] = map[bool]string{false: CloseNone, true: CloseDone}[c.captured(s.now())]
	}
	s.mu.Unlock()
	answer("SUCCESS", "查詢成功", result)
}

// Refunded is how many of the sandbox's charges were refunded.
func (s *NewebPaySandbox) Refunded() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	n := 0
	for _, c := range s.charged {
		if c.refunded > 0 || c.cancelled {
			n++
		}
	}
	return n
}
