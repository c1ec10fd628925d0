package host

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"io"
	"log/slog"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"sync"
	"time"
)

// Every request gets an id (a trusted proxy's X-Request-Id when it is a
// sane token, else a new one), sent back as X-Request-Id, shown on the 5xx
// error page and written in its access-log line, so a member's report can
// be found in the logs.

// reqInfo is what the observe middleware learns about a request while it
// is served.
type reqInfo struct {
	id        string
	route     string // the ServeMux pattern, or the page route's name
	cacheable bool   // a page the page cache may answer
	path      string // the path as logs show it (logPath)
	nonce     responseNonce
	// made with it, not each on its own: the X-Request-Id header's value
	// and the writer that notes the answer's status and size
	idHeader [1]string
	sw       statusWriter
}

type reqInfoKey struct{}

// infoOf is what the observe middleware learns about r (nil outside it).
func infoOf(r *http.Request) *reqInfo {
	i, _ := r.Context().Value(reqInfoKey{}).(*reqInfo)
	return i
}

var requestIDPattern = regexp.MustCompile(`^[A-Za-z0-9._:-]{8,64}$`)

func newRequestID() string {
	var b [12]byte
	rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

// requestIDOf is the request's id, "" outside the observe middleware.
func requestIDOf(r *http.Request) string {
	if i := infoOf(r); i != nil {
		return i.id
	}
	return ""
}

// setRoute names the route serving r, for metrics and the access log;
// cacheable says the page cache may answer it.
func setRoute(r *http.Request, route string, cacheable bool) {
	if i := infoOf(r); i != nil {
		i.route, i.cacheable = route, cacheable
	}
}

// secretParams are the path wildcards of the route table that carry a
// credential or a member's personal data: spec section 7's
// /api/user/userInfo/{brandId}/{sessionId}/{userId} and the term checks'
// {account} (the member's e-mail). Logs show them as {name}, never their
// values; a route whose path carries such a value names its wildcard here.
var secretParams = map[string]bool{"sessionId": true, "account": true}

// setPattern notes that the ServeMux pattern serves r: its route, and the
// path logs show with the values of its secret wildcards hidden. A route
// without secret wildcards costs no work beyond a map lookup.
func setPattern(r *http.Request, pattern string) {
	i := infoOf(r)
	if i == nil {
		return
	}
	i.route = pattern
	secret := secretSegments(pattern)
	if len(secret) == 0 && pattern != apiNotFound {
		return
	}
	segs := strings.Split(r.URL.EscapedPath(), "/")[1:]
	hidden := false
	for _, sg := range secret {
		if sg.at < len(segs) {
			segs[sg.at], hidden = sg.name, true
		}
	}
	if pattern == apiNotFound { // no route took it: a secret route's path sent with another method or shape, say
		for k, seg := range segs {
			if looksSecret(seg) {
				segs[k], hidden = "{hidden}", true
			}
		}
	}
	if hidden {
		i.path = "/" + strings.Join(segs, "/")
		if u, err := url.PathUnescape(i.path); err == nil {
			i.path = u
		}
	}
}

// secretSeg is a secret wildcard of a pattern: the path segment it takes
// (0 the first after the leading slash) and how logs show it ({sessionId}).
type secretSeg struct {
	at   int
	name string
}

// secretSegsOf keeps each pattern's secret wildcards (secretSegments): the
// route table's patterns are a fixed set, each read once.
var secretSegsOf sync.Map

// secretSegments lists the wildcards of pattern that secretParams names.
func secretSegments(pattern string) []secretSeg {
	if v, ok := secretSegsOf.Load(pattern); ok {
		return v.([]secretSeg)
	}
	var out []secretSeg
	_, p, _ := strings.Cut(pattern, "/")
	for k, seg := range strings.Split(p, "/") {
		if name, ok := strings.CutPrefix(seg, "{"); ok && secretParams[strings.TrimSuffix(name, "}")] {
			out = append(out, secretSeg{k, seg})
		}
	}
	secretSegsOf.Store(pattern, out)
	return out
}

// apiNotFound is the pattern of the API's not-found answer: every /api/
// path no route takes.
const apiNotFound = "/api/"

// looksSecret reports whether a segment of a path no route took may be a
// credential or an e-mail address, which logs must not show: 24 or more
// characters (a session id is 43, an order number 16), or an @.
func looksSecret(seg string) bool {
	return len(seg) >= 24 || strings.Contains(seg, "@") || strings.Contains(strings.ToLower(seg), "%40")
}

// logPath is the request's path as logs may show it: secret path values
// hidden (secretParams).
func logPath(r *http.Request) string {
	if i := infoOf(r); i != nil && i.path != "" {
		return i.path
	}
	return r.URL.Path
}

// observe gives the request its id, and when it is served writes its
// access-log line and counts it in the metrics.
func (s *Server) observe(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		info := &reqInfo{route: "unmatched"}
		if s.trustedProxy(peerAddr(r)) { // only a trusted proxy names the request
			info.id = r.Header.Get("X-Request-Id")
		}
		if info.id == "" || !requestIDPattern.MatchString(info.id) {
			info.id = newRequestID()
		}
		info.idHeader[0] = info.id
		w.Header()["X-Request-Id"] = info.idHeader[:]
		sw := &info.sw
		sw.ResponseWriter = w
		r = r.WithContext(context.WithValue(r.Context(), reqInfoKey{}, info))
		defer func() {
			status := sw.status
			if status == 0 {
				status = http.StatusOK
			}
			if v := recover(); v != nil {
				status = http.StatusInternalServerError // the connection is dropped
				defer panic(v)
			}
			took := time.Since(start)
			cache := "-"
			if info.cacheable {
				cache = w.Header().Get("X-Page-Cache")
			}
			s.metrics.request(info.route, status, took, cache)
			if s.cfg.AccessLog && s.accessLog != nil {
				level := slog.LevelInfo
				if status >= 500 {
					level = slog.LevelWarn
				}
				if s.log.Enabled(r.Context(), level) {
					writeAccess(s.accessLog, s.cfg.LogFormat, &accessLine{time: time.Now(), level: level, id: info.id,
						method: r.Method, path: logPath(r), route: info.route, status: status, bytes: sw.bytes, took: took,
						remote: r.RemoteAddr, client: s.clientAddress(r)})
				}
			}
		}()
		next.ServeHTTP(sw, r)
	})
}

// statusWriter notes the status and size of an answer; it still flushes
// and lets http.ResponseController reach the writer beneath.
type statusWriter struct {
	http.ResponseWriter
	status int
	bytes  int64
}

func (w *statusWriter) WriteHeader(code int) {
	if w.status == 0 {
		w.status = code
	}
	w.ResponseWriter.WriteHeader(code)
}

func (w *statusWriter) Write(p []byte) (int, error) {
	if w.status == 0 {
		w.status = http.StatusOK
	}
	n, err := w.ResponseWriter.Write(p)
	w.bytes += int64(n)
	return n, err
}

// ReadFrom passes a file on to the writer beneath, which sends it with
// sendfile (page_cache_send.go), and counts it.
func (w *statusWriter) ReadFrom(r io.Reader) (int64, error) {
	if w.status == 0 {
		w.status = http.StatusOK
	}
	n, err := io.Copy(w.ResponseWriter, r)
	w.bytes += n
	return n, err
}

func (w *statusWriter) Flush() {
	if f, ok := w.ResponseWriter.(http.Flusher); ok {
		f.Flush()
	}
}

func (w *statusWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }
