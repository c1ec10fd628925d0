package host

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"storefront"
	"strings"
	"testing"

	"storefront/host/config"
	"storefront/rules"
)

// TestMailedLinksUseTheTrustedOrigin: every absolute URL comes from a trusted origin, never
// from the request's Host or X-Forwarded-* headers.
func TestMailedLinksUseTheTrustedOrigin(t *testing.T) {
	ts := newMemberServer(t)
	spoof := []string{"Host", "evil.example", "X-Forwarded-Host", "evil.example", "X-Forwarded-Proto", "https"}
	m := &mails{ts: ts}
	reset := map[string]any{"brandId": "demo", "email": "member@example.com"}
	for _, sc := range []scenario{
		{Name: "reset from a spoofed host", Method: http.MethodPost, Path: "/api/session/forgotPassword", Body: reset, Header: spoof,
			Status: http.StatusOK, Check: m.linkUnder("member@example.com", "http://example.com/demo/verify/email?")},
		{Name: "verification from a spoofed host", Method: http.MethodPost, Path: "/api/session/register", Body: demoRegistration("eve@example.com"), Header: spoof,
			Status: http.StatusOK, Check: m.linkUnder("eve@example.com", "http://example.com/demo/verify/email?")},
		// the configured environment (dev) chooses, not the domain's (production) or a host's name
		{Name: "reset on a custom domain of another environment, any port", Method: http.MethodPost, Path: "/api/session/forgotPassword", Body: reset, Header: []string{"Host", "fit.demo.test:6666"},
			Status: http.StatusOK, Check: m.linkUnder("member@example.com", "http://example.com/demo/verify/email?")},
		{Name: "reset asked on a host naming another environment", Method: http.MethodPost, Path: "/api/session/forgotPassword", Body: reset, Header: []string{"Host", "production.evil.example"},
			Status: http.StatusOK, Check: m.linkUnder("member@example.com", "http://example.com/demo/verify/email?")},
	} {
		ts.clock.Add(10 * 60e9) // past the resend wait
		runScenarios(t, ts.browser(), []scenario{sc})
	}
}

// TestMailedLinksUseTheConfiguredEnvironment: on a
// production host of a brand that also has a staging domain, a reset asked
// with Host staging.attacker.example, a listed staging host or the staging
// domain itself mails the production link. A host name chooses only the
// 301 of a brand-prefixed page, and only a name STOREFRONT_ENV_HOSTS lists.
func TestMailedLinksUseTheConfiguredEnvironment(t *testing.T) {
	ts := newMemberServer(t, withEnv("production"), func(d *Deps) { d.Config.EnvHosts = map[string]string{"staging.example.com": "staging"} })
	if _, err := ts.db.Pool.Exec(context.Background(), `insert into brand_domains (host, brand_id, env) values ('staging.fit.demo.test', 'demo', 'staging')`); err != nil {
		t.Fatal(err)
	}
	ts.BrandChanged(context.Background(), "demo")
	m := &mails{ts: ts}
	reset := map[string]any{"brandId": "demo", "email": "member@example.com"}
	for _, sc := range []scenario{
		{Name: "reset asked with a staging-looking host", Method: http.MethodPost, Path: "/api/session/forgotPassword", Body: reset, Header: []string{"Host", "staging.attacker.example"},
			Status: http.StatusOK, Check: m.linkUnder("member@example.com", "https://fit.demo.test/verify/email?", "staging")},
		{Name: "reset asked on a listed staging host", Method: http.MethodPost, Path: "/api/session/forgotPassword", Body: reset, Header: []string{"Host", "staging.example.com"},
			Status: http.StatusOK, Check: m.linkUnder("member@example.com", "https://fit.demo.test/verify/email?", "staging")},
		{Name: "reset asked on the staging domain", Method: http.MethodPost, Path: "/api/session/forgotPassword", Body: reset, Header: []string{"Host", "staging.fit.demo.test"},
			Status: http.StatusOK, Check: m.linkUnder("member@example.com", "https://fit.demo.test/verify/email?", "staging")},
	} {
		ts.clock.Add(10 * 60e9) // past the resend wait
		runScenarios(t, ts.browser(), []scenario{sc})
	}
	runScenarios(t, ts, []scenario{
		{Name: "a staging-looking host: the configured environment's domain", Path: "/demo/activitys?x=1", Header: []string{"Host", "staging.attacker.example"},
			Status: http.StatusMovedPermanently, Location: "https://fit.demo.test/activitys?x=1"},
		{Name: "a listed staging host: the staging domain", Path: "/demo/activitys?x=1", Header: []string{"Host", "staging.example.com"},
			Status: http.StatusMovedPermanently, Location: "https://staging.fit.demo.test/activitys?x=1"},
	})
}

