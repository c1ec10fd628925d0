package host

import (
	"net/http"
	"storefront"

	"storefront/data"
	"storefront/host/wire"
	"storefront/members"
)

// The registration calls of spec section 7: a new member of the brand,
// during checkout too, and a member of another brand joining this one.

// POST /api/session/register (and purchaseVerify/register, during
// checkout): a new member of the brand, with the brand's custom fields,
// logged in at once (the session cookie as a login sets it), so the
// visitor stays where they were; the verification mail goes out through
// the outbox and leads back to req.Next.
func (s *Server) apiRegister(w http.ResponseWriter, r *http.Request) (any, error) {
	var req wire.RegisterRequest
	b, err := s.decodeSignIn(w, r, &req)
	if err != nil {
		return nil, err
	}
	return s.registerAndLogin(w, r, b, members.Registration{Email: req.Email, Password: req.Password,
		Name: req.Name, CustomFields: req.CustomFields, AcceptTerms: req.AcceptTerms, Next: req.Next}, req.AppRequest)
}

// registerAndLogin registers reg at b (members.Register: rules, member,
// verification mail in one transaction) and logs the new member in; b is
// decodeSignIn's. MailSent: the mail is queued and a mailer will send it.
func (s *Server) registerAndLogin(w http.ResponseWriter, r *http.Request, b *data.Brand, reg members.Registration, app wire.AppRequest) (*wire.RegisterLoginAnswer, error) {
	u, err := s.members.Register(r.Context(), b, s.mailBrand(r, b), reg)
	if err != nil {
		return nil, err
	}
	id, err := s.startSession(w, r, u)
	if err != nil {
		return nil, err
	}
	return &wire.RegisterLoginAnswer{LoginAnswer: wire.LoginAnswer{UserID: u.ID, BrandID: b.ID, User: userInfoOf(u, b), SessionID: app.SessionFor(id)},
		MailSent: s.mailer != nil}, nil
}

// POST /api/user/add: a member of another brand of this storefront joins
// this one with that account: its password checked (under the login
// throttles) at the brand where the e-mail last registered, its name
// brought over, this brand's terms accepted and custom fields filled;
// logged in at once. Already a member here: -10090 (log in directly).
func (s *Server) apiUserAdd(w http.ResponseWriter, r *http.Request) (any, error) {
	var req wire.AddUserRequest
	b, email, digest, err := s.decodeLogin(w, r, &req, &req.Email, &req.Password)
	if err != nil {
		return nil, err
	}
	if _, err := s.db.UserByEmail(r.Context(), b.ID, email, storefront.CodeAccountNotFound); err == nil {
		return nil, &storefront.Error{Kind: storefront.KindConflict, Code: storefront.CodeAppRegistered}
	} else if storefront.ErrorKind(err) != storefront.KindNotFound {
		return nil, err
	}
	other, err := s.db.LatestAccountElsewhere(r.Context(), b.ID, email)
	if err != nil {
		return nil, err
	}
	if other == "" {
		return nil, &storefront.Error{Kind: storefront.KindNotFound, Code: storefront.CodeAccountNotFound}
	}
	u, err := s.checkPasswordThrottled(w, r, other, email, digest)
	if err != nil {
		return nil, err
	}
	return s.registerAndLogin(w, r, b, members.Registration{Email: email, Password: digest, Name: u.Name,
		CustomFields: req.CustomFields, AcceptTerms: req.AcceptTerms}, req.AppRequest)
}
