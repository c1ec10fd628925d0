package rules

import (
	"errors"
	"testing"
)

// TestCardChangeMandate: a declined period is charged at once, then the
// periods after the last one charged; none declined: a ten-dollar check
// for the periods left, refused when only a failed card may change or
// when none is left.
func TestCardChangeMandate(t *testing.T) {
	three := 3
	for _, c := range []struct {
		name        string
		periods     int
		last        int
		failed      *int
		onlyFailed  bool
		startType   int
		first       int // 0: none
		base, times int
		refusal     error
	}{
		{name: "period 3 declined, 5 charged", periods: 12, last: 5, failed: &three, startType: 2, first: 3, base: 4, times: 8},
		{name: "none declined: a check for the 7 left", periods: 12, last: 5, startType: 1, base: 5, times: 7},
		{name: "none declined, only a failed card", periods: 12, last: 5, onlyFailed: true, refusal: ErrNotFailed},
		{name: "every period charged", periods: 12, last: 12, refusal: ErrRecurringDone},
	} {
		p, err := CardChangeMandate(c.periods, c.last, c.failed, c.onlyFailed)
		if c.refusal != nil {
			if !errors.Is(err, c.refusal) {
				t.Errorf("%s: %v; want %v", c.name, err, c.refusal)
			}
			continue
		}
		first := 0
		if p.First != nil {
			first = *p.First
		}
		if err != nil || p.StartType != c.startType || first != c.first || p.Base != c.base || p.Times != c.times {
			t.Errorf("%s: %+v (first %d), %v", c.name, p, first, err)
		}
	}
	if p := FirstMandate(12); p.StartType != 2 || *p.First != 1 || p.Base != 0 || p.Times != 12 {
		t.Errorf("first mandate %+v", p)
	}
}

// TestMandateCreated: every mandate state x the creation's result.
func TestMandateCreated(t *testing.T) {
	for _, c := range []struct {
		from   string
		paid   bool
		to     string
		ignore bool
	}{
		{from: MandatePending, paid: true, to: MandateActive},
		{from: MandatePending, paid: false, to: MandateFailed},
		{from: MandateActive, paid: true, ignore: true},
		{from: MandateActive, paid: false, ignore: true},
		{from: MandateFailed, paid: true, ignore: true},
		{from: MandateFailed, paid: false, ignore: true},
		{from: MandateTerminated, paid: true, ignore: true},
		{from: MandateTerminated, paid: false, ignore: true},
	} {
		if to, ignore := MandateCreated(c.from, c.paid); to != c.to || ignore != c.ignore {
			t.Errorf("%s, paid %v: %q ignore %v", c.from, c.paid, to, ignore)
		}
	}
}

// TestChargedPeriod: a later charge of a mandate made is its base plus
// the provider's count, within the plan; a mandate not made takes none.
func TestChargedPeriod(t *testing.T) {
	for _, c := range []struct {
		state        string
		base, times  int
		period       int
		refusedCause error // nil: taken
	}{
		{state: MandateActive, base: 0, times: 2, period: 2},
		{state: MandateTerminated, base: 4, times: 1, period: 5}, // the old card charged before it ended
		{state: MandateActive, base: 4, times: 9, period: 0, refusedCause: errOutside},
		{state: MandateActive, base: 0, times: 0, period: 0, refusedCause: errOutside},
		{state: MandatePending, base: 0, times: 1, refusedCause: ErrMandateNotActive},
		{state: MandateFailed, base: 0, times: 1, refusedCause: ErrMandateNotActive},
	} {
		got, err := ChargedPeriod(c.state, c.base, c.times, 12)
		switch {
		case c.refusedCause == ErrMandateNotActive && !errors.Is(err, ErrMandateNotActive),
			c.refusedCause == errOutside && err == nil,
			c.refusedCause == nil && (err != nil || got != c.period):
			t.Errorf("%s %d+%d: %d, %v", c.state, c.base, c.times, got, err)
		}
	}
}

var errOutside = errors.New("outside the plan")

// TestPeriodNext: every prior charge x paid or declined; a second trade
// for a paid period is a duplicate, the same trade (or none) a replay.
func TestPeriodNext(t *testing.T) {
	for _, c := range []struct {
		prior, priorTrade string
		paid              bool
		trade             string
		step              PeriodStep
	}{
		{prior: "", paid: true, trade: "T1", step: PeriodApply},
		{prior: "", paid: false, step: PeriodApply},
		{prior: ChargeFailed, priorTrade: "", paid: true, trade: "T1", step: PeriodApply},
		{prior: ChargeFailed, paid: false, step: PeriodReplay},
		{prior: ChargePaid, priorTrade: "T1", paid: true, trade: "T1", step: PeriodReplay},
		{prior: ChargePaid, priorTrade: "T1", paid: true, trade: "", step: PeriodReplay},
		{prior: ChargePaid, priorTrade: "T1", paid: true, trade: "T2", step: PeriodDuplicate},
		{prior: ChargePaid, priorTrade: "T1", paid: false, trade: "T2", step: PeriodReplay},
	} {
		if got := PeriodNext(c.prior, c.paid, c.priorTrade, c.trade); got != c.step {
			t.Errorf("%+v: %d", c, got)
		}
	}
}

// TestACHNext: every mandate state x approved or not: only a pending
// mandate takes an answer.
func TestACHNext(t *testing.T) {
	for _, c := range []struct {
		from     string
		approved bool
		to       string
		refused  bool
	}{
		{from: ACHPending, approved: true, to: ACHApproved},
		{from: ACHPending, approved: false, to: ACHRejected},
		{from: ACHApproved, approved: true, refused: true},
		{from: ACHApproved, approved: false, refused: true},
		{from: ACHRejected, approved: true, refused: true},
		{from: ACHRejected, approved: false, refused: true},
	} {
		to, err := ACHNext(c.from, c.approved)
		if to != c.to || errors.Is(err, ErrMandateAnswered) != c.refused {
			t.Errorf("%s, approved %v: %q, %v", c.from, c.approved, to, err)
		}
	}
}
