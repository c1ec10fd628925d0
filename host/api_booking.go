package host

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"storefront"
	"strconv"
	"strings"

	"storefront/booking"
	"storefront/data"
	"storefront/host/wire"
	"storefront/rules"
)

// The booking calls of spec section 7 and issue 11: thin adapters to
// package booking, each documented in openapi.json. The schedule calls
// answer a visitor too; every other call is a logged-in member's.

// who is the member of a request as the booking flows take them.
func (s *Server) who(r *http.Request, b *data.Brand, m *member) booking.Who {
	return booking.Who{Brand: b, User: m.user, Shop: s.notifyBrand(r, b, m.user)}
}

// queryMember reads the brand of a GET call and its logged-in member.
func (s *Server) queryMember(w http.ResponseWriter, r *http.Request) (*data.Brand, *member, error) {
	b, err := s.brandOfRequest(r, routeCourse)
	if err != nil {
		return nil, nil, err
	}
	m, err := s.apiMember(w, r, b)
	return b, m, err
}

// scheduleIDs reads one session (scheduleId) or several (scheduleIds, a
// list or comma-separated) of a query or body.
func scheduleIDs(one int64, many []int64) ([]int64, error) {
	ids := slices.Clone(many)
	if one != 0 {
		ids = append([]int64{one}, ids...)
	}
	if len(ids) == 0 {
		return nil, badRequest("請提供課程場次代碼 scheduleId")
	}
	for _, id := range ids {
		if id <= 0 || id > maxID {
			return nil, badRequest("課程場次代碼 scheduleId 格式錯誤")
		}
	}
	return ids, nil
}

// queryScheduleIDs reads scheduleId and scheduleIds (comma-separated).
func queryScheduleIDs(r *http.Request) ([]int64, error) {
	q := newQuery(r.URL.Query())
	one := q.id("scheduleId", "課程場次代碼")
	var many []int64
	for _, p := range strings.Split(r.URL.Query().Get("scheduleIds"), ",") {
		if p = strings.TrimSpace(p); p != "" {
			id, ok := pathID(p)
			if !ok {
				q.fail("課程場次代碼 scheduleIds 格式錯誤")
			}
			many = append(many, id)
		}
	}
	if err := q.Err(); err != nil {
		return nil, err
	}
	return scheduleIDs(one, many)
}

// GET /api/schedule: coming sessions of a course (courseId), a store or
// one session (scheduleId), within startDate..endDate, at most 120, each
// with its live seats and booking window and, for a logged-in member,
// their booking and waiting-list place. The course and term pages come
// from the anonymous page cache; their booking panel reads this.
func (s *Server) apiScheduleSeats(w http.ResponseWriter, r *http.Request) (any, error) {
	b, err := s.brandOfRequest(r, routeCourse)
	if err != nil {
		return nil, err
	}
	f, err := s.scheduleFilter(r)
	if err == nil && f.CourseID == 0 && f.StoreID == 0 && f.ScheduleID == 0 {
		err = badRequest("請提供課程代碼 courseId、門市 storeId 或場次代碼 scheduleId")
	}
	if err != nil {
		return nil, err
	}
	list, err := s.db.Schedules(r.Context(), b.ID, f, data.MaxCourseSchedules)
	if err != nil {
		return nil, err
	}
	ids := make([]int64, len(list))
	for i, sc := range list {
		ids[i] = sc.ScheduleID
	}
	var userID int64
	if sessionID(r) != "" {
		if m, _, err := s.memberOf(r, b); err == nil {
			userID = m.user.ID
		}
	}
	infos, err := s.db.Sessions(r.Context(), b.ID, ids)
	if err != nil {
		return nil, err
	}
	waiting, mine, err := s.db.SeatStates(r.Context(), ids, userID)
	if err != nil {
		return nil, err
	}
	now := s.now()
	out := make([]wire.ScheduleSeat, 0, len(list))
	for i, sc := range list {
		info := infos[slices.IndexFunc(infos, func(x data.SessionInfo) bool { return x.ScheduleID == ids[i] })]
		opens, closes := info.BookingWindow()
		seat := wire.ScheduleSeat{Schedule: sc, CourseName: info.CourseName, SeatsLeft: info.SeatsLeft(), Full: info.SeatsLeft() == 0,
			WaitingCount: waiting[sc.ScheduleID], BookingOpensAt: opens, BookingClosesAt: closes,
			CancelDeadline: info.CancelDeadline(), PrivateCoach: info.PrivateCoach}
		seat.BookableNow = info.BookableAt(now) && !seat.Full
		if my, ok := mine[sc.ScheduleID]; ok {
			seat.MyBookingID, seat.MyBookingStatus, seat.MyWaitingPosition = my.BookingID, my.Status, my.WaitingPosition
		}
		out = append(out, seat)
	}
	return out, nil
}

