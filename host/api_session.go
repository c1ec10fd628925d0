package host

import (
	"math"
	"net/http"
	"storefront"
	"strconv"
	"time"

	"storefront/data"
	"storefront/host/wire"
	"storefront/rules"
)

// The session calls of spec section 7: log in and out, and whether a
// request's session is a live member.

func userInfoOf(u *data.User, b *data.Brand) *wire.UserInfo {
	info := &wire.UserInfo{UserID: u.ID, BrandID: u.BrandID, Email: u.Email, Name: u.Name, EmailVerified: u.EmailVerified,
		Unsubscribed: u.Unsubscribed, CustomFields: u.CustomValues, MissingFields: []string{}}
	for _, f := range b.CustomFields {
		if f.Required && u.CustomValues[f.Key] == "" {
			info.MissingFields = append(info.MissingFields, f.Key)
		}
	}
	return info
}

// decodeSignIn is decodeBrand for logging in and registering on the web:
// a brand without the MEMBER_SIGN_IN module is refused (members of such a
// brand sign in in its app).
func (s *Server) decodeSignIn(w http.ResponseWriter, r *http.Request, req interface{ Brand() string }) (*data.Brand, error) {
	b, err := s.decodeBrand(w, r, req)
	if err == nil && !b.ModuleSet().Has(data.ModuleMemberSignIn) {
		err = &storefront.Error{Kind: storefront.KindForbidden, Code: storefront.CodeForbidden, Message: storefront.TextSignInClosed}
	}
	return b, err
}

// decodeBrand reads the JSON body into req and loads the brand it names.
func (s *Server) decodeBrand(w http.ResponseWriter, r *http.Request, req interface{ Brand() string }) (*data.Brand, error) {
	if err := decodeBody(w, r, req); err != nil {
		return nil, err
	}
	return s.brand(r.Context(), req.Brand(), nil)
}

// decodeMember is decodeBrand for the calls of a logged-in member: it also
// finds the member the session names (401 without one).
func (s *Server) decodeMember(w http.ResponseWriter, r *http.Request, req interface{ Brand() string }) (*data.Brand, *member, error) {
	b, err := s.decodeBrand(w, r, req)
	if err != nil {
		return nil, nil, err
	}
	m, err := s.apiMember(w, r, b)
	return b, m, err
}

// tooManyAttempts is the answer while a throttle makes the caller wait.
func tooManyAttempts(w http.ResponseWriter, wait time.Duration) error {
	secs := int(math.Ceil(wait.Seconds()))
	w.Header().Set("Retry-After", strconv.Itoa(secs))
	msg := storefront.TextLoginWaitSeconds(secs)
	if secs > 90 {
		msg = storefront.TextLoginWaitMinutes((secs + 59) / 60)
	}
	return &storefront.Error{Kind: storefront.KindTooMany, Code: storefront.CodeTooManyAttempts, Message: msg}
}

// decodeLogin is decodeSignIn for a request that signs in with an e-mail
// and password (a login, joining with another brand's account): it also
// reads them, the password as its digest (the MD5 the browser sends, spec
// section 5); a malformed one is a wrong password, so the answer tells
// nothing about which.
func (s *Server) decodeLogin(w http.ResponseWriter, r *http.Request, req interface{ Brand() string }, email, password *string) (b *data.Brand, e, digest string, err error) {
	if b, err = s.decodeSignIn(w, r, req); err != nil {
		return nil, "", "", err
	}
	e, ok := rules.Email(*email)
	digest, ok2 := rules.PasswordDigest(*password)
	if !ok || !ok2 {
		return nil, "", "", &storefront.Error{Kind: storefront.KindUnauthorized, Code: storefront.CodeWrongPassword}
	}
	return b, e, digest, nil
}

// confirmPassword checks that the logged-in member m of brand b typed
// their password (MD5 hex, as at login), under the login throttles: the
// step before an act that needs it (deleting the account, linking LINE).
func (s *Server) confirmPassword(w http.ResponseWriter, r *http.Request, b *data.Brand, m *member, password string) error {
	digest, ok := rules.PasswordDigest(password)
	if !ok {
		return &storefront.Error{Kind: storefront.KindUnauthorized, Code: storefront.CodeWrongPassword, Field: "password"}
	}
	_, err := s.checkPasswordThrottled(w, r, b.ID, m.user.Email, digest)
	return err
}

