package host

import (
	"bytes"
	"context"
	"crypto/md5"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"storefront"
	"strings"
	"sync"
	"testing"
	"time"

	"storefront/data"
	"storefront/host/config"
	"storefront/host/wire"
	"storefront/mail"
	"storefront/mail/devbox"
	"storefront/outbox"
	"storefront/rules"
)

// clock is a test's settable time.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) Now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *clock) Add(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

// memberServer is a test server whose mails go over SMTP to an in-process
// mailbox, on a clock the test moves.
type memberServer struct {
	*testServer
	box   *devbox.Box
	clock *clock
}

// testMailer is a mailer sending to a development mailbox of the test's
// own: a real SMTP conversation.
func testMailer(t testing.TB) (*mail.Mailer, *devbox.Box) {
	t.Helper()
	box, err := devbox.Start(devbox.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { box.Close() })
	m, err := mail.New(mail.Config{Host: box.Host(), Port: box.Port(), From: "no-reply@shop.test", TLS: mail.TLSNone})
	if err != nil {
		t.Fatal(err)
	}
	return m, box
}

func newMemberServer(t *testing.T, opts ...serverOpt) *memberServer {
	t.Helper()
	m, box := testMailer(t)
	c := &clock{t: time.Date(2026, 11, 22, 10, 0, 0, 0, rules.Taipei)}
	var sender *outbox.Worker
	// the outbox's clock: the server's, running on from it at the real
	// pace, so that a failed job's retry falls due after its wait while the
	// server's own clock stands still
	started := time.Now()
	jobsNow := func() time.Time { return c.Now().Add(time.Since(started)) }
	// the caller's options first: the outbox worker sends from the
	// database they may choose
	ts := newTestServer(t, append(opts, func(d *Deps) {
		sender = startJobs(d.DB, m, outbox.Options{Poll: 50 * time.Millisecond, Backoff: 50 * time.Millisecond, MaxWait: 200 * time.Millisecond, Now: jobsNow})
		d.Mailer, d.Mailbox, d.Now, d.Outbox = m, box, c.Now, sender
	})...)
	t.Cleanup(sender.Stop)
	return &memberServer{testServer: ts, box: box, clock: c}
}

func md5hex(s string) string { return fmt.Sprintf("%x", md5.Sum([]byte(s))) }

// browser keeps cookies between requests, as a browser on one site would.
type browser struct {
	ts      *memberServer
	cookies map[string]*http.Cookie
	header  http.Header // sent with every request
	remote  string      // the peer's address; "" for httptest's
}

func (ts *memberServer) browser() *browser {
	return &browser{ts: ts, cookies: map[string]*http.Cookie{}, header: http.Header{}}
}

func (b *browser) do(t *testing.T, method, target string, body any, header ...string) *httptest.ResponseRecorder {
	t.Helper()
	req := scenario{Method: method, Path: target, Body: body, Header: header}.request()
	if req.Header.Get("Content-Type") == "" {
		req.Header.Set("Content-Type", "application/json")
	}
	w := httptest.NewRecorder()
	b.ServeHTTP(w, req)
	return w
}

// ServeHTTP sends r through the server as this browser: with its header
// (where r sets none of its own), its cookies and its address, keeping the
// cookies the answer sets. A scenario table run through one browser
// carries its cookies from row to row.
func (b *browser) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	for k, v := range b.header {
		if _, own := r.Header[k]; !own {
			r.Header[k] = v
		}
	}
	for _, c := range b.cookies {
		if pathMatch(r.URL.Path, c.Path) {
			r.AddCookie(&http.Cookie{Name: c.Name, Value: c.Value})
		}
	}
	if b.remote != "" {
		r.RemoteAddr = b.remote
	}
	b.ts.ServeHTTP(w, r)
	sent := w.Header()
	if rec, ok := w.(*httptest.ResponseRecorder); ok {
		sent = rec.Result().Header // what went out, not what was set after
	}
	for _, c := range (&http.Response{Header: sent}).Cookies() {
		if c.MaxAge < 0 || c.Value == "" {
			delete(b.cookies, c.Name)
		} else {
			b.cookies[c.Name] = c
		}
	}
}

// pathMatch is RFC 6265's path-match of a request path and a cookie's
// path ("" or "/": every path).
func pathMatch(path, cookiePath string) bool {
	if cookiePath == "" || cookiePath == "/" || path == cookiePath {
		return true
	}
	return strings.HasPrefix(path, cookiePath) && (strings.HasSuffix(cookiePath, "/") || path[len(cookiePath)] == '/')
}

func (b *browser) post(t *testing.T, path string, body any, header ...string) *httptest.ResponseRecorder {
	t.Helper()
	return b.do(t, http.MethodPost, path, body, header...)
}

func (b *browser) get(t *testing.T, path string, header ...string) *httptest.ResponseRecorder {
	t.Helper()
	return b.do(t, http.MethodGet, path, nil, header...)
}

// wantCode checks an API answer's status and error code, and that its
// message is the catalogue's.
func wantCode(t *testing.T, w *httptest.ResponseRecorder, status, code int) wire.Envelope {
	t.Helper()
	env := apiResult(t, w, nil)
	if w.Code != status || env.ErrorCode != code {
		t.Fatalf("got %d %d %q; want %d %d\n%s", w.Code, env.ErrorCode, env.Message, status, code, w.Body.String())
	}
	if code < -10 && code > -100 {
		return env // ours: the message may say more
	}
	if want := storefront.CodeText(code); code != 0 && code != storefront.CodeBadRequest && env.Message != want {
		t.Fatalf("message %q; want the catalogue's %q", env.Message, want)
	}
	return env
}

var (
	linkPattern = regexp.MustCompile(`https?://[^\s"<]+/verify/email\?[^\s"<]+`)
	codePat     = regexp.MustCompile(`驗證碼：([0-9]{6})`)
)

// mailTo waits for the next mail to addr after message id after and
// returns it with its link's query and its code.
func (ts *memberServer) mailTo(t *testing.T, addr string, after int) (devbox.Message, url.Values, string) {
	t.Helper()
	m, ok := ts.box.Wait(addr, after, 5*time.Second)
	if !ok {
		t.Fatalf("no mail to %s", addr)
	}
	link := linkPattern.FindString(m.Text)
	code := codePat.FindStringSubmatch(m.Text)
	if link == "" || code == nil {
		t.Fatalf("mail without link or code:\n%s", m.Text)
	}
	u, _ := url.Parse(link)
	return m, u.Query(), code[1]
}

func demoRegistration(email string) map[string]any {
	return map[string]any{
		"brandId": "demo", "email": email, "password": md5hex("secret-1"), "name": "王小明", "acceptTerms": true,
		"customFields": map[string]string{"phone": "0912-000-111", "birthday": "1990-05-17", "gender": "男"},
	}
}

func with(m map[string]any, k string, v any) map[string]any {
	c := map[string]any{}
	for a, b := range m {
		c[a] = b
	}
	if v == nil {
		delete(c, k)
	} else {
		c[k] = v
	}
	return c
}

