package host

import (
	"net/http"
	"storefront"

	"storefront/data"
	"storefront/host/wire"
	"storefront/rules"
)

// Members on pages: the member a page is rendered for, and the loaders of
// the member centre (/{brandId}/user and its subpages).

// pageMember returns the member of this brand whose session the page
// request carries (spec section 4, start-up step 3). A session that is
// dead or of a deleted member logs the browser out: the cookies are
// cleared (the spec's 403 rule). A live session of another brand (brands
// under one host share the cookies) leaves this page to a visitor and the
// cookies alone.
func (s *Server) pageMember(w http.ResponseWriter, rc *reqCtx) *member {
	if sessionID(rc.r) == "" {
		return nil
	}
	if c := cookieValue(rc.r, cookieBrandID); c != "" && c != rc.brand.ID && rc.r.Header.Get("Authorization") == "" {
		return nil
	}
	m, clear, err := s.memberOf(rc.r, rc.brand)
	if clear {
		clearSessionCookies(w, rc.r)
	}
	if err != nil {
		if k := storefront.ErrorKind(err); k != storefront.KindForbidden && k != storefront.KindUnauthorized && !clientGone(rc.r) {
			s.log.Error("page member", "path", rc.r.URL.Path, "err", err)
		}
		return nil
	}
	return m
}

// loadMemberCentre is /user: what the member holds, counted, its orders
// waiting for payment, the newest of its order history, and the brand's
// custom fields for the profile form.
func loadMemberCentre(s *Server, rc *reqCtx) (any, error) {
	now := s.now()
	c, err := s.db.MemberCentre(rc.ctx(), rc.member.user.ID, now, rules.Day(now))
	if err != nil {
		return nil, err
	}
	return &wire.MemberCentrePage{Summary: &c.Summary, Fields: rc.brand.CustomFields, Pending: c.Pending, Orders: c.Orders, MoreOrders: c.More}, nil
}

// GET /api/user/orders?brandId=&after=: the member centre's 顯示更多, the
// next orders of the member's history older than its order numbered after.
func (s *Server) apiMemberOrders(w http.ResponseWriter, r *http.Request) (any, error) {
	_, m, err := s.contractMember(w, r)
	if err != nil {
		return nil, err
	}
	orders, more, err := s.db.MemberOrders(r.Context(), m.user.ID, r.URL.Query().Get("after"), data.MemberOrdersShown)
	if err != nil {
		return nil, err
	}
	return &wire.MemberOrders{Orders: orders, More: more}, nil
}

// loadMemberBookings is /user/booking: the member's bookings with what
// they may do with each, their waiting-list entries, the check-in QR
// (module QR_CHECK_IN), and whether late cancels and no-shows suspend
// their online booking.
func loadMemberBookings(s *Server, rc *reqCtx) (any, error) {
	bs, err := s.db.MemberBookings(rc.ctx(), rc.member.user.ID, s.now())
	if err != nil {
		return nil, err
	}
	p := &wire.MemberBookingsPage{Bookings: make([]wire.BookingItem, len(bs))}
	for i, b := range bs {
		p.Bookings[i] = s.bookingItem(rc.r, rc.brand, b)
	}
	if p.Waiting, err = s.db.WaitingEntries(rc.ctx(), rc.member.user.ID, s.now()); err != nil {
		return nil, err
	}
	if p.Suspension, err = s.suspension(rc.ctx(), rc.brand, rc.member.user); err != nil {
		return nil, err
	}
	if rc.brand.ModuleSet().Has(data.ModuleQRCheckIn) {
		p.CheckIn = s.checkInQR(rc.brand, rc.member.user)
	}
	return p, nil
}

// loadMemberPasscards is /user/passcard.
func loadMemberPasscards(s *Server, rc *reqCtx) (any, error) {
	p, err := s.db.MemberPasscards(rc.ctx(), rc.member.user.ID, rules.Day(s.now()))
	return &wire.MemberPasscardsPage{Passcards: p}, err
}

// loadMemberTickets is /user/ticket: stored-value points and count cards.
func loadMemberTickets(s *Server, rc *reqCtx) (any, error) {
	t, err := s.db.MemberTickets(rc.ctx(), rc.member.user.ID, rules.Day(s.now()))
	return &wire.MemberTicketsPage{Tickets: t}, err
}

// loadMemberCountingPasscards is /user/countingPasscard.
func loadMemberCountingPasscards(s *Server, rc *reqCtx) (any, error) {
	c, err := s.db.MemberCountingPasscards(rc.ctx(), rc.member.user.ID, rules.Day(s.now()))
	return &wire.CountingPasscardsPage{Records: c}, err
}

// loadMemberTimingCard is /user/timingcard.
func loadMemberTimingCard(s *Server, rc *reqCtx) (any, error) {
	c, err := s.db.MemberCountingPasscards(rc.ctx(), rc.member.user.ID, rules.Day(s.now()))
	if err != nil {
		return nil, err
	}
	recs := make([]rules.TimingRecord, len(c))
	for i, r := range c {
		recs[i] = r.TimingRecord
	}
	t := wire.TimingCard{}
	t.Remain, t.NotActive = rules.TimingPoints(recs)
	t.Uses, err = s.db.MemberCountingUse(rc.ctx(), rc.brand.ID, rc.member.user.ID)
	return t, err
}

// loadMemberTimingPlans is /user/timingcard/plans: the counting passcards
// on sale.
func loadMemberTimingPlans(s *Server, rc *reqCtx) (any, error) {
	l, err := s.itemList(rc.ctx(), rc.brand)
	if err != nil {
		return nil, err
	}
	return &wire.TimingPlansPage{Plans: l.CountingPasscard}, nil
}
