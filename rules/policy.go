package rules

import (
	"slices"
	"time"
)

// The late-cancel and no-show policy. A course may let a member cancel
// online after its cancellation deadline, until the class begins, with
// the entitlement the booking spent forfeited (Session.LateCancel; the
// cancel rule answers CancelLate); it may count a booking not checked in
// by the end of the class as a no-show (NoShow). The brand's Strikes
// policy turns late cancels and no-shows into a suspension of online
// booking (Suspended). Pure: the clock is passed in.

// Course policy values (courses.late_cancel, courses.no_show).
const (
	LateCancelRefused = "refused" // after the deadline, no online cancel (the default)
	LateCancelForfeit = "forfeit" // allowed until the start, the entitlement forfeited
	NoShowIgnored     = "ignored" // a booking not checked in is not counted (the default)
	NoShowCounted     = "counted" // it is a no-show, a strike towards a suspension
)

// NoShow reports whether a booking of status, for a class ending at end,
// is a no-show at now: still booked (not checked in, not cancelled) once
// the class has ended.
func NoShow(status string, end, now time.Time) bool {
	return status == "booked" && !now.Before(end)
}

// StrikePolicy is the brand's suspension rule: Strikes late cancels or
// no-shows within WithinDays days suspend online booking for SuspendDays
// days. Strikes 0: no suspension.
type StrikePolicy struct {
	Strikes, WithinDays, SuspendDays int
}

// On reports whether the policy can suspend anyone.
func (p StrikePolicy) On() bool { return p.Strikes > 0 && p.WithinDays > 0 && p.SuspendDays > 0 }

// Suspension is a suspension of a member's online booking: from the
// strike that caused it (From) until Until (exclusive).
type Suspension struct {
	From, Until time.Time
}

// Suspended works out the member's suspension at now from the moments of
// their strikes (a late cancel's moment, a no-show's class end), in any
// order: the strike that makes Strikes within WithinDays days (counted
// back from it, 24-hour days) suspends online booking for SuspendDays
// days from it. The strikes a suspension counted are spent: the next one
// counts only strikes after it. ok is false when none holds at now.
func Suspended(p StrikePolicy, strikes []time.Time, now time.Time) (s Suspension, ok bool) {
	if !p.On() {
		return Suspension{}, false
	}
	at := slices.Clone(strikes)
	slices.SortFunc(at, func(a, b time.Time) int { return a.Compare(b) })
	within := time.Duration(p.WithinDays) * 24 * time.Hour
	first := 0 // the first strike not spent
	var last Suspension
	for i := range at {
		if at[i].After(now) {
			break
		}
		j := i - p.Strikes + 1
		if j < first || at[i].Sub(at[j]) >= within {
			continue
		}
		last = Suspension{From: at[i], Until: at[i].Add(time.Duration(p.SuspendDays) * 24 * time.Hour)}
		first = i + 1
	}
	if last.Until.IsZero() || !now.Before(last.Until) {
		return Suspension{}, false
	}
	return last, true
}
