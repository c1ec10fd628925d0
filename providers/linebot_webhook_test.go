package providers

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"
)

// TestLineWebhookSignature: a webhook is read only when X-Line-Signature
// is base64(HMAC-SHA256(channel secret, the raw body)): the right one
// reads; a signature of another secret, none, a malformed one, a tampered
// body and a brand without a secret are refused; a signed body that is
// not JSON is another error.
func TestLineWebhookSignature(t *testing.T) {
	const secret = "8c570fa6dd201bb328f1c1eac23a96d8"
	body := []byte(`{"destination":"U0123","events":[{"type":"follow","mode":"active","timestamp":1767225600000,` +
		`"source":{"type":"user","userId":"Uaaa"},"webhookEventId":"01JGPJ8Z7Q2Y3X4W5V6T7S8R9P","deliveryContext":{"isRedelivery":true}}]}`)
	good := SignLineWebhook(secret, body)
	w, err := ParseLineWebhook(secret, body, good)
	if err != nil || w.Destination != "U0123" || len(w.Events) != 1 {
		t.Fatalf("good signature: %+v %v", w, err)
	}
	e := w.Events[0]
	if e.Type != LineEventFollow || e.Source.UserID != "Uaaa" || !e.DeliveryContext.IsRedelivery || !e.At().Equal(time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)) {
		t.Errorf("event read: %+v at %v", e, e.At())
	}
	tampered := []byte(strings.Replace(string(body), `"follow"`, `"unfollow"`, 1))
	for name, c := range map[string]struct {
		secret, sig string
		body        []byte
	}{
		"another secret": {secret, SignLineWebhook("not-the-secret", body), body},
		"missing":        {secret, "", body},
		"not base64":     {secret, "%%%", body},
		"tampered body":  {secret, good, tampered},
		"no secret":      {"", SignLineWebhook("", body), body},
		"hex, not b64":   {secret, strings.Repeat("ab", 32), body},
	} {
		if w, err := ParseLineWebhook(c.secret, c.body, c.sig); !errors.Is(err, ErrLineSignature) || w != nil {
			t.Errorf("%s: %+v %v; want ErrLineSignature", name, w, err)
		}
	}
	ch := LineBot{ChannelID: "2000000001", AccessToken: "tok-S3cret", ChannelSecret: secret, URL: LineBotAPIURL}
	if shown := fmt.Sprint(ch) + fmt.Sprintf("%#v", ch) + ch.LogValue().String(); strings.Contains(shown, secret) || strings.Contains(shown, "S3cret") ||
		!strings.Contains(shown, "2000000001") {
		t.Errorf("the channel shows its secrets: %s", shown)
	}
	junk := []byte("not json")
	if _, err := ParseLineWebhook(secret, junk, SignLineWebhook(secret, junk)); err == nil || errors.Is(err, ErrLineSignature) {
		t.Errorf("signed junk: %v", err)
	}
}

// TestLineEventIDIsAULID: the sandbox's webhook event ids are ULIDs of
// the event's millisecond (the ULID specification's example time).
func TestLineEventIDIsAULID(t *testing.T) {
	id := lineEventID(time.UnixMilli(1469918176385))
	if len(id) != 26 || !strings.HasPrefix(id, "01ARYZ6S41") || strings.ContainsAny(id, "ILOU") {
		t.Errorf("event id %q", id)
	}
}

