package host

import (
	"context"
	"net/http"
	"net/http/httptest"
	"net/url"
	"storefront"
	"strconv"
	"strings"
	"testing"
	"time"

	"storefront/host/wire"
	"storefront/providers"
)

// LINE Login through the real handlers and the LINE Login sandbox's real
// protocol (its consent page, its token endpoint, its HS256 ID tokens).

// lineShop is a member server whose LINE Login calls reach its sandbox.
type lineShop struct {
	*memberServer
	channel string // the demo brand's channel id
}

func newLineShop(t *testing.T) *lineShop {
	t.Helper()
	hc := &handlerClient{}
	ms := newMemberServer(t)
	hc.h = ms
	if ms.lineLoginSandbox == nil || ms.cfg.LineLogin.URL != "http://example.com/dev/line" {
		t.Fatalf("the LINE Login sandbox is not mounted: %q", ms.cfg.LineLogin.URL)
	}
	ms.cfg.LineLogin.HTTP = &http.Client{Transport: hc} // the code exchange, server to server
	ms.cfg.LineBot.HTTP = &http.Client{Transport: hc}
	ms.lineBotSandbox.Client = &http.Client{Transport: hc} // the follow webhook of a friend added at the consent
	return &lineShop{ms, "1700000000"}
}

// lineUser is what the tester picks on the sandbox's consent page.
type lineUser struct {
	sub, name, email string
	token            string // the sandbox's ID token switch (providers.LineToken*)
	addFriend        bool   // adds the brand's LINE Official Account as a friend
}

// consent starts a LINE login of browser b at start (/api/line/login or
// /api/line/link) with body, consents at the sandbox as u, and answers the
// callback LINE sends the browser to (path and query, not yet followed).
func (s *lineShop) consent(t *testing.T, b *browser, start string, body map[string]any, u lineUser) string {
	t.Helper()
	var a wire.LineAuthorize
	w := b.post(t, start, body)
	if env := apiResult(t, w, &a); w.Code != 200 || a.AuthorizeURL == "" {
		t.Fatalf("%s: %d %+v", start, w.Code, env)
	}
	to, err := url.Parse(a.AuthorizeURL)
	if err != nil || to.Host != "example.com" || to.Path != "/dev/line/oauth2/v2.1/authorize" {
		t.Fatalf("authorize URL %q", a.AuthorizeURL)
	}
	q := to.Query()
	if q.Get("client_id") != s.channel || q.Get("scope") != "openid profile email" || q.Get("response_type") != "code" ||
		q.Get("redirect_uri") != "http://example.com/api/line/callback/demo" || len(q.Get("state")) < 40 || len(q.Get("nonce")) < 40 {
		t.Fatalf("authorize query %v", q)
	}
	if page := b.get(t, to.RequestURI()); page.Code != 200 || !strings.Contains(page.Body.String(), "以 LINE 登入") {
		t.Fatalf("consent page: %d %s", page.Code, page.Body)
	}
	form := url.Values{}
	for k, v := range q {
		form[k] = v
	}
	form.Set("sub", u.sub)
	form.Set("name", u.name)
	form.Set("email", u.email)
	if u.email != "" {
		form.Set("share_email", "1")
	}
	form.Set("id_token", u.token)
	form.Set("action", "allow")
	if u.addFriend {
		form.Set("add_friend", "1")
	}
	back := b.post(t, to.Path, form.Encode(), "Content-Type", "application/x-www-form-urlencoded")
	loc, err := url.Parse(back.Header().Get("Location"))
	if back.Code != http.StatusFound || err != nil || loc.Path != "/api/line/callback/demo" || loc.Query().Get("code") == "" {
		t.Fatalf("consent: %d %q", back.Code, back.Header().Get("Location"))
	}
	return loc.RequestURI()
}

// sessionCookie is browser b's session cookie ("" when logged out).
func sessionCookie(b *browser) string {
	if c := b.cookies[cookieSession]; c != nil {
		return c.Value
	}
	return ""
}

// wantRedirect checks a callback's 303 and where it goes.
func wantRedirect(t *testing.T, w *httptest.ResponseRecorder, to string) {
	t.Helper()
	if w.Code != http.StatusSeeOther || w.Header().Get("Location") != to {
		t.Fatalf("callback: %d %q; want 303 %q\n%s", w.Code, w.Header().Get("Location"), to, w.Body)
	}
}

