package host

import (
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"

	"storefront/data"
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
