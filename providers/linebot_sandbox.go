package providers

// The LINE Messaging API sandbox: the push and quota calls of LineBot
// served locally, recording what was pushed.
//
//   - POST /v2/bot/message/push as LINE: a token it does not know is 401;
//     a retry key it accepted before is 409 with
//     x-line-accepted-request-id (not sent again); a user who is not a
//     friend (NotFriend) is 400 "Failed to send messages"; the month's
//     quota spent (SetQuota) is 429 "You have reached your monthly
//     limit."; while a test has asked for them (RateLimit), 429 "Too Many
//     Requests". Refused pushes do not use their retry key.
//   - GET /v2/bot/message/quota and /quota/consumption; GET /v2/bot/info
//     (the account's user id and basic id, @{channel id}).
//   - GET / is the page of what was pushed, with the test switches as a
//     form (POST /switches: a LINE user who is not a friend, the next
//     pushes answered 429, a channel's monthly quota); GET /messages.json
//     the list (?to= one user's).
//   - GET /ti/p/{basicId} (linked from the page) stands for LINE's
//     add-friend link: the tester names the LINE user and 加入好友 or 封鎖
//     (POST /follow) the account; as LINE does, the sandbox then POSTs a
//     follow or unfollow event to the channel's webhook URLs (Webhooks, as
//     registered in the LINE Developers console), signed with the
//     channel's secret (SetSecret).
//
// Friendship is one per LINE user across the sandbox's channels (a
// sandbox has one LINE Official Account): a user the sandbox never heard
// of can receive pushes (a friend), until NotFriend, an unfollow or a
// LINE Login consent without the friendship says otherwise.
//
// State lives in memory (a dev sandbox).

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"html/template"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
)

// LinePush is a message the sandbox took.
type LinePush struct {
	RequestID string    `json:"requestId"`
	Channel   string    `json:"channel"`
	To        string    `json:"to"`
	Text      string    `json:"text"`
	RetryKey  string    `json:"retryKey"`
	At        time.Time `json:"at"`
}

// LineBotSandbox is a local stand-in for the Messaging API (an
// http.Handler; the host mounts it at /dev/line-bot/, prefix stripped).
type LineBotSandbox struct {
	Now func() time.Time // nil: time.Now
	// Webhooks are channel channelID's webhook URLs (nil: none).
	Webhooks func(ctx context.Context, channelID string) []string
	// Client posts the webhooks (nil: a client with a 20 s timeout).
	Client *http.Client

	mu        sync.Mutex
	channels  map[string]string // channel ids by access token
	secrets   map[string]string // channel secrets by channel id
	quota     map[string]int64  // per channel; absent: none
	used      map[string]int64
	friend    map[string]bool // LINE users' friendship; absent: a friend
	rateLimit int             // pushes still answered 429
	accepted  map[string]string
	pushed    []LinePush
}

// NewLineBotSandbox is a sandbox of channel channelID with accessToken
// (AddChannel adds others).
func NewLineBotSandbox(channelID, accessToken string) *LineBotSandbox {
	return &LineBotSandbox{channels: map[string]string{accessToken: channelID}, secrets: map[string]string{}, quota: map[string]int64{},
		used: map[string]int64{}, friend: map[string]bool{}, accepted: map[string]string{}}
}

// SetSecret gives channel channelID the secret its webhooks are signed
// with.
func (s *LineBotSandbox) SetSecret(channelID, secret string) {
	s.mu.Lock()
	s.secrets[channelID] = secret
	s.mu.Unlock()
}

// AddChannel makes the sandbox serve channel channelID with accessToken.
func (s *LineBotSandbox) AddChannel(channelID, accessToken string) {
	s.mu.Lock()
	s.channels[accessToken] = channelID
	s.mu.Unlock()
}

// SetQuota gives channel channelID a monthly quota of limit messages
// (negative: none) and sets this month's use.
func (s *LineBotSandbox) SetQuota(channelID string, limit, used int64) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if limit < 0 {
		delete(s.quota, channelID)
	} else {
		s.quota[channelID] = limit
	}
	s.used[channelID] = used
}

