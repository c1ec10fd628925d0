package host

import (
	"fmt"
	"math"
	"net/http"
	"regexp"
	"storefront"
	"strconv"
	"strings"
	"time"

	"storefront/data"
	"storefront/host/wire"
	"storefront/mail"
	"storefront/members"
	"storefront/rules"
)

// The session calls of spec section 7 (issue 4): register, log in and out,
// passwords, e-mailed codes and links.

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

// signInOpen refuses logging in and registering on the web for a brand
// without the MEMBER_SIGN_IN module (members of such a brand sign in in
// its app).
func signInOpen(b *data.Brand) error {
	if !b.ModuleSet().Has(data.ModuleMemberSignIn) {
		return &storefront.Error{Kind: storefront.KindForbidden, Code: storefront.CodeForbidden, Message: "此品牌未開放網站會員登入，請使用品牌的 App"}
	}
	return nil
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

var codePattern = regexp.MustCompile(`^[0-9]{6}$`)

// checkCode: a code that is not 6 digits is simply a wrong code.
func checkCode(code string) error {
	if !codePattern.MatchString(code) {
		return &storefront.Error{Kind: storefront.KindInvalid, Code: storefront.CodeWrongCode}
	}
	return nil
}

// sendTokenMail mails the member a new token of purpose (members.SendToken:
// the token and its mail in one transaction); the outbox worker sends it.
func (s *Server) sendTokenMail(r *http.Request, b *data.Brand, u *data.User, purpose string) error {
	if s.mailer == nil {
		return &storefront.Error{Kind: storefront.KindUnavailable, Code: storefront.CodeMailFailed, Message: "郵件服務尚未設定，請聯絡商店"}
	}
	return s.members.SendToken(r.Context(), s.mailBrand(r, b), u, purpose)
}

// mailBrand is the brand as its mails present it: name, colour, logo and
// shop, absolute URLs from the trusted origin.
func (s *Server) mailBrand(r *http.Request, b *data.Brand) mail.Brand {
	origin, base := s.brandOrigin(b)
	mb := mail.Brand{Name: b.Name, Colour: s.colour(b), Home: origin + base + "/"}
	if strings.HasPrefix(b.AppLogo, "/") {
		mb.Logo = origin + b.AppLogo
	} else if strings.HasPrefix(b.AppLogo, "https://") {
		mb.Logo = b.AppLogo
	}
	return mb
}

// POST /api/session/register: a new member of the brand, with the
// brand's custom fields; the verification mail goes out through the outbox.
func (s *Server) apiRegister(w http.ResponseWriter, r *http.Request) (any, error) {
	var req wire.RegisterRequest
	b, err := s.decodeBrand(w, r, &req)
	if err != nil {
		return nil, err
	}
	if err := signInOpen(b); err != nil {
		return nil, err
	}
	// mailSent: the mail is queued and a mailer will send it
	u, err := s.members.Register(r.Context(), b, s.mailBrand(r, b), members.Registration{Email: req.Email, Password: req.Password,
		Name: req.Name, CustomFields: req.CustomFields, AcceptTerms: req.AcceptTerms})
	if err != nil {
		return nil, err
	}
	return &wire.RegisterAnswer{UserID: u.ID, Email: u.Email, MailSent: s.mailer != nil}, nil
}

// tooManyAttempts is the answer while a throttle makes the caller wait.
func tooManyAttempts(w http.ResponseWriter, wait time.Duration) error {
	secs := int(math.Ceil(wait.Seconds()))
	w.Header().Set("Retry-After", strconv.Itoa(secs))
	msg := fmt.Sprintf("登入失敗次數過多，請於 %d 秒後再試", secs)
	if secs > 90 {
		msg = fmt.Sprintf("登入失敗次數過多，請於 %d 分鐘後再試", (secs+59)/60)
	}
	return &storefront.Error{Kind: storefront.KindTooMany, Code: storefront.CodeTooManyAttempts, Message: msg}
}

// credentials reads a login's e-mail and password digest (the MD5 the
// browser sends, spec section 5); a malformed one is a wrong password, so
// the answer tells nothing about which.
func credentials(email, password string) (string, string, error) {
	e, ok := rules.Email(email)
	digest, ok2 := rules.PasswordDigest(password)
	if !ok || !ok2 {
		return "", "", &storefront.Error{Kind: storefront.KindUnauthorized, Code: storefront.CodeWrongPassword}
	}
	return e, digest, nil
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
		{"account:" + brandID + ":" + email, rules.AccountLimits},
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
	b, err := s.decodeBrand(w, r, &req)
	if err != nil {
		return nil, err
	}
	if err := signInOpen(b); err != nil {
		return nil, err
	}
	email, digest, err := credentials(req.Email, req.Password)
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

// POST /api/session/changePassword: a logged-in member's new password.
// Every session of the member is revoked; this browser gets a new one.
func (s *Server) apiChangePassword(w http.ResponseWriter, r *http.Request) (any, error) {
	var req wire.ChangePasswordRequest
	b, m, err := s.decodeMember(w, r, &req)
	if err != nil {
		return nil, err
	}
	newDigest, err := members.CheckPassword(req.NewPassword)
	if err != nil {
		return nil, err
	}
	oldDigest, ok := rules.PasswordDigest(req.OldPassword)
	if !ok {
		return nil, &storefront.Error{Kind: storefront.KindUnauthorized, Code: storefront.CodeWrongPassword}
	}
	if _, err := s.checkPasswordThrottled(w, r, b.ID, m.user.Email, oldDigest); err != nil {
		return nil, err
	}
	return s.setPassword(w, r, m.user, func() ([][]byte, error) { return s.db.SetPassword(r.Context(), m.user.ID, newDigest, s.now()) }, &req.AppRequest)
}

// setPassword runs change (which stores a password and revokes the
// member's sessions), drops the revoked sessions from the cache and, with
// login (the caller's appRequest), logs this browser in again.
func (s *Server) setPassword(w http.ResponseWriter, r *http.Request, u *data.User, change func() ([][]byte, error), login *wire.AppRequest) (any, error) {
	revoked, err := change()
	if err != nil {
		return nil, err
	}
	s.forgetSessions(r.Context(), revoked)
	if login == nil {
		clearSessionCookies(w, r)
		return &wire.PasswordAnswer{UserID: u.ID}, nil
	}
	id, err := s.startSession(w, r, u)
	if err != nil {
		return nil, err
	}
	return &wire.PasswordAnswer{UserID: u.ID, SessionID: login.SessionFor(id)}, nil
}

// accountOf decodes a request naming an account by e-mail and loads the
// brand and the member; an unknown e-mail is notFoundCode.
func (s *Server) accountOf(w http.ResponseWriter, r *http.Request, notFoundCode int) (*wire.CodeRequest, *data.Brand, *data.User, error) {
	var req wire.CodeRequest
	b, err := s.decodeBrand(w, r, &req)
	if err != nil {
		return nil, nil, nil, err
	}
	email, err := members.CheckEmail(req.Email)
	if err != nil {
		return nil, nil, nil, err
	}
	u, err := s.db.UserByEmail(r.Context(), b.ID, email, notFoundCode)
	if err != nil {
		return nil, nil, nil, err
	}
	return &req, b, u, nil
}

// POST /api/session/forgotPassword {brandId, email}: mails a reset code
// and link.
func (s *Server) apiForgotPassword(w http.ResponseWriter, r *http.Request) (any, error) {
	_, b, u, err := s.accountOf(w, r, storefront.CodeAccountNotFound)
	if err != nil {
		return nil, err
	}
	if err := s.sendTokenMail(r, b, u, data.PurposeReset); err != nil {
		return nil, err
	}
	return &wire.EmailAnswer{Email: u.Email}, nil
}

// POST /api/session/forgotPassword/confirm {brandId, email, code}: checks
// the reset code without using it up.
func (s *Server) apiForgotPasswordConfirm(w http.ResponseWriter, r *http.Request) (any, error) {
	req, _, u, err := s.accountOf(w, r, storefront.CodeAccountNotFound)
	if err != nil {
		return nil, err
	}
	err = checkCode(req.Code)
	if err == nil {
		err = s.db.UseCode(r.Context(), u.ID, data.PurposeReset, req.Code, false, s.now())
	}
	if err != nil {
		return nil, err
	}
	return &wire.EmailAnswer{Email: u.Email}, nil
}

// POST /api/session/forgotPassword/reset {brandId, email, code, password}:
// the new password, by the mailed code. Every session of the member is
// revoked; the member logs in with the new password.
func (s *Server) apiForgotPasswordReset(w http.ResponseWriter, r *http.Request) (any, error) {
	req, _, u, err := s.accountOf(w, r, storefront.CodeAccountNotFound)
	if err != nil {
		return nil, err
	}
	if err := checkCode(req.Code); err != nil {
		return nil, err
	}
	digest, err := members.CheckPassword(req.Password)
	if err != nil {
		return nil, err
	}
	return s.setPassword(w, r, u, func() ([][]byte, error) {
		return s.db.ResetPassword(r.Context(), u.ID, "", req.Code, digest, s.now())
	}, nil)
}

// POST /api/session/resetPassword {brandId, userId, token, password}: the
// new password, by the link of the reset mail.
func (s *Server) apiResetPasswordByLink(w http.ResponseWriter, r *http.Request) (any, error) {
	var req wire.LinkRequest
	b, err := s.decodeLink(w, r, &req)
	if err != nil {
		return nil, err
	}
	digest, err := members.CheckPassword(req.Password)
	if err != nil {
		return nil, err
	}
	u, err := s.db.User(r.Context(), b.ID, req.UserID, storefront.CodeMemberNotFound)
	if err != nil {
		return nil, err
	}
	return s.setPassword(w, r, u, func() ([][]byte, error) {
		return s.db.ResetPassword(r.Context(), u.ID, req.Token, "", digest, s.now())
	}, nil)
}

// POST /api/session/code/confirm {brandId, email, code}: verifies the
// e-mail address by the code of the verification mail.
func (s *Server) apiCodeConfirm(w http.ResponseWriter, r *http.Request) (any, error) {
	req, _, u, err := s.accountOf(w, r, storefront.CodeAccountNotFound2)
	if err != nil {
		return nil, err
	}
	if u.EmailVerified {
		return nil, &storefront.Error{Kind: storefront.KindConflict, Code: storefront.CodeAppRegistered}
	}
	err = checkCode(req.Code)
	if err == nil {
		err = s.db.UseCode(r.Context(), u.ID, data.PurposeVerify, req.Code, true, s.now())
	}
	if err != nil {
		return nil, err
	}
	return &wire.VerifiedAnswer{Verified: true, Email: u.Email}, nil
}

// POST /api/session/resend {brandId, email, type}: sends the mail of type
// (verify, the default, or forgotPassword) again, at least 3 minutes after
// the last one.
func (s *Server) apiResend(w http.ResponseWriter, r *http.Request) (any, error) {
	req, b, u, err := s.accountOf(w, r, storefront.CodeAccountNotFound2)
	if err != nil {
		return nil, err
	}
	switch req.Type {
	case "", "verify":
		return s.sendVerification(w, r, b, u)
	case "forgotPassword":
		if err := s.sendTokenMail(r, b, u, data.PurposeReset); err != nil {
			return nil, err
		}
		return &wire.EmailAnswer{Email: u.Email}, nil
	}
	return nil, badRequest("type 須為 verify 或 forgotPassword")
}
