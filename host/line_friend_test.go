package host

import (
	"bytes"
	"context"
	"fmt"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"storefront"
	"storefront/data"
	"storefront/host/config"
	"storefront/providers"
)

// Whether a member linked to LINE is a friend of the brand's LINE
// Official Account: the webhook's follow and unfollow (signed with the
// channel secret), LINE Login's friendship status, a push LINE refuses;
// notifications go by LINE only to a friend.

// friendOf is the recorded friendship of the demo brand's link to sub:
// "true", "false" or "unknown".
func friendOf(t *testing.T, s *memberServer, sub string) string {
	t.Helper()
	var f string
	err := s.db.Pool.QueryRow(context.Background(), `select coalesce(friend::text, 'unknown') from line_links where brand_id = 'demo' and line_sub = $1`,
		sub).Scan(&f)
	if err != nil {
		t.Fatalf("friend of %s: %v", sub, err)
	}
	return f
}

// lineEvent is a webhook body of one follow (or unfollow) event of sub at
// ms milliseconds.
func lineEvent(kind, sub string, ms int64, redelivered bool) []byte {
	return fmt.Appendf(nil, `{"destination":"Ubot","events":[{"type":%q,"mode":"active","timestamp":%d,"source":{"type":"user","userId":%q},`+
		`"webhookEventId":"01JDZ%021d","deliveryContext":{"isRedelivery":%t}}]}`, kind, ms, sub, ms, redelivered)
}

// hook POSTs body to brand's webhook with signature sig.
func hook(s http.Handler, brand string, body []byte, sig string) *httptest.ResponseRecorder {
	r := httptest.NewRequest(http.MethodPost, "/api/line/webhook/"+brand, bytes.NewReader(body))
	r.Header.Set("Content-Type", "application/json; charset=utf-8")
	if sig != "" {
		r.Header.Set(providers.LineSignatureHeader, sig)
	}
	w := httptest.NewRecorder()
	s.ServeHTTP(w, r)
	return w
}

// wantHook checks a webhook's status and, for a refusal, its code.
func wantHook(t *testing.T, w *httptest.ResponseRecorder, status int, what string) {
	t.Helper()
	if w.Code != status {
		t.Fatalf("%s: %d %s; want %d", what, w.Code, w.Body, status)
	}
}

// TestLineFriendshipFollowsTheWebhookAndDecidesNotify: through the real
// handler, the sandbox's signed unfollow makes a member who chose LINE a
// non-friend, and the next booking confirmation is mailed (no push job);
// the sandbox's follow makes them a friend, and the next is pushed to
// LINE, not mailed.
func TestLineFriendshipFollowsTheWebhookAndDecidesNotify(t *testing.T) {
	ts := newLineNotifyShop(t)
	ctx := context.Background()
	first := ts.extraSession(t, "墊上皮拉提斯", "2026-12-05 19:00")
	second := ts.extraSession(t, "墊上皮拉提斯", "2026-12-06 19:00")
	m := ts.lineMember(t, "fan", "Ufan", data.NotifyBooked)
	if f := friendOf(t, ts.memberServer, "Ufan"); f != "unknown" {
		t.Fatalf("a link made without a login knows its friendship: %s", f)
	}
	if sent, err := ts.bot.Follow(ctx, "1800000000", "Ufan", false); sent == 0 || err != nil { // to every demo brand on the sandbox's channel
		t.Fatalf("unfollow webhook: %d sent, %v", sent, err)
	}
	if f := friendOf(t, ts.memberServer, "Ufan"); f != "false" {
		t.Fatalf("after unfollow the link says %s", f)
	}
	ts.booked(t, m, first)
	ts.settled(t)
	if n := ts.id(t, `select count(*) from jobs where kind = $1`, data.JobLine); n != 0 {
		t.Errorf("%d LINE pushes queued for a member who is not a friend", n)
	}
	if ts.mailsTo("fan1@example.com", "預約成功") != 1 || ts.pushes("Ufan", "") != 0 {
		t.Fatalf("not a friend: %d mails, %d pushes; want 1 and 0", ts.mailsTo("fan1@example.com", "預約成功"), ts.pushes("Ufan", ""))
	}

	ts.clock.Add(time.Minute)
	if sent, err := ts.bot.Follow(ctx, "1800000000", "Ufan", true); sent == 0 || err != nil {
		t.Fatalf("follow webhook: %d sent, %v", sent, err)
	}
	if f := friendOf(t, ts.memberServer, "Ufan"); f != "true" {
		t.Fatalf("after follow the link says %s", f)
	}
	ts.booked(t, m, second)
	ts.settled(t)
	if ts.pushes("Ufan", "預約成功") != 1 || ts.mailsTo("fan1@example.com", "預約成功") != 1 {
		t.Errorf("a friend again: %d pushes, %d mails; want 1 and 1 (the earlier)", ts.pushes("Ufan", "預約成功"), ts.mailsTo("fan1@example.com", "預約成功"))
	}
}

