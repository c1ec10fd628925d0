package host

import (
	"strings"

	"storefront/data"
)

// route is one page route of spec section 2. Pattern is the path under the
// brand: literal segments, {name} parameters, {name?} optional ones and
// {name}-suffix parameters that end in a fixed suffix. Routes are values:
// the API and SEO code refer to them (routeItem, routeCourse, ...), never to
// their names.
type route struct {
	Name    string // the route name of spec section 2, sent to the app
	Pattern string
	Page    string // app/pages/{Page}.tsx
	Layout  string // "default" or "bare"
	// Guard decides from the brand's modules and the query whether the
	// page may be seen (spec section 4); see guards.go.
	Guard guard
	// Member is the member-menu guard: 301 to brand home without a login.
	Member bool
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
	// props and its cache key see only those (page_cache.go).
	Query []string
}

func to(p string) *string { return &p }

var itemType = map[string]func(string) bool{"itemType": data.IsItemType}

// The page routes, in the order of spec section 2.
var (
	routeBrandHome        = &route{Name: "brandId-index", Pattern: "", Page: "brand-home", Guard: guardBrandHome, Load: loadBrandHome, Cacheable: true, Query: []string{"type", "projectType"}}
	routeActivities       = &route{Name: "brandId-activitys", Pattern: "activitys", Page: "activities", Guard: shop, Load: loadActivities, Cacheable: true, Query: []string{"pageNumber"}}
	routeTimetable        = &route{Name: "brandId-timetable", Pattern: "timetable", Page: "timetable", Guard: guardTimetable, Load: loadTimetable} // not cached: it shows the seats left
	routeAppDownload      = &route{Name: "brandId-appDownloadRedirect", Pattern: "appDownloadRedirect", Guard: shop, Handle: appDownloadRedirect}
	routeOverdue          = &route{Name: "brandId-counting-passcard-overdue-purchase", Pattern: "counting-passcard-overdue-purchase", Page: "counting-passcard-overdue", Guard: memberPage(), Load: loadOverdue, Member: true}
	routeOverdueCheckout  = &route{Name: "brandId-counting-passcard-overdue-purchase-checkout", Pattern: "counting-passcard-overdue-purchase/checkout", Page: "counting-passcard-overdue-checkout", Guard: memberPage(), Load: loadOverdueCheckout, Member: true}
	routeSitemap          = &route{Name: "brandId-sitemap", Pattern: "sitemap.xml", Guard: open, Handle: brandSitemap} // lists what the guards allow
	routeSitemapPart      = &route{Name: "brandId-part-sitemap", Pattern: "{part}-sitemap.xml", Guard: open, Handle: brandSitemapPart, Where: map[string]func(string) bool{"part": isDigits}}
	routeExplore          = &route{Name: "brandId-explore", Pattern: "explore", Guard: shop, Redirect: to("")}
	routeExploreActivity  = &route{Name: "brandId-explore-activity", Pattern: "explore/activity", Guard: shop, Redirect: to("/activitys")}
	routeTermList         = &route{Name: "brandId-termSchedule", Pattern: "termSchedule", Page: "term-list", Guard: guardTermSchedule, Load: loadTermList, Cacheable: true}
	routeTermCheckout     = &route{Name: "brandId-termSchedule-checkout", Pattern: "termSchedule/checkout", Page: "term-checkout", Guard: guardTermSchedule, Load: loadTermCheckout, Member: true}
	routeTermIntro        = &route{Name: "brandId-termSchedule-termScheduleId-scheduleId-intro", Pattern: "termSchedule/{termScheduleId}/{scheduleId?}/intro", Page: "term-intro", Guard: guardTermSchedule, Load: loadTermSchedule, Cacheable: true}
	routeTermClass        = &route{Name: "brandId-termSchedule-termScheduleId-scheduleId", Pattern: "termSchedule/{termScheduleId}/{scheduleId}", Page: "term-class", Guard: guardTermSchedule, Load: loadTermSchedule, Cacheable: true}
	routeUser             = &route{Name: "brandId-user", Pattern: "user", Page: "member-centre", Guard: memberPage(), Load: loadMemberCentre, Member: true}
	routeUserBooking      = &route{Name: "brandId-user-booking", Pattern: "user/booking", Page: "member-bookings", Guard: memberPage(data.ModuleBooking), Load: loadMemberBookings, Member: true}
	routeUserCounting     = &route{Name: "brandId-user-countingPasscard", Pattern: "user/countingPasscard", Page: "member-counting-passcards", Guard: memberPage(), Load: loadMemberCountingPasscards, Member: true}
	routeUserPasscard     = &route{Name: "brandId-user-passcard", Pattern: "user/passcard", Page: "member-passcards", Guard: memberPage(data.ModulePasscard), Load: loadMemberPasscards, Member: true}
	routeUserTicket       = &route{Name: "brandId-user-ticket", Pattern: "user/ticket", Page: "member-tickets", Guard: memberPage(data.ModuleTicket), Load: loadMemberTickets, Member: true}
	routeUserTimingCard   = &route{Name: "brandId-user-timingcard", Pattern: "user/timingcard", Page: "member-timingcard", Guard: memberPage(data.ModuleTimingCard), Load: loadMemberTimingCard, Member: true}
	routeUserTimingPlans  = &route{Name: "brandId-user-timingcard-plans", Pattern: "user/timingcard/plans", Page: "member-timingcard-plans", Guard: memberPage(data.ModuleTimingCard), Load: loadMemberTimingPlans, Member: true}
	routeBookingRecords   = &route{Name: "brandId-bookingRecord-bookingRecordList", Pattern: "bookingRecord/bookingRecordList", Page: "booking-records", Guard: memberPage(data.ModuleBooking), Load: loadBookingRecords, Member: true}
	routeSearch           = &route{Name: "brandId-search-result", Pattern: "search/result", Page: "search-result", Guard: needs(data.ModuleFindActivity), Load: loadSearch} // not cached: its key space is whatever visitors type
	routeVerifyEmail      = &route{Name: "brandId-verify-email", Pattern: "verify/email", Page: "verify-email", Guard: open}
	routeWebOrderResult   = &route{Name: "brandId-webUser-orderResult-orderNo", Pattern: "webUser/orderResult/{orderNo}", Page: "order-result", Guard: shop, Load: loadOrderResult, Member: true}
	routeOrderResult      = &route{Name: "brandId-orderResult-orderNo", Pattern: "orderResult/{orderNo}", Page: "order-result", Guard: shop, Load: loadOrderResult, Member: true}
	routeChangeCard       = &route{Name: "brandId-changeCard-orderNo", Pattern: "changeCard/{orderNo}", Page: "change-card", Guard: shop, Load: loadCardChange("change"), Member: true}
	routeChangeFailCard   = &route{Name: "brandId-changeFailCard-orderNo", Pattern: "changeFailCard/{orderNo}", Page: "change-card", Guard: shop, Load: loadCardChange("fail"), Member: true}
	routeChangeFailResult = &route{Name: "brandId-changeFailCardResult-orderNo", Pattern: "changeFailCardResult/{orderNo}", Page: "change-card", Guard: shop, Load: loadCardChange("result"), Member: true}
	routeCourseCheckout   = &route{Name: "brandId-activity-storeId-courseId-checkout", Pattern: "activity/{storeId?}/{courseId?}/checkout", Page: "checkout", Guard: guardCourse, Load: loadCourseCheckout, Member: true}
	routeCourse           = &route{Name: "brandId-activity-storeId-courseId", Pattern: "activity/{storeId?}/{courseId}", Page: "course", Guard: guardCourse, Load: loadCourse, Cacheable: true}
	routePayment          = &route{Name: "brandId-product-payment-productType-orderNumber", Pattern: "{product}-payment/{productType?}/{orderNumber?}", Guard: shop, Handle: paymentPage, Member: true}
	routeEContract        = &route{Name: "brandId-e-contract-storeId-contractId", Pattern: "e-contract/{storeId?}/{contractId?}", Page: "e-contract", Layout: "bare", Guard: open, Load: loadEContract} // always allowed (spec)
	routeItemCheckout     = &route{Name: "brandId-itemType-itemId-checkout", Pattern: "{itemType}/{itemId?}/checkout", Page: "checkout", Guard: shop, Where: itemType, Load: loadItemCheckout, Member: true}
	routeItem             = &route{Name: "brandId-itemType-itemId", Pattern: "{itemType}/{itemId}", Page: "item", Guard: shop, Load: loadItem, Cacheable: true, Where: itemType}
)

