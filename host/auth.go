package host

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"storefront"
	"strconv"
	"strings"
	"time"

	"storefront/data"
)

// Members' sessions (spec sections 3, 4 and 6): the session id lives in the
// HttpOnly cookie web_ec_sessionId and is also accepted as the
// Authorization header. The userId and brandId cookies name the member and
// the brand the session belongs to (readable by the page, not secrets).
// The lead's page cache skips every request carrying either the cookie or
// the header, so the session must stay in exactly those two places.

// sessionID is the request's session id: the Authorization header (bare or
// "Bearer ..."), else the session cookie.
func sessionID(r *http.Request) string {
	if h := strings.TrimSpace(r.Header.Get("Authorization")); h != "" {
		if len(h) > 7 && strings.EqualFold(h[:7], "bearer ") {
			h = strings.TrimSpace(h[7:])
		}
		return h
	}
	return cookieValue(r, cookieSession)
}

// sessionTTL bounds how long a session stays in the cache; a revoked
// session leaves every process's cache at once (SessionRevoked).
const sessionTTL = 5 * time.Minute

func sessionCacheKey(hashHex string) string { return "session:" + hashHex }

// session returns the live session with id, from the cache when it can;
// data.ErrNoSession when it is unknown, expired or revoked.
func (s *Server) session(ctx context.Context, id string) (*data.Session, error) {
	if id == "" || len(id) > 200 {
		return nil, data.ErrNoSession
	}
	var sess data.Session
	key := data.SessionKey(id)
	err := s.cache.Once(ctx, sessionCacheKey(key), &sess, sessionTTL, func() (any, error) {
		return s.db.SessionByID(ctx, id, s.now())
	})
	if err != nil {
		return nil, err
	}
	if s.revoked.has(key) { // a stale cached copy of a revoked session
		s.cache.Delete(ctx, sessionCacheKey(key))
		return nil, data.ErrNoSession
	}
	if !s.now().Before(sess.ExpiresAt) {
		return nil, data.ErrNoSession
	}
	return &sess, nil
}

// forgetSessions drops revoked sessions (by hash) from the cache.
func (s *Server) forgetSessions(ctx context.Context, hashes [][]byte) {
	for _, h := range hashes {
		key := fmt.Sprintf("%x", h)
		s.revoked.add(key)
		s.cache.Delete(ctx, sessionCacheKey(key))
	}
}

// setSessionCookies starts the browser's side of a session.
func (s *Server) setSessionCookies(w http.ResponseWriter, r *http.Request, id string, u *data.User) {
	secure := secureCookies(s.siteOf(r))
	maxAge := int(data.SessionTTL / time.Second)
	http.SetCookie(w, &http.Cookie{Name: cookieSession, Value: id, Path: "/", MaxAge: maxAge, HttpOnly: true, Secure: secure, SameSite: http.SameSiteLaxMode})
	http.SetCookie(w, &http.Cookie{Name: cookieUserID, Value: strconv.FormatInt(u.ID, 10), Path: "/", MaxAge: maxAge, Secure: secure, SameSite: http.SameSiteLaxMode})
	http.SetCookie(w, &http.Cookie{Name: cookieBrandID, Value: u.BrandID, Path: "/", MaxAge: maxAge, Secure: secure, SameSite: http.SameSiteLaxMode})
}

// clearSessionCookies logs the browser out: the session, userId and
// brandId cookies go (spec section 4). A GET another site started (a link
// or a redirect to a user API: Sec-Fetch-Site cross-site or same-site)
// never does: another site cannot log a member out.
func clearSessionCookies(w http.ResponseWriter, r *http.Request) {
	if (r.Method == http.MethodGet || r.Method == http.MethodHead) && crossSite(r) {
		return
	}
	for _, name := range []string{cookieSession, cookieUserID, cookieBrandID} {
		http.SetCookie(w, &http.Cookie{Name: name, Value: "", Path: "/", MaxAge: -1, HttpOnly: name == cookieSession, SameSite: http.SameSiteLaxMode})
	}
}

// crossSite reports whether a browser says another site started the
// request. Clients without Sec-Fetch-Site (not a browser) are not.
func crossSite(r *http.Request) bool {
	switch r.Header.Get("Sec-Fetch-Site") {
	case "cross-site", "same-site":
		return true
	}
	return false
}

// member is a request's logged-in member.
type member struct {
	sessionID string
	session   *data.Session
	user      *data.User
}

// errLoginRequired: the request carries no session.
var errLoginRequired = &storefront.Error{Kind: storefront.KindUnauthorized, Code: storefront.CodeLoginRequired}

// memberOf returns the member whose session the request carries for brand
// b. No session is errLoginRequired; a session that is dead, of another
// brand or of a deleted member is data.ErrNoSession (403), and clear says
// whether the browser's cookies should go (not for a live session of
// another brand: on a shared host the member stays logged in there).
func (s *Server) memberOf(r *http.Request, b *data.Brand) (m *member, clear bool, err error) {
	id := sessionID(r)
	if id == "" {
		return nil, false, errLoginRequired
	}
	sess, err := s.session(r.Context(), id)
	if errors.Is(err, data.ErrNoSession) {
		return nil, true, err
	}
	if err != nil {
		return nil, false, err
	}
	if sess.BrandID != b.ID {
		return nil, false, data.ErrNoSession
	}
	u, err := s.db.User(r.Context(), b.ID, sess.UserID, storefront.CodeMemberNotFound)
	if err != nil && storefront.ErrorKind(err) == storefront.KindNotFound {
		return nil, true, data.ErrNoSession
	}
	if err != nil {
		return nil, false, err
	}
	return &member{sessionID: id, session: sess, user: u}, false, nil
}

