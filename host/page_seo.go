package host

import (
	"encoding/xml"
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"time"

	"storefront/data"
	"storefront/rules"
)

// What crawlers read besides the pages: robots.txt and the sitemaps. A
// brand's sitemap is /{brandId}/sitemap.xml, or /sitemap.xml on its custom
// domain; /sitemap.xml on the shared host is the index of the brands'
// sitemaps.

const sitemapNS = "http://www.sitemaps.org/schemas/sitemap/0.9"

type urlset struct {
	XMLName xml.Name     `xml:"urlset"`
	NS      string       `xml:"xmlns,attr"`
	URLs    []sitemapURL `xml:"url"`
}

type sitemapURL struct {
	Loc     string `xml:"loc"`
	LastMod string `xml:"lastmod,omitempty"`
}

type sitemapIndex struct {
	XMLName  xml.Name     `xml:"sitemapindex"`
	NS       string       `xml:"xmlns,attr"`
	Sitemaps []sitemapURL `xml:"sitemap"`
}

func writeXML(w http.ResponseWriter, v any) {
	w.Header().Set("Content-Type", "application/xml; charset=utf-8")
	w.Header().Set("Cache-Control", "public, max-age=3600")
	w.Write([]byte(xml.Header))
	enc := xml.NewEncoder(w)
	enc.Indent("", " ")
	enc.Encode(v)
}

func lastmod(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return t.UTC().Format(time.RFC3339)
}

// GET /robots.txt: everything but the API may be crawled; the sitemap of
// this site (a custom domain's own, else the index).
func (s *Server) robots(w http.ResponseWriter, r *http.Request) {
	st := s.siteOf(r)
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("Cache-Control", "public, max-age=3600")
	fmt.Fprintf(w, "User-agent: *\nDisallow: /api/\n\nSitemap: %s/sitemap.xml\n", st.Origin)
}

// GET /sitemap.xml: a custom domain's brand sitemap, else the index of the
// sitemaps of the brands in service that are not sent to a custom domain
// from here.
func (s *Server) rootSitemap(w http.ResponseWriter, r *http.Request) {
	st := s.siteOf(r)
	if st.Custom {
		rc := &reqCtx{r: r, site: st, query: r.URL.Query()}
		b, err := s.loadBrand(r.Context(), st.BrandID)
		if err != nil {
			s.documentError(w, r, err)
			return
		}
		rc.brand = b
		brandSitemap(s, w, rc)
		return
	}
	brands, err := s.db.ActiveBrands(r.Context())
	if err != nil {
		s.documentError(w, r, err)
		return
	}
	idx := sitemapIndex{NS: sitemapNS, Sitemaps: []sitemapURL{}}
	for _, bs := range brands {
		b, err := s.loadBrand(r.Context(), bs.ID)
		if data.Unreachable(err) {
			s.documentError(w, r, err)
			return
		}
		if err != nil || b.DomainFor(st.RedirectEnv) != "" || len(sitemapPages(b)) == 0 {
			continue
		}
		idx.Sitemaps = append(idx.Sitemaps, sitemapURL{Loc: st.Origin + "/" + b.ID + "/sitemap.xml"})
	}
	writeXML(w, idx)
}

// sitemapPage is a fixed page of a brand the sitemap may list.
type sitemapPage struct {
	route  *route
	rest   string
	query  url.Values
	kind   string // the catalogue entries whose last change dates it
	module string // the module that gives the page content
}

// sitemapPages returns the fixed pages the brand's modules allow, with
// the query the guards want.
func sitemapPages(b *data.Brand) []sitemapPage {
	m := b.ModuleSet()
	var out []sitemapPage
	for _, p := range []sitemapPage{
		{route: routeBrandHome, rest: "", kind: "item"},
		{route: routeBrandHome, rest: "", query: url.Values{"type": {"plan"}}, kind: "item"},
		{route: routeActivities, rest: "/activitys", kind: "course", module: data.ModuleFindActivity},
		{route: routeTimetable, rest: "/timetable", kind: "course"},
		{route: routeTermList, rest: "/termSchedule", kind: "term", module: data.ModuleTermSchedule},
		{route: routeTermList, rest: "/termSchedule", query: url.Values{"from": {"app"}}, kind: "term", module: data.ModuleTermSchedule},
	} {
		if p.query == nil {
			p.query = url.Values{}
		}
		if p.module != "" && !m.Has(p.module) {
			continue
		}
		if d := p.route.Guard.decide(m, p.query, p.rest); d == allow && !(len(out) > 0 && out[len(out)-1].route == p.route) {
			out = append(out, p)
		}
	}
	return out
}

// sitemapLimits bound one sitemap file: the protocol's 50,000 URLs and
// 50 MB (uncompressed). A brand with more is split (see brandSitemap).
type sitemapLimits struct{ urls, bytes int }

var sitemapMax = sitemapLimits{urls: 50000, bytes: 50 << 20}

