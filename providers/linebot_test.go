package providers

import (
	"context"
	"net/http"
	"net/http/httptest"
	"net/url"
	"testing"
)

// TestLineBotPushAgainstSandbox: a push arrives once whatever its retries
// (the second answers the first request id); a user who is not a friend,
// a spent monthly quota and the rate limit are told apart; the quota reads
// back.
func TestLineBotPushAgainstSandbox(t *testing.T) {
	sb := NewLineBotSandbox("2000000001", "token-1")
	srv := httptest.NewServer(sb)
	t.Cleanup(srv.Close)
	bot := LineBot{ChannelID: "2000000001", AccessToken: "token-1", URL: srv.URL}
	ctx := context.Background()
	key := LineRetryKey("booked:1")
	if key != LineRetryKey("booked:1") || key == LineRetryKey("booked:2") || len(key) != 36 {
		t.Fatalf("retry key %q", key)
	}
	first, err := bot.Push(ctx, "Uaaa", "預約成功", key)
	if err != nil || first.Repeated {
		t.Fatalf("push: %+v %v", first, err)
	}
	again, err := bot.Push(ctx, "Uaaa", "預約成功", key)
	if err != nil || !again.Repeated || again.RequestID != first.RequestID {
		t.Fatalf("retried push: %+v %v (first %s)", again, err, first.RequestID)
	}
	if n := len(sb.Pushed("Uaaa")); n != 1 {
		t.Fatalf("%d messages pushed; want 1", n)
	}

	sb.NotFriend("Ubbb", true)
	if _, err := bot.Push(ctx, "Ubbb", "x", LineRetryKey("b")); LineReason(err) != LineCannotReceive {
		t.Errorf("not a friend: %v", err)
	}
	sb.RateLimit(1)
	if _, err := bot.Push(ctx, "Uaaa", "x", LineRetryKey("c")); LineReason(err) != LineRateLimited {
		t.Errorf("rate limited: %v", err)
	}
	if _, err := bot.Push(ctx, "Uaaa", "x", LineRetryKey("c")); err != nil {
		t.Errorf("after the rate limit: %v", err)
	}
	sb.SetQuota("2000000001", 10, 10)
	if _, err := bot.Push(ctx, "Uaaa", "x", LineRetryKey("d")); LineReason(err) != LineMonthlyLimit {
		t.Errorf("quota spent: %v", err)
	}
	q, err := bot.Quota(ctx)
	if err != nil || !q.Spent() || q.Value != 10 {
		t.Errorf("quota: %+v %v", q, err)
	}
	bad := LineBot{ChannelID: "2000000001", AccessToken: "wrong", URL: srv.URL}
	if _, err := bad.Push(ctx, "Uaaa", "x", LineRetryKey("e")); LineReason(err) != LineRefused {
		t.Errorf("bad token: %v", err)
	}
}

// TestLineBotSandboxSwitchesForm: the sandbox page's form sets the test
// switches a dev tester uses: a user who is not a friend, and a quota.
func TestLineBotSandboxSwitchesForm(t *testing.T) {
	sb := NewLineBotSandbox("2000000001", "token-1")
	srv := httptest.NewServer(sb)
	t.Cleanup(srv.Close)
	res, err := http.PostForm(srv.URL+"/switches", url.Values{"not_friend": {"Ux"}, "channel": {"2000000001"}, "quota": {"5"}, "used": {"5"}})
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusOK { // after the redirect: the page
		t.Fatalf("switches: %d", res.StatusCode)
	}
	bot := LineBot{ChannelID: "2000000001", AccessToken: "token-1", URL: srv.URL}
	if _, err := bot.Push(context.Background(), "Ux", "x", LineRetryKey("a")); LineReason(err) != LineCannotReceive {
		t.Errorf("not a friend: %v", err)
	}
	if _, err := bot.Push(context.Background(), "Uy", "x", LineRetryKey("b")); LineReason(err) != LineMonthlyLimit {
		t.Errorf("quota: %v", err)
	}
}
