package host

import (
	"bytes"
	"compress/gzip"
	"context"
	"crypto/sha256"
	"encoding/base64"
	"io"
	"net/http"
	"net/url"
	"sort"
	"strconv"
	"strings"
	"time"

	"storefront/data"
	"storefront/host/wire"
	"storefront/rules"

	"github.com/andybalholm/brotli"
	"github.com/maypok86/otter/v2"
	"golang.org/x/sync/singleflight"
)

// The rendered-page cache: whole documents of pages anonymous visitors see,
// kept compressed, in this process (decoded, ready to write) and in Redis
// (shared by every process). An entry is keyed by everything that changes
// the page: build, brand and its data version, the site's trusted origin
// and environment (not the raw Host: any Host is served), path, query, device
// class, the app-banner cookie and the year. A catalogue change bumps the
// data version, so the next request renders afresh (once: one render per
// key however many requests come at once). Within a data version an entry
// is fresh for pageFresh; after that it is served stale while one request
// renders its replacement in the background, so a popular page never waits
// for a render.

const (
	pageFresh      = 5 * time.Minute // served as is
	pageStaleMax   = time.Hour       // served stale while revalidating, then dropped
	pageLocalBytes = 16 << 20        // bytes of documents kept in process (GOGC multiplies what is live)
	pagePlainBytes = 8 << 20         // bytes of identity (uncompressed) documents kept in process
)

// cachedPage is one cached document.
type cachedPage struct {
	Status   int
	ETag     string
	Style    string // the CSP hash source of its emotion <style> (secheaders.go)
	Gzip     []byte
	Brotli   []byte
	Rendered time.Time
	// Expires, when set, is when the page stops being true: its earliest
	// listed session starts, or the day it shows ends (pageExpiry). From
	// then on it is never served, not even stale.
	Expires time.Time
	Keys    string // its surrogate keys (edge.go)
}

// expired reports whether p shows something no longer true at now.
func (p *cachedPage) expired(now time.Time) bool {
	return !p.Expires.IsZero() && !now.Before(p.Expires)
}

type pageCache struct {
	local  *otter.Cache[string, *cachedPage] // bounded by bytes (weight)
	flight singleflight.Group
	// plain keeps the identity bytes of the documents clients without
	// compression asked for, by ETag (the document's hash), so a hot page
	// is decompressed once, not per request; bounded by bytes.
	plain       *otter.Cache[string, []byte]
	plainFlight singleflight.Group
	warm        *warmer // pages rendered again after a change (warm.go)
}

func newPageCache(maxBytes uint64) *pageCache {
	return &pageCache{
		local: otter.Must(&otter.Options[string, *cachedPage]{
			MaximumWeight:    maxBytes,
			Weigher:          pageWeight,
			ExpiryCalculator: otter.ExpiryWriting[string, *cachedPage](pageStaleMax),
		}),
		plain: otter.Must(&otter.Options[string, []byte]{
			MaximumWeight:    pagePlainBytes,
			Weigher:          func(etag string, b []byte) uint32 { return uint32(len(etag) + len(b) + 64) },
			ExpiryCalculator: otter.ExpiryAccessing[string, []byte](pageStaleMax),
		}),
		warm: newWarmer(),
	}
}

// plainOf returns p's identity bytes: from the bounded identity cache, else
// decompressed once (however many requests ask at once) and kept.
func (c *pageCache) plainOf(p *cachedPage) ([]byte, error) {
	if b, ok := c.plain.GetIfPresent(p.ETag); ok {
		return b, nil
	}
	v, err, _ := c.plainFlight.Do(p.ETag, func() (any, error) {
		zr, err := gzip.NewReader(bytes.NewReader(p.Gzip))
		if err != nil {
			return nil, err
		}
		b, err := io.ReadAll(zr)
		if err != nil {
			return nil, err
		}
		c.plain.Set(p.ETag, b)
		return b, nil
	})
	if err != nil {
		return nil, err
	}
	return v.([]byte), nil
}

// pageWeight is about the bytes an entry holds.
func pageWeight(key string, p *cachedPage) uint32 {
	return uint32(len(key) + len(p.ETag) + len(p.Gzip) + len(p.Brotli) + 128)
}

