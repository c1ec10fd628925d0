package host

import (
	"strings"

	"storefront/data"
)

// route is one page route of spec section 2. Pattern is the path under the
// brand: literal segments, {name} parameters, {name?} optional ones and
// {name}-suffix parameters that end in a fixed suffix.
type route struct {
	Name    string
	Pattern string
	Page    string // app/pages/{Page}.tsx
	Layout  string // "default" or "bare"
	Member  bool   // the member-menu guard: 301 to brand home without a login
	// Where restricts parameter values.
	Where map[string]func(string) bool
	// Redirect, when set, answers 301 to this path under the brand, query kept.
	Redirect *string
	// Load returns the page's data; nil means none.
	Load loader
	// Handle, when set, answers the request itself (no page).
	Handle handler
	// Cacheable pages of anonymous visitors are kept in the page cache.
	Cacheable bool
	// Query names the query parameters a cacheable page reads (its loader,
	// its guard and the app's page), besides commonQuery; the page, its
	// props and its cache key see only those (pagecache.go).
	Query []string
}

func to(p string) *string { return &p }

var itemType = map[string]func(string) bool{"itemType": data.IsItemType}

// pageRoutes is the page route table, in the order of spec section 2; the
// first match wins, so fixed paths come before parameters.
var pageRoutes = []route{
	{Name: "brandId-index", Pattern: "", Page: "brand-home", Load: loadBrandHome, Cacheable: true, Query: []string{"type", "projectType"}},
	{Name: "brandId-activitys", Pattern: "activitys", Page: "activities", Load: loadActivities, Cacheable: true, Query: []string{"pageNumber"}},
	{Name: "brandId-appDownloadRedirect", Pattern: "appDownloadRedirect", Handle: appDownloadRedirect},
	{Name: "brandId-counting-passcard-overdue-purchase", Pattern: "counting-passcard-overdue-purchase", Page: "coming-soon", Member: true},
	{Name: "brandId-counting-passcard-overdue-purchase-checkout", Pattern: "counting-passcard-overdue-purchase/checkout", Page: "coming-soon", Member: true},
	{Name: "brandId-sitemap", Pattern: "sitemap.xml", Handle: brandSitemap},
	{Name: "brandId-explore", Pattern: "explore", Redirect: to("")},
	{Name: "brandId-explore-activity", Pattern: "explore/activity", Redirect: to("/activitys")},
	{Name: "brandId-termSchedule", Pattern: "termSchedule", Page: "term-list", Load: loadTermList, Cacheable: true},
	{Name: "brandId-termSchedule-checkout", Pattern: "termSchedule/checkout", Page: "coming-soon"},
	{Name: "brandId-termSchedule-termScheduleId-scheduleId-intro", Pattern: "termSchedule/{termScheduleId}/{scheduleId?}/intro", Page: "term-intro", Load: loadTermSchedule, Cacheable: true},
	{Name: "brandId-termSchedule-termScheduleId-scheduleId", Pattern: "termSchedule/{termScheduleId}/{scheduleId}", Page: "term-class", Load: loadTermSchedule, Cacheable: true},
	{Name: "brandId-user", Pattern: "user", Page: "member-centre", Load: loadMemberCentre, Member: true},
	{Name: "brandId-user-booking", Pattern: "user/booking", Page: "member-bookings", Load: loadMemberBookings, Member: true},
	{Name: "brandId-user-countingPasscard", Pattern: "user/countingPasscard", Page: "member-counting-passcards", Load: loadMemberCountingPasscards, Member: true},
	{Name: "brandId-user-passcard", Pattern: "user/passcard", Page: "member-passcards", Load: loadMemberPasscards, Member: true},
	{Name: "brandId-user-ticket", Pattern: "user/ticket", Page: "member-tickets", Load: loadMemberTickets, Member: true},
	{Name: "brandId-user-timingcard", Pattern: "user/timingcard", Page: "member-timingcard", Load: loadMemberTimingCard, Member: true},
	{Name: "brandId-user-timingcard-plans", Pattern: "user/timingcard/plans", Page: "member-timingcard-plans", Load: loadMemberTimingPlans, Member: true},
	{Name: "brandId-bookingRecord-bookingRecordList", Pattern: "bookingRecord/bookingRecordList", Page: "coming-soon", Member: true},
	// search results are not cached: their key space is whatever visitors type
	{Name: "brandId-search-result", Pattern: "search/result", Page: "search-result", Load: loadSearch},
	{Name: "brandId-verify-email", Pattern: "verify/email", Page: "verify-email"},
	{Name: "brandId-webUser-orderResult-orderNo", Pattern: "webUser/orderResult/{orderNo}", Page: "coming-soon"},
	{Name: "brandId-orderResult-orderNo", Pattern: "orderResult/{orderNo}", Page: "coming-soon"},
	{Name: "brandId-changeCard-orderNo", Pattern: "changeCard/{orderNo}", Page: "coming-soon"},
	{Name: "brandId-changeFailCard-orderNo", Pattern: "changeFailCard/{orderNo}", Page: "coming-soon"},
	{Name: "brandId-changeFailCardResult-orderNo", Pattern: "changeFailCardResult/{orderNo}", Page: "coming-soon"},
	{Name: "brandId-activity-storeId-courseId-checkout", Pattern: "activity/{storeId?}/{courseId?}/checkout", Page: "coming-soon"},
	{Name: "brandId-activity-storeId-courseId", Pattern: "activity/{storeId?}/{courseId}", Page: "course", Load: loadCourse, Cacheable: true},
	{Name: "brandId-product-payment-productType-orderNumber", Pattern: "{product}-payment/{productType?}/{orderNumber?}", Page: "coming-soon"},
	{Name: "brandId-e-contract-storeId-contractId", Pattern: "e-contract/{storeId?}/{contractId?}", Page: "coming-soon", Layout: "bare"},
	{Name: "brandId-itemType-itemId-checkout", Pattern: "{itemType}/{itemId?}/checkout", Page: "coming-soon", Where: itemType},
	{Name: "brandId-itemType-itemId", Pattern: "{itemType}/{itemId}", Page: "item", Load: loadItem, Cacheable: true, Where: itemType},
}

