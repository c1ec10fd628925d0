package rules

import (
	"time"

	"storefront"
)

// What a member gets back when they leave a contract: points 6 and 7 of
// the standard contract rules for fitness centres
// (健身中心定型化契約應記載及不得記載事項), and, for personal-coach items,
// the personal-trainer rules (健身教練服務定型化契約應記載及不得記載事項).

// CoolingOffDays is point 6's window: a member who has used nothing may
// cancel within seven days of the contract taking effect and get
// everything back, no fee.
const CoolingOffDays = 7

// MaxRefundFeePercent is point 7's ceiling on what a brand may keep when a
// member terminates: at most 20% of the refund.
const MaxRefundFeePercent = 20

// EffectiveDay is the day a contract took effect: its holding's start
// (activation) when it has one, else the day it was paid.
func EffectiveDay(start TaipeiDay, paid time.Time) TaipeiDay {
	if !start.IsZero() {
		return start
	}
	return DayOf(paid)
}

// InCoolingOff reports whether a member may cancel on today with
// everything back: nothing used on the holding (a booking not cancelled, a
// check-in or a session consumed) and today no later than the seventh
// Taipei day after the effective day (the effective day itself is not
// counted, as the Civil Code counts periods in days). A contract that
// starts later than today is inside the window.
//
//	effective 2026-11-20, today 2026-11-27, nothing used -> yes (the 7th day)
//	effective 2026-11-20, today 2026-11-28               -> no
//	effective 2026-11-20, today 2026-11-21, one booking  -> no
func InCoolingOff(effective TaipeiDay, used bool, today TaipeiDay) bool {
	return !used && !today.After(effective.AddDays(CoolingOffDays))
}

// HalfMonthsElapsed is how long a contract that started on start has run
// on today (today counted: the member had that day), in half months, by
// point 7: whole calendar months, then what is left counts as half a month
// when 15 days or less and as a whole month when more. Nothing has
// elapsed before start.
//
//	start 2026-01-10, today 2026-01-10 -> 1 (one day: half a month)
//	start 2026-01-10, today 2026-03-09 -> 4 (two whole months)
//	start 2026-01-10, today 2026-03-20 -> 5 (two months and 11 days)
//	start 2026-01-10, today 2026-03-26 -> 6 (two months and 17 days)
//	start 2026-01-31, today 2026-02-28 -> 2 (to Feb's last day: a month)
func HalfMonthsElapsed(start, today TaipeiDay) int {
	if today.Before(start) {
		return 0
	}
	m := 0
	for {
		end, _ := ValidUntil(start, m+1, "M")
		if end.After(today) {
			break
		}
		m++
	}
	from := start
	if m > 0 {
		end, _ := ValidUntil(start, m, "M")
		from = end.AddDays(1)
	}
	switch left := FreezeDays(from, today); {
	case left <= 0:
		return 2 * m
	case left <= 15:
		return 2*m + 1
	default:
		return 2*m + 2
	}
}

// RefundBasis is what a refund is worked out from, all as signed: what
// the member paid for the item and how it is used up.
type RefundBasis struct {
	Paid int // TWD
	// By time (a membership): the monthly fee at signing (0: none known),
	// and the contract's first and last day (End zero: no end).
	MonthlyFee int
	Start, End TaipeiDay
	// By sessions (a personal-coach item, a count card): how many were
	// bought and used, and the price of one at signing (0: Paid /
	// Sessions). Sessions > 0 selects this way.
	Sessions, Used, SessionPrice int
}

// TerminationRefund is what point 7 gives back to a member who ends the
// contract on today, before any fee (never below 0 nor above Paid):
//
//   - with a monthly fee: Paid - fee x months elapsed (HalfMonthsElapsed).
//     Paid 12000, 1000 a month, started 2026-01-10, ends 2026-03-20:
//     2.5 months -> 12000 - 2500 = 9500.
//   - without one: pro rata by the contract's days (start to end, both
//     counted), the days used kept, rounded in the member's favour.
//     Paid 3650 for 2026-01-01..2026-12-31 (365 days), ends 2026-03-31
//     (90 days used): 3650 - 900 = 2750.
//   - by sessions (the personal-trainer rules): Paid - used x the price of
//     one at signing. 10 sessions for 15000, 3 used: 15000 - 4500 = 10500.
//
// A contract without an end and without a monthly fee cannot be
// prorated: what has not started is returned whole, what has started
// nothing (the operator decides).
func TerminationRefund(b RefundBasis, today TaipeiDay) int {
	kept := 0
	switch {
	case b.Sessions > 0:
		price := b.SessionPrice
		if price <= 0 {
			price = b.Paid / b.Sessions
		}
		kept = min(b.Used, b.Sessions) * price
	case !b.Start.IsZero() && today.Before(b.Start):
		kept = 0
	case b.MonthlyFee > 0:
		kept = b.MonthlyFee * HalfMonthsElapsed(b.Start, today) / 2
	case b.Start.IsZero():
		kept = 0 // never started (waits for its first use)
	case b.End.IsZero():
		kept = b.Paid
	default:
		total := FreezeDays(b.Start, b.End)
		used := min(FreezeDays(b.Start, today), total)
		kept = b.Paid * used / total
	}
	return max(0, b.Paid-kept)
}

// PlanMonthlyFee is the monthly fee at signing of a recurring plan (定期定額)
// that charges amount each period of periodType: what point 7 keeps for
// each month elapsed. A monthly plan's is its amount, a yearly one's a
// twelfth, a weekly one's 52 weeks' over twelve months (rounded down: in
// the member's favour); 0 for another period (pro rata instead).
//
//	1299, M -> 1299;  12000, Y -> 1000;  300, W -> 1300
func PlanMonthlyFee(amount int, periodType string) int {
	switch periodType {
	case "M":
		return amount
	case "Y":
		return amount / 12
	case "W":
		return amount * 52 / 12
	}
	return 0
}

// MaxRefundFee is the most a brand may keep of refund when a member
// terminates: 20% of it, rounded down. 9500 -> 1900.
func MaxRefundFee(refund int) int { return refund * MaxRefundFeePercent / 100 }

// CheckRefundFee checks the fee an operator keeps of refund.
func CheckRefundFee(refund, fee int) error {
	if fee < 0 || fee > MaxRefundFee(refund) {
		return &storefront.Error{Kind: storefront.KindInvalid, Code: storefront.CodeBadRequest, Message: storefront.TextRefundFeeCap(MaxRefundFee(refund))}
	}
	return nil
}

// SplitRefund shares refund out over the trades that paid a recurring
// plan's periods, given what is left to refund of each (the latest period
// first): the latest periods are given back first, each whole before the
// one before it is touched, so the periods kept are the earliest ones.
// ok is false when the trades hold less than refund.
//
//	1949 over [1299 1299 1299] -> [1299 650 0]
//	1299 over [0 1299]         -> [0 1299]
func SplitRefund(refund int, left []int) (parts []int, ok bool) {
	parts = make([]int, len(left))
	for i, l := range left {
		take := min(max(l, 0), refund)
		parts[i], refund = take, refund-take
	}
	return parts, refund == 0
}
