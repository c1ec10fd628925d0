package host

import (
	"context"
	"fmt"
	"math"
	"net/http"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"time"

	"storefront/data"
	"storefront/data/rules"
	"storefront/mail"
)

// The session calls of spec section 7 (issue 4): register, log in and out,
// passwords, e-mailed codes and links.

func userInfoOf(u *data.User, b *data.Brand) *UserInfo {
	info := &UserInfo{UserID: u.ID, BrandID: u.BrandID, Email: u.Email, Name: u.Name, EmailVerified: u.EmailVerified,
		Unsubscribed: u.Unsubscribed, CustomFields: u.CustomValues, MissingFields: []string{}}
	for _, f := range b.CustomFields {
		if f.Required && u.CustomValues[f.Key] == "" {
			info.MissingFields = append(info.MissingFields, f.Key)
		}
	}
	return info
}

// brandOf loads the brand a request body names.
func (s *Server) brandOf(ctx context.Context, id string) (*data.Brand, error) {
	if id == "" {
		return nil, badRequest("缺少 brandId")
	}
	return s.loadBrand(ctx, id)
}

// signInOpen refuses logging in and registering on the web for a brand
// without the MEMBER_SIGN_IN module (members of such a brand sign in in
// its app).
func signInOpen(b *data.Brand) error {
	if !b.ModuleSet().Has(data.ModuleMemberSignIn) {
		return &data.Error{Kind: data.KindForbidden, Code: data.CodeForbidden, Message: "此品牌未開放網站會員登入，請使用品牌的 App"}
	}
	return nil
}

// brandRequest is what every member call's JSON body has: its brand.
type brandRequest struct {
	BrandID string `json:"brandId"`
}

func (b *brandRequest) brand() string { return b.BrandID }

// decodeBrand reads the JSON body into req and loads the brand it names,
// answering a bad body or an unknown brand itself.
func (s *Server) decodeBrand(w http.ResponseWriter, r *http.Request, req interface{ brand() string }) (*data.Brand, bool) {
	if err := decodeBody(w, r, req); err != nil {
		s.apiError(w, r, err)
		return nil, false
	}
	b, err := s.brandOf(r.Context(), req.brand())
	if err != nil {
		s.apiError(w, r, err)
		return nil, false
	}
	return b, true
}

// decodeMember is decodeBrand for the calls of a logged-in member: it also
// finds the member the session names, answering 401 itself.
func (s *Server) decodeMember(w http.ResponseWriter, r *http.Request, req interface{ brand() string }) (*data.Brand, *member, bool) {
	b, ok := s.decodeBrand(w, r, req)
	if !ok {
		return nil, nil, false
	}
	m, ok := s.apiMember(w, r, b)
	return b, m, ok
}

// checkEmail and checkPassword validate the two account fields.
func checkEmail(s string) (string, error) {
	e, ok := rules.Email(s)
	if !ok {
		return "", badRequest("電子信箱格式不正確")
	}
	return e, nil
}

func checkPassword(s string) (string, error) {
	d, ok := rules.PasswordDigest(s)
	if !ok {
		return "", badRequest("密碼須以 MD5 雜湊後傳送（32 位十六進位字元）")
	}
	return d, nil
}

var codePattern = regexp.MustCompile(`^[0-9]{6}$`)

// checkCode: a code that is not 6 digits is simply a wrong code.
func checkCode(code string) error {
	if !codePattern.MatchString(code) {
		return &data.Error{Kind: data.KindInvalid, Code: data.CodeWrongCode}
	}
	return nil
}