func TestRegisterValidation(t *testing.T) {
	ts := newMemberServer(t)
	b := ts.browser()
	ok := demoRegistration("amy@example.com")
	fields := func(f map[string]any) map[string]any { return with(ok, "customFields", f) }
	// field: the request's field the refusal names, for the form to show it there ("" none)
	register := func(name string, body any, msg string, field string) scenario {
		sc := scenario{Name: name, Method: http.MethodPost, Path: "/api/session/register", Body: body, Status: 400, Code: storefront.CodeBadRequest, Message: msg}
		if field == "" {
			sc.Absent = []string{`"field"`}
		} else {
			sc.Contains = []string{`"field":"` + field + `"`}
		}
		return sc
	}
	runScenarios(t, b, []scenario{
		register("not JSON", `{"brandId": "demo",`, "資料格式錯誤：請傳送 JSON 物件", ""),
		register("empty body", ``, "缺少資料：請傳送 JSON 物件", ""),
		register("an array", `[]`, "資料格式錯誤：請傳送 JSON 物件", ""),
		register("two objects", `{"brandId":"demo"}{}`, "資料格式錯誤：請傳送 JSON 物件", ""),
		register("wrong type", with(ok, "acceptTerms", "yes"), "欄位 acceptTerms 的資料型別不正確", ""),
		register("custom field not a string", fields(map[string]any{"phone": 912000111}), "欄位 customFields 的資料型別不正確", ""),
		register("oversized body", with(ok, "name", strings.Repeat("名", 7000)), "資料過大（上限 16 KB）", ""),
		register("no brand", with(ok, "brandId", nil), "缺少品牌代碼 brandId", ""),
		register("terms not accepted", with(ok, "acceptTerms", false), "請先閱讀並同意服務條款與隱私權政策", "acceptTerms"),
		register("bad e-mail", with(ok, "email", "amy@"), "電子信箱格式不正確", "email"),
		register("plain password", with(ok, "password", "secret-1"), "密碼須以 MD5 雜湊後傳送（32 位十六進位字元）", "password"),
		register("no name", with(ok, "name", " "), "請填寫姓名", "name"),
		register("name too long", with(ok, "name", strings.Repeat("名", 51)), "姓名最多 50 個字", "name"),
		register("required field missing", fields(map[string]any{"birthday": "1990-05-17"}), "請填寫手機號碼", "customFields.phone"),
		register("bad phone", fields(map[string]any{"phone": "12345", "birthday": "1990-05-17"}), "手機號碼格式不正確", "customFields.phone"),
		register("bad date", fields(map[string]any{"phone": "0912000111", "birthday": "1990-02-30"}), "生日不是有效的日期", "customFields.birthday"),
		register("bad choice", fields(map[string]any{"phone": "0912000111", "birthday": "1990-05-17", "gender": "?"}), "性別的選項不正確", "customFields.gender"),
		register("text too long", fields(map[string]any{"phone": "0912000111", "birthday": "1990-05-17", "emergencyContact": strings.Repeat("人", 21)}), "緊急聯絡人最多 20 個字", "customFields.emergencyContact"),
		register("unknown field", fields(map[string]any{"phone": "0912000111", "birthday": "1990-05-17", "shoeSize": "42"}), "不明的自訂欄位：shoeSize", "customFields.shoeSize"),
		{Name: "unknown brand", Method: http.MethodPost, Path: "/api/session/register", Body: with(ok, "brandId", "nosuch"), Status: 404},
	})
	if n := ts.box.LastID(); n != 0 {
		t.Fatalf("%d mails sent for refused registrations", n)
	}
}

// TestRegisterAndVerifyByLink: registering logs the member in (the
// session cookie, as a login sets it) and sends the verification mail over
// SMTP; its link leads back to the page registered from and verifies the
// address; every wrong link has its code.
func TestRegisterAndVerifyByLink(t *testing.T) {
	ts := newMemberServer(t)
	b := ts.browser()
	var version0 int64
	ts.db.Pool.QueryRow(context.Background(), `select data_version from brands where id = 'demo'`).Scan(&version0)

	var reg struct {
		UserID   int64 `json:"userId"`
		MailSent bool  `json:"mailSent"`
	}
	w := b.post(t, "/api/session/register", with(demoRegistration("Amy@Example.com"), "next", "/activity/1/2?date=2026-12-01"))
	if env := apiResult(t, w, &reg); w.Code != 200 || env.ErrorCode != 0 || !reg.MailSent {
		t.Fatalf("register = %d %s", w.Code, w.Body.String())
	}
	// logged in at once, by an HttpOnly session cookie (no session id in the body of a browser's answer)
	var session *http.Cookie
	for _, c := range w.Result().Cookies() {
		if c.Name == "web_ec_sessionId" {
			session = c
		}
	}
	if session == nil || session.Value == "" || !session.HttpOnly || strings.Contains(w.Body.String(), session.Value) {
		t.Fatalf("session cookie after registering = %+v\n%s", session, w.Body.String())
	}
	if status := b.get(t, "/api/session/auth/status?brandId=demo").Body.String(); !strings.Contains(status, `"loggedIn":true`) || strings.Contains(status, `"emailVerified":true`) {
		t.Fatalf("auth status after registering = %s", status)
	}
	m, q, _ := ts.mailTo(t, "amy@example.com", 0)
	if q.Get("next") != "/activity/1/2?date=2026-12-01" {
		t.Fatalf("the link's way back = %q", q.Get("next"))
	}
	if m.Subject != "【森活運動館】請驗證您的電子信箱" || !strings.Contains(m.HTML, "#1B8A7A") || !strings.Contains(m.Text, "王小明 您好") {
		t.Fatalf("verification mail = %q\n%s", m.Subject, m.Text)
	}
	if q.Get("u") != fmt.Sprint(reg.UserID) || len(q.Get("t")) < 40 {
		t.Fatalf("link query = %v", q)
	}
	// only the token's SHA-256 is stored
	var stored []byte
	ts.db.Pool.QueryRow(context.Background(), `select token_hash from user_tokens where user_id = $1`, reg.UserID).Scan(&stored)
	if !bytes.Equal(stored, data.SecretHash(q.Get("t"))) {
		t.Fatal("the database does not hold the token's SHA-256")
	}

	// the same e-mail again: -10005, at the e-mail field; the same e-mail at another brand: fine
	again := b.post(t, "/api/session/register", demoRegistration("amy@example.com"))
	wantCode(t, again, 409, storefront.CodeAlreadyRegistered)
	if !strings.Contains(again.Body.String(), `"field":"email"`) {
		t.Fatalf("registered twice = %s", again.Body.String())
	}
	yoga := with(with(demoRegistration("amy@example.com"), "brandId", "yoga"), "customFields", map[string]string{"phone": "0912000111"})
	wantCode(t, b.post(t, "/api/session/register", yoga), 200, 0)

	verify := func(u any, token string) *httptest.ResponseRecorder {
		return b.post(t, "/api/verify/email", map[string]any{"brandId": "demo", "userId": u, "token": token})
	}
	wrong := "x" + q.Get("t")[1:]
	if wrong == q.Get("t") { // the token began with x
		wrong = "y" + q.Get("t")[1:]
	}
	wantCode(t, verify(reg.UserID, wrong), 400, storefront.CodeWrongToken)
	wantCode(t, verify(reg.UserID, ""), 400, storefront.CodeWrongToken)
	wantCode(t, verify(reg.UserID+1000, q.Get("t")), 404, storefront.CodeMemberNotFound)
	wantCode(t, verify(0, q.Get("t")), 404, storefront.CodeMemberNotFound)
	wantCode(t, verify("7", q.Get("t")), 400, storefront.CodeBadRequest)
	wantCode(t, verify(reg.UserID, q.Get("t")), 200, 0)
	wantCode(t, verify(reg.UserID, q.Get("t")), 200, 0) // opened twice
	if u, _ := ts.db.User(context.Background(), "demo", reg.UserID, 0); !u.EmailVerified {
		t.Fatal("the e-mail is not verified")
	}
	// a verified member asks for the mail again: log in directly
	wantCode(t, b.post(t, "/api/verify/resendemail", map[string]any{"brandId": "demo", "email": "amy@example.com"}), 409, storefront.CodeAppRegistered)

	var version1 int64
	ts.db.Pool.QueryRow(context.Background(), `select data_version from brands where id = 'demo'`).Scan(&version1)
	if version1 != version0 {
		t.Fatalf("member changes bumped the brand's data_version %d -> %d", version0, version1)
	}
}

