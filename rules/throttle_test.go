package rules

import (
	"testing"
	"time"
)

func TestThrottleWait(t *testing.T) {
	now := time.Date(2026, 11, 22, 10, 0, 0, 0, time.UTC)
	l := AccountLimits
	ago := func(d time.Duration) time.Time { return now.Add(-d) }
	cases := []struct {
		name string
		t    Throttle
		want time.Duration
	}{
		{name: "fresh key", t: Throttle{}, want: 0},
		{name: "two failures: free", t: Throttle{Failures: 2, WindowStart: ago(time.Minute), LastFailure: now}, want: 0},
		{name: "third failure just now: 1 s", t: Throttle{Failures: 3, WindowStart: ago(time.Minute), LastFailure: ago(500 * time.Millisecond)}, want: 500 * time.Millisecond},
		{name: "third failure 2 s ago: go", t: Throttle{Failures: 3, WindowStart: ago(time.Minute), LastFailure: ago(2 * time.Second)}, want: 0},
		{name: "fifth failure 1 s ago: 4 s delay", t: Throttle{Failures: 5, WindowStart: ago(time.Minute), LastFailure: ago(time.Second)}, want: 3 * time.Second},
		{name: "ninth failure: capped at 30 s", t: Throttle{Failures: 9, WindowStart: ago(time.Minute), LastFailure: now}, want: 30 * time.Second},
		{name: "huge count stays capped", t: Throttle{Failures: 500, WindowStart: ago(time.Minute), LastFailure: now}, want: 30 * time.Second},
		{name: "locked", t: Throttle{WindowStart: now, LastFailure: now, LockedUntil: now.Add(10 * time.Minute)}, want: 10 * time.Minute},
		{name: "lock over", t: Throttle{WindowStart: ago(20 * time.Minute), LastFailure: ago(20 * time.Minute), LockedUntil: ago(5 * time.Minute)}, want: 0},
		{name: "old window forgotten", t: Throttle{Failures: 9, WindowStart: ago(16 * time.Minute), LastFailure: now}, want: 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := l.Wait(c.t, now); got != c.want {
				t.Fatalf("Wait = %v; want %v", got, c.want)
			}
		})
	}
}

// TestThrottleLockEnds plays a stranger guessing an account's password as
// fast as the throttle lets them: the account locks on the 10th failure,
// for 15 minutes, and a guess refused during the lock does not extend it.
func TestThrottleLockEnds(t *testing.T) {
	l := AccountLimits
	now := time.Date(2026, 11, 22, 10, 0, 0, 0, time.UTC)
	var st Throttle
	for i := 1; i <= 10; i++ {
		now = now.Add(l.Wait(st, now))
		st = l.Fail(st, now)
	}
	if w := l.Wait(st, now); w != 15*time.Minute {
		t.Fatalf("after 10 failures wait %v; want the 15-minute lock", w)
	}
	lockEnd := st.LockedUntil
	// refused tries are not recorded (the caller does not call Fail), so
	// the lock ends when it said
	if w := l.Wait(st, lockEnd); w != 0 {
		t.Fatalf("the lock did not end on time: wait %v", w)
	}
	// after the lock the key starts over with its free tries
	st = l.Fail(st, lockEnd)
	if st.Failures != 1 || !st.LockedUntil.IsZero() {
		t.Fatalf("after the lock: %+v; want a fresh window with one failure", st)
	}
}