// checkPasswordThrottled checks a member's password under the throttles of
// the account (or, from the account's known device, of that device) and
// the caller's address (rules.AccountLimits, rules.AddressLimits): a wrong
// password counts against both, a right one clears the account's (the
// device's) count.
func (s *Server) checkPasswordThrottled(w http.ResponseWriter, r *http.Request, brandID, email, digest string) (*data.User, error) {
	ctx := r.Context()
	keys := []struct {
		key    string
		limits rules.ThrottleLimits
	}{
		{data.AccountThrottleKey(brandID, email), rules.AccountLimits},
		{"address:" + s.clientAddress(r), rules.AddressLimits},
	}
	if dev := s.knownDevice(r, brandID, email); dev != "" {
		keys[0].key = "device:" + dev // the owner's known device: a throttle of its own (device.go)
	}
	now := s.now()
	for _, k := range keys {
		t, err := s.db.Throttle(ctx, k.key)
		if err != nil {
			return nil, err
		}
		if wait := k.limits.Wait(t, now); wait > 0 {
			return nil, tooManyAttempts(w, wait)
		}
	}
	u, err := s.db.CheckPassword(ctx, brandID, email, digest)
	if err != nil && storefront.AsError(err).Code == storefront.CodeWrongPassword {
		for _, k := range keys {
			if ferr := s.db.RecordFailure(ctx, k.key, k.limits, now); ferr != nil {
				return nil, ferr
			}
		}
		return nil, err
	}
	if err != nil {
		return nil, err
	}
	return u, s.db.ClearThrottle(ctx, keys[0].key)
}

// startSession creates a session for u and sets the cookies.
func (s *Server) startSession(w http.ResponseWriter, r *http.Request, u *data.User) (string, error) {
	id, err := s.db.CreateSession(r.Context(), u.BrandID, u.ID, r.UserAgent(), s.now())
	if err != nil {
		return "", err
	}
	s.setSessionCookies(w, r, id, u)
	return id, nil
}

// POST /api/session/login
func (s *Server) apiLogin(w http.ResponseWriter, r *http.Request) (any, error) {
	var req wire.LoginRequest
	b, email, digest, err := s.decodeLogin(w, r, &req, &req.Email, &req.Password)
	if err != nil {
		return nil, err
	}
	u, err := s.checkPasswordThrottled(w, r, b.ID, email, digest)
	if err != nil {
		return nil, err
	}
	id, err := s.startSession(w, r, u)
	if err != nil {
		return nil, err
	}
	s.rememberDevice(w, r, b.ID, email)
	return &wire.LoginAnswer{UserID: u.ID, BrandID: b.ID, User: userInfoOf(u, b), SessionID: req.SessionFor(id)}, nil
}

// POST /api/session/logout {sessionId, brandId}: revokes the session (the
// body's, else the request's) and clears the cookies. Logging out twice
// is no error.
func (s *Server) apiLogout(w http.ResponseWriter, r *http.Request) (any, error) {
	var req wire.LogoutRequest
	if err := decodeBody(w, r, &req); err != nil {
		return nil, err
	}
	id := req.SessionID
	if id == "" {
		id = sessionID(r)
	}
	if id != "" && len(id) <= 200 {
		if err := s.db.RevokeSession(r.Context(), id, s.now()); err != nil {
			return nil, err
		}
		s.cache.Delete(r.Context(), sessionCacheKey(data.SessionKey(id))) // every host also learns of it by NOTIFY
	}
	clearSessionCookies(w, r)
	return &wire.AuthStatus{}, nil
}

// GET /api/session/auth/status?brandId=: whether the request's session is
// a live member of the brand.
func (s *Server) apiAuthStatus(w http.ResponseWriter, r *http.Request) (any, error) {
	b, err := s.brand(r.Context(), r.URL.Query().Get("brandId"), nil)
	if err != nil {
		return nil, err
	}
	m, clear, err := s.memberOf(r, b)
	if err != nil && storefront.ErrorKind(err) != storefront.KindUnauthorized && storefront.ErrorKind(err) != storefront.KindForbidden {
		return nil, err
	}
	if clear {
		clearSessionCookies(w, r)
	}
	if m == nil {
		return &wire.AuthStatus{}, nil
	}
	return &wire.AuthStatus{LoggedIn: true, UserID: m.user.ID, BrandID: b.ID, EmailVerified: m.user.EmailVerified}, nil
}
