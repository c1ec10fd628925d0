package host

import (
	"net/http"
	"storefront"

	"storefront/data"
	"storefront/host/wire"
	"storefront/rules"
)

// The counting-passcard calls of spec section 7: the member's
// cards, a card's history, the brand's charging setting, the cards below
// zero and what they owe (computed on the server from the charging
// setting), and the precheck of paying one. Paying is
// POST /api/brand/{brandId}/sale/payment with kind overdue: the checkout
// package's order and payment flow.

// countingMember is the brand (query brandId, behind the overdue pages'
// guard) and member of a counting-passcard call.
func (s *Server) countingMember(w http.ResponseWriter, r *http.Request) (*data.Brand, *member, error) {
	b, err := s.brandOfRequest(r, routeOverdue)
	if err != nil {
		return nil, nil, err
	}
	m, err := s.apiMember(w, r, b)
	return b, m, err
}

// cardID reads the query's id (a counting passcard of the member).
func cardID(r *http.Request) (int64, error) {
	if !r.URL.Query().Has("id") {
		return 0, badRequest(storefront.TextNoCountingCardID)
	}
	q := newQuery(r.URL.Query())
	id := q.id("id", storefront.TextLabelCountingCard)
	return id, q.Err()
}

// GET /api/user/counting-passcard/list?brandId=: the member's cards (a
// member is of one brand).
func (s *Server) apiCountingList(w http.ResponseWriter, r *http.Request) (any, error) {
	_, m, err := s.countingMember(w, r)
	if err != nil {
		return nil, err
	}
	l, err := s.db.MemberCountingPasscards(r.Context(), m.user.ID, rules.Day(s.now()))
	if err != nil {
		return nil, err
	}
	return &wire.CountingPasscardList{Cards: l}, nil
}

// GET /api/user/counting-passcard/history?brandId=&id=: a card's use and
// settlements, newest first.
func (s *Server) apiCountingHistory(w http.ResponseWriter, r *http.Request) (any, error) {
	b, m, err := s.countingMember(w, r)
	if err != nil {
		return nil, err
	}
	id, err := cardID(r)
	if err != nil {
		return nil, err
	}
	l, err := s.db.CountingHistory(r.Context(), b.ID, m.user.ID, id)
	if err != nil {
		return nil, err
	}
	return &wire.CountingHistory{List: l}, nil
}

// GET /api/user/counting-passcard/charging-setting?brandId=: what owed
// minutes cost.
func (s *Server) apiChargingSetting(w http.ResponseWriter, r *http.Request) (any, error) {
	b, _, err := s.countingMember(w, r)
	if err != nil {
		return nil, err
	}
	return s.db.ChargingSetting(r.Context(), b.ID)
}

// GET /api/user/counting-passcard/overdue-payable-list?brandId=: the
// member's cards below zero and what each owes.
func (s *Server) apiOverdueList(w http.ResponseWriter, r *http.Request) (any, error) {
	b, m, err := s.countingMember(w, r)
	if err != nil {
		return nil, err
	}
	l, err := s.db.OverdueCards(r.Context(), b.ID, m.user.ID, 0)
	if err != nil {
		return nil, err
	}
	return &wire.OverdueList{Cards: l}, nil
}

// GET /api/user/counting-passcard/overdue-payment-info?brandId=&id=: what
// paying the card's debt comes to, and where it may be paid.
func (s *Server) apiOverdueInfo(w http.ResponseWriter, r *http.Request) (any, error) {
	b, m, err := s.countingMember(w, r)
	if err != nil {
		return nil, err
	}
	id, err := cardID(r)
	if err != nil {
		return nil, err
	}
	return s.overduePage(r, b, m, id)
}

// overduePage is what paying card id's debt needs (id 0: the list of the
// cards that owe).
func (s *Server) overduePage(r *http.Request, b *data.Brand, m *member, id int64) (*wire.OverduePage, error) {
	p := &wire.OverduePage{Cards: []data.OverdueCard{}, Stores: []wire.CheckoutStore{}}
	var err error
	if id != 0 {
		if p.Card, p.Setting, err = s.checkout.OverduePayment(r.Context(), b, m.user, id); err != nil {
			return nil, err
		}
		p.Cards = append(p.Cards, *p.Card)
	} else if p.Cards, err = s.db.OverdueCards(r.Context(), b.ID, m.user.ID, 0); err != nil {
		return nil, err
	} else if len(p.Cards) > 0 {
		if p.Setting, err = s.db.ChargingSetting(r.Context(), b.ID); err != nil {
			return nil, err
		}
	}
	if p.Stores, err = s.checkoutStores(r.Context(), b, nil); err != nil {
		return nil, err
	}
	if p.Invoice, err = s.invoiceOffer(r.Context(), b, m.user.ID); err != nil {
		return nil, err
	}
	return p, nil
}

// POST /api/user/counting-passcard/overdue-purchase-verify {brandId,
// countingPasscardId, storeId, price, payWay}: the precheck of paying the
// card's debt (kind overdue), at the amount the server computes.
func (s *Server) apiOverdueVerify(w http.ResponseWriter, r *http.Request) (any, error) {
	var req wire.CheckoutRequest
	if err := decodeBody(w, r, &req); err != nil {
		return nil, err
	}
	b, err := s.brand(r.Context(), req.BrandID, routeOverdue)
	if err != nil {
		return nil, err
	}
	m, err := s.apiMember(w, r, b)
	if err != nil {
		return nil, err
	}
	req.Kind, req.Quantity = data.OrderKindOverdue, 1
	q, err := s.checkout.Precheck(r.Context(), b, m.user, checkoutFlow(r, req))
	if err != nil {
		return nil, err
	}
	return precheckAnswer(q), nil
}

// loadOverdue is /counting-passcard-overdue-purchase: the member's cards
// below zero.
func loadOverdue(s *Server, rc *reqCtx) (any, error) {
	return s.overduePage(rc.r, rc.brand, rc.member, 0)
}

// loadOverdueCheckout is /counting-passcard-overdue-purchase/checkout?id=:
// paying one card's debt.
func loadOverdueCheckout(s *Server, rc *reqCtx) (any, error) {
	id, ok := pathID(rc.query.Get("id"))
	if !ok {
		return nil, errNoPage
	}
	return s.overduePage(rc.r, rc.brand, rc.member, id)
}
