package host

import (
	"encoding/json"
	"errors"
	"fmt"
	"html"
	"io"
	"net/http"
	"net/url"
	"storefront"
	"strings"
	"time"

	"storefront/host/shell"
	"storefront/host/wire"
	"storefront/renderer"
	"storefront/rules"
)

// propsHeader marks a client navigation's request: the host answers it with
// the page's props as JSON instead of the document.
const propsHeader = "X-Storefront-Props"

// page serves every path that is not the API or an asset: it resolves the
// brand, matches the route table, applies the guards, loads the page's data
// and renders it (spec section 4), from the page cache when it may.
func (s *Server) page(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		http.Error(w, storefront.TextMethodNotAllowed, http.StatusMethodNotAllowed)
		return
	}
	rc := &reqCtx{r: r, query: urlQuery(r)}
	appQuery(rc)
	ok := s.prepare(w, rc)
	if rc.route != nil {
		setRoute(r, rc.route.Name, ok && rc.route.Handle == nil && s.cacheable(rc))
	}
	if !ok {
		return
	}
	switch {
	case rc.route.Handle != nil:
		rc.route.Handle(s, w, rc)
	case s.cacheable(rc):
		s.servePage(w, rc)
	default:
		s.gzipped(w, r, func(w http.ResponseWriter) { s.loadAndRender(w, rc) })
	}
}

// urlQuery is r's query, nil (no map made) when it has none.
func urlQuery(r *http.Request) url.Values {
	if r.URL.RawQuery == "" {
		return nil
	}
	return r.URL.Query()
}

// prepare resolves the site and brand, matches the route and runs the
// guards. It answers redirects and errors itself and then reports false.
func (s *Server) prepare(w http.ResponseWriter, rc *reqCtx) bool {
	r := rc.r
	rc.site = s.siteOf(r)
	if rc.site.BrandID == "" {
		rc.route = indexRoute
		rc.query = pageQuery(rc.route, rc.query)
		return true
	}
	b, err := s.loadBrand(r.Context(), rc.site.BrandID)
	if err != nil {
		s.failPage(w, rc, err)
		return false
	}
	rc.brand = b
	if u := customDomainRedirect(rc.site, b, r.URL.RawQuery); u != "" {
		http.Redirect(w, r, u, http.StatusMovedPermanently)
		return false
	}
	rc.member = s.pageMember(w, rc)
	s.appMode(w, rc)
	rt, params := matchRoute(rc.site.Rest)
	if rt == nil {
		s.gzipped(w, r, func(w http.ResponseWriter) {
			s.render(w, rc, errorRoute, nil, http.StatusNotFound, &wire.ErrorInfo{Status: http.StatusNotFound, Routing: true})
		})
		return false
	}
	rc.route, rc.params = rt, params
	if rt.Redirect != nil {
		s.redirectUnder(w, rc, *rt.Redirect, r.URL.RawQuery, http.StatusMovedPermanently)
		return false
	}
	d := rt.Guard.decide(b.ModuleSet(), rc.query, rc.site.Rest)
	switch {
	case d.NotFound:
		s.errorPage(w, rc, http.StatusNotFound, storefront.TextPageNotFound)
		return false
	case d.IsRedirect():
		s.redirectUnder(w, rc, d.Redirect, "", d.RedirectStatus)
		return false
	case rt.Member && rc.member == nil: // the member-menu guard
		s.loginFirst(w, rc)
		return false
	}
	rc.query = pageQuery(rt, rc.query) // after the guard: its redirects keep the whole query
	return true
}

// loginFirst answers a member page asked for without a login: a 301 to
// the brand's landing page (home) with login= the page, where the app
// opens the login dialog and then goes on to the page (or, for a brand
// whose members sign in only in its app, says so). A brand with no page to
// land on gets the error page (401).
func (s *Server) loginFirst(w http.ResponseWriter, rc *reqCtx) {
	w.Header().Set("Cache-Control", "no-store") // a 301 the browser must not remember past the login
	rest, ok := home(rc.brand.ModuleSet())
	if !ok {
		s.errorPage(w, rc, http.StatusUnauthorized, "")
		return
	}
	s.redirectUnder(w, rc, rest, url.Values{"login": {rc.r.URL.RequestURI()}}.Encode(), http.StatusMovedPermanently)
}

// redirectUnder redirects to rest (a path under the brand, maybe with its
// own query) on this site, adding rawQuery when given.
func (s *Server) redirectUnder(w http.ResponseWriter, rc *reqCtx, rest, rawQuery string, status int) {
	http.Redirect(w, rc.r, withQuery(underBase(rc.site.BasePath, rest), rawQuery), status)
}