// paymentOption is an option on the wire.
func paymentOption(o booking.Option) wire.PaymentOption {
	p := wire.PaymentOption{PaymentChoice: wire.PaymentChoice{Kind: o.Kind, HoldingID: o.ID}, Name: o.Name, TicketType: o.TicketType,
		TicketKind: rules.TicketKind(o.TicketType), Cost: o.Cost, Unit: o.Unit, Remain: o.Remain, Usable: o.Refusal == rules.PayOK}
	if o.Kind != rules.KindPasscard {
		p.RemainAfter = o.Remain - o.Cost
	}
	if p.TicketType == "" {
		p.TicketKind = 0
	}
	if end := o.EndsOn; !end.IsZero() || o.Activates {
		if o.Activates {
			end = o.Period.End
		}
		if !end.IsZero() {
			e := end.String()
			p.EndsOn = &e
		}
	}
	if !p.Usable {
		p.ReasonCode, p.Reason = booking.RefusalCode(o.Refusal), booking.RefusalText(o.Refusal)
	}
	return p
}

// paymentInfo is the member's options for one session.
func (s *Server) paymentInfo(ctx context.Context, r *http.Request, b *data.Brand, m *member, scheduleID int64) (*wire.PaymentInfo, error) {
	_, opts, err := s.bookings.Options(ctx, s.who(r, b, m), scheduleID)
	if err != nil {
		return nil, err
	}
	info := &wire.PaymentInfo{ScheduleID: scheduleID, Options: make([]wire.PaymentOption, len(opts))}
	for i, o := range opts {
		info.Options[i] = paymentOption(o)
	}
	if len(opts) > 0 && opts[0].Refusal == rules.PayOK {
		info.Preselected = &info.Options[0].PaymentChoice
	}
	return info, nil
}

// GET /api/schedule/paymentInfo?brandId=&scheduleId=: which of the
// member's entitlements can pay for the session and what each would
// cost, the best one preselected.
func (s *Server) apiPaymentInfo(w http.ResponseWriter, r *http.Request) (any, error) {
	b, m, err := s.queryMember(w, r)
	if err != nil {
		return nil, err
	}
	q := newQuery(r.URL.Query())
	id := q.id("scheduleId", "課程場次代碼")
	if err := q.Err(); err != nil {
		return nil, err
	}
	if id == 0 {
		return nil, badRequest("請提供課程場次代碼 scheduleId")
	}
	return s.paymentInfo(r.Context(), r, b, m, id)
}

// GET /api/schedule/userTicket?brandId=[&scheduleId=]: the member's live
// entitlements (with a session: as paymentInfo's options).
func (s *Server) apiUserTicket(w http.ResponseWriter, r *http.Request) (any, error) {
	b, m, err := s.queryMember(w, r)
	if err != nil {
		return nil, err
	}
	q := newQuery(r.URL.Query())
	id := q.id("scheduleId", "課程場次代碼")
	if err := q.Err(); err != nil {
		return nil, err
	}
	if id != 0 {
		info, err := s.paymentInfo(r.Context(), r, b, m, id)
		if err != nil {
			return nil, err
		}
		return info.Options, nil
	}
	hs, err := s.db.Holdings(r.Context(), m.user.ID, 0, rules.Day(s.now()))
	if err != nil {
		return nil, err
	}
	out := make([]wire.PaymentOption, len(hs))
	for i, h := range hs {
		out[i] = paymentOption(booking.Option{Option: rules.Option{Entitlement: h.Entitlement,
			Use: rules.Use{Unit: rules.PayUnit(h.Kind, h.TicketType)}}, Name: h.Name})
	}
	return out, nil
}

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

