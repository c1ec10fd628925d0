package rules

import "time"

// Activation of what deferred payments buy (spec section 4).
//
// An ACH bank debit is answered by the bank days after the purchase: an
// unused BOOKING or ATTEND holding bought by ACH starts by itself
// ACHAutoStartDays days after the purchase day (Taipei), never before the
// day the bank approved; a first booking or check-in before that day
// starts it earlier, as for any BOOKING or ATTEND holding (CoversClass,
// AttendStarts). A CUSTOM start must lie within CustomStartDays of the
// purchase day (CheckCustomStart), whatever the payment way. A Chailease
// instalment purchase is paid only when the instalment completes: an
// IMMEDIATELY holding starts that day, and is not active before.

// Settlements: how an order's payment settles, as far as activation cares.
const (
	SettleNow        = ""          // card, LINE Pay: paid when the buyer pays
	SettleACH        = "ACH"       // bank debit: the bank approves later
	SettleInstalment = "CHAILEASE" // instalments: paid when the instalment completes
)

// ACHAutoStartDays is how many days after an ACH purchase an unused
// BOOKING or ATTEND holding starts by itself (spec sections 4 and 9: 29
// days, also described as 30).
const ACHAutoStartDays = 29

// ACHAutoStart is the day an unused BOOKING or ATTEND holding bought by
// ACH at purchased starts by itself.
//
//	purchased 2026-11-23 10:00 Taipei        -> 2026-12-22
//	purchased 2026-11-23 23:59 Taipei        -> 2026-12-22 (15:59 UTC: still the 23rd in Taipei)
//	purchased 2026-11-23 00:00 Taipei        -> 2026-12-22 (16:00 UTC on the 22nd)
//	purchased 2028-02-01 (leap year)         -> 2028-03-01
func ACHAutoStart(purchased time.Time) TaipeiDay { return DayOf(purchased).AddDays(ACHAutoStartDays) }

// ActivationOnSettle works out a paid line's holding for the way the
// order settled (Settle*): purchased is when the order was made, settled
// when its payment was believed (zero: not yet), chosen the CUSTOM or
// ADMIN_CUSTOM start, and the validity.
//
//	ACH, BOOKING 1M, bought 2026-11-23, approved 2026-11-25 -> active 2026-12-22 .. 2027-01-21
//	ACH, ATTEND, bought 2026-11-23, approved 2026-12-30     -> active 2026-12-30 .. (the approval day: later than the 29th day)
//	ACH, IMMEDIATELY 1M, approved 2026-11-25                -> active 2026-11-25 .. 2026-12-24
//	CHAILEASE, IMMEDIATELY 1M, not completed                -> not active
//	CHAILEASE, IMMEDIATELY 1M, completed 2026-11-30         -> active 2026-11-30 .. 2026-12-29
//	card, BOOKING                                           -> not active (its first booking starts it)
func ActivationOnSettle(settle, startType string, purchased, settled time.Time, chosen TaipeiDay, validityValue int, validityUnit string) Activation {
	if settled.IsZero() {
		return Activation{}
	}
	if settle == SettleACH && (startType == StartBooking || startType == StartAttend) {
		start := ACHAutoStart(purchased)
		if paid := DayOf(settled); paid.After(start) {
			start = paid
		}
		p := Period{Active: true, Start: start}
		if validityValue > 0 {
			p.End, _ = ValidUntil(start, validityValue, validityUnit)
		}
		return p
	}
	return ActivationOnPayment(startType, settled, chosen, validityValue, validityUnit)
}