// loadAndRender runs the route's loader and renders its page.
func (s *Server) loadAndRender(w http.ResponseWriter, rc *reqCtx) {
	// a place on the way to a renderer, before the page's data (a client
	// navigation's props need no renderer)
	if rc.r.Header.Get(propsHeader) == "" {
		release, ok := s.pool.Admit()
		if !ok {
			s.shed(w, rc.r)
			return
		}
		defer release()
	}
	var pageData any
	if rc.route.Load != nil {
		d, err := rc.route.Load(s, rc)
		if err != nil {
			s.failPage(w, rc, err)
			return
		}
		pageData = d
	}
	rc.expires = pageExpiry(s.now(), pageData)
	s.render(w, rc, rc.route, pageData, http.StatusOK, nil)
}

// failPage shows err as the error page (spec section 8): a brand whose
// service ended is a 404 with its message, an unknown brand or store a 404,
// anything else the status of its class.
func (s *Server) failPage(w http.ResponseWriter, rc *reqCtx, err error) {
	f := classify(err)
	if f.Status >= 500 && !clientGone(rc.r) {
		s.log.Error("page", "path", rc.r.URL.Path, "request_id", requestIDOf(rc.r), "err", err)
	}
	retryAfter(w, f)
	msg := ""
	if f.Code == storefront.CodeBrandTerminated {
		msg = f.Message
	}
	s.errorPage(w, rc, f.Status, msg)
}

// errorPage renders the error page with status; message "" means the
// status class's own text.
func (s *Server) errorPage(w http.ResponseWriter, rc *reqCtx, status int, message string) {
	s.gzipped(w, rc.r, func(w http.ResponseWriter) {
		s.render(w, rc, errorRoute, nil, status, &wire.ErrorInfo{Status: status, Message: message})
	})
}

// props builds the page's props.
func (s *Server) props(rc *reqCtx, rt *route, pageData any, e *wire.ErrorInfo) *wire.PageProps {
	p := &wire.PageProps{
		Route:        rt.Name,
		Page:         rt.Page,
		Layout:       rt.Layout,
		URL:          pageURL(rc),
		Params:       rc.params,
		Query:        map[string]string{},
		BasePath:     rc.site.BasePath,
		Origin:       rc.site.Origin,
		Env:          rc.site.Env,
		Device:       deviceOf(rc.r),
		Webview:      rc.query.Get("from") == "app",
		BannerClosed: cookieValue(rc.r, cookieBannerClosed) != "",
		Year:         s.now().In(rules.Taipei).Year(),
		ImageVersion: s.imageVersion,
		Error:        e,
		Data:         pageData,
	}
	if e != nil && e.Status >= 500 {
		e.RequestID = requestIDOf(rc.r)
	}
	if p.Layout == "" {
		p.Layout = "default"
	}
	if p.Params == nil {
		p.Params = map[string]string{}
	}
	for k, v := range rc.query {
		if len(v) > 0 {
			p.Query[k] = v[0]
		}
	}
	if rc.brand != nil {
		p.Brand = &wire.BrandProps{BrandID: rc.brand.ID, Colour: s.colour(rc.brand), Palette: rc.brand.Palette, Settings: publicSettingOf(rc.brand), Home: homeInfoOf(rc.brand)}
		if rc.member != nil {
			p.User = userInfoOf(rc.member.user, rc.brand)
		}
		p.Nav = navFor(rc.brand.ModuleSet(), rc.site.BasePath, p.User != nil)
	} else {
		p.Nav = wire.Navigation{Header: []wire.NavLink{}, Member: []wire.NavLink{}, Links: []wire.NavLink{}}
		if e != nil {
			p.Layout = "bare"
		}
	}
	return p
}

// pageURL is the page's path and query as its props show them: for a
// cacheable page only the query it reads, as its cache key has it.
func pageURL(rc *reqCtx) string {
	if rc.route == nil || !rc.route.Cacheable {
		return rc.r.URL.RequestURI()
	}
	u := rc.r.URL.EscapedPath()
	if q := canonicalQuery(rc.query); q != "" {
		u += "?" + q
	}
	return u
}

