package host

import (
	"net/http"
	"storefront"
	"strconv"

	"storefront/booking"
	"storefront/data"
)

// GET /api/user/bookings/{bookingId}/calendar.ics?brandId=: the member's
// booking as an iCalendar file (a stable UID; a cancelled booking's
// carries METHOD:CANCEL and STATUS:CANCELLED).
func (s *Server) bookingCalendar(w http.ResponseWriter, r *http.Request) {
	id, ok := pathID(r.PathValue("bookingId"))
	b, m, err := s.queryMember(w, r)
	if err == nil && !ok {
		err = &storefront.Error{Kind: storefront.KindNotFound, Code: storefront.CodeBookingNotFound}
	}
	var bk *data.Booking
	if err == nil {
		bk, err = s.db.Booking(r.Context(), m.user.ID, id)
	}
	if err != nil {
		s.apiError(w, r, err)
		return
	}
	w.Header().Set("Content-Type", "text/calendar; charset=utf-8")
	w.Header().Set("Content-Disposition", `attachment; filename="booking-`+strconv.FormatInt(bk.ID, 10)+`.ics"`)
	w.Header().Set("Cache-Control", "private, no-store")
	w.Write(booking.ICS(booking.EventOf(bk, b, s.mailBrand(r, b).Home), s.now()))
}
