package host

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"storefront/data"
	"storefront/data/rules"
)

// Issue 10, defect 1: every absolute URL comes from a trusted origin, never
// from the request's Host or X-Forwarded-* headers.
func TestMailedLinksUseTheTrustedOrigin(t *testing.T) {
	ts := newMemberServer(t)
	spoof := []string{"Host", "evil.example", "X-Forwarded-Host", "evil.example", "X-Forwarded-Proto", "https"}
	cases := []struct {
		name   string
		call   func(b *browser) int // the answer's status
		to     string
		want   string // the link's start
		header []string
	}{
		{"reset from a spoofed host", func(b *browser) int {
			return b.post(t, "/api/session/forgotPassword", map[string]any{"brandId": "demo", "email": "member@example.com"}, spoof...).Code
		}, "member@example.com", "http://example.com/demo/verify/email?", spoof},
		{"verification from a spoofed host", func(b *browser) int {
			return b.post(t, "/api/session/register", demoRegistration("eve@example.com"), spoof...).Code
		}, "eve@example.com", "http://example.com/demo/verify/email?", spoof},
		{"reset on the brand's custom domain, any port", func(b *browser) int {
			return b.post(t, "/api/session/forgotPassword", map[string]any{"brandId": "demo", "email": "member@example.com"}, "Host", "fit.demo.test:6666").Code
		}, "member@example.com", "https://fit.demo.test/verify/email?", nil},
		{"reset for a brand with a custom domain, asked on the shared host", func(b *browser) int {
			return b.post(t, "/api/session/forgotPassword", map[string]any{"brandId": "demo", "email": "member@example.com"}, "Host", "production.evil.example").Code
		}, "member@example.com", "https://fit.demo.test/verify/email?", nil},
	}
	seen := 0
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			ts.clock.Add(10 * 60e9) // past the resend wait
			if got := c.call(ts.browser()); got != http.StatusOK {
				t.Fatalf("status %d", got)
			}
			m, ok := ts.box.Wait(c.to, seen, 5e9)
			if !ok {
				t.Fatal("no mail")
			}
			seen = m.ID
			link := linkPattern.FindString(m.Text)
			if !strings.HasPrefix(link, c.want) {
				t.Errorf("link %q; want it under %q", link, c.want)
			}
			for _, part := range []string{m.Text, m.HTML} {
				if strings.Contains(part, "evil.example") || strings.Contains(part, ":6666") {
					t.Errorf("the mail echoes the request's host:\n%s", part)
				}
			}
		})
	}
}

func TestPagesAndSitemapsUseTheTrustedOrigin(t *testing.T) {
	ts := newTestServer(t, func(d *Deps) { d.Config.PageCache = false })
	spoof := []string{"Host", "evil.example:8443", "X-Forwarded-Host", "evil.example", "X-Forwarded-Proto", "https"}
	cases := []struct {
		name, path string
		header     []string
		want       []string
	}{
		{"brand home", "/demo", spoof, []string{`<link rel="canonical" href="http://example.com/demo"/>`, `<meta property="og:url" content="http://example.com/demo"/>`}},
		{"robots.txt", "/robots.txt", spoof, []string{"Sitemap: http://example.com/sitemap.xml"}},
		{"sitemap index", "/sitemap.xml", spoof, []string{"<loc>http://example.com/yoga/sitemap.xml</loc>"}},
		{"brand sitemap", "/yoga/sitemap.xml", spoof, []string{"<loc>http://example.com/yoga</loc>"}},
		{"custom domain on another port", "/", []string{"Host", "fit.demo.test:6666"}, []string{`<link rel="canonical" href="https://fit.demo.test/"/>`}},
		{"custom domain robots.txt", "/robots.txt", []string{"Host", "FIT.demo.test."}, []string{"Sitemap: https://fit.demo.test/sitemap.xml"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			w := ts.get(t, c.path, c.header...)
			body := decode(t, w, w.Body.Bytes())
			if w.Code != 200 {
				t.Fatalf("status %d", w.Code)
			}
			for _, want := range c.want {
				if !strings.Contains(body, want) {
					t.Errorf("missing %s", want)
				}
			}
			for _, bad := range []string{"evil.example", ":6666", "https://example.com"} {
				if strings.Contains(body, bad) {
					t.Errorf("the answer echoes %q", bad)
				}
			}
		})
	}
}

