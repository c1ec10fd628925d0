package host

import (
	"net/http"
	"regexp"
	"storefront"

	"storefront/data"
	"storefront/host/wire"
	"storefront/members"
)

// The verification calls of spec section 7: the link and the code of the
// verification mail, and sending the token mails (verification, password
// reset) again.

// decodeLink decodes a link request and loads its brand. A token of the
// wrong shape is a wrong token (-10047).
func (s *Server) decodeLink(w http.ResponseWriter, r *http.Request, req *wire.LinkRequest) (*data.Brand, error) {
	if err := decodeBody(w, r, req); err != nil {
		return nil, err
	}
	b, err := s.brand(r.Context(), req.BrandID, nil)
	switch {
	case err != nil:
		return nil, err
	case req.UserID <= 0:
		return nil, &storefront.Error{Kind: storefront.KindNotFound, Code: storefront.CodeMemberNotFound}
	case req.Token == "" || len(req.Token) > 100:
		return nil, &storefront.Error{Kind: storefront.KindInvalid, Code: storefront.CodeWrongToken}
	}
	return b, nil
}

// POST /api/verify/email {brandId, userId, token}: verifies the member's
// e-mail by the link of the verification mail. The database keeps only the
// SHA-256 of the token (spec section 5).
func (s *Server) apiVerifyEmail(w http.ResponseWriter, r *http.Request) (any, error) {
	var req wire.LinkRequest
	b, err := s.decodeLink(w, r, &req)
	if err != nil {
		return nil, err
	}
	u, err := s.db.VerifyEmail(r.Context(), b.ID, req.UserID, req.Token, s.now())
	if err != nil {
		return nil, err
	}
	return &wire.VerifiedAnswer{Verified: true, Email: u.Email, UserID: u.ID}, nil
}

// POST /api/verify/sendemail and /api/verify/resendemail {brandId, email}:
// sends the verification mail (again), at least 3 minutes after the last.
func (s *Server) apiSendVerification(w http.ResponseWriter, r *http.Request) (any, error) {
	_, b, u, err := s.accountOf(w, r, storefront.CodeAccountNotFound2)
	if err != nil {
		return nil, err
	}
	return s.sendVerification(w, r, b, u)
}

// sendVerification mails the verification mail to a member not yet
// verified; a verified one is told to log in (-10090).
func (s *Server) sendVerification(w http.ResponseWriter, r *http.Request, b *data.Brand, u *data.User) (any, error) {
	if u.EmailVerified {
		return nil, &storefront.Error{Kind: storefront.KindConflict, Code: storefront.CodeAppRegistered}
	}
	if err := s.sendTokenMail(r, b, u, data.PurposeVerify); err != nil {
		return nil, err
	}
	return &wire.EmailAnswer{Email: u.Email}, nil
}

var codePattern = regexp.MustCompile(`^[0-9]{6}$`)

// checkCode: a code that is not 6 digits is simply a wrong code.
func checkCode(code string) error {
	if !codePattern.MatchString(code) {
		return &storefront.Error{Kind: storefront.KindInvalid, Code: storefront.CodeWrongCode}
	}
	return nil
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

// sendTokenMail mails the member a new token of purpose (members.SendToken:
// the token and its mail in one transaction); the outbox worker sends it.
func (s *Server) sendTokenMail(r *http.Request, b *data.Brand, u *data.User, purpose string) error {
	if s.mailer == nil {
		return &storefront.Error{Kind: storefront.KindUnavailable, Code: storefront.CodeMailFailed, Message: storefront.TextNoMailer}
	}
	return s.members.SendToken(r.Context(), s.mailBrand(r, b), u, purpose)
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
	return nil, badRequest(storefront.TextResendTypes)
}
