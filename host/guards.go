package host

import (
	"net/url"
	"strings"

	"storefront/data"
)

// guardMessage is the 404 text of a page the brand's modules do not allow.
const guardMessage = "找不到頁面"

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

// guard applies the route guard of spec section 4 to route name, the
// brand's modules and the query. rest is the path under the brand.
//
// Worked examples (brand modules -> outcome):
//
//	brandId-index, {WEB_SHOP, FIND_ACTIVITY}, ?type=x    -> 302 brand home, no query
//	brandId-index, {WEB_SHOP, FIND_PLAN}, ?a=1           -> 302 brand home ?type=plan
//	brandId-termSchedule, {TERM_SCHEDULE}, ?a=1          -> 302 same page ?a=1&from=app
//	brandId-activity-storeId-courseId, {ONLINE_BUY_CLASS} -> allowed
//	anything else, without WEB_SHOP                       -> 404 找不到頁面
//
// The guard's own redirects are 302: they follow the brand's modules, which
// the operator may switch at any time, so browsers must not remember them.
func guard(name string, m data.Modules, q url.Values, rest string) decision {
	root := m.Has(data.ModuleWebShop)
	activity := m.Has(data.ModuleFindActivity)
	plan := m.Has(data.ModuleFindPlan)
	switch {
	case name == "index", name == "brandId-verify-email", name == "brandId-e-contract-storeId-contractId", name == "brandId-sitemap":
		return allow // index and e-mail verification are exempt; e-contract is always allowed; the sitemap lists what the guards allow
	case strings.HasPrefix(name, "brandId-termSchedule"):
		term := m.Has(data.ModuleTermSchedule)
		if !root && !term {
			return notFound()
		}
		if term && !root && q.Get("from") != "app" {
			q2 := cloneQuery(q)
			q2.Set("from", "app")
			return redirect(302, rest, q2)
		}
		return allow
	case strings.HasPrefix(name, "brandId-activity-storeId-courseId"): // detail and checkout
		if (root && activity) || m.Has(data.ModuleOnlineBuyClass) {
			return allow
		}
		return notFound()
	case !root:
		return notFound()
	case name == "brandId-index":
		if !activity && !plan {
			return notFound()
		}
		if activity && !plan && len(q["type"]) > 0 {
			return redirect(302, "", nil)
		}
		if plan && !activity && q.Get("type") != "plan" {
			return redirect(302, "", url.Values{"type": {"plan"}})
		}
		return allow
	case name == "brandId-search-result":
		if !activity {
			return notFound()
		}
		return allow
	case strings.HasPrefix(name, "brandId-user-timingcard"):
		if !m.Has(data.ModuleTimingCard) {
			return notFound()
		}
		return allow
	}
	return allow
}

func cloneQuery(q url.Values) url.Values {
	c := make(url.Values, len(q)+1)
	for k, v := range q {
		c[k] = append([]string(nil), v...)
	}
	return c
}
