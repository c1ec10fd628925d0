package host

import (
	"log/slog"
	"net/http"
	"sync/atomic"
	"time"
)

// maxURL is the longest request target (path and query) the storefront
// answers; a longer one is 414 before any work (issue 10, defect 2). No
// page or API call reads anything near it.
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
			http.Error(w, "網址過長", http.StatusRequestURITooLong)
			return
		}
		next.ServeHTTP(w, r)
	})
}

// Shedding (issue 15, goal 3): when every renderer is busy and the queue
// for them is full, a request that needs a render is refused at once,
// before its brand, member or page data are loaded, so that a refusal costs
// a small fraction of a render and the renderers keep their throughput.
// A request that will render takes a place (renderer.Pool.Admit) before
// its page's data load, so that no more requests load data than can
// render.

// needsRender reports whether r is answered by a render whatever the page
// cache holds: a page request (not a client navigation's props) of a member
// or with the page cache off. Anonymous requests go on to the page cache,
// and are refused after a miss, before the page's data load.
func (s *Server) needsRender(r *http.Request) bool {
	return r.Method == http.MethodGet && r.Header.Get(propsHeader) == "" && (s.pages == nil || hasSession(r))
}

// shedding reports whether a render would be refused now.
func (s *Server) shedding(r *http.Request) bool {
	return r.Method == http.MethodGet && r.Header.Get(propsHeader) == "" && s.pool.Saturated()
}

// lastShedLog is when a refusal was last logged (Unix seconds): one line a
// second at most, so that logging does not make refusing dear.
var lastShedLog atomic.Int64

// shed answers 503 with Retry-After: the renderers are busy.
func (s *Server) shed(w http.ResponseWriter, r *http.Request) {
	s.metrics.shed.Inc()
	if now := time.Now().Unix(); lastShedLog.Load() != now && lastShedLog.Swap(now) != now {
		s.log.Warn("renderer busy: shedding", "path", r.URL.Path, "waiting", s.pool.Waiting())
	}
	w.Header().Set("Retry-After", "1")
	s.fallback(w, http.StatusServiceUnavailable)
}
