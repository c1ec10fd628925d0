package host

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"storefront/data"
	"storefront/data/dbtest"
	"storefront/data/rules"
)

// Issue 10, defect 9: the smaller leaks and traps.

func TestMalformedRedisURLHidesItsPassword(t *testing.T) {
	dbURL := dbtest.URL(t)
	for _, raw := range []string{
		"redis://:s3cret-pw@local%zzhost:6379/0",
		"redis://user:s3cret-pw@local host:6379/0",
		"rediss://user:s3cret-pw@[::1/0",
		"redis://user:s3cret-pw@localhost:6379/zero",
		"http://user:s3cret-pw@localhost:6379/0",
	} {
		env := map[string]string{"DATABASE_URL": dbURL, "REDIS_URL": raw, "PORT": "0", "STOREFRONT_DEMO": "0", "LOG_LEVEL": "debug"}
		logs := &syncBuffer{}
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second) // should it start after all
		err := Run(ctx, func(k string) string { return env[k] }, logs, nil, Fixtures{})
		cancel()
		if err == nil {
			t.Errorf("%s: started", raw)
			continue
		}
		if out := err.Error() + logs.String(); strings.Contains(out, "s3cret-pw") || !strings.Contains(err.Error(), "REDIS_URL") {
			t.Errorf("%s: %v\n%s", raw, err, logs.String())
		}
	}
	for raw, want := range map[string]string{
		"redis://:pw@h:1/0":        "redis://xxxxx@h:1/0",
		"redis://u:p@ss@h/0?x=@":   "redis://xxxxx@h/0?x=@",
		"redis://h:6379/0":         "redis://h:6379/0",
		"u:pw@h":                   "xxxxx@h",
		"redis://:pw@[::1]:6379/0": "redis://xxxxx@[::1]:6379/0",
	} {
		if got := redactURL(raw); got != want {
			t.Errorf("redactURL(%q) = %q; want %q", raw, got, want)
		}
	}
}

func TestSMTPWithoutTLSOnlyToThisMachine(t *testing.T) {
	cases := []struct {
		host, tls string
		ok        bool
	}{
		{"smtp.example.com", "none", false},
		{"10.0.0.5", "none", false},
		{"localhost", "none", true},
		{"127.0.0.1", "none", true},
		{"::1", "none", true},
		{"relay.localhost", "none", true},
		{"smtp.example.com", "starttls", true},
		{"smtp.example.com", "tls", true},
	}
	for _, c := range cases {
		env := map[string]string{"SMTP_HOST": c.host, "SMTP_TLS": c.tls, "SMTP_USER": "u", "SMTP_PASSWORD": "pw"}
		_, err := LoadConfig(func(k string) string { return env[k] })
		if c.ok != (err == nil) || (err != nil && !strings.Contains(err.Error(), "SMTP_TLS")) {
			t.Errorf("SMTP_HOST=%s SMTP_TLS=%s: %v", c.host, c.tls, err)
		}
	}
}

func TestLoginKeepsTheSessionIDOutOfScriptReach(t *testing.T) {
	ts := newMemberServer(t)
	cases := []struct {
		name string
		from any
		want bool
	}{
		{"the web app", nil, false},
		{"another from", "web", false},
		{"the native app", "app", true},
	}
	for _, c := range cases {
		b := ts.browser()
		w := b.post(t, "/api/session/login", with(map[string]any{"brandId": "demo", "email": "member@example.com", "password": md5hex("demo1234")}, "from", c.from))
		var res map[string]any
		wantCode(t, w, 200, 0)
		apiResult(t, w, &res)
		cookie := b.cookies[cookieSession]
		if cookie == nil || !cookie.HttpOnly {
			t.Fatalf("%s: no HttpOnly session cookie", c.name)
		}
		id, has := res["sessionId"]
		if has != c.want || (has && id != cookie.Value) {
			t.Errorf("%s: body sessionId %v; want it %v", c.name, id, c.want)
		}
		// the same for a password change, which starts a new session
		w = b.post(t, "/api/session/changePassword", with(map[string]any{"brandId": "demo", "oldPassword": md5hex("demo1234"), "newPassword": md5hex("demo1234")}, "from", c.from))
		res = nil
		wantCode(t, w, 200, 0)
		apiResult(t, w, &res)
		if _, has := res["sessionId"]; has != c.want {
			t.Errorf("%s: change password answer has sessionId %v; want %v", c.name, has, c.want)
		}
	}
}