// wantRefusedPage checks a refused callback's page: its status, code and
// the code's words, and that no one was logged in.
func wantRefusedPage(t *testing.T, b *browser, w *httptest.ResponseRecorder, status, code int) {
	t.Helper()
	if w.Code != status || w.Header().Get("X-Storefront-Code") != strconv.Itoa(code) || !strings.Contains(w.Body.String(), storefront.CodeText(code)) ||
		!strings.HasPrefix(w.Header().Get("Content-Type"), "text/html") {
		t.Fatalf("refused callback: %d %q, want %d %d\n%s", w.Code, w.Header().Get("X-Storefront-Code"), status, code, w.Body)
	}
	if sessionCookie(b) != "" {
		t.Fatal("a refused callback logged someone in")
	}
	// its one style is admitted by the page's nonce
	if csp := w.Header().Get("Content-Security-Policy"); !strings.Contains(csp, "'nonce-") || !strings.Contains(w.Body.String(), `<style nonce="`) {
		t.Fatalf("refused page's policy %q", csp)
	}
}

func lineLinks(t *testing.T, s *lineShop, sub string) int {
	t.Helper()
	var n int
	if err := s.db.Pool.QueryRow(context.Background(), `select count(*) from line_links where line_sub = $1`, sub).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

func lineRegistration(email string) map[string]any {
	r := demoRegistration(email)
	delete(r, "password")
	return r
}

func TestLineLoginRegistersANewMemberThenLogsTheSameMemberIn(t *testing.T) {
	s := newLineShop(t)
	b := s.browser()
	u := lineUser{sub: "U1111111111111111111111111111111a", name: "林小美", email: "mei@line.test"}
	cb := s.consent(t, b, "/api/line/login", map[string]any{"brandId": "demo", "next": "/activity/1/2?date=2026-12-01"}, u)
	wantRedirect(t, b.get(t, cb), "http://example.com/demo/activity/1/2?date=2026-12-01&line=register")
	if sessionCookie(b) != "" || lineLinks(t, s, u.sub) != 0 {
		t.Fatal("a new LINE user was logged in or linked before registering")
	}
	var p wire.LinePending
	if w := b.get(t, "/api/line/pending?brandId=demo"); apiResult(t, w, &p).ErrorCode != 0 || p.Email != u.email || p.Name != u.name {
		t.Fatalf("pending: %d %+v", w.Code, p)
	}
	// another browser has no LINE user waiting
	wantCode(t, s.browser().post(t, "/api/line/register", lineRegistration(u.email)), 404, storefront.CodeLineNoPending)

	var ans wire.RegisterLoginAnswer
	w := b.post(t, "/api/line/register", lineRegistration(u.email))
	if env := apiResult(t, w, &ans); w.Code != 200 || ans.User == nil || ans.User.Email != u.email || sessionCookie(b) == "" {
		t.Fatalf("register: %d %+v", w.Code, env)
	}
	if lineLinks(t, s, u.sub) != 1 {
		t.Fatal("the new member is not linked to the LINE user")
	}
	// the waiting LINE user registers once
	wantCode(t, b.post(t, "/api/line/register", lineRegistration("other@line.test")), 404, storefront.CodeLineNoPending)
	// no password opens the account; LINE cannot be unlinked from it
	if _, err := s.db.CheckPassword(context.Background(), "demo", u.email, md5hex("")); storefront.AsError(err).Code != storefront.CodeWrongPassword {
		t.Fatalf("a password opened a LINE member's account: %v", err)
	}
	var st wire.LineStatus
	if apiResult(t, b.get(t, "/api/line/status?brandId=demo"), &st); !st.Available || !st.Linked || st.HasPassword {
		t.Fatalf("status %+v", st)
	}
	wantCode(t, b.post(t, "/api/line/unlink", map[string]any{"brandId": "demo"}), 409, storefront.CodeLineNoPassword)

	again := s.browser()
	cb = s.consent(t, again, "/api/line/login", map[string]any{"brandId": "demo", "next": "/user"}, u)
	wantRedirect(t, again.get(t, cb), "http://example.com/demo/user")
	var info wire.UserInfo
	if w := again.get(t, "/api/user/userInfo?brandId=demo"); apiResult(t, w, &info).ErrorCode != 0 || info.UserID != ans.UserID {
		t.Fatalf("logged in as %d, want %d: %s", info.UserID, ans.UserID, w.Body)
	}
}

func TestLineLoginNeverLinksAnAccountBecauseItsEmailMatches(t *testing.T) {
	s := newLineShop(t)
	b := s.browser()
	u := lineUser{sub: "U2222222222222222222222222222222b", name: "冒名者", email: "member@example.com"} // the demo member's e-mail
	cb := s.consent(t, b, "/api/line/login", map[string]any{"brandId": "demo"}, u)
	wantRedirect(t, b.get(t, cb), "http://example.com/demo/?line=register")
	if sessionCookie(b) != "" {
		t.Fatal("a LINE user with a member's e-mail was logged in as that member")
	}
	env := wantCode(t, b.post(t, "/api/line/register", lineRegistration(u.email)), 409, storefront.CodeLineEmailTaken)
	if env.Field != "email" || sessionCookie(b) != "" || lineLinks(t, s, u.sub) != 0 {
		t.Fatalf("e-mail match: field %q, linked %d", env.Field, lineLinks(t, s, u.sub))
	}
}

func TestLineLinkFromTheMemberCentreNeedsThePasswordAndLogsInAfterwards(t *testing.T) {
	s := newLineShop(t)
	b := s.browser()
	if w, _ := login(t, b, "demo", "member@example.com", "demo1234"); w.Code != 200 {
		t.Fatalf("login: %d", w.Code)
	}
	wantCode(t, b.post(t, "/api/line/link", map[string]any{"brandId": "demo", "password": md5hex("wrong")}), 401, storefront.CodeWrongPassword)
	wantCode(t, s.browser().post(t, "/api/line/link", map[string]any{"brandId": "demo", "password": md5hex("demo1234")}), 401, storefront.CodeLoginRequired)

	u := lineUser{sub: "U3333333333333333333333333333333c", name: "會員"}
	cb := s.consent(t, b, "/api/line/link", map[string]any{"brandId": "demo", "password": md5hex("demo1234"), "next": "/user"}, u)
	wantRedirect(t, b.get(t, cb), "http://example.com/demo/user?line=linked")
	var st wire.LineStatus
	if apiResult(t, b.get(t, "/api/line/status?brandId=demo"), &st); !st.Linked || !st.HasPassword {
		t.Fatalf("status after linking %+v", st)
	}
	// another member cannot link the same LINE user
	other := s.browser()
	if w := other.post(t, "/api/session/register", demoRegistration("second@example.com")); w.Code != 200 {
		t.Fatalf("register: %d %s", w.Code, w.Body)
	}
	cb = s.consent(t, other, "/api/line/link", map[string]any{"brandId": "demo", "password": md5hex("secret-1")}, u)
	wantRefusedPage(t, &browser{ts: s.memberServer, cookies: map[string]*http.Cookie{}}, other.get(t, cb), 409, storefront.CodeLineLinkedElsewhere)

	fresh := s.browser()
	cb = s.consent(t, fresh, "/api/line/login", map[string]any{"brandId": "demo"}, u)
	wantRedirect(t, fresh.get(t, cb), "http://example.com/demo/")
	if sessionCookie(fresh) == "" {
		t.Fatal("the linked LINE user was not logged in")
	}
	if w := b.post(t, "/api/line/unlink", map[string]any{"brandId": "demo"}); apiResult(t, w, nil).ErrorCode != 0 || lineLinks(t, s, u.sub) != 0 {
		t.Fatalf("unlink: %d %s", w.Code, w.Body)
	}
}

func TestLineCallbackRefusesAForgedReplayedOrAnotherBrowsersState(t *testing.T) {
	s := newLineShop(t)
	u := lineUser{sub: "U4444444444444444444444444444444d", name: "測試"}
	b := s.browser()
	cb := s.consent(t, b, "/api/line/login", map[string]any{"brandId": "demo"}, u)
	wantRedirect(t, b.get(t, cb), "http://example.com/demo/?line=register")
	// the same callback again: the state was used
	wantRefusedPage(t, b, b.get(t, cb), 403, storefront.CodeLineState)

	// a state no login started
	forged := strings.Replace(cb, "state=", "state=forged", 1)
	b2 := s.browser()
	s.consent(t, b2, "/api/line/login", map[string]any{"brandId": "demo"}, u)
	wantRefusedPage(t, b2, b2.get(t, forged), 403, storefront.CodeLineState)

	// a callback sent to another browser (a login fixation): that browser
	// did not start it
	b3 := s.browser()
	cb3 := s.consent(t, b3, "/api/line/login", map[string]any{"brandId": "demo"}, u)
	victim := s.browser()
	wantRefusedPage(t, victim, victim.get(t, cb3), 403, storefront.CodeLineState)
	// and once refused, it is spent for its own browser too
	wantRefusedPage(t, b3, b3.get(t, cb3), 403, storefront.CodeLineState)

	// a state past its ten minutes
	b4 := s.browser()
	cb4 := s.consent(t, b4, "/api/line/login", map[string]any{"brandId": "demo"}, u)
	s.clock.Add(11 * time.Minute)
	wantRefusedPage(t, b4, b4.get(t, cb4), 403, storefront.CodeLineState)
}

func TestLineCallbackRefusesAnIDTokenThatDoesNotVerify(t *testing.T) {
	s := newLineShop(t)
	for _, tc := range []struct{ name, token string }{
		{"signed with another secret", providers.LineTokenBadSign},
		{"expired", providers.LineTokenExpired},
		{"another login's nonce", providers.LineTokenNonce},
		{"for another channel (audience)", providers.LineTokenAud},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b := s.browser()
			u := lineUser{sub: "U5555555555555555555555555555555e", name: "測試", email: "token@line.test", token: tc.token}
			cb := s.consent(t, b, "/api/line/login", map[string]any{"brandId": "demo"}, u)
			wantRefusedPage(t, b, b.get(t, cb), 403, storefront.CodeLineRefused)
			wantCode(t, b.get(t, "/api/line/pending?brandId=demo"), 404, storefront.CodeLineNoPending)
		})
	}
}