// checkCustomFields validates values against the brand's custom-field
// schema: every key must be the brand's, every value fit its type. It
// returns the values to store and the phone among them.
func checkCustomFields(b *data.Brand, values map[string]string) (map[string]string, string, error) {
	known := make(map[string]bool, len(b.CustomFields))
	for _, f := range b.CustomFields {
		known[f.Key] = true
	}
	for k := range values {
		if !known[k] {
			return nil, "", badRequest("不明的自訂欄位：" + truncate(k, 64))
		}
	}
	clean := map[string]string{}
	phone := ""
	for _, f := range b.CustomFields {
		v, err := rules.CheckField(rules.FieldRule{Label: f.Label, Type: f.Type, Required: f.Required, MaxLength: f.MaxLength, Options: f.Options}, values[f.Key])
		if err != nil {
			return nil, "", badRequest(err.Error())
		}
		if v == "" {
			continue
		}
		clean[f.Key] = v
		if f.Type == rules.FieldPhone && phone == "" {
			phone = v
		}
	}
	return clean, phone, nil
}

func truncate(s string, n int) string {
	if r := []rune(s); len(r) > n {
		return string(r[:n]) + "…"
	}
	return s
}

// sendTokenMail issues a token of purpose for the member and queues its
// mail in the outbox, in one transaction; the outbox worker sends it.
func (s *Server) sendTokenMail(r *http.Request, b *data.Brand, u *data.User, purpose string) error {
	if s.mailer == nil {
		return &data.Error{Kind: data.KindUnavailable, Code: data.CodeMailFailed, Message: "郵件服務尚未設定，請聯絡商店"}
	}
	if _, err := s.db.IssueTokenMail(r.Context(), u, purpose, s.now(), s.tokenMail(r, b, purpose)); err != nil {
		return err
	}
	s.outbox.Kick()
	return nil
}

// tokenMail composes the mail of a token: the verification mail or the
// password-reset mail, with a link to /verify/email on this site and the
// same check as a 6-digit code. Every mailed link is built here.
func (s *Server) tokenMail(r *http.Request, b *data.Brand, purpose string) data.ComposeMail {
	return func(u *data.User, t *data.Issued) (data.Mail, error) {
		origin, base := s.brandOrigin(b, s.siteOf(r).Env)
		q := url.Values{"u": {strconv.FormatInt(u.ID, 10)}, "t": {t.Token}}
		if purpose == data.PurposeReset {
			q.Set("type", "resetPassword")
		}
		link := origin + base + "/verify/email?" + q.Encode()
		mb := mail.Brand{Name: b.Name, Colour: s.colour(b), Home: origin + base + "/"}
		if strings.HasPrefix(b.AppLogo, "/") {
			mb.Logo = origin + b.AppLogo
		} else if strings.HasPrefix(b.AppLogo, "https://") {
			mb.Logo = b.AppLogo
		}
		ttl := data.TokenTTL[purpose]
		msg := mail.Verification(mb, u.Email, u.Name, link, t.Code, ttl)
		if purpose == data.PurposeReset {
			msg = mail.PasswordReset(mb, u.Email, u.Name, link, t.Code, ttl)
		}
		return data.Mail{To: msg.To, FromName: msg.FromName, Subject: msg.Subject, Text: msg.Text, HTML: msg.HTML}, nil
	}
}

type registerRequest struct {
	brandRequest
	Email        string            `json:"email"`
	Password     string            `json:"password"`
	Name         string            `json:"name"`
	CustomFields map[string]string `json:"customFields"`
	AcceptTerms  bool              `json:"acceptTerms"`
}

// POST /api/session/register: a new member of the brand, with the
// brand's custom fields; the verification mail goes out through the outbox.
func (s *Server) apiRegister(w http.ResponseWriter, r *http.Request) {
	var req registerRequest
	b, ok := s.decodeBrand(w, r, &req)
	if !ok {
		return
	}
	if err := signInOpen(b); err != nil {
		s.apiError(w, r, err)
		return
	}
	n := data.NewUser{BrandID: b.ID}
	err := func() (err error) {
		if !req.AcceptTerms {
			return badRequest("請先閱讀並同意服務條款與隱私權政策")
		}
		if n.Email, err = checkEmail(req.Email); err != nil {
			return err
		}
		if n.PasswordDigest, err = checkPassword(req.Password); err != nil {
			return err
		}
		if n.Name, err = rules.MemberName(req.Name); err != nil {
			return badRequest(err.Error())
		}
		n.CustomValues, n.Phone, err = checkCustomFields(b, req.CustomFields)
		return err
	}()
	if err != nil {
		s.apiError(w, r, err)
		return
	}
	// the member, its verification token and the token's mail in one
	// transaction; mailSent: the mail is queued and a mailer will send it
	u, err := s.db.Register(r.Context(), n, s.now(), s.tokenMail(r, b, data.PurposeVerify))
	if err != nil {
		s.apiError(w, r, err)
		return
	}
	s.outbox.Kick()
	writeJSON(w, http.StatusOK, map[string]any{"userId": u.ID, "email": u.Email, "mailSent": s.mailer != nil})
}