// sessionsAndChoice reads a booking body's sessions (one or a list) and
// its payment choice.
func sessionsAndChoice(one int64, many []int64, p *wire.PaymentChoice) ([]int64, *booking.Choice, error) {
	ids, err := scheduleIDs(one, many)
	if err != nil {
		return nil, nil, err
	}
	choice, err := choiceOf(p)
	return ids, choice, err
}

// choiceOf is a body's payment choice for the flows.
func choiceOf(p *wire.PaymentChoice) (*booking.Choice, error) {
	if p == nil {
		return nil, nil
	}
	switch p.Kind {
	case rules.KindPasscard, rules.KindTicket, rules.KindTiming:
	default:
		return nil, badRequest("付款方式 payment.kind 需為 passcard、ticket 或 timing")
	}
	if p.HoldingID <= 0 || p.HoldingID > maxID {
		return nil, badRequest("付款方式 payment.holdingId 格式錯誤")
	}
	return &booking.Choice{Kind: p.Kind, ID: p.HoldingID}, nil
}

// POST /api/schedule/ticket/verify {brandId, scheduleId|scheduleIds,
// payment}: would this entitlement (null: the best) pay for each session?
// A refusal answers its code (-60000006 beyond the validity).
func (s *Server) apiTicketVerify(w http.ResponseWriter, r *http.Request) (any, error) {
	var req wire.PaymentVerifyRequest
	b, m, err := s.decodeMember(w, r, &req)
	if err != nil {
		return nil, err
	}
	ids, choice, err := sessionsAndChoice(req.ScheduleID, req.ScheduleIDs, req.Payment)
	if err != nil {
		return nil, err
	}
	out := &wire.PaymentVerify{}
	for _, id := range ids {
		info, err := s.paymentInfo(r.Context(), r, b, m, id)
		if err != nil {
			return nil, err
		}
		i := 0
		if choice != nil {
			i = slices.IndexFunc(info.Options, func(o wire.PaymentOption) bool { return o.Kind == choice.Kind && o.HoldingID == choice.ID })
			if i < 0 {
				return nil, &storefront.Error{Kind: storefront.KindConflict, Code: storefront.CodeNoEntitlement}
			}
		}
		if len(info.Options) == 0 {
			return nil, &storefront.Error{Kind: storefront.KindConflict, Code: storefront.CodeNoEntitlement}
		}
		if o := info.Options[i]; !o.Usable {
			e := &storefront.Error{Kind: storefront.KindConflict, Code: o.ReasonCode}
			if o.ReasonCode != storefront.CodeBookingPastValidity {
				e.Message = "無法使用此票券預約：" + o.Reason
			}
			return nil, e
		}
		out.Options = append(out.Options, info.Options[i])
	}
	return out, nil
}

// purchaseVerify checks a session's seat can be bought now.
func (s *Server) purchaseVerify(r *http.Request, b *data.Brand, id int64) (*wire.PurchaseVerify, error) {
	ss, err := s.db.Sessions(r.Context(), b.ID, []int64{id})
	if err != nil {
		return nil, err
	}
	if len(ss) == 0 {
		return nil, &storefront.Error{Kind: storefront.KindNotFound, Code: storefront.CodeNotFound, Message: "找不到此課程場次"}
	}
	in := ss[0]
	switch {
	case !in.BookableAt(s.now()):
		return nil, &storefront.Error{Kind: storefront.KindConflict, Code: storefront.CodeBookingClosed}
	case in.SeatsLeft() == 0:
		return nil, &storefront.Error{Kind: storefront.KindConflict, Code: storefront.CodeSessionFull}
	}
	return &wire.PurchaseVerify{ScheduleID: id, CourseID: in.CourseID, Name: in.CourseName, Price: in.Price, SeatsLeft: in.SeatsLeft()}, nil
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
		return nil, badRequest("請提供學期課程代碼 termScheduleId 與班別代碼 scheduleId")
	}
	c, err := s.db.TermClassSeats(r.Context(), b.ID, req.TermScheduleID, req.ScheduleID, s.now())
	if err != nil {
		return nil, err
	}
	if c.SeatsLeft <= 0 {
		return nil, &storefront.Error{Kind: storefront.KindConflict, Code: storefront.CodeSessionFull}
	}
	return &wire.PurchaseVerify{ScheduleID: req.ScheduleID, CourseID: c.CourseID, Name: c.Name, Price: c.Price, SeatsLeft: c.SeatsLeft}, nil
}