// TestRegisterWithTheRequiredFieldsOnly: the brand's settings decide what a
// registration must fill (the demo brand: its phone; the birthday is
// optional), and a way back that is not a path beneath the brand's home is
// dropped from the mail's link.
func TestRegisterWithTheRequiredFieldsOnly(t *testing.T) {
	ts := newMemberServer(t)
	b := ts.browser()
	for i, next := range []string{"https://evil.example/", "//evil.example/x", "/\\evil.example", "/../yoga"} {
		email := fmt.Sprintf("short%d@example.com", i)
		reg := with(with(demoRegistration(email), "customFields", map[string]string{"phone": "0912-000-111"}), "next", next)
		wantCode(t, b.post(t, "/api/session/register", reg), 200, 0)
		if _, q, _ := ts.mailTo(t, email, 0); q.Has("next") {
			t.Fatalf("next %q came through as %q", next, q.Get("next"))
		}
	}
}

func TestVerificationLinkExpiresAndResendWaits(t *testing.T) {
	ts := newMemberServer(t)
	b := ts.browser()
	var reg struct {
		UserID int64 `json:"userId"`
	}
	apiResult(t, b.post(t, "/api/session/register", demoRegistration("bo@example.com")), &reg)
	_, q1, _ := ts.mailTo(t, "bo@example.com", 0)

	resend := func(path string, body map[string]any) *httptest.ResponseRecorder {
		return b.post(t, path, body)
	}
	byMail := map[string]any{"brandId": "demo", "email": "bo@example.com"}
	tooSoon := func(path string) scenario {
		return scenario{Name: path, Method: http.MethodPost, Path: path, Body: byMail,
			Status: 429, Code: storefront.CodeResendTooSoon, Message: storefront.CodeText(storefront.CodeResendTooSoon)}
	}
	runScenarios(t, b, []scenario{tooSoon("/api/verify/sendemail"), tooSoon("/api/verify/resendemail"), tooSoon("/api/session/resend")})
	wantCode(t, resend("/api/verify/sendemail", with(byMail, "email", "nobody@example.com")), 404, storefront.CodeAccountNotFound2)
	wantCode(t, resend("/api/session/resend", with(byMail, "type", "sms")), 400, storefront.CodeBadRequest)

	ts.clock.Add(2*time.Minute + 59*time.Second)
	wantCode(t, resend("/api/session/resend", byMail), 429, storefront.CodeResendTooSoon)
	ts.clock.Add(time.Second)
	last := ts.box.LastID()
	wantCode(t, resend("/api/session/resend", byMail), 200, 0)
	_, q2, _ := ts.mailTo(t, "bo@example.com", last)

	// the first link was replaced by the second
	verify := func(token string) *httptest.ResponseRecorder {
		return b.post(t, "/api/verify/email", map[string]any{"brandId": "demo", "userId": reg.UserID, "token": token})
	}
	wantCode(t, verify(q1.Get("t")), 400, storefront.CodeWrongToken)
	// 24 hours later the second has expired
	ts.clock.Add(24 * time.Hour)
	wantCode(t, verify(q2.Get("t")), 400, storefront.CodeLinkExpired)
	// a new mail (the 3 minutes long past) verifies
	last = ts.box.LastID()
	wantCode(t, resend("/api/verify/resendemail", byMail), 200, 0)
	_, q3, _ := ts.mailTo(t, "bo@example.com", last)
	wantCode(t, verify(q3.Get("t")), 200, 0)
}

func TestVerifyByCode(t *testing.T) {
	ts := newMemberServer(t)
	b := ts.browser()
	b.post(t, "/api/session/register", demoRegistration("cy@example.com"))
	_, _, code := ts.mailTo(t, "cy@example.com", 0)
	confirm := func(email, c string) *httptest.ResponseRecorder {
		return b.post(t, "/api/session/code/confirm", map[string]any{"brandId": "demo", "email": email, "code": c})
	}
	wrong := "000000"
	if code == wrong {
		wrong = "111111"
	}
	wantCode(t, confirm("nobody@example.com", code), 404, storefront.CodeAccountNotFound2)
	wantCode(t, confirm("cy@example.com", wrong), 400, storefront.CodeWrongCode)
	wantCode(t, confirm("cy@example.com", "12ab"), 400, storefront.CodeWrongCode)
	wantCode(t, confirm("cy@example.com", code), 200, 0)
	wantCode(t, confirm("cy@example.com", code), 409, storefront.CodeAppRegistered)

	// five wrong codes spend a code; an old code has expired
	b.post(t, "/api/session/register", demoRegistration("dee@example.com"))
	_, _, code = ts.mailTo(t, "dee@example.com", 0)
	for i := 0; i < data.MaxCodeAttempts; i++ {
		wantCode(t, confirm("dee@example.com", fmt.Sprintf("%06d", (i+1)*7919%1000000)), 400, storefront.CodeWrongCode)
	}
	wantCode(t, confirm("dee@example.com", code), 400, storefront.CodeCodeExpired)

	b.post(t, "/api/session/register", demoRegistration("eve@example.com"))
	_, _, code = ts.mailTo(t, "eve@example.com", 0)
	ts.clock.Add(24*time.Hour + time.Second)
	wantCode(t, confirm("eve@example.com", code), 400, storefront.CodeCodeExpired)
}

// login logs b in as the demo member and returns the login answer.
func login(t *testing.T, b *browser, brand, email, password string, header ...string) (*httptest.ResponseRecorder, string) {
	t.Helper()
	w := b.post(t, "/api/session/login", map[string]any{"brandId": brand, "email": email, "password": md5hex(password)}, header...)
	for _, c := range w.Result().Cookies() {
		if c.Name == cookieSession {
			return w, c.Value
		}
	}
	return w, ""
}

