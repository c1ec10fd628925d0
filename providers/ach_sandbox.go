package providers

// The ACH sandbox: the stand-in protocol of ach.go served locally, in
// place of the merchant's bank and the clearing house. POST /mandates
// checks the signature and merchant (401 BAD_SIGNATURE, 403
// UNKNOWN_MERCHANT) and the fields (400 BAD_FIELD), and takes the mandate
// (202): the "bank" answers it AnswerAfter later on the sandbox's clock
// (Now), when Settle runs (every page view of the sandbox runs it), or at
// once from its page (GET /: the mandates waiting, with 核准 and 退回).
// What the bank answers follows the account number's last 4 digits:
//
//	…0001  rejected, reason 03 存款不足
//	…0002  rejected, reason 04 帳號與身分證字號不符
//	else   approved
//
// An answer is posted (signed) to the mandate's notifyUrl, server to
// server, and retried on the next Settle while the shop does not answer
// 2xx. Of an account only its last 4 digits are kept, of an ID nothing.

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"html/template"
	"io"
	"net/http"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"
)

// ACH sandbox test accounts (the last 4 digits decide).
const (
	ACHTestApproved         = "12345678901234"
	ACHTestInsufficient     = "12345678900001"
	ACHTestMismatch         = "12345678900002"
	achDefaultAnswerAfter   = 48 * time.Hour
	achSandboxMaxPendingAge = 90 * 24 * time.Hour
)

type achSandboxMandate struct {
	ACHMandate
	ref, last4 string
	due        time.Time
	answer     *ACHAnswer // decided; delivered when delivered is set
	delivered  bool
}

// ACHSandbox is a local stand-in for the ACH exchange (an http.Handler;
// the host mounts it at /dev/ach/, prefix stripped).
type ACHSandbox struct {
	a         ACH            // the first merchant
	merchants map[string]ACH // the merchants it serves, by merchant id
	client    *http.Client
	// Now is the bank's clock; nil: time.Now.
	Now func() time.Time
	// AnswerAfter is how long after a submission the bank answers (0: two
	// days).
	AnswerAfter time.Duration

	mu       sync.Mutex
	mandates map[string]*achSandboxMandate // by ref
	seq      int
}

// NewACHSandbox is a sandbox of the exchange of merchant a; client posts
// its answers (nil: a client with a 20 s timeout).
func NewACHSandbox(a ACH, client *http.Client) *ACHSandbox {
	if client == nil {
		client = defaultClient
	}
	return &ACHSandbox{a: a, merchants: map[string]ACH{a.MerchantID: a}, client: client, mandates: map[string]*achSandboxMandate{}}
}

// AddMerchant makes the sandbox serve merchant a too: each mandate is the
// merchant's that signed it, and its answer is signed with its secret.
func (s *ACHSandbox) AddMerchant(a ACH) {
	s.mu.Lock()
	s.merchants[a.MerchantID] = a
	s.mu.Unlock()
}

// merchant is the merchant of id the sandbox serves (the first when
// none).
func (s *ACHSandbox) merchant(id string) (ACH, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	a, ok := s.merchants[id]
	if !ok {
		return s.a, false
	}
	return a, true
}

func (s *ACHSandbox) now() time.Time {
	if s.Now != nil {
		return s.Now()
	}
	return time.Now()
}

func (s *ACHSandbox) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	switch {
	case r.Method == http.MethodPost && r.URL.Path == "/mandates":
		s.submit(w, r)
	case r.Method == http.MethodGet && r.URL.Path == "/":
		s.Settle(r.Context())
		s.page(w, "")
	case r.Method == http.MethodPost && r.URL.Path == "/answer":
		s.answerForm(w, r)
	default:
		http.NotFound(w, r)
	}
}

func achRefuse(w http.ResponseWriter, status int, code, msg string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(map[string]string{"code": code, "message": msg})
}