// maxKey bounds an Idempotency-Key.
const maxKey = 200

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
		return nil, badRequest(fmt.Sprintf("Idempotency-Key 最長 %d 個字元", maxKey))
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
	it.CancelCode = booking.CancelCode(rules.CancelRule(booking.Cancellation(&bk, sess), now))
	it.CanCancel = it.CancelCode == 0
	it.CanCheckIn = b.ModuleSet().Has(data.ModuleCheckInBooking) && bk.Status == data.BookingBooked && sess.CheckInOpen(now)
	it.GoogleCalendarURL = booking.GoogleCalendarURL(booking.EventOf(&bk, b.ID, s.mailBrand(r, b).Home))
	return it
}

// waitingAnswer is a member's place on a session's list.
func waitingAnswer(id int64, p *data.WaitingPlace) *wire.WaitingPosition {
	return &wire.WaitingPosition{ScheduleID: id, Waiting: p.Position > 0, Position: p.Position, Count: p.Count, Status: p.Status, Reason: p.Reason}
}

// GET /api/schedule/waiting/get?brandId=&scheduleId=: the member's place
// on the session's waiting list.
func (s *Server) apiWaitingGet(w http.ResponseWriter, r *http.Request) (any, error) {
	_, m, err := s.queryMember(w, r)
	if err != nil {
		return nil, err
	}
	ids, err := queryScheduleIDs(r)
	if err != nil {
		return nil, err
	}
	p, err := s.db.WaitingPlace(r.Context(), m.user.ID, ids[0])
	if err != nil {
		return nil, err
	}
	return waitingAnswer(ids[0], p), nil
}

// POST /api/schedule/waiting/add {brandId, scheduleId}: joins the full
// session's waiting list (module WAITING_LIST).
func (s *Server) apiWaitingAdd(w http.ResponseWriter, r *http.Request) (any, error) {
	var req wire.WaitingRequest
	b, m, err := s.decodeMember(w, r, &req)
	if err != nil {
		return nil, err
	}
	if _, err := scheduleIDs(req.ScheduleID, nil); err != nil {
		return nil, err
	}
	p, err := s.bookings.Join(r.Context(), s.who(r, b, m), req.ScheduleID)
	if err != nil {
		return nil, err
	}
	return waitingAnswer(req.ScheduleID, p), nil
}

// POST /api/schedule/waiting/update {brandId, scheduleId, action:
// "leave"}: leaves the session's waiting list.
func (s *Server) apiWaitingUpdate(w http.ResponseWriter, r *http.Request) (any, error) {
	var req wire.WaitingRequest
	b, m, err := s.decodeMember(w, r, &req)
	if err != nil {
		return nil, err
	}
	if _, err := scheduleIDs(req.ScheduleID, nil); err != nil {
		return nil, err
	}
	if req.Action != "leave" {
		return nil, badRequest("action 需為 leave（離開候補名單）")
	}
	p, err := s.bookings.Leave(r.Context(), s.who(r, b, m), req.ScheduleID)
	if err != nil {
		return nil, err
	}
	return waitingAnswer(req.ScheduleID, p), nil
}

