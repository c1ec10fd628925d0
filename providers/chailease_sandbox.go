package providers

// The Chailease sandbox: the stand-in protocol of chailease.go served
// locally. GET /apply checks the signature, merchant, amount and URLs (an
// error page otherwise) and shows the application: the amount, the
// instalment count (the shop's, or the buyer's choice of 3, 6, 12 or 24)
// and 核准（完成分期） / 婉拒. POST /decide posts the signed result to
// notifyUrl (server to server; NotifyOff skips it, a lost notification)
// and sends the browser to returnUrl with the same fields (303).
// Applications live in memory (a dev sandbox).

import (
	"context"
	"fmt"
	"html/template"
	"io"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
)

// ChaileaseSandbox is a local stand-in for the instalment provider (an
// http.Handler; the host mounts it at /dev/chailease/, prefix stripped).
type ChaileaseSandbox struct {
	c         Chailease            // the first merchant
	merchants map[string]Chailease // the merchants it serves, by merchant id
	client    *http.Client
	// Now is the provider's clock; nil: time.Now.
	Now func() time.Time
	// NotifyOff: no server-to-server notification (only the return).
	NotifyOff bool

	mu   sync.Mutex
	apps map[string]url.Values // by token: the application's fields
	seq  int
}

// NewChaileaseSandbox is a sandbox of merchant c's provider; client posts
// its notifications (nil: a client with a 20 s timeout).
func NewChaileaseSandbox(c Chailease, client *http.Client) *ChaileaseSandbox {
	if client == nil {
		client = defaultClient
	}
	return &ChaileaseSandbox{c: c, merchants: map[string]Chailease{c.MerchantID: c}, client: client, apps: map[string]url.Values{}}
}

// AddMerchant makes the sandbox serve merchant c too: each application is
// the merchant's that signed it, and its result is signed with its secret.
func (s *ChaileaseSandbox) AddMerchant(c Chailease) {
	s.mu.Lock()
	s.merchants[c.MerchantID] = c
	s.mu.Unlock()
}

// merchant is the merchant of id the sandbox serves (the first when
// none).
func (s *ChaileaseSandbox) merchant(id string) (Chailease, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	c, ok := s.merchants[id]
	if !ok {
		return s.c, false
	}
	return c, true
}

func (s *ChaileaseSandbox) now() time.Time {
	if s.Now != nil {
		return s.Now()
	}
	return time.Now()
}

func (s *ChaileaseSandbox) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	switch {
	case r.Method == http.MethodGet && r.URL.Path == "/apply":
		s.apply(w, r)
	case r.Method == http.MethodPost && r.URL.Path == "/decide":
		s.decide(w, r)
	default:
		http.NotFound(w, r)
	}
}

func chaileaseError(w http.ResponseWriter, msg string) {
	writePage(w, http.StatusBadRequest, pageData{Provider: "中租零卡分期", Title: "申請失敗",
		Body: template.HTML(`<p class="err" id="chailease-error">` + template.HTMLEscapeString(msg) + `</p>`)})
}

var chaileaseApplyBody = template.Must(template.New("apply").Parse(`<form method="post" action="decide" data-testid="chailease-apply">
<dl><dt>訂單編號</dt><dd>{{.OrderNo}}</dd><dt>商品</dt><dd>{{.Item}}</dd><dt>分期總額</dt><dd>NT$ {{.Amount}}</dd></dl>
<input type="hidden" name="token" value="{{.Token}}">
<label for="instalments">分期期數</label>
<select id="instalments" name="instalments">{{range .Counts}}<option value="{{.}}"{{if eq . $.Chosen}} selected{{end}}>{{.}} 期</option>{{end}}</select>
<button name="decision" value="approve">核准（完成分期）</button><button name="decision" value="decline">婉拒</button>
</form>`))