func (s *ACHSandbox) submit(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, 16<<10))
	if err != nil {
		achRefuse(w, http.StatusBadRequest, "BAD_FIELD", "body too large")
		return
	}
	var m ACHMandate
	if err := json.Unmarshal(body, &m); err != nil {
		achRefuse(w, http.StatusBadRequest, "BAD_FIELD", "資料格式錯誤")
		return
	}
	a, known := s.merchant(m.MerchantID)
	if !a.verify(body, r.Header.Get(ACHSignatureHeader)) {
		achRefuse(w, http.StatusUnauthorized, "BAD_SIGNATURE", "簽章錯誤")
		return
	}
	if !known {
		achRefuse(w, http.StatusForbidden, "UNKNOWN_MERCHANT", "查無此商店")
		return
	}
	switch {
	case m.MandateNo == "" || len(m.BankCode) != 3 || len(m.BranchCode) != 4 || len(m.AccountNo) < 4 || m.HolderID == "" || m.HolderName == "":
		achRefuse(w, http.StatusBadRequest, "BAD_FIELD", "授權資料不完整")
		return
	case m.Amount <= 0 || originOf(m.NotifyURL) == "":
		achRefuse(w, http.StatusBadRequest, "BAD_FIELD", "金額或回覆網址錯誤")
		return
	}
	now := s.now()
	after := s.AnswerAfter
	if after == 0 {
		after = achDefaultAnswerAfter
	}
	s.mu.Lock()
	for _, old := range s.mandates {
		if old.MandateNo == m.MandateNo {
			s.mu.Unlock()
			achRefuse(w, http.StatusConflict, "DUPLICATE", "此授權編號已送出")
			return
		}
	}
	s.seq++
	ref := fmt.Sprintf("ACH%s%04d", now.In(taipei).Format("20060102"), s.seq)
	last4 := m.AccountNo[len(m.AccountNo)-4:]
	m.AccountNo, m.HolderID = "", "" // a sandbox keeps no account or ID
	s.mandates[ref] = &achSandboxMandate{ACHMandate: m, ref: ref, last4: last4, due: now.Add(after)}
	s.mu.Unlock()
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(http.StatusAccepted)
	json.NewEncoder(w).Encode(map[string]string{"mandateNo": m.MandateNo, "ref": ref})
}

// outcome is what the bank answers a mandate, by its account's last 4
// digits.
func (s *ACHSandbox) outcome(m *achSandboxMandate, approve bool) ACHAnswer {
	a := ACHAnswer{MerchantID: m.MerchantID, MandateNo: m.MandateNo, Ref: m.ref, Status: ACHApproved, Amount: m.Amount,
		AnsweredAt: s.now().UTC().Format(time.RFC3339)}
	switch {
	case !approve:
		a.Status, a.ReasonCode, a.Reason = ACHRejected, "99", "銀行退回授權"
	case m.last4 == "0001":
		a.Status, a.ReasonCode, a.Reason = ACHRejected, "03", "存款不足"
	case m.last4 == "0002":
		a.Status, a.ReasonCode, a.Reason = ACHRejected, "04", "帳號與身分證字號不符"
	}
	return a
}

// Settle answers every mandate due by the sandbox's clock and delivers
// every answer not yet taken; it returns how many answers the shop took.
func (s *ACHSandbox) Settle(ctx context.Context) int {
	now := s.now()
	s.mu.Lock()
	var send []*achSandboxMandate
	for _, m := range s.mandates {
		if m.answer == nil && !now.Before(m.due) {
			a := s.outcome(m, true)
			m.answer = &a
		}
		if m.answer != nil && !m.delivered {
			send = append(send, m)
		}
	}
	s.mu.Unlock()
	sort.Slice(send, func(i, j int) bool { return send[i].ref < send[j].ref })
	n := 0
	for _, m := range send {
		if s.deliver(ctx, m) {
			n++
		}
	}
	return n
}

// Answer answers the mandate of order mandateNo now: approve, or reject
// (the test accounts' outcomes still apply to an approval). It reports
// whether the shop took the answer.
func (s *ACHSandbox) Answer(ctx context.Context, mandateNo string, approve bool) (bool, error) {
	s.mu.Lock()
	var m *achSandboxMandate
	for _, x := range s.mandates {
		if x.MandateNo == mandateNo {
			m = x
		}
	}
	if m == nil {
		s.mu.Unlock()
		return false, fmt.Errorf("providers: ACH sandbox: no mandate %q", mandateNo)
	}
	if m.answer == nil {
		a := s.outcome(m, approve)
		m.answer = &a
	}
	s.mu.Unlock()
	return s.deliver(ctx, m), nil
}

// SignedAnswer is the body and signature the sandbox would post for an
// answer, signed with the secret of its merchant (the first when the
// sandbox does not serve it; tests replay and forge with it).
func (s *ACHSandbox) SignedAnswer(a ACHAnswer) ([]byte, string) {
	body, _ := json.Marshal(a)
	m, _ := s.merchant(a.MerchantID)
	return body, m.sign(body)
}

