package host

import "storefront/data"

// navEntry is a link of the navigation by route: its key (the app's label)
// and the route value whose guard decides whether the link shows.
type navEntry struct {
	key   string
	route *route
}

var (
	headerNav = []navEntry{
		{"items", routeBrandHome},
		{"activities", routeActivities},
		{"termSchedule", routeTermList},
	}
	memberNav = []navEntry{
		{"overview", routeUser},
		{"booking", routeUserBooking},
		{"passcard", routeUserPasscard},
		{"ticket", routeUserTicket},
		{"countingPasscard", routeUserCounting},
		{"timingcard", routeUserTimingCard},
	}
	memberLinks = []navEntry{
		{"timingcardPlans", routeUserTimingPlans},
	}
)

// navFor returns the navigation of a brand with modules on a site under
// basePath ("" on a custom domain), for a member when member is true: the
// entries whose route guard does not answer 404 (a guard's redirect still
// reaches the page).
func navFor(modules data.Modules, basePath string, member bool) Navigation {
	pick := func(entries []navEntry) []NavLink {
		links := []NavLink{}
		for _, e := range entries {
			rest := ""
			if e.route.Pattern != "" {
				rest = "/" + e.route.Pattern
			}
			if e.route.Guard.decide(modules, nil, rest).NotFound {
				continue
			}
			href := basePath + rest
			if href == "" {
				href = "/"
			}
			links = append(links, NavLink{Key: e.key, Href: href})
		}
		return links
	}
	n := Navigation{Header: pick(headerNav), Member: []NavLink{}, Links: []NavLink{}}
	if member {
		n.Member, n.Links = pick(memberNav), pick(memberLinks)
	}
	return n
}
