package host

import (
	"net/http"
	"net/url"
)

// The app's webview (spec sections 1 and 6).
//
// App mode: a page asked for with ?from=app puts the whole visit in app
// mode: the answer sets the cookie web_ec_from=app (for the browser
// session), and every later page of the visit is rendered as if its query
// had from=app (the guards, the page cache key and the props' webview
// flag all see it), so links need not carry it. A page asked for with any
// other from (from=web) leaves app mode and clears the cookie.
//
// App login: the app sends its session id as the Authorization header
// (bare or "Bearer ...") when it opens a page with ?from=app. That
// request is logged in on the server render like any request carrying the
// header; when the session is live and of the page's brand, the answer
// also sets the session cookies (web_ec_sessionId, userId, brandId), so
// the webview's later pages and API calls, which carry no header, stay
// logged in. Another site cannot send the header with a navigation, so it
// cannot log a browser in this way.

const cookieFrom = "web_ec_from"

// inApp reports whether a call comes from the app's webview: its body
// says from=app, or the visit is in app mode (the cookie above).
func inApp(r *http.Request, from string) bool {
	return from == "app" || cookieValue(r, cookieFrom) == "app"
}

// appQuery puts a visit in app mode into the page's query (before the
// guards and the page cache see it).
func appQuery(rc *reqCtx) {
	if rc.query.Get("from") == "" && cookieValue(rc.r, cookieFrom) == "app" {
		if rc.query == nil {
			rc.query = url.Values{}
		}
		rc.query.Set("from", "app")
	}
}

// appMode keeps or ends app mode and adopts the app's session (see
// above); rc has its brand and member.
func (s *Server) appMode(w http.ResponseWriter, rc *reqCtx) {
	from, r := urlQuery(rc.r).Get("from"), rc.r
	// app mode is the brand's: the app shows one brand, and a visit sent
	// into app mode by one brand's guard (spec section 4: a term-only
	// brand) must not hide the header of another brand on this host
	secure, path := secureCookies(rc.site), rc.site.BasePath
	if path == "" {
		path = "/"
	}
	switch {
	case from == "app" && cookieValue(r, cookieFrom) != "app":
		http.SetCookie(w, &http.Cookie{Name: cookieFrom, Value: "app", Path: path, HttpOnly: true, Secure: secure, SameSite: http.SameSiteLaxMode})
	case from != "" && from != "app" && cookieValue(r, cookieFrom) != "":
		http.SetCookie(w, &http.Cookie{Name: cookieFrom, Value: "", Path: path, MaxAge: -1, HttpOnly: true, Secure: secure, SameSite: http.SameSiteLaxMode})
	}
	if m := rc.member; m != nil && rc.query.Get("from") == "app" && r.Header.Get("Authorization") != "" &&
		cookieValue(r, cookieSession) != m.sessionID {
		s.setSessionCookies(w, r, m.sessionID, m.user)
	}
}
