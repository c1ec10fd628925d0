package host

import (
	"net/http"

	"storefront/data"
)

// The verification calls of spec section 7: the link of the verification
// mail, and sending that mail again.

// linkRequest is a mailed link's values as its landing page posts them.
type linkRequest struct {
	brandRequest
	UserID   int64  `json:"userId"`
	Token    string `json:"token"`
	Password string `json:"password"`
}

// decodeLink decodes a link request and loads its brand. A token of the
// wrong shape is a wrong token (-10047).
func (s *Server) decodeLink(w http.ResponseWriter, r *http.Request, req *linkRequest) (*data.Brand, bool) {
	if err := decodeBody(w, r, req); err != nil {
		s.apiError(w, r, err)
		return nil, false
	}
	b, err := s.brandOf(r.Context(), req.BrandID)
	if err != nil {
		s.apiError(w, r, err)
		return nil, false
	}
	if req.UserID <= 0 {
		s.apiError(w, r, &data.Error{Kind: data.KindNotFound, Code: data.CodeMemberNotFound})
		return nil, false
	}
	if req.Token == "" || len(req.Token) > 100 {
		s.apiError(w, r, &data.Error{Kind: data.KindInvalid, Code: data.CodeWrongToken})
		return nil, false
	}
	return b, true
}

// POST /api/verify/email {brandId, userId, token}: verifies the member's
// e-mail by the link of the verification mail. The database keeps only the
// SHA-256 of the token (spec section 5).
func (s *Server) apiVerifyEmail(w http.ResponseWriter, r *http.Request) {
	var req linkRequest
	b, ok := s.decodeLink(w, r, &req)
	if !ok {
		return
	}
	u, err := s.db.VerifyEmail(r.Context(), b.ID, req.UserID, req.Token, s.now())
	if err != nil {
		s.apiError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"verified": true, "email": u.Email, "userId": u.ID})
}

// POST /api/verify/sendemail and /api/verify/resendemail {brandId, email}:
// sends the verification mail (again), at least 3 minutes after the last.
func (s *Server) apiSendVerification(w http.ResponseWriter, r *http.Request) {
	_, b, u, ok := s.accountOf(w, r, data.CodeAccountNotFound2)
	if ok {
		s.sendVerification(w, r, b, u)
	}
}

// sendVerification mails the verification mail to a member not yet
// verified; a verified one is told to log in (-10090).
func (s *Server) sendVerification(w http.ResponseWriter, r *http.Request, b *data.Brand, u *data.User) {
	if u.EmailVerified {
		s.apiError(w, r, &data.Error{Kind: data.KindConflict, Code: data.CodeAppRegistered})
		return
	}
	if err := s.sendTokenMail(r, b, u, data.PurposeVerify); err != nil {
		s.apiError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"email": u.Email})
}
