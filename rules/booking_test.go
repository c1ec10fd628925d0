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
		{"a passcard valid that day costs nothing", Entitlement{Kind: KindPasscard, StartType: StartImmediately, StartsOn: day(t, "2026-11-01"), EndsOn: day(t, "2026-11-30")}, false, 0, false, "2026-11-30 19:00", 0, UnitNone, PayOK, ""},
		{"a passcard ended the day before: -60000006", Entitlement{Kind: KindPasscard, StartType: StartImmediately, StartsOn: day(t, "2026-11-01"), EndsOn: day(t, "2026-11-30")}, false, 0, false, "2026-12-01 07:00", 0, UnitNone, RefuseValidity, ""},
		{"Taiwan time: 00:30 on Dec 1 in Taipei is Nov 30 in UTC, still outside", Entitlement{Kind: KindPasscard, StartType: StartImmediately, StartsOn: day(t, "2026-11-01"), EndsOn: day(t, "2026-11-30")}, false, 0, false, "2026-12-01 00:30", 0, UnitNone, RefuseValidity, ""},
		{"Taiwan time: 23:30 on Nov 30 in Taipei is inside", Entitlement{Kind: KindPasscard, StartType: StartImmediately, StartsOn: day(t, "2026-11-01"), EndsOn: day(t, "2026-11-30")}, false, 0, false, "2026-11-30 23:30", 0, UnitNone, PayOK, ""},
		{"a passcard not started yet: before its start", Entitlement{Kind: KindPasscard, StartType: StartCustom, StartsOn: day(t, "2026-12-10"), EndsOn: day(t, "2026-12-16")}, false, 0, false, "2026-12-09 10:00", 0, UnitNone, RefuseValidity, ""},
		{"BOOKING 1M not started: the class day starts it, over the year end", Entitlement{Kind: KindPasscard, StartType: StartBooking, ValidityValue: 1, ValidityUnit: "M"}, false, 0, false, "2026-12-31 10:00", 0, UnitNone, PayOK, "2026-12-31..2027-01-30"},
		{"BOOKING 1M from Jan 31 runs to February's last day", Entitlement{Kind: KindPasscard, StartType: StartBooking, ValidityValue: 1, ValidityUnit: "M"}, false, 0, false, "2027-01-31 10:00", 0, UnitNone, PayOK, "2027-01-31..2027-02-28"},
		{"BOOKING 1M from Jan 31 of a leap year runs to Feb 29", Entitlement{Kind: KindPasscard, StartType: StartBooking, ValidityValue: 1, ValidityUnit: "M"}, false, 0, false, "2028-01-31 10:00", 0, UnitNone, PayOK, "2028-01-31..2028-02-29"},
		{"BOOKING 1Y from a leap day", Entitlement{Kind: KindTicket, TicketType: "count", Remain: 3, StartType: StartBooking, ValidityValue: 1, ValidityUnit: "Y"}, false, 0, false, "2028-02-29 10:00", 1, UnitVisit, PayOK, "2028-02-29..2029-02-28"},
		{"BOOKING started by a later class: an earlier class starts it again", Entitlement{Kind: KindPasscard, StartType: StartBooking, StartsOn: day(t, "2026-12-15"), EndsOn: day(t, "2027-01-14"), ValidityValue: 1, ValidityUnit: "M"}, false, 0, false, "2026-12-10 10:00", 0, UnitNone, PayOK, "2026-12-10..2027-01-09"},
		{"BOOKING started: a class after its end is refused", Entitlement{Kind: KindPasscard, StartType: StartBooking, StartsOn: day(t, "2026-12-15"), EndsOn: day(t, "2027-01-14"), ValidityValue: 1, ValidityUnit: "M"}, false, 0, false, "2027-01-15 10:00", 0, UnitNone, RefuseValidity, ""},
		{"ATTEND not started: any class, the check-in starts it", Entitlement{Kind: KindPasscard, StartType: StartAttend, ValidityValue: 1, ValidityUnit: "W"}, false, 0, false, "2027-03-01 10:00", 0, UnitNone, PayOK, ""},
		{"a point ticket pays the course's points", Entitlement{Kind: KindTicket, TicketType: "onlinePoint", Remain: 640, StartType: StartImmediately, StartsOn: day(t, "2026-09-01"), EndsOn: day(t, "2027-08-31")}, false, 0, false, "2026-12-01 10:00", 100, UnitPoint, PayOK, ""},
		{"a point ticket short of points", Entitlement{Kind: KindTicket, TicketType: "couponPoint", Remain: 99, StartType: StartImmediately, StartsOn: day(t, "2026-09-01")}, false, 0, false, "2026-12-01 10:00", 100, UnitPoint, RefuseRemain, ""},
		{"a count ticket used up", Entitlement{Kind: KindTicket, TicketType: "count", Remain: 0, StartType: StartImmediately, StartsOn: day(t, "2026-09-01")}, false, 0, false, "2026-12-01 10:00", 1, UnitVisit, RefuseRemain, ""},
		{"a package ticket pays a visit", Entitlement{Kind: KindTicket, TicketType: "package", Remain: 2, StartType: StartImmediately, StartsOn: day(t, "2026-09-01")}, false, 0, false, "2026-12-01 10:00", 1, UnitVisit, PayOK, ""},
		{"an hour ticket where the course takes none", Entitlement{Kind: KindTicket, TicketType: "hour", Remain: 5, StartType: StartImmediately, StartsOn: day(t, "2026-09-01")}, false, 0, false, "2026-12-01 10:00", 0, UnitHour, RefuseKind, ""},
		{"an hour ticket pays the course's hours", Entitlement{Kind: KindTicket, TicketType: "couponHour", Remain: 5, StartType: StartImmediately, StartsOn: day(t, "2026-09-01")}, false, 2, false, "2026-12-01 10:00", 2, UnitHour, PayOK, ""},
		{"a private-coach ticket on a group class", Entitlement{Kind: KindTicket, TicketType: "privateCount", Remain: 5, StartType: StartImmediately, StartsOn: day(t, "2026-09-01")}, false, 0, false, "2026-12-01 10:00", 0, UnitVisit, RefuseKind, ""},
		{"a private-coach ticket on a private class", Entitlement{Kind: KindTicket, TicketType: "privateCouponCount", Remain: 5, StartType: StartImmediately, StartsOn: day(t, "2026-09-01")}, true, 0, false, "2026-12-01 10:00", 1, UnitVisit, PayOK, ""},
		{"a group ticket on a private class", Entitlement{Kind: KindTicket, TicketType: "count", Remain: 5, StartType: StartImmediately, StartsOn: day(t, "2026-09-01")}, true, 0, false, "2026-12-01 10:00", 0, UnitVisit, RefuseKind, ""},
		{"a passcard on a private class", Entitlement{Kind: KindPasscard, StartType: StartImmediately, StartsOn: day(t, "2026-09-01")}, true, 0, false, "2026-12-01 10:00", 0, UnitNone, RefuseKind, ""},
		{"a timing card pays the session's minutes", Entitlement{Kind: KindTiming, Remain: 420, StartsOn: day(t, "2026-11-01"), EndsOn: day(t, "2027-01-31"), Available: true}, false, 0, true, "2026-12-01 10:00", 60, UnitMinute, PayOK, ""},
		{"a timing card not active", Entitlement{Kind: KindTiming, Remain: 1500, StartsOn: none, Available: true}, false, 0, true, "2026-12-01 10:00", 60, UnitMinute, RefuseInactive, ""},
		{"a timing card where the course takes none", Entitlement{Kind: KindTiming, Remain: 420, StartsOn: day(t, "2026-11-01"), Available: true}, false, 0, false, "2026-12-01 10:00", 60, UnitMinute, RefuseKind, ""},
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

