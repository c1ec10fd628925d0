package host

import (
	"net/http"

	"storefront/host/wire"
)

// The member's refunds of an order (checkout/refund.go): what they would
// get back, and their request.

// GET /api/user/order/refund?brandId=&orderNumber=: what the member would
// get back for the order if they asked now (the rules' amount: all of it
// within the seven-day cooling-off, else the termination formula, and the
// most the brand may keep as a fee).
func (s *Server) apiRefundOffer(w http.ResponseWriter, r *http.Request) (any, error) {
	b, m, err := s.contractMember(w, r)
	if err != nil {
		return nil, err
	}
	of, err := s.checkout.OfferRefund(r.Context(), b.ID, m.user.ID, r.URL.Query().Get("orderNumber"))
	if err != nil {
		return nil, err
	}
	return &wire.RefundOffer{Kind: of.Kind, Amount: of.Amount, Whole: of.Whole, MaxFee: of.MaxFee, EndsPlan: of.EndsPlan, By: of.By}, nil
}

// POST /api/user/order/refund {brandId, orderNumber}: the member asks for
// the order's refund: within the cooling-off period it is refunded at
// once; after it, it waits for the studio's approval. Asked again, the
// same refund answers.
func (s *Server) apiRefundRequest(w http.ResponseWriter, r *http.Request) (any, error) {
	var req wire.RefundRequest
	b, m, err := s.decodeMember(w, r, &req)
	if err != nil {
		return nil, err
	}
	ref, err := s.checkout.RequestRefund(r.Context(), b.ID, m.user.ID, req.OrderNumber)
	if err != nil {
		return nil, err
	}
	return &wire.Refund{ID: ref.ID, Kind: ref.Kind, State: ref.State, Amount: ref.Amount, Fee: ref.Fee}, nil
}
