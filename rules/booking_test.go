package rules

import (
	"testing"
	"time"
)

// at is a Taipei wall-clock time.
func at(t *testing.T, s string) time.Time {
	t.Helper()
	v, err := time.ParseInLocation("2006-01-02 15:04", s, Taipei)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

func session(t *testing.T, start string, minutes int) Session {
	s := at(t, start)
	return Session{Start: s, End: s.Add(time.Duration(minutes) * time.Minute), PointsCost: 100, CountAllowed: true,
		PasscardAllowed: true, OpensHours: 336, ClosesMinutes: 30, CancelHours: 12}
}

func TestPayFor(t *testing.T) {
	none := TaipeiDay{}
	for _, c := range []struct {
		name    string
		e       Entitlement
		private bool
		hours   int
		timing  bool
		class   string // Taipei start, 60 minutes
		cost    int
		unit    string
		refusal Refusal
		starts  string // the period a first booking starts ("": none)
	}{
		{name: "a passcard valid that day costs nothing", e: Entitlement{Kind: KindPasscard, StartType: StartImmediately, StartsOn: day(t, "2026-11-01"), EndsOn: day(t, "2026-11-30")}, private: false, hours: 0, timing: false, class: "2026-11-30 19:00", cost: 0, unit: UnitNone, refusal: PayOK, starts: ""},
		{name: "a passcard ended the day before: -60000006", e: Entitlement{Kind: KindPasscard, StartType: StartImmediately, StartsOn: day(t, "2026-11-01"), EndsOn: day(t, "2026-11-30")}, private: false, hours: 0, timing: false, class: "2026-12-01 07:00", cost: 0, unit: UnitNone, refusal: RefuseValidity, starts: ""},
		{name: "Taiwan time: 00:30 on Dec 1 in Taipei is Nov 30 in UTC, still outside", e: Entitlement{Kind: KindPasscard, StartType: StartImmediately, StartsOn: day(t, "2026-11-01"), EndsOn: day(t, "2026-11-30")}, private: false, hours: 0, timing: false, class: "2026-12-01 00:30", cost: 0, unit: UnitNone, refusal: RefuseValidity, starts: ""},
		{name: "Taiwan time: 23:30 on Nov 30 in Taipei is inside", e: Entitlement{Kind: KindPasscard, StartType: StartImmediately, StartsOn: day(t, "2026-11-01"), EndsOn: day(t, "2026-11-30")}, private: false, hours: 0, timing: false, class: "2026-11-30 23:30", cost: 0, unit: UnitNone, refusal: PayOK, starts: ""},
		{name: "a passcard not started yet: before its start", e: Entitlement{Kind: KindPasscard, StartType: StartCustom, StartsOn: day(t, "2026-12-10"), EndsOn: day(t, "2026-12-16")}, private: false, hours: 0, timing: false, class: "2026-12-09 10:00", cost: 0, unit: UnitNone, refusal: RefuseValidity, starts: ""},
		{name: "BOOKING 1M not started: the class day starts it, over the year end", e: Entitlement{Kind: KindPasscard, StartType: StartBooking, ValidityValue: 1, ValidityUnit: "M"}, private: false, hours: 0, timing: false, class: "2026-12-31 10:00", cost: 0, unit: UnitNone, refusal: PayOK, starts: "2026-12-31..2027-01-30"},
		{name: "BOOKING 1M from Jan 31 runs to February's last day", e: Entitlement{Kind: KindPasscard, StartType: StartBooking, ValidityValue: 1, ValidityUnit: "M"}, private: false, hours: 0, timing: false, class: "2027-01-31 10:00", cost: 0, unit: UnitNone, refusal: PayOK, starts: "2027-01-31..2027-02-28"},
		{name: "BOOKING 1M from Jan 31 of a leap year runs to Feb 29", e: Entitlement{Kind: KindPasscard, StartType: StartBooking, ValidityValue: 1, ValidityUnit: "M"}, private: false, hours: 0, timing: false, class: "2028-01-31 10:00", cost: 0, unit: UnitNone, refusal: PayOK, starts: "2028-01-31..2028-02-29"},
		{name: "BOOKING 1Y from a leap day", e: Entitlement{Kind: KindTicket, TicketType: "count", Remain: 3, StartType: StartBooking, ValidityValue: 1, ValidityUnit: "Y"}, private: false, hours: 0, timing: false, class: "2028-02-29 10:00", cost: 1, unit: UnitVisit, refusal: PayOK, starts: "2028-02-29..2029-02-28"},
		{name: "BOOKING started by a later class: an earlier class starts it again", e: Entitlement{Kind: KindPasscard, StartType: StartBooking, StartsOn: day(t, "2026-12-15"), EndsOn: day(t, "2027-01-14"), ValidityValue: 1, ValidityUnit: "M"}, private: false, hours: 0, timing: false, class: "2026-12-10 10:00", cost: 0, unit: UnitNone, refusal: PayOK, starts: "2026-12-10..2027-01-09"},
		{name: "BOOKING started: a class after its end is refused", e: Entitlement{Kind: KindPasscard, StartType: StartBooking, StartsOn: day(t, "2026-12-15"), EndsOn: day(t, "2027-01-14"), ValidityValue: 1, ValidityUnit: "M"}, private: false, hours: 0, timing: false, class: "2027-01-15 10:00", cost: 0, unit: UnitNone, refusal: RefuseValidity, starts: ""},
		{name: "ATTEND not started: any class, the check-in starts it", e: Entitlement{Kind: KindPasscard, StartType: StartAttend, ValidityValue: 1, ValidityUnit: "W"}, private: false, hours: 0, timing: false, class: "2027-03-01 10:00", cost: 0, unit: UnitNone, refusal: PayOK, starts: ""},
		{name: "a point ticket pays the course's points", e: Entitlement{Kind: KindTicket, TicketType: "onlinePoint", Remain: 640, StartType: StartImmediately, StartsOn: day(t, "2026-09-01"), EndsOn: day(t, "2027-08-31")}, private: false, hours: 0, timing: false, class: "2026-12-01 10:00", cost: 100, unit: UnitPoint, refusal: PayOK, starts: ""},
		{name: "a point ticket short of points", e: Entitlement{Kind: KindTicket, TicketType: "couponPoint", Remain: 99, StartType: StartImmediately, StartsOn: day(t, "2026-09-01")}, private: false, hours: 0, timing: false, class: "2026-12-01 10:00", cost: 100, unit: UnitPoint, refusal: RefuseRemain, starts: ""},
		{name: "a count ticket used up", e: Entitlement{Kind: KindTicket, TicketType: "count", Remain: 0, StartType: StartImmediately, StartsOn: day(t, "2026-09-01")}, private: false, hours: 0, timing: false, class: "2026-12-01 10:00", cost: 1, unit: UnitVisit, refusal: RefuseRemain, starts: ""},
		{name: "a package ticket pays a visit", e: Entitlement{Kind: KindTicket, TicketType: "package", Remain: 2, StartType: StartImmediately, StartsOn: day(t, "2026-09-01")}, private: false, hours: 0, timing: false, class: "2026-12-01 10:00", cost: 1, unit: UnitVisit, refusal: PayOK, starts: ""},
		{name: "an hour ticket where the course takes none", e: Entitlement{Kind: KindTicket, TicketType: "hour", Remain: 5, StartType: StartImmediately, StartsOn: day(t, "2026-09-01")}, private: false, hours: 0, timing: false, class: "2026-12-01 10:00", cost: 0, unit: UnitHour, refusal: RefuseKind, starts: ""},
		{name: "an hour ticket pays the course's hours", e: Entitlement{Kind: KindTicket, TicketType: "couponHour", Remain: 5, StartType: StartImmediately, StartsOn: day(t, "2026-09-01")}, private: false, hours: 2, timing: false, class: "2026-12-01 10:00", cost: 2, unit: UnitHour, refusal: PayOK, starts: ""},
		{name: "a private-coach ticket on a group class", e: Entitlement{Kind: KindTicket, TicketType: "privateCount", Remain: 5, StartType: StartImmediately, StartsOn: day(t, "2026-09-01")}, private: false, hours: 0, timing: false, class: "2026-12-01 10:00", cost: 0, unit: UnitVisit, refusal: RefuseKind, starts: ""},
		{name: "a private-coach ticket on a private class", e: Entitlement{Kind: KindTicket, TicketType: "privateCouponCount", Remain: 5, StartType: StartImmediately, StartsOn: day(t, "2026-09-01")}, private: true, hours: 0, timing: false, class: "2026-12-01 10:00", cost: 1, unit: UnitVisit, refusal: PayOK, starts: ""},
		{name: "a group ticket on a private class", e: Entitlement{Kind: KindTicket, TicketType: "count", Remain: 5, StartType: StartImmediately, StartsOn: day(t, "2026-09-01")}, private: true, hours: 0, timing: false, class: "2026-12-01 10:00", cost: 0, unit: UnitVisit, refusal: RefuseKind, starts: ""},
		{name: "a passcard on a private class", e: Entitlement{Kind: KindPasscard, StartType: StartImmediately, StartsOn: day(t, "2026-09-01")}, private: true, hours: 0, timing: false, class: "2026-12-01 10:00", cost: 0, unit: UnitNone, refusal: RefuseKind, starts: ""},
		{name: "a timing card pays the session's minutes", e: Entitlement{Kind: KindTiming, Remain: 420, StartsOn: day(t, "2026-11-01"), EndsOn: day(t, "2027-01-31"), Available: true}, private: false, hours: 0, timing: true, class: "2026-12-01 10:00", cost: 60, unit: UnitMinute, refusal: PayOK, starts: ""},
		{name: "a timing card not active", e: Entitlement{Kind: KindTiming, Remain: 1500, StartsOn: none, Available: true}, private: false, hours: 0, timing: true, class: "2026-12-01 10:00", cost: 60, unit: UnitMinute, refusal: RefuseInactive, starts: ""},
		{name: "a timing card where the course takes none", e: Entitlement{Kind: KindTiming, Remain: 420, StartsOn: day(t, "2026-11-01"), Available: true}, private: false, hours: 0, timing: false, class: "2026-12-01 10:00", cost: 60, unit: UnitMinute, refusal: RefuseKind, starts: ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := session(t, c.class, 60)
			s.PrivateCoach, s.HoursCost, s.TimingAllowed = c.private, c.hours, c.timing
			c.e.UsableAtStore = true
			u := PayFor(c.e, s)
			if u.Refusal != c.refusal || (u.Refusal != RefuseKind && u.Cost != c.cost) || u.Unit != c.unit {
				t.Fatalf("PayFor = cost %d %s, refusal %d; want %d %s, %d", u.Cost, u.Unit, u.Refusal, c.cost, c.unit, c.refusal)
			}
			got := ""
			if u.Activates {
				got = u.Period.Start.String() + ".." + u.Period.End.String()
			}
			if got != c.starts {
				t.Errorf("starts %q; want %q", got, c.starts)
			}
		})
	}
	t.Run("an item of another store", func(t *testing.T) {
		e := Entitlement{Kind: KindTicket, TicketType: "count", Remain: 5, StartType: StartImmediately, StartsOn: day(t, "2026-09-01")}
		if u := PayFor(e, session(t, "2026-12-01 10:00", 60)); u.Refusal != RefuseStore {
			t.Errorf("refusal %d; want RefuseStore", u.Refusal)
		}
	})
}