// NotFriend makes LINE user sub unable to receive (true) or a friend of
// every account again, without a webhook (a test switch).
func (s *LineBotSandbox) NotFriend(sub string, not bool) {
	s.mu.Lock()
	s.friend[sub] = !not
	s.mu.Unlock()
}

// IsFriend reports whether LINE user sub is a friend (can receive).
func (s *LineBotSandbox) IsFriend(sub string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.friendLocked(sub)
}

func (s *LineBotSandbox) friendLocked(sub string) bool {
	f, known := s.friend[sub]
	return f || !known
}

// consented records LINE Login's consent page for sub: with add, the
// user adds the account (a follow event when it was not a friend before);
// without, a user the sandbox never heard of is not a friend (nothing
// happened at LINE: no event). It reports whether the friendship changed.
func (s *LineBotSandbox) consented(ctx context.Context, channelID, sub string, add bool) bool {
	s.mu.Lock()
	f, known := s.friend[sub]
	if !add && !known {
		s.friend[sub] = false
	}
	s.mu.Unlock()
	if !add || (known && f) {
		return false
	}
	s.Follow(ctx, channelID, sub, true)
	return true
}

// Follow has LINE user sub add (follow) or block the account of channel
// channelID, and POSTs the event to the channel's webhook URLs signed
// with its secret, as LINE does; it answers how many webhooks took it
// (2xx) and the first failure.
func (s *LineBotSandbox) Follow(ctx context.Context, channelID, sub string, follow bool) (int, error) {
	s.mu.Lock()
	f, known := s.friend[sub]
	unblocked := known && !f
	s.friend[sub] = follow
	secret := s.secrets[channelID]
	now := s.now()
	s.mu.Unlock()
	ev := map[string]any{"type": LineEventUnfollow, "mode": "active", "timestamp": now.UnixMilli(),
		"source": map[string]string{"type": "user", "userId": sub}, "webhookEventId": lineEventID(now),
		"deliveryContext": map[string]bool{"isRedelivery": false}}
	if follow {
		ev["type"], ev["replyToken"], ev["follow"] = LineEventFollow, lineRequestID(), map[string]bool{"isUnblocked": unblocked}
	}
	body, _ := json.Marshal(map[string]any{"destination": lineBotUserID(channelID), "events": []any{ev}})
	var urls []string
	if s.Webhooks != nil && secret != "" {
		urls = s.Webhooks(ctx, channelID)
	}
	client := s.Client
	if client == nil {
		client = defaultClient
	}
	sent := 0
	var first error
	for _, u := range urls {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, u, bytes.NewReader(body))
		if err != nil {
			first = cmpOr(first, err)
			continue
		}
		req.Header.Set("Content-Type", "application/json; charset=utf-8")
		req.Header.Set("User-Agent", "LineBotWebhook/2.0")
		req.Header.Set(LineSignatureHeader, SignLineWebhook(secret, body))
		resp, err := client.Do(req)
		if err != nil {
			first = cmpOr(first, err)
			continue
		}
		resp.Body.Close()
		if resp.StatusCode/100 == 2 {
			sent++
		} else {
			first = cmpOr(first, fmt.Errorf("webhook %s: HTTP %d", u, resp.StatusCode))
		}
	}
	return sent, first
}

func cmpOr(a, b error) error {
	if a != nil {
		return a
	}
	return b
}

// lineBotUserID is the sandbox account's user id (a webhook's
// destination).
func lineBotUserID(channelID string) string {
	h := sha256.Sum256([]byte("line-bot:" + channelID))
	return "U" + hex.EncodeToString(h[:16])
}

// lineEventID is a webhook event id: a ULID (48 bits of milliseconds,
// then 80 random bits, in Crockford's base32).
func lineEventID(now time.Time) string {
	const digits = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
	var b [16]byte
	ms := uint64(now.UnixMilli())
	for i := 5; i >= 0; i-- {
		b[i] = byte(ms)
		ms >>= 8
	}
	rand.Read(b[6:])
	out := make([]byte, 26)
	acc, bits, j := uint32(0), uint32(2), 0 // 128 bits in 26 digits: two leading zero bits
	for _, c := range b {
		acc = acc<<8 | uint32(c)
		bits += 8
		for bits >= 5 {
			bits -= 5
			out[j] = digits[acc>>bits&31]
			j++
		}
	}
	return string(out)
}

