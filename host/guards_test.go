package host

import (
	"context"
	"net/http"
	"net/http/httptest"
	"net/url"
	"slices"
	"strings"
	"testing"

	"storefront/data"
	"storefront/host/wire"
)

// TestEveryRouteHasAGuard: a route without a guard, or with a rule the
// guards do not know, would answer 404 everywhere; this says which one.
func TestEveryRouteHasAGuard(t *testing.T) {
	known := []string{ruleOpen, ruleShop, ruleBrandHome, ruleTermSchedule, ruleCourse, ruleTimetable}
	for _, r := range append(slices.Clone(pageRoutes), indexRoute, errorRoute) {
		if !slices.Contains(known, r.Guard.Rule) {
			t.Errorf("route %s has the guard rule %q", r.Name, r.Guard.Rule)
		}
	}
}

// TestModuleGuards: each module with a visible effect opens the routes of
// its feature, and they answer 404 without it (spec section 6). Each case
// starts from a brand with every module on and takes one away.
func TestModuleGuards(t *testing.T) {
	cases := []struct {
		module string
		gated  []*route // 404 without the module
		kept   []*route // still served without it (maybe after a redirect)
	}{
		{module: data.ModuleWebShop,
			gated: []*route{routeBrandHome, routeActivities, routeItem, routeItemCheckout, routeSearch, routeUser, routePayment, routeOrderResult},
			kept:  []*route{routeVerifyEmail, routeEContract, routeSitemap, routeTermList, routeCourse}},
		{module: data.ModuleMemberSignIn,
			gated: []*route{routeUser, routeUserBooking, routeUserCounting, routeUserPasscard, routeUserTicket, routeUserTimingCard, routeUserTimingPlans, routeBookingRecords, routeOverdue},
			kept:  []*route{routeBrandHome, routeItem, routeVerifyEmail}},
		{module: data.ModulePasscard, gated: []*route{routeUserPasscard}, kept: []*route{routeUser, routeUserTicket}},
		{module: data.ModuleTicket, gated: []*route{routeUserTicket}, kept: []*route{routeUser, routeUserPasscard}},
		{module: data.ModuleBooking, gated: []*route{routeUserBooking, routeBookingRecords}, kept: []*route{routeUser, routeCourse}},
		{module: data.ModuleTimingCard, gated: []*route{routeUserTimingCard, routeUserTimingPlans}, kept: []*route{routeUserCounting}},
		{module: data.ModuleFindActivity, gated: []*route{routeSearch}, kept: []*route{routeBrandHome, routeActivities, routeCourse}},
	}
	for _, c := range cases {
		t.Run(c.module, func(t *testing.T) {
			all := data.Modules(data.AllModules)
			without := data.Modules(slices.DeleteFunc(slices.Clone(data.AllModules), func(k string) bool { return k == c.module }))
			for _, r := range append(slices.Clone(c.gated), c.kept...) {
				if !r.allows(all, nil) {
					t.Errorf("%s is not open with every module on", r.Name)
				}
			}
			for _, r := range c.gated {
				if d := r.Guard.decide(without, nil, ""); !d.NotFound {
					t.Errorf("%s without %s = %+v; want 404", r.Name, c.module, d)
				}
			}
			for _, r := range c.kept { // open, or redirected by its own guard
				if r.Guard.decide(without, nil, "").NotFound {
					t.Errorf("%s without %s is 404; want it open", r.Name, c.module)
				}
			}
		})
	}
}

// TestModulesThroughTheHandler switches one module of the demo brand off
// at a time and checks its feature where visitors meet it: pages, calls
// and data.
func TestModulesThroughTheHandler(t *testing.T) {
	ts := newMemberServer(t)
	setModules := func(t *testing.T, mods []string) {
		t.Helper()
		if _, err := ts.db.Pool.Exec(context.Background(), `update brands set modules = $1 where id = 'demo'`, mods); err != nil {
			t.Fatal(err)
		}
		ts.BrandChanged(context.Background(), "demo")
	}
	without := func(k string) []string {
		return slices.DeleteFunc(slices.Clone(data.AllModules), func(m string) bool { return m == k })
	}
	login := func(t *testing.T) *httptest.ResponseRecorder {
		return ts.browser().post(t, "/api/session/login", map[string]any{"brandId": "demo", "email": "member@example.com", "password": md5hex("demo1234")})
	}
	banners := func(t *testing.T) int {
		var list []data.Banner
		apiResult(t, ts.get(t, "/api/search/banner?brandId=demo"), &list)
		return len(list)
	}
	cases := []struct {
		module string
		check  func(t *testing.T, on bool)
	}{
		{module: data.ModuleMemberSignIn, check: func(t *testing.T, on bool) {
			if w := login(t); (w.Code == 200) != on {
				t.Errorf("login = %d %s", w.Code, w.Body)
			}
			w := ts.browser().post(t, "/api/session/register", map[string]any{"brandId": "demo"})
			if (w.Code == 403) == on {
				t.Errorf("register = %d %s", w.Code, w.Body)
			}
		}},
		{module: data.ModuleMobileApp, check: func(t *testing.T, on bool) {
			var set wire.PublicSetting
			apiResult(t, ts.get(t, "/api/v3/webUser/brand/demo/public/setting"), &set)
			if links := set.BrandPromoteInfo.IOSAppLink != "" && set.BrandPromoteInfo.AndroidAppLink != ""; links != on {
				t.Errorf("app links %+v", set.BrandPromoteInfo)
			}
			if page := ts.get(t, "/demo", "User-Agent", iPhone).Body.String(); strings.Contains(page, "apps.apple.com") != on {
				t.Errorf("the phone's brand home links the app store: %v", !on)
			}
		}},
		{module: data.ModulePromotion, check: func(t *testing.T, on bool) {
			if n := banners(t); (n > 0) != on {
				t.Errorf("%d banners", n)
			}
		}},
		{module: data.ModuleTicket, check: func(t *testing.T, on bool) {
			b := ts.browser()
			b.post(t, "/api/session/login", map[string]any{"brandId": "demo", "email": "member@example.com", "password": md5hex("demo1234")})
			if w := b.get(t, "/demo/user/ticket"); (w.Code == 200) != on {
				t.Errorf("ticket page = %d", w.Code)
			}
		}},
	}
	for _, c := range cases {
		t.Run(c.module, func(t *testing.T) {
			setModules(t, data.AllModules)
			c.check(t, true)
			setModules(t, without(c.module))
			c.check(t, false)
		})
	}
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
// 404 (the term-only brand was once sent to its 404 brand home, the
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
