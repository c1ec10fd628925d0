package host

import (
	"fmt"
	"net/http"
	"slices"
	"storefront"
	"strings"

	"storefront/data"
	"storefront/host/wire"
	"storefront/members"
	"storefront/rules"
)

// The remaining calls of spec section 7 (issue 14) the app and the pages
// use.

// GET /api/brand?brandId=: the brand as the pages' props have it (public
// settings, home info, corporate colour).
func (s *Server) apiBrand(w http.ResponseWriter, r *http.Request) (any, error) {
	b, err := s.brandOfRequest(r, nil)
	if err != nil {
		return nil, err
	}
	return &wire.BrandProps{BrandID: b.ID, Colour: s.colour(b), Palette: b.Palette, Settings: publicSettingOf(b), Home: homeInfoOf(b)}, nil
}

// GET /api/brand/user?brandId=: the member's point list and passcard list.
func (s *Server) apiBrandUser(w http.ResponseWriter, r *http.Request) (any, error) {
	_, m, err := s.contractMember(w, r)
	if err != nil {
		return nil, err
	}
	today := rules.Day(s.now())
	ts, err := s.db.MemberTickets(r.Context(), m.user.ID, today)
	if err != nil {
		return nil, err
	}
	ps, err := s.db.MemberPasscards(r.Context(), m.user.ID, today)
	if err != nil {
		return nil, err
	}
	return &wire.BrandUserLists{PointList: ts, PasscardList: ps}, nil
}

// GET /api/user/userInfo/{brandId}/{sessionId}/{userId}: the path form of
// the user-info call (spec section 7), the session named in the path
// instead of the Authorization header.
func (s *Server) apiUserInfoPath(w http.ResponseWriter, r *http.Request) (any, error) {
	r2 := r.Clone(r.Context())
	r2.Header.Set("Authorization", r.PathValue("sessionId"))
	return s.apiUserInfo(w, r2)
}

// shareMember is the member of a plan-sharing call: the brand must have
// module PLAN_SHARING.
func (s *Server) shareMember(b *data.Brand) error {
	if !b.ModuleSet().Has(data.ModulePlanSharing) {
		return &storefront.Error{Kind: storefront.KindForbidden, Code: storefront.CodeForbidden, Message: "此品牌未開放點數分享"}
	}
	return nil
}

// GET /api/user/getPointShareInfo?brandId=[&account=]: see wire.PointShareInfo.
func (s *Server) apiPointShareInfo(w http.ResponseWriter, r *http.Request) (any, error) {
	b, m, err := s.contractMember(w, r)
	if err != nil {
		return nil, err
	}
	if err := s.shareMember(b); err != nil {
		return nil, err
	}
	info := &wire.PointShareInfo{}
	if a := r.URL.Query().Get("account"); a != "" {
		to, err := s.members.Recipient(r.Context(), b.ID, m.user.ID, a)
		if err != nil {
			return nil, err
		}
		info.Recipient = rules.MaskName(to.Name)
	}
	if info.Shareable, err = s.db.ShareableTickets(r.Context(), m.user.ID, rules.Day(s.now())); err != nil {
		return nil, err
	}
	if info.Shares, err = s.db.PointShares(r.Context(), m.user.ID); err != nil {
		return nil, err
	}
	for i := range info.Shares {
		info.Shares[i].Other = rules.MaskName(info.Shares[i].Other)
	}
	return info, nil
}

