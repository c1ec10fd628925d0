package rules

import (
	"errors"

	"storefront"
)

// ErrNoSessionsLeft is a term class with no session left to join.
var ErrNoSessionsLeft = errors.New(storefront.TextNoSessionsLeft)

// ProRata is the price of joining a term class part-way: the class's
// price for the sessions still to come, remaining of total, rounded down
// to the whole NT dollar (the member never pays more than the sessions'
// share). Before the first session (remaining = total) it is the full
// price; with no session left it is ErrNoSessionsLeft.
//
// Example: NT$4,800 for 12 sessions, 7 left: 4800 × 7 / 12 = 2,800;
// NT$1,000 for 3 sessions, 1 left: 333.33… → 333.
func ProRata(price, total, remaining int) (int, error) {
	if remaining <= 0 || total <= 0 {
		return 0, ErrNoSessionsLeft
	}
	if remaining >= total {
		return price, nil
	}
	return price * remaining / total, nil
}

// OverdueAmount is what owedMinutes below zero of a counting passcard
// cost: every started block of unitMinutes costs unitPrice (rounded up to
// the block: 1 minute into a block pays the block). Nothing owed costs 0.
//
// Example: 10-minute blocks at NT$50, 23 minutes owed: 3 blocks = NT$150.
func OverdueAmount(owedMinutes, unitMinutes, unitPrice int) int {
	if owedMinutes <= 0 || unitMinutes <= 0 {
		return 0
	}
	blocks := (owedMinutes + unitMinutes - 1) / unitMinutes
	return blocks * unitPrice
}