func TestCrossSiteGetKeepsTheMembersCookies(t *testing.T) {
	ts := newMemberServer(t)
	cases := []struct {
		name, path, site string
		cleared          bool
	}{
		{"a link from another site to another member's info", "/api/user/userInfo?brandId=demo&userId=999999", "cross-site", false},
		{"the same from a sibling site", "/api/v3/webUser/brand/demo/user/999999", "same-site", false},
		{"the shop's own call", "/api/user/userInfo?brandId=demo&userId=999999", "same-origin", true},
		{"a client that is not a browser", "/api/user/userInfo?brandId=demo&userId=999999", "", true},
	}
	for _, c := range cases {
		b := ts.browser()
		login(t, b, "demo", "member@example.com", "demo1234")
		w := b.get(t, c.path, "Sec-Fetch-Site", c.site, "Sec-Fetch-Mode", "navigate")
		if w.Code != 403 {
			t.Errorf("%s: %d; want 403", c.name, w.Code)
		}
		if cleared := b.cookies[cookieSession] == nil; cleared != c.cleared {
			t.Errorf("%s: cookies cleared %v; want %v", c.name, cleared, c.cleared)
		}
		if !c.cleared {
			if got := b.get(t, "/api/session/auth/status?brandId=demo"); !strings.Contains(got.Body.String(), `"loggedIn":true`) {
				t.Errorf("%s: the member was logged out", c.name)
			}
		}
	}
}

// Ten paced wrong guesses by a stranger lock the account, but not out of
// the owner's known device; the throttle holds for everyone else.
func TestKnownDeviceSurvivesAStrangersLock(t *testing.T) {
	ts := newMemberServer(t)
	owner := ts.browser()
	owner.remote = "198.51.100.10:1000"
	w, _ := login(t, owner, "demo", "member@example.com", "demo1234")
	wantCode(t, w, 200, 0)
	dc := owner.cookies[cookieDevice]
	if dc == nil || !dc.HttpOnly || dc.Path != "/api/session/" || dc.MaxAge < 300*24*3600 || dc.SameSite != http.SameSiteStrictMode {
		t.Fatalf("device cookie = %+v", dc)
	}
	if strings.Contains(dc.Value, "member") {
		t.Fatal("the device cookie names the e-mail")
	}
	stranger := ts.browser()
	stranger.remote = "203.0.113.66:1000"
	for i := 0; i < rules.AccountLimits.LockAfter; i++ {
		ts.clock.Add(rules.AccountLimits.MaxDelay)
		w, _ := login(t, stranger, "demo", "member@example.com", fmt.Sprintf("guess-%d", i))
		wantCode(t, w, 401, data.CodeWrongPassword)
	}
	ts.clock.Add(time.Minute)
	tampered := *dc
	tampered.Value = strings.Replace(dc.Value, "1.", "1.x", 1)
	foreign := ts.browser()
	login(t, foreign, "yoga", "member@example.com", "demo1234") // a device of another account
	cases := []struct {
		name   string
		b      *browser
		device *http.Cookie
		status int
	}{
		{"the stranger, right password", stranger, nil, 429},
		{"a new browser of the owner", ts.browser(), nil, 429},
		{"a forged device cookie", ts.browser(), &tampered, 429},
		{"another account's device", foreign, nil, 429},
		{"the owner's known device", owner, nil, 200},
	}
	for _, c := range cases {
		if c.device != nil {
			c.b.cookies[cookieDevice] = c.device
		}
		w, _ := login(t, c.b, "demo", "member@example.com", "demo1234")
		if w.Code != c.status {
			t.Errorf("%s: %d; want %d", c.name, w.Code, c.status)
		}
	}
	// the known device's own wrong guesses lock it
	for i := 0; i < rules.AccountLimits.LockAfter; i++ {
		ts.clock.Add(rules.AccountLimits.MaxDelay)
		w, _ := login(t, owner, "demo", "member@example.com", fmt.Sprintf("oops-%d", i))
		wantCode(t, w, 401, data.CodeWrongPassword)
	}
	ts.clock.Add(time.Minute)
	w, _ = login(t, owner, "demo", "member@example.com", "demo1234")
	wantCode(t, w, 429, data.CodeTooManyAttempts)
	// a year later the device is forgotten
	ts.clock.Add(deviceTTL)
	if ts.knownDevice(requestWith(owner.cookies[cookieDevice]), "demo", "member@example.com") != "" {
		t.Error("a device cookie older than a year still counts")
	}
}

func requestWith(c *http.Cookie) *http.Request {
	r, _ := http.NewRequest(http.MethodPost, "/api/session/login", nil)
	r.AddCookie(c)
	return r
}