// TestLineSandboxFriendship: the Messaging API sandbox's add-friend page
// (LINE's https://line.me/R/ti/p/{basicId}) follows and blocks the
// account, each POSTing a signed follow or unfollow event to the
// channel's webhook URLs; LINE Login's consent page with bot_prompt adds
// the friend (friendship_status_changed=true) or, unchecked, leaves a new
// user no friend, and its friendship status answers with the login's
// access token.
func TestLineSandboxFriendship(t *testing.T) {
	const secret = "bot-secret"
	var mu sync.Mutex
	var got []*LineWebhook
	hook := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		wh, err := ParseLineWebhook(secret, body, r.Header.Get(LineSignatureHeader))
		if err != nil {
			http.Error(w, err.Error(), http.StatusUnauthorized)
			return
		}
		mu.Lock()
		got = append(got, wh)
		mu.Unlock()
	}))
	t.Cleanup(hook.Close)
	bot := NewLineBotSandbox("2000000001", "token-1")
	bot.SetSecret("2000000001", secret)
	bot.Webhooks = func(_ context.Context, ch string) []string { return []string{hook.URL + "/hook/" + ch} }
	srv := httptest.NewServer(bot)
	t.Cleanup(srv.Close)
	ch := LineBot{ChannelID: "2000000001", AccessToken: "token-1", URL: srv.URL}
	info, err := ch.Info(context.Background())
	if err != nil || info.BasicID != "@2000000001" || info.UserID == "" {
		t.Fatalf("bot info: %+v %v", info, err)
	}
	link := ch.AddFriendURL(info.BasicID)
	if link != srv.URL+"/ti/p/@2000000001" || (LineBot{URL: LineBotAPIURL}).AddFriendURL("@abc1234") != "https://line.me/R/ti/p/@abc1234" {
		t.Fatalf("add-friend links: %s", link)
	}
	home, err := http.Get(srv.URL + "/")
	if err != nil {
		t.Fatal(err)
	}
	html, _ := io.ReadAll(home.Body)
	home.Body.Close()
	if !strings.Contains(string(html), `href="ti/p/@2000000001"`) {
		t.Fatalf("the sandbox's page does not link its add-friend page: %s", html)
	}
	page, err := http.Get(link + "?sub=Ufan")
	if err != nil {
		t.Fatal(err)
	}
	html, _ = io.ReadAll(page.Body)
	page.Body.Close()
	if page.StatusCode != http.StatusOK || !strings.Contains(string(html), "加入好友") || !strings.Contains(string(html), `value="Ufan"`) {
		t.Fatalf("add-friend page: %d %s", page.StatusCode, html)
	}
	for _, action := range []string{"unfollow", "follow"} {
		res, err := http.PostForm(srv.URL+"/follow", url.Values{"channel": {"2000000001"}, "sub": {"Ufan"}, "action": {action}})
		if err != nil {
			t.Fatal(err)
		}
		html, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if res.StatusCode != http.StatusOK || !strings.Contains(string(html), "已通知 1 個 Webhook") {
			t.Fatalf("%s: %d %s", action, res.StatusCode, html)
		}
		if bot.IsFriend("Ufan") != (action == "follow") {
			t.Errorf("after %s the sandbox's friendship is %v", action, bot.IsFriend("Ufan"))
		}
	}
	mu.Lock()
	if len(got) != 2 || got[0].Events[0].Type != LineEventUnfollow || got[1].Events[0].Type != LineEventFollow ||
		got[1].Events[0].Source.UserID != "Ufan" || got[1].Destination != info.UserID || got[1].Events[0].WebhookEventID == "" {
		t.Errorf("webhooks: %+v", got)
	}
	mu.Unlock()

	login := NewLineLoginSandbox("1700000000", "login-secret")
	login.Bot, login.BotChannel = bot, "2000000001"
	lsrv := httptest.NewServer(login)
	t.Cleanup(lsrv.Close)
	ll := LineLogin{ChannelID: "1700000000", ChannelSecret: "login-secret", URL: lsrv.URL}
	noRedirect := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	consent := func(sub string, add bool) (changed string, friend bool) {
		t.Helper()
		f := url.Values{"response_type": {"code"}, "client_id": {"1700000000"}, "redirect_uri": {"https://shop.example/cb"}, "state": {"st"},
			"scope": {"openid profile"}, "nonce": {"n1"}, "bot_prompt": {"normal"}, "sub": {sub}, "name": {"x"}, "action": {"allow"}}
		if add {
			f.Set("add_friend", "1")
		}
		res, err := noRedirect.PostForm(lsrv.URL+"/oauth2/v2.1/authorize", f)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		loc, _ := url.Parse(res.Header.Get("Location"))
		id, err := ll.Exchange(context.Background(), loc.Query().Get("code"), "https://shop.example/cb", "n1", time.Now())
		if err != nil {
			t.Fatalf("exchange: %v", err)
		}
		friend, err = ll.Friendship(context.Background(), id.AccessToken)
		if err != nil {
			t.Fatalf("friendship: %v", err)
		}
		return loc.Query().Get("friendship_status_changed"), friend
	}
	if changed, friend := consent("Unew", false); changed != "false" || friend {
		t.Errorf("a new user not adding the friend: changed %s, friend %v", changed, friend)
	}
	if changed, friend := consent("Unew", true); changed != "true" || !friend {
		t.Errorf("adding the friend: changed %s, friend %v", changed, friend)
	}
	if changed, friend := consent("Unew", true); changed != "false" || !friend {
		t.Errorf("a friend already: changed %s, friend %v", changed, friend)
	}
	mu.Lock()
	if n := len(got); n != 3 || got[2].Events[0].Source.UserID != "Unew" || got[2].Events[0].Type != LineEventFollow {
		t.Errorf("the consent's follow webhook: %d webhooks", n)
	}
	mu.Unlock()
	if _, err := ll.Friendship(context.Background(), "not-a-token"); err == nil {
		t.Errorf("an unknown access token answered a friendship")
	}
}
