// Package booking holds the booking flows: book (one session
// or several, all or nothing), cancel (and promote from the waiting list in
// the same transaction), check in (from the member's list or by the
// studio's QR scanner), and the waiting list. Each flow is one database
// transaction (data.Tx) that takes its locks in the order that
// type documents, applies the pure rules of rules/booking.go
// on what it read under the lock, and queues its mails in the outbox in
// the same transaction. host keeps routing, sessions and the wire format.
package booking

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"storefront"
	"strconv"
	"time"

	"storefront/data"
	"storefront/mail"
	"storefront/rules"
)

// Flows runs the booking flows.
type Flows struct {
	DB  *data.DB
	Now func() time.Time
	// Queued tells the mail outbox's worker that a mail waits (nil: none).
	Queued func()
}

// Who is whom a flow runs for: the brand, the member, and the brand as its
// mails present it (Shop.Home: the absolute URL of the brand's shop, from
// the trusted origin).
type Who struct {
	Brand *data.Brand
	User  *data.User
	Shop  mail.Brand
}

// Choice names an entitlement: kind (rules.KindPasscard, KindTicket,
// KindTiming) and the holding's id.
type Choice struct {
	Kind string
	ID   int64
}

// Request is a booking request.
type Request struct {
	ScheduleIDs   []int64
	Payment       *Choice // nil: the best for each session
	AllowConflict bool    // book even over another booking at that time
	Key           string  // the Idempotency-Key ("": none)
	// Order: a paid course order whose seat pays, for a session of its
	// course (nil: an entitlement pays).
	Order *data.Order
}

func fail(kind storefront.Kind, code int) error { return &storefront.Error{Kind: kind, Code: code} }

// sold refuses a session the brand's modules do not sell: a private-coach
// one without PRIVATE_COACH.
func sold(mods data.Modules, s *data.SessionInfo) error {
	if !mods.SellsCourse(s.PrivateCoach) {
		return storefront.ModuleClosed(storefront.TextFeaturePrivateCoach)
	}
	return nil
}

func (f *Flows) queued() {
	if f.Queued != nil {
		f.Queued()
	}
}

// Option is an entitlement with what it would pay for a session.
type Option struct {
	rules.Option
	Name string
}

// Options lists what the member holds for the session, usable ones first
// (best first), and the index of the best (-1: none can pay).
func (f *Flows) Options(ctx context.Context, w Who, scheduleID int64) (*data.SessionInfo, []Option, error) {
	ss, err := f.DB.Sessions(ctx, w.Brand.ID, []int64{scheduleID})
	if err != nil {
		return nil, nil, err
	}
	if len(ss) == 0 {
		return nil, nil, &storefront.Error{Kind: storefront.KindNotFound, Code: storefront.CodeNotFound, Message: storefront.TextSessionNotFound}
	}
	hs, err := f.DB.Holdings(ctx, w.User.ID, ss[0].StoreID, rules.Day(f.Now()))
	if err != nil {
		return nil, nil, err
	}
	return &ss[0], options(hs, ss[0].Session), nil
}

// options works out what each holding would pay, usable ones first.
func options(hs []data.Held, s rules.Session) []Option {
	ro := make([]rules.Option, len(hs))
	names := map[[2]any]string{}
	for i, h := range hs {
		ro[i] = rules.Option{Entitlement: h.Entitlement, Use: rules.PayFor(h.Entitlement, s)}
		names[[2]any{h.Kind, h.ID}] = h.Name
	}
	rules.SortOptions(ro)
	out := make([]Option, len(ro))
	for i, o := range ro {
		out[i] = Option{Option: o, Name: names[[2]any{o.Kind, o.ID}]}
	}
	return out
}

// RefusalCode is the error code of a refusal: -60000006 beyond the
// validity, else no suitable entitlement.
func RefusalCode(r rules.Refusal) int {
	if r == rules.RefuseValidity {
		return storefront.CodeBookingPastValidity
	}
	return storefront.CodeNoEntitlement
}

// RefusalText says why an entitlement cannot pay, for the member.
func RefusalText(r rules.Refusal) string {
	switch r {
	case rules.RefuseKind:
		return storefront.TextRefuseKind
	case rules.RefuseStore:
		return storefront.TextRefuseStore
	case rules.RefuseValidity:
		return storefront.TextRefuseValidity
	case rules.RefuseRemain:
		return storefront.TextRefuseRemain
	case rules.RefuseInactive:
		return storefront.TextRefuseInactive
	}
	return ""
}