// bookingRecords reads the records' filter and page from a query and
// loads them.
func (s *Server) bookingRecords(r *http.Request, b *data.Brand, m *member, v url.Values) (*wire.BookingRecordsPage, error) {
	q := newQuery(v)
	f := data.BookingFilter{Status: v.Get("status")}
	switch f.Status {
	case "", data.BookingBooked, data.BookingCancelled, data.BookingAttended:
	default:
		q.fail("狀態 status 需為 booked、cancelled 或 attended")
	}
	f.StartDate, f.EndDate = q.dateRange()
	f.StoreID = q.id("storeId", "門市")
	n, size := q.page(20)
	if err := q.Err(); err != nil {
		return nil, err
	}
	p, err := s.db.BookingRecords(r.Context(), m.user.ID, f, n, size)
	if err != nil {
		return nil, err
	}
	out := &wire.BookingRecordsPage{Filter: f, Stores: b.Stores,
		Result: &data.Page[wire.BookingItem]{List: make([]wire.BookingItem, len(p.List)), Total: p.Total, PageNumber: n, PageSize: size}}
	for i, bk := range p.List {
		out.Result.List[i] = s.bookingItem(r, b, bk)
	}
	if out.Stores == nil {
		out.Stores = []data.Store{}
	}
	return out, nil
}

// GET /api/user/bookingList?brandId=&status=&startDate=&endDate=&storeId=
// &pageNumber=&pageSize=: the member's booking records, latest first.
func (s *Server) apiBookingList(w http.ResponseWriter, r *http.Request) (any, error) {
	b, m, err := s.queryMember(w, r)
	if err != nil {
		return nil, err
	}
	p, err := s.bookingRecords(r, b, m, r.URL.Query())
	if err != nil {
		return nil, err
	}
	return p.Result, nil
}

// decodeBooking reads a body naming one of the member's bookings.
func (s *Server) decodeBooking(w http.ResponseWriter, r *http.Request) (*data.Brand, *member, int64, error) {
	var req wire.BookingIDRequest
	b, m, err := s.decodeMember(w, r, &req)
	if err != nil {
		return nil, nil, 0, err
	}
	if req.BookingID <= 0 || req.BookingID > maxID {
		return nil, nil, 0, badRequest("請提供預約代碼 bookingId")
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
	bk, code, err := s.bookings.Verify(r.Context(), s.who(r, b, m), id)
	if err != nil {
		return nil, err
	}
	return &wire.CancelVerify{BookingID: bk.ID, Cancellable: code == 0, Code: code, Message: errorText(code),
		Deadline: bk.CancelDeadline, Refund: bk.Consumed, Unit: bk.Unit, PayName: bk.PayName,
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
		return nil, &storefront.Error{Kind: storefront.KindForbidden, Code: storefront.CodeForbidden, Message: "此品牌未開放線上簽到"}
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
		return nil, &storefront.Error{Kind: storefront.KindForbidden, Code: storefront.CodeForbidden, Message: "此品牌未開放 QR Code 簽到"}
	}
	return s.checkInQR(b, m.user), nil
}

// POST /api/checkin/qr {token, scheduleId?} with Authorization: Bearer
// STOREFRONT_CHECKIN_SCANNER_TOKEN: the studio scanner checks in the
// member whose QR token it read, to their session whose check-in window
// is open (or scheduleId).
func (s *Server) apiScannerCheckIn(w http.ResponseWriter, r *http.Request) (any, error) {
	if !s.scannerAllowed(r) {
		return nil, &storefront.Error{Kind: storefront.KindForbidden, Code: storefront.CodeForbidden, Message: "掃描器未授權"}
	}
	var req wire.ScannerCheckInRequest
	if err := decodeBody(w, r, &req); err != nil {
		return nil, err
	}
	if req.ScheduleID < 0 || req.ScheduleID > maxID {
		return nil, badRequest("課程場次代碼 scheduleId 格式錯誤")
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
		return nil, &storefront.Error{Kind: storefront.KindForbidden, Code: storefront.CodeForbidden, Message: "此品牌未開放 QR Code 簽到"}
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

// GET /api/user/common/server-time: the server's clock.
func (s *Server) apiServerTime(w http.ResponseWriter, r *http.Request) (any, error) {
	return wire.ServerTime{Now: s.now(), TimeZone: "Asia/Taipei"}, nil
}

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
	w.Write(booking.ICS(booking.EventOf(bk, b.ID, s.mailBrand(r, b).Home), s.now()))
}

// loadBookingRecords is /bookingRecord/bookingRecordList: the member's
// booking history, filtered (status, startDate, endDate, storeId) and
// paged.
func loadBookingRecords(s *Server, rc *reqCtx) (any, error) {
	return s.bookingRecords(rc.r, rc.brand, rc.member, rc.r.URL.Query())
}