// indexRoute is / on a host that is not a custom domain.
var indexRoute = route{Name: "index", Page: "index", Load: loadIndex, Cacheable: true}

// errorRoute renders the error page.
var errorRoute = route{Name: "error", Page: "error"}

// matchRoute finds the route for rest (the path under the brand) and its
// parameters.
func matchRoute(rest string) (*route, map[string]string) {
	var segs []string
	if p := strings.Trim(rest, "/"); p != "" {
		segs = strings.Split(p, "/")
	}
	for i := range pageRoutes {
		r := &pageRoutes[i]
		params := map[string]string{}
		if matchSegs(routeSegs[i], segs, params) && r.allows(params) {
			return r, params
		}
	}
	return nil, nil
}

// routeSegs are the route patterns split into segments, once.
var routeSegs = func() [][]string {
	out := make([][]string, len(pageRoutes))
	for i, r := range pageRoutes {
		if r.Pattern != "" {
			out[i] = strings.Split(r.Pattern, "/")
		}
	}
	return out
}()

func (r *route) allows(params map[string]string) bool {
	for k, ok := range r.Where {
		if !ok(params[k]) {
			return false
		}
	}
	return true
}

// matchSegs matches path segments against pattern segments, trying each
// optional parameter first present, then absent.
func matchSegs(pat, segs []string, params map[string]string) bool {
	if len(pat) == 0 {
		return len(segs) == 0
	}
	p := pat[0]
	if strings.HasPrefix(p, "{") && strings.HasSuffix(p, "?}") {
		name := p[1 : len(p)-2]
		if len(segs) > 0 && matchSegs(pat[1:], segs[1:], params) {
			params[name] = segs[0]
			return true
		}
		return matchSegs(pat[1:], segs, params)
	}
	if len(segs) == 0 || segs[0] == "" {
		return false
	}
	s := segs[0]
	if strings.HasPrefix(p, "{") {
		close := strings.Index(p, "}")
		name, suffix := p[1:close], p[close+1:]
		if !strings.HasSuffix(s, suffix) || len(s) == len(suffix) {
			return false
		}
		if !matchSegs(pat[1:], segs[1:], params) {
			return false
		}
		params[name] = strings.TrimSuffix(s, suffix)
		return true
	}
	return p == s && matchSegs(pat[1:], segs[1:], params)
}
