package rules

import (
	"errors"
	"time"

	"storefront"
)

// Activation start types of a pass or ticket (spec section 4).
const (
	StartImmediately = "IMMEDIATELY"  // active from the day it is paid
	StartBooking     = "BOOKING"      // active from the day of its first booked class
	StartAttend      = "ATTEND"       // active from its first check-in (or class day)
	StartCustom      = "CUSTOM"       // active from the date the buyer picks
	StartAdminCustom = "ADMIN_CUSTOM" // active from the operator's fixed date
)

// CustomStartDays is how far ahead a buyer may pick a CUSTOM start date
// (spec sections 4 and 9).
const CustomStartDays = 30

// TaipeiDay is a calendar day in Taipei, at midnight of that day's wall clock.
// Every validity rule works on TaipeiDays, so a purchase at 23:30 Taipei time
// (15:30 UTC) counts for that Taipei day.
type TaipeiDay struct{ t time.Time }

// DayOf is the Taipei day of t.
func DayOf(t time.Time) TaipeiDay {
	y, m, d := t.In(Taipei).Date()
	return TaipeiDay{time.Date(y, m, d, 0, 0, 0, 0, Taipei)}
}

// ParseDay reads YYYY-MM-DD as a Taipei day.
func ParseDay(s string) (TaipeiDay, error) {
	t, err := time.ParseInLocation("2006-01-02", s, Taipei)
	if err != nil {
		return TaipeiDay{}, errors.New(storefront.TextDayFormat(s))
	}
	return TaipeiDay{t}, nil
}

// String is the day as YYYY-MM-DD.
func (d TaipeiDay) String() string { return d.t.Format("2006-01-02") }

// Start is the day's first instant (midnight, Taipei).
func (d TaipeiDay) Start() time.Time { return d.t }

// IsZero reports whether d is no day.
func (d TaipeiDay) IsZero() bool { return d.t.IsZero() }

// AddDays is d moved by n days.
func (d TaipeiDay) AddDays(n int) TaipeiDay { return TaipeiDay{d.t.AddDate(0, 0, n)} }

// Before and After compare days.
func (d TaipeiDay) Before(o TaipeiDay) bool { return d.t.Before(o.t) }
func (d TaipeiDay) After(o TaipeiDay) bool  { return d.t.After(o.t) }

// addMonths moves d by n months, keeping the day of the month where the
// target month has it and reporting clamped when it had to take that
// month's last day instead (Jan 31 + 1 month: Feb 28, clamped).
func (d TaipeiDay) addMonths(n int) (out TaipeiDay, clamped bool) {
	y, m, day := d.t.Date()
	first := time.Date(y, m+time.Month(n), 1, 0, 0, 0, 0, Taipei)
	last := first.AddDate(0, 1, -1).Day()
	if day > last {
		return TaipeiDay{first.AddDate(0, 0, last-1)}, true
	}
	return TaipeiDay{first.AddDate(0, 0, day-1)}, false
}

// ValidUntil is the last day a pass or ticket that starts on start is
// valid, for a validity of value units (M month, W week, D day, Y year, with
// or without a leading 1 as in spec section 3). It runs through the day
// before the same date one period later; where the later month has no such
// date, through that month's last day. ok is false for an unknown unit or a
// value below 1.
//
//	2026-01-15 + 1M -> 2026-02-14
//	2026-01-31 + 1M -> 2026-02-28 (no 31 February: the month's last day)
//	2028-01-31 + 1M -> 2028-02-29 (leap year)
//	2028-02-29 + 1Y -> 2029-02-28
//	2026-11-23 + 2W -> 2026-12-06
//	2026-11-23 + 1D -> 2026-11-23 (the day itself)
func ValidUntil(start TaipeiDay, value int, unit string) (end TaipeiDay, ok bool) {
	if value < 1 {
		return TaipeiDay{}, false
	}
	switch unit {
	case "D", "1D":
		return start.AddDays(value - 1), true
	case "W", "1W":
		return start.AddDays(7*value - 1), true
	case "M", "1M", "Y", "1Y":
		months := value
		if unit == "Y" || unit == "1Y" {
			months = 12 * value
		}
		next, clamped := start.addMonths(months)
		if clamped {
			return next, true
		}
		return next.AddDays(-1), true
	}
	return TaipeiDay{}, false
}

// Holding is what the validity rules need to know of a pass or ticket a
// member holds.
type Holding struct {
	StartType     string    // one of the Start* types
	PaidOn        TaipeiDay // the day it was paid
	ChosenStart   TaipeiDay // CUSTOM: the buyer's date; ADMIN_CUSTOM: the operator's
	FirstUse      TaipeiDay // BOOKING: the first booked class's day; ATTEND: the first check-in's; zero: not yet
	ValidityValue int       // 0: no end
	ValidityUnit  string
}

// Period is when a holding is valid: from Start through End (zero End: no
// end). Active is false while it waits for its first booking or check-in.
type Period struct {
	Active     bool
	Start, End TaipeiDay
}

// PeriodOf works out when h is valid.
//
//	IMMEDIATELY, paid 2026-11-23, 1M   -> active 2026-11-23 .. 2026-12-22
//	BOOKING, not booked yet            -> not active
//	BOOKING, first class 2026-12-01, 1M -> active 2026-12-01 .. 2026-12-31
//	CUSTOM, chosen 2026-12-10, 1W      -> active 2026-12-10 .. 2026-12-16
func PeriodOf(h Holding) Period {
	var start TaipeiDay
	switch h.StartType {
	case StartImmediately:
		start = h.PaidOn
	case StartCustom, StartAdminCustom:
		start = h.ChosenStart
	case StartBooking, StartAttend:
		start = h.FirstUse
	}
	if start.IsZero() {
		return Period{}
	}
	p := Period{Active: true, Start: start}
	if h.ValidityValue > 0 {
		p.End, _ = ValidUntil(start, h.ValidityValue, h.ValidityUnit)
	}
	return p
}

// Covers reports whether the period includes day. A holding that is not
// active yet covers any day on which its first use would start it: the
// class day becomes its first day.
func (p Period) Covers(day TaipeiDay) bool {
	if !p.Active {
		return true
	}
	return !day.Before(p.Start) && (p.End.IsZero() || !day.After(p.End))
}

// Holding states, as the member centre and an order's result show them.
const (
	HoldingActive    = "active"
	HoldingNotActive = "notActive" // waiting for its start
	HoldingExpired   = "expired"
)

// HoldingState is the state on today (Taipei) of a holding valid from
// start through end (zero start: waiting for its first booking or
// check-in; zero end: no end).
//
//	start 2026-11-23 .. 2026-12-22, today 2026-11-23 -> active
//	start 2026-12-02 (a set day), today 2026-11-24   -> notActive
//	no start yet (BOOKING, ATTEND)                   -> notActive
//	end 2026-11-22, today 2026-11-23                 -> expired
func HoldingState(start, end, today TaipeiDay) string {
	switch {
	case !end.IsZero() && end.Before(today):
		return HoldingExpired
	case start.IsZero() || start.After(today):
		return HoldingNotActive
	}
	return HoldingActive
}

// CheckCustomStart checks a buyer's CUSTOM start date: from today through
// CustomStartDays days ahead (Taipei days).
func CheckCustomStart(today, chosen TaipeiDay) error {
	switch {
	case chosen.Before(today):
		return errors.New(storefront.TextStartBeforeToday(today.String()))
	case chosen.After(today.AddDays(CustomStartDays)):
		return errors.New(storefront.TextStartTooLate(CustomStartDays, today.AddDays(CustomStartDays).String()))
	}
	return nil
}
