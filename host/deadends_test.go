package host

import (
	"encoding/json"
	"net/http"
	"net/url"
	"storefront/host/wire"
	"strings"
	"testing"
)

// demoBrands are the demo's brands, one of each shape (README).
var demoBrands = []string{"demo", "yoga", "plan", "term", "noshop", "closed"}

// samplePath is a path under a brand that rt matches: every parameter
// filled with a value its Where accepts.
func samplePath(rt *route) string {
	var segs []string
	for _, p := range strings.Split(rt.Pattern, "/") {
		switch {
		case p == "{itemType}" || p == "{product}-payment":
			p = strings.NewReplacer("{itemType}", "passcard", "{product}", "passcard").Replace(p)
		case strings.HasPrefix(p, "{"):
			p = "1"
		}
		segs = append(segs, p)
	}
	return "/" + strings.Join(segs, "/")
}

// follow sends target and follows the redirects of ours; it returns the
// answers' statuses and the last answer and its target.
func follow(t *testing.T, ts *testServer, target string) (hops []string, last string, status int) {
	t.Helper()
	for range 5 {
		w := ts.get(t, target)
		hops = append(hops, target+" "+http.StatusText(w.Code))
		loc := w.Header().Get("Location")
		if w.Code < 300 || w.Code >= 400 || !strings.HasPrefix(loc, "/") {
			return hops, target, w.Code
		}
		target = loc
	}
	t.Fatalf("%s: too many redirects: %v", target, hops)
	return
}

// TestNoRedirectOfOursLeadsToA404: on every demo brand, a visitor without a
// login who asks for any member page is sent to a page the brand has, with
// the login prompt (login=) still on it; a redirect of ours never ends on a
// 404 (issue 30: the term-only brand was sent to its 404 brand home, the
// plan-only brand lost login= to brand home's type=plan redirect).
func TestNoRedirectOfOursLeadsToA404(t *testing.T) {
	ts := newTestServer(t)
	for _, b := range demoBrands {
		for _, rt := range pageRoutes {
			if !rt.Member {
				continue
			}
			p := "/" + b + samplePath(rt)
			if got, _ := matchRoute(samplePath(rt)); got != rt {
				t.Fatalf("%s matches %v, not %s", p, got, rt.Name)
			}
			hops, last, status := follow(t, ts, p)
			if len(hops) == 1 {
				continue // the page itself answered (the brand does not have it: 404)
			}
			if status != http.StatusOK {
				t.Errorf("%s: a redirect of ours ends on %d: %v", p, status, hops)
				continue
			}
			u, _ := url.Parse(last)
			if asked := u.Query().Get("login"); asked == "" || !strings.HasPrefix(asked, "/"+b+"/") {
				t.Errorf("%s: lands on %s without the login prompt for the page: %v", p, last, hops)
			}
		}
	}
}

// TestHomeLinksReachAPage: the brand's landing page the host sends as
// nav.home (the error page's 回到商店首頁, the header's brand link, every
// "back to the shop" link) answers 200 with no redirect on every demo brand,
// under the brand prefix and on the custom domain; a brand with no page
// sends none.
func TestHomeLinksReachAPage(t *testing.T) {
	ts := newTestServer(t)
	want := map[string]string{
		"demo": "/demo", "yoga": "/yoga", "plan": "/plan?type=plan", "term": "/term/termSchedule?from=app", "noshop": "", "closed": "",
	}
	for _, b := range demoBrands {
		for _, p := range []string{"/" + b + "/no/such/page", "/" + b + "/e-contract", "/" + b + "/verify/email"} {
			w := ts.get(t, p, propsHeader, "1")
			var props struct {
				Nav wire.Navigation `json:"nav"`
			}
			_ = json.Unmarshal(w.Body.Bytes(), &props)
			if props.Nav.Home != want[b] {
				t.Errorf("%s (%d): nav.home = %q; want %q", p, w.Code, props.Nav.Home, want[b])
			}
			if props.Nav.Home == "" {
				continue
			}
			if w := ts.get(t, props.Nav.Home); w.Code != http.StatusOK {
				t.Errorf("%s: nav.home %s answers %d", p, props.Nav.Home, w.Code)
			}
		}
	}
	w := ts.get(t, "/no/such/page", propsHeader, "1", "Host", "fit.demo.test")
	if !strings.Contains(w.Body.String(), `"home":"/"`) {
		t.Errorf("custom domain: nav.home is not /: %s", w.Body.String())
	}
}