func TestLoginSessionAndLogout(t *testing.T) {
	ts := newMemberServer(t)
	b := ts.browser()
	w, _ := login(t, b, "demo", "member@example.com", "wrong")
	wantCode(t, w, 401, storefront.CodeWrongPassword)
	w, _ = login(t, b, "demo", "nobody@example.com", "demo1234")
	wantCode(t, w, 401, storefront.CodeWrongPassword)
	wantCode(t, b.post(t, "/api/session/login", map[string]any{"brandId": "demo", "email": "member@example.com", "password": "demo1234"}), 401, storefront.CodeWrongPassword)

	w, sid := login(t, b, "demo", "Member@Example.com", "demo1234")
	wantCode(t, w, 200, 0)
	cookies := map[string]*http.Cookie{}
	for _, c := range w.Result().Cookies() {
		cookies[c.Name] = c
	}
	sc := cookies["web_ec_sessionId"]
	if sc == nil || sc.Value != sid || !sc.HttpOnly || sc.SameSite != http.SameSiteLaxMode || sc.Path != "/" || sc.MaxAge <= 0 {
		t.Fatalf("session cookie = %+v", sc)
	}
	if cookies["brandId"] == nil || cookies["brandId"].Value != "demo" || cookies["userId"] == nil || cookies["userId"].HttpOnly {
		t.Fatalf("userId/brandId cookies = %+v %+v", cookies["userId"], cookies["brandId"])
	}
	uid := cookies["userId"].Value
	// the database keeps only the session id's hash
	var n int
	ts.db.Pool.QueryRow(context.Background(), `select count(*) from sessions where id_hash = $1`, data.SecretHash(sid)).Scan(&n)
	if n != 1 {
		t.Fatal("the session is not stored by its hash")
	}

	var info wire.UserInfo
	w = b.get(t, "/api/v3/webUser/brand/demo/user/"+uid)
	if env := apiResult(t, w, &info); w.Code != 200 || env.ErrorCode != 0 || info.Name != "林小安" || !info.EmailVerified || info.CustomFields["gender"] != "女" {
		t.Fatalf("user info = %d %s", w.Code, w.Body.String())
	}
	wantCode(t, b.get(t, "/api/user/userInfo?brandId=demo&userId="+uid), 200, 0)
	wantCode(t, b.get(t, "/api/session/auth/status?brandId=demo"), 200, 0)
	if !strings.Contains(b.get(t, "/api/session/auth/status?brandId=demo").Body.String(), `"loggedIn":true`) {
		t.Fatal("auth status not logged in")
	}

	// the Authorization header alone (the app) works too, bare or Bearer
	app := ts.browser()
	wantCode(t, app.get(t, "/api/v3/webUser/brand/demo/user/"+uid, "Authorization", sid), 200, 0)
	wantCode(t, app.get(t, "/api/v3/webUser/brand/demo/user/"+uid, "Authorization", "Bearer "+sid), 200, 0)
	wantCode(t, app.get(t, "/api/v3/webUser/brand/demo/user/"+uid), 401, storefront.CodeLoginRequired)
	wantCode(t, app.get(t, "/api/v3/webUser/brand/demo/user/"+uid, "Authorization", "nonsense"), 403, storefront.CodeSessionInvalid)

	// another member's id: 403, and the cookies go
	other := ts.browser()
	login(t, other, "demo", "member@example.com", "demo1234")
	w = other.get(t, "/api/v3/webUser/brand/demo/user/99999")
	wantCode(t, w, 403, storefront.CodeSessionInvalid)
	if hasSessionCookies(other) {
		t.Fatalf("cookies left after a 403: %v", other.cookies)
	}

	// logout revokes the session and clears the cookies
	wantCode(t, b.post(t, "/api/session/logout", map[string]any{"brandId": "demo"}), 200, 0)
	if hasSessionCookies(b) {
		t.Fatalf("cookies left after logout: %v", b.cookies)
	}
	wantCode(t, app.get(t, "/api/v3/webUser/brand/demo/user/"+uid, "Authorization", sid), 403, storefront.CodeSessionInvalid)
	wantCode(t, b.post(t, "/api/session/logout", map[string]any{"brandId": "demo"}), 200, 0)

	// logout with the session id in the body (the app)
	_, sid2 := login(t, app, "demo", "member@example.com", "demo1234")
	app.cookies = map[string]*http.Cookie{}
	wantCode(t, app.post(t, "/api/session/logout", map[string]any{"brandId": "demo", "sessionId": sid2}), 200, 0)
	wantCode(t, app.get(t, "/api/session/auth/status?brandId=demo", "Authorization", sid2), 200, 0)
	if strings.Contains(app.get(t, "/api/session/auth/status?brandId=demo", "Authorization", sid2).Body.String(), `"loggedIn":true`) {
		t.Fatal("a session logged out by id still counts")
	}

	// a session expires
	c := ts.browser()
	login(t, c, "demo", "member@example.com", "demo1234")
	ts.clock.Add(data.SessionTTL)
	wantCode(t, c.get(t, "/api/v3/webUser/brand/demo/user/"+uid), 403, storefront.CodeSessionInvalid)
}

// TestSessionIsPerBrand: a session of brand A does not authenticate on
// brand B, on the API or on pages, and does not log the member out of A.
func TestSessionIsPerBrand(t *testing.T) {
	ts := newMemberServer(t)
	b := ts.browser()
	_, sid := login(t, b, "demo", "member@example.com", "demo1234")
	var yogaID int64
	ts.db.Pool.QueryRow(context.Background(), `select id from users where brand_id = 'yoga'`).Scan(&yogaID)

	wantCode(t, b.get(t, fmt.Sprintf("/api/v3/webUser/brand/yoga/user/%d", yogaID)), 403, storefront.CodeSessionInvalid)
	wantCode(t, b.get(t, "/api/session/auth/status?brandId=yoga"), 200, 0)
	if strings.Contains(b.get(t, "/api/session/auth/status?brandId=yoga").Body.String(), `"loggedIn":true`) {
		t.Fatal("demo's session is logged in on yoga")
	}
	wantCode(t, b.post(t, "/api/user/edit", map[string]any{"brandId": "yoga", "name": "X"}), 403, storefront.CodeSessionInvalid)
	ts.browser().get(t, "/", "Authorization", sid)
	// a yoga page: a visitor there, the member menu guarded, demo's cookies kept
	w := b.get(t, "/yoga/user")
	if w.Code != 301 || w.Header().Get("Location") != "/yoga?login=%2Fyoga%2Fuser" {
		t.Fatalf("GET /yoga/user with demo's session = %d %s", w.Code, w.Header().Get("Location"))
	}
	if body := b.get(t, "/yoga").Body.String(); strings.Contains(body, "林小安") {
		t.Fatal("yoga's page shows demo's member")
	}
	if b.cookies["web_ec_sessionId"] == nil {
		t.Fatal("visiting another brand logged the member out")
	}
	if w := b.get(t, "/demo/user"); w.Code != 200 {
		t.Fatalf("GET /demo/user = %d", w.Code)
	}
	// the same session sent as the header for yoga's API by the app
	wantCode(t, ts.browser().get(t, fmt.Sprintf("/api/v3/webUser/brand/yoga/user/%d", yogaID), "Authorization", sid), 403, storefront.CodeSessionInvalid)
}

