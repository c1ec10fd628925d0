package host

import (
	"net/http"
	"storefront"

	"storefront/data"
	"storefront/host/wire"
)

// Buying a seat instead of booking with an entitlement: the checks before
// checkout that a session, or a term class, can be bought now.

// purchaseVerify checks a session's seat can be bought now.
func (s *Server) purchaseVerify(r *http.Request, b *data.Brand, id int64) (*wire.PurchaseVerify, error) {
	ss, err := s.db.Sessions(r.Context(), b.ID, []int64{id})
	if err != nil {
		return nil, err
	}
	if len(ss) == 0 {
		return nil, &storefront.Error{Kind: storefront.KindNotFound, Code: storefront.CodeNotFound, Message: storefront.TextSessionNotFound}
	}
	in := ss[0]
	switch {
	case !b.ModuleSet().SellsCourse(in.PrivateCoach):
		return nil, storefront.ModuleClosed(storefront.TextFeaturePrivateCoach)
	case !in.BookableAt(s.now()):
		return nil, &storefront.Error{Kind: storefront.KindConflict, Code: storefront.CodeBookingClosed}
	case in.SeatsLeft() == 0:
		return nil, &storefront.Error{Kind: storefront.KindConflict, Code: storefront.CodeSessionFull}
	}
	return &wire.PurchaseVerify{ScheduleID: id, CourseID: in.CourseID, Name: in.CourseName, Price: in.Price, SeatsLeft: seatsLeft(b, in.SeatsLeft())}, nil
}

// POST /api/schedule/purchase/verify {brandId, scheduleId}: a seat of the
// session can be bought now (booking open, a seat left), at the
// catalogue's price.
func (s *Server) apiPurchaseVerify(w http.ResponseWriter, r *http.Request) (any, error) {
	var req wire.PurchaseVerifyRequest
	b, _, err := s.decodeMember(w, r, &req)
	if err != nil {
		return nil, err
	}
	if _, err := scheduleIDs(req.ScheduleID, nil); err != nil {
		return nil, err
	}
	return s.purchaseVerify(r, b, req.ScheduleID)
}

// POST /api/schedule/term/purchase/verify {brandId, termScheduleId,
// scheduleId (the class)}: the class can be bought (a seat left in every
// coming session), at its price.
func (s *Server) apiTermPurchaseVerify(w http.ResponseWriter, r *http.Request) (any, error) {
	var req wire.PurchaseVerifyRequest
	b, _, err := s.decodeMember(w, r, &req)
	if err != nil {
		return nil, err
	}
	if req.TermScheduleID <= 0 || req.TermScheduleID > maxID || req.ScheduleID <= 0 || req.ScheduleID > maxID {
		return nil, badRequest(storefront.TextNoTermClassIDs)
	}
	c, err := s.db.TermClassSeats(r.Context(), b.ID, req.TermScheduleID, req.ScheduleID, s.now())
	if err != nil {
		return nil, err
	}
	if c.SeatsLeft <= 0 {
		return nil, &storefront.Error{Kind: storefront.KindConflict, Code: storefront.CodeSessionFull}
	}
	return &wire.PurchaseVerify{ScheduleID: req.ScheduleID, CourseID: c.CourseID, Name: c.Name, Price: c.Price, SeatsLeft: seatsLeft(b, c.SeatsLeft)}, nil
}

// GET /api/schedule/offers?brandId=&scheduleId=: what can be bought to
// pay for the session (a seat of its course, the items that cover it); a
// visitor may ask.
func (s *Server) apiSessionOffers(w http.ResponseWriter, r *http.Request) (any, error) {
	b, err := s.brandOfRequest(r, routeCourse)
	if err != nil {
		return nil, err
	}
	ids, err := queryScheduleIDs(r)
	if err != nil {
		return nil, err
	}
	o, err := s.bookings.Offers(r.Context(), b, ids[0])
	if err != nil {
		return nil, err
	}
	return &wire.SessionOffers{ScheduleID: o.Session.ScheduleID, CourseID: o.Session.CourseID, StoreID: o.Session.StoreID,
		SinglePrice: o.SinglePrice, Items: o.Items}, nil
}
