package host

import (
	"bytes"
	"net/http"
	"storefront"
	"strings"
)

// Writing a cached document: 304, brotli, gzip or identity bytes, with
// headers shared between requests; and the writers a render is captured
// through.

// writeCachedPage answers with a cached document: 304 when the client has
// it, else brotli or gzip as the client accepts, else plain (identity
// bytes kept beside the compressed ones: no request decompresses).
func (s *Server) writeCachedPage(w http.ResponseWriter, r *http.Request, p *cachedPage, state string) {
	h, ph := w.Header(), p.headers()
	// every value is a shared slice: no allocation per answer
	h["Content-Type"] = hdrHTML
	h["Cache-Control"] = hdrNoCache
	if cc := edgeCacheControl(p, s.now()); cc != nil {
		h["Cache-Control"] = cc
		h[xkeyHeader] = ph.keys
	}
	h["Vary"] = hdrVaryShared
	h["Etag"] = ph.etag
	h["X-Page-Cache"] = pageStates[state]
	h["Content-Security-Policy"] = p.policy()
	if inm := r.Header["If-None-Match"]; len(inm) > 0 && etagMatch(inm[0], p.ETag) {
		w.WriteHeader(http.StatusNotModified)
		return
	}
	body, length := p.Gzip, ph.gzipLen
	var file *bodyFile
	switch ae := r.Header.Get("Accept-Encoding"); {
	case accepts(ae, "br"):
		h["Content-Encoding"] = hdrBrotli
		body, length = p.Brotli, ph.brotliLen
	case accepts(ae, "gzip"):
		h["Content-Encoding"] = hdrGzip
	default:
		plain, err := s.pages.plainOf(p)
		if err != nil {
			s.log.Error("cached page", "path", r.URL.Path, "err", err)
			http.Error(w, storefront.CodeText(storefront.CodeInternal), http.StatusInternalServerError)
			return
		}
		body, length, file = plain.body, plain.length, plain.file
	}
	h["Content-Length"] = length
	w.WriteHeader(p.Status)
	if r.Method != http.MethodHead && !file.send(w, r) {
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
	for header != "" {
		var t string
		t, header, _ = strings.Cut(header, ",")
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
