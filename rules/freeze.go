package rules

import (
	"time"

	"storefront"
)

// Membership freezes (暫停會籍): point 10 of the standard contract rules
// for fitness centres (健身中心定型化契約應記載及不得記載事項) makes a
// freeze a member's right for the reasons below: asked in writing with
// the reason and evidence, decided by the studio within seven working
// days; while frozen no charge is taken and the membership's end moves by
// the days frozen. A voluntary freeze beyond those reasons follows the
// brand's own caps.
const (
	FreezeAbroad    = "abroad"    // abroad for more than a month (the brand caps the freeze, at most six months)
	FreezeInjury    = "injury"    // injured, ill or unfit to exercise
	FreezePregnancy = "pregnancy" // pregnant, or caring for a baby under six months
	FreezeMilitary  = "military"  // serving in the military
	FreezeTransfer  = "transfer"  // transferred by work or moved away
	FreezeVoluntary = "voluntary" // none of those: the brand's caps
)

// FreezeReasons lists the reasons a member may give, the statutory ones
// first.
var FreezeReasons = []string{FreezeAbroad, FreezeInjury, FreezePregnancy, FreezeMilitary, FreezeTransfer, FreezeVoluntary}

// MaxAbroadMonths is the rules' ceiling on a freeze for being abroad; a
// brand may set a lower cap, not a higher one.
const MaxAbroadMonths = 6

// FreezeDecisionWorkdays is how many working days the studio has to
// decide a freeze request.
const FreezeDecisionWorkdays = 7

// FreezeCaps are a brand's limits on freezes.
type FreezeCaps struct {
	// AbroadMonths is the longest freeze for being abroad, 1 to
	// MaxAbroadMonths (outside that range: MaxAbroadMonths).
	AbroadMonths int
	// VoluntaryMinDays and VoluntaryMaxDays bound a voluntary freeze;
	// VoluntaryPerYear is how many a member may have in a calendar year
	// (0: the brand offers none).
	VoluntaryMinDays, VoluntaryMaxDays, VoluntaryPerYear int
}

// FreezeAsk is a member's freeze request.
type FreezeAsk struct {
	Reason     string
	Start, End TaipeiDay // both frozen (inclusive)
	Evidence   string    // the member's note (where they go, the diagnosis, ...)
	// VoluntaryThisYear counts the member's voluntary freezes already
	// asked (not refused) in Start's calendar year.
	VoluntaryThisYear int
}

// FreezeDays is the number of calendar days from start to end, both
// included (Taipei days: no daylight saving, every day is 24 hours).
func FreezeDays(start, end TaipeiDay) int {
	return int(end.t.Sub(start.t).Hours()/24) + 1
}

// CheckFreeze checks a freeze request a member makes on today against
// the rules and the brand's caps; a refusal is a *FreezeRefusal.
//
//	abroad 2026-12-01..2027-01-15, cap 3 months: allowed (more than a month)
//	abroad 2026-12-01..2026-12-31: refused (a month, not more)
//	voluntary 10 days, caps 7..30 days, once a year, none yet: allowed
func CheckFreeze(caps FreezeCaps, a FreezeAsk, today TaipeiDay) error {
	known := false
	for _, r := range FreezeReasons {
		known = known || r == a.Reason
	}
	switch {
	case !known:
		return freezeErr("reason", storefront.TextFreezeReason)
	case a.Start.IsZero() || a.Start.Before(today):
		return freezeErr("start", storefront.TextFreezePast)
	case a.End.IsZero() || a.End.Before(a.Start):
		return freezeErr("end", storefront.TextFreezeDates)
	}
	days := FreezeDays(a.Start, a.End)
	switch a.Reason {
	case FreezeVoluntary:
		switch {
		case caps.VoluntaryPerYear < 1:
			return freezeErr("reason", storefront.TextFreezeNoVoluntary)
		case a.VoluntaryThisYear >= caps.VoluntaryPerYear:
			return freezeErr("reason", storefront.TextFreezeVoluntaryUsed)
		case days < caps.VoluntaryMinDays || (caps.VoluntaryMaxDays > 0 && days > caps.VoluntaryMaxDays):
			return freezeErr("end", storefront.TextFreezeVoluntaryDays(caps.VoluntaryMinDays, caps.VoluntaryMaxDays))
		}
		return nil
	case FreezeAbroad:
		months := caps.AbroadMonths
		if months < 1 || months > MaxAbroadMonths {
			months = MaxAbroadMonths
		}
		month, _ := ValidUntil(a.Start, 1, "M")
		longest, _ := ValidUntil(a.Start, months, "M")
		switch {
		case !a.End.After(month):
			return freezeErr("end", storefront.TextFreezeAbroadShort)
		case a.End.After(longest):
			return freezeErr("end", storefront.TextFreezeAbroadLong(months))
		}
	}
	if a.Evidence == "" {
		return freezeErr("evidence", storefront.TextFreezeEvidence)
	}
	return nil
}