// apiMember is memberOf for an API handler: it answers the failure itself
// (401 without a session, 403 with a dead one, clearing the cookies).
func (s *Server) apiMember(w http.ResponseWriter, r *http.Request, b *data.Brand) (*member, error) {
	m, clear, err := s.memberOf(r, b)
	if err != nil && clear {
		clearSessionCookies(w, r)
	}
	return m, err
}

// sameOrigin refuses state-changing requests made by another site (spec
// section 6): a request carrying the Authorization header cannot
// come from another site's page (browsers preflight it, and no CORS is
// answered), anything else must pass Go's cross-origin protection
// (Sec-Fetch-Site, else Origin against Host). Session cookies are also
// SameSite=Lax.
func (s *Server) sameOrigin(next http.Handler) http.Handler {
	cop := http.NewCrossOriginProtection()
	cop.SetDenyHandler(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s.apiError(w, r, &storefront.Error{Kind: storefront.KindForbidden, Code: storefront.CodeCrossSiteRefused})
	}))
	// the payment gateway's answers are cross-site POSTs by design (the
	// buyer's browser, and the gateway's server); their signature is their
	// proof (api_checkout.go)
	cop.AddInsecureBypassPattern("POST " + newebPayReturnPath)
	cop.AddInsecureBypassPattern("POST " + newebPayNotifyPath)
	cop.AddInsecureBypassPattern("POST " + periodReturnPath) // Period decrypting with our key is their proof
	cop.AddInsecureBypassPattern("POST " + periodNotifyPath)
	// the dev sandboxes stand in for the providers' own sites, which take
	// the shop's cross-site form posts (mounted only in dev)
	cop.AddInsecureBypassPattern("/dev/newebpay/")
	cop.AddInsecureBypassPattern("/dev/linepay/")
	cop.AddInsecureBypassPattern("/dev/line/")
	// the ACH exchange's answers and Chailease's notifications, server to
	// server, signed (api_ach.go); their sandboxes stand in for foreign sites
	cop.AddInsecureBypassPattern("POST " + achNotifyPath)
	cop.AddInsecureBypassPattern("POST " + chaileaseResultPath)
	cop.AddInsecureBypassPattern("/dev/ach/")
	cop.AddInsecureBypassPattern("/dev/chailease/")
	// the brand's LINE Official Account's webhook, server to server: its
	// signature with the channel secret is its proof (line_notify.go)
	cop.AddInsecureBypassPattern("POST " + lineWebhookPath)
	// a mail client's one-click unsubscribe (RFC 8058): the token is its
	// proof (unsubscribe.go)
	cop.AddInsecureBypassPattern("POST " + unsubscribePath)
	checked := cop.Handler(next)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("Authorization") != "" {
			next.ServeHTTP(w, r)
			return
		}
		checked.ServeHTTP(w, r)
	})
}

// maxBody caps a JSON request body.
const maxBody = 16 << 10

// decodeBody reads the JSON object of the request body into dst, answering
// malformed, oversized or mistyped bodies, anything but one object (null,
// an array, a string, a number) and data after the object with a 400 and
// a clear message.
func decodeBody(w http.ResponseWriter, r *http.Request, dst any) error {
	return decodeBodyUpTo(w, r, dst, maxBody)
}

// errNotOneObject is a body that is valid JSON but not one object.
var errNotOneObject = errors.New("not one JSON object")

// decodeBodyUpTo is decodeBody for a body of up to limit bytes (a drawn
// signature).
func decodeBodyUpTo(w http.ResponseWriter, r *http.Request, dst any, limit int64) error {
	r.Body = http.MaxBytesReader(w, r.Body, limit)
	dec := json.NewDecoder(r.Body)
	var raw json.RawMessage
	err := dec.Decode(&raw)
	if err == nil {
		if _, err = dec.Token(); err == io.EOF { // nothing follows the value
			err = nil
		} else if !errors.As(err, new(*http.MaxBytesError)) {
			err = errNotOneObject
		}
	}
	if err == nil && raw[0] != '{' {
		err = errNotOneObject
	}
	if err == nil {
		err = json.Unmarshal(raw, dst)
	}
	if err == nil {
		return checkStrings(dst)
	}
	var tooBig *http.MaxBytesError
	var typeErr *json.UnmarshalTypeError
	switch {
	case errors.As(err, &tooBig):
		return badRequest(storefront.TextBodyTooLarge(limit >> 10))
	case errors.As(err, &typeErr) && typeErr.Field != "":
		return badRequest(storefront.TextFieldType(typeErr.Field))
	case errors.Is(err, io.EOF):
		return badRequest(storefront.TextBodyMissing)
	}
	return badRequest(storefront.TextBodyBad)
}