type loginRequest struct {
	brandRequest
	Email    string `json:"email"`
	Password string `json:"password"`
	appRequest
}

// appRequest marks a call of the brand's native app (body "from": "app",
// as its webview's pages carry ?from=app): only the app, which keeps the
// session itself and sends it as the Authorization header, gets the
// session id in an answer's body. A browser has it in the HttpOnly
// cookie alone, out of any script's reach; the React app never reads it.
type appRequest struct {
	From string `json:"from"`
}

// withSession adds the session id to an answer for the app.
func (a appRequest) withSession(answer map[string]any, id string) map[string]any {
	if a.From == "app" {
		answer["sessionId"] = id
	}
	return answer
}

// tooManyAttempts is the answer while a throttle makes the caller wait.
func tooManyAttempts(w http.ResponseWriter, wait time.Duration) error {
	secs := int(math.Ceil(wait.Seconds()))
	w.Header().Set("Retry-After", strconv.Itoa(secs))
	msg := fmt.Sprintf("登入失敗次數過多，請於 %d 秒後再試", secs)
	if secs > 90 {
		msg = fmt.Sprintf("登入失敗次數過多，請於 %d 分鐘後再試", (secs+59)/60)
	}
	return &data.Error{Kind: data.KindTooMany, Code: data.CodeTooManyAttempts, Message: msg}
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
	if err != nil && data.AsError(err).Code == data.CodeWrongPassword {
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
func (s *Server) apiLogin(w http.ResponseWriter, r *http.Request) {
	var req loginRequest
	b, ok := s.decodeBrand(w, r, &req)
	if !ok {
		return
	}
	if err := signInOpen(b); err != nil {
		s.apiError(w, r, err)
		return
	}
	email, ok := rules.Email(req.Email)
	digest, ok2 := rules.PasswordDigest(req.Password)
	if !ok || !ok2 {
		s.apiError(w, r, &data.Error{Kind: data.KindUnauthorized, Code: data.CodeWrongPassword})
		return
	}
	u, err := s.checkPasswordThrottled(w, r, b.ID, email, digest)
	if err != nil {
		s.apiError(w, r, err)
		return
	}
	id, err := s.startSession(w, r, u)
	if err != nil {
		s.apiError(w, r, err)
		return
	}
	s.rememberDevice(w, r, b.ID, email)
	writeJSON(w, http.StatusOK, req.withSession(map[string]any{"userId": u.ID, "brandId": b.ID, "user": userInfoOf(u, b)}, id))
}

// POST /api/session/logout {sessionId, brandId}: revokes the session (the
// body's, else the request's) and clears the cookies. Logging out twice
// is no error.
func (s *Server) apiLogout(w http.ResponseWriter, r *http.Request) {
	var req struct {
		SessionID string `json:"sessionId"`
		brandRequest
	}
	if err := decodeBody(w, r, &req); err != nil {
		s.apiError(w, r, err)
		return
	}
	id := req.SessionID
	if id == "" {
		id = sessionID(r)
	}
	if id != "" && len(id) <= 200 {
		if err := s.db.RevokeSession(r.Context(), id, s.now()); err != nil {
			s.apiError(w, r, err)
			return
		}
		s.cache.Delete(r.Context(), sessionCacheKey(data.SessionKey(id))) // every host also learns of it by NOTIFY
	}
	clearSessionCookies(w, r)
	writeJSON(w, http.StatusOK, map[string]any{"loggedIn": false})
}

// GET /api/session/auth/status?brandId=: whether the request's session is
// a live member of the brand.
func (s *Server) apiAuthStatus(w http.ResponseWriter, r *http.Request) {
	b, err := s.brandOf(r.Context(), r.URL.Query().Get("brandId"))
	if err != nil {
		s.apiError(w, r, err)
		return
	}
	m, clear, err := s.memberOf(r, b)
	if err != nil && data.ErrorKind(err) != data.KindUnauthorized && data.ErrorKind(err) != data.KindForbidden {
		s.apiError(w, r, err)
		return
	}
	if clear {
		clearSessionCookies(w, r)
	}
	if m == nil {
		writeJSON(w, http.StatusOK, map[string]any{"loggedIn": false})
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"loggedIn": true, "userId": m.user.ID, "brandId": b.ID, "emailVerified": m.user.EmailVerified})
}

type changePasswordRequest struct {
	brandRequest
	OldPassword string `json:"oldPassword"`
	NewPassword string `json:"newPassword"`
	appRequest
}

// POST /api/session/changePassword: a logged-in member's new password.
// Every session of the member is revoked; this browser gets a new one.
func (s *Server) apiChangePassword(w http.ResponseWriter, r *http.Request) {
	var req changePasswordRequest
	b, m, ok := s.decodeMember(w, r, &req)
	if !ok {
		return
	}
	newDigest, err := checkPassword(req.NewPassword)
	if err != nil {
		s.apiError(w, r, err)
		return
	}
	oldDigest, ok := rules.PasswordDigest(req.OldPassword)
	if !ok {
		s.apiError(w, r, &data.Error{Kind: data.KindUnauthorized, Code: data.CodeWrongPassword})
		return
	}
	if _, err := s.checkPasswordThrottled(w, r, b.ID, m.user.Email, oldDigest); err != nil {
		s.apiError(w, r, err)
		return
	}
	s.setPassword(w, r, m.user, func() ([][]byte, error) { return s.db.SetPassword(r.Context(), m.user.ID, newDigest, s.now()) }, &req.appRequest)
}

// setPassword runs change (which stores a password and revokes the
// member's sessions), drops the revoked sessions from the cache and, with
// login (the caller's appRequest), logs this browser in again.
func (s *Server) setPassword(w http.ResponseWriter, r *http.Request, u *data.User, change func() ([][]byte, error), login *appRequest) {
	revoked, err := change()
	if err != nil {
		s.apiError(w, r, err)
		return
	}
	s.forgetSessions(r.Context(), revoked)
	if login == nil {
		clearSessionCookies(w, r)
		writeJSON(w, http.StatusOK, map[string]any{"userId": u.ID})
		return
	}
	id, err := s.startSession(w, r, u)
	if err != nil {
		s.apiError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, login.withSession(map[string]any{"userId": u.ID}, id))
}

type codeRequest struct {
	brandRequest
	Email    string `json:"email"`
	Code     string `json:"code"`
	Password string `json:"password"`
	Type     string `json:"type"`
}

// accountOf decodes a request naming an account by e-mail and loads the
// brand and the member; an unknown e-mail is notFoundCode.
func (s *Server) accountOf(w http.ResponseWriter, r *http.Request, notFoundCode int) (*codeRequest, *data.Brand, *data.User, bool) {
	var req codeRequest
	if err := decodeBody(w, r, &req); err != nil {
		s.apiError(w, r, err)
		return nil, nil, nil, false
	}
	b, err := s.brandOf(r.Context(), req.BrandID)
	if err != nil {
		s.apiError(w, r, err)
		return nil, nil, nil, false
	}
	email, err := checkEmail(req.Email)
	if err != nil {
		s.apiError(w, r, err)
		return nil, nil, nil, false
	}
	u, err := s.db.UserByEmail(r.Context(), b.ID, email, notFoundCode)
	if err != nil {
		s.apiError(w, r, err)
		return nil, nil, nil, false
	}
	return &req, b, u, true
}

// POST /api/session/forgotPassword {brandId, email}: mails a reset code
// and link.
func (s *Server) apiForgotPassword(w http.ResponseWriter, r *http.Request) {
	_, b, u, ok := s.accountOf(w, r, data.CodeAccountNotFound)
	if !ok {
		return
	}
	if err := s.sendTokenMail(r, b, u, data.PurposeReset); err != nil {
		s.apiError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"email": u.Email})
}

