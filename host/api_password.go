package host

import (
	"net/http"
	"storefront"

	"storefront/data"
	"storefront/host/wire"
	"storefront/members"
	"storefront/rules"
)

// The password calls of spec section 7: a logged-in member's new
// password, and a forgotten one reset by the mailed code or link.

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