func TestLineLoginUsesTheBrandsOwnChannel(t *testing.T) {
	s := newLineShop(t)
	s.channel = "2001234567"
	s.lineLoginSandbox.AddChannel(s.channel, "demo-own-channel-secret")
	file := "LINE_LOGIN_CHANNEL_ID=2001234567\nLINE_LOGIN_CHANNEL_SECRET=demo-own-channel-secret\nLINE_LOGIN_URL=http://example.com/dev/line\n"
	if _, err := s.merchants().Set(context.Background(), "demo", providers.AccountLineLogin, []byte(file), true); err != nil {
		t.Fatal(err)
	}
	b := s.browser()
	u := lineUser{sub: "U6666666666666666666666666666666f", name: "自有頻道", email: "own@line.test"}
	cb := s.consent(t, b, "/api/line/login", map[string]any{"brandId": "demo"}, u)
	wantRedirect(t, b.get(t, cb), "http://example.com/demo/?line=register")
	if w := b.post(t, "/api/line/register", lineRegistration(u.email)); w.Code != 200 {
		t.Fatalf("register: %d %s", w.Code, w.Body)
	}
	var channel string
	if err := s.db.Pool.QueryRow(context.Background(), `select channel_id from line_links where line_sub = $1`, u.sub).Scan(&channel); err != nil || channel != s.channel {
		t.Fatalf("linked under channel %q (%v)", channel, err)
	}
}