// Book books the sessions of req for the member, all or nothing, in one
// transaction, and returns the bookings' ids in the order asked. A session
// the member holds a seat in already keeps that booking (nothing changes
// twice); a repeated Idempotency-Key answers the first answer.
//
// The transaction reads the sessions first, without a lock, on generic
// plans (data.Tx.GenericPlans); it then locks them and the member
// (data.Tx), so that two bookings of the member, or a
// booking and a promotion from a waiting list, check the time conflict one
// after the other, reading in the same round trip all that the rules
// need (data.Tx.LockForBooking), and sends its writes in one more.
func (f *Flows) Book(ctx context.Context, w Who, req Request) ([]int64, error) {
	mods := w.Brand.ModuleSet()
	switch {
	case !mods.Has(data.ModuleBooking):
		return nil, storefront.ModuleClosed(storefront.TextFeatureBooking)
	case len(req.ScheduleIDs) == 0:
		return nil, &storefront.Error{Kind: storefront.KindInvalid, Code: storefront.CodeBadRequest, Message: storefront.TextChooseSchedule}
	case len(req.ScheduleIDs) > 1 && !mods.Has(data.ModuleMultiBooking):
		return nil, storefront.ModuleClosed(storefront.TextFeatureMultiBooking)
	case len(req.ScheduleIDs) > 20:
		return nil, &storefront.Error{Kind: storefront.KindInvalid, Code: storefront.CodeBadRequest, Message: storefront.TextTooManySessions}
	}
	unique := slices.Clone(req.ScheduleIDs)
	slices.Sort(unique)
	unique = slices.Compact(unique)
	for attempt := 0; ; attempt++ {
		ids, mails, err := f.book(ctx, w, req, unique)
		if err != nil && attempt < 2 && (storefront.AsError(err).Code == storefront.CodeAlreadyBooked || errors.Is(err, data.ErrHoldingChanged)) {
			// the same request booked it meanwhile (answer that booking), or
			// another spent or started the entitlement (choose again)
			continue
		}
		if len(mails) > 0 {
			f.queued()
		}
		return ids, err
	}
}

// book is Book's transaction on the sessions unique (sorted, each once).
func (f *Flows) book(ctx context.Context, w Who, req Request, unique []int64) ([]int64, []data.Notice, error) {
	now := f.Now()
	var ids []int64
	var mails []data.Notice
	err := f.DB.InTx(ctx, func(t *data.Tx) error {
		ids, mails = nil, nil
		t.GenericPlans()
		sessions, err := t.Sessions(w.Brand.ID, unique)
		if err != nil {
			return err
		}
		if len(sessions) != len(unique) {
			return &storefront.Error{Kind: storefront.KindNotFound, Code: storefront.CodeNotFound, Message: storefront.TextSessionNotFound}
		}
		for _, s := range sessions {
			if err := sold(w.Brand.ModuleSet(), &s); err != nil {
				return err
			}
		}
		r, err := t.LockForBooking(w.Brand.ID, w.User.ID, req.Key, sessions, rules.Day(now))
		if err != nil || !r.Claimed {
			if err == nil {
				err = json.Unmarshal(r.Answer, &ids)
			}
			return err
		}
		byID := map[int64]int64{}
		var booked []*data.SessionInfo
		for i := range r.Sessions {
			s := &r.Sessions[i]
			st := r.Standing[s.ScheduleID]
			id := st.Live
			if id == 0 {
				id = r.IDs[i]
				if err := f.bookNew(t, w, r, s, id, req, booked, now); err != nil {
					return err
				}
				if err := t.QueueReminder(w.Brand.ID, w.User.ID, id, s.Start, now); err != nil {
					return err
				}
				if st.Waiting != 0 { // booked directly: off the waiting list
					if err := t.EndWait(st.Waiting, "left", storefront.TextBookedDirectly, id, now); err != nil {
						return err
					}
				}
				booked = append(booked, s)
				if w.Brand.ModuleSet().Has(data.ModuleEmailNotification) {
					mails = append(mails, confirmation(w, s, id, now, req.Order != nil))
				}
			}
			byID[s.ScheduleID] = id
		}
		for _, sid := range req.ScheduleIDs {
			if !slices.Contains(ids, byID[sid]) {
				ids = append(ids, byID[sid])
			}
		}
		answer, _ := json.Marshal(ids)
		if err := deliverAll(t, w, mails); err != nil {
			return err
		}
		return t.Finish(nil, w.User.ID, req.Key, answer)
	})
	if err != nil {
		return nil, nil, err
	}
	return ids, mails, nil
}

