package rules

import (
	"time"
)

// The notice of a recurring plan about to renew (定期定額續扣通知): before
// each coming charge of a NewebPay periodic plan (not the first, which
// the member has just paid), the member is told the plan, the amount and
// the day, and how to end or freeze it.

// RenewalNoticeDays and RenewalNoticeHour place the notice: three days
// before the charge day, at 10:00 Taipei. Three days leave the member time
// to end the plan in the member centre (the refund request ends its
// mandate at once) before NewebPay charges, yet are near enough to be
// remembered; 10:00 is a working morning, not a message at night. A
// constant rather than a brand setting: it is the storefront's promise
// about the member's money, the same for every studio.
const (
	RenewalNoticeDays = 3
	RenewalNoticeHour = 10
)

// RenewalNoticed is whether a plan of periodType gets a renewal notice:
// monthly and yearly plans do. A weekly plan does not: a notice three
// days before every weekly charge would be a message every few days, of
// a charge the member sees each week anyway; daily plans are not sold.
func RenewalNoticed(periodType string) bool { return periodType == "M" || periodType == "Y" }

// maxChargeGap bounds the search for a plan's next charge day: four
// years and a day reach a yearly plan's 29 February.
const maxChargeGap = 4*366 + 1

// NextChargeDay is the first charge day of a plan of periodType and
// periodPoint after day after (chargeDay: NewebPay's fixed days); ok is
// false for a type or point it cannot place.
//
//	M "22", after 2026-11-22 -> 2026-12-22
//	M "31", after 2027-01-31 -> 2027-02-28 (February's last day)
//	Y "0229", after 2027-02-28 -> 2028-02-29
func NextChargeDay(periodType, periodPoint string, after TaipeiDay) (TaipeiDay, bool) {
	charges, ok := chargeDay(periodType, periodPoint)
	if !ok {
		return TaipeiDay{}, false
	}
	for d, n := after.AddDays(1), 0; n < maxChargeGap; d, n = d.AddDays(1), n+1 {
		if charges(d) {
			return d, true
		}
	}
	return TaipeiDay{}, false
}

// RenewalNotice is the notice of the charge that follows one on day
// charged, for a plan of periodType and periodPoint, at now: the coming
// charge's day and when the notice is due (RenewalNoticeDays before it at
// RenewalNoticeHour; a moment already past when queued: due at once). ok
// is false when there is none: a plan without notices (RenewalNoticed),
// a point it cannot place, or the coming charge day already begun.
func RenewalNotice(periodType, periodPoint string, charged TaipeiDay, now time.Time) (charge TaipeiDay, at time.Time, ok bool) {
	if !RenewalNoticed(periodType) {
		return TaipeiDay{}, time.Time{}, false
	}
	charge, ok = NextChargeDay(periodType, periodPoint, charged)
	if !ok || !now.Before(charge.Start()) {
		return TaipeiDay{}, time.Time{}, false
	}
	return charge, charge.AddDays(-RenewalNoticeDays).Start().Add(RenewalNoticeHour * time.Hour), true
}

// RenewalFacts are what a renewal notice's job finds, in its transaction,
// about the plan and its coming charge.
type RenewalFacts struct {
	Paid     bool // the order is paid (not refunded)
	Active   bool // a mandate of it is active at NewebPay
	Refund   bool // its member asked for a refund (which ends the plan)
	Failed   bool // a declined period is unpaid (its own mail went)
	Gone     bool // the member deleted their account
	Period   int  // the period the notice is about
	Periods  int  // the plan's periods
	Last     int  // the last period charged (0: none)
	Charge   TaipeiDay
	FrozenTo TaipeiDay // the last day of an approved freeze over Charge (zero: none)
}

// RenewalStep is what a renewal notice's job does.
type RenewalStep int

// The steps of a renewal notice.
const (
	RenewalSend  RenewalStep = iota // tell the member
	RenewalNone                     // send nothing: the plan ended, failed, or the charge is past
	RenewalLater                    // the charge day is frozen: NewebPay charges the period after the freeze
)

// RenewalNext is what a renewal notice's job does at now with facts f:
// it sends only for a plan still running (paid, its mandate active, no
// refund asked, no declined period unpaid, its member not gone) whose
// period is still to come (not charged, within the plan, its day not
// begun); a freeze over the day moves the notice to the first charge
// day after the freeze (RenewalLater).
//
//	a running plan, period 3 of 12 on 2026-12-22, at 2026-12-19 10:00: send
//	its member asked for a refund: none
//	period 3 charged already (a late job): none
//	frozen 2026-12-15..2027-01-10 over the 22nd: later
func RenewalNext(f RenewalFacts, now time.Time) RenewalStep {
	switch {
	case !f.Paid, !f.Active, f.Refund, f.Failed, f.Gone:
		return RenewalNone
	case f.Period <= f.Last, f.Period > f.Periods, !now.Before(f.Charge.Start()):
		return RenewalNone
	case !f.FrozenTo.IsZero():
		return RenewalLater
	}
	return RenewalSend
}
