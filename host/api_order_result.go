package host

import (
	"fmt"
	"net/http"
	"net/url"
	"storefront"
	"storefront/data"
	"storefront/host/wire"
	"storefront/rules"
	"strconv"
	"strings"
)

// The order's member's view of an order: the result page and its API,
// the enjoy-coupon result, and the dev environment's test payment.

// memberOrder loads order number for the request's member: another
// member's order, like an unknown one, is -78000000 (nothing leaks).
func (s *Server) memberOrder(w http.ResponseWriter, r *http.Request, number string) (*data.Brand, *member, *data.Order, error) {
	if !orderNumber(number) {
		return nil, nil, nil, &storefront.Error{Kind: storefront.KindNotFound, Code: storefront.CodeOrderNotFound}
	}
	o, err := s.db.Order(r.Context(), "", number)
	if err != nil {
		return nil, nil, nil, err
	}
	b, err := s.brand(r.Context(), o.BrandID, nil)
	if err != nil {
		return nil, nil, nil, err
	}
	m, err := s.apiMember(w, r, b)
	if err != nil {
		return nil, nil, nil, err
	}
	if m.user.ID != o.UserID {
		return nil, nil, nil, &storefront.Error{Kind: storefront.KindNotFound, Code: storefront.CodeOrderNotFound}
	}
	return b, m, o, nil
}

