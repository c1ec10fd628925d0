package host

import (
	"bytes"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"net/http"
	"strings"
)

// Security headers, set on every answer by one
// middleware:
//
//   - Content-Security-Policy: scripts only from this origin (the client
//     entry and its chunks; the props and JSON-LD are data blocks, which
//     CSP does not run). Inline styles need the response's nonce, which the
//     shell puts on the server-rendered emotion <style> (and on the props
//     and entry scripts). emotion's client sheet (@emotion/css's default
//     cache, "speedy" in production builds) appends empty <style> elements
//     and fills them with CSSOM insertRule, which CSP does not govern; the
//     hash of the empty string admits those elements. Style attributes
//     (React's style prop, the mails) stay allowed: they cannot run code.
//     No inline event handler runs (script-src-attr 'none').
//   - A cached page was rendered once for many responses, so its nonce
//     cannot be this response's. Its policy (cspFor) admits no nonce and its
//     emotion <style> by the hash of its content, computed when the page is
//     stored; the old nonce in the document matches no later policy.
//     Rewriting a nonce into the stored document per response would mean
//     recompressing it on every hit.
//   - frame-ancestors 'none' (no page may be framed), X-Content-Type-Options
//     nosniff, Referrer-Policy strict-origin-when-cross-origin, and in
//     production, over https (TLS here or at a trusted proxy), HSTS.

// responseNonce is a response's CSP nonce, made when the response first
// asks for one: only answers with inline elements of their own (a fresh
// render, the handoff and mailbox pages) pay for it; the others (the API,
// assets, cached pages) keep a policy that admits no nonce.
type responseNonce struct {
	header http.Header
	value  string
}

// nonceOf is the response's CSP nonce, fresh for this response and
// admitted by its policy from then on ("" outside the middleware, as in a
// background render for the page cache). Ask before the header is written.
func nonceOf(r *http.Request) string {
	i := infoOf(r)
	if i == nil || i.nonce.header == nil {
		return ""
	}
	n := &i.nonce
	if n.value == "" {
		var raw [16]byte
		rand.Read(raw[:])
		n.value = base64.RawURLEncoding.EncodeToString(raw[:])
		n.header.Set("Content-Security-Policy", cspFor(n.value))
	}
	return n.value
}

// hashSource is the CSP source of a sha256 of s.
func hashSource(s []byte) string {
	sum := sha256.Sum256(s)
	return "'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'"
}

// emptyStyleSource is hashSource(nil), the hash source of an empty <style>
// (checked in TestSecurityHeaders), a constant for cspFor.
const emptyStyleSource = "'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='"

// cspFor is the policy of a response with nonce, admitting also the
// styles of the given hash sources.
func cspFor(nonce string, styleHashes ...string) string {
	const (
		scripts = "default-src 'self'; script-src 'self'"
		styles  = "; script-src-attr 'none'; style-src 'self' " + emptyStyleSource
		rest    = "; style-src-attr 'unsafe-inline'; img-src 'self' data: blob: https:; font-src 'self' data:; connect-src 'self'; " +
			"object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
	)
	var b strings.Builder // one allocation: every page answer builds one (or two)
	size := len(scripts) + len(styles) + len(rest) + 2*(len(nonce)+10)
	for _, h := range styleHashes {
		size += 1 + len(h)
	}
	b.Grow(size)
	nonceSource := func() { // scripts and styles both admit the nonce
		if nonce != "" {
			b.WriteString(" 'nonce-")
			b.WriteString(nonce)
			b.WriteString("'")
		}
	}
	b.WriteString(scripts)
	nonceSource()
	b.WriteString(styles)
	nonceSource()
	for _, h := range styleHashes {
		b.WriteString(" ")
		b.WriteString(h)
	}
	b.WriteString(rest)
	return b.String()
}

// securityHeaders sets the security headers, with the policy that admits
// no nonce until the response asks for one (nonceOf).
func (s *Server) securityHeaders(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		s.setSecurityHeaders(h, r, hdrNoNonceCSP)
		if i := infoOf(r); i != nil {
			i.nonce.header = h
		}
		next.ServeHTTP(w, r)
	})
}

// The constant headers, as shared slices (no allocation per answer).
var (
	hdrNoNonceCSP      = []string{cspFor("")}
	hdrNosniff         = []string{"nosniff"}
	hdrReferrerPolicy  = []string{"strict-origin-when-cross-origin"}
	hdrStrictTransport = []string{"max-age=31536000"}
)

// setSecurityHeaders sets the headers above on h, with the policy csp.
func (s *Server) setSecurityHeaders(h http.Header, r *http.Request, csp []string) {
	h["Content-Security-Policy"] = csp
	h["X-Content-Type-Options"] = hdrNosniff
	h["Referrer-Policy"] = hdrReferrerPolicy
	if s.cfg.Env == "production" && s.viaHTTPS(r) {
		h["Strict-Transport-Security"] = hdrStrictTransport
	}
}

// styleHash is the hash source of the server-rendered emotion <style> of
// a document ("" when it has none).
func styleHash(doc []byte) string {
	_, rest, ok := bytes.Cut(doc, []byte(`<style data-emotion="`))
	if !ok {
		return ""
	}
	_, rest, ok = bytes.Cut(rest, []byte(">"))
	if !ok {
		return ""
	}
	css, _, ok := bytes.Cut(rest, []byte("</style>"))
	if !ok {
		return ""
	}
	return hashSource(css)
}
