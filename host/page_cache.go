package host

import (
	"bytes"
	"compress/gzip"
	"context"
	"crypto/sha256"
	"encoding/base64"
	"io"
	"net/http"
	"strconv"
	"sync/atomic"
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
	Style    string // the CSP hash source of its emotion <style> (http_secheaders.go)
	Gzip     []byte
	Brotli   []byte
	Rendered time.Time
	// Expires, when set, is when the page stops being true: its earliest
	// listed session starts, or the day it shows ends (pageExpiry). From
	// then on it is never served, not even stale.
	Expires time.Time
	Keys    string // its surrogate keys (page_edge.go)
	// csp is its answers' policy, made once per entry in this process
	csp atomic.Pointer[[]string]
	// hdr are its answers' other header values, made once per entry in
	// this process, and cc its last Cache-Control (edgeCacheControl)
	hdr atomic.Pointer[pageHeaders]
	cc  atomic.Pointer[edgeLife]
}

// pageHeaders are the header values of a cached page's answers that are
// the same for every answer, as the slices an http.Header holds: no
// allocation per answer.
type pageHeaders struct {
	etag, keys         []string
	brotliLen, gzipLen []string // Content-Length of each encoding
}

// headers are p's pageHeaders.
func (p *cachedPage) headers() *pageHeaders {
	if v := p.hdr.Load(); v != nil {
		return v
	}
	v := &pageHeaders{etag: []string{p.ETag}, keys: []string{p.Keys},
		brotliLen: []string{strconv.Itoa(len(p.Brotli))}, gzipLen: []string{strconv.Itoa(len(p.Gzip))}}
	p.hdr.Store(v)
	return v
}

// policy is the Content-Security-Policy of p's answers: no nonce, its
// emotion <style> by hash (http_secheaders.go).
func (p *cachedPage) policy() []string {
	if v := p.csp.Load(); v != nil {
		return *v
	}
	v := []string{cspFor("", p.Style)}
	p.csp.Store(&v)
	return v
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
	plain       *otter.Cache[string, *plainDoc]
	plainFlight singleflight.Group
	warm        *warmer // pages rendered again after a change (page_warm.go)
}

func newPageCache(maxBytes uint64) *pageCache {
	return &pageCache{
		local: otter.Must(&otter.Options[string, *cachedPage]{
			MaximumWeight:    maxBytes,
			Weigher:          pageWeight,
			ExpiryCalculator: otter.ExpiryWriting[string, *cachedPage](pageStaleMax),
		}),
		plain: otter.Must(&otter.Options[string, *plainDoc]{
			MaximumWeight:    pagePlainBytes,
			Weigher:          func(etag string, d *plainDoc) uint32 { return uint32(len(etag) + len(d.body) + 96) },
			ExpiryCalculator: otter.ExpiryAccessing[string, *plainDoc](pageStaleMax),
			OnAtomicDeletion: func(e otter.DeletionEvent[string, *plainDoc]) { e.Value.file.close() }, // as it leaves: no answer takes a handle after
		}),
		warm: newWarmer(),
	}
}

// plainDoc is a cached page's identity bytes and their Content-Length.
type plainDoc struct {
	body   []byte
	length []string
	file   *bodyFile // the bytes in a memory file, for sendfile (page_cache_send.go); nil for a small one
}

// plainOf returns p's identity bytes: from the bounded identity cache, else
// decompressed once (however many requests ask at once) and kept.
func (c *pageCache) plainOf(p *cachedPage) (*plainDoc, error) {
	if d, ok := c.plain.GetIfPresent(p.ETag); ok {
		return d, nil
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
		d := &plainDoc{body: b, length: []string{strconv.Itoa(len(b))}}
		if len(b) >= sendfileMin {
			d.file = newBodyFile(b)
		}
		c.plain.Set(p.ETag, d)
		return d, nil
	})
	if err != nil {
		return nil, err
	}
	return v.(*plainDoc), nil
}

// pageWeight is about the bytes an entry holds.
func pageWeight(key string, p *cachedPage) uint32 {
	return uint32(len(key) + len(p.ETag) + len(p.Gzip) + len(p.Brotli) + 128)
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
// and stores it: in the background (page_warm.go), on a runtime no visitor
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
	rc.captured = true
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