// bookNew books session s, which the member holds no seat in, as booking
// id: the rules, the seat, what pays, the booking, on what r read under
// the locks. booked are the sessions this request booked before (a clash
// with them is a conflict too; what they spent is read afresh).
func (f *Flows) bookNew(t *data.Tx, w Who, r *data.BookingReads, s *data.SessionInfo, id int64, req Request, booked []*data.SessionInfo, now time.Time) error {
	if s.NeedsVerifiedEmail && !w.User.EmailVerified {
		return fail(storefront.KindForbidden, storefront.CodeEmailNotVerified)
	}
	if !s.BookableAt(now) {
		return fail(storefront.KindConflict, storefront.CodeBookingClosed)
	}
	if r.Frozen[s.ScheduleID] {
		return fail(storefront.KindConflict, storefront.CodeFrozen)
	}
	if err := suspended(r.Policy, r.Suspension(now)); err != nil {
		return err
	}
	if !req.AllowConflict {
		clash := r.Standing[s.ScheduleID].Clash
		for _, o := range booked {
			clash = clash || rules.Overlaps(o.Start, o.End, s.Start, s.End)
		}
		if clash {
			return fail(storefront.KindConflict, storefront.CodeTimeConflict)
		}
	}
	if req.Order != nil {
		if l := req.Order.Lines; len(l) == 0 || l[0].CourseID == nil || *l[0].CourseID != s.CourseID {
			return &storefront.Error{Kind: storefront.KindInvalid, Code: storefront.CodeBadRequest, Message: storefront.TextOrderOtherCourse}
		}
		t.Record(data.NewBooking{ID: id, UserID: w.User.ID, Session: s, OrderID: req.Order.ID}, true)
		return nil
	}
	hs := r.Holdings[s.StoreID]
	if len(booked) > 0 { // after this request's bookings spent what they took
		var err error
		if hs, err = t.Holdings(w.User.ID, s.StoreID, rules.Day(now)); err != nil {
			return err
		}
	}
	held, use, err := pay(hs, s, req.Payment)
	if err != nil {
		return err
	}
	t.Record(data.NewBooking{ID: id, UserID: w.User.ID, Session: s, Held: held, Use: use}, true)
	return nil
}

// pay chooses what of the member's holdings hs pays for the session
// (choice, or the best) and checks it (Record spends it only while it
// still pays).
func pay(hs []data.Held, s *data.SessionInfo, choice *Choice) (*data.Held, rules.Use, error) {
	if choice == nil {
		opts := options(hs, s.Session)
		if len(opts) == 0 || opts[0].Refusal != rules.PayOK {
			code := storefront.CodeNoEntitlement
			if len(opts) > 0 && !slices.ContainsFunc(opts, func(o Option) bool { return o.Refusal != rules.RefuseValidity }) {
				code = storefront.CodeBookingPastValidity
			}
			return nil, rules.Use{}, fail(storefront.KindConflict, code)
		}
		choice = &Choice{Kind: opts[0].Kind, ID: opts[0].ID}
	}
	i := slices.IndexFunc(hs, func(h data.Held) bool { return h.Kind == choice.Kind && h.ID == choice.ID })
	if i < 0 {
		return nil, rules.Use{}, fail(storefront.KindInvalid, storefront.CodeNoEntitlement)
	}
	h := &hs[i]
	u := rules.PayFor(h.Entitlement, s.Session)
	if u.Refusal != rules.PayOK {
		return nil, rules.Use{}, &storefront.Error{Kind: storefront.KindConflict, Code: RefusalCode(u.Refusal), Message: refusalMessage(u.Refusal)}
	}
	return h, u, nil
}

// refusalMessage is the message of a refused choice: the catalogue's text
// for -60000006, else why.
func refusalMessage(r rules.Refusal) string {
	if r == rules.RefuseValidity {
		return ""
	}
	return storefront.TextCannotPayWith(RefusalText(r))
}