// sitemapParts cuts urls into files within lim, in order.
func sitemapParts(urls []sitemapURL, lim sitemapLimits) [][]sitemapURL {
	// a urlset's own bytes and each url's markup around its values,
	// escaping aside (the limit is kept with room for it)
	const fixed, perURL = 200, 64
	var parts [][]sitemapURL
	start, size := 0, fixed
	for i, u := range urls {
		n := perURL + 2*len(u.Loc) + len(u.LastMod) // room for escaping
		if i > start && (i-start >= lim.urls || size+n > lim.bytes) {
			parts = append(parts, urls[start:i])
			start, size = i, fixed
		}
		size += n
	}
	return append(parts, urls[start:])
}

// brandSitemap answers the brand's sitemap (sitemap.xml): its pages, or,
// past a file's limits, the index of its parts, {n}-sitemap.xml.
func brandSitemap(s *Server, w http.ResponseWriter, rc *reqCtx) {
	servePartOfSitemap(s, w, rc, 0)
}

// brandSitemapPart answers part n of a split sitemap ({n}-sitemap.xml).
func brandSitemapPart(s *Server, w http.ResponseWriter, rc *reqCtx) {
	n, err := strconv.Atoi(rc.params["part"])
	if err != nil || n < 1 {
		http.NotFound(w, rc.r)
		return
	}
	servePartOfSitemap(s, w, rc, n)
}

// servePartOfSitemap answers the whole sitemap (part 0: the index when it
// is split) or one part of it.
func servePartOfSitemap(s *Server, w http.ResponseWriter, rc *reqCtx, part int) {
	urls, ok := s.brandSitemapURLs(w, rc)
	if !ok {
		return
	}
	parts := sitemapParts(urls, s.sitemapLimits)
	switch {
	case part == 0 && len(parts) == 1:
		writeXML(w, urlset{NS: sitemapNS, URLs: urls})
	case part == 0:
		idx := sitemapIndex{NS: sitemapNS, Sitemaps: []sitemapURL{}}
		base := rc.site.Origin + rc.site.BasePath
		for i, p := range parts {
			latest := ""
			for _, u := range p {
				latest = max(latest, u.LastMod) // RFC 3339 in UTC: sorts as text
			}
			idx.Sitemaps = append(idx.Sitemaps, sitemapURL{Loc: fmt.Sprintf("%s/%d-sitemap.xml", base, i+1), LastMod: latest})
		}
		writeXML(w, idx)
	case part <= len(parts) && len(parts) > 1:
		writeXML(w, urlset{NS: sitemapNS, URLs: parts[part-1]})
	default:
		http.NotFound(w, rc.r)
	}
}

// brandSitemapURLs lists the brand's public pages with the time their
// content last changed: brand home, the activity and term lists, the
// timetable, every
// course with coming schedules, term, class and intro page, and every
// on-shelf item. It answers the request itself when it reports false.
func (s *Server) brandSitemapURLs(w http.ResponseWriter, rc *reqCtx) ([]sitemapURL, bool) {
	entries, err := s.db.Sitemap(rc.ctx(), rc.brand.ID, rules.Day(s.now()))
	if err != nil {
		s.documentError(w, rc.r, err)
		return nil, false
	}
	base := rc.site.Origin + rc.site.BasePath
	latest := map[string]time.Time{}
	var urls []sitemapURL
	add := func(path string, t time.Time) { urls = append(urls, sitemapURL{Loc: base + path, LastMod: lastmod(t)}) }
	for _, e := range entries {
		if e.LastMod.After(latest[e.Kind]) {
			latest[e.Kind] = e.LastMod
		}
	}
	for _, p := range sitemapPages(rc.brand) {
		path := p.rest
		if path == "" && rc.site.BasePath == "" {
			path = "/"
		}
		if q := p.query.Encode(); q != "" {
			path += "?" + q
		}
		add(path, latest[p.kind])
	}
	// term pages: as they are, or with from=app where the guard wants it
	m := rc.brand.ModuleSet()
	termOK, termQuery := routeTermList.allows(m, nil), ""
	if !termOK && m.Has(data.ModuleTermSchedule) && routeTermList.allows(m, url.Values{"from": {"app"}}) {
		termOK, termQuery = true, "?from=app"
	}
	for _, e := range entries {
		switch {
		case e.Kind == "item" && routeItem.allows(m, nil):
			add(fmt.Sprintf("/%s/%d", e.ItemType, e.ID), e.LastMod)
		case e.Kind == "course" && routeCourse.allows(m, nil):
			add(fmt.Sprintf("/activity/%d/%d", e.ParentID, e.ID), e.LastMod)
		case e.Kind == "term" && termOK:
			add(fmt.Sprintf("/termSchedule/%d/intro%s", e.ID, termQuery), e.LastMod)
		case e.Kind == "class" && termOK:
			add(fmt.Sprintf("/termSchedule/%d/%d%s", e.ParentID, e.ID, termQuery), e.LastMod)
			add(fmt.Sprintf("/termSchedule/%d/%d/intro%s", e.ParentID, e.ID, termQuery), e.LastMod)
		}
	}
	if len(urls) == 0 {
		http.NotFound(w, rc.r)
		return nil, false
	}
	return urls, true
}

// isDigits reports whether v is a non-empty run of ASCII digits.
func isDigits(v string) bool {
	for _, c := range v {
		if c < '0' || c > '9' {
			return false
		}
	}
	return v != ""
}
