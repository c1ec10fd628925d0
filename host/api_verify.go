package host

import (
	"net/http"
	"storefront"

	"storefront/data"
	"storefront/host/wire"
)

// The verification calls of spec section 7: the link of the verification
// mail, and sending that mail again.

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
