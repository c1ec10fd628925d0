package config

import (
	"errors"
	"net/netip"
	"net/url"
	"strings"
)

// PublicOrigin checks STOREFRONT_PUBLIC_URL and returns it as
// scheme://host[:port]. It is required outside dev; in dev it defaults to
// http://localhost:PORT.
func PublicOrigin(raw, env, port string) (string, error) {
	if raw == "" {
		if env == "dev" {
			return "http://localhost:" + port, nil
		}
		return "", errors.New("required outside dev: the shop's public origin, such as https://shop.example.com")
	}
	u, err := url.Parse(raw)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.User != nil ||
		(u.Path != "" && u.Path != "/") || u.RawQuery != "" || u.Fragment != "" || u.Opaque != "" {
		return "", errors.New("want an absolute http or https origin without a path, such as https://shop.example.com")
	}
	return u.Scheme + "://" + strings.ToLower(u.Host), nil
}

// ParsePrefixes reads a comma-separated list of CIDRs (a bare address is
// a single host).
func ParsePrefixes(list string) ([]netip.Prefix, error) {
	var out []netip.Prefix
	for _, f := range strings.Split(list, ",") {
		f = strings.TrimSpace(f)
		if f == "" {
			continue
		}
		if !strings.Contains(f, "/") {
			a, err := netip.ParseAddr(f)
			if err != nil {
				return nil, errors.New("want CIDRs such as 10.0.0.0/8, 127.0.0.1/32: " + f)
			}
			out = append(out, netip.PrefixFrom(a.Unmap(), a.Unmap().BitLen()))
			continue
		}
		p, err := netip.ParsePrefix(f)
		if err != nil {
			return nil, errors.New("want CIDRs such as 10.0.0.0/8, 127.0.0.1/32: " + f)
		}
		if p.Addr().Is4In6() {
			p = netip.PrefixFrom(p.Addr().Unmap(), p.Bits()-96)
		}
		out = append(out, p.Masked())
	}
	return out, nil
}

// EnvOfHost picks the environment a host name selects, or fallback. A host
// selects an environment by its first label or that label's suffix (only
// the names STOREFRONT_ENV_HOSTS lists are asked):
//
//	staging.shop.example.com  -> staging
//	shop-preprod.example.com  -> preprod
//	shop.example.com          -> fallback
func EnvOfHost(host, fallback string) string {
	first, _, _ := strings.Cut(host, ".")
	for _, e := range Envs {
		if first == e || strings.HasSuffix(first, "-"+e) {
			return e
		}
	}
	return fallback
}

// EnvHosts reads a comma-separated list of host names, each naming an
// environment (EnvOfHost).
func EnvHosts(list string) (map[string]string, error) {
	out := map[string]string{}
	for _, h := range strings.Split(list, ",") {
		h = strings.ToLower(strings.TrimSuffix(strings.TrimSpace(h), "."))
		if h == "" {
			continue
		}
		env := EnvOfHost(h, "")
		if env == "" || strings.ContainsAny(h, ":/ ") {
			return nil, errors.New("want host names whose first label names an environment, such as staging.shop.example.com or shop-preprod.example.com: " + h)
		}
		out[h] = env
	}
	return out, nil
}

// LocalHost reports whether host names this machine: localhost or a
// loopback address.
func LocalHost(host string) bool {
	host = strings.TrimSuffix(strings.ToLower(host), ".")
	if host == "localhost" || strings.HasSuffix(host, ".localhost") {
		return true
	}
	a, err := netip.ParseAddr(strings.Trim(host, "[]"))
	return err == nil && a.IsLoopback()
}