// TestCrossSitePostRefused: state-changing calls from another site are
// refused; the same call from this site, or with the Authorization header,
// is not.
func TestCrossSitePostRefused(t *testing.T) {
	ts := newMemberServer(t)
	b := ts.browser()
	login(t, b, "demo", "member@example.com", "demo1234")
	body := map[string]any{"brandId": "demo", "name": "被改掉了"}
	refused := func(name string, path string, body any, header ...string) scenario {
		return scenario{Name: name, Method: http.MethodPost, Path: path, Body: body, Header: header,
			Status: 403, Code: storefront.CodeCrossSiteRefused, Message: storefront.CodeText(storefront.CodeCrossSiteRefused)}
	}
	runScenarios(t, b, []scenario{
		refused("from another site", "/api/user/edit", body, "Sec-Fetch-Site", "cross-site"),
		refused("from a sibling site", "/api/user/edit", body, "Sec-Fetch-Site", "same-site"),
		refused("from another origin", "/api/user/edit", body, "Origin", "https://evil.example"),
		refused("a logout from another site", "/api/session/logout", map[string]any{"brandId": "demo"}, "Sec-Fetch-Site", "cross-site", "Origin", "https://evil.example"),
	})
	if u, _ := ts.db.UserByEmail(context.Background(), "demo", "member@example.com", 0); u.Name != "林小安" {
		t.Fatal("a cross-site POST changed the profile")
	}
	wantCode(t, b.post(t, "/api/user/edit", map[string]any{"brandId": "demo", "name": "林小安"}, "Sec-Fetch-Site", "same-origin"), 200, 0)
	wantCode(t, b.post(t, "/api/user/edit", map[string]any{"brandId": "demo", "name": "林小安"}, "Origin", "http://example.com"), 200, 0)
	_, sid := login(t, ts.browser(), "demo", "member@example.com", "demo1234")
	wantCode(t, ts.browser().post(t, "/api/user/edit", map[string]any{"brandId": "demo", "name": "林小安"}, "Authorization", sid, "Sec-Fetch-Site", "cross-site"), 200, 0)
}

func TestChangePassword(t *testing.T) {
	ts := newMemberServer(t)
	b, other := ts.browser(), ts.browser()
	_, sid := login(t, b, "demo", "member@example.com", "demo1234")
	_, otherSid := login(t, other, "demo", "member@example.com", "demo1234")
	change := func(old, new string) *httptest.ResponseRecorder {
		return b.post(t, "/api/session/changePassword", map[string]any{"brandId": "demo", "oldPassword": md5hex(old), "newPassword": md5hex(new)})
	}
	wantCode(t, ts.browser().post(t, "/api/session/changePassword", map[string]any{"brandId": "demo", "oldPassword": md5hex("demo1234"), "newPassword": md5hex("x")}), 401, storefront.CodeLoginRequired)
	wantCode(t, change("wrong", "n3w-pass"), 401, storefront.CodeWrongPassword)
	wantCode(t, b.post(t, "/api/session/changePassword", map[string]any{"brandId": "demo", "oldPassword": md5hex("demo1234"), "newPassword": "short"}), 400, storefront.CodeBadRequest)
	wantCode(t, change("demo1234", "n3w-pass"), 200, 0)
	// every earlier session is revoked; this browser has a new one
	if b.cookies["web_ec_sessionId"] == nil || b.cookies["web_ec_sessionId"].Value == sid {
		t.Fatal("no new session after the change")
	}
	wantCode(t, b.get(t, "/api/session/auth/status?brandId=demo"), 200, 0)
	if !strings.Contains(b.get(t, "/api/session/auth/status?brandId=demo").Body.String(), `"loggedIn":true`) {
		t.Fatal("this browser was logged out")
	}
	for _, s := range []string{sid, otherSid} {
		wantCode(t, ts.browser().get(t, "/api/user/userInfo?brandId=demo", "Authorization", s), 403, storefront.CodeSessionInvalid)
	}
	w, _ := login(t, ts.browser(), "demo", "member@example.com", "demo1234")
	wantCode(t, w, 401, storefront.CodeWrongPassword)
	w, _ = login(t, ts.browser(), "demo", "member@example.com", "n3w-pass")
	wantCode(t, w, 200, 0)
}

func TestForgotPassword(t *testing.T) {
	ts := newMemberServer(t)
	b := ts.browser()
	_, oldSid := login(t, ts.browser(), "demo", "member@example.com", "demo1234")
	forgot := func(email string) *httptest.ResponseRecorder {
		return b.post(t, "/api/session/forgotPassword", map[string]any{"brandId": "demo", "email": email})
	}
	wantCode(t, forgot("nobody@example.com"), 404, storefront.CodeAccountNotFound)
	wantCode(t, forgot("not-an-email"), 400, storefront.CodeBadRequest)
	wantCode(t, forgot("member@example.com"), 200, 0)
	m, q, code := ts.mailTo(t, "member@example.com", 0)
	if m.Subject != "【森活運動館】重設密碼" || q.Get("type") != "resetPassword" || !strings.Contains(m.Text, "30 分鐘內有效") {
		t.Fatalf("reset mail = %q %v", m.Subject, q)
	}
	wantCode(t, forgot("member@example.com"), 429, storefront.CodeResendTooSoon)

	confirm := func(c string) *httptest.ResponseRecorder {
		return b.post(t, "/api/session/forgotPassword/confirm", map[string]any{"brandId": "demo", "email": "member@example.com", "code": c})
	}
	reset := func(c, pw string) *httptest.ResponseRecorder {
		return b.post(t, "/api/session/forgotPassword/reset", map[string]any{"brandId": "demo", "email": "member@example.com", "code": c, "password": md5hex(pw)})
	}
	wrong := fmt.Sprintf("%06d", (atoi(code)+1)%1000000)
	wantCode(t, confirm(wrong), 400, storefront.CodeWrongCode)
	wantCode(t, confirm(code), 200, 0)
	wantCode(t, confirm(code), 200, 0) // confirming does not use it up
	wantCode(t, b.post(t, "/api/session/forgotPassword/confirm", map[string]any{"brandId": "demo", "email": "nobody@example.com", "code": code}), 404, storefront.CodeAccountNotFound)
	wantCode(t, reset(wrong, "brand-new1"), 400, storefront.CodeWrongCode)
	wantCode(t, reset(code, "brand-new1"), 200, 0)
	wantCode(t, reset(code, "brand-new2"), 400, storefront.CodeCodeExpired) // used up
	wantCode(t, ts.browser().get(t, "/api/user/userInfo?brandId=demo", "Authorization", oldSid), 403, storefront.CodeSessionInvalid)
	w, _ := login(t, ts.browser(), "demo", "member@example.com", "brand-new1")
	wantCode(t, w, 200, 0)

	// a reset code lasts 30 minutes; resend with type forgotPassword
	ts.clock.Add(3 * time.Minute)
	last := ts.box.LastID()
	wantCode(t, b.post(t, "/api/session/resend", map[string]any{"brandId": "demo", "email": "member@example.com", "type": "forgotPassword"}), 200, 0)
	_, q2, code2 := ts.mailTo(t, "member@example.com", last)
	ts.clock.Add(30 * time.Minute)
	wantCode(t, confirm(code2), 400, storefront.CodeCodeExpired)

	// by the link: POST /api/session/resetPassword
	ts.clock.Add(time.Minute)
	last = ts.box.LastID()
	wantCode(t, forgot("member@example.com"), 200, 0)
	_, q3, _ := ts.mailTo(t, "member@example.com", last)
	byLink := func(uid any, token, pw string) *httptest.ResponseRecorder {
		return b.post(t, "/api/session/resetPassword", map[string]any{"brandId": "demo", "userId": uid, "token": token, "password": md5hex(pw)})
	}
	uid := atoi(q3.Get("u"))
	wantCode(t, byLink(uid, q2.Get("t"), "via-link1"), 400, storefront.CodeWrongToken)
	wantCode(t, byLink(uid+999, q3.Get("t"), "via-link1"), 404, storefront.CodeMemberNotFound)
	wantCode(t, byLink(uid, q3.Get("t"), "via-link1"), 200, 0)
	wantCode(t, byLink(uid, q3.Get("t"), "via-link2"), 400, storefront.CodeLinkExpired)
	w, _ = login(t, ts.browser(), "demo", "member@example.com", "via-link1")
	wantCode(t, w, 200, 0)
	// an expired link
	ts.clock.Add(3 * time.Minute)
	last = ts.box.LastID()
	wantCode(t, forgot("member@example.com"), 200, 0)
	_, q4, _ := ts.mailTo(t, "member@example.com", last)
	ts.clock.Add(31 * time.Minute)
	wantCode(t, byLink(uid, q4.Get("t"), "too-late1"), 400, storefront.CodeLinkExpired)
}

