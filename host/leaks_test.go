package host

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"storefront"
	"strings"
	"testing"
	"time"

	"storefront/data/dbtest"
	"storefront/host/config"
	"storefront/rules"
)

// The smaller leaks and traps.

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
		{host: "smtp.example.com", tls: "none", ok: false},
		{host: "10.0.0.5", tls: "none", ok: false},
		{host: "localhost", tls: "none", ok: true},
		{host: "127.0.0.1", tls: "none", ok: true},
		{host: "::1", tls: "none", ok: true},
		{host: "relay.localhost", tls: "none", ok: true},
		{host: "smtp.example.com", tls: "starttls", ok: true},
		{host: "smtp.example.com", tls: "tls", ok: true},
	}
	for _, c := range cases {
		env := map[string]string{"SMTP_HOST": c.host, "SMTP_TLS": c.tls, "SMTP_USER": "u", "SMTP_PASSWORD": "pw"}
		_, err := config.Load(func(k string) string { return env[k] })
		if c.ok != (err == nil) || (err != nil && !strings.Contains(err.Error(), "SMTP_TLS")) {
			t.Errorf("SMTP_HOST=%s SMTP_TLS=%s: %v", c.host, c.tls, err)
		}
	}
}

func TestLoginKeepsTheSessionIDOutOfScriptReach(t *testing.T) {
	ts := newMemberServer(t)
	idInBody := func(t *testing.T, w *httptest.ResponseRecorder) (any, bool) {
		t.Helper()
		var res map[string]any
		wantCode(t, w, 200, 0)
		apiResult(t, w, &res)
		id, has := res["sessionId"]
		return id, has
	}
	// client logs in and changes the password (which starts a new session)
	// from a client that says it is from from; only the native app finds
	// the session id in the body
	client := func(name string, from any, want bool) {
		t.Run(name, func(t *testing.T) {
			b := ts.browser()
			runScenarios(t, b, []scenario{
				{Name: "login", Method: http.MethodPost, Path: "/api/session/login", Status: 200,
					Body: with(map[string]any{"brandId": "demo", "email": "member@example.com", "password": md5hex("demo1234")}, "from", from),
					Check: func(t *testing.T, w *httptest.ResponseRecorder) {
						id, has := idInBody(t, w)
						cookie := b.cookies[cookieSession]
						if cookie == nil || !cookie.HttpOnly {
							t.Fatal("no HttpOnly session cookie")
						}
						if has != want || (has && id != cookie.Value) {
							t.Errorf("body sessionId %v; want it %v", id, want)
						}
					}},
				{Name: "change password", Method: http.MethodPost, Path: "/api/session/changePassword", Status: 200,
					Body: with(map[string]any{"brandId": "demo", "oldPassword": md5hex("demo1234"), "newPassword": md5hex("demo1234")}, "from", from),
					Check: func(t *testing.T, w *httptest.ResponseRecorder) {
						if _, has := idInBody(t, w); has != want {
							t.Errorf("change password answer has sessionId %v; want %v", has, want)
						}
					}},
			})
		})
	}
	client("the web app", nil, false)
	client("another from", "web", false)
	client("the native app", "app", true)
}

func TestCrossSiteGetKeepsTheMembersCookies(t *testing.T) {
	ts := newMemberServer(t)
	var b *browser // the logged-in member's browser of the current case
	// member logs in with a browser of its own and runs runs through it
	member := func(name string, runs ...scenario) {
		t.Run(name, func(t *testing.T) {
			b = ts.browser()
			login(t, b, "demo", "member@example.com", "demo1234")
			runScenarios(t, b, runs)
		})
	}
	// call: a navigation from site to another member's info is refused;
	// the member's cookies are cleared or not
	call := func(path, site string, cleared bool) scenario {
		return scenario{Name: "the call", Path: path, Header: []string{"Sec-Fetch-Site", site, "Sec-Fetch-Mode", "navigate"}, Status: 403,
			Check: func(t *testing.T, w *httptest.ResponseRecorder) {
				if got := b.cookies[cookieSession] == nil; got != cleared {
					t.Errorf("cookies cleared %v; want %v", got, cleared)
				}
			}}
	}
	stillIn := scenario{Name: "the member is still logged in", Path: "/api/session/auth/status?brandId=demo", Contains: []string{`"loggedIn":true`}}
	info := "/api/user/userInfo?brandId=demo&userId=999999"
	member("a link from another site to another member's info", call(info, "cross-site", false), stillIn)
	member("the same from a sibling site", call("/api/v3/webUser/brand/demo/user/999999", "same-site", false), stillIn)
	member("the shop's own call", call(info, "same-origin", true))
	member("a client that is not a browser", call(info, "", true))
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
		wantCode(t, w, 401, storefront.CodeWrongPassword)
	}
	ts.clock.Add(time.Minute)
	tampered := *dc
	tampered.Value = strings.Replace(dc.Value, "1.", "1.x", 1)
	foreign := ts.browser()
	login(t, foreign, "yoga", "member@example.com", "demo1234") // a device of another account
	forged := ts.browser()
	forged.cookies[cookieDevice] = &tampered
	// rightPassword: the owner's password from a browser answers status
	rightPassword := func(name string, status int) []scenario {
		return []scenario{{Name: name, Method: http.MethodPost, Path: "/api/session/login", Status: status,
			Body: map[string]any{"brandId": "demo", "email": "member@example.com", "password": md5hex("demo1234")}}}
	}
	runScenarios(t, stranger, rightPassword("the stranger, right password", 429))
	runScenarios(t, ts.browser(), rightPassword("a new browser of the owner", 429))
	runScenarios(t, forged, rightPassword("a forged device cookie", 429))
	runScenarios(t, foreign, rightPassword("another account's device", 429))
	runScenarios(t, owner, rightPassword("the owner's known device", 200))
	// the known device's own wrong guesses lock it
	for i := 0; i < rules.AccountLimits.LockAfter; i++ {
		ts.clock.Add(rules.AccountLimits.MaxDelay)
		w, _ := login(t, owner, "demo", "member@example.com", fmt.Sprintf("oops-%d", i))
		wantCode(t, w, 401, storefront.CodeWrongPassword)
	}
	ts.clock.Add(time.Minute)
	w, _ = login(t, owner, "demo", "member@example.com", "demo1234")
	wantCode(t, w, 429, storefront.CodeTooManyAttempts)
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
