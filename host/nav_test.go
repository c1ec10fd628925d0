package host

import (
	"encoding/json"
	"net/http"
	"slices"
	"strings"
	"testing"

	"storefront/data"
	"storefront/host/wire"
)

// keys lists the keys of links.
func keys(links []wire.NavLink) []string {
	out := []string{}
	for _, l := range links {
		out = append(out, l.Key)
	}
	return out
}

// TestNavigationFollowsGuards: which header links and member-menu entries a
// brand's modules give, as guards.go allows the pages (issue: 課程 shows
// with WEB_SHOP alone, 商品 needs FIND_ACTIVITY or FIND_PLAN, 課表 BOOKING
// or FIND_ACTIVITY).
func TestNavigationFollowsGuards(t *testing.T) {
	const (
		shop  = data.ModuleWebShop
		act   = data.ModuleFindActivity
		plan  = data.ModuleFindPlan
		term  = data.ModuleTermSchedule
		timer = data.ModuleTimingCard
		login = data.ModuleMemberSignIn
	)
	every := data.Modules{shop, act, plan, term, login, data.ModuleBooking, data.ModulePasscard, data.ModuleTicket, timer}
	cases := []struct {
		name    string
		modules data.Modules
		header  []string
		member  []string // for a logged-in member
		links   []string
	}{
		{name: "web shop alone", modules: data.Modules{shop}, header: []string{"activities"}, member: []string{}, links: []string{}},
		{name: "shop and activities", modules: data.Modules{shop, act}, header: []string{"items", "activities", "timetable"}, member: []string{}, links: []string{}},
		{name: "shop and plans", modules: data.Modules{shop, plan}, header: []string{"items", "activities"}, member: []string{}, links: []string{}},
		{name: "shop with bookings, no activities", modules: data.Modules{shop, plan, data.ModuleBooking}, header: []string{"items", "activities"}, member: []string{}, links: []string{}},
		{name: "shop with bookings, classes sold online", modules: data.Modules{shop, plan, data.ModuleBooking, data.ModuleOnlineBuyClass}, header: []string{"items", "activities", "timetable"}, member: []string{}, links: []string{}},
		{name: "members sign in", modules: data.Modules{shop, act, login}, header: []string{"items", "activities", "timetable"}, member: []string{"overview", "countingPasscard"}, links: []string{}},
		{name: "members with tickets", modules: data.Modules{shop, act, login, data.ModuleTicket}, header: []string{"items", "activities", "timetable"}, member: []string{"overview", "ticket", "countingPasscard"}, links: []string{}},
		{name: "timing card without sign-in", modules: data.Modules{shop, act, timer}, header: []string{"items", "activities", "timetable"}, member: []string{}, links: []string{}},
		{name: "every feature", modules: every, header: []string{"items", "activities", "timetable", "termSchedule"}, member: []string{"overview", "booking", "passcard", "ticket", "countingPasscard", "timingcard"}, links: []string{"timingcardPlans"}},
		{name: "term schedule alone", modules: data.Modules{term}, header: []string{"termSchedule"}, member: []string{}, links: []string{}},
		{name: "shop selling terms", modules: data.Modules{shop, act, term}, header: []string{"items", "activities", "timetable", "termSchedule"}, member: []string{}, links: []string{}},
		{name: "timing card without the shop", modules: data.Modules{timer}, header: []string{}, member: []string{}, links: []string{}},
		{name: "nothing", modules: data.Modules{}, header: []string{}, member: []string{}, links: []string{}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			visitor := navFor(c.modules, "/demo", false)
			if got := keys(visitor.Header); !slices.Equal(got, c.header) {
				t.Errorf("header = %v; want %v", got, c.header)
			}
			if len(visitor.Member) != 0 || len(visitor.Links) != 0 {
				t.Errorf("a visitor gets member links: %+v", visitor)
			}
			m := navFor(c.modules, "/demo", true)
			if got := keys(m.Member); !slices.Equal(got, c.member) {
				t.Errorf("member menu = %v; want %v", got, c.member)
			}
			if got := keys(m.Links); !slices.Equal(got, c.links) {
				t.Errorf("member links = %v; want %v", got, c.links)
			}
			if !slices.Equal(keys(m.Header), c.header) {
				t.Errorf("a member's header differs: %v", keys(m.Header))
			}
		})
	}
}

func TestNavigationHrefs(t *testing.T) {
	mods := data.Modules{data.ModuleWebShop, data.ModuleFindActivity, data.ModuleMemberSignIn, data.ModuleTimingCard}
	brand := navFor(mods, "/demo", true)
	custom := navFor(mods, "", true)
	want := map[string][2]string{
		"items":           {"/demo", "/"},
		"activities":      {"/demo/activitys", "/activitys"},
		"overview":        {"/demo/user", "/user"},
		"timingcard":      {"/demo/user/timingcard", "/user/timingcard"},
		"timingcardPlans": {"/demo/user/timingcard/plans", "/user/timingcard/plans"},
	}
	all := func(n wire.Navigation) map[string]string {
		m := map[string]string{}
		for _, l := range slices.Concat(n.Header, n.Member, n.Links) {
			m[l.Key] = l.Href
		}
		return m
	}
	b, c := all(brand), all(custom)
	for k, w := range want {
		if b[k] != w[0] || c[k] != w[1] {
			t.Errorf("%s: href %q under a brand prefix, %q on a custom domain; want %q, %q", k, b[k], c[k], w[0], w[1])
		}
	}
}

// TestNavigationPagesAnswer: every header link a demo brand's page carries
// answers, through the real handler, with the page (or the guard's
// redirect to it), never 404.
func TestNavigationPagesAnswer(t *testing.T) {
	ts := newTestServer(t)
	for _, brand := range []string{"demo", "yoga", "plan", "term", "noshop"} {
		path := "/" + brand + "/verify/email" // a page every brand serves
		w := ts.get(t, path, propsHeader, "1")
		var p wire.PageProps
		if err := json.Unmarshal(w.Body.Bytes(), &p); err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		if p.Nav.Header == nil || p.Nav.Member == nil || len(p.Nav.Member) != 0 {
			t.Errorf("%s: a visitor's nav = %+v", brand, p.Nav)
		}
		for _, l := range p.Nav.Header {
			if !strings.HasPrefix(l.Href, "/"+brand) {
				t.Errorf("%s: %s links to %s", brand, l.Key, l.Href)
			}
			if w := ts.get(t, l.Href); w.Code != 200 && w.Code != 302 {
				t.Errorf("%s: header link %s (%s) answers %d", brand, l.Key, l.Href, w.Code)
			}
		}
	}
}

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
