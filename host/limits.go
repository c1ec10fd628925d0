package host

import (
	"log/slog"
	"net/http"
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
