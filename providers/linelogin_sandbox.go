package providers

// The LINE Login sandbox: LINE Login v2.1's web login served locally.
//
//   - GET /oauth2/v2.1/authorize (the query of LineLogin.AuthorizeURL) is
//     LINE's consent page, in Traditional Chinese: the tester picks the
//     LINE user (its user id, a new one by default, and its name) and
//     whether the channel may read its e-mail, and which ID token the code
//     will bring (a test switch: a proper one, or one signed with another
//     secret, already expired, of another nonce, or for another channel).
//     同意 goes back to redirect_uri?code=..&state=..; 取消 to
//     redirect_uri?error=access_denied&error_description=..&state=..
//     An unknown client_id, a redirect_uri that is not http(s) or a
//     response_type other than code is refused on the page (LINE shows an
//     error, never redirects to an unchecked address).
//   - POST /oauth2/v2.1/token (form: grant_type=authorization_code, code,
//     redirect_uri, client_id, client_secret) answers the ID token, signed
//     HS256 with the channel's secret, with iss, sub, aud, exp (an hour),
//     iat, nonce, name and email (when shared). A code is used once, lives
//     10 minutes and only with its own redirect_uri and channel: else 400
//     {error: invalid_grant}; a wrong secret is 401 {error:
//     invalid_client}.
//   - With bot_prompt, the consent page offers the friendship of the
//     linked LINE Official Account (Bot, the Messaging API sandbox's
//     account of BotChannel), checked: added, it becomes a friend (Bot
//     sends the follow webhook) and the callback carries
//     friendship_status_changed=true; else false.
//   - GET /friendship/v1/status with the login's access token answers
//     {friendFlag} (Bot's friendship; false without Bot); an unknown
//     token is 401.
//
// State lives in memory (a dev sandbox).

import (
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"html/template"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/golang-jwt/jwt/v5"
)

// The sandbox's ID token switches (the consent page's 測試開關).
const (
	LineTokenProper  = ""         // signed and claimed as LINE does
	LineTokenBadSign = "badsign"  // signed with another secret
	LineTokenExpired = "expired"  // exp an hour ago
	LineTokenNonce   = "nonce"    // another nonce
	LineTokenAud     = "audience" // for another channel
)

// lineCodeLife is how long an authorization code may wait for its
// exchange.
const lineCodeLife = 10 * time.Minute

type lineCode struct {
	channel, redirectURI, nonce, sub, name, email, token string
	issued                                               time.Time
}

// LineLoginSandbox is a local stand-in for LINE Login (an http.Handler;
// the host mounts it at /dev/line/, prefix stripped).
type LineLoginSandbox struct {
	// Now is the sandbox's clock; nil: time.Now.
	Now func() time.Time
	// Bot is the Messaging API sandbox whose account of BotChannel is
	// linked to the login channels (nil: none).
	Bot        *LineBotSandbox
	BotChannel string

	mu       sync.Mutex
	channels map[string]string // secrets by channel id
	codes    map[string]*lineCode
	tokens   map[string]string // LINE users by access token
}

// NewLineLoginSandbox is a sandbox of channel channelID with secret
// (AddChannel adds others).
func NewLineLoginSandbox(channelID, secret string) *LineLoginSandbox {
	return &LineLoginSandbox{channels: map[string]string{channelID: secret}, codes: map[string]*lineCode{}, tokens: map[string]string{}}
}

// AddChannel makes the sandbox serve channel channelID with secret too.
func (s *LineLoginSandbox) AddChannel(channelID, secret string) {
	s.mu.Lock()
	s.channels[channelID] = secret
	s.mu.Unlock()
}

func (s *LineLoginSandbox) now() time.Time {
	if s.Now != nil {
		return s.Now()
	}
	return time.Now()
}

func (s *LineLoginSandbox) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	switch {
	case r.URL.Path == "/oauth2/v2.1/authorize" && r.Method == http.MethodGet:
		s.authorize(w, r)
	case r.URL.Path == "/oauth2/v2.1/authorize" && r.Method == http.MethodPost:
		s.consent(w, r)
	case r.URL.Path == "/oauth2/v2.1/token" && r.Method == http.MethodPost:
		s.token(w, r)
	case r.URL.Path == "/friendship/v1/status" && r.Method == http.MethodGet:
		s.friendship(w, r)
	default:
		http.NotFound(w, r)
	}
}

