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
	Env      string
	Custom   bool   // served on the brand's custom domain
	BrandID  string // "" for the index
	Rest     string // path under the brand: "" for brand home, else "/..."
	BasePath string // "" on a custom domain, "/{brandId}" otherwise
	Origin   string // the trusted origin of this site's absolute URLs (origin.go)
}

// hostName is the request's host without port, lower case.
func hostName(r *http.Request) string {
	h := r.Host
	if host, _, err := net.SplitHostPort(h); err == nil {
		h = host
	}
	return strings.ToLower(strings.TrimSuffix(h, "."))
}

// envOfHost picks the environment a host name selects, or fallback. A host
// selects an environment by its first label or that label's suffix:
//
//	staging.shop.example.com  -> staging
//	shop-preprod.example.com  -> preprod
//	shop.example.com          -> fallback
func envOfHost(host, fallback string) string {
	first, _, _ := strings.Cut(host, ".")
	for _, e := range Envs {
		if first == e || strings.HasSuffix(first, "-"+e) {
			return e
		}
	}
	return fallback
}

// resolveSite finds the brand from the custom-domain table or the first
// path segment. The origin is the custom domain's (https), else the
// trusted public origin: never the request's own Host.
func resolveSite(r *http.Request, domains map[string]data.Domain, defaultEnv, publicOrigin string) site {
	host := hostName(r)
	path := strings.TrimSuffix(r.URL.Path, "/")
	if d, ok := domains[host]; ok {
		return site{Env: d.Env, Custom: true, BrandID: d.BrandID, Rest: path, Origin: "https://" + d.Host}
	}
	s := site{Env: envOfHost(host, defaultEnv), Origin: publicOrigin}
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
	host := b.DomainFor(s.Env)
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