func TestLineLoginIsOfferedOnlyWhereTheBrandHasAChannel(t *testing.T) {
	prod := newTestServer(t, func(d *Deps) {
		d.Config.Env, d.Config.PaymentSandboxes = "production", false
		d.Config.LineLogin = providers.LineLogin{}
	})
	var st wire.LineStatus
	if w := prod.get(t, "/api/line/status?brandId=demo"); apiResult(t, w, &st).ErrorCode != 0 || st.Available {
		t.Fatalf("a brand without a LINE channel offers LINE Login: %d %s", w.Code, w.Body)
	}
	w := prod.post(t, "/api/line/login", `{"brandId":"demo"}`)
	if env := apiResult(t, w, nil); w.Code != 404 || env.ErrorCode != storefront.CodeLineUnavailable {
		t.Fatalf("login without a channel: %d %+v", w.Code, env)
	}
	if w := prod.get(t, "/dev/line/oauth2/v2.1/authorize"); strings.Contains(w.Body.String(), "LINE Login") {
		t.Fatalf("the LINE Login sandbox outside dev: %d", w.Code)
	}
}

func TestLineLoginCancelledAtLINEGoesBackLoggedOut(t *testing.T) {
	s := newLineShop(t)
	b := s.browser()
	var a wire.LineAuthorize
	apiResult(t, b.post(t, "/api/line/login", map[string]any{"brandId": "demo", "next": "/activitys"}), &a)
	to, _ := url.Parse(a.AuthorizeURL)
	form := to.Query()
	form.Set("action", "cancel")
	back := b.post(t, to.Path, form.Encode(), "Content-Type", "application/x-www-form-urlencoded")
	loc, _ := url.Parse(back.Header().Get("Location"))
	if loc == nil || loc.Query().Get("error") != "access_denied" || loc.Query().Get("code") != "" {
		t.Fatalf("cancel: %d %q", back.Code, back.Header().Get("Location"))
	}
	wantRedirect(t, b.get(t, loc.RequestURI()), "http://example.com/demo/activitys")
	if sessionCookie(b) != "" {
		t.Fatal("a cancelled LINE login logged someone in")
	}
}

func TestLineLinkIsRefusedWhenTheMemberWhoStartedItIsNoLongerLoggedIn(t *testing.T) {
	s := newLineShop(t)
	b := s.browser()
	if w, _ := login(t, b, "demo", "member@example.com", "demo1234"); w.Code != 200 {
		t.Fatalf("login: %d", w.Code)
	}
	u := lineUser{sub: "U7777777777777777777777777777777a", name: "會員"}
	cb := s.consent(t, b, "/api/line/link", map[string]any{"brandId": "demo", "password": md5hex("demo1234")}, u)
	if w := b.post(t, "/api/session/logout", map[string]any{"brandId": "demo"}); w.Code != 200 {
		t.Fatalf("logout: %d", w.Code)
	}
	wantRefusedPage(t, b, b.get(t, cb), 403, storefront.CodeLineState)
	if lineLinks(t, s, u.sub) != 0 {
		t.Fatal("LINE was linked to a member no longer logged in")
	}
}
