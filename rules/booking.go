package rules

import (
	"cmp"
	"slices"
	"strings"
	"time"
)

// The booking rules: which entitlement a member holds can pay
// for a class session and what it costs, the best one to preselect, the
// booking, cancellation and check-in windows, and how a holding's first
// use starts its validity. Pure: the clock is passed in.

// Units of what a booking consumes.
const (
	UnitVisit  = "visit"
	UnitPoint  = "point"
	UnitHour   = "hour"
	UnitMinute = "minute"
	UnitNone   = "none"
)

// Kinds of entitlement (data.PayPasscard, PayTicket, PayTiming).
const (
	KindPasscard = "passcard"
	KindTicket   = "ticket"
	KindTiming   = "timing"
)

// Check-in window: from CheckInBefore before a session starts until
// CheckInAfter after.
const (
	CheckInBefore = time.Hour
	CheckInAfter  = 30 * time.Minute
)

// Session is what the rules need of a class session and its course.
type Session struct {
	Start, End   time.Time
	PrivateCoach bool
	// what one session costs: PointsCost points, HoursCost hours (0: that
	// kind cannot pay), a visit of a count or package ticket when
	// CountAllowed, nothing from a passcard when PasscardAllowed, the
	// session's minutes from a timing card when TimingAllowed
	PointsCost, HoursCost                        int
	CountAllowed, PasscardAllowed, TimingAllowed bool
	// booking opens OpensHours before the start and closes ClosesMinutes
	// before; online cancelling ends CancelHours before
	OpensHours, ClosesMinutes, CancelHours int
	// LateCancel: after the deadline a member may still cancel online
	// until the start, the entitlement forfeited (rules/policy.go)
	LateCancel bool
}

// Day is the session's Taipei day.
func (s Session) Day() TaipeiDay { return DayOf(s.Start) }

// Minutes is the session's length.
func (s Session) Minutes() int { return int(s.End.Sub(s.Start) / time.Minute) }

// BookingWindow is when the session can be booked: from opens until
// closes (exclusive).
func (s Session) BookingWindow() (opens, closes time.Time) {
	return s.Start.Add(-time.Duration(s.OpensHours) * time.Hour), s.Start.Add(-time.Duration(s.ClosesMinutes) * time.Minute)
}

// BookableAt reports whether now is inside the booking window.
func (s Session) BookableAt(now time.Time) bool {
	opens, closes := s.BookingWindow()
	return !now.Before(opens) && now.Before(closes)
}

// CancelDeadline is the last moment a booking of the session may be
// cancelled online, and a freed seat given to the waiting list.
func (s Session) CancelDeadline() time.Time {
	return s.Start.Add(-time.Duration(s.CancelHours) * time.Hour)
}

// CheckInOpen reports whether now is inside the check-in window.
func (s Session) CheckInOpen(now time.Time) bool {
	return !now.Before(s.Start.Add(-CheckInBefore)) && !now.After(s.Start.Add(CheckInAfter))
}

// PromotesAt reports whether a seat freed at now goes to the waiting
// list: only before the cancellation deadline (after it the seat stays
// free for direct booking).
func (s Session) PromotesAt(now time.Time) bool { return now.Before(s.CancelDeadline()) }

// Entitlement is what the rules need of one holding of a member.
type Entitlement struct {
	Kind       string // KindPasscard, KindTicket or KindTiming
	ID         int64
	TicketType string // tickets
	Remain     int    // visits, points, hours or minutes left (tickets, timing cards)
	// the holding's terms and dates (spec section 4): StartsOn zero until
	// it is activated; EndsOn zero: no end
	StartType        string
	StartsOn, EndsOn TaipeiDay
	ValidityValue    int
	ValidityUnit     string
	Available        bool // timing cards: not suspended by the studio
	UsableAtStore    bool // the item may be used at the session's store
}

// Refusal says why an entitlement cannot pay for a session.
type Refusal int

const (
	PayOK          Refusal = iota
	RefuseKind             // this kind of entitlement cannot pay for this course
	RefuseStore            // not usable at the session's store
	RefuseValidity         // the class is outside its validity (-60000006)
	RefuseRemain           // not enough left
	RefuseInactive         // a timing card not active or suspended
)

// Use is what paying for a session with an entitlement would do.
type Use struct {
	Cost    int
	Unit    string
	Refusal Refusal
	// Activates: this booking starts the holding's validity (start type
	// BOOKING: its first booked class, or a class before the one that
	// started it); Period is then its new period.
	Activates bool
	Period    Period
}

