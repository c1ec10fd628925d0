package host

import (
	"encoding/xml"
	"fmt"
	"net/http"
	"net/url"
	"time"

	"storefront/data"
	"storefront/data/rules"
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
// sitemaps of the brands in service that have no custom domain here.
func (s *Server) rootSitemap(w http.ResponseWriter, r *http.Request) {
	st := s.siteOf(r)
	if st.Custom {
		rc := &reqCtx{r: r, site: st, query: r.URL.Query()}
		b, err := s.loadBrand(r.Context(), st.BrandID)
		if err != nil {
			http.NotFound(w, r)
			return
		}
		rc.brand = b
		brandSitemap(s, w, rc)
		return
	}
	brands, err := s.db.ActiveBrands(r.Context())
	if err != nil {
		s.log.Error("sitemap index", "err", err)
		http.Error(w, "伺服器發生錯誤，請稍後再試", http.StatusInternalServerError)
		return
	}
	idx := sitemapIndex{NS: sitemapNS, Sitemaps: []sitemapURL{}}
	for _, bs := range brands {
		b, err := s.loadBrand(r.Context(), bs.ID)
		if err != nil || b.DomainFor(st.Env) != "" || len(sitemapPages(b)) == 0 {
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

// brandSitemap lists the brand's public pages with the time their content
// last changed: brand home, the activity and term lists, every course with
// coming schedules, term, class and intro page, and every on-shelf item.
func brandSitemap(s *Server, w http.ResponseWriter, rc *reqCtx) {
	entries, err := s.db.Sitemap(rc.ctx(), rc.brand.ID, rules.Day(s.now()))
	if err != nil {
		s.log.Error("sitemap", "brand", rc.brand.ID, "err", err)
		http.Error(w, "伺服器發生錯誤，請稍後再試", http.StatusInternalServerError)
		return
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
		return
	}
	writeXML(w, urlset{NS: sitemapNS, URLs: urls})
}
