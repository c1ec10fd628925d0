package host

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"storefront"
	"strings"

	"storefront/booking"
	"storefront/data"
	"storefront/host/wire"
	"storefront/rules"
)

// The booking calls of spec section 7: thin adapters to package booking,
// each documented in openapi.json. Booking, the conflict check and
// cancelling; every call is a logged-in member's (the schedule calls,
// which answer a visitor too: api_schedule.go).

// GET /api/schedule/bookingCheck?brandId=&scheduleId=|scheduleIds=: the
// member's bookings that overlap the sessions (the conflict-check dialog),
// and the sessions asked about that overlap each other.
func (s *Server) apiBookingCheck(w http.ResponseWriter, r *http.Request) (any, error) {
	b, m, err := s.queryMember(w, r)
	if err != nil {
		return nil, err
	}
	ids, err := queryScheduleIDs(r)
	if err != nil {
		return nil, err
	}
	infos, err := s.db.Sessions(r.Context(), b.ID, ids)
	if err != nil {
		return nil, err
	}
	check := &wire.BookingCheck{Conflicts: []data.Booking{}}
	seen := map[int64]bool{}
	for i, in := range infos {
		cs, err := s.db.Conflicts(r.Context(), m.user.ID, in.ScheduleID, in.Start, in.End)
		if err != nil {
			return nil, err
		}
		for _, c := range cs {
			if !seen[c.ID] {
				seen[c.ID] = true
				check.Conflicts = append(check.Conflicts, c)
			}
		}
		for _, o := range infos[:i] {
			check.Conflict = check.Conflict || rules.Overlaps(o.Start, o.End, in.Start, in.End)
		}
	}
	check.Conflict = check.Conflict || len(check.Conflicts) > 0
	return check, nil
}

// POST /api/schedule/booking {brandId, scheduleId|scheduleIds, payment,
// allowConflict} with the header Idempotency-Key: books the sessions, all
// or nothing; a repeated key answers the first answer, and a session the
// member holds a seat in already keeps its booking.
func (s *Server) apiBook(w http.ResponseWriter, r *http.Request) (any, error) {
	var req wire.BookingRequest
	b, m, err := s.decodeMember(w, r, &req)
	if err != nil {
		return nil, err
	}
	ids, choice, err := sessionsAndChoice(req.ScheduleID, req.ScheduleIDs, req.Payment)
	if err != nil {
		return nil, err
	}
	key := strings.TrimSpace(r.Header.Get("Idempotency-Key"))
	if len(key) > maxKey || badText(key) {
		return nil, badRequest(storefront.TextKeyTooLong(maxKey))
	}
	booked, err := s.bookings.Book(r.Context(), s.who(r, b, m), booking.Request{ScheduleIDs: ids, Payment: choice,
		AllowConflict: req.AllowConflict, Key: key})
	if err != nil {
		return nil, err
	}
	items, err := s.bookingItems(r.Context(), r, b, m, booked)
	return &wire.BookingAnswer{Bookings: items}, err
}

// bookingItems are the member's bookings by id, in that order.
func (s *Server) bookingItems(ctx context.Context, r *http.Request, b *data.Brand, m *member, ids []int64) ([]wire.BookingItem, error) {
	bs, err := s.db.BookingsByID(ctx, m.user.ID, ids)
	if err != nil {
		return nil, err
	}
	out := make([]wire.BookingItem, 0, len(ids))
	for _, id := range ids {
		if i := slices.IndexFunc(bs, func(x data.Booking) bool { return x.ID == id }); i >= 0 {
			out = append(out, s.bookingItem(r, b, bs[i]))
		}
	}
	return out, nil
}

