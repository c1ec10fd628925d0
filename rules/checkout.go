package rules

import (
	"errors"
	"fmt"
	"time"

	"storefront"
)

// Checkout's rules: how many of a thing one order may buy, when
// an unpaid order expires, and what a paid line's holdings start as.

// MaxItemQuantity is how many of one item an order may buy.
const MaxItemQuantity = 10

// MaxSeats is how many seats of one class an order may buy when the brand
// lets a member book several (MULTI_BOOKING); otherwise one.
const MaxSeats = 5

// CheckQuantity checks the quantity of an order line: items 1 through
// MaxItemQuantity, course seats 1, or up to MaxSeats with multiBooking.
func CheckQuantity(course, multiBooking bool, q int) error {
	limit := MaxItemQuantity
	if course {
		limit = 1
		if multiBooking {
			limit = MaxSeats
		}
	}
	if q < 1 || q > limit {
		return errors.New(storefront.TextQuantityRange(limit))
	}
	return nil
}

// OrderExpiry is when an order created at created expires unpaid.
func OrderExpiry(created time.Time, ttl time.Duration) time.Time { return created.Add(ttl) }

// ProviderSays is what the payment provider answered the expiry worker
// about an order awaiting payment.
type ProviderSays int

// The provider's answers.
const (
	ProviderUnanswered ProviderSays = iota // could not be asked, or its answer did not verify
	ProviderUnpaid                         // a verified "not paid" (no trade, unpaid, failed, cancelled)
	ProviderPaid                           // a verified payment
)

// UnansweredBound is how long past its expiry an order awaiting payment
// waits for its provider to answer before it expires unverified: longer
// than a provider's outage usually lasts and than NewebPay's trade query
// stays locked after too many queries (4 hours), short enough that the
// seats an abandoned order holds come back the same day. A payment that
// arrives after still pays the expired order.
const UnansweredBound = 6 * time.Hour

// ExpiryStep is what the expiry worker does at now with an order awaiting
// payment, due at expiresAt, about which the provider said says.
//
//	paid                          -> settle (paid once, with its receipt)
//	unpaid                        -> expire
//	unanswered, within the bound  -> wait (ask again next round)
//	unanswered, past the bound    -> expire unverified
type ExpiryStep int

// The expiry worker's steps.
const (
	ExpiryWait ExpiryStep = iota
	ExpirySettle
	ExpiryExpire
	ExpiryExpireUnverified
)

// NextExpiryStep decides the expiry worker's step (ExpiryStep).
func NextExpiryStep(says ProviderSays, expiresAt, now time.Time) ExpiryStep {
	switch {
	case says == ProviderPaid:
		return ExpirySettle
	case says == ProviderUnpaid:
		return ExpiryExpire
	case now.Sub(expiresAt) >= UnansweredBound:
		return ExpiryExpireUnverified
	}
	return ExpiryWait
}

// Activation is what a paid line's holding starts as: active from Start
// through End (zero End: no end), or not active yet (BOOKING and ATTEND
// wait for the first booking or check-in).
//
//	IMMEDIATELY, paid 2026-11-23, 1M       -> active 2026-11-23 .. 2026-12-22
//	CUSTOM, chosen 2026-12-01, 1M          -> active 2026-12-01 .. 2026-12-31
//	ADMIN_CUSTOM, operator's 2027-01-01, 1Y -> active 2027-01-01 .. 2027-12-31
//	BOOKING or ATTEND                      -> not active, no dates
type Activation = Period

// ActivationOnPayment works out a line's holding when its order is paid at
// paid: the start type, the chosen start (CUSTOM: the buyer's date,
// ADMIN_CUSTOM: the operator's; zero otherwise) and the validity.
func ActivationOnPayment(startType string, paid time.Time, chosen TaipeiDay, validityValue int, validityUnit string) Activation {
	return PeriodOf(Holding{StartType: startType, PaidOn: DayOf(paid), ChosenStart: chosen,
		ValidityValue: validityValue, ValidityUnit: validityUnit})
}

// CheckoutStart checks the start date a buyer gives at checkout for an item
// of startType on today and returns the start its line records: CUSTOM
// needs a date from today through CustomStartDays ahead (CheckCustomStart's
// message otherwise); ADMIN_CUSTOM takes the operator's adminStart (the
// buyer's date is ignored); the other types record none.
func CheckoutStart(startType string, today TaipeiDay, chosen, adminStart string) (TaipeiDay, error) {
	switch startType {
	case StartCustom:
		if chosen == "" {
			return TaipeiDay{}, errors.New(storefront.TextChooseStart(CustomStartDays))
		}
		d, err := ParseDay(chosen)
		if err != nil {
			return TaipeiDay{}, err
		}
		return d, CheckCustomStart(today, d)
	case StartAdminCustom:
		if adminStart == "" {
			return TaipeiDay{}, nil
		}
		return ParseDay(adminStart)
	}
	return TaipeiDay{}, nil
}

// Thousands writes a TWD amount with thousands separators: 12999 -> 12,999.
func Thousands(n int) string {
	s := fmt.Sprint(n)
	neg := ""
	if n < 0 {
		neg, s = "-", s[1:]
	}
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return neg + s
}