func TestAttendStarts(t *testing.T) {
	for _, c := range []struct {
		name, class, want string
		e                 Entitlement
	}{
		{"a week from the first check-in on Feb 28 of a leap year", "2028-02-28", "2028-02-28..2028-03-05", Entitlement{StartType: StartAttend, ValidityValue: 1, ValidityUnit: "W"}},
		{"three months from Nov 30", "2026-11-30", "2026-11-30..2027-02-28", Entitlement{StartType: StartAttend, ValidityValue: 3, ValidityUnit: "M"}},
		{"started already: nothing", "2026-12-01", "", Entitlement{StartType: StartAttend, StartsOn: day(t, "2026-11-01"), ValidityValue: 1, ValidityUnit: "M"}},
		{"BOOKING: not a check-in's business", "2026-12-01", "", Entitlement{StartType: StartBooking, ValidityValue: 1, ValidityUnit: "M"}},
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
		{"none", nil, -1},
		{"only refused ones", []Option{refused}, -1},
		{"a passcard before a count card", []Option{ok(KindTicket, "count", 1, ""), ok(KindPasscard, "", 2, "")}, 1},
		{"a refused passcard is passed over", []Option{ok(KindTicket, "onlinePoint", 1, ""), refused}, 0},
		{"a count card before points", []Option{ok(KindTicket, "point", 1, ""), ok(KindTicket, "couponCount", 2, "")}, 1},
		{"the card that ends first", []Option{ok(KindTicket, "count", 1, "2027-03-01"), ok(KindTicket, "count", 2, "2027-01-31")}, 1},
		{"an end before no end", []Option{ok(KindTicket, "count", 1, ""), ok(KindTicket, "count", 2, "2027-01-31")}, 1},
		{"a timing card last", []Option{ok(KindTiming, "", 1, ""), ok(KindTicket, "point", 2, "")}, 1},
		{"a started pass before one this booking would start", []Option{starts, ok(KindPasscard, "", 2, "2027-03-01")}, 1},
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
		{"fifteen days before: not open", "2026-11-16 18:59", false, true, false, true},
		{"fourteen days before: open", "2026-11-17 19:00", true, true, false, true},
		{"at the cancellation deadline", "2026-12-01 07:00", true, true, false, false},
		{"a minute past the deadline", "2026-12-01 07:01", true, false, false, false},
		{"an hour before: check-in opens", "2026-12-01 18:00", true, false, true, false},
		{"30 minutes before: booking closed", "2026-12-01 18:30", false, false, true, false},
		{"30 minutes after the start: last check-in", "2026-12-01 19:30", false, false, true, false},
		{"31 minutes after: check-in closed", "2026-12-01 19:31", false, false, false, false},
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
	for _, c := range []struct {
		name string
		c    Cancellation
		now  time.Time
		want CancelReason
	}{
		{"in time", Cancellation{Status: "booked", Session: s}, early, CancelOK},
		{"already cancelled", Cancellation{Status: "cancelled", Session: s}, early, CancelAlreadyCancelled},
		{"checked in", Cancellation{Status: "attended", Session: s}, early, CancelCheckedIn},
		{"bought online", Cancellation{Status: "booked", BoughtOnline: true, Session: s}, early, CancelBoughtOnline},
		{"a private-coach class", Cancellation{Status: "booked", Session: private}, early, CancelCoachClass},
		{"past the deadline", Cancellation{Status: "booked", Session: s}, at(t, "2026-12-01 12:00"), CancelPastDeadline},
		{"begun", Cancellation{Status: "booked", Session: s}, at(t, "2026-12-01 19:00"), CancelStarted},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := CancelRule(c.c, c.now); got != c.want {
				t.Errorf("CancelRule = %d; want %d", got, c.want)
			}
		})
	}
}