// bookingItem is a booking with what the member may do with it now.
func (s *Server) bookingItem(r *http.Request, b *data.Brand, bk data.Booking) wire.BookingItem {
	now := s.now()
	sess := booking.SessionOf(&bk)
	it := wire.BookingItem{Booking: bk,
		CalendarURL: fmt.Sprintf("/api/user/bookings/%d/calendar.ics?brandId=%s", bk.ID, url.QueryEscape(b.ID))}
	rule := rules.CancelRule(booking.Cancellation(&bk, sess), now)
	it.CancelCode = booking.CancelCode(rule)
	it.CanCancel = rule.Allowed()
	it.CancelForfeits = rule == rules.CancelLate
	it.CanCheckIn = b.ModuleSet().Has(data.ModuleCheckInBooking) && bk.Status == data.BookingBooked && sess.CheckInOpen(now)
	it.GoogleCalendarURL = booking.GoogleCalendarURL(booking.EventOf(&bk, b, s.mailBrand(r, b).Home))
	return it
}

// decodeBooking reads a body naming one of the member's bookings.
func (s *Server) decodeBooking(w http.ResponseWriter, r *http.Request) (*data.Brand, *member, int64, error) {
	var req wire.BookingIDRequest
	b, m, err := s.decodeMember(w, r, &req)
	if err != nil {
		return nil, nil, 0, err
	}
	if req.BookingID <= 0 || req.BookingID > maxID {
		return nil, nil, 0, badRequest(storefront.TextNoBookingID)
	}
	return b, m, req.BookingID, nil
}

// POST /api/user/cancelBooking/verify {brandId, bookingId}: may the
// booking be cancelled online now? When not, the rule and the store to
// contact (the contact dialog).
func (s *Server) apiCancelVerify(w http.ResponseWriter, r *http.Request) (any, error) {
	b, m, id, err := s.decodeBooking(w, r)
	if err != nil {
		return nil, err
	}
	bk, rule, err := s.bookings.Verify(r.Context(), s.who(r, b, m), id)
	if err != nil {
		return nil, err
	}
	code, refund := booking.CancelCode(rule), bk.Consumed
	if rule == rules.CancelLate {
		refund = 0
	}
	return &wire.CancelVerify{BookingID: bk.ID, Cancellable: rule.Allowed(), Forfeits: rule == rules.CancelLate,
		Code: code, Message: storefront.CodeText(code),
		Deadline: bk.CancelDeadline, Refund: refund, Unit: bk.Unit, PayName: bk.PayName,
		StoreName: bk.StoreName, StorePhone: bk.StorePhone}, nil
}

// POST /api/user/cancelBooking {brandId, bookingId}: cancels the booking
// by the course's rules (-60000007 … -60000012 when they forbid it); the
// freed seat goes to the waiting list in the same transaction.
func (s *Server) apiCancelBooking(w http.ResponseWriter, r *http.Request) (any, error) {
	b, m, id, err := s.decodeBooking(w, r)
	if err != nil {
		return nil, err
	}
	if _, err := s.bookings.Cancel(r.Context(), s.who(r, b, m), id); err != nil {
		return nil, err
	}
	items, err := s.bookingItems(r.Context(), r, b, m, []int64{id})
	if err != nil || len(items) == 0 {
		return nil, err
	}
	return &wire.CancelAnswer{Booking: items[0]}, nil
}

// GET /api/user/bookingSuspension?brandId=: whether the member's late
// cancels and no-shows suspend their online booking now (the brand's
// rule), until when and why.
func (s *Server) apiBookingSuspension(w http.ResponseWriter, r *http.Request) (any, error) {
	b, m, err := s.queryMember(w, r)
	if err != nil {
		return nil, err
	}
	return s.suspension(r.Context(), b, m.user)
}

// suspension is the member's suspension of online booking now, as the
// member sees it (the call above and the member's bookings page).
func (s *Server) suspension(ctx context.Context, b *data.Brand, u *data.User) (*wire.BookingSuspension, error) {
	p, sus, err := s.db.Suspension(ctx, b.ID, u.ID, s.now())
	if err != nil || sus == nil {
		return &wire.BookingSuspension{}, err
	}
	return &wire.BookingSuspension{Suspended: true, Until: &sus.Until, Message: booking.SuspensionText(p, sus)}, nil
}