func TestPurchasePays(t *testing.T) {
	for _, c := range []struct {
		name    string
		e       Entitlement
		private bool
		timing  bool
		refusal Refusal
	}{
		{name: "a passcard not started yet pays a group class", e: Entitlement{Kind: KindPasscard, StartType: StartCustom, UsableAtStore: true}, private: false, timing: false, refusal: PayOK},
		{name: "a passcard does not pay a private class", e: Entitlement{Kind: KindPasscard, StartType: StartImmediately, UsableAtStore: true}, private: true, timing: false, refusal: RefuseKind},
		{name: "a count card of 10 visits", e: Entitlement{Kind: KindTicket, TicketType: "count", Remain: 10, StartType: StartBooking, UsableAtStore: true}, private: false, timing: false, refusal: PayOK},
		{name: "points enough for the class", e: Entitlement{Kind: KindTicket, TicketType: "onlinePoint", Remain: 100, StartType: StartImmediately, UsableAtStore: true}, private: false, timing: false, refusal: PayOK},
		{name: "points short of the class", e: Entitlement{Kind: KindTicket, TicketType: "onlinePoint", Remain: 99, StartType: StartImmediately, UsableAtStore: true}, private: false, timing: false, refusal: RefuseRemain},
		{name: "a timing card where the course takes none", e: Entitlement{Kind: KindTiming, Remain: 600, UsableAtStore: true}, private: false, timing: false, refusal: RefuseKind},
		{name: "a timing card not active yet, where the course takes them", e: Entitlement{Kind: KindTiming, Remain: 600, UsableAtStore: true}, private: false, timing: true, refusal: PayOK},
		{name: "an item of another store", e: Entitlement{Kind: KindTicket, TicketType: "count", Remain: 10, StartType: StartImmediately, UsableAtStore: false}, private: false, timing: false, refusal: RefuseStore},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := session(t, "2026-12-01 10:00", 60)
			s.PrivateCoach, s.TimingAllowed = c.private, c.timing
			if got := PurchasePays(c.e, s); got != c.refusal {
				t.Errorf("PurchasePays = %d; want %d", got, c.refusal)
			}
		})
	}
}