// CancelCode is the error code of a cancel rule (0: may cancel).
func CancelCode(r rules.CancelReason) int {
	return map[rules.CancelReason]int{
		rules.CancelAlreadyCancelled: storefront.CodeBookingCancelled,
		rules.CancelCheckedIn:        storefront.CodeCheckedIn,
		rules.CancelBoughtOnline:     storefront.CodeBookingBoughtOnline,
		rules.CancelCoachClass:       storefront.CodeCoachClass,
		rules.CancelStarted:          storefront.CodeCannotCancel,
		rules.CancelPastDeadline:     storefront.CodePastCancelTime,
	}[r]
}

// Cancellation is what a booking's cancel rule needs.
func Cancellation(b *data.Booking, s rules.Session) rules.Cancellation {
	return rules.Cancellation{Status: b.Status, BoughtOnline: b.OrderID != 0 || b.PayKind == data.PayOrder, Session: s}
}

// SessionOf is the rules' view of a booking's session: its times, the
// private-coach flag and the cancellation deadline it was listed with.
func SessionOf(b *data.Booking) rules.Session {
	return rules.Session{Start: b.StartsAt, End: b.EndsAt, PrivateCoach: b.PrivateCoach,
		CancelHours: int(b.StartsAt.Sub(b.CancelDeadline) / time.Hour), LateCancel: b.LateCancel}
}

// Verify says whether the member may cancel the booking online now:
// rules.CancelOK, rules.CancelLate (allowed, the entitlement forfeited)
// or the rule that forbids it (CancelCode).
func (f *Flows) Verify(ctx context.Context, w Who, bookingID int64) (*data.Booking, rules.CancelReason, error) {
	b, err := f.DB.Booking(ctx, w.User.ID, bookingID)
	if err != nil {
		return nil, 0, err
	}
	return b, rules.CancelRule(Cancellation(b, SessionOf(b)), f.Now()), nil
}

// Cancelled is what a cancellation did: the booking cancelled, and the
// waiting member booked in its place (0: none); Forfeited: a late cancel,
// what the booking took not given back.
type Cancelled struct {
	BookingID, Promoted int64
	Forfeited           bool
}

// Cancel cancels the member's booking by the course's rules, gives back
// what it consumed (not after the deadline, where the course allows late
// cancels: rules.CancelLate forfeits it) and frees its seat; before the
// cancellation deadline,
// in the same transaction, the first waiting member whose entitlement
// still covers the class is booked into it (the ones before who no longer
// qualify are skipped and told why).
func (f *Flows) Cancel(ctx context.Context, w Who, bookingID int64) (*Cancelled, error) {
	now := f.Now()
	var out *Cancelled
	var mails []data.Notice
	promotes := func(s *data.SessionInfo) bool {
		return w.Brand.ModuleSet().Has(data.ModuleWaitingList) && s.PromotesAt(now)
	}
	err := f.DB.InTx(ctx, func(t *data.Tx) error {
		out, mails = &Cancelled{BookingID: bookingID}, nil
		l, err := lockBooking(t, w, bookingID, promotes)
		if err != nil {
			return err
		}
		s, b := l.session, l.booking
		rule := rules.CancelRule(Cancellation(&b.Booking, s.Session), now)
		if !rule.Allowed() {
			return fail(storefront.KindConflict, CancelCode(rule))
		}
		late := rule == rules.CancelLate
		if err := t.Cancel(b, now, late); err != nil {
			return err
		}
		out.Forfeited = late
		notify := w.Brand.ModuleSet().Has(data.ModuleEmailNotification)
		if notify {
			mails = append(mails, cancellation(w, s, b.ID, now, late))
		}
		if promotes(s) {
			promoted, pm, err := f.promote(t, w, l, now)
			if err != nil {
				return err
			}
			out.Promoted = promoted
			if notify {
				mails = append(mails, pm...)
			}
		}
		if err := deliverAll(t, w, mails); err != nil {
			return err
		}
		return t.Finish(nil, 0, "", nil)
	})
	if err != nil {
		return nil, err
	}
	if len(mails) > 0 {
		f.queued()
	}
	return out, nil
}