// PayUnit is the unit of what a booking paid by kind took: visits of a
// count or package ticket, points, hours, a timing card's minutes, or
// nothing (a passcard, a seat bought at checkout).
func PayUnit(kind, ticketType string) string {
	switch kind {
	case KindTiming:
		return UnitMinute
	case KindTicket:
		switch TicketKind(ticketType) {
		case TicketKindPoint:
			return UnitPoint
		case TicketKindHour:
			return UnitHour
		}
		return UnitVisit
	}
	return UnitNone
}

// IsPrivateTicket reports whether a ticket type is a private-coach variant.
func IsPrivateTicket(ticketType string) bool { return strings.HasPrefix(ticketType, "private") }

// PayFor works out what e would pay for s: the cost, or why it cannot pay.
// Private-coach sessions take the private-coach ticket variants only, and
// those variants pay for private-coach sessions only; a passcard pays when
// valid on the class day; a quantity passcard is a count ticket.
func PayFor(e Entitlement, s Session) Use {
	u := payKind(e, s)
	if u.Refusal != PayOK {
		return u
	}
	if e.Kind == KindTiming && (!e.Available || e.StartsOn.IsZero()) {
		u.Refusal = RefuseInactive
		return u
	}
	var ok bool
	u.Activates, u.Period, ok = CoversClass(e, s.Day())
	if !ok {
		u.Refusal = RefuseValidity
		return u
	}
	if short(e, u) {
		u.Refusal = RefuseRemain
	}
	return u
}

// PurchasePays says whether e, an entitlement as buying it gives it (not
// started yet), could pay for s: its kind, its stores and what it grants;
// its validity is the one the purchase starts.
func PurchasePays(e Entitlement, s Session) Refusal {
	u := payKind(e, s)
	if u.Refusal == PayOK && short(e, u) {
		u.Refusal = RefuseRemain
	}
	return u.Refusal
}

// payKind is what e's kind would pay for s, refused when that kind cannot
// pay for s or e is not usable at its store.
func payKind(e Entitlement, s Session) Use {
	u := Use{Unit: PayUnit(e.Kind, e.TicketType)}
	switch e.Kind {
	case KindPasscard:
		if !s.PasscardAllowed || s.PrivateCoach {
			u.Refusal = RefuseKind
		}
	case KindTicket:
		if IsPrivateTicket(e.TicketType) != s.PrivateCoach {
			u.Refusal = RefuseKind
			break
		}
		switch TicketKind(e.TicketType) {
		case TicketKindPoint:
			u.Cost = s.PointsCost
		case TicketKindHour:
			u.Cost = s.HoursCost
		case TicketKindCount, TicketKindPackage:
			if s.CountAllowed {
				u.Cost = 1
			}
		}
		if u.Cost == 0 {
			u.Refusal = RefuseKind
		}
	case KindTiming:
		u.Cost = s.Minutes()
		if !s.TimingAllowed || s.PrivateCoach {
			u.Refusal = RefuseKind
		}
	default:
		u.Refusal = RefuseKind
	}
	if u.Refusal == PayOK && !e.UsableAtStore {
		u.Refusal = RefuseStore
	}
	return u
}

// short reports whether e has less left than u costs (a passcard costs nothing).
func short(e Entitlement, u Use) bool { return e.Remain < u.Cost && e.Kind != KindPasscard }

// CoversClass reports whether e is valid for a class on day, and whether
// booking it starts e's validity (then period is the new one).
//
//	started 2026-11-01 .. 2026-11-30, class 2026-11-30 -> covered
//	started 2026-11-01 .. 2026-11-30, class 2026-12-01 -> not covered (-60000006)
//	BOOKING 1M not started, class 2026-12-15          -> starts: 2026-12-15 .. 2027-01-14
//	BOOKING 1M started 2026-12-15 by a booking, class 2026-12-10
//	                                                  -> starts again: 2026-12-10 .. 2027-01-09
//	ATTEND not started                                -> covered; the first check-in starts it
func CoversClass(e Entitlement, day TaipeiDay) (activates bool, period Period, ok bool) {
	if e.StartType == StartBooking && (e.StartsOn.IsZero() || day.Before(e.StartsOn)) {
		p := PeriodOf(Holding{StartType: StartBooking, FirstUse: day, ValidityValue: e.ValidityValue, ValidityUnit: e.ValidityUnit})
		if e.ValidityValue == 0 {
			p.End = e.EndsOn
		}
		return true, p, p.Covers(day)
	}
	if e.StartType == StartAttend && !e.StartsOn.IsZero() && day.Before(e.StartsOn) {
		// set to start by itself later (ACH): usable before, its first
		// check-in starts it (AttendStarts)
		return false, Period{}, true
	}
	if e.StartsOn.IsZero() {
		if e.StartType == StartAttend {
			return false, Period{}, true
		}
		return false, Period{}, !e.EndsOn.IsZero() && !day.After(e.EndsOn)
	}
	p := Period{Active: true, Start: e.StartsOn, End: e.EndsOn}
	return false, p, p.Covers(day)
}