func atoi(s string) int {
	var n int
	fmt.Sscanf(s, "%d", &n)
	return n
}

// TestLoginThrottle: wrong passwords slow the account down, then refuse it
// for 15 minutes with a clear message; the lock ends.
func TestLoginThrottle(t *testing.T) {
	ts := newMemberServer(t)
	b := ts.browser()
	try := func(pw string) *httptest.ResponseRecorder {
		w, _ := login(t, b, "demo", "member@example.com", pw)
		return w
	}
	for i := 0; i < 3; i++ {
		wantCode(t, try("wrong"), 401, storefront.CodeWrongPassword)
	}
	w := try("demo1234") // too soon after the 3rd failure, even with the right password
	env := wantCode(t, w, 429, storefront.CodeTooManyAttempts)
	if env.Message != "登入失敗次數過多，請於 1 秒後再試" || w.Header().Get("Retry-After") != "1" {
		t.Fatalf("slow-down answer %q, Retry-After %q", env.Message, w.Header().Get("Retry-After"))
	}
	for i := 4; i <= 10; i++ {
		ts.clock.Add(30 * time.Second)
		wantCode(t, try("wrong"), 401, storefront.CodeWrongPassword)
	}
	ts.clock.Add(time.Minute)
	env = wantCode(t, try("demo1234"), 429, storefront.CodeTooManyAttempts)
	if env.Message != "登入失敗次數過多，請於 14 分鐘後再試" {
		t.Fatalf("lock message %q", env.Message)
	}
	// another account from the same address is not locked
	w, _ = login(t, b, "yoga", "member@example.com", "demo1234")
	wantCode(t, w, 200, 0)
	ts.clock.Add(14 * time.Minute)
	wantCode(t, try("demo1234"), 200, 0)

	// many wrong passwords from one address, over many accounts, refuse the address
	from := ts.browser()
	from.remote = "203.0.113.9:40000"
	for i := 0; i < rules.AddressLimits.LockAfter; i++ {
		ts.clock.Add(rules.AddressLimits.MaxDelay)
		w, _ := login(t, from, "demo", fmt.Sprintf("guess%d@example.com", i), "x")
		wantCode(t, w, 401, storefront.CodeWrongPassword)
	}
	w, _ = login(t, from, "plan", "member@example.com", "demo1234")
	wantCode(t, w, 429, storefront.CodeTooManyAttempts)
	w, _ = login(t, ts.browser(), "plan", "member@example.com", "demo1234")
	wantCode(t, w, 200, 0)
}

func TestProfileEditAndDeletedPhone(t *testing.T) {
	ts := newMemberServer(t)
	ctx := context.Background()
	// a deleted account's phone cannot be used again (-60000014)
	if _, err := ts.db.Pool.Exec(ctx, `insert into users (brand_id, email, name, phone_hash, password_hash, deleted_at)
		values ('demo', 'gone@example.com', '已刪除', $1, 'x', now())`, ts.members.PhoneHash("demo", "0922333444")); err != nil {
		t.Fatal(err)
	}
	b := ts.browser()
	reg := with(demoRegistration("new@example.com"), "customFields", map[string]string{"phone": "0922-333-444", "birthday": "1990-05-17"})
	deleted := b.post(t, "/api/session/register", reg)
	wantCode(t, deleted, 409, storefront.CodeAccountDeleted)
	if !strings.Contains(deleted.Body.String(), `"field":"customFields.phone"`) {
		t.Fatalf("a deleted account's phone = %s", deleted.Body.String())
	}
	// the deleted account's e-mail is free again
	wantCode(t, b.post(t, "/api/session/register", with(demoRegistration("gone@example.com"), "customFields", map[string]string{"phone": "0922333445", "birthday": "1990-05-17"})), 200, 0)

	login(t, b, "demo", "member@example.com", "demo1234")
	edit := func(body map[string]any) *httptest.ResponseRecorder {
		return b.post(t, "/api/user/edit", with(body, "brandId", "demo"))
	}
	wantCode(t, edit(map[string]any{"customFields": map[string]string{"phone": "0922333444"}}), 409, storefront.CodeAccountDeleted)
	wantCode(t, edit(map[string]any{"customFields": map[string]string{"birthday": "yesterday"}}), 400, storefront.CodeBadRequest)
	wantCode(t, edit(map[string]any{"customFields": map[string]string{"phone": ""}}), 400, storefront.CodeBadRequest)
	wantCode(t, edit(map[string]any{"name": ""}), 400, storefront.CodeBadRequest)
	var info wire.UserInfo
	w := edit(map[string]any{"name": "林小安安", "customFields": map[string]string{"emergencyContact": "林大安 0911222333"}})
	if apiResult(t, w, &info); w.Code != 200 || info.Name != "林小安安" || info.CustomFields["emergencyContact"] != "林大安 0911222333" || info.CustomFields["gender"] != "女" {
		t.Fatalf("edit = %d %s", w.Code, w.Body.String())
	}
	// a required field the brand added later is missing (complete info)
	if _, err := ts.db.Pool.Exec(ctx, `insert into custom_fields (brand_id, target_type, key, label, field_type, required, sort)
		values ('demo', 'USER', 'nickname', '暱稱', 'text', true, 9)`); err != nil {
		t.Fatal(err)
	}
	ts.BrandChanged(ctx, "demo")
	apiResult(t, b.get(t, "/api/user/userInfo?brandId=demo"), &info)
	if len(info.MissingFields) != 1 || info.MissingFields[0] != "nickname" {
		t.Fatalf("missing fields = %v", info.MissingFields)
	}
	wantCode(t, edit(map[string]any{"customFields": map[string]string{"nickname": "安安"}}), 200, 0)
	apiResult(t, b.get(t, "/api/user/userInfo?brandId=demo"), &info)
	if len(info.MissingFields) != 0 {
		t.Fatalf("missing fields after completing = %v", info.MissingFields)
	}

	// e-mail subscription
	wantCode(t, b.post(t, "/api/user/unSubscribe", map[string]any{"brandId": "demo"}), 200, 0)
	apiResult(t, b.get(t, "/api/user/userInfo?brandId=demo"), &info)
	if !info.Unsubscribed {
		t.Fatal("not unsubscribed")
	}
	wantCode(t, b.post(t, "/api/user/unSubscribe", map[string]any{"brandId": "demo", "unsubscribe": false}), 200, 0)
	apiResult(t, b.get(t, "/api/user/userInfo?brandId=demo"), &info)
	if info.Unsubscribed {
		t.Fatal("not subscribed again")
	}
	wantCode(t, ts.browser().post(t, "/api/user/unSubscribe", map[string]any{"brandId": "demo"}), 401, storefront.CodeLoginRequired)
}