// mails reads a member server's mailbox in order.
type mails struct {
	ts   *memberServer
	seen int
}

// linkUnder checks that the next mail to to links under want and carries
// none of absent, nor a host or port of the request.
func (m *mails) linkUnder(to, want string, absent ...string) func(*testing.T, *httptest.ResponseRecorder) {
	return func(t *testing.T, w *httptest.ResponseRecorder) {
		got, ok := m.ts.box.Wait(to, m.seen, 5e9)
		if !ok {
			t.Fatal("no mail")
		}
		m.seen = got.ID
		if link := linkPattern.FindString(got.Text); !strings.HasPrefix(link, want) {
			t.Errorf("link %q; want it under %q", link, want)
		}
		for _, part := range []string{got.Text, got.HTML} {
			for _, a := range append([]string{"evil.example", "attacker.example", ":6666"}, absent...) {
				if strings.Contains(part, a) {
					t.Errorf("the mail carries %q:\n%s", a, part)
				}
			}
		}
	}
}

func TestPagesAndSitemapsUseTheTrustedOrigin(t *testing.T) {
	ts := newTestServer(t, func(d *Deps) { d.Config.PageCache = false })
	spoof := []string{"Host", "evil.example:8443", "X-Forwarded-Host", "evil.example", "X-Forwarded-Proto", "https"}
	echoes := []string{"evil.example", ":6666", "https://example.com"}
	runScenarios(t, ts, []scenario{
		{Name: "brand home", Path: "/demo", Header: spoof, Status: 200, Absent: echoes,
			Contains: []string{`<link rel="canonical" href="http://example.com/demo"/>`, `<meta property="og:url" content="http://example.com/demo"/>`}},
		{Name: "robots.txt", Path: "/robots.txt", Header: spoof, Status: 200, Absent: echoes, Contains: []string{"Sitemap: http://example.com/sitemap.xml"}},
		{Name: "sitemap index", Path: "/sitemap.xml", Header: spoof, Status: 200, Absent: echoes, Contains: []string{"<loc>http://example.com/yoga/sitemap.xml</loc>"}},
		{Name: "brand sitemap", Path: "/yoga/sitemap.xml", Header: spoof, Status: 200, Absent: echoes, Contains: []string{"<loc>http://example.com/yoga</loc>"}},
		{Name: "custom domain on another port", Path: "/", Header: []string{"Host", "fit.demo.test:6666"}, Status: 200, Absent: echoes,
			Contains: []string{`<link rel="canonical" href="https://fit.demo.test/"/>`}},
		{Name: "custom domain robots.txt", Path: "/robots.txt", Header: []string{"Host", "FIT.demo.test."}, Status: 200, Absent: echoes,
			Contains: []string{"Sitemap: https://fit.demo.test/sitemap.xml"}},
	})
}

