package rules

import (
	"fmt"
	"storefront"
)

// The recurring (NewebPay periodic) order's own tables, beside the order
// state table (order.go): its mandates and its periods. The order is paid
// by the first period of its first mandate (EventPay); every later
// period, and the refund of a period charged twice, is EventPeriod.

// Mandate states: pending until the provider reports its creation, then
// active (or failed: its card was declined), terminated once a card change
// replaced it.
const (
	MandatePending    = "pending"
	MandateActive     = "active"
	MandateFailed     = "failed"
	MandateTerminated = "terminated"
)

// MandateStates lists every mandate state.
var MandateStates = []string{MandatePending, MandateActive, MandateFailed, MandateTerminated}

// Charge states of one period of a recurring order ("" none yet).
const (
	ChargePaid   = "paid"
	ChargeFailed = "failed"
)

// MaxMandates caps the mandates one order may start (hand-offs and card
// changes): a reloading page cannot fill the table.
const MaxMandates = 40

// MandatePlan is how a new mandate charges: StartType 2 charges period
// First at its creation, 1 makes a ten-dollar check; its period
// AlreadyTimes n is the order's period Base+n, and it runs Times periods.
type MandatePlan struct {
	StartType   int
	First       *int
	Base, Times int
}

// Refusals of a recurring order's mandates.
var (
	ErrRecurringDone    = &storefront.Error{Kind: storefront.KindConflict, Code: storefront.CodeRecurringDone}
	ErrNotFailed        = &storefront.Error{Kind: storefront.KindConflict, Code: storefront.CodeNotPaymentFailed}
	ErrTooManyMandates  = &storefront.Error{Kind: storefront.KindConflict, Code: storefront.CodeRecurringDone, Message: storefront.TextTooManyMandates}
	ErrMandateNotActive = &storefront.Error{Kind: storefront.KindConflict, Code: storefront.CodePaymentFailed, Message: storefront.TextMandateNotActive}
)

// FirstMandate is the order's first mandate: it charges period 1 at once
// and runs every period.
func FirstMandate(periods int) MandatePlan {
	one := 1
	return MandatePlan{StartType: 2, First: &one, Base: 0, Times: periods}
}

// CardChangeMandate is a card change's mandate for a plan of periods,
// last charged, with failed the declined period not paid since (nil:
// none): it charges the declined period at once, then runs the periods
// after the last one charged; with none declined it makes a ten-dollar
// check and runs the periods left (onlyFailed refuses that, ErrNotFailed;
// none left is ErrRecurringDone).
func CardChangeMandate(periods, last int, failed *int, onlyFailed bool) (MandatePlan, error) {
	switch {
	case failed != nil:
		return MandatePlan{StartType: 2, First: failed, Base: last - 1, Times: 1 + periods - last}, nil
	case onlyFailed:
		return MandatePlan{}, ErrNotFailed
	case periods-last < 1:
		return MandatePlan{}, ErrRecurringDone
	}
	return MandatePlan{StartType: 1, Base: last, Times: periods - last}, nil
}

// MandateCreated is what a mandate's creation result does to a mandate in
// state from: a pending one becomes active (its card charged or checked)
// or failed (declined); any other has had its result (ignore: a replay).
func MandateCreated(from string, paid bool) (to string, ignore bool) {
	switch {
	case from != MandatePending:
		return "", true
	case paid:
		return MandateActive, false
	}
	return MandateFailed, false
}

// ChargedPeriod is the order's period a later charge of a mandate in state
// (its period alreadyTimes, the mandate's base) pays, within the plan's
// periods: refused while the mandate is not made (pending, failed) or
// outside the plan.
func ChargedPeriod(state string, base, alreadyTimes, periods int) (int, error) {
	if state == MandatePending || state == MandateFailed {
		return 0, ErrMandateNotActive
	}
	return PeriodWithin(base+alreadyTimes, periods)
}

// PeriodWithin refuses a period outside a plan of periods.
func PeriodWithin(period, periods int) (int, error) {
	if period < 1 || period > periods {
		return 0, &storefront.Error{Kind: storefront.KindInvalid, Code: storefront.CodePaymentFailed, Message: fmt.Sprintf(storefront.TextPeriodOutside, period)}
	}
	return period, nil
}

// PeriodStep is what a charge does to its period.
type PeriodStep int

// The steps of a period.
const (
	PeriodApply     PeriodStep = iota // record it: the period is now paid or declined
	PeriodReplay                      // nothing: a repeat, or a decline of a period paid
	PeriodDuplicate                   // a second trade paid a paid period: refund it
)

// PeriodNext is what a charge (paid or declined, by trade) does to a
// period whose charge is prior ("" none, ChargePaid, ChargeFailed, paid by
// priorTrade): a period changes once, from none, or from declined to paid;
// a paid period never goes back to declined.
func PeriodNext(prior string, paid bool, priorTrade, trade string) PeriodStep {
	switch {
	case prior == "", prior == ChargeFailed && paid:
		return PeriodApply
	case prior == ChargePaid && paid && trade != "" && trade != priorTrade:
		return PeriodDuplicate
	}
	return PeriodReplay
}