// checkRequest checks an authorization request's query: its refusal, ""
// when it may go on.
func (s *LineLoginSandbox) checkRequest(q url.Values) string {
	s.mu.Lock()
	_, known := s.channels[q.Get("client_id")]
	s.mu.Unlock()
	switch {
	case q.Get("response_type") != "code":
		return "response_type 必須是 code。"
	case !known:
		return "找不到這個 channel（client_id）。"
	case originOf(q.Get("redirect_uri")) == "":
		return "redirect_uri 不是有效的網址。"
	case q.Get("state") == "":
		return "缺少 state。"
	case !strings.Contains(" "+q.Get("scope")+" ", " openid "):
		return "scope 須包含 openid。"
	}
	return ""
}

var lineConsentBody = template.Must(template.New("consent").Parse(`<form method="post">
{{range $k, $v := .Query}}{{range $v}}<input type="hidden" name="{{$k}}" value="{{.}}">{{end}}{{end}}
<p>「{{.Channel}}」想要使用您的 LINE 帳號登入{{if .BotPrompt}}，並邀請您加入官方帳號好友{{end}}。</p>
<label for="sub">LINE 使用者 ID</label><input id="sub" name="sub" value="{{.Sub}}" maxlength="64" required>
<label for="name">顯示名稱</label><input id="name" name="name" value="LINE 測試會員" maxlength="50" required>
<label for="email">電子郵件</label><input id="email" name="email" type="email" value="">
<label><input type="checkbox" name="share_email" value="1" checked style="width:auto"> 允許取得電子郵件</label>
{{if .BotPrompt}}<label><input type="checkbox" name="add_friend" value="1" checked style="width:auto"> 加入官方帳號好友</label>{{end}}
<label for="id_token">測試開關：ID token</label>
<select id="id_token" name="id_token"><option value="">正常</option><option value="badsign">簽章錯誤</option>
<option value="expired">已過期</option><option value="nonce">nonce 不符</option><option value="audience">其他 channel（aud 不符）</option></select>
<button type="submit" name="action" value="allow">同意</button><button type="submit" name="action" value="cancel">取消</button>
</form>`))

// authorize is LINE's consent page.
func (s *LineLoginSandbox) authorize(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	if msg := s.checkRequest(q); msg != "" {
		writePage(w, http.StatusBadRequest, pageData{Provider: "LINE Login", Note: "不會登入真實的 LINE 帳號。", Title: "無法登入",
			Body: template.HTML(`<p class="err">` + template.HTMLEscapeString(msg) + `</p>`)})
		return
	}
	sub := make([]byte, 16)
	rand.Read(sub)
	var body strings.Builder
	lineConsentBody.Execute(&body, map[string]any{"Query": q, "Channel": q.Get("client_id"), "BotPrompt": q.Get("bot_prompt") != "",
		"Sub": "U" + hex.EncodeToString(sub)})
	writePage(w, http.StatusOK, pageData{Provider: "LINE Login", Note: "不會登入真實的 LINE 帳號。", Title: "以 LINE 登入",
		Body: template.HTML(body.String())}, q.Get("redirect_uri"))
}