// promote books the first eligible waiting member into the freed seat of
// l's session, skipping (and telling) the ones before who no longer
// qualify. It returns the new booking (0: nobody) and the mails to send.
func (f *Flows) promote(t *data.Tx, w Who, l *locked, now time.Time) (int64, []data.Notice, error) {
	s := l.session
	var mails []data.Notice
	for _, wt := range l.waiters {
		u := l.members[wt.UserID]
		reason := ""
		var held *data.Held
		var use rules.Use
		switch {
		case u == nil:
			reason = storefront.TextSkipMemberGone
		case s.NeedsVerifiedEmail && !u.EmailVerified:
			reason = storefront.TextSkipEmailUnverified
		default:
			st, err := t.Standing(u.ID, s.ScheduleID, s.Start, s.End)
			if err != nil {
				return 0, nil, err
			}
			if st.Live != 0 {
				reason = storefront.TextSkipBooked
				break
			}
			if st.Clash {
				reason = storefront.TextSkipClash
				break
			}
			if err := refuseFrozen(t, u.ID, s); err != nil {
				if storefront.AsError(err).Code != storefront.CodeFrozen {
					return 0, nil, err
				}
				reason = storefront.TextSkipFrozen
				break
			}
			if err := refuseSuspended(t, w.Brand.ID, u.ID, now); err != nil {
				if storefront.AsError(err).Code != storefront.CodeBookingSuspended {
					return 0, nil, err
				}
				reason = storefront.TextSkipSuspended
				break
			}
			hs, err := t.Holdings(u.ID, s.StoreID, rules.Day(now))
			if err != nil {
				return 0, nil, err
			}
			held, use, err = pay(hs, s, nil)
			if err != nil {
				e := storefront.AsError(err)
				if e.Kind == storefront.KindInternal || e.Kind == storefront.KindUnavailable {
					return 0, nil, err
				}
				reason = storefront.TextSkipNoEntitlement
			}
		}
		if reason != "" {
			if err := t.EndWait(wt.EntryID, "skipped", reason, 0, now); err != nil {
				return 0, nil, err
			}
			if u != nil {
				mails = append(mails, skipped(Who{Brand: w.Brand, User: u, Shop: w.Shop}, s, reason))
			}
			continue
		}
		ids, err := t.BookingIDs(1)
		if err != nil {
			return 0, nil, err
		}
		id := ids[0]
		t.Record(data.NewBooking{ID: id, UserID: u.ID, Session: s, Held: held, Use: use}, true)
		if err := t.EndWait(wt.EntryID, "promoted", "", id, now); err != nil {
			return 0, nil, err
		}
		if err := t.QueueReminder(w.Brand.ID, u.ID, id, s.Start, now); err != nil {
			return 0, nil, err
		}
		mails = append(mails, promoted(Who{Brand: w.Brand, User: u, Shop: w.Shop}, s, id, now))
		return id, mails, nil
	}
	return 0, mails, nil
}

// CheckIn checks the member in to their booking, within the check-in
// window (module CHECK_IN_BOOKING for the member's own call; the scanner
// needs QR_CHECK_IN). A holding that starts with its first check-in
// (ATTEND) starts on the class day. Checking in twice changes nothing.
func (f *Flows) CheckIn(ctx context.Context, w Who, bookingID int64) (*data.Booking, error) {
	now := f.Now()
	err := f.DB.InTx(ctx, func(t *data.Tx) error {
		l, err := lockBooking(t, w, bookingID, nil)
		if err != nil {
			return err
		}
		s, b := l.session, l.booking
		switch {
		case b.Status == data.BookingCancelled:
			return fail(storefront.KindConflict, storefront.CodeBookingCancelled)
		case b.Status == data.BookingAttended:
			return nil
		case !s.CheckInOpen(now):
			return fail(storefront.KindConflict, storefront.CodeCheckInClosed)
		}
		var starts *rules.Period
		if b.Held != nil {
			h, err := t.HoldingTerms(w.User.ID, s.StoreID, b.Held)
			if err != nil && storefront.ErrorKind(err) != storefront.KindInvalid {
				return err
			}
			if h != nil {
				if p, ok := rules.AttendStarts(h.Entitlement, s.Day()); ok {
					starts = &p
				}
			}
		}
		return t.CheckIn(b, now, starts)
	})
	if err != nil {
		return nil, err
	}
	return f.DB.Booking(ctx, w.User.ID, bookingID)
}

