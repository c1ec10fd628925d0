package host

import (
	"net/http"
	"strings"
)

// Cookie names (spec section 3), spelled as the spec spells them.
const (
	cookieSession      = "web_ec_sessionId"
	cookieUserID       = "userId"
	cookieBrandID      = "brandId"
	cookieBannerClosed = "closeBownloadAppBanner"
)

func cookieValue(r *http.Request, name string) string {
	c, err := r.Cookie(name)
	if err != nil {
		return ""
	}
	return c.Value
}

// deviceOf is pc, android or ios from the User-Agent (spec section 3).
func deviceOf(r *http.Request) string {
	ua := r.UserAgent()
	switch {
	case strings.Contains(ua, "Android"):
		return "android"
	case strings.Contains(ua, "iPhone"), strings.Contains(ua, "iPad"), strings.Contains(ua, "iPod"):
		return "ios"
	}
	return "pc"
}
