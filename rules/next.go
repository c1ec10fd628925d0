package rules

import (
	"net/url"
	"strings"
)

// MaxNextPath is the longest way back (NextPath) a link may carry.
const MaxNextPath = 512

// NextPath checks the page a member is to be sent back to (after the
// verification mail's link): a path beneath the brand's home, with an
// optional query, never a URL of another site. It returns the path as
// given:
//
//	"/activity/1/2?date=2026-12-01" -> ok
//	"/"                             -> ok (the brand's home)
//	"https://evil.example/"         -> refused (absolute)
//	"//evil.example/"               -> refused (another host)
//	"/\\evil.example/"              -> refused (a browser reads \ as /)
//	"/user/../../other"             -> refused (climbs out of the brand)
//	"activity/1"                    -> refused (not from the home)
func NextPath(s string) (string, bool) {
	if s == "" || len(s) > MaxNextPath || !strings.HasPrefix(s, "/") || strings.HasPrefix(s, "//") {
		return "", false
	}
	if strings.ContainsAny(s, "\\#") || strings.IndexFunc(s, func(r rune) bool { return r <= ' ' || r == 0x7f || misleading(r) }) >= 0 {
		return "", false
	}
	u, err := url.Parse(s)
	if err != nil || u.Scheme != "" || u.Host != "" || u.User != nil || u.Opaque != "" {
		return "", false
	}
	// the decoded path: %2e%2e and %5c count as what they spell
	if strings.ContainsAny(u.Path, "\\") || strings.HasPrefix(u.Path, "//") {
		return "", false
	}
	for _, seg := range strings.Split(u.Path, "/") {
		if seg == "." || seg == ".." {
			return "", false
		}
	}
	return s, true
}
