package host

import (
	"net/http/httptest"
	"regexp"
	"storefront/host/config"
	"strings"
	"testing"
)

var (
	noncePattern  = regexp.MustCompile(`'nonce-([A-Za-z0-9_-]+)'`)
	inlineStyle   = regexp.MustCompile(`<style[^>]*>([^<]*)</style>`)
	scriptElement = regexp.MustCompile(`<script([^>]*)>`)
)

// TestSecurityHeaders: one middleware sets the security headers; every
// inline style and script of a page is admitted by the response's own
// policy, fresh or from the page cache; a fresh render's policy admits a
// nonce of its own, never seen before, and an answer without inline
// elements of its own (a cached page, the API, an asset) admits none.
func TestSecurityHeaders(t *testing.T) {
	ts := newTestServer(t)
	if h := hashSource(nil); h != emptyStyleSource {
		t.Fatalf("hash of the empty style = %s, not %s", h, emptyStyleSource)
	}
	nonces := map[string]bool{}
	// policed: the headers of every answer, a fresh nonce on a fresh
	// render, none on the others; on a page, every inline style and script
	// admitted by this answer's policy
	policed := func(page bool) func(*testing.T, *httptest.ResponseRecorder) {
		return func(t *testing.T, w *httptest.ResponseRecorder) {
			h := w.Header()
			csp, fresh := h.Get("Content-Security-Policy"), h.Get("X-Page-Cache") == ""
			for _, want := range []string{"frame-ancestors 'none'", "default-src 'self'", "script-src 'self'", "object-src 'none'"} {
				if !strings.Contains(csp, want) {
					t.Errorf("CSP %q lacks %s", csp, want)
				}
			}
			if h.Get("X-Content-Type-Options") != "nosniff" || h.Get("Referrer-Policy") != "strict-origin-when-cross-origin" {
				t.Errorf("headers %v", h)
			}
			if h.Get("Strict-Transport-Security") != "" {
				t.Error("HSTS outside production")
			}
			m := noncePattern.FindStringSubmatch(csp)
			if rendered := page && fresh; rendered != (m != nil) {
				t.Fatalf("a nonce in the CSP of a fresh render only: %s", csp)
			}
			if m == nil {
				m = []string{"", "(none)"}
			} else if nonces[m[1]] {
				t.Errorf("nonce %s used twice", m[1])
			}
			nonces[m[1]] = true
			if !page {
				return
			}
			body := decode(t, w, w.Body.Bytes())
			for _, d := range strings.Split(csp, ";") {
				if d = strings.TrimSpace(d); (strings.HasPrefix(d, "style-src ") || strings.HasPrefix(d, "script-src ")) && strings.Contains(d, "'unsafe-inline'") {
					t.Errorf("%s allows every inline element", d)
				}
			}
			// every <style> element: by this response's nonce, or by its hash
			styles := inlineStyle.FindAllStringSubmatch(body, -1)
			if len(styles) == 0 {
				t.Fatal("no server-rendered style")
			}
			for _, st := range styles {
				if !strings.Contains(st[0], `nonce="`+m[1]+`"`) && !strings.Contains(csp, hashSource([]byte(st[1]))) {
					t.Errorf("style %.60q admitted by neither nonce nor hash", st[0])
				}
			}
			// every script runs from this origin or is a data block
			for _, sc := range scriptElement.FindAllStringSubmatch(body, -1) {
				attrs := sc[1]
				if !strings.Contains(attrs, ` src="/`) && !strings.Contains(attrs, `type="application/json"`) && !strings.Contains(attrs, `type="application/ld+json"`) {
					t.Errorf("inline script %q", sc[0])
				}
			}
			if fresh && !strings.Contains(body, `<script id="__PROPS__" type="application/json" nonce="`+m[1]+`">`) {
				t.Error("the props script lacks the response's nonce")
			}
			if fresh && !regexp.MustCompile(`<script type="module" src="[^"]+"[^>]* nonce="`+m[1]+`">`).MatchString(body) {
				t.Error("the entry script lacks the response's nonce")
			}
			if strings.Contains(body, " onload=") {
				t.Error("an inline event handler, which the policy refuses")
			}
		}
	}
	page, other := policed(true), policed(false)
	runScenarios(t, ts, []scenario{
		{Name: "fresh page", Path: "/demo", WantHeader: []string{"X-Page-Cache", ""}, Check: page},
		{Name: "cached page", Path: "/demo", WantHeader: []string{"X-Page-Cache", "hit"}, Check: page},
		{Name: "cached page again", Path: "/demo", WantHeader: []string{"X-Page-Cache", "hit"}, Check: page},
		{Name: "uncached page", Path: "/demo/search/result?keyword=a", WantHeader: []string{"X-Page-Cache", ""}, Check: page},
		{Name: "error page", Path: "/demo/nothing-here", WantHeader: []string{"X-Page-Cache", ""}, Check: page},
		{Name: "API", Path: "/api/brand/demo/stores", WantHeader: []string{"X-Page-Cache", ""}, Check: other},
		{Name: "asset", Path: "/robots.txt", WantHeader: []string{"X-Page-Cache", ""}, Check: other},
	})
}

func TestHSTSInProductionOverHTTPS(t *testing.T) {
	ts := newTestServer(t, withEnv("production"), func(d *Deps) {
		d.Config.PublicURL = "https://shop.example.com"
		d.Config.TrustedProxies, _ = config.ParsePrefixes("192.0.2.0/24") // httptest's peer
	})
	runScenarios(t, ts, []scenario{
		{Name: "behind a trusted TLS proxy", Path: "/healthz", Header: []string{"X-Forwarded-Proto", "https"}, WantHeader: []string{"Strict-Transport-Security", "max-age=31536000"}},
		{Name: "over plain http", Path: "/healthz", WantHeader: []string{"Strict-Transport-Security", ""}},
	})
	ts.cfg.TrustedProxies = nil
	runScenarios(t, ts, []scenario{
		{Name: "an untrusted X-Forwarded-Proto", Path: "/healthz", Header: []string{"X-Forwarded-Proto", "https"}, WantHeader: []string{"Strict-Transport-Security", ""}},
	})
}