// RateLimit has the next n pushes answered 429 (the rate limit).
func (s *LineBotSandbox) RateLimit(n int) {
	s.mu.Lock()
	s.rateLimit = n
	s.mu.Unlock()
}

// Pushed is what the sandbox took (to: one user's; "": all), oldest first.
func (s *LineBotSandbox) Pushed(to string) []LinePush {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []LinePush
	for _, p := range s.pushed {
		if to == "" || p.To == to {
			out = append(out, p)
		}
	}
	return out
}

func (s *LineBotSandbox) now() time.Time {
	if s.Now != nil {
		return s.Now()
	}
	return time.Now()
}

func (s *LineBotSandbox) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	switch {
	case r.URL.Path == "/v2/bot/message/push" && r.Method == http.MethodPost:
		s.push(w, r)
	case r.URL.Path == "/v2/bot/message/quota" && r.Method == http.MethodGet:
		s.quotaOf(w, r, false)
	case r.URL.Path == "/v2/bot/message/quota/consumption" && r.Method == http.MethodGet:
		s.quotaOf(w, r, true)
	case r.URL.Path == "/v2/bot/info" && r.Method == http.MethodGet:
		s.info(w, r)
	case strings.HasPrefix(r.URL.Path, "/ti/p/") && r.Method == http.MethodGet:
		s.addFriendPage(w, r, strings.TrimPrefix(strings.TrimPrefix(r.URL.Path, "/ti/p/"), "@"), r.URL.Query().Get("sub"), "", "../../follow")
	case r.URL.Path == "/follow" && r.Method == http.MethodPost:
		s.follow(w, r)
	case r.URL.Path == "/messages.json" && r.Method == http.MethodGet:
		w.Header().Set("Content-Type", "application/json")
		w.Header().Set("Cache-Control", "no-store")
		list := s.Pushed(r.URL.Query().Get("to"))
		if list == nil {
			list = []LinePush{}
		}
		json.NewEncoder(w).Encode(list)
	case r.URL.Path == "/" && r.Method == http.MethodGet:
		s.page(w)
	case r.URL.Path == "/switches" && r.Method == http.MethodPost:
		s.switches(w, r)
	default:
		http.NotFound(w, r)
	}
}

func lineAnswer(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(v)
}

func lineRequestID() string {
	b := make([]byte, 16)
	rand.Read(b)
	return hex.EncodeToString(b)
}

// channelOf is the channel of the request's bearer token; "" unknown.
func (s *LineBotSandbox) channelOf(r *http.Request) string {
	token, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
	if !ok {
		return ""
	}
	return s.channels[token]
}

func (s *LineBotSandbox) push(w http.ResponseWriter, r *http.Request) {
	r.Body = http.MaxBytesReader(w, r.Body, 64<<10)
	var req struct {
		To       string `json:"to"`
		Messages []struct {
			Type string `json:"type"`
			Text string `json:"text"`
		} `json:"messages"`
	}
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		lineAnswer(w, http.StatusBadRequest, map[string]string{"message": "The request body has 1 error(s)"})
		return
	}
	id := lineRequestID()
	w.Header().Set("X-Line-Request-Id", id)
	s.mu.Lock()
	defer s.mu.Unlock()
	ch := s.channelOf(r)
	key := r.Header.Get("X-Line-Retry-Key")
	switch {
	case ch == "":
		lineAnswer(w, http.StatusUnauthorized, map[string]string{"message": "Authentication failed. Confirm that the access token in the authorization header is valid."})
		return
	case len(req.Messages) == 0 || len(req.Messages) > 5 || req.To == "":
		lineAnswer(w, http.StatusBadRequest, map[string]string{"message": "The request body has 1 error(s)"})
		return
	case key != "" && s.accepted[ch+" "+key] != "":
		w.Header().Set("X-Line-Accepted-Request-Id", s.accepted[ch+" "+key])
		lineAnswer(w, http.StatusConflict, map[string]string{"message": "The retry key is already accepted"})
		return
	case s.rateLimit > 0:
		s.rateLimit--
		lineAnswer(w, http.StatusTooManyRequests, map[string]string{"message": "Too Many Requests"})
		return
	case !s.friendLocked(req.To):
		lineAnswer(w, http.StatusBadRequest, map[string]string{"message": "Failed to send messages"})
		return
	}
	if limit, ok := s.quota[ch]; ok && s.used[ch]+int64(len(req.Messages)) > limit {
		lineAnswer(w, http.StatusTooManyRequests, map[string]string{"message": "You have reached your monthly limit."})
		return
	}
	s.used[ch] += int64(len(req.Messages))
	if key != "" {
		s.accepted[ch+" "+key] = id
	}
	var sent []map[string]string
	for _, m := range req.Messages {
		s.pushed = append(s.pushed, LinePush{RequestID: id, Channel: ch, To: req.To, Text: m.Text, RetryKey: key, At: s.now()})
		sent = append(sent, map[string]string{"id": lineRequestID()[:18], "quoteToken": lineRequestID()})
	}
	lineAnswer(w, http.StatusOK, map[string]any{"sentMessages": sent})
}

