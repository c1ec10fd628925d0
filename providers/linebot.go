package providers

// The LINE Messaging API (LINE's "Messaging API reference" and "Retry
// failed API requests"): a brand's LINE Official Account pushing text to
// the LINE users who linked their membership.
//
//   - POST https://api.line.me/v2/bot/message/push, Authorization: Bearer
//     {channel access token}, JSON {to, messages: [{type: text, text}]}
//     (text at most 5000 characters), X-Line-Retry-Key: a hexadecimal
//     UUID. 200 {sentMessages: [{id, quoteToken}]} with x-line-request-id;
//     the same retry key again, once accepted: 409 with
//     x-line-accepted-request-id (the message went once). 400 {message:
//     "Failed to send messages"}: the user cannot receive it (not a
//     friend of the account, or blocked it). 429 {message: "You have
//     reached your monthly limit."}: the month's quota is spent; 429 with
//     another message: the rate limit (try again later). 401: a bad token.
//   - GET /v2/bot/message/quota answers {type: none|limited, value} and
//     GET /v2/bot/message/quota/consumption {totalUsage}.
//   - GET /v2/bot/info answers the account's {userId, basicId, displayName,
//     ...}; https://line.me/R/ti/p/{basicId} adds it as a friend.
//   - Webhooks (linebot_webhook.go): LINE POSTs the account's events
//     (follow, unfollow, ...) to the webhook URL registered in the LINE
//     Developers console, signed with the channel secret.

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/url"
	"strings"
	"time"
	"unicode/utf8"
)

// LineBotAPIURL is the Messaging API's address.
const LineBotAPIURL = "https://api.line.me"

// lineTextMax is the longest text message LINE takes (characters).
const lineTextMax = 5000

// LINE's answers a push may meet (LineBotError.Reason).
const (
	LineCannotReceive = "cannot-receive" // not a friend, or blocked the account
	LineMonthlyLimit  = "monthly-limit"  // the month's message quota is spent
	LineRateLimited   = "rate-limited"   // too many requests now: later
	LineRefused       = "refused"        // anything else LINE refused (a bad token, a bad request)
)

// LineBot is a brand's Messaging API channel. ChannelSecret checks its
// webhooks' signatures ("": the brand takes no webhook).
type LineBot struct {
	ChannelID, AccessToken, ChannelSecret string
	// URL is https://api.line.me, or the sandbox's {origin}/dev/line-bot.
	URL  string
	HTTP *http.Client // nil: a client with a 20 s timeout
}

// Configured reports whether every setting is present.
func (l LineBot) Configured() bool { return l.ChannelID != "" && l.AccessToken != "" && l.URL != "" }

// String shows the settings with the token and the secret redacted.
func (l LineBot) String() string {
	return channelString("LineBot", l.ChannelID, l.URL, "AccessToken", l.AccessToken, "ChannelSecret", l.ChannelSecret)
}

// GoString is String (for %#v).
func (l LineBot) GoString() string { return l.String() }

// LogValue logs the settings with the token and the secret redacted.
func (l LineBot) LogValue() slog.Value {
	return channelLog(l.ChannelID, l.URL, "accessToken", l.AccessToken, "channelSecret", l.ChannelSecret)
}

func (l LineBot) client() *http.Client {
	if l.HTTP != nil {
		return l.HTTP
	}
	return &http.Client{Timeout: 20 * time.Second}
}

// LineBotError is a push LINE answered but did not take: Reason is one of
// LineCannotReceive, LineMonthlyLimit, LineRateLimited, LineRefused.
type LineBotError struct {
	Status  int
	Reason  string
	Message string // LINE's message, for the log
}

func (e *LineBotError) Error() string {
	return fmt.Sprintf("LINE Messaging API: %d %s: %s", e.Status, e.Reason, e.Message)
}

// LineReason is err's LineBotError reason, "" when it is none (an
// unreachable LINE: try again).
func LineReason(err error) string {
	var e *LineBotError
	if errors.As(err, &e) {
		return e.Reason
	}
	return ""
}

// LineRetryKey is the X-Line-Retry-Key of what key names: a UUID (as
// LINE wants) derived from it, so every retry of one notification
// carries the same.
func LineRetryKey(key string) string {
	h := sha256.Sum256([]byte(key))
	h[6] = h[6]&0x0f | 0x50 // version 5-like (name-based)
	h[8] = h[8]&0x3f | 0x80 // RFC 4122 variant
	return fmt.Sprintf("%x-%x-%x-%x-%x", h[0:4], h[4:6], h[6:8], h[8:10], h[10:16])
}

// LinePushed is a push LINE took: its request id (the first one, when a
// retry found it accepted before: Repeated).
type LinePushed struct {
	RequestID string
	Repeated  bool
}

