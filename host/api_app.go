package host

import (
	"net/http"
	"slices"
	"storefront"

	"storefront/data"
	"storefront/host/wire"
	"storefront/rules"
)

// The remaining calls of spec section 7 the app and the pages use: the
// brand, the member's lists and the ticket service's list.

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

// newposStatuses are the status filters of the ticket list.
var newposStatuses = []string{"", "active", "notActive", "expired", "usedUp"}

// GET /api/user/getNewposTicketList: see wire.NewposTicketList.
func (s *Server) apiNewposTickets(w http.ResponseWriter, r *http.Request) (any, error) {
	b, m, err := s.contractMember(w, r)
	if err != nil {
		return nil, err
	}
	if !b.IsNewposStore {
		return nil, &storefront.Error{Kind: storefront.KindForbidden, Code: storefront.CodeForbidden, Message: storefront.TextTicketServiceClosed}
	}
	q := newQuery(r.URL.Query())
	status := q.text("status", storefront.TextLabelTicketStatus, 20)
	page := q.intIn("pageNumber", storefront.TextLabelPageNumberKey, 1, 1, 1000)
	size := q.intIn("pageSize", storefront.TextLabelPageSizeKey, 30, 1, 100)
	if err := q.Err(); err != nil {
		return nil, err
	}
	if !slices.Contains(newposStatuses, status) {
		return nil, badRequest(storefront.TextTicketStatuses)
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