func TestPublicOriginConfig(t *testing.T) {
	cases := []struct {
		env, port, raw, want string
		bad                  bool
	}{
		{env: "dev", port: "8080", raw: "", want: "http://localhost:8080", bad: false},
		{env: "dev", port: "9000", raw: "", want: "http://localhost:9000", bad: false},
		{env: "production", port: "8080", raw: "", want: "", bad: true},
		{env: "staging", port: "8080", raw: "", want: "", bad: true},
		{env: "production", port: "8080", raw: "https://Shop.Example.com/", want: "https://shop.example.com", bad: false},
		{env: "production", port: "8080", raw: "http://127.0.0.1:8080", want: "http://127.0.0.1:8080", bad: false},
		{env: "production", port: "8080", raw: "shop.example.com", want: "", bad: true},
		{env: "production", port: "8080", raw: "ftp://shop.example.com", want: "", bad: true},
		{env: "production", port: "8080", raw: "https://shop.example.com/shop", want: "", bad: true},
		{env: "production", port: "8080", raw: "https://user:pw@shop.example.com", want: "", bad: true},
		{env: "production", port: "8080", raw: "https://shop.example.com/?a=1", want: "", bad: true},
		{env: "production", port: "8080", raw: "//shop.example.com", want: "", bad: true},
	}
	for _, c := range cases {
		env := map[string]string{"STOREFRONT_ENV": c.env, "PORT": c.port, "STOREFRONT_PUBLIC_URL": c.raw,
			"STOREFRONT_MEMBER_KEY": "BAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQ="} // required outside dev
		cfg, err := config.Load(func(k string) string { return env[k] })
		if c.bad {
			if err == nil || !strings.Contains(err.Error(), "STOREFRONT_PUBLIC_URL") {
				t.Errorf("%s %q: err %v; want one naming STOREFRONT_PUBLIC_URL", c.env, c.raw, err)
			}
			continue
		}
		if err != nil || cfg.PublicURL != c.want {
			t.Errorf("%s %q: %q, %v; want %q", c.env, c.raw, cfg.PublicURL, err, c.want)
		}
	}
}

// TestPageCacheIgnoresSpoofedOrigin: a spoofed Host, port and X-Forwarded-Proto cannot
// poison the page cache; the next visitor gets the trusted origin.
func TestPageCacheIgnoresSpoofedOrigin(t *testing.T) {
	ts := newTestServer(t)
	trusted := []string{`<link rel="canonical" href="http://example.com/demo"/>`, `<meta property="og:url" content="http://example.com/demo"/>`, `"url":"http://example.com/demo"`}
	spoofed := []string{"6666", "https://127.0.0.1", "other.example"}
	runScenarios(t, ts, []scenario{
		{Name: "the poisoning request", Path: "/demo", Header: []string{"Host", "127.0.0.1:6666", "X-Forwarded-Proto", "https", "X-Forwarded-Host", "127.0.0.1:6666"},
			Status: 200, WantHeader: []string{"X-Page-Cache", ""}, Contains: trusted, Absent: spoofed},
		{Name: "the next plain visitor", Path: "/demo", WantHeader: []string{"X-Page-Cache", "hit"}, Contains: trusted, Absent: spoofed},
		{Name: "a visitor on another unknown host", Path: "/demo", Header: []string{"Host", "other.example"}, WantHeader: []string{"X-Page-Cache", "hit"}, Contains: trusted, Absent: spoofed},
	})
}

// TestClientAddressTrustsOnlyConfiguredProxies: forwarding headers are believed only from the
// configured proxies.
func TestClientAddressTrustsOnlyConfiguredProxies(t *testing.T) {
	proxies, err := config.ParsePrefixes("10.0.0.0/8, 192.168.1.1, ::1/128")
	if err != nil {
		t.Fatal(err)
	}
	s := &Server{cfg: config.Config{TrustedProxies: proxies}}
	cases := []struct {
		name, peer, xff, proto string
		want                   string
		https                  bool
	}{
		{name: "no proxy, no header", peer: "203.0.113.5:1234", xff: "", proto: "", want: "203.0.113.5", https: false},
		{name: "untrusted peer's header is ignored", peer: "203.0.113.5:1234", xff: "198.51.100.7", proto: "https", want: "203.0.113.5", https: false},
		{name: "trusted proxy names the client", peer: "10.1.2.3:1234", xff: "198.51.100.7", proto: "https", want: "198.51.100.7", https: true},
		{name: "rightmost untrusted hop wins", peer: "10.1.2.3:1234", xff: "1.1.1.1, 198.51.100.7, 10.9.9.9", proto: "", want: "198.51.100.7", https: false},
		{name: "a chain of trusted proxies", peer: "10.1.2.3:1234", xff: "198.51.100.7, 192.168.1.1", proto: "http", want: "198.51.100.7", https: false},
		{name: "a malformed hop stops at the proxy", peer: "10.1.2.3:1234", xff: "1.1.1.1, nonsense", proto: "", want: "10.1.2.3", https: false},
		{name: "IPv6 loopback proxy", peer: "[::1]:1234", xff: "2001:db8::1", proto: "", want: "2001:db8::1", https: false},
		{name: "IPv4-mapped peer", peer: "[::ffff:10.0.0.1]:1234", xff: "198.51.100.7", proto: "", want: "198.51.100.7", https: false},
		{name: "trusted proxy without a header", peer: "10.1.2.3:1234", xff: "", proto: "", want: "10.1.2.3", https: false},
	}
	for _, c := range cases {
		r, _ := http.NewRequest(http.MethodGet, "/", nil)
		r.RemoteAddr = c.peer
		if c.xff != "" {
			r.Header.Set("X-Forwarded-For", c.xff)
		}
		if c.proto != "" {
			r.Header.Set("X-Forwarded-Proto", c.proto)
		}
		if got := s.clientAddress(r); got != c.want {
			t.Errorf("%s: client %q; want %q", c.name, got, c.want)
		}
		if got := s.viaHTTPS(r); got != c.https {
			t.Errorf("%s: https %v; want %v", c.name, got, c.https)
		}
	}
	if _, err := config.Load(func(k string) string {
		return map[string]string{"STOREFRONT_TRUSTED_PROXIES": "10.0.0.0/33"}[k]
	}); err == nil || !strings.Contains(err.Error(), "STOREFRONT_TRUSTED_PROXIES") {
		t.Errorf("a bad CIDR: %v", err)
	}
}