// FreezeRefusal is a freeze request refused: its zh-Hant text and the
// request's field it is about (reason, start, end, evidence).
type FreezeRefusal struct{ Field, Text string }

func (r *FreezeRefusal) Error() string { return r.Text }

func freezeErr(field, text string) error { return &FreezeRefusal{Field: field, Text: text} }

// FreezeDecideBy is the last day the studio may decide a request asked
// at asked: seven working days (Monday to Friday, Taipei) after the day it
// was asked. National holidays are not known to the rules and count as
// working days, so the deadline is never later than the law's.
//
//	asked Friday 2026-11-27 -> Tuesday 2026-12-08
func FreezeDecideBy(asked time.Time) TaipeiDay {
	d := DayOf(asked)
	for n := 0; n < FreezeDecisionWorkdays; {
		d = d.AddDays(1)
		if wd := d.t.Weekday(); wd != time.Saturday && wd != time.Sunday {
			n++
		}
	}
	return d
}

// FrozenEnd is a holding's end moved by a freeze of days calendar days
// (a holding without an end keeps none).
func FrozenEnd(end TaipeiDay, days int) TaipeiDay {
	if end.IsZero() {
		return end
	}
	return end.AddDays(days)
}

// SkippedCharges is how many charges of a NewebPay periodic plan fall in
// a freeze from start to end (both included): NewebPay's charge days are
// fixed by the plan (period type M: day periodPoint of each month, "01" to
// "31", a month without that day on its last day; W: weekday periodPoint,
// "1" Monday to "7" Sunday; Y: periodPoint "MMDD" each year), and the
// plan is suspended at NewebPay for the freeze (AlterStatus suspend on
// its first day, restart the day after its last), so exactly these
// charges are not taken. The member's holding is extended by the frozen
// days instead (FrozenEnd), not by periods. ok is false for a type or
// point it cannot place (D, whose days count from the first charge).
//
//	M "05", freeze 2026-12-01..2027-02-04: 2 (Dec 5, Jan 5; not Feb 5)
//	M "31", freeze 2027-02-20..2027-02-28: 1 (Feb 28, February's last day)
func SkippedCharges(periodType, periodPoint string, start, end TaipeiDay) (n int, ok bool) {
	charges, ok := chargeDay(periodType, periodPoint)
	if !ok {
		return 0, false
	}
	for d := start; !d.After(end); d = d.AddDays(1) {
		if charges(d) {
			n++
		}
	}
	return n, true
}

// chargeDay is whether a day is a charge day of a plan of periodType
// and periodPoint.
func chargeDay(periodType, point string) (func(TaipeiDay) bool, bool) {
	num := func(s string) int {
		n := 0
		for _, c := range s {
			if c < '0' || c > '9' {
				return -1
			}
			n = 10*n + int(c-'0')
		}
		return n
	}
	switch periodType {
	case "M":
		day := num(point)
		if len(point) != 2 || day < 1 || day > 31 {
			return nil, false
		}
		return func(d TaipeiDay) bool {
			y, m, dd := d.t.Date()
			last := time.Date(y, m+1, 0, 0, 0, 0, 0, Taipei).Day()
			return dd == min(day, last)
		}, true
	case "W":
		wd := num(point)
		if len(point) != 1 || wd < 1 || wd > 7 {
			return nil, false
		}
		return func(d TaipeiDay) bool { return int(d.t.Weekday()) == wd%7 }, true
	case "Y":
		md := num(point)
		if len(point) != 4 || md < 101 || md > 1231 {
			return nil, false
		}
		return func(d TaipeiDay) bool {
			_, m, dd := d.t.Date()
			return int(m)*100+dd == md
		}, true
	}
	return nil, false
}