func TestPublicOriginConfig(t *testing.T) {
	cases := []struct {
		env, port, raw, want string
		bad                  bool
	}{
		{"dev", "8080", "", "http://localhost:8080", false},
		{"dev", "9000", "", "http://localhost:9000", false},
		{"production", "8080", "", "", true},
		{"staging", "8080", "", "", true},
		{"production", "8080", "https://Shop.Example.com/", "https://shop.example.com", false},
		{"production", "8080", "http://127.0.0.1:8080", "http://127.0.0.1:8080", false},
		{"production", "8080", "shop.example.com", "", true},
		{"production", "8080", "ftp://shop.example.com", "", true},
		{"production", "8080", "https://shop.example.com/shop", "", true},
		{"production", "8080", "https://user:pw@shop.example.com", "", true},
		{"production", "8080", "https://shop.example.com/?a=1", "", true},
		{"production", "8080", "//shop.example.com", "", true},
	}
	for _, c := range cases {
		env := map[string]string{"STOREFRONT_ENV": c.env, "PORT": c.port, "STOREFRONT_PUBLIC_URL": c.raw}
		cfg, err := LoadConfig(func(k string) string { return env[k] })
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

// Issue 10, defect 3: a spoofed Host, port and X-Forwarded-Proto cannot
// poison the page cache; the next visitor gets the trusted origin.
func TestPageCacheIgnoresSpoofedOrigin(t *testing.T) {
	ts := newTestServer(t)
	poison := ts.get(t, "/demo", "Host", "127.0.0.1:6666", "X-Forwarded-Proto", "https", "X-Forwarded-Host", "127.0.0.1:6666")
	if poison.Code != 200 || poison.Header().Get("X-Page-Cache") != "" {
		t.Fatalf("poisoning request: %d, X-Page-Cache %q; want a fresh render", poison.Code, poison.Header().Get("X-Page-Cache"))
	}
	for _, w := range []struct {
		name   string
		header []string
	}{
		{"the poisoning request", nil},
		{"the next plain visitor", []string{}},
		{"a visitor on another unknown host", []string{"Host", "other.example"}},
	} {
		resp := poison
		if w.header != nil {
			resp = ts.get(t, "/demo", w.header...)
			if got := resp.Header().Get("X-Page-Cache"); got != "hit" {
				t.Errorf("%s: X-Page-Cache %q; want the one shared entry", w.name, got)
			}
		}
		body := decode(t, resp, resp.Body.Bytes())
		for _, want := range []string{`<link rel="canonical" href="http://example.com/demo"/>`, `<meta property="og:url" content="http://example.com/demo"/>`, `"url":"http://example.com/demo"`} {
			if !strings.Contains(body, want) {
				t.Errorf("%s: missing %s", w.name, want)
			}
		}
		if strings.Contains(body, "6666") || strings.Contains(body, "https://127.0.0.1") || strings.Contains(body, "other.example") {
			t.Errorf("%s: the page carries the spoofed origin", w.name)
		}
	}
}

// Issue 10, defect 4: forwarding headers are believed only from the
// configured proxies.
func TestClientAddressTrustsOnlyConfiguredProxies(t *testing.T) {
	proxies, err := parsePrefixes("10.0.0.0/8, 192.168.1.1, ::1/128")
	if err != nil {
		t.Fatal(err)
	}
	s := &Server{cfg: Config{TrustedProxies: proxies}}
	cases := []struct {
		name, peer, xff, proto string
		want                   string
		https                  bool
	}{
		{"no proxy, no header", "203.0.113.5:1234", "", "", "203.0.113.5", false},
		{"untrusted peer's header is ignored", "203.0.113.5:1234", "198.51.100.7", "https", "203.0.113.5", false},
		{"trusted proxy names the client", "10.1.2.3:1234", "198.51.100.7", "https", "198.51.100.7", true},
		{"rightmost untrusted hop wins", "10.1.2.3:1234", "1.1.1.1, 198.51.100.7, 10.9.9.9", "", "198.51.100.7", false},
		{"a chain of trusted proxies", "10.1.2.3:1234", "198.51.100.7, 192.168.1.1", "http", "198.51.100.7", false},
		{"a malformed hop stops at the proxy", "10.1.2.3:1234", "1.1.1.1, nonsense", "", "10.1.2.3", false},
		{"IPv6 loopback proxy", "[::1]:1234", "2001:db8::1", "", "2001:db8::1", false},
		{"IPv4-mapped peer", "[::ffff:10.0.0.1]:1234", "198.51.100.7", "", "198.51.100.7", false},
		{"trusted proxy without a header", "10.1.2.3:1234", "", "", "10.1.2.3", false},
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
	if _, err := LoadConfig(func(k string) string {
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
	tp.cfg.TrustedProxies, _ = parsePrefixes("203.0.113.20/32")
	p := tp.browser()
	p.remote = "203.0.113.20:5000"
	for i := 0; i < rules.AddressLimits.LockAfter+2; i++ {
		tp.clock.Add(rules.AddressLimits.MaxDelay)
		w, _ := login(t, p, "demo", fmt.Sprintf("guess%d@example.com", i), "x", "X-Forwarded-For", fmt.Sprintf("198.51.100.%d", i+1))
		wantCode(t, w, 401, data.CodeWrongPassword)
	}
}

// The Secure flag follows the trusted origin, not X-Forwarded-Proto.
func TestSecureCookiesFollowTheOrigin(t *testing.T) {
	ts := newMemberServer(t)
	cases := []struct {
		name   string
		origin string
		header []string
		secure bool
	}{
		{"http origin, spoofed https", "http://example.com", []string{"X-Forwarded-Proto", "https"}, false},
		{"https origin", "https://shop.example.com", nil, true},
		{"custom domain", "http://example.com", []string{"Host", "fit.demo.test"}, true},
	}
	for _, c := range cases {
		ts.cfg.PublicURL = c.origin
		w, _ := login(t, ts.browser(), "demo", "member@example.com", "demo1234", c.header...)
		if w.Code != 200 {
			t.Fatalf("%s: login %d", c.name, w.Code)
		}
		for _, ck := range w.Result().Cookies() {
			if ck.Secure != c.secure {
				t.Errorf("%s: cookie %s Secure %v; want %v", c.name, ck.Name, ck.Secure, c.secure)
			}
		}
	}
}