func (s *LineBotSandbox) quotaOf(w http.ResponseWriter, r *http.Request, consumption bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	ch := s.channelOf(r)
	if ch == "" {
		lineAnswer(w, http.StatusUnauthorized, map[string]string{"message": "Authentication failed."})
		return
	}
	if consumption {
		lineAnswer(w, http.StatusOK, map[string]int64{"totalUsage": s.used[ch]})
		return
	}
	if limit, ok := s.quota[ch]; ok {
		lineAnswer(w, http.StatusOK, map[string]any{"type": "limited", "value": limit})
		return
	}
	lineAnswer(w, http.StatusOK, map[string]any{"type": "none"})
}

// switches sets the test switches from the page's form, then shows the
// page again.
func (s *LineBotSandbox) switches(w http.ResponseWriter, r *http.Request) {
	r.Body = http.MaxBytesReader(w, r.Body, 4<<10)
	if err := r.ParseForm(); err != nil {
		http.Error(w, "bad form", http.StatusBadRequest)
		return
	}
	f := r.PostForm
	if sub := strings.TrimSpace(f.Get("not_friend")); sub != "" {
		s.NotFriend(sub, true)
	}
	if n, err := strconv.Atoi(f.Get("rate_limit")); err == nil && n >= 0 && n <= 100 {
		s.RateLimit(n)
	}
	if ch := strings.TrimSpace(f.Get("channel")); ch != "" {
		limit, err := strconv.ParseInt(f.Get("quota"), 10, 64)
		if err != nil {
			limit = -1
		}
		used, _ := strconv.ParseInt(f.Get("used"), 10, 64)
		s.SetQuota(ch, limit, max(used, 0))
	}
	http.Redirect(w, r, "./", http.StatusSeeOther)
}

var lineBotPageBody = template.Must(template.New("pushed").Parse(`<form method="post" action="switches">
<label for="not_friend">測試開關：不是好友的 LINE 使用者 ID</label><input id="not_friend" name="not_friend" maxlength="64">
<label for="rate_limit">接下來幾次推播回覆 429（速率限制）</label><input id="rate_limit" name="rate_limit" type="number" min="0" max="100" value="0">
<label for="channel">Channel ID</label><input id="channel" name="channel" maxlength="20">
<label for="quota">本月訊息額度（空白：不限）</label><input id="quota" name="quota" type="number" min="0">
<label for="used">本月已用</label><input id="used" name="used" type="number" min="0" value="0">
<button type="submit">套用</button></form>
<p>加入好友或封鎖（送出 follow／unfollow Webhook）：{{range .Channels}}<a href="ti/p/@{{.}}">@{{.}}</a> {{end}}</p>
{{if not .Pushed}}<p>尚未推播任何訊息。</p>{{end}}
{{range .Pushed}}<dl><dt>時間</dt><dd>{{.At.Format "2006-01-02 15:04:05"}}</dd><dt>Channel</dt><dd>{{.Channel}}</dd>
<dt>收件者</dt><dd>{{.To}}</dd><dt>內容</dt><dd style="white-space:pre-wrap">{{.Text}}</dd></dl><hr>{{end}}`))