// orderNumber reports whether s can be an order number.
func orderNumber(s string) bool {
	if len(s) < 12 || len(s) > 30 {
		return false
	}
	return strings.Trim(s, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_") == ""
}

// orderResult is the result page's data for order o of brand b and its
// member m; a paid order bought to book a session books it now, once.
func (s *Server) orderResult(r *http.Request, b *data.Brand, m *member, base string, o *data.Order) (*wire.OrderResultPage, error) {
	ctx := r.Context()
	o.StatesOn(rules.Day(s.now()))
	p := &wire.OrderResultPage{Order: o, MemberURL: base + "/user", Booked: []wire.BookingItem{}}
	var err error
	if p.Deferred, err = s.deferredResult(ctx, o); err != nil {
		return nil, err
	}
	if o.State == data.OrderPaid && o.BookScheduleID != 0 {
		if err := s.orderBooking(r, b, m, o, 0, p); err != nil {
			return nil, err
		}
	}
	switch o.State {
	case data.OrderPaid:
		p.Final = true
		switch {
		case o.Kind == data.OrderKindTerm:
			p.MemberURL = base + "/user/booking"
		case o.Kind == data.OrderKindOverdue:
			p.MemberURL = base + "/user/countingPasscard"
		case len(o.Lines) > 0:
			p.MemberURL = base + memberPageOf(o.Lines[0].ItemType)
		}
		if p.BookURL, err = s.bookPath(r, b, base, o); err != nil {
			return nil, err
		}
	case data.OrderFailed, data.OrderCancelled, data.OrderExpired:
		p.Final = true
		p.RetryURL = retryPath(base, o)
	}
	return p, nil
}

// orderBooking books the session paid order o was bought to book (or
// scheduleID, not 0) into p: the booking, or why the session could not be
// booked (full or closed while they paid, …).
func (s *Server) orderBooking(r *http.Request, b *data.Brand, m *member, o *data.Order, scheduleID int64, p *wire.OrderResultPage) error {
	ids, err := s.bookings.BookOrder(r.Context(), s.who(r, b, m), o, scheduleID)
	if err == nil {
		p.Booked, err = s.bookingItems(r.Context(), r, b, m, ids)
		return err
	}
	e := storefront.AsError(err)
	if e.Kind == storefront.KindInternal || e.Kind == storefront.KindUnavailable {
		return err
	}
	if scheduleID == 0 {
		scheduleID = o.BookScheduleID
	}
	ss, err := s.db.Sessions(r.Context(), b.ID, []int64{scheduleID})
	if err != nil {
		return err
	}
	msg := e.Message
	if msg == "" {
		msg = storefront.CodeText(e.Code)
	}
	p.BookRefused = &wire.BookRefused{Code: e.Code, Message: msg, ScheduleID: scheduleID, Seat: o.Kind == data.OrderKindCourse}
	if len(ss) > 0 {
		p.BookRefused.CourseID = ss[0].CourseID
	}
	return nil
}

// POST /api/v2/ec/payment/result/{orderNo}/booking {scheduleId}: books
// another session with what the member's paid order bought (its session
// filled while they paid): a session of the course whose seat it bought,
// or one the item it bought covers; once per order.
func (s *Server) apiOrderBooking(w http.ResponseWriter, r *http.Request) (any, error) {
	var req wire.OrderBookingRequest
	if err := decodeBody(w, r, &req); err != nil {
		return nil, err
	}
	if _, err := scheduleIDs(req.ScheduleID, nil); err != nil {
		return nil, err
	}
	b, m, o, err := s.memberOrder(w, r, r.PathValue("orderNo"))
	if err != nil {
		return nil, err
	}
	p, err := s.orderResult(r, b, m, apiBasePath(s.siteOf(r), b), o)
	if err != nil || o.State != data.OrderPaid {
		return p, err
	}
	p.Booked, p.BookRefused = []wire.BookingItem{}, nil
	return p, s.orderBooking(r, b, m, o, req.ScheduleID, p)
}

// bookPath is where to book with what paid order o bought (wire's
// OrderResultPage.BookURL): the page of the course o was bought to book,
// else the timetable where the brand has one; "" for an order that
// bought nothing to book with.
func (s *Server) bookPath(r *http.Request, b *data.Brand, base string, o *data.Order) (string, error) {
	if (o.Kind != data.OrderKindItem && o.Kind != data.OrderKindPlan) || len(o.Lines) == 0 || o.Lines[0].ItemID == nil {
		return "", nil
	}
	if o.BookScheduleID != 0 {
		ss, err := s.db.Sessions(r.Context(), b.ID, []int64{o.BookScheduleID})
		if err != nil {
			return "", err
		}
		if len(ss) > 0 {
			return fmt.Sprintf("%s/activity/%d/%d", base, ss[0].StoreID, ss[0].CourseID), nil
		}
	}
	if routeTimetable.allows(b.ModuleSet(), nil) {
		return base + "/timetable", nil
	}
	return "", nil
}

// memberPageOf is the member centre page that lists a holding of itemType.
func memberPageOf(itemType string) string {
	switch itemType {
	case data.ItemPasscard:
		return "/user/passcard"
	case data.ItemPoint, data.ItemQuantityPasscard:
		return "/user/ticket"
	case data.ItemCountingPasscard:
		return "/user/countingPasscard"
	}
	return "/user"
}

// retryPath is the checkout page that buys order o's first line again,
// with the same store, quantity, session and payment way chosen and the
// terms ticked (the buyer accepted them for o; app/features/checkout's
// cart).
func retryPath(base string, o *data.Order) string {
	if len(o.Lines) == 0 {
		return base + "/"
	}
	l := o.Lines[0]
	cart := url.Values{"pay": {o.PayWay}, "terms": {"1"}}
	if l.StoreID != nil {
		cart.Set("store", strconv.FormatInt(*l.StoreID, 10))
	}
	if l.Quantity > 1 {
		cart.Set("qty", strconv.Itoa(l.Quantity))
	}
	if l.ScheduleID != nil {
		cart.Set("schedule", strconv.FormatInt(*l.ScheduleID, 10))
	}
	switch {
	case o.Kind == data.OrderKindTerm:
		return base + "/termSchedule"
	case o.Kind == data.OrderKindOverdue:
		return base + "/counting-passcard-overdue-purchase"
	case l.ItemID != nil:
		if o.Kind == data.OrderKindPlan {
			cart.Set("type", "plan")
		}
		return fmt.Sprintf("%s/%s/%d/checkout?%s", base, l.ItemType, *l.ItemID, cart.Encode())
	case l.CourseID != nil && l.StoreID != nil:
		return fmt.Sprintf("%s/activity/%d/%d/checkout?%s", base, *l.StoreID, *l.CourseID, cart.Encode())
	}
	return base + "/"
}

// GET /api/v2/ec/payment/result/{orderNo}: the order and its state (the
// payment-status dialog polls it until Final), only for its member.
func (s *Server) apiPaymentResult(w http.ResponseWriter, r *http.Request) (any, error) {
	b, m, o, err := s.memberOrder(w, r, r.PathValue("orderNo"))
	if err != nil {
		return nil, err
	}
	return s.orderResult(r, b, m, apiBasePath(s.siteOf(r), b), o)
}

// apiBasePath is where brand b's pages are on the site an API call came
// to: the root of its custom domain, else under /{brandId}.
func apiBasePath(st site, b *data.Brand) string {
	if st.Custom && st.BrandID == b.ID {
		return ""
	}
	return "/" + b.ID
}

// GET /api/payment/ticketResult?orderNo=: the result of an enjoy-coupon
// (ticket service) order. The storefront sells none, so the member's own
// order answers -78000002 and any other -78000000.
func (s *Server) apiTicketResult(w http.ResponseWriter, r *http.Request) (any, error) {
	if _, _, _, err := s.memberOrder(w, r, r.URL.Query().Get("orderNo")); err != nil {
		return nil, err
	}
	return nil, &storefront.Error{Kind: storefront.KindInvalid, Code: storefront.CodeNotEnjoyCoupon}
}

// POST /api/test/payment {orderNo} (dev only): pays the member's order as
// its provider would, through the same payment transaction.
func (s *Server) apiTestPayment(w http.ResponseWriter, r *http.Request) (any, error) {
	var req wire.OrderRequest
	if err := decodeBody(w, r, &req); err != nil {
		return nil, err
	}
	b, m, o, err := s.memberOrder(w, r, req.OrderNo)
	if err != nil {
		return nil, err
	}
	if o, err = s.checkout.TestPay(r.Context(), o); err != nil {
		return nil, err
	}
	return s.orderResult(r, b, m, apiBasePath(s.siteOf(r), b), o)
}