// CheckInNow checks the member in to their booking of scheduleID, or (0)
// to the one whose check-in window is open now: the studio scanner's
// call, after it verified the member's QR token.
func (f *Flows) CheckInNow(ctx context.Context, w Who, scheduleID int64) (*data.Booking, error) {
	now := f.Now()
	bs, err := f.DB.MemberBookings(ctx, w.User.ID, now.Add(-rules.CheckInAfter))
	if err != nil {
		return nil, err
	}
	for _, b := range bs {
		if b.Status == data.BookingCancelled || (scheduleID != 0 && b.ScheduleID != scheduleID) {
			continue
		}
		if scheduleID != 0 || (rules.Session{Start: b.StartsAt}).CheckInOpen(now) {
			return f.CheckIn(ctx, w, b.ID)
		}
	}
	if scheduleID != 0 {
		return nil, fail(storefront.KindNotFound, storefront.CodeBookingNotFound)
	}
	return nil, fail(storefront.KindConflict, storefront.CodeCheckInClosed)
}

// Join puts the member on the full session's waiting list (module
// WAITING_LIST) when something they hold could pay for it, and mails them
// their place (module EMAIL_NOTIFICATION) in the same transaction; a
// second join changes nothing and mails nothing.
func (f *Flows) Join(ctx context.Context, w Who, scheduleID int64) (*data.WaitingPlace, error) {
	if !w.Brand.ModuleSet().Has(data.ModuleWaitingList) {
		return nil, storefront.ModuleClosed(storefront.TextFeatureWaitingList)
	}
	now := f.Now()
	var place *data.WaitingPlace
	var mails []data.Notice
	err := f.DB.InTx(ctx, func(t *data.Tx) error {
		mails = nil
		ss, err := t.LockSessions(w.Brand.ID, []int64{scheduleID})
		if err != nil {
			return err
		}
		s := &ss[0]
		if err := sold(w.Brand.ModuleSet(), s); err != nil {
			return err
		}
		if id, err := t.LiveBooking(w.User.ID, scheduleID); err != nil || id != 0 {
			if err == nil {
				err = fail(storefront.KindConflict, storefront.CodeAlreadyBooked)
			}
			return err
		}
		switch {
		case s.NeedsVerifiedEmail && !w.User.EmailVerified:
			return fail(storefront.KindForbidden, storefront.CodeEmailNotVerified)
		case !s.PromotesAt(now) || !s.BookableAt(now):
			return fail(storefront.KindConflict, storefront.CodeBookingClosed)
		case s.Booked < s.Capacity:
			return fail(storefront.KindConflict, storefront.CodeNotFull)
		}
		if err := refuseFrozen(t, w.User.ID, s); err != nil {
			return err
		}
		if err := refuseSuspended(t, w.Brand.ID, w.User.ID, now); err != nil {
			return err
		}
		hs, err := t.Holdings(w.User.ID, s.StoreID, rules.Day(now))
		if err != nil {
			return err
		}
		if opts := options(hs, s.Session); len(opts) == 0 || opts[0].Refusal != rules.PayOK {
			return fail(storefront.KindConflict, storefront.CodeNoEntitlement)
		}
		joined, err := t.Wait(w.Brand.ID, w.User.ID, scheduleID, now)
		if err != nil {
			return err
		}
		if place, err = t.WaitingPlace(w.User.ID, scheduleID); err != nil {
			return err
		}
		if joined && w.Brand.ModuleSet().Has(data.ModuleEmailNotification) {
			mails = append(mails, waiting(w, s, place.Position))
		}
		if err := deliverAll(t, w, mails); err != nil {
			return err
		}
		return t.Finish(nil, 0, "", nil)
	})
	if err == nil && len(mails) > 0 {
		f.queued()
	}
	return place, err
}

// refuseFrozen refuses a session on a day the member's membership is
// frozen (an approved freeze: members.Flows.DecideFreeze).
func refuseFrozen(t *data.Tx, userID int64, s *data.SessionInfo) error {
	frozen, err := t.Frozen(userID, rules.DayOf(s.Start).String())
	if err == nil && frozen {
		err = fail(storefront.KindConflict, storefront.CodeFrozen)
	}
	return err
}

// refuseSuspended refuses online booking while the member's late cancels
// and no-shows suspend it (rules.Suspended), saying why and until when.
func refuseSuspended(t *data.Tx, brandID string, userID int64, now time.Time) error {
	p, s, err := t.Suspension(brandID, userID, now)
	if err != nil {
		return err
	}
	return suspended(p, s)
}