func TestAttendStarts(t *testing.T) {
	for _, c := range []struct {
		name, class, want string
		e                 Entitlement
	}{
		{name: "a week from the first check-in on Feb 28 of a leap year", class: "2028-02-28", want: "2028-02-28..2028-03-05", e: Entitlement{StartType: StartAttend, ValidityValue: 1, ValidityUnit: "W"}},
		{name: "three months from Nov 30", class: "2026-11-30", want: "2026-11-30..2027-02-28", e: Entitlement{StartType: StartAttend, ValidityValue: 3, ValidityUnit: "M"}},
		{name: "started already: nothing", class: "2026-12-01", want: "", e: Entitlement{StartType: StartAttend, StartsOn: day(t, "2026-11-01"), ValidityValue: 1, ValidityUnit: "M"}},
		{name: "BOOKING: not a check-in's business", class: "2026-12-01", want: "", e: Entitlement{StartType: StartBooking, ValidityValue: 1, ValidityUnit: "M"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			p, ok := AttendStarts(c.e, day(t, c.class))
			got := ""
			if ok {
				got = p.Start.String() + ".." + p.End.String()
			}
			if got != c.want {
				t.Errorf("AttendStarts = %q; want %q", got, c.want)
			}
		})
	}
}

func TestBest(t *testing.T) {
	ok := func(kind, ticketType string, id int64, ends string) Option {
		o := Option{Entitlement: Entitlement{Kind: kind, TicketType: ticketType, ID: id}}
		if ends != "" {
			o.EndsOn = day(t, ends)
		}
		return o
	}
	refused := ok(KindPasscard, "", 9, "")
	refused.Refusal = RefuseValidity
	starts := ok(KindPasscard, "", 1, "")
	starts.Activates, starts.Period = true, Period{Active: true, Start: day(t, "2026-12-01"), End: day(t, "2026-12-31")}
	for _, c := range []struct {
		name string
		opts []Option
		want int
	}{
		{name: "none", opts: nil, want: -1},
		{name: "only refused ones", opts: []Option{refused}, want: -1},
		{name: "a passcard before a count card", opts: []Option{ok(KindTicket, "count", 1, ""), ok(KindPasscard, "", 2, "")}, want: 1},
		{name: "a refused passcard is passed over", opts: []Option{ok(KindTicket, "onlinePoint", 1, ""), refused}, want: 0},
		{name: "a count card before points", opts: []Option{ok(KindTicket, "point", 1, ""), ok(KindTicket, "couponCount", 2, "")}, want: 1},
		{name: "the card that ends first", opts: []Option{ok(KindTicket, "count", 1, "2027-03-01"), ok(KindTicket, "count", 2, "2027-01-31")}, want: 1},
		{name: "an end before no end", opts: []Option{ok(KindTicket, "count", 1, ""), ok(KindTicket, "count", 2, "2027-01-31")}, want: 1},
		{name: "a timing card last", opts: []Option{ok(KindTiming, "", 1, ""), ok(KindTicket, "point", 2, "")}, want: 1},
		{name: "a started pass before one this booking would start", opts: []Option{starts, ok(KindPasscard, "", 2, "2027-03-01")}, want: 1},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := Best(c.opts); got != c.want {
				t.Errorf("Best = %d; want %d", got, c.want)
			}
		})
	}
}