// AttendStarts is the period an ATTEND holding starts with its first
// check-in to a class on day; ok is false when it has started already (a
// start set for a later day, as an ACH purchase's, yields to an earlier
// check-in).
func AttendStarts(e Entitlement, day TaipeiDay) (Period, bool) {
	if e.StartType != StartAttend || (!e.StartsOn.IsZero() && !day.Before(e.StartsOn)) {
		return Period{}, false
	}
	return PeriodOf(Holding{StartType: StartAttend, FirstUse: day, ValidityValue: e.ValidityValue, ValidityUnit: e.ValidityUnit}), true
}

// Option is an entitlement with what it would pay.
type Option struct {
	Entitlement
	Use
}

// kindRank orders the kinds for Best: a passcard costs nothing, then a
// visit of a count or package card, hours, points, a timing card's minutes.
func kindRank(o Option) int {
	switch {
	case o.Kind == KindPasscard:
		return 0
	case o.Kind == KindTiming:
		return 4
	}
	switch TicketKind(o.TicketType) {
	case TicketKindCount, TicketKindPackage:
		return 1
	case TicketKindHour:
		return 2
	}
	return 3
}

// Best is the index of the option to preselect among the usable ones, -1
// when none can pay: the cheapest kind (passcard, count, hour, point,
// timing card), then one already started before one this booking would
// start, then the one that ends soonest (use it before it expires; no end
// last), then the oldest.
func Best(opts []Option) int {
	best := -1
	for i, o := range opts {
		if o.Refusal != PayOK {
			continue
		}
		if best < 0 || compareOptions(o, opts[best]) < 0 {
			best = i
		}
	}
	return best
}

func compareOptions(a, b Option) int {
	if c := cmp.Compare(kindRank(a), kindRank(b)); c != 0 {
		return c
	}
	if a.Activates != b.Activates { // keep a holding not started for later
		if b.Activates {
			return -1
		}
		return 1
	}
	ae, be := a.Period.End, b.Period.End
	if ae.IsZero() {
		ae = a.EndsOn
	}
	if be.IsZero() {
		be = b.EndsOn
	}
	switch {
	case ae.IsZero() && !be.IsZero():
		return 1
	case !ae.IsZero() && be.IsZero():
		return -1
	case ae.Before(be):
		return -1
	case be.Before(ae):
		return 1
	}
	return cmp.Compare(a.ID, b.ID)
}

// SortOptions puts the usable options first, best first, the rest after.
func SortOptions(opts []Option) {
	slices.SortStableFunc(opts, func(a, b Option) int {
		if (a.Refusal == PayOK) != (b.Refusal == PayOK) {
			if a.Refusal == PayOK {
				return -1
			}
			return 1
		}
		return compareOptions(a, b)
	})
}

// CancelReason says why a booking cannot be cancelled online.
type CancelReason int

const (
	CancelOK               CancelReason = iota
	CancelAlreadyCancelled              // -60000007
	CancelCheckedIn                     // -60000011
	CancelBoughtOnline                  // -60000008
	CancelCoachClass                    // -60000010
	CancelStarted                       // -60000012: the class has begun
	CancelPastDeadline                  // -60000009
	// CancelLate: past the deadline, allowed by the course's late-cancel
	// policy with the entitlement forfeited (not given back)
	CancelLate
)

// Allowed reports whether the member may cancel online (perhaps late).
func (r CancelReason) Allowed() bool { return r == CancelOK || r == CancelLate }

// Cancellation is what the cancel rule needs of a booking.
type Cancellation struct {
	Status       string // booked, cancelled, attended
	BoughtOnline bool   // a seat bought by checkout
	Session      Session
}

// CancelRule says whether a booking may be cancelled online at now, the
// first rule that forbids it in this order: already cancelled, checked
// in, bought online, a private-coach class, begun, past the deadline
// (CancelLate instead when the course allows late cancels).
func CancelRule(c Cancellation, now time.Time) CancelReason {
	switch {
	case c.Status == "cancelled":
		return CancelAlreadyCancelled
	case c.Status == "attended":
		return CancelCheckedIn
	case c.BoughtOnline:
		return CancelBoughtOnline
	case c.Session.PrivateCoach:
		return CancelCoachClass
	case !now.Before(c.Session.Start):
		return CancelStarted
	case now.After(c.Session.CancelDeadline()) && c.Session.LateCancel:
		return CancelLate
	case now.After(c.Session.CancelDeadline()):
		return CancelPastDeadline
	}
	return CancelOK
}

// Overlaps reports whether two sessions share any time.
func Overlaps(aStart, aEnd, bStart, bEnd time.Time) bool {
	return aStart.Before(bEnd) && bStart.Before(aEnd)
}