// suspended is the refusal of suspension s by rule p (nil: none).
func suspended(p rules.StrikePolicy, s *rules.Suspension) error {
	if s == nil {
		return nil
	}
	return &storefront.Error{Kind: storefront.KindConflict, Code: storefront.CodeBookingSuspended,
		Message: SuspensionText(p, s)}
}

// SuspensionText says why the member's online booking is suspended and
// until when.
func SuspensionText(p rules.StrikePolicy, s *rules.Suspension) string {
	return storefront.TextSuspended(p.Strikes, p.WithinDays, dayTime(s.Until))
}

// MarkNoShows marks the bookings not checked in by the end of their class
// as no-shows, where the course counts them (rules.NoShow), and returns
// how many. Repeatable, and several hosts may run it at once: each
// booking is marked once.
func (f *Flows) MarkNoShows(ctx context.Context) (int64, error) {
	return f.DB.MarkNoShows(ctx, f.Now())
}

// Leave takes the member off the session's waiting list.
func (f *Flows) Leave(ctx context.Context, w Who, scheduleID int64) (*data.WaitingPlace, error) {
	var place *data.WaitingPlace
	err := f.DB.InTx(ctx, func(t *data.Tx) error {
		if err := t.Leave(w.User.ID, scheduleID, f.Now()); err != nil {
			return err
		}
		var err error
		place, err = t.WaitingPlace(w.User.ID, scheduleID)
		return err
	})
	return place, err
}

// EventOf is booking b at brand as a calendar event; its location is the
// store's name and street address ("森活運動館 信義店, 台北市信義區松高路 1 號"),
// which a calendar's map can find.
func EventOf(b *data.Booking, brand *data.Brand, shopHome string) Event {
	e := Event{
		UID:   fmt.Sprintf("booking-%d-%s@storefront", b.ID, brand.ID),
		Title: b.CourseName, Start: b.StartsAt, End: b.EndsAt,
		Location:  b.StoreName,
		Cancelled: b.Status == data.BookingCancelled,
		URL:       shopHome + "user/booking",
	}
	for _, st := range brand.Stores {
		if st.ID == b.StoreID && st.Address != "" {
			e.Location = b.StoreName + ", " + st.Address
		}
	}
	if b.CoachName != "" {
		e.Description = storefront.TextCoach + b.CoachName
	}
	if e.Cancelled {
		e.Sequence = 1
	}
	return e
}

// sessionEvent is booking id of s as the calendar sees it.
func sessionEvent(s *data.SessionInfo, id int64) *data.Booking {
	return &data.Booking{ID: id, CourseName: s.CourseName, CoachName: s.TeacherName, StoreID: s.StoreID, StoreName: s.StoreName,
		StartsAt: s.Start, EndsAt: s.End, Status: data.BookingBooked}
}

// when is a session's time as a mail says it: 2026/12/01（二）19:00–20:00.
func when(s *data.SessionInfo) string {
	return dayTime(s.Start) + "–" + s.End.In(rules.Taipei).Format("15:04")
}

// dayTime is a moment as a mail says it: 2026/12/01（二）19:00.
func dayTime(t time.Time) string {
	t = t.In(rules.Taipei)
	return storefront.TextDate(t) + t.Format("15:04")
}

func classLine(s *data.SessionInfo) string {
	return storefront.TextClassLine(s.CourseName, when(s), s.StoreName, s.TeacherName)
}

// notice is a booking notification of kind (data.Notify*; "": mailed
// whatever the member chose) about booking id: its mail and its LINE
// text.
func notice(w Who, kind string, id int64, title, intro string) data.Notice {
	m := mail.BookingNotice(w.Shop, w.User.Email, w.User.Name, title, intro, w.Shop.Home+"user/booking")
	return data.Notice{Kind: kind, Key: strconv.FormatInt(id, 10), Line: m.Line,
		Mail: data.Mail{To: m.To, FromName: m.FromName, Subject: m.Subject, Text: m.Text, HTML: m.HTML, UserID: w.User.ID,
			Unsubscribe: w.Shop.Unsubscribe}}
}