// page lists what was pushed, newest first.
func (s *LineBotSandbox) page(w http.ResponseWriter) {
	list := s.Pushed("")
	for i, j := 0, len(list)-1; i < j; i, j = i+1, j-1 {
		list[i], list[j] = list[j], list[i]
	}
	s.mu.Lock()
	var channels []string
	for _, ch := range s.channels {
		channels = append(channels, ch)
	}
	s.mu.Unlock()
	slices.Sort(channels)
	var body strings.Builder
	lineBotPageBody.Execute(&body, map[string]any{"Pushed": list, "Channels": slices.Compact(channels)})
	writePage(w, http.StatusOK, pageData{Provider: "LINE Messaging API", Note: "訊息不會送到真實的 LINE。", Title: "已推播的 LINE 訊息",
		Body: template.HTML(body.String())})
}

func (s *LineBotSandbox) info(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	ch := s.channelOf(r)
	s.mu.Unlock()
	if ch == "" {
		lineAnswer(w, http.StatusUnauthorized, map[string]string{"message": "Authentication failed."})
		return
	}
	lineAnswer(w, http.StatusOK, map[string]string{"userId": lineBotUserID(ch), "basicId": "@" + ch, "displayName": "LINE 官方帳號（沙盒）",
		"chatMode": "bot", "markAsReadMode": "auto"})
}

var lineAddFriendBody = template.Must(template.New("friend").Parse(`{{if .Done}}<p role="status">{{.Done}}</p>{{end}}
<form method="post" action="{{.Action}}"><input type="hidden" name="channel" value="{{.Channel}}">
<p>LINE 官方帳號 @{{.Channel}}</p>
<label for="sub">LINE 使用者 ID</label><input id="sub" name="sub" value="{{.Sub}}" maxlength="64" required>
<button type="submit" name="action" value="follow">加入好友</button><button type="submit" name="action" value="unfollow">封鎖</button>
</form>`))

// addFriendPage is the add-friend link's page of the account of channel
// (done: what the last form did; action: /follow relative to the page).
func (s *LineBotSandbox) addFriendPage(w http.ResponseWriter, r *http.Request, channel, sub, done, action string) {
	s.mu.Lock()
	known := false
	for _, c := range s.channels {
		known = known || c == channel
	}
	s.mu.Unlock()
	if !known {
		http.NotFound(w, r)
		return
	}
	var body strings.Builder
	lineAddFriendBody.Execute(&body, map[string]string{"Channel": channel, "Sub": sub, "Done": done, "Action": action})
	writePage(w, http.StatusOK, pageData{Provider: "LINE Messaging API", Note: "不會加入真實的 LINE 好友。", Title: "加入好友",
		Body: template.HTML(body.String())})
}

// follow is the add-friend page's answer: the friendship changed and the
// webhook sent, then the page again saying so.
func (s *LineBotSandbox) follow(w http.ResponseWriter, r *http.Request) {
	r.Body = http.MaxBytesReader(w, r.Body, 4<<10)
	if err := r.ParseForm(); err != nil {
		http.Error(w, "bad form", http.StatusBadRequest)
		return
	}
	f := r.PostForm
	sub, channel, follow := strings.TrimSpace(f.Get("sub")), f.Get("channel"), f.Get("action") == "follow"
	if sub == "" || len(sub) > 64 {
		http.Error(w, "LINE 使用者 ID 必填", http.StatusBadRequest)
		return
	}
	sent, err := s.Follow(r.Context(), channel, sub, follow)
	done := fmt.Sprintf("已將 @%s 加入好友，已通知 %d 個 Webhook。", channel, sent)
	if !follow {
		done = fmt.Sprintf("已封鎖 @%s，已通知 %d 個 Webhook。", channel, sent)
	}
	if err != nil {
		done += "（Webhook 失敗：" + err.Error() + "）"
	}
	s.addFriendPage(w, r, channel, sub, done, "follow")
}