// pageRoutes is the page route table, in the order of spec section 2; the
// first match wins, so fixed paths come before parameters.
var pageRoutes = []*route{
	routeBrandHome, routeActivities, routeTimetable, routeAppDownload, routeOverdue, routeOverdueCheckout,
	routeSitemap, routeSitemapPart, routeExplore, routeExploreActivity,
	routeTermList, routeTermCheckout, routeTermIntro, routeTermClass,
	routeUser, routeUserBooking, routeUserCounting, routeUserPasscard, routeUserTicket,
	routeUserTimingCard, routeUserTimingPlans, routeBookingRecords,
	routeSearch, routeVerifyEmail,
	routeWebOrderResult, routeOrderResult, routeChangeCard, routeChangeFailCard, routeChangeFailResult,
	routeCourseCheckout, routeCourse, routePayment, routeEContract, routeItemCheckout, routeItem,
}

// indexRoute is / on a host that is not a custom domain.
var indexRoute = &route{Name: "index", Page: "index", Guard: open, Load: loadIndex, Cacheable: true}

// errorRoute renders the error page.
var errorRoute = &route{Name: "error", Page: "error", Guard: open}

// matchRoute finds the route for rest (the path under the brand) and its
// parameters.
func matchRoute(rest string) (*route, map[string]string) {
	var segs []string
	if p := strings.Trim(rest, "/"); p != "" {
		segs = strings.Split(p, "/")
	}
	for i, r := range pageRoutes {
		params := map[string]string{}
		if matchSegs(routeSegs[i], segs, params) && r.accepts(params) {
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

func (r *route) accepts(params map[string]string) bool {
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
