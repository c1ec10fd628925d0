package host

import (
	"context"
	"io"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// Ready for an edge cache. A page the page cache serves
// to an anonymous visitor is the same for everyone whose request has the
// same shape, so it says so to shared caches:
//
//   - Cache-Control: public, max-age=0 (browsers revalidate with the ETag),
//     s-maxage for what is left of its freshness and stale-while-revalidate
//     for what is left of its stale time, both cut at its Expires (the
//     first listed session's start: an edge never serves a started class);
//   - xkey: its surrogate keys, the brand's (purged on every change of the
//     brand's data) and its data's (brand:ID:course:N, brand:ID:item:T:N,
//     ...), so an edge can drop exactly what changed;
//   - Vary: everything the page cache key takes from the request: the
//     encoding, a client navigation's props header, the device class (from
//     the User-Agent) and the cookies (app banner closed, app mode; the VCL
//     in deploy/varnish keeps only those and passes members' requests).
//
// Only page-cache answers are shareable. A fresh render streams a document
// with this response's CSP nonce (an edge would hand one nonce to
// everyone) and stays no-cache; the next request finds it in the page
// cache. Member pages are private, and so is any answer that sets a
// cookie (privateCookies, for every route).

const xkeyHeader = "Xkey"

var hdrVaryShared = []string{"Accept-Encoding, " + propsHeader + ", User-Agent, Cookie"}

// edgeCacheControl is the Cache-Control of a page-cache answer of p at
// now; nil when nothing of its life is left to share. Its value changes
// at most once a second: p keeps the last one made (a shared slice, no
// allocation per answer).
func edgeCacheControl(p *cachedPage, now time.Time) []string {
	age := now.Sub(p.Rendered)
	fresh, stale := pageFresh-age, pageStaleMax-age
	if !p.Expires.IsZero() {
		left := p.Expires.Sub(now)
		fresh, stale = min(fresh, left), min(stale, left)
	}
	f, st := int64(max(fresh, 0)/time.Second), int64(max(stale, 0)/time.Second)
	if st <= 0 {
		return nil
	}
	if v := p.cc.Load(); v != nil && v.fresh == f && v.stale == st {
		return v.value
	}
	v := &edgeLife{f, st, []string{"public, max-age=0, s-maxage=" + strconv.FormatInt(f, 10) + ", stale-while-revalidate=" + strconv.FormatInt(st-f, 10)}}
	p.cc.Store(v)
	return v.value
}

// edgeLife is a Cache-Control value of a cached page and the seconds of
// freshness and stale time it was made for.
type edgeLife struct {
	fresh, stale int64
	value        []string
}

// surrogateKeys are the xkey keys of rc's page: every page's, the brand's
// and its data's.
func surrogateKeys(rc *reqCtx) string {
	if rc.brand == nil {
		return "storefront"
	}
	brand := "brand:" + rc.brand.ID
	keys := []string{"storefront", brand, brand + ":page:" + rc.route.Page}
	p := rc.params
	switch rc.route {
	case routeCourse:
		keys = append(keys, brand+":course:"+p["courseId"])
	case routeItem:
		keys = append(keys, brand+":item:"+p["itemType"]+":"+p["itemId"])
	case routeTermIntro, routeTermClass:
		keys = append(keys, brand+":term:"+p["termScheduleId"])
	}
	return strings.Join(keys, " ")
}

// brandSurrogateKey is the key that names every page of brandID ("": of
// every brand).
func brandSurrogateKey(brandID string) string {
	if brandID == "" {
		return "storefront"
	}
	return "brand:" + brandID
}

// purgeEdge asks the edge cache (STOREFRONT_EDGE_PURGE_URL) to drop every
// page of brandID ("": every page): a PURGE with the brand's xkey. A
// failure is logged; the pages' s-maxage bounds how long an edge that
// missed it serves the old ones.
func (s *Server) purgeEdge(brandID string) {
	if s.cfg.EdgePurgeURL == "" {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, "PURGE", s.cfg.EdgePurgeURL, nil)
	if err != nil {
		s.log.Error("edge purge", "err", err)
		return
	}
	req.Header.Set("xkey", brandSurrogateKey(brandID))
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		s.log.Warn("edge purge", "brand", brandID, "err", err)
		return
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		s.log.Warn("edge purge", "brand", brandID, "status", resp.Status)
	}
}

// privateCookies makes every answer that sets a cookie private: whatever
// a handler said, no shared cache may keep it or hand it to another.
func privateCookies(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		next.ServeHTTP(&cookieGuard{ResponseWriter: w}, r)
	})
}

type cookieGuard struct {
	http.ResponseWriter
	wrote bool
}

func (g *cookieGuard) WriteHeader(code int) {
	if !g.wrote {
		g.wrote = true
		h := g.ResponseWriter.Header()
		if len(h["Set-Cookie"]) > 0 {
			if cc := h.Get("Cache-Control"); !strings.Contains(cc, "private") && !strings.Contains(cc, "no-store") {
				h.Set("Cache-Control", "private, no-cache")
			}
			delete(h, xkeyHeader)
		}
	}
	g.ResponseWriter.WriteHeader(code)
}

func (g *cookieGuard) Write(b []byte) (int, error) {
	if !g.wrote {
		g.WriteHeader(http.StatusOK)
	}
	return g.ResponseWriter.Write(b)
}

func (g *cookieGuard) Flush() {
	if !g.wrote {
		g.WriteHeader(http.StatusOK)
	}
	http.NewResponseController(g.ResponseWriter).Flush()
}

// ReadFrom passes a file on to the writer beneath, which sends it with
// sendfile (page_cache_send.go).
func (g *cookieGuard) ReadFrom(r io.Reader) (int64, error) {
	if !g.wrote {
		g.WriteHeader(http.StatusOK)
	}
	return io.Copy(g.ResponseWriter, r)
}

// Unwrap lets http.ResponseController reach the real writer.
func (g *cookieGuard) Unwrap() http.ResponseWriter { return g.ResponseWriter }
