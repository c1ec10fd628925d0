package host

import (
	"cmp"
	"net/http"
	"storefront"
	"strings"

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
// this one with that account, when the brand allows it
// (JoinWithOtherBrandAccount; otherwise 403): its password checked (under
// the login throttles) at the brand where the e-mail last registered. No
// such account and a wrong password get the same answer in the same time
// (the check runs against the dummy hash), so the call tells no one which
// e-mail has an account at some other studio. The first call answers the
// account's name and creates nothing; the member sees it and confirms
// (confirm, with the name kept or corrected): then this brand's terms are
// accepted, its custom fields filled and the member logged in. Already a
// member here: -10090 (log in directly), told only after the password.
func (s *Server) apiUserAdd(w http.ResponseWriter, r *http.Request) (any, error) {
	var req wire.AddUserRequest
	b, email, digest, err := s.decodeLogin(w, r, &req, &req.Email, &req.Password)
	if err != nil {
		return nil, err
	}
	if !b.JoinWithOtherBrandAccount {
		return nil, storefront.ModuleClosed(storefront.TextFeatureJoinWithOtherBrand)
	}
	other, err := s.db.LatestAccountElsewhere(r.Context(), b.ID, email)
	if err != nil {
		return nil, err
	}
	// other "" (no account elsewhere): checked against no brand, so the
	// dummy hash, and answered as a wrong password
	u, err := s.checkPasswordThrottled(w, r, other, email, digest)
	if err != nil {
		return nil, err
	}
	if _, err := s.db.UserByEmail(r.Context(), b.ID, email, storefront.CodeAccountNotFound); err == nil {
		return nil, &storefront.Error{Kind: storefront.KindConflict, Code: storefront.CodeAppRegistered}
	} else if storefront.ErrorKind(err) != storefront.KindNotFound {
		return nil, err
	}
	if !req.Confirm {
		return &wire.AddUserAnswer{Name: u.Name}, nil
	}
	name := cmp.Or(strings.TrimSpace(req.Name), u.Name)
	joined, err := s.registerAndLogin(w, r, b, members.Registration{Email: email, Password: digest, Name: name,
		CustomFields: req.CustomFields, AcceptTerms: req.AcceptTerms}, req.AppRequest)
	if err != nil {
		return nil, err
	}
	return &wire.AddUserAnswer{Name: name, Joined: true, Member: joined}, nil
}
