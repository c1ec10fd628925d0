package host

import (
	"net"
	"net/http"
	"strings"

	"storefront/data"
)

// site is what the request's host and path say about where it is (spec
// section 4, start-up step 1).
type site struct {
	// Env is the environment of the site's pages: the custom domain's, else
	// the configured one (STOREFRONT_ENV), never one the request's host
	// name chooses. Mailed links use the configured one (brandOrigin).
	Env string
	// RedirectEnv is the environment whose custom domain a brand-prefixed
	// request is sent to (spec section 4, start-up step 2): the one a host
	// name of STOREFRONT_ENV_HOSTS selects (envOfHost), else Env. It
	// chooses nothing else.
	RedirectEnv string
	Custom      bool   // served on the brand's custom domain
	BrandID     string // "" for the index
	Rest        string // path under the brand: "" for brand home, else "/..."
	BasePath    string // "" on a custom domain, "/{brandId}" otherwise
	Origin      string // the trusted origin of this site's absolute URLs (http_origin.go)
}

// hostName is the request's host without port, lower case.
func hostName(r *http.Request) string {
	h := r.Host
	if strings.Contains(h, ":") { // SplitHostPort makes an error of a Host without a port
		if host, _, err := net.SplitHostPort(h); err == nil {
			h = host
		}
	}
	return strings.ToLower(strings.TrimSuffix(h, "."))
}

// resolveSite finds the brand from the custom-domain table or the first
// path segment. The origin is the custom domain's (https), else the
// trusted public origin: never the request's own Host. envHosts are the
// host names that choose the environment of the custom-domain redirect.
func resolveSite(r *http.Request, domains map[string]data.Domain, env, publicOrigin string, envHosts map[string]string) site {
	host := hostName(r)
	path := strings.TrimSuffix(r.URL.Path, "/")
	if d, ok := domains[host]; ok {
		return site{Env: d.Env, RedirectEnv: d.Env, Custom: true, BrandID: d.BrandID, Rest: path, Origin: "https://" + d.Host}
	}
	s := site{Env: env, RedirectEnv: env, Origin: publicOrigin}
	if e, ok := envHosts[host]; ok {
		s.RedirectEnv = e
	}
	seg, rest, _ := strings.Cut(strings.TrimPrefix(path, "/"), "/")
	if seg == "" {
		return s
	}
	s.BrandID = seg
	s.BasePath = "/" + seg
	if rest != "" {
		s.Rest = "/" + rest
	}
	return s
}

// customDomainRedirect returns where a brand-prefixed request goes when the
// brand has a custom domain in the site's environment (spec section 4,
// start-up step 2): https on that domain, the brand segment dropped, the
// query kept. Empty when it stays.
func customDomainRedirect(s site, b *data.Brand, rawQuery string) string {
	if s.Custom || b == nil {
		return ""
	}
	host := b.DomainFor(s.RedirectEnv)
	if host == "" {
		return ""
	}
	u := "https://" + host + s.Rest
	if s.Rest == "" {
		u += "/"
	}
	if rawQuery != "" {
		u += "?" + rawQuery
	}
	return u
}