// render answers the page: its props as JSON for a client navigation, else
// the streamed document. The status and the head go out (and are flushed)
// as soon as a renderer is free, before the render itself; when every
// renderer stays busy past the queue wait the answer is 503 with
// Retry-After.
func (s *Server) render(w http.ResponseWriter, rc *reqCtx, rt *route, pageData any, status int, e *wire.ErrorInfo) {
	props := s.props(rc, rt, pageData, e)
	body, err := json.Marshal(props)
	if err != nil {
		s.log.Error("page props", "path", rc.r.URL.Path, "err", err)
		s.fallback(w, http.StatusInternalServerError)
		return
	}
	h := w.Header()
	h.Set("Vary", propsHeader)
	h.Set("Cache-Control", "no-cache")
	if props.User != nil {
		h.Set("Cache-Control", "private, no-cache")
	}
	if rc.r.Header.Get(propsHeader) == "1" {
		h.Set("Content-Type", "application/json; charset=utf-8")
		w.WriteHeader(status)
		w.Write(body)
		return
	}
	if rc.r.Method == http.MethodHead {
		h.Set("Content-Type", "text/html; charset=utf-8")
		w.WriteHeader(status)
		return
	}
	lease, err := s.acquire(rc)
	if err != nil {
		if errors.Is(err, renderer.ErrBusy) {
			s.shed(w, rc.r)
		}
		return // the client went away
	}
	m := s.bundle.Manifest
	nonce := nonceOf(rc.r) // before the header goes: its policy admits it
	h.Set("Content-Type", "text/html; charset=utf-8")
	// gzipped here, not by the middleware: the CSS goes in compressed once (page_gzip)
	gz := gzipDocFor(w, rc)
	var out io.Writer = w
	if gz != nil {
		out = gz
		defer gz.Close()
	}
	w.WriteHeader(status)
	// the system's CJK sans draws the text; the web font only for a brand that wants it
	fonts := ""
	if rc.brand != nil && rc.brand.WebFont {
		fonts = m.CSS
	}
	head := shell.Head{ThemeColor: themeColour(props), Icon: icon(props), Preloads: m.Preloads(props.Page), CSS: fonts}
	head.Send(out)
	http.NewResponseController(w).Flush()

	started := time.Now()
	res, err := lease.Render(body)
	s.metrics.render.WithLabelValues(props.Page).Observe(time.Since(started).Seconds())
	noindex := false
	if err != nil {
		// the status is already sent: show the error page in its place,
		// kept out of search indexes
		s.log.Error("render", "path", rc.r.URL.Path, "page", props.Page, "err", err)
		props = s.props(rc, errorRoute, nil, &wire.ErrorInfo{Status: http.StatusInternalServerError})
		body, _ = json.Marshal(props)
		res, err = s.renderNow(rc, body)
		if err != nil {
			s.log.Error("render error page", "err", err)
			out.Write([]byte(fallbackBody(http.StatusInternalServerError)))
			return
		}
		noindex = true
	}
	doc := shell.Body{HeadTags: res.Head, NoIndex: noindex, StyleIDs: res.StyleIDs, CSS: safeCSS(res.CSS), HTML: res.HTML, Props: body, Entry: m.Entry.File, Fonts: fonts, Nonce: nonce}
	doc.Send(out)
}

// renderNow acquires a runtime and renders.
func (s *Server) renderNow(rc *reqCtx, body []byte) (*renderer.Result, error) {
	lease, err := s.pool.Acquire(rc.ctx())
	if err != nil {
		return nil, err
	}
	return lease.Render(body)
}

func themeColour(p *wire.PageProps) string {
	if p.Brand != nil {
		return p.Brand.Colour
	}
	return "#91C423"
}

// icon is the brand's logo, or the storefront's own icon.
func icon(p *wire.PageProps) string {
	if p.Brand != nil && p.Brand.Settings.AppLogo != "" {
		return p.Brand.Settings.AppLogo
	}
	return "/favicon.ico"
}

// safeCSS keeps a style element's content from closing it.
func safeCSS(css string) string { return strings.ReplaceAll(css, "</", `<\/`) }

// fallback answers a whole minimal document when nothing can be rendered.
func (s *Server) fallback(w http.ResponseWriter, status int) {
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.WriteHeader(status)
	w.Write(fallbackDoc(status))
}

// fallbackDoc is fallback's document.
func fallbackDoc(status int) []byte {
	return []byte(`<!doctype html><html lang="zh-Hant"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">` +
		fallbackBody(status))
}

// fallbackBody closes the head and shows the status's text.
func fallbackBody(status int) string {
	msg := storefront.CodeText(storefront.CodeInternal)
	if status == http.StatusServiceUnavailable {
		msg = storefront.CodeText(storefront.CodeUnavailable)
	}
	return fmt.Sprintf(`<title>%d</title></head><body style="font-family:sans-serif;text-align:center;padding:48px 16px"><h1>%d</h1><p>%s</p></body></html>`,
		status, status, html.EscapeString(msg))
}
