package host

import "storefront/data"

// navLink is one link of the navigation the host sends with a page: key
// names its label in the app (app/strings), href is the path on this site
// (with the brand prefix, or without it on a custom domain).
type navLink struct {
	Key  string `json:"key"`
	Href string `json:"href"`
}

// navigation lists the links a brand and a visitor get, each checked
// against the route guards: the app renders them and re-derives no guard.
type navigation struct {
	// Header: the shop's sections in the header bar.
	Header []navLink `json:"header"`
	// Member: the member menu (the header's menu and the member centre's
	// tabs); empty for a visitor.
	Member []navLink `json:"member"`
	// Links: other member-centre pages the member pages link to.
	Links []navLink `json:"links"`
}

// navEntry is a link by route: key, route name, path under the brand.
type navEntry struct{ key, route, rest string }

var (
	headerNav = []navEntry{
		{"items", "brandId-index", ""},
		{"activities", "brandId-activitys", "/activitys"},
		{"termSchedule", "brandId-termSchedule", "/termSchedule"},
	}
	memberNav = []navEntry{
		{"overview", "brandId-user", "/user"},
		{"booking", "brandId-user-booking", "/user/booking"},
		{"passcard", "brandId-user-passcard", "/user/passcard"},
		{"ticket", "brandId-user-ticket", "/user/ticket"},
		{"countingPasscard", "brandId-user-countingPasscard", "/user/countingPasscard"},
		{"timingcard", "brandId-user-timingcard", "/user/timingcard"},
	}
	memberLinks = []navEntry{
		{"timingcardPlans", "brandId-user-timingcard-plans", "/user/timingcard/plans"},
	}
)

// navFor returns the navigation of a brand with modules on a site under
// basePath ("" on a custom domain), for a member when member is true: the
// entries whose route guard does not answer 404 (a guard's redirect still
// reaches the page).
func navFor(modules data.Modules, basePath string, member bool) navigation {
	pick := func(entries []navEntry) []navLink {
		links := []navLink{}
		for _, e := range entries {
			if guard(e.route, modules, nil, e.rest).NotFound {
				continue
			}
			href := basePath + e.rest
			if href == "" {
				href = "/"
			}
			links = append(links, navLink{Key: e.key, Href: href})
		}
		return links
	}
	n := navigation{Header: pick(headerNav), Member: []navLink{}, Links: []navLink{}}
	if member {
		n.Member, n.Links = pick(memberNav), pick(memberLinks)
	}
	return n
}