// POST /api/session/forgotPassword/confirm {brandId, email, code}: checks
// the reset code without using it up.
func (s *Server) apiForgotPasswordConfirm(w http.ResponseWriter, r *http.Request) {
	req, _, u, ok := s.accountOf(w, r, data.CodeAccountNotFound)
	if !ok {
		return
	}
	err := checkCode(req.Code)
	if err == nil {
		err = s.db.UseCode(r.Context(), u.ID, data.PurposeReset, req.Code, false, s.now())
	}
	if err != nil {
		s.apiError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"email": u.Email})
}

// POST /api/session/forgotPassword/reset {brandId, email, code, password}:
// the new password, by the mailed code. Every session of the member is
// revoked; the member logs in with the new password.
func (s *Server) apiForgotPasswordReset(w http.ResponseWriter, r *http.Request) {
	req, _, u, ok := s.accountOf(w, r, data.CodeAccountNotFound)
	if !ok {
		return
	}
	if err := checkCode(req.Code); err != nil {
		s.apiError(w, r, err)
		return
	}
	digest, err := checkPassword(req.Password)
	if err != nil {
		s.apiError(w, r, err)
		return
	}
	s.setPassword(w, r, u, func() ([][]byte, error) {
		return s.db.ResetPassword(r.Context(), u.ID, "", req.Code, digest, s.now())
	}, nil)
}