// TestLineWebhookRefusesForgedAndKeepsTheNewest: the webhook believes
// only the brand's channel secret's signature (another secret's, none,
// or a tampered body: 401, nothing changed); a redelivered event and a
// late older one change nothing; an unknown brand and a brand without a
// channel secret are 404; the console's verification (no events) is 200.
func TestLineWebhookRefusesForgedAndKeepsTheNewest(t *testing.T) {
	ts := newLineNotifyShop(t)
	ts.lineMember(t, "order", "Uorder", data.NotifyBooked)
	secret := config.SandboxLineBot.ChannelSecret
	t0 := ts.clock.Now().UnixMilli()
	changedAt := func() int64 {
		return ts.id(t, `select (extract(epoch from friend_changed_at) * 1000)::bigint from line_links where line_sub = 'Uorder'`)
	}

	follow := lineEvent("follow", "Uorder", t0+2000, false)
	wantHook(t, hook(ts, "demo", follow, providers.SignLineWebhook(secret, follow)), 200, "follow")
	if friendOf(t, ts.memberServer, "Uorder") != "true" || changedAt() != t0+2000 {
		t.Fatalf("after follow: %s at %d", friendOf(t, ts.memberServer, "Uorder"), changedAt())
	}
	late := lineEvent("unfollow", "Uorder", t0+1000, true) // older, redelivered late
	wantHook(t, hook(ts, "demo", late, providers.SignLineWebhook(secret, late)), 200, "a late older unfollow")
	again := lineEvent("follow", "Uorder", t0+2000, true)
	wantHook(t, hook(ts, "demo", again, providers.SignLineWebhook(secret, again)), 200, "the follow redelivered")
	if friendOf(t, ts.memberServer, "Uorder") != "true" || changedAt() != t0+2000 {
		t.Fatalf("an older or replayed event changed the link: %s at %d", friendOf(t, ts.memberServer, "Uorder"), changedAt())
	}

	block := lineEvent("unfollow", "Uorder", t0+3000, false)
	for what, sig := range map[string]string{
		"another secret": providers.SignLineWebhook("not-the-channel-secret", block),
		"no signature":   "",
		"tampered body":  providers.SignLineWebhook(secret, follow),
		"not base64":     "!!",
	} {
		w := hook(ts, "demo", block, sig)
		wantHook(t, w, http.StatusUnauthorized, what)
		if w.Header().Get("X-Storefront-Code") != "" && !strings.Contains(w.Body.String(), storefront.CodeText(storefront.CodeLineSignature)) {
			t.Errorf("%s: %s", what, w.Body)
		}
	}
	if friendOf(t, ts.memberServer, "Uorder") != "true" {
		t.Fatal("a forged unfollow was believed")
	}
	wantHook(t, hook(ts, "nosuch", block, providers.SignLineWebhook(secret, block)), http.StatusNotFound, "an unknown brand")
	empty := []byte(`{"destination":"Ubot","events":[]}`)
	wantHook(t, hook(ts, "demo", empty, providers.SignLineWebhook(secret, empty)), 200, "the console's verification")
	junk := []byte(`{"events":`)
	wantHook(t, hook(ts, "demo", junk, providers.SignLineWebhook(secret, junk)), http.StatusBadRequest, "signed junk")

	ts.cfg.LineBot.ChannelSecret = ""
	w := hook(ts, "demo", block, providers.SignLineWebhook(secret, block))
	wantHook(t, w, http.StatusNotFound, "a brand without a channel secret")
	if !strings.Contains(w.Body.String(), storefront.CodeText(storefront.CodeLineNoWebhook)) {
		t.Errorf("without a secret: %s", w.Body)
	}
	if friendOf(t, ts.memberServer, "Uorder") != "true" {
		t.Fatal("an unverified unfollow was believed")
	}
}

// TestLineWebhookEventsRacingKeepTheNewest: follows and unfollows of one
// member at distinct times, delivered concurrently in a shuffled order
// (some twice), leave the link as the newest event says.
func TestLineWebhookEventsRacingKeepTheNewest(t *testing.T) {
	ts := newLineNotifyShop(t)
	ts.lineMember(t, "race", "Urace")
	secret := config.SandboxLineBot.ChannelSecret
	t0 := ts.clock.Now().UnixMilli()
	const n = 24
	newest := rand.IntN(n)
	bodies := make([][]byte, 0, 2*n)
	for i := range n {
		kind := []string{"follow", "unfollow"}[rand.IntN(2)]
		if i == newest {
			kind = "unfollow"
		}
		at := t0 + int64(i)
		if i == newest {
			at = t0 + 10_000
		}
		b := lineEvent(kind, "Urace", at, false)
		bodies = append(bodies, b, b) // each delivered twice
	}
	rand.Shuffle(len(bodies), func(i, j int) { bodies[i], bodies[j] = bodies[j], bodies[i] })
	var wg sync.WaitGroup
	codes := make([]int, len(bodies))
	for i, b := range bodies {
		wg.Go(func() { codes[i] = hook(ts, "demo", b, providers.SignLineWebhook(secret, b)).Code })
	}
	wg.Wait()
	for i, c := range codes {
		if c != 200 {
			t.Fatalf("delivery %d: %d", i, c)
		}
	}
	if f := friendOf(t, ts.memberServer, "Urace"); f != "false" {
		t.Errorf("after the race the link says %s; the newest event is an unfollow", f)
	}
	if at := ts.id(t, `select (extract(epoch from friend_changed_at) * 1000)::bigint from line_links where line_sub = 'Urace'`); at != t0+10_000 {
		t.Errorf("changed at %d; want the newest event's %d", at, t0+10_000)
	}
}