// deliver posts m's answer to its notifyUrl; it reports whether the shop
// took it (2xx).
func (s *ACHSandbox) deliver(ctx context.Context, m *achSandboxMandate) bool {
	s.mu.Lock()
	ans, url := *m.answer, m.NotifyURL
	s.mu.Unlock()
	body, sig := s.SignedAnswer(ans)
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(body))
	if err != nil {
		return false
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set(ACHSignatureHeader, sig)
	res, err := s.client.Do(req)
	if err != nil {
		return false
	}
	io.Copy(io.Discard, res.Body)
	res.Body.Close()
	ok := res.StatusCode >= 200 && res.StatusCode < 300
	if ok {
		s.mu.Lock()
		m.delivered = true
		s.mu.Unlock()
	}
	return ok
}

func (s *ACHSandbox) answerForm(w http.ResponseWriter, r *http.Request) {
	r.Body = http.MaxBytesReader(w, r.Body, 4<<10)
	if err := r.ParseForm(); err != nil {
		s.page(w, "資料格式錯誤")
		return
	}
	ok, err := s.Answer(r.Context(), r.PostForm.Get("mandateNo"), r.PostForm.Get("decision") == "approve")
	msg := "已回覆商店。"
	switch {
	case err != nil:
		msg = "找不到此授權。"
	case !ok:
		msg = "商店未收下回覆，稍後重新整理此頁會再送一次。"
	}
	s.page(w, msg)
}

var achPageBody = template.Must(template.New("ach").Parse(`{{if .Message}}<p class="note" id="ach-message">{{.Message}}</p>{{end}}
<p>代替清算所與扣款銀行：送出的授權於 {{.After}} 後自動核准（依帳號末四碼：0001 存款不足、0002 帳號與身分證字號不符，其餘核准），或在此立即回覆。</p>
{{range .Rows}}<form method="post" action="answer" data-testid="ach-mandate" data-mandate="{{.MandateNo}}">
<dl><dt>授權編號</dt><dd>{{.MandateNo}}</dd><dt>銀行參考號</dt><dd>{{.Ref}}</dd><dt>帳號</dt><dd>{{.Bank}}-{{.Branch}} ****{{.Last4}}</dd>
<dt>戶名</dt><dd>{{.Holder}}</dd><dt>金額</dt><dd>NT$ {{.Amount}}</dd><dt>狀態</dt><dd>{{.State}}</dd></dl>
<input type="hidden" name="mandateNo" value="{{.MandateNo}}">
{{if .Open}}<button name="decision" value="approve">核准</button><button name="decision" value="reject">退回</button>{{end}}
</form>{{else}}<p>目前沒有授權。</p>{{end}}`))

type achRow struct {
	MandateNo, Ref, Bank, Branch, Last4, Holder, Amount, State string
	Open                                                       bool
}

func (s *ACHSandbox) page(w http.ResponseWriter, msg string) {
	now := s.now()
	s.mu.Lock()
	rows := []achRow{}
	targets := []string{}
	for ref, m := range s.mandates {
		if now.Sub(time.Unix(m.Timestamp, 0)) > achSandboxMaxPendingAge && m.delivered {
			delete(s.mandates, ref)
			continue
		}
		state := "等待銀行回覆（" + m.due.In(taipei).Format("2006-01-02 15:04") + " 自動核准）"
		if m.answer != nil {
			state = m.answer.Status + " " + m.answer.ReasonCode + " " + m.answer.Reason
			if !m.delivered {
				state += "（尚未送達商店）"
			}
		}
		rows = append(rows, achRow{MandateNo: m.MandateNo, Ref: ref, Bank: m.BankCode, Branch: m.BranchCode, Last4: m.last4,
			Holder: m.HolderName, Amount: twd(m.Amount), State: state, Open: m.answer == nil})
		targets = append(targets, m.NotifyURL)
	}
	s.mu.Unlock()
	sort.Slice(rows, func(i, j int) bool { return rows[i].Ref > rows[j].Ref })
	after := s.AnswerAfter
	if after == 0 {
		after = achDefaultAnswerAfter
	}
	var b strings.Builder
	achPageBody.Execute(&b, struct {
		Message, After string
		Rows           []achRow
	}{msg, strconv.Itoa(int(after.Hours())) + " 小時", rows})
	writePage(w, http.StatusOK, pageData{Provider: "ACH 授權扣款", Title: "ACH 授權（銀行回覆）", Body: template.HTML(b.String())}, targets...)
}