// POST /api/session/resetPassword {brandId, userId, token, password}: the
// new password, by the link of the reset mail.
func (s *Server) apiResetPasswordByLink(w http.ResponseWriter, r *http.Request) {
	var req linkRequest
	b, ok := s.decodeLink(w, r, &req)
	if !ok {
		return
	}
	digest, err := checkPassword(req.Password)
	if err != nil {
		s.apiError(w, r, err)
		return
	}
	u, err := s.db.User(r.Context(), b.ID, req.UserID, data.CodeMemberNotFound)
	if err != nil {
		s.apiError(w, r, err)
		return
	}
	s.setPassword(w, r, u, func() ([][]byte, error) {
		return s.db.ResetPassword(r.Context(), u.ID, req.Token, "", digest, s.now())
	}, nil)
}

// POST /api/session/code/confirm {brandId, email, code}: verifies the
// e-mail address by the code of the verification mail.
func (s *Server) apiCodeConfirm(w http.ResponseWriter, r *http.Request) {
	req, _, u, ok := s.accountOf(w, r, data.CodeAccountNotFound2)
	if !ok {
		return
	}
	if u.EmailVerified {
		s.apiError(w, r, &data.Error{Kind: data.KindConflict, Code: data.CodeAppRegistered})
		return
	}
	err := checkCode(req.Code)
	if err == nil {
		err = s.db.UseCode(r.Context(), u.ID, data.PurposeVerify, req.Code, true, s.now())
	}
	if err != nil {
		s.apiError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"verified": true, "email": u.Email})
}

// POST /api/session/resend {brandId, email, type}: sends the mail of type
// (verify, the default, or forgotPassword) again, at least 3 minutes after
// the last one.
func (s *Server) apiResend(w http.ResponseWriter, r *http.Request) {
	req, b, u, ok := s.accountOf(w, r, data.CodeAccountNotFound2)
	if !ok {
		return
	}
	switch req.Type {
	case "", "verify":
		s.sendVerification(w, r, b, u)
	case "forgotPassword":
		if err := s.sendTokenMail(r, b, u, data.PurposeReset); err != nil {
			s.apiError(w, r, err)
			return
		}
		writeJSON(w, http.StatusOK, map[string]any{"email": u.Email})
	default:
		s.apiError(w, r, badRequest("type 須為 verify 或 forgotPassword"))
	}
}
