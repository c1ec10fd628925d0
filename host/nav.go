package host

import (
	"net/url"
	"strings"

	"storefront/data"
	"storefront/host/wire"
)

// navEntry is a link of the navigation by route: its key (the app's label)
// and the route value whose guard decides whether the link shows; module,
// when set, must be on too (the guard opens the term pages to every shop,
// but only a brand that sells terms gets the link).
type navEntry struct {
	key    string
	route  *route
	module string
}

var (
	headerNav = []navEntry{
		{"items", routeBrandHome, ""},
		{"activities", routeActivities, ""},
		{"timetable", routeTimetable, ""},
		{"termSchedule", routeTermList, data.ModuleTermSchedule},
	}
	memberNav = []navEntry{
		{"overview", routeUser, ""},
		{"booking", routeUserBooking, ""},
		{"passcard", routeUserPasscard, ""},
		{"ticket", routeUserTicket, ""},
		{"countingPasscard", routeUserCounting, ""},
		{"timingcard", routeUserTimingCard, ""},
	}
	memberLinks = []navEntry{
		{"timingcardPlans", routeUserTimingPlans, ""},
	}
)

// rest is the entry's path under the brand and its guard's decision for a
// brand with modules; ok is false when the brand does not have the page.
func (e navEntry) decide(modules data.Modules) (rest string, d decision, ok bool) {
	if e.route.Pattern != "" {
		rest = "/" + e.route.Pattern
	}
	d = e.route.Guard.decide(modules, url.Values{}, rest)
	return rest, d, !d.NotFound && (e.module == "" || modules.Has(e.module))
}

// home is the brand's landing page: the first page of the header the brand
// has (brand home, else its activities, else its term list), as a path
// under the brand with the query its guard asks for ("?type=plan",
// "/termSchedule?from=app"), so that a query added to it (login=,
// appDownload=) survives; false when the brand has no page (no web shop
// and no terms).
func home(modules data.Modules) (string, bool) {
	for _, e := range headerNav {
		if rest, d, ok := e.decide(modules); ok {
			if d.IsRedirect() {
				return d.Redirect, true
			}
			return rest, true
		}
	}
	return "", false
}

// underBase is rest (a path under the brand, maybe only a query) on a site
// under basePath ("" on a custom domain).
func underBase(basePath, rest string) string {
	u := basePath + rest
	if u == "" || u[0] == '?' {
		u = "/" + u
	}
	return u
}

// withQuery is u with rawQuery ("" for none) added to its query.
func withQuery(u, rawQuery string) string {
	switch {
	case rawQuery == "":
		return u
	case strings.Contains(u, "?"):
		return u + "&" + rawQuery
	}
	return u + "?" + rawQuery
}

// navFor returns the navigation of a brand with modules on a site under
// basePath ("" on a custom domain), for a member when member is true: the
// entries whose route guard does not answer 404 (a guard's redirect still
// reaches the page), and home, the href of the brand's landing page.
func navFor(modules data.Modules, basePath string, member bool) wire.Navigation {
	pick := func(entries []navEntry) []wire.NavLink {
		links := []wire.NavLink{}
		for _, e := range entries {
			if rest, _, ok := e.decide(modules); ok {
				links = append(links, wire.NavLink{Key: e.key, Href: underBase(basePath, rest)})
			}
		}
		return links
	}
	n := wire.Navigation{Header: pick(headerNav), Member: []wire.NavLink{}, Links: []wire.NavLink{}}
	if rest, ok := home(modules); ok {
		n.Home = underBase(basePath, rest)
	}
	if member {
		n.Member, n.Links = pick(memberNav), pick(memberLinks)
	}
	return n
}
