package host

import (
	"net/http"
	"storefront"

	"storefront/booking"
	"storefront/data"
	"storefront/host/wire"
)

// Check-in: the member's own (module CHECK_IN_BOOKING), the QR code the
// member centre shows (module QR_CHECK_IN) and the studio scanner that
// reads it (the token: checkin_token.go).

func checkInAnswer(bk *data.Booking, u *data.User) *wire.CheckInAnswer {
	a := &wire.CheckInAnswer{BookingID: bk.ID, CourseName: bk.CourseName, MemberName: u.Name, StartsAt: bk.StartsAt}
	if bk.CheckedInAt != nil {
		a.CheckedInAt = *bk.CheckedInAt
	}
	return a
}

// POST /api/user/checkInBooking {brandId, bookingId}: checks the member in
// (module CHECK_IN_BOOKING), within the window around the class start.
func (s *Server) apiCheckIn(w http.ResponseWriter, r *http.Request) (any, error) {
	b, m, id, err := s.decodeBooking(w, r)
	if err != nil {
		return nil, err
	}
	if !b.ModuleSet().Has(data.ModuleCheckInBooking) {
		return nil, &storefront.Error{Kind: storefront.KindForbidden, Code: storefront.CodeForbidden, Message: storefront.TextCheckInOff}
	}
	bk, err := s.bookings.CheckIn(r.Context(), s.who(r, b, m), id)
	if err != nil {
		return nil, err
	}
	return checkInAnswer(bk, m.user), nil
}

// GET /api/user/checkInQr?brandId=: the member's signed, short-lived
// check-in token for the QR code (module QR_CHECK_IN).
func (s *Server) apiCheckInQR(w http.ResponseWriter, r *http.Request) (any, error) {
	b, m, err := s.queryMember(w, r)
	if err != nil {
		return nil, err
	}
	if !b.ModuleSet().Has(data.ModuleQRCheckIn) {
		return nil, &storefront.Error{Kind: storefront.KindForbidden, Code: storefront.CodeForbidden, Message: storefront.TextQRCheckInOff}
	}
	return s.checkInQR(b, m.user), nil
}

// POST /api/checkin/qr {token, scheduleId?} with Authorization: Bearer
// STOREFRONT_CHECKIN_SCANNER_TOKEN: the studio scanner checks in the
// member whose QR token it read, to their session whose check-in window
// is open (or scheduleId).
func (s *Server) apiScannerCheckIn(w http.ResponseWriter, r *http.Request) (any, error) {
	if !s.scannerAllowed(r) {
		return nil, &storefront.Error{Kind: storefront.KindForbidden, Code: storefront.CodeForbidden, Message: storefront.TextScannerUnauthorized}
	}
	var req wire.ScannerCheckInRequest
	if err := decodeBody(w, r, &req); err != nil {
		return nil, err
	}
	if req.ScheduleID < 0 || req.ScheduleID > maxID {
		return nil, badRequest(storefront.TextBadScheduleID)
	}
	brandID, userID, err := s.readCheckInToken(req.Token)
	if err != nil {
		return nil, err
	}
	b, err := s.brand(r.Context(), brandID, nil)
	if err != nil {
		return nil, err
	}
	if !b.ModuleSet().Has(data.ModuleQRCheckIn) {
		return nil, &storefront.Error{Kind: storefront.KindForbidden, Code: storefront.CodeForbidden, Message: storefront.TextQRCheckInOff}
	}
	u, err := s.db.User(r.Context(), b.ID, userID, storefront.CodeCheckInInvalid)
	if err != nil {
		return nil, err
	}
	bk, err := s.bookings.CheckInNow(r.Context(), booking.Who{Brand: b, User: u, Shop: s.notifyBrand(r, b, u)}, req.ScheduleID)
	if err != nil {
		return nil, err
	}
	return checkInAnswer(bk, u), nil
}