// Push sends text to LINE user to, with retry key retryKey (LineRetryKey).
// A retry key LINE accepted before is not sent again (Repeated). Text
// longer than LINE takes is cut.
func (l LineBot) Push(ctx context.Context, to, text, retryKey string) (*LinePushed, error) {
	if utf8.RuneCountInString(text) > lineTextMax {
		text = string([]rune(text)[:lineTextMax-1]) + "…"
	}
	body, _ := json.Marshal(map[string]any{"to": to, "messages": []map[string]string{{"type": "text", "text": text}}})
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, l.URL+"/v2/bot/message/push", bytes.NewReader(body))
	if err != nil {
		return nil, err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Authorization", "Bearer "+l.AccessToken)
	req.Header.Set("X-Line-Retry-Key", retryKey)
	resp, err := l.client().Do(req)
	if err != nil {
		return nil, fmt.Errorf("LINE Messaging API: %w", err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(io.LimitReader(resp.Body, 64<<10))
	switch resp.StatusCode {
	case http.StatusOK:
		return &LinePushed{RequestID: resp.Header.Get("X-Line-Request-Id")}, nil
	case http.StatusConflict:
		if id := resp.Header.Get("X-Line-Accepted-Request-Id"); id != "" {
			return &LinePushed{RequestID: id, Repeated: true}, nil
		}
	}
	var e struct {
		Message string `json:"message"`
	}
	json.Unmarshal(raw, &e)
	reason := LineRefused
	switch {
	case resp.StatusCode >= 500:
		return nil, fmt.Errorf("LINE Messaging API: %d %s", resp.StatusCode, e.Message) // may have been sent: retry with the key
	case resp.StatusCode == http.StatusTooManyRequests && strings.Contains(strings.ToLower(e.Message), "monthly limit"):
		reason = LineMonthlyLimit
	case resp.StatusCode == http.StatusTooManyRequests:
		reason = LineRateLimited
	case resp.StatusCode == http.StatusBadRequest && e.Message == "Failed to send messages":
		reason = LineCannotReceive
	}
	return nil, &LineBotError{Status: resp.StatusCode, Reason: reason, Message: e.Message}
}

// LineQuota is the account's monthly message quota: Limited false has
// none; Used is this month's messages so far.
type LineQuota struct {
	Limited     bool
	Value, Used int64
}

// Spent reports whether the month's quota is used up.
func (q LineQuota) Spent() bool { return q.Limited && q.Used >= q.Value }

// Quota reads the month's quota and its consumption.
func (l LineBot) Quota(ctx context.Context) (LineQuota, error) {
	var q struct {
		Type  string `json:"type"`
		Value int64  `json:"value"`
	}
	var c struct {
		TotalUsage int64 `json:"totalUsage"`
	}
	if err := l.get(ctx, "/v2/bot/message/quota", &q); err != nil {
		return LineQuota{}, err
	}
	if err := l.get(ctx, "/v2/bot/message/quota/consumption", &c); err != nil {
		return LineQuota{}, err
	}
	return LineQuota{Limited: q.Type == "limited", Value: q.Value, Used: c.TotalUsage}, nil
}

func (l LineBot) get(ctx context.Context, path string, out any) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, l.URL+path, nil)
	if err != nil {
		return err
	}
	req.Header.Set("Authorization", "Bearer "+l.AccessToken)
	resp, err := l.client().Do(req)
	if err != nil {
		return fmt.Errorf("LINE Messaging API: %w", err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return &LineBotError{Status: resp.StatusCode, Reason: LineRefused, Message: path}
	}
	return json.NewDecoder(io.LimitReader(resp.Body, 64<<10)).Decode(out)
}

// LineBotInfo is the account's identity: its user id (a webhook's
// destination) and its basic id (@...), by which users add it.
type LineBotInfo struct {
	UserID      string `json:"userId"`
	BasicID     string `json:"basicId"`
	DisplayName string `json:"displayName"`
}

// Info reads the account's identity.
func (l LineBot) Info(ctx context.Context) (LineBotInfo, error) {
	var i LineBotInfo
	err := l.get(ctx, "/v2/bot/info", &i)
	if err == nil && i.BasicID == "" {
		err = &LineBotError{Status: http.StatusOK, Reason: LineRefused, Message: "/v2/bot/info: no basicId"}
	}
	return i, err
}

// AddFriendURL is where a LINE user adds the account of basicID as a
// friend: LINE's https://line.me/R/ti/p/{basicId}, or the sandbox's page.
func (l LineBot) AddFriendURL(basicID string) string {
	if l.URL == LineBotAPIURL {
		return "https://line.me/R/ti/p/" + url.PathEscape(basicID)
	}
	return l.URL + "/ti/p/" + url.PathEscape(basicID)
}