// TestMailFailure: with the SMTP server down the calls still succeed: the
// mails wait in the outbox with the error, and go out when the server is
// back; a sent mail's body (its link) is blanked.
func TestMailFailure(t *testing.T) {
	ts := newMemberServer(t)
	addr := fmt.Sprintf("%s:%d", ts.box.Host(), ts.box.Port())
	ts.box.Close()
	b := ts.browser()
	wantCode(t, b.post(t, "/api/session/forgotPassword", map[string]any{"brandId": "demo", "email": "member@example.com"}), 200, 0)
	var reg struct {
		MailSent bool `json:"mailSent"`
	}
	w := b.post(t, "/api/session/register", demoRegistration("fay@example.com"))
	if apiResult(t, w, &reg); w.Code != 200 || !reg.MailSent {
		t.Fatalf("register with the SMTP server down = %d %s", w.Code, w.Body.String())
	}
	ctx := context.Background()
	waitFor(t, "both mails queued with an error after a retry", func() bool {
		var n int
		ts.db.Pool.QueryRow(ctx, `select count(*) from mail_outbox where sent_at is null and last_error <> '' and attempts >= 2`).Scan(&n)
		return n == 2
	})
	box, err := devbox.Start(devbox.Options{Addr: addr})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { box.Close() })
	for _, to := range []string{"member@example.com", "fay@example.com"} {
		if _, ok := box.Wait(to, 0, 5*time.Second); !ok {
			t.Fatalf("no mail to %s once the SMTP server is back", to)
		}
	}
	waitFor(t, "both mails recorded as sent, bodies blanked", func() bool {
		var n int
		ts.db.Pool.QueryRow(ctx, `select count(*) from mail_outbox where sent_at is not null and last_error is null and text_body = '' and html_body = ''`).Scan(&n)
		return n == 2
	})
}

// waitFor polls cond until it holds; the minute's deadline only ends a
// test that would hang (a loaded machine may be slow, never that slow).
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(time.Minute); !cond(); time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting: %s", what)
		}
	}
}

// TestMemberPages: the member centre needs a login (301 home, not
// remembered by the browser); with one, every page renders on the server
// with the member's name in the header and what the member holds.
func TestMemberPages(t *testing.T) {
	ts := newMemberServer(t)
	var visitorRuns []scenario
	for _, p := range []string{"/demo/user", "/demo/user/booking", "/demo/user/passcard", "/demo/user/ticket",
		"/demo/user/countingPasscard", "/demo/user/timingcard", "/demo/user/timingcard/plans"} {
		visitorRuns = append(visitorRuns, scenario{Name: "visitor " + p, Path: p + "?x=1", Status: 301,
			// brand home opens the login, then goes there
			Location: "/demo?" + url.Values{"login": {p + "?x=1"}}.Encode(), WantHeader: []string{"Cache-Control", "no-store"}})
	}
	visitorRuns = append(visitorRuns, scenario{Name: "a visitor's header offers login and register", Path: "/demo",
		Contains: []string{"登入", "註冊"}, Absent: []string{"林小安"}})
	runScenarios(t, ts.browser(), visitorRuns)

	b := ts.browser()
	login(t, b, "demo", "member@example.com", "demo1234")
	// a member's page: private, the member's name in the header and props
	member := func(t *testing.T, w *httptest.ResponseRecorder) {
		if p := propsOf(t, w.Body.String()); p.User == nil || p.User.Name != "林小安" || p.User.Email != "member@example.com" {
			t.Errorf("props user = %+v", p.User)
		}
	}
	memberPage := func(path string, want ...string) scenario {
		return scenario{Name: path, Path: path, Status: 200, WantHeader: []string{"Cache-Control", "private, no-cache"},
			Contains: append([]string{"林小安"}, want...), Check: member}
	}
	runScenarios(t, b, []scenario{
		memberPage("/demo"),
		memberPage("/demo/user", "會員中心", "member@example.com", "可用通行卡", "即將到來的預約"),
		memberPage("/demo/user/booking", "空中瑜珈入門", "林語涵", "信義館", "已取消", "哈達瑜珈"),
		memberPage("/demo/user/passcard", "季卡通行卡", "使用中", "單月暢遊通行卡", "尚未啟用", "已過期"),
		memberPage("/demo/user/ticket", "儲值票券 1,000 點", "640", "團課 10 堂計次卡"),
		memberPage("/demo/user/countingPasscard", "自由重訓 600 分鐘卡", "420", "自由重訓 1,500 分鐘卡", "待補繳", "欠 25 分鐘", "前往補繳"),
		memberPage("/demo/user/timingcard", "420", "1,500"),
		// the cards are 分鐘計費卡's; the timing card lists the points' records
		{Name: "the timing card lists no cards", Path: "/demo/user/timingcard", Status: 200,
			Contains: []string{`data-testid="counting-use"`}, Absent: []string{`data-testid="counting-passcard"`}},
		memberPage("/demo/user/timingcard/plans", "自由重訓 600 分鐘卡", "NT$ 1,200"),
	})
	// the timing card's points follow spec section 4: 420 active, 1,500 not
	// yet active, the expired card's 35 and the card in debt (-25, not
	// available) in neither; its records are the cards' use, each naming
	// its card
	var tc wire.TimingCard
	w := b.get(t, "/demo/user/timingcard", propsHeader, "1")
	var p struct {
		Data *wire.TimingCard `json:"data"`
	}
	p.Data = &tc
	if err := json.Unmarshal(w.Body.Bytes(), &p); err != nil || tc.Remain != 420 || tc.NotActive != 1500 || len(tc.Uses) == 0 {
		t.Fatalf("timing card = %+v, %v", tc, err)
	}
	for _, u := range tc.Uses {
		if u.Card == "" || u.Minutes == 0 {
			t.Fatalf("a point record = %+v", u)
		}
	}

	// what a member does not hold shows an honest empty state
	yoga, plan := ts.browser(), ts.browser()
	login(t, yoga, "yoga", "member@example.com", "demo1234")
	login(t, plan, "plan", "member@example.com", "demo1234")
	runScenarios(t, yoga, []scenario{{Name: "no passcard", Path: "/yoga/user/passcard", Contains: []string{"您目前沒有通行卡"}}})
	runScenarios(t, plan, []scenario{
		{Name: "no ticket", Path: "/plan/user/ticket", Contains: []string{"您目前沒有票券"}},
		{Name: "no booking", Path: "/plan/user/booking", Contains: []string{"您目前沒有預約"}},
	})

	// a dead session on a page: the spec's 403 rule clears the cookies
	dead := ts.browser()
	dead.cookies["web_ec_sessionId"] = &http.Cookie{Name: "web_ec_sessionId", Value: "revoked-or-made-up"}
	dead.cookies["userId"] = &http.Cookie{Name: "userId", Value: "1"}
	dead.cookies["brandId"] = &http.Cookie{Name: "brandId", Value: "demo"}
	w = dead.get(t, "/demo")
	if w.Code != 200 || hasSessionCookies(dead) {
		t.Fatalf("a dead session: %d, cookies left %v", w.Code, dead.cookies)
	}
	if p := propsOf(t, w.Body.String()); p.User != nil {
		t.Fatal("a dead session renders a member")
	}
}