// withICS attaches the booking's calendar file to n's mail.
func withICS(n data.Notice, w Who, s *data.SessionInfo, id int64, now time.Time, cancelled bool) data.Notice {
	b := sessionEvent(s, id)
	if cancelled {
		b.Status = data.BookingCancelled
	}
	n.Mail.Attachment = data.Attachment{Name: "booking.ics", ContentType: "text/calendar; charset=utf-8",
		Content: ICS(EventOf(b, w.Brand, w.Shop.Home), now)}
	return n
}

// confirmation is a booking's mail: the class, the cancellation rule it
// keeps (paidByOrder: a seat bought at checkout) and its calendar file.
func confirmation(w Who, s *data.SessionInfo, id int64, now time.Time, paidByOrder bool) data.Notice {
	m := notice(w, data.NotifyBooked, id, storefront.TextBookedTitle, storefront.TextBookedIntro+classLine(s)+cancelPolicy(s, now, paidByOrder)+storefront.TextBookedICS)
	return withICS(m, w, s, id, now, false)
}

// cancelPolicy says until when a booking of s made at now can be
// cancelled online, or why it cannot (rules.CancelRule).
func cancelPolicy(s *data.SessionInfo, now time.Time, paidByOrder bool) string {
	switch rules.CancelRule(rules.Cancellation{Status: data.BookingBooked, BoughtOnline: paidByOrder, Session: s.Session}, now) {
	case rules.CancelOK:
		if s.LateCancel {
			return storefront.TextLateCancelUntil(dayTime(s.CancelDeadline()))
		}
		return storefront.TextCancelUntil(dayTime(s.CancelDeadline()))
	case rules.CancelLate:
		return storefront.TextNoCancelForfeit
	case rules.CancelBoughtOnline:
		return storefront.TextNoCancelBought
	case rules.CancelCoachClass:
		return storefront.TextNoCancelCoach
	}
	return storefront.TextNoCancelLate
}

// waiting tells the member their place on the full session's waiting list.
func waiting(w Who, s *data.SessionInfo, position int) data.Notice {
	return notice(w, "", s.ScheduleID, storefront.TextWaitingTitle, storefront.TextWaitingIntro(position)+classLine(s))
}

func cancellation(w Who, s *data.SessionInfo, id int64, now time.Time, late bool) data.Notice {
	intro := storefront.TextCancelledIntro
	if late {
		intro = storefront.TextLateCancelledIntro
	}
	m := notice(w, data.NotifyCancelled, id, storefront.TextCancelledTitle, intro+classLine(s))
	return withICS(m, w, s, id, now, true)
}

func promoted(w Who, s *data.SessionInfo, id int64, now time.Time) data.Notice {
	m := notice(w, data.NotifyPromoted, id, storefront.TextPromotedTitle, storefront.TextPromotedIntro+classLine(s)+cancelPolicy(s, now, false))
	return withICS(m, w, s, id, now, false)
}

func skipped(w Who, s *data.SessionInfo, reason string) data.Notice {
	return notice(w, "", s.ScheduleID, storefront.TextSkippedTitle, storefront.TextSkippedIntro(reason)+classLine(s))
}

// locked is what a use case on a booking locked.
type locked struct {
	session *data.SessionInfo
	booking *data.BookingRow
	waiters []data.Waiter        // the session's waiting list, in order
	members map[int64]*data.User // the member and those waiting (not deleted)
}

// lockBooking locks the member's booking in the order of data.Tx:
// its session and, when waiting says so, the session's waiting list; the
// member with those waiting; the booking.
func lockBooking(t *data.Tx, w Who, bookingID int64, waiting func(*data.SessionInfo) bool) (*locked, error) {
	sid, err := t.BookingSession(w.User.ID, bookingID)
	if err != nil {
		return nil, err
	}
	ss, err := t.LockSessions(w.Brand.ID, []int64{sid})
	if err != nil {
		return nil, fail(storefront.KindNotFound, storefront.CodeBookingNotFound)
	}
	l := &locked{session: &ss[0]}
	ids := []int64{w.User.ID}
	if waiting != nil && waiting(l.session) {
		if l.waiters, err = t.Waiters(sid); err != nil {
			return nil, err
		}
		for _, wt := range l.waiters {
			ids = append(ids, wt.UserID)
		}
	}
	if l.members, err = t.LockMembers(w.Brand.ID, ids); err != nil {
		return nil, err
	}
	if l.booking, err = t.LockBooking(w.User.ID, bookingID); err != nil {
		return nil, err
	}
	return l, nil
}