// TestLinePushRefusedMarksNotFriend: LINE answering a push that the
// member cannot receive mails it and records the member as no friend, so
// their next notification is mailed at once, without a push.
func TestLinePushRefusedMarksNotFriend(t *testing.T) {
	ts := newLineNotifyShop(t)
	first := ts.extraSession(t, "墊上皮拉提斯", "2026-12-05 19:00")
	second := ts.extraSession(t, "墊上皮拉提斯", "2026-12-06 19:00")
	m := ts.lineMember(t, "gone", "Ugone", data.NotifyBooked)
	ts.bot.NotFriend("Ugone", true) // blocked at LINE, no webhook heard
	ts.booked(t, m, first)
	ts.settled(t)
	if ts.mailsTo("gone1@example.com", "預約成功") != 1 || friendOf(t, ts.memberServer, "Ugone") != "false" {
		t.Fatalf("a refused push: %d mails, friend %s; want 1 and false", ts.mailsTo("gone1@example.com", "預約成功"), friendOf(t, ts.memberServer, "Ugone"))
	}
	ts.booked(t, m, second)
	ts.settled(t)
	if n := ts.id(t, `select count(*) from jobs where kind = $1`, data.JobLine); n != 1 {
		t.Errorf("%d LINE pushes queued; want only the first", n)
	}
	if n := ts.mailsTo("gone1@example.com", "預約成功"); n != 2 {
		t.Errorf("%d confirmations mailed; want 2", n)
	}
}

// TestLineLoginRecordsTheFriendship: LINE Login asks the friendship with
// the login's access token and records it on the link: a new member who
// added the account at the consent page is a friend once registered; one
// who blocked it since is not, at their next login; the member centre
// then says so, with the account's add-friend link; a member linking LINE
// from the member centre without adding the account is no friend.
func TestLineLoginRecordsTheFriendship(t *testing.T) {
	s := newLineShop(t)
	u := lineUser{sub: "U3333333333333333333333333333333c", name: "好友", email: "friend@line.test", addFriend: true}
	b := s.browser()
	cb := s.consent(t, b, "/api/line/login", map[string]any{"brandId": "demo"}, u)
	wantRedirect(t, b.get(t, cb), "http://example.com/demo/?line=register")
	if w := b.post(t, "/api/line/register", lineRegistration(u.email)); w.Code != 200 {
		t.Fatalf("register: %d %s", w.Code, w.Body)
	}
	if f := friendOf(t, s.memberServer, u.sub); f != "true" {
		t.Fatalf("a member who added the account at the login: friend %s", f)
	}
	var got struct {
		LineOffered, NotFriend bool
		AddFriendURL           string
	}
	apiResult(t, b.get(t, "/api/user/notifyChoices?brandId=demo"), &got)
	if !got.LineOffered || got.NotFriend || got.AddFriendURL != "" {
		t.Fatalf("a friend's choices: %+v", got)
	}

	s.lineBotSandbox.NotFriend(u.sub, true) // blocked at LINE
	s.clock.Add(time.Minute)
	u.addFriend = false
	again := s.browser()
	cb = s.consent(t, again, "/api/line/login", map[string]any{"brandId": "demo"}, u)
	wantRedirect(t, again.get(t, cb), "http://example.com/demo/")
	if f := friendOf(t, s.memberServer, u.sub); f != "false" {
		t.Fatalf("after a login of a member who blocked the account: friend %s", f)
	}
	apiResult(t, again.get(t, "/api/user/notifyChoices?brandId=demo"), &got)
	if !got.NotFriend || got.AddFriendURL != "http://example.com/dev/line-bot/ti/p/@1800000000" {
		t.Fatalf("a non-friend's choices: %+v", got)
	}
	if page := again.get(t, "/dev/line-bot/ti/p/@1800000000"); page.Code != 200 || !strings.Contains(page.Body.String(), "加入好友") {
		t.Fatalf("the add-friend page: %d", page.Code)
	}

	linker := s.browser()
	if w, _ := login(t, linker, "demo", "member@example.com", "demo1234"); w.Code != 200 {
		t.Fatalf("login: %d", w.Code)
	}
	other := lineUser{sub: "U4444444444444444444444444444444d", name: "會員"}
	cb = s.consent(t, linker, "/api/line/link", map[string]any{"brandId": "demo", "password": md5hex("demo1234")}, other)
	wantRedirect(t, linker.get(t, cb), "http://example.com/demo/?line=linked")
	if f := friendOf(t, s.memberServer, other.sub); f != "false" {
		t.Fatalf("a member who linked LINE without adding the account: friend %s", f)
	}
}