// POST /api/user/pointShare {brandId, ticketId, account, points} with the
// header Idempotency-Key: shares the points in one transaction, never
// more than the ticket holds, once per key (members.SharePoints).
func (s *Server) apiPointShare(w http.ResponseWriter, r *http.Request) (any, error) {
	var req wire.PointShareRequest
	b, m, err := s.decodeMember(w, r, &req)
	if err != nil {
		return nil, err
	}
	if err := s.shareMember(b); err != nil {
		return nil, err
	}
	key := strings.TrimSpace(r.Header.Get("Idempotency-Key"))
	switch {
	case key == "" || len(key) > maxKey || badText(key):
		return nil, badRequest(fmt.Sprintf("請提供 Idempotency-Key（最長 %d 個字元）", maxKey))
	case req.TicketID <= 0 || req.TicketID > maxID:
		return nil, badRequest("請選擇要分享的點數票券 ticketId")
	}
	return s.members.SharePoints(r.Context(), members.Share{BrandID: b.ID, From: m.user.ID, Account: req.Account,
		TicketID: req.TicketID, Points: req.Points, Key: key})
}

// newposStatuses are the status filters of the ticket list.
var newposStatuses = []string{"", "active", "notActive", "expired", "usedUp"}

// GET /api/user/getNewposTicketList: see wire.NewposTicketList.
func (s *Server) apiNewposTickets(w http.ResponseWriter, r *http.Request) (any, error) {
	b, m, err := s.contractMember(w, r)
	if err != nil {
		return nil, err
	}
	if !b.IsNewposStore {
		return nil, &storefront.Error{Kind: storefront.KindForbidden, Code: storefront.CodeForbidden, Message: "此品牌未使用票券服務"}
	}
	q := newQuery(r.URL.Query())
	status := q.text("status", "票券狀態 status ", 20)
	page := q.intIn("pageNumber", "頁碼 pageNumber ", 1, 1, 1000)
	size := q.intIn("pageSize", "每頁筆數 pageSize ", 30, 1, 100)
	if err := q.Err(); err != nil {
		return nil, err
	}
	if !slices.Contains(newposStatuses, status) {
		return nil, badRequest("票券狀態 status 需為 active、notActive、expired 或 usedUp")
	}
	ts, err := s.db.MemberTickets(r.Context(), m.user.ID, rules.Day(s.now()))
	if err != nil {
		return nil, err
	}
	ts = slices.DeleteFunc(ts, func(t data.MemberTicket) bool {
		usedUp := t.Remain == 0 && t.Status != "expired"
		switch status {
		case "usedUp":
			return !usedUp
		case "":
			return false
		}
		return usedUp || t.Status != status
	})
	out := &wire.NewposTicketList{Total: len(ts), PageNumber: page, PageSize: size, Tickets: []data.MemberTicket{}}
	if from := (page - 1) * size; from < len(ts) {
		out.Tickets = ts[from:min(from+size, len(ts))]
	}
	return out, nil
}

// registerAndLogin registers reg at b (members.Register: rules, member,
// verification mail in one transaction) and logs the new member in.
func (s *Server) registerAndLogin(w http.ResponseWriter, r *http.Request, b *data.Brand, reg members.Registration, app wire.AppRequest) (*wire.RegisterLoginAnswer, error) {
	if err := signInOpen(b); err != nil {
		return nil, err
	}
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

// POST /api/session/purchaseVerify/register: registration during checkout
// (as POST /api/session/register), logged in at once so the purchase goes
// on; the verification mail goes out as usual.
func (s *Server) apiPurchaseRegister(w http.ResponseWriter, r *http.Request) (any, error) {
	var req wire.PurchaseRegisterRequest
	b, err := s.decodeBrand(w, r, &req)
	if err != nil {
		return nil, err
	}
	return s.registerAndLogin(w, r, b, members.Registration{Email: req.Email, Password: req.Password,
		Name: req.Name, CustomFields: req.CustomFields, AcceptTerms: req.AcceptTerms}, req.AppRequest)
}

// POST /api/user/add: a member of another brand of this storefront joins
// this one with that account: its password checked (under the login
// throttles) at the brand where the e-mail last registered, its name
// brought over, this brand's terms accepted and custom fields filled;
// logged in at once. Already a member here: -10090 (log in directly).
func (s *Server) apiUserAdd(w http.ResponseWriter, r *http.Request) (any, error) {
	var req wire.AddUserRequest
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
