package host

import "net/http"

// maxURL is the longest request target (path and query) the storefront
// answers; a longer one is 414 before any work (issue 10, defect 2). No
// page or API call reads anything near it.
const maxURL = 8 << 10

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
