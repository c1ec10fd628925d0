package host

import (
	"net/http"
	"storefront"
	"strings"

	"storefront/data"
	"storefront/host/wire"
	"storefront/members"
	"storefront/rules"
)

// The plan-sharing calls of spec section 7: what a member may share, and
// the share itself (members.SharePoints).

// shareMember is the member of a plan-sharing call: the brand must have
// module PLAN_SHARING.
func (s *Server) shareMember(b *data.Brand) error {
	if !b.ModuleSet().Has(data.ModulePlanSharing) {
		return storefront.ModuleClosed(storefront.TextFeaturePointSharing)
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
		return nil, badRequest(storefront.TextNeedIdempotencyKey(maxKey))
	case req.TicketID <= 0 || req.TicketID > maxID:
		return nil, badRequest(storefront.TextShareTicketID)
	}
	return s.members.SharePoints(r.Context(), members.Share{BrandID: b.ID, From: m.user.ID, Account: req.Account,
		TicketID: req.TicketID, Points: req.Points, Key: key})
}
