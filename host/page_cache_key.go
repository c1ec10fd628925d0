package host

import (
	"net/http"
	"net/url"
	"sort"
	"strconv"
	"strings"

	"storefront/rules"
)

// What a cached page is keyed by: the parameters a cacheable route reads
// (the rest dropped, so an unknown parameter makes no new entry), the
// query in canonical order, and everything else that changes the page.

// commonQuery are the query parameters every page reads: from=app (the
// app's webview), privateToken (a private link: noindex, no banners) and
// login (the member guard's redirect: the login dialog opens, then the
// member lands on that path).
var commonQuery = []string{"from", "privateToken", "login"}

// pageValues are the values a page tells apart, for the parameters whose
// other values it ignores: brand home's tabs are 0-3 (spec section 2; any
// other shows the first) and its type only matters as plan. A value the
// page ignores is dropped like an unknown parameter. (A bad page number
// is kept: the activity list answers it with 400.)
var pageValues = map[string]func(string) bool{
	"projectType": func(v string) bool { return len(v) == 1 && v[0] >= '0' && v[0] <= '3' },
	"type":        func(v string) bool { return v == "plan" },
}

// pageQuery keeps of q only the parameters a cacheable route reads, with
// the values it tells apart, so an unknown parameter or an ignored value
// neither changes the page nor makes a new cache entry. Other routes see
// the whole query.
func pageQuery(rt *route, q url.Values) url.Values {
	if !rt.Cacheable || len(q) == 0 {
		return q
	}
	kept := url.Values{}
	for k, vs := range q {
		if !contains(commonQuery, k) && !contains(rt.Query, k) {
			continue
		}
		for _, v := range vs {
			if ok := pageValues[k]; ok == nil || ok(v) {
				kept[k] = append(kept[k], v)
			}
		}
	}
	return kept
}

// trackingParams are query parameters that never change a page.
var trackingParams = []string{"fbclid", "gclid", "yclid", "msclkid", "_ga"}

// canonicalQuery sorts the query and drops tracking parameters, so links
// that differ only in those share a page.
func canonicalQuery(q url.Values) string {
	keys := make([]string, 0, len(q))
	for k := range q {
		if strings.HasPrefix(k, "utm_") || contains(trackingParams, k) {
			continue
		}
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var b strings.Builder
	for _, k := range keys {
		vs := append([]string(nil), q[k]...)
		sort.Strings(vs)
		for _, v := range vs {
			if b.Len() > 0 {
				b.WriteByte('&')
			}
			b.WriteString(url.QueryEscape(k))
			b.WriteByte('=')
			b.WriteString(url.QueryEscape(v))
		}
	}
	return b.String()
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// hasSession reports whether the request names a member's session: such
// pages are the member's own and never shared.
func hasSession(r *http.Request) bool {
	return cookieValue(r, cookieSession) != "" || r.Header.Get("Authorization") != ""
}

// cacheable reports whether the page of rc may come from the page cache.
func (s *Server) cacheable(rc *reqCtx) bool {
	return s.pages != nil && rc.route.Cacheable && !hasSession(rc.r) &&
		rc.r.Header.Get(propsHeader) == "" && (rc.r.Method == http.MethodGet || rc.r.Method == http.MethodHead)
}

// pageKey is the cache key of rc's page, and its shape: the part of the
// key that names the page across data versions (page_warm.go counts hits by
// it), a suffix of the key.
func (s *Server) pageKey(rc *reqCtx) (key, shape string) {
	brand, version := "-", int64(0)
	if rc.brand != nil {
		brand, version = rc.brand.ID, rc.brand.DataVersion
	}
	banner := "0"
	if cookieValue(rc.r, cookieBannerClosed) != "" {
		banner = "1"
	}
	query, device := canonicalQuery(rc.query), deviceOf(rc.r)
	var num [20]byte
	var b strings.Builder // one allocation: sized first
	b.Grow(40 + len(s.bundle.Manifest.BuildID) + len(brand) + len(rc.site.Origin) + len(rc.site.Env) +
		len(rc.r.URL.Path) + len(query) + len(device))
	b.WriteString("page:")
	b.WriteString(s.bundle.Manifest.BuildID)
	b.WriteString(":")
	b.Write(strconv.AppendInt(num[:0], int64(s.now().In(rules.Taipei).Year()), 10))
	b.WriteString(":")
	b.Write(strconv.AppendInt(num[:0], version, 10))
	for _, part := range []string{"|", brand, ":", rc.site.Origin, ":", rc.site.Env, ":", rc.r.URL.Path, "?",
		query, ":", device, ":", banner} {
		b.WriteString(part)
	}
	key = b.String()
	return key, key[strings.IndexByte(key, '|')+1:]
}