func TestWindows(t *testing.T) {
	s := session(t, "2026-12-01 19:00", 60) // opens 14 days before, closes 30 minutes before; cancel 12 hours before
	for _, c := range []struct {
		name, now                      string
		bookable, cancellable, checkIn bool
		promotes                       bool
	}{
		{name: "fifteen days before: not open", now: "2026-11-16 18:59", bookable: false, cancellable: true, checkIn: false, promotes: true},
		{name: "fourteen days before: open", now: "2026-11-17 19:00", bookable: true, cancellable: true, checkIn: false, promotes: true},
		{name: "at the cancellation deadline", now: "2026-12-01 07:00", bookable: true, cancellable: true, checkIn: false, promotes: false},
		{name: "a minute past the deadline", now: "2026-12-01 07:01", bookable: true, cancellable: false, checkIn: false, promotes: false},
		{name: "an hour before: check-in opens", now: "2026-12-01 18:00", bookable: true, cancellable: false, checkIn: true, promotes: false},
		{name: "30 minutes before: booking closed", now: "2026-12-01 18:30", bookable: false, cancellable: false, checkIn: true, promotes: false},
		{name: "30 minutes after the start: last check-in", now: "2026-12-01 19:30", bookable: false, cancellable: false, checkIn: true, promotes: false},
		{name: "31 minutes after: check-in closed", now: "2026-12-01 19:31", bookable: false, cancellable: false, checkIn: false, promotes: false},
	} {
		t.Run(c.name, func(t *testing.T) {
			now := at(t, c.now)
			cancel := CancelRule(Cancellation{Status: "booked", Session: s}, now) == CancelOK
			if s.BookableAt(now) != c.bookable || cancel != c.cancellable || s.CheckInOpen(now) != c.checkIn || s.PromotesAt(now) != c.promotes {
				t.Errorf("bookable %v, cancellable %v, check-in %v, promotes %v; want %v %v %v %v",
					s.BookableAt(now), cancel, s.CheckInOpen(now), s.PromotesAt(now), c.bookable, c.cancellable, c.checkIn, c.promotes)
			}
		})
	}
}