// consent is the consent page's answer: back to redirect_uri with a code
// (or the refusal).
func (s *LineLoginSandbox) consent(w http.ResponseWriter, r *http.Request) {
	r.Body = http.MaxBytesReader(w, r.Body, 16<<10)
	if err := r.ParseForm(); err != nil {
		http.Error(w, "bad form", http.StatusBadRequest)
		return
	}
	f := r.PostForm
	if msg := s.checkRequest(f); msg != "" {
		http.Error(w, msg, http.StatusBadRequest)
		return
	}
	back, _ := url.Parse(f.Get("redirect_uri"))
	q := back.Query()
	q.Set("state", f.Get("state"))
	if f.Get("action") != "allow" {
		q.Set("error", "access_denied")
		q.Set("error_description", "The user has denied the request")
	} else {
		c := &lineCode{channel: f.Get("client_id"), redirectURI: f.Get("redirect_uri"), nonce: f.Get("nonce"),
			sub: strings.TrimSpace(f.Get("sub")), name: strings.TrimSpace(f.Get("name")), token: f.Get("id_token"), issued: s.now()}
		if f.Get("share_email") == "1" {
			c.email = strings.TrimSpace(f.Get("email"))
		}
		code := make([]byte, 10)
		rand.Read(code)
		s.mu.Lock()
		s.codes[hex.EncodeToString(code)] = c
		s.mu.Unlock()
		q.Set("code", hex.EncodeToString(code))
		if f.Get("bot_prompt") != "" {
			changed := s.Bot != nil && s.Bot.consented(r.Context(), s.BotChannel, c.sub, f.Get("add_friend") == "1")
			q.Set("friendship_status_changed", strconv.FormatBool(changed))
		}
	}
	back.RawQuery = q.Encode()
	http.Redirect(w, r, back.String(), http.StatusFound)
}

// token is the token endpoint.
func (s *LineLoginSandbox) token(w http.ResponseWriter, r *http.Request) {
	r.Body = http.MaxBytesReader(w, r.Body, 16<<10)
	fail := func(status int, code, desc string) {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(status)
		json.NewEncoder(w).Encode(map[string]string{"error": code, "error_description": desc})
	}
	if err := r.ParseForm(); err != nil {
		fail(http.StatusBadRequest, "invalid_request", "malformed form")
		return
	}
	f := r.PostForm
	now := s.now()
	s.mu.Lock()
	secret, known := s.channels[f.Get("client_id")]
	c := s.codes[f.Get("code")]
	delete(s.codes, f.Get("code")) // used once, whatever the outcome
	s.mu.Unlock()
	switch {
	case f.Get("grant_type") != "authorization_code":
		fail(http.StatusBadRequest, "unsupported_grant_type", "grant_type must be authorization_code")
		return
	case !known || f.Get("client_secret") != secret:
		fail(http.StatusUnauthorized, "invalid_client", "invalid client")
		return
	case c == nil || c.channel != f.Get("client_id") || c.redirectURI != f.Get("redirect_uri") || now.Sub(c.issued) > lineCodeLife:
		fail(http.StatusBadRequest, "invalid_grant", "invalid authorization code")
		return
	}
	claims := jwt.MapClaims{"iss": LineLoginIssuer, "sub": c.sub, "aud": c.channel, "iat": now.Unix(), "exp": now.Add(time.Hour).Unix(),
		"nonce": c.nonce, "amr": []string{"linesso"}, "name": c.name}
	if c.email != "" {
		claims["email"] = c.email
	}
	key := secret
	switch c.token {
	case LineTokenBadSign:
		key = "not-the-channel-secret"
	case LineTokenExpired:
		claims["iat"], claims["exp"] = now.Add(-2*time.Hour).Unix(), now.Add(-time.Hour).Unix()
	case LineTokenNonce:
		claims["nonce"] = "another-nonce"
	case LineTokenAud:
		claims["aud"] = "1999999999"
	}
	access := make([]byte, 20)
	rand.Read(access)
	s.mu.Lock()
	s.tokens[hex.EncodeToString(access)] = c.sub
	s.mu.Unlock()
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	json.NewEncoder(w).Encode(map[string]any{"access_token": hex.EncodeToString(access), "token_type": "Bearer", "expires_in": 2592000,
		"scope": "openid profile email", "id_token": SignLineIDToken(key, claims), "refresh_token": hex.EncodeToString(access[:10])})
}

// friendship is GET /friendship/v1/status: the access token's user's
// friendship with the linked account.
func (s *LineLoginSandbox) friendship(w http.ResponseWriter, r *http.Request) {
	token, _ := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
	s.mu.Lock()
	sub, ok := s.tokens[token]
	s.mu.Unlock()
	if !ok || token == "" {
		lineAnswer(w, http.StatusUnauthorized, map[string]string{"error": "invalid_token", "error_description": "The access token expired"})
		return
	}
	lineAnswer(w, http.StatusOK, map[string]bool{"friendFlag": s.Bot != nil && s.Bot.IsFriend(sub)})
}