func (s *ChaileaseSandbox) apply(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	c, known := s.merchant(q.Get("merchantId"))
	if err := c.verify(q); !known || err != nil {
		chaileaseError(w, "簽章或商店代號錯誤")
		return
	}
	amount, err := strconv.Atoi(q.Get("amount"))
	n, nerr := strconv.Atoi(q.Get("instalments"))
	switch {
	case err != nil || amount <= 0:
		chaileaseError(w, "金額錯誤")
		return
	case nerr != nil || (n != 0 && !slices.Contains(ChaileaseInstalments, n)):
		chaileaseError(w, "分期期數錯誤")
		return
	case originOf(q.Get("returnUrl")) == "" || originOf(q.Get("notifyUrl")) == "":
		chaileaseError(w, "回傳網址錯誤")
		return
	}
	if ts, err := strconv.ParseInt(q.Get("timestamp"), 10, 64); err != nil || s.now().Sub(time.Unix(ts, 0)).Abs() > 10*time.Minute {
		chaileaseError(w, "申請已逾時，請回商店重新送出")
		return
	}
	token := randomDigits(24)
	s.mu.Lock()
	s.apps[token] = q
	s.mu.Unlock()
	chosen := n
	if chosen == 0 {
		chosen = 6
	}
	var b strings.Builder
	chaileaseApplyBody.Execute(&b, struct {
		OrderNo, Item, Amount, Token string
		Counts                       []int
		Chosen                       int
	}{q.Get("orderNo"), q.Get("itemDesc"), twd(amount), token, ChaileaseInstalments, chosen})
	writePage(w, http.StatusOK, pageData{Provider: "中租零卡分期", Title: "零卡分期申請", Body: template.HTML(b.String())}, q.Get("returnUrl"))
}

func (s *ChaileaseSandbox) decide(w http.ResponseWriter, r *http.Request) {
	r.Body = http.MaxBytesReader(w, r.Body, 4<<10)
	if err := r.ParseForm(); err != nil {
		chaileaseError(w, "資料格式錯誤")
		return
	}
	s.mu.Lock()
	app, ok := s.apps[r.PostForm.Get("token")]
	delete(s.apps, r.PostForm.Get("token"))
	s.seq++
	seq := s.seq
	s.mu.Unlock()
	if !ok {
		chaileaseError(w, "找不到此申請，或已經回覆")
		return
	}
	n, err := strconv.Atoi(r.PostForm.Get("instalments"))
	if err != nil || !slices.Contains(ChaileaseInstalments, n) {
		chaileaseError(w, "分期期數錯誤")
		return
	}
	res := ChaileaseResult{OrderNo: app.Get("orderNo"), Status: ChaileaseDeclined, Reason: "審核未通過", Instalments: n}
	res.Amount, _ = strconv.Atoi(app.Get("amount"))
	if r.PostForm.Get("decision") == "approve" {
		res.Status, res.Reason = ChaileaseCompleted, ""
		res.TradeNo = fmt.Sprintf("CL%s%04d", s.now().In(taipei).Format("060102"), seq)
	}
	c, _ := s.merchant(app.Get("merchantId"))
	fields := c.resultFields(res, s.now())
	if !s.NotifyOff {
		s.notify(r.Context(), app.Get("notifyUrl"), fields)
	}
	ret := app.Get("returnUrl")
	sep := "?"
	if strings.Contains(ret, "?") {
		sep = "&"
	}
	http.Redirect(w, r, ret+sep+fields.Encode(), http.StatusSeeOther)
}

// ResultFields are the signed fields of result res of the first merchant,
// as the provider sends them (tests replay and forge with them).
func (s *ChaileaseSandbox) ResultFields(res ChaileaseResult) url.Values {
	return s.c.resultFields(res, s.now())
}

// resultFields are the signed fields of merchant c's result res at now.
func (c Chailease) resultFields(res ChaileaseResult, now time.Time) url.Values {
	return c.Signed(url.Values{
		"merchantId":  {c.MerchantID},
		"orderNo":     {res.OrderNo},
		"tradeNo":     {res.TradeNo},
		"status":      {res.Status},
		"amount":      {strconv.Itoa(res.Amount)},
		"instalments": {strconv.Itoa(res.Instalments)},
		"reason":      {res.Reason},
		"timestamp":   {strconv.FormatInt(now.Unix(), 10)},
	})
}

// notify posts fields to the shop's notifyUrl; a failure is the shop's to
// recover from the return.
func (s *ChaileaseSandbox) notify(ctx context.Context, to string, fields url.Values) {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, to, strings.NewReader(fields.Encode()))
	if err != nil {
		return
	}
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	res, err := s.client.Do(req)
	if err != nil {
		return
	}
	io.Copy(io.Discard, res.Body)
	res.Body.Close()
}