func TestCancelRule(t *testing.T) {
	s := session(t, "2026-12-01 19:00", 60)
	early := at(t, "2026-11-30 10:00")
	private := s
	private.PrivateCoach = true
	late := s
	late.LateCancel = true
	for _, c := range []struct {
		name string
		c    Cancellation
		now  time.Time
		want CancelReason
	}{
		{name: "in time", c: Cancellation{Status: "booked", Session: s}, now: early, want: CancelOK},
		{name: "already cancelled", c: Cancellation{Status: "cancelled", Session: s}, now: early, want: CancelAlreadyCancelled},
		{name: "checked in", c: Cancellation{Status: "attended", Session: s}, now: early, want: CancelCheckedIn},
		{name: "bought online", c: Cancellation{Status: "booked", BoughtOnline: true, Session: s}, now: early, want: CancelBoughtOnline},
		{name: "a private-coach class", c: Cancellation{Status: "booked", Session: private}, now: early, want: CancelCoachClass},
		{name: "past the deadline", c: Cancellation{Status: "booked", Session: s}, now: at(t, "2026-12-01 12:00"), want: CancelPastDeadline},
		{name: "begun", c: Cancellation{Status: "booked", Session: s}, now: at(t, "2026-12-01 19:00"), want: CancelStarted},
		{name: "past the deadline where the course allows late cancels", c: Cancellation{Status: "booked", Session: late}, now: at(t, "2026-12-01 12:00"), want: CancelLate},
		{name: "in time where the course allows late cancels", c: Cancellation{Status: "booked", Session: late}, now: early, want: CancelOK},
		{name: "a minute before the start where the course allows late cancels", c: Cancellation{Status: "booked", Session: late}, now: at(t, "2026-12-01 18:59"), want: CancelLate},
		{name: "begun, even where the course allows late cancels", c: Cancellation{Status: "booked", Session: late}, now: at(t, "2026-12-01 19:00"), want: CancelStarted},
		{name: "checked in, even where the course allows late cancels", c: Cancellation{Status: "attended", Session: late}, now: at(t, "2026-12-01 12:00"), want: CancelCheckedIn},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := CancelRule(c.c, c.now); got != c.want {
				t.Errorf("CancelRule = %d; want %d", got, c.want)
			}
		})
	}
}