func TestSpoofedForwardedForCannotDodgeTheThrottle(t *testing.T) {
	ts := newMemberServer(t)
	b := ts.browser()
	b.remote = "203.0.113.20:5000"
	limited := 0
	for i := 0; i < 80; i++ {
		ts.clock.Add(rules.AddressLimits.MaxDelay)
		w, _ := login(t, b, "demo", fmt.Sprintf("guess%d@example.com", i), "x", "X-Forwarded-For", fmt.Sprintf("198.51.%d.%d", i/250, i%250+1))
		if w.Code == http.StatusTooManyRequests {
			limited++
		}
	}
	if limited == 0 {
		t.Fatal("80 wrong logins with a fresh X-Forwarded-For each never met the address throttle")
	}
	// behind a trusted proxy, each client has its own count
	tp := newMemberServer(t)
	tp.cfg.TrustedProxies, _ = config.ParsePrefixes("203.0.113.20/32")
	p := tp.browser()
	p.remote = "203.0.113.20:5000"
	for i := 0; i < rules.AddressLimits.LockAfter+2; i++ {
		tp.clock.Add(rules.AddressLimits.MaxDelay)
		w, _ := login(t, p, "demo", fmt.Sprintf("guess%d@example.com", i), "x", "X-Forwarded-For", fmt.Sprintf("198.51.100.%d", i+1))
		wantCode(t, w, 401, storefront.CodeWrongPassword)
	}
}

// The Secure flag follows the trusted origin, not X-Forwarded-Proto.
func TestSecureCookiesFollowTheOrigin(t *testing.T) {
	ts := newMemberServer(t)
	// secure: every cookie of the login has the Secure flag or not
	secure := func(want bool) func(*testing.T, *httptest.ResponseRecorder) {
		return func(t *testing.T, w *httptest.ResponseRecorder) {
			for _, ck := range w.Result().Cookies() {
				if ck.Secure != want {
					t.Errorf("cookie %s Secure %v; want %v", ck.Name, ck.Secure, want)
				}
			}
		}
	}
	loginWith := func(name string, header []string, want bool) scenario {
		return scenario{Name: name, Method: http.MethodPost, Path: "/api/session/login", Header: header, Status: 200, Check: secure(want),
			Body: map[string]any{"brandId": "demo", "email": "member@example.com", "password": md5hex("demo1234")}}
	}
	ts.cfg.PublicURL = "http://example.com"
	runScenarios(t, ts, []scenario{
		loginWith("http origin, spoofed https", []string{"X-Forwarded-Proto", "https"}, false),
		loginWith("custom domain", []string{"Host", "fit.demo.test"}, true),
	})
	ts.cfg.PublicURL = "https://shop.example.com"
	runScenarios(t, ts, []scenario{loginWith("https origin", nil, true)})
}
