package host

import (
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"storefront"
	"strconv"
	"time"

	"storefront/booking"
	"storefront/host/wire"
	"storefront/rules"
)

// Class reminders (booking/reminder.go) and their cancel links. A
// reminder mailed while its class is outside its cancel window carries a
// link to brand home with ?cancelBooking={token}, where a dialog shows the
// booking (GET /api/user/cancelBooking/link: changes nothing, as link
// previews fetch every GET) and only its POST, with the token, cancels:
// once, by the course's rules, as the member's own cancel does; a replayed
// POST finds it cancelled (-60000007).
//
// The token: "r1.{brand}.{user id}.{booking id}.{expiry}.{HMAC}"
// (signToken), valid until the booking's cancellation deadline.

const cancelLinkQuery = "cancelBooking"

var errCancelLink = &storefront.Error{Kind: storefront.KindForbidden, Code: storefront.CodeLinkTokenInvalid}

// reminderAddressee is whom a reminder goes to (booking.Addressee).
func (s *Server) reminderAddressee(ctx context.Context, brandID string, userID int64) (booking.Who, error) {
	b, err := s.loadBrand(ctx, brandID)
	if err != nil {
		return booking.Who{}, err
	}
	u, err := s.db.User(ctx, b.ID, userID, storefront.CodeMemberNotFound)
	if err != nil {
		return booking.Who{}, err
	}
	return booking.Who{Brand: b, User: u, Shop: s.notifyBrand(nil, b, u)}, nil
}

// cancelLink is the reminder's link cancelling the booking
// (booking.CancelLink).
func (s *Server) cancelLink(w booking.Who, bookingID int64, until time.Time) string {
	token, _ := s.signToken(until.Sub(s.now()), "r1", w.Brand.ID, strconv.FormatInt(w.User.ID, 10), strconv.FormatInt(bookingID, 10))
	return w.Shop.Home + "?" + url.Values{cancelLinkQuery: {token}}.Encode()
}

// remind runs a reminder job.
func (s *Server) remind(ctx context.Context, p json.RawMessage) error {
	return s.bookings.Remind(ctx, p, s.reminderAddressee, s.cancelLink)
}

// cancelLinkWho reads a cancel link's token: whom it is for and which
// booking.
func (s *Server) cancelLinkWho(r *http.Request, token string) (booking.Who, int64, error) {
	f, err := s.readToken(token, "r1", 4, errCancelLink)
	if err != nil {
		return booking.Who{}, 0, err
	}
	userID, err1 := strconv.ParseInt(f[2], 10, 64)
	bookingID, err2 := strconv.ParseInt(f[3], 10, 64)
	if err1 != nil || err2 != nil {
		return booking.Who{}, 0, errCancelLink
	}
	w, err := s.reminderAddressee(r.Context(), f[1], userID)
	if err != nil && storefront.ErrorKind(err) == storefront.KindNotFound {
		err = errCancelLink
	}
	return w, bookingID, err
}

// cancelLinkInfo is the booking a cancel link names, and whether it can
// still be cancelled.
func (s *Server) cancelLinkInfo(ctx context.Context, w booking.Who, id int64) (*wire.CancelLink, error) {
	bk, rule, err := s.bookings.Verify(ctx, w, id)
	if err != nil {
		return nil, err
	}
	code := booking.CancelCode(rule)
	return &wire.CancelLink{BookingID: bk.ID, CourseName: bk.CourseName, StoreName: bk.StoreName, StartsAt: bk.StartsAt,
		EndsAt: bk.EndsAt, Status: bk.Status, Cancellable: rule == rules.CancelOK, Code: code, Message: storefront.CodeText(code)}, nil
}

// GET /api/user/cancelBooking/link?token=: the booking a reminder's
// cancel link names and whether it can be cancelled; changes nothing.
func (s *Server) apiCancelLink(w http.ResponseWriter, r *http.Request) (any, error) {
	who, id, err := s.cancelLinkWho(r, r.URL.Query().Get("token"))
	if err != nil {
		return nil, err
	}
	return s.cancelLinkInfo(r.Context(), who, id)
}

// POST /api/user/cancelBooking/link {token}: cancels the booking the
// reminder's link names, by the course's rules (the member's own cancel:
// booking.Flows.Cancel); once cancelled, the link cancels nothing more
// (-60000007).
func (s *Server) apiCancelByLink(w http.ResponseWriter, r *http.Request) (any, error) {
	var req wire.CancelLinkRequest
	if err := decodeBody(w, r, &req); err != nil {
		return nil, err
	}
	who, id, err := s.cancelLinkWho(r, req.Token)
	if err != nil {
		return nil, err
	}
	if _, err := s.bookings.Cancel(r.Context(), who, id); err != nil {
		return nil, err
	}
	return s.cancelLinkInfo(r.Context(), who, id)
}
