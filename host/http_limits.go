package host

import (
	"log/slog"
	"net/http"
	"storefront"
	"sync/atomic"
	"time"
)

// maxURL is the longest request target (path and query) the storefront
// answers; a longer one is 414 before any work. No page or API call
// reads anything near it.
const maxURL = 8 << 10

// maxHeader bounds what net/http reads of a request's line and headers
// (its default is 1 MB): a longer request is refused with 431 while it is
// read, so an absurd URL costs 32 KiB of buffer, not its own size. URLs
// between maxURL and this get the 414 below.
const maxHeader = 32 << 10

// httpServer is the storefront's HTTP server around h: its timeouts and
// its limit on the request head.
func httpServer(h http.Handler, log *slog.Logger) *http.Server {
	return &http.Server{
		Handler:           h,
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       30 * time.Second,
		WriteTimeout:      60 * time.Second,
		IdleTimeout:       120 * time.Second,
		MaxHeaderBytes:    maxHeader,
		ErrorLog:          slog.NewLogLogger(log.Handler(), slog.LevelWarn),
	}
}

// limitURL answers 414 to a request target past maxURL.
func limitURL(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if len(r.RequestURI) > maxURL || len(r.URL.Path)+len(r.URL.RawQuery) > maxURL {
			w.Header().Set("Connection", "close")
			http.Error(w, storefront.TextURLTooLong, http.StatusRequestURITooLong)
			return
		}
		next.ServeHTTP(w, r)
	})
}

// Shedding: when every renderer is busy and the queue
// for them is full, a request that needs a render is refused at once: the
// route table (server_routes.go routes) refuses it before the middleware, the
// brand, the member or the page's data, with a document and headers made
// once, so that a refusal costs a small fraction of a render and the
// renderers keep their throughput. A request that will render takes a
// place (renderer.Pool.Admit) before its page's data load, so that no more
// requests load data than can render.

// refuseAtOnce reports whether the page request r is to be refused before
// any work: it is answered by a render whatever the page cache holds (a
// document, not a client navigation's props, for a member or with the page
// cache off), and a render would be refused now. Anonymous requests go on
// to the page cache, and are refused after a miss, before the page's data
// load.
func (s *Server) refuseAtOnce(r *http.Request) bool {
	return r.Method == http.MethodGet && s.pool.Saturated() && r.Header.Get(propsHeader) == "" &&
		(s.pages == nil || hasSession(r))
}

// lastShedLog is when a refusal was last logged (Unix seconds): one line a
// second at most, so that logging does not make refusing dear.
var lastShedLog atomic.Int64

// busyDoc is a refusal's document, made once: it runs no script and has
// no style element (its policy admits no nonce).
var busyDoc = fallbackDoc(http.StatusServiceUnavailable)

// shed answers 503 with Retry-After: the renderers are busy. It sets the
// security headers itself, as the refusals before the middleware have none.
func (s *Server) shed(w http.ResponseWriter, r *http.Request) {
	s.metrics.shed.Inc()
	if now := time.Now().Unix(); lastShedLog.Load() != now && lastShedLog.Swap(now) != now {
		s.log.Warn("renderer busy: shedding", "path", r.URL.Path, "waiting", s.pool.Waiting())
	}
	h := w.Header()
	s.setSecurityHeaders(h, r, hdrNoNonceCSP)
	h.Set("Retry-After", "1")
	h.Set("Cache-Control", "no-store")
	h.Set("Content-Type", "text/html; charset=utf-8")
	w.WriteHeader(http.StatusServiceUnavailable)
	w.Write(busyDoc)
}
