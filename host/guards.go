package host

import (
	"net/url"

	"storefront/data"
)

// decision is a guard's answer: go on, 404, or redirect.
type decision struct {
	NotFound bool
	// Redirect is the path under the brand (with query) to send the
	// visitor to, "" meaning none; RedirectStatus its status.
	Redirect       string
	RedirectStatus int
	redirectSet    bool
}

var allow = decision{}

func notFound() decision { return decision{NotFound: true} }

func redirect(status int, rest string, q url.Values) decision {
	u := rest
	if enc := q.Encode(); enc != "" {
		u += "?" + enc
	}
	return decision{Redirect: u, RedirectStatus: status, redirectSet: true}
}

// IsRedirect reports whether d redirects.
func (d decision) IsRedirect() bool { return d.redirectSet }

// guard is a route's guard (spec section 4), as data: a rule and the
// modules the route needs besides the rule's own. From the brand's modules,
// the query and rest (the path under the brand) it allows the page,
// answers 404 or redirects. Every route names its guard; an unknown rule
// answers 404. The app gets the route table with its guards (the generated
// contract), never the rules' code.
//
// Worked examples (brand modules -> outcome):
//
//	routeBrandHome, {WEB_SHOP, FIND_ACTIVITY}, ?type=x    -> 302 brand home, no query
//	routeBrandHome, {WEB_SHOP, FIND_PLAN}, ?a=1           -> 302 brand home ?type=plan
//	routeTermList, {TERM_SCHEDULE}, ?a=1                  -> 302 same page ?a=1&from=app
//	routeCourse, {ONLINE_BUY_CLASS}                       -> allowed
//	routeUserTicket, {WEB_SHOP, MEMBER_SIGN_IN}           -> 404 (no TICKET)
//	routeTimetable, {WEB_SHOP, FIND_ACTIVITY}             -> allowed
//	routeTimetable, {WEB_SHOP, BOOKING, ONLINE_BUY_CLASS} -> allowed
//	routeTimetable, {WEB_SHOP, BOOKING}                   -> 404 (no course page to book on)
//	routeTimetable, {WEB_SHOP, FIND_PLAN}                 -> 404
//	any shop page, without WEB_SHOP                       -> 404 找不到頁面
//
// The guards' own redirects are 302: they follow the brand's modules, which
// the operator may switch at any time, so browsers must not remember them.
type guard struct {
	Rule  string   `json:"rule"`
	Needs []string `json:"needs"`
}

// The rules of the guards.
const (
	// ruleOpen allows every brand: index, e-mail verification, e-contract
	// (always allowed) and the sitemap (which lists only what the guards
	// allow).
	ruleOpen = "open"
	// ruleShop needs the web-shop root module.
	ruleShop = "shop"
	// ruleBrandHome: root and (find-activity or find-plan); with only one of
	// them the type query follows it.
	ruleBrandHome = "brandHome"
	// ruleTermSchedule: root or the term-schedule module; with the term
	// module alone the pages open in app mode (from=app added, the rest of
	// the query kept).
	ruleTermSchedule = "termSchedule"
	// ruleCourse: course detail and its checkout need (root and
	// find-activity) or the online-buy-class module.
	ruleCourse = "course"
	// ruleTimetable: the timetable needs root and (booking or
	// find-activity), and the course page its sessions lead to (ruleCourse).
	ruleTimetable = "timetable"
)

var (
	open              = guard{Rule: ruleOpen}
	shop              = guard{Rule: ruleShop}
	guardBrandHome    = guard{Rule: ruleBrandHome}
	guardTermSchedule = guard{Rule: ruleTermSchedule}
	guardCourse       = guard{Rule: ruleCourse}
	guardTimetable    = guard{Rule: ruleTimetable}
)

// needs is the shop's guard for a page that also needs every one of mods.
func needs(mods ...string) guard { return guard{Rule: ruleShop, Needs: mods} }

// memberPage guards the member centre: the shop, members signing in on the
// web (MEMBER_SIGN_IN), and the modules of the page's own feature.
func memberPage(mods ...string) guard {
	return needs(append([]string{data.ModuleMemberSignIn}, mods...)...)
}

// decide applies the guard.
func (g guard) decide(m data.Modules, q url.Values, rest string) decision {
	for _, k := range g.Needs {
		if !m.Has(k) {
			return notFound()
		}
	}
	root := m.Has(data.ModuleWebShop)
	switch g.Rule {
	case ruleOpen:
		return allow
	case ruleShop:
		if !root {
			return notFound()
		}
		return allow
	case ruleBrandHome:
		activity, plan := m.Has(data.ModuleFindActivity), m.Has(data.ModuleFindPlan)
		switch {
		case !root || (!activity && !plan):
			return notFound()
		case activity && !plan && len(q["type"]) > 0:
			return redirect(302, "", nil)
		case plan && !activity && q.Get("type") != "plan":
			return redirect(302, "", url.Values{"type": {"plan"}})
		}
		return allow
	case ruleTermSchedule:
		term := m.Has(data.ModuleTermSchedule)
		switch {
		case !root && !term:
			return notFound()
		case term && !root && q.Get("from") != "app":
			q2 := cloneQuery(q)
			q2.Set("from", "app")
			return redirect(302, rest, q2)
		}
		return allow
	case ruleCourse:
		if (root && m.Has(data.ModuleFindActivity)) || m.Has(data.ModuleOnlineBuyClass) {
			return allow
		}
	case ruleTimetable:
		course := (root && m.Has(data.ModuleFindActivity)) || m.Has(data.ModuleOnlineBuyClass)
		if root && course && (m.Has(data.ModuleBooking) || m.Has(data.ModuleFindActivity)) {
			return allow
		}
	}
	return notFound()
}

// allows reports whether the brand's modules let the route be seen with
// query q (nil: none) without a redirect.
func (r *route) allows(m data.Modules, q url.Values) bool {
	if q == nil {
		q = url.Values{}
	}
	return r.Guard.decide(m, q, "") == allow
}

func cloneQuery(q url.Values) url.Values {
	c := make(url.Values, len(q)+1)
	for k, v := range q {
		c[k] = append([]string(nil), v...)
	}
	return c
}