// TestVerifyEmailPage: the landing page of the mailed links renders for
// every brand (it is exempt from the module guards).
func TestVerifyEmailPage(t *testing.T) {
	ts := newMemberServer(t)
	landing := []string{`data-testid="verify-email"`}
	runScenarios(t, ts, []scenario{
		{Name: "a brand's link", Path: "/demo/verify/email?u=1&t=abc", Status: 200, Contains: landing},
		{Name: "a brand without a shop", Path: "/noshop/verify/email?u=1&t=abc", Status: 200, Contains: landing},
		{Name: "a password reset link", Path: "/demo/verify/email?type=resetPassword&u=1&t=abc", Status: 200, Contains: landing},
		{Name: "no query", Path: "/demo/verify/email", Status: 200, Contains: landing},
	})
}

// TestDevMailbox: in dev without SMTP_HOST the mails go to the development
// mailbox, shown at /dev/mailbox; other environments have no mailbox.
func TestDevMailbox(t *testing.T) {
	ts := newMemberServer(t)
	b := ts.browser()
	wantCode(t, b.post(t, "/api/session/forgotPassword", map[string]any{"brandId": "demo", "email": "member@example.com"}), 200, 0)
	ts.mailTo(t, "member@example.com", 0)
	// the mailbox's three pages asked from remote (through a proxy at
	// proxies naming the client xff) answer status
	from := func(name, proxies, remote, xff string, status int) {
		t.Run(name, func(t *testing.T) {
			ts.cfg.TrustedProxies, _ = config.ParsePrefixes(proxies)
			b := ts.browser()
			b.remote = remote
			var runs []scenario
			for _, path := range []string{"/dev/mailbox", "/dev/mailbox.json", "/dev/mailbox/1"} {
				runs = append(runs, scenario{Name: path, Path: path, Header: []string{"X-Forwarded-For", xff}, Status: status})
			}
			runScenarios(t, b, runs)
		})
	}
	from("another machine", "", "192.0.2.1:1234", "", 403)
	from("another machine through a trusted local proxy", "127.0.0.1/32", "127.0.0.1:1234", "203.0.113.7", 403)
	from("a spoofed forwarded loopback", "", "192.0.2.1:1234", "127.0.0.1", 403)
	from("this machine", "", "127.0.0.1:1234", "", 200)
	from("this machine over IPv6", "", "[::1]:1234", "", 200)
	ts.cfg.TrustedProxies = nil
	b.remote = "127.0.0.1:1234"
	w := b.get(t, "/dev/mailbox")
	if w.Code != 200 || !strings.Contains(w.Body.String(), "【森活運動館】重設密碼") || !strings.Contains(w.Body.String(), "member@example.com") {
		t.Fatalf("GET /dev/mailbox = %d\n%s", w.Code, w.Body.String())
	}
	w = b.get(t, "/dev/mailbox/1")
	if w.Code != 200 || !strings.Contains(w.Body.String(), "重設密碼") || !strings.Contains(w.Header().Get("Content-Security-Policy"), "sandbox") {
		t.Fatalf("GET /dev/mailbox/1 = %d %q", w.Code, w.Header().Get("Content-Security-Policy"))
	}
	var msgs []devbox.Message
	apiResult(t, b.get(t, "/dev/mailbox.json?to=member@example.com"), &msgs)
	if len(msgs) != 1 || msgs[0].Subject != "【森活運動館】重設密碼" {
		t.Fatalf("mailbox.json = %+v", msgs)
	}
	// the page says when it came in Taiwan's time (UTC+8), whatever the machine's zone
	if at := msgs[0].Received.UTC().Add(8*time.Hour).Format("2006-01-02 15:04:05") + "（台北時間）"; !strings.Contains(b.get(t, "/dev/mailbox").Body.String(), at) {
		t.Fatalf("the mailbox does not say %s", at)
	}
	apiResult(t, b.get(t, "/dev/mailbox.json?to=nobody@example.com"), &msgs)
	if len(msgs) != 0 {
		t.Fatal("the filter by recipient does not hold")
	}
	// no mailbox on a server without one
	if w := newTestServer(t).get(t, "/dev/mailbox"); w.Code != 404 {
		t.Fatalf("GET /dev/mailbox without a mailbox = %d", w.Code)
	}
}

func TestStartMail(t *testing.T) {
	cfg, _ := config.Load(func(k string) string { return map[string]string{"STOREFRONT_ENV": "production"}[k] })
	m, box, err := startMail(cfg, slog.New(slog.NewTextHandler(io.Discard, nil)))
	if err != nil || m != nil || box != nil {
		t.Fatalf("production without SMTP_HOST: %v %v %v", m, box, err)
	}
	cfg.Env = "dev"
	m, box, err = startMail(cfg, slog.New(slog.NewTextHandler(io.Discard, nil)))
	if err != nil || m == nil || box == nil {
		t.Fatalf("dev without SMTP_HOST: %v %v %v", m, box, err)
	}
	box.Close()
	cfg.SMTP.Host = "smtp.example.com"
	m, box, err = startMail(cfg, slog.New(slog.NewTextHandler(io.Discard, nil)))
	if err != nil || m == nil || box != nil {
		t.Fatalf("with SMTP_HOST: %v %v %v", m, box, err)
	}
}

// hasSessionCookies reports whether the browser still holds any of the
// session's cookies (the known-device cookie outlives a session).
func hasSessionCookies(b *browser) bool {
	for _, name := range []string{cookieSession, cookieUserID, cookieBrandID} {
		if b.cookies[name] != nil {
			return true
		}
	}
	return false
}
