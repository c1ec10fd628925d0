package host

import (
	"net/http"
	"storefront"
	"strings"

	"storefront/checkout"
	"storefront/data"
	"storefront/host/wire"
)

// The term-schedule calls of spec section 7: the account checks
// run before a purchase (spec section 5), the purchase itself (the
// checkout package's order and payment flow, kind term), and the classes
// on sale (/api/termSchedule) and joinable part-way (interimList). Thin
// adapters over checkout and data.

// termMember is the brand of a term call (behind the term pages' guard)
// and its member, whose own account the path's {account} must name: a
// member never learns another account's history.
func (s *Server) termMember(w http.ResponseWriter, r *http.Request) (*data.Brand, *member, error) {
	b, err := s.brandOfRequest(r, routeTermCheckout)
	if err != nil {
		return nil, nil, err
	}
	m, err := s.apiMember(w, r, b)
	if err != nil {
		return nil, nil, err
	}
	if a := r.PathValue("account"); a != "" && !strings.EqualFold(strings.TrimSpace(a), m.user.Email) {
		return nil, nil, &storefront.Error{Kind: storefront.KindForbidden, Code: storefront.CodeForbidden, Message: storefront.TextOwnAccountOnly}
	}
	return b, m, nil
}

// termPathID reads a path id ({termScheduleId}, {scheduleId}).
func termPathID(r *http.Request, name, label string) (int64, error) {
	id, ok := pathID(r.PathValue(name))
	if !ok {
		return 0, badRequest(storefront.TextBadValue(label))
	}
	return id, nil
}

func termCheckAnswer(c *checkout.TermCheck, termID int64) *wire.TermCheckAnswer {
	a := &wire.TermCheckAnswer{Action: c.Action, TermScheduleID: termID, Offer: c.Offer, Price: c.Price}
	if c.Offer != nil {
		a.TermScheduleID = c.Offer.TermScheduleID
		if c.Action != checkout.TermActionTrial {
			a.Note = checkout.ProRataNote(c.Offer)
		}
	}
	return a
}

// GET /api/brand/{brandId}/termSchedule/{termScheduleId}/check/trial/{account}:
// the member has had no trial of the term (-71 otherwise).
func (s *Server) apiTermTrialCheck(w http.ResponseWriter, r *http.Request) (any, error) {
	b, m, err := s.termMember(w, r)
	if err != nil {
		return nil, err
	}
	termID, err := termPathID(r, "termScheduleId", storefront.TextLabelTermScheduleID)
	if err != nil {
		return nil, err
	}
	c, err := s.checkout.CheckTerm(r.Context(), b, m.user, termID, 0, checkout.TermActionTrial)
	if err != nil {
		return nil, err
	}
	return termCheckAnswer(c, termID), nil
}

// GET /api/brand/{brandId}/termSchedule/{scheduleId}/check/{action}/{account}:
// the account check action (purchase, interim) on the class. The path
// .../check/trial/{account} is the term's trial check above (the more
// specific pattern), so a trial is checked by term.
func (s *Server) apiTermCheck(w http.ResponseWriter, r *http.Request) (any, error) {
	b, m, err := s.termMember(w, r)
	if err != nil {
		return nil, err
	}
	classID, err := termPathID(r, "scheduleId", storefront.TextLabelTermClassID)
	if err != nil {
		return nil, err
	}
	c, err := s.checkout.CheckTerm(r.Context(), b, m.user, 0, classID, r.PathValue("action"))
	if err != nil {
		return nil, err
	}
	return termCheckAnswer(c, 0), nil
}

// POST /api/brand/{brandId}/termSchedule/{termScheduleId}/{scheduleId}/sale/payment
// {storeId, price, payWay, acceptTerms, trial, salesmanId, from}: buys the
// class (or its trial) through checkout, its seats held with the order.
// A refusal answers the whole envelope with its code (the app shows it
// as it is, spec section 7).
func (s *Server) apiTermPayment(w http.ResponseWriter, r *http.Request) (any, error) {
	var req wire.CheckoutRequest
	if err := decodeBody(w, r, &req); err != nil {
		return nil, err
	}
	b, err := s.brand(r.Context(), r.PathValue("brandId"), routeTermCheckout)
	if err != nil {
		return nil, err
	}
	m, err := s.apiMember(w, r, b)
	if err != nil {
		return nil, err
	}
	if req.TermScheduleID, err = termPathID(r, "termScheduleId", storefront.TextLabelTermScheduleID); err != nil {
		return nil, err
	}
	if req.ScheduleID, err = termPathID(r, "scheduleId", storefront.TextLabelTermClassID); err != nil {
		return nil, err
	}
	req.Kind, req.Quantity = data.OrderKindTerm, 1
	return s.placeOrder(r, b, m, req)
}

// termOffers lists the brand's classes on sale now (query brandId,
// termScheduleId and scheduleId optional); begun: only those of terms
// already begun with a session left.
func (s *Server) termOffers(r *http.Request, begun bool) (any, error) {
	b, err := s.brandOfRequest(r, routeTermList)
	if err != nil {
		return nil, err
	}
	q := newQuery(r.URL.Query())
	var termID, classID int64
	if r.URL.Query().Has("termScheduleId") {
		termID = q.id("termScheduleId", storefront.TextLabelTermSchedule)
	}
	if r.URL.Query().Has("scheduleId") {
		classID = q.id("scheduleId", storefront.TextLabelTermClass)
	}
	if err := q.Err(); err != nil {
		return nil, err
	}
	l, err := s.db.TermOffers(r.Context(), b.ID, termID, classID, s.now())
	if err != nil {
		return nil, err
	}
	out := make([]data.TermOffer, 0, len(l))
	for _, o := range l {
		if o.RemainingSessions > 0 && (!begun || o.Started) {
			out = append(out, o)
		}
	}
	return &wire.TermOfferList{Offers: out}, nil
}

// GET /api/termSchedule?brandId=&termScheduleId=&scheduleId=: the classes
// on sale now, at their price now.
func (s *Server) apiTermOffers(w http.ResponseWriter, r *http.Request) (any, error) {
	return s.termOffers(r, false)
}

// GET /api/termSchedule/interimList?brandId=&termScheduleId=: the classes
// of terms already begun, joined part-way at their pro rata price.
func (s *Server) apiTermInterimList(w http.ResponseWriter, r *http.Request) (any, error) {
	return s.termOffers(r, true)
}

// loadTermCheckout is /termSchedule/checkout?termScheduleId=&scheduleId=
// (&trial=1): the class as it can be bought now, in its course's store.
func loadTermCheckout(s *Server, rc *reqCtx) (any, error) {
	termID, ok1 := pathID(rc.query.Get("termScheduleId"))
	classID, ok2 := pathID(rc.query.Get("scheduleId"))
	if !ok1 || !ok2 {
		return nil, errNoPage
	}
	o, err := s.db.TermOffer(rc.ctx(), rc.brand.ID, termID, classID, s.now())
	if err != nil {
		return nil, err
	}
	p := &wire.TermCheckoutPage{Offer: *o, Trial: rc.query.Get("trial") == "1" && o.TrialPrice != nil, Price: o.PriceNow,
		Note: checkout.ProRataNote(o)}
	if p.Trial {
		p.Price, p.Note = *o.TrialPrice, ""
	}
	cp, err := s.checkoutPage(rc, &wire.CheckoutPage{}, []int64{o.StoreID})
	if err != nil {
		return nil, err
	}
	p.Stores, p.Salesmen, p.Contract, p.Invoice = cp.Stores, cp.Salesmen, cp.Contract, cp.Invoice
	return p, nil
}