// commonQuery are the query parameters every page reads: from=app (the
// app's webview), privateToken (a private link: noindex, no banners) and
// login (the member guard's redirect: the login dialog opens, then the
// member lands on that path).
var commonQuery = []string{"from", "privateToken", "login"}

// pageValues are the values a page tells apart, for the parameters whose
// other values it ignores: brand home's tabs are 0-3 (spec section 2; any
// other shows the first) and its type only matters as plan. A value the
// page ignores is dropped like an unknown parameter. (A bad page number
// is kept: the activity list answers it with 400.)
var pageValues = map[string]func(string) bool{
	"projectType": func(v string) bool { return len(v) == 1 && v[0] >= '0' && v[0] <= '3' },
	"type":        func(v string) bool { return v == "plan" },
}

// pageQuery keeps of q only the parameters a cacheable route reads, with
// the values it tells apart, so an unknown parameter or an ignored value
// neither changes the page nor makes a new cache entry. Other routes see
// the whole query.
func pageQuery(rt *route, q url.Values) url.Values {
	if !rt.Cacheable {
		return q
	}
	kept := url.Values{}
	for k, vs := range q {
		if !contains(commonQuery, k) && !contains(rt.Query, k) {
			continue
		}
		for _, v := range vs {
			if ok := pageValues[k]; ok == nil || ok(v) {
				kept[k] = append(kept[k], v)
			}
		}
	}
	return kept
}

// trackingParams are query parameters that never change a page.
var trackingParams = []string{"fbclid", "gclid", "yclid", "msclkid", "_ga"}

