package host

import (
	"net/http"
	"net/netip"
	"strings"

	"storefront/data"
)

// What the storefront trusts about where a request came from (design
// notes 1b):
//
//   - Absolute URLs (mailed links, canonical, og:url, JSON-LD, sitemaps,
//     robots.txt) come from the brand's custom domain for the configured
//     environment (https), else from the configured public origin
//     STOREFRONT_PUBLIC_URL with the brand's path prefix. Never from the
//     request's Host (it chooses only the custom-domain redirect, and only
//     when STOREFRONT_ENV_HOSTS lists it) or X-Forwarded-* headers: an
//     unknown Host is served with the configured origin in its links and
//     is never echoed.
//   - The client's address and scheme come from X-Forwarded-For and
//     X-Forwarded-Proto only when the direct peer is one of
//     STOREFRONT_TRUSTED_PROXIES; from anyone else those headers are
//     ignored.

// trustedProxy reports whether a is one of the configured proxies.
func (s *Server) trustedProxy(a netip.Addr) bool {
	for _, p := range s.cfg.TrustedProxies {
		if p.Contains(a) {
			return true
		}
	}
	return false
}

// peerAddr is the address of the connection's other end.
func peerAddr(r *http.Request) netip.Addr {
	if ap, err := netip.ParseAddrPort(r.RemoteAddr); err == nil {
		return ap.Addr().Unmap()
	}
	a, _ := netip.ParseAddr(r.RemoteAddr)
	return a.Unmap()
}

// clientAddress is the address the request is counted against (the login
// throttle): the peer, or, when the peer is a trusted proxy, the rightmost
// X-Forwarded-For hop that is not a trusted proxy. A malformed hop stops
// the walk at the last proxy that vouched for it.
func (s *Server) clientAddress(r *http.Request) string {
	a := peerAddr(r)
	if !a.IsValid() {
		return r.RemoteAddr
	}
	if !s.trustedProxy(a) {
		return a.String()
	}
	hops := strings.Split(strings.Join(r.Header.Values("X-Forwarded-For"), ","), ",")
	for i := len(hops) - 1; i >= 0; i-- {
		h, err := netip.ParseAddr(strings.TrimSpace(hops[i]))
		if err != nil {
			break
		}
		a = h.Unmap()
		if !s.trustedProxy(a) {
			break
		}
	}
	return a.String()
}

// viaHTTPS reports whether the request reached us over https: TLS on the
// connection, or a trusted proxy's X-Forwarded-Proto saying so.
func (s *Server) viaHTTPS(r *http.Request) bool {
	if r.TLS != nil {
		return true
	}
	if !s.trustedProxy(peerAddr(r)) {
		return false
	}
	protos := strings.Split(r.Header.Get("X-Forwarded-Proto"), ",")
	return strings.TrimSpace(protos[0]) == "https"
}

// siteOf resolves the request's site, with its trusted origin.
func (s *Server) siteOf(r *http.Request) site {
	return resolveSite(r, *s.domains.Load(), s.cfg.Env, s.cfg.PublicURL, s.cfg.EnvHosts)
}

// brandOrigin is where a brand's absolute URLs point: https on its custom
// domain for the configured environment (STOREFRONT_ENV, never one the
// request's host chose), else the public origin with the brand prefix.
func (s *Server) brandOrigin(b *data.Brand) (origin, basePath string) {
	if host := b.DomainFor(s.cfg.Env); host != "" {
		return "https://" + host, ""
	}
	return s.cfg.PublicURL, "/" + b.ID
}

// secureCookies reports whether cookies on site st must be Secure: its
// trusted origin is https (a custom domain always is).
func secureCookies(st site) bool { return strings.HasPrefix(st.Origin, "https://") }