// canonicalQuery sorts the query and drops tracking parameters, so links
// that differ only in those share a page.
func canonicalQuery(q url.Values) string {
	keys := make([]string, 0, len(q))
	for k := range q {
		if strings.HasPrefix(k, "utm_") || contains(trackingParams, k) {
			continue
		}
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var b strings.Builder
	for _, k := range keys {
		vs := append([]string(nil), q[k]...)
		sort.Strings(vs)
		for _, v := range vs {
			if b.Len() > 0 {
				b.WriteByte('&')
			}
			b.WriteString(url.QueryEscape(k))
			b.WriteByte('=')
			b.WriteString(url.QueryEscape(v))
		}
	}
	return b.String()
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// hasSession reports whether the request names a member's session: such
// pages are the member's own and never shared.
func hasSession(r *http.Request) bool {
	return cookieValue(r, cookieSession) != "" || r.Header.Get("Authorization") != ""
}

// cacheable reports whether the page of rc may come from the page cache.
func (s *Server) cacheable(rc *reqCtx) bool {
	return s.pages != nil && rc.route.Cacheable && !hasSession(rc.r) &&
		rc.r.Header.Get(propsHeader) == "" && (rc.r.Method == http.MethodGet || rc.r.Method == http.MethodHead)
}

// pageKey is the cache key of rc's page, and its shape: the part of the
// key that names the page across data versions (warm.go counts hits by
// it), a suffix of the key.
func (s *Server) pageKey(rc *reqCtx) (key, shape string) {
	brand, version := "-", int64(0)
	if rc.brand != nil {
		brand, version = rc.brand.ID, rc.brand.DataVersion
	}
	banner := "0"
	if cookieValue(rc.r, cookieBannerClosed) != "" {
		banner = "1"
	}
	var b strings.Builder
	for _, part := range []string{"page:", s.bundle.Manifest.BuildID, ":", strconv.Itoa(s.now().In(rules.Taipei).Year()), ":",
		strconv.FormatInt(version, 10), "|", brand, ":", rc.site.Origin, ":", rc.site.Env, ":", rc.r.URL.Path, "?",
		canonicalQuery(rc.query), ":", deviceOf(rc.r), ":", banner} {
		b.WriteString(part)
	}
	key = b.String()
	return key, key[strings.IndexByte(key, '|')+1:]
}

// servePage answers a cacheable page from the cache, rendering it when
// missing (once per key) and refreshing it in the background when stale.
func (s *Server) servePage(w http.ResponseWriter, rc *reqCtx) {
	key, shape := s.pageKey(rc)
	if rc.brand != nil {
		s.pages.warm.count(rc.brand.ID, shape, rc.r)
	}
	if p := s.lookupPage(rc.ctx(), key); p != nil {
		age := s.now().Sub(p.Rendered)
		state := "hit"
		if age > pageFresh {
			state = "stale"
			go s.fillPage(key, rc.r.Clone(context.Background()))
		}
		s.writeCachedPage(w, rc.r, p, state)
		return
	}
	// Miss: the first request renders (streaming to its own client); the
	// others for the same key wait for that render and share it.
	leader := false
	v, _, _ := s.pages.flight.Do(key, func() (any, error) {
		leader = true
		var p *cachedPage
		s.gzipped(w, rc.r, func(w http.ResponseWriter) { p = s.renderPageTo(key, rc, w) })
		return p, nil
	})
	if !leader {
		if p, _ := v.(*cachedPage); p != nil {
			s.writeCachedPage(w, rc.r, p, "shared")
			return
		}
		// the leader's page was not cacheable (an error): render our own
		s.gzipped(w, rc.r, func(w http.ResponseWriter) { s.loadAndRender(w, rc) })
	}
}

// fillPage renders key's page for a detached copy of a request, once,
// and stores it: in the background (warm.go), on a runtime no visitor
// wants.
func (s *Server) fillPage(key string, r *http.Request) {
	s.pages.flight.Do(key, func() (any, error) {
		rc := &reqCtx{r: r, query: r.URL.Query(), background: true}
		if !s.prepare(discardWriter{}, rc) {
			return nil, nil
		}
		return s.renderPageTo(key, rc, discardWriter{}), nil
	})
}

// renderPageTo renders rc's page to w and, when it is a 200, stores it.
func (s *Server) renderPageTo(key string, rc *reqCtx, w http.ResponseWriter) *cachedPage {
	tee := &teeWriter{ResponseWriter: w, status: http.StatusOK}
	s.loadAndRender(tee, rc)
	if tee.status != http.StatusOK {
		return nil
	}
	now := s.now()
	p := compressPage(tee.buf.Bytes(), now)
	p.Expires, p.Keys = rc.expires, surrogateKeys(rc)
	ttl := pageStaleMax
	if !p.Expires.IsZero() {
		if ttl = min(ttl, p.Expires.Sub(now)); ttl <= 0 {
			return nil // already past: a page for this request only
		}
	}
	s.pages.local.Set(key, p)
	s.cache.SetShared(context.Background(), key, p, ttl)
	return p
}

// lookupPage reads the process's copy, else the shared one; a page past
// its Expires is a miss.
func (s *Server) lookupPage(ctx context.Context, key string) *cachedPage {
	now := s.now()
	if p, ok := s.pages.local.GetIfPresent(key); ok {
		if !p.expired(now) {
			return p
		}
		s.pages.local.Invalidate(key)
		return nil
	}
	var p cachedPage
	if s.cache.GetShared(ctx, key, &p) && p.Status == http.StatusOK && !p.expired(now) {
		s.pages.local.Set(key, &p)
		return &p
	}
	return nil
}

// compressPage makes the cache entry of a rendered document.
func compressPage(doc []byte, now time.Time) *cachedPage {
	sum := sha256.Sum256(doc)
	var gz, br bytes.Buffer
	gw, _ := gzip.NewWriterLevel(&gz, gzip.BestCompression)
	gw.Write(doc)
	gw.Close()
	bw := brotli.NewWriterLevel(&br, 7)
	bw.Write(doc)
	bw.Close()
	return &cachedPage{
		Status:   http.StatusOK,
		Style:    styleHash(doc),
		ETag:     `"` + base64.RawURLEncoding.EncodeToString(sum[:12]) + `"`,
		Gzip:     gz.Bytes(),
		Brotli:   br.Bytes(),
		Rendered: now,
	}
}

// writeCachedPage answers with a cached document: 304 when the client has
// it, else brotli or gzip as the client accepts, else plain (identity
// bytes kept beside the compressed ones: no request decompresses).
func (s *Server) writeCachedPage(w http.ResponseWriter, r *http.Request, p *cachedPage, state string) {
	h := w.Header()
	// constant values are shared slices: no allocation per request
	h["Content-Type"] = hdrHTML
	h["Cache-Control"] = hdrNoCache
	if cc := edgeCacheControl(p, s.now()); cc != "" {
		h["Cache-Control"] = []string{cc}
		h[xkeyHeader] = []string{p.Keys}
	}
	h["Vary"] = hdrVaryShared
	h["Etag"] = []string{p.ETag}
	h["X-Page-Cache"] = pageStates[state]
	h.Set("Content-Security-Policy", cspFor(nonceOf(r), p.Style))
	if etagMatch(r.Header.Get("If-None-Match"), p.ETag) {
		w.WriteHeader(http.StatusNotModified)
		return
	}
	body := p.Gzip
	switch ae := r.Header.Get("Accept-Encoding"); {
	case accepts(ae, "br"):
		h["Content-Encoding"] = hdrBrotli
		body = p.Brotli
	case accepts(ae, "gzip"):
		h["Content-Encoding"] = hdrGzip
	default:
		plain, err := s.pages.plainOf(p)
		if err != nil {
			s.log.Error("cached page", "path", r.URL.Path, "err", err)
			http.Error(w, "伺服器發生錯誤，請稍後再試", http.StatusInternalServerError)
			return
		}
		body = plain
	}
	h["Content-Length"] = []string{strconv.Itoa(len(body))}
	w.WriteHeader(p.Status)
	if r.Method != http.MethodHead {
		w.Write(body)
	}
}

var (
	hdrHTML    = []string{"text/html; charset=utf-8"}
	hdrNoCache = []string{"no-cache"}
	hdrBrotli  = []string{"br"}
	hdrGzip    = []string{"gzip"}
	pageStates = map[string][]string{"hit": {"hit"}, "stale": {"stale"}, "shared": {"shared"}}
)

// etagMatch reports whether an If-None-Match header names etag.
func etagMatch(header, etag string) bool {
	for _, t := range strings.Split(header, ",") {
		t = strings.TrimPrefix(strings.TrimSpace(t), "W/")
		if t == etag || t == "*" {
			return true
		}
	}
	return false
}

// teeWriter passes a response through and keeps a copy of it.
type teeWriter struct {
	http.ResponseWriter
	buf    bytes.Buffer
	status int
}

func (t *teeWriter) WriteHeader(code int) {
	t.status = code
	t.ResponseWriter.WriteHeader(code)
}

func (t *teeWriter) Write(b []byte) (int, error) {
	t.buf.Write(b)
	t.ResponseWriter.Write(b) // a client that left does not spoil the copy
	return len(b), nil
}

func (t *teeWriter) Flush() { http.NewResponseController(t.ResponseWriter).Flush() }

// Unwrap lets http.ResponseController reach the real writer.
func (t *teeWriter) Unwrap() http.ResponseWriter { return t.ResponseWriter }

// discardWriter is the client of a background render.
type discardWriter struct{}

func (discardWriter) Header() http.Header         { return http.Header{} }
func (discardWriter) Write(b []byte) (int, error) { return len(b), nil }
func (discardWriter) WriteHeader(int)             {}

// pageExpiry is when a page of pageData stops being true: when its earliest
// listed session starts, else when the day it shows ends.
func pageExpiry(now time.Time, pageData any) time.Time {
	var lists [][]rules.Schedule
	activities := func(as []data.Activity) {
		for _, a := range as {
			lists = append(lists, a.ScheduleList)
		}
	}
	switch d := pageData.(type) {
	case *wire.BrandHome:
		activities(d.Activities)
	case *wire.ActivityList:
		activities(d.List)
	case *wire.SearchPage:
		if d.Result != nil {
			activities(d.Result.List)
		}
	case *data.CourseDetail:
		lists = append(lists, d.ScheduleList)
	}
	return rules.PageExpiry(now, lists...)
}
