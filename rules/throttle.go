package rules

import "time"

// Throttle is the wrong-password state of one key (an account or an
// address).
type Throttle struct {
	Failures    int       // failures in the current window
	WindowStart time.Time // when the current window began
	LastFailure time.Time
	LockedUntil time.Time // zero: not locked
}

// ThrottleLimits say how a key slows down and locks.
type ThrottleLimits struct {
	Window    time.Duration // failures older than this are forgotten
	Free      int           // failures allowed without waiting
	MaxDelay  time.Duration // the longest wait between attempts while slowed down
	LockAfter int           // failures in a window that lock the key
	LockFor   time.Duration // how long a lock lasts
}

// AccountLimits throttle wrong passwords for one account: after 3 failures
// each try waits 1, 2, 4 ... up to 30 seconds after the last failure; the
// 10th failure within 15 minutes refuses the account for 15 minutes. Tries
// refused while waiting or locked do not count, so a stranger cannot make a
// lock last longer than 15 minutes, and a lock always ends.
var AccountLimits = ThrottleLimits{Window: 15 * time.Minute, Free: 3, MaxDelay: 30 * time.Second, LockAfter: 10, LockFor: 15 * time.Minute}

// AddressLimits throttle wrong passwords from one address (across
// accounts): looser, since many members may share an address. After 20
// failures each try waits 1, 2, 4, 8, then 10 seconds; the 60th failure
// within 15 minutes refuses the address for 15 minutes.
var AddressLimits = ThrottleLimits{Window: 15 * time.Minute, Free: 20, MaxDelay: 10 * time.Second, LockAfter: 60, LockFor: 15 * time.Minute}

// Wait returns how long the key must wait before its next try at now; 0
// means it may try now.
//
//	3 failures, the last 0.5 s ago      -> wait 0.5 s (delay 1 s)
//	5 failures, the last 1 s ago        -> wait 3 s (delay 4 s)
//	locked until 10 minutes from now    -> wait 10 minutes
//	5 failures, window began 16 min ago -> 0 (forgotten)
func (l ThrottleLimits) Wait(t Throttle, now time.Time) time.Duration {
	if now.Before(t.LockedUntil) {
		return t.LockedUntil.Sub(now)
	}
	if now.Sub(t.WindowStart) > l.Window || t.Failures < l.Free {
		return 0
	}
	delay := l.MaxDelay
	if shift := t.Failures - l.Free; shift < 16 {
		if d := time.Second << shift; d < delay {
			delay = d
		}
	}
	if left := t.LastFailure.Add(delay).Sub(now); left > 0 {
		return left
	}
	return 0
}

// Fail returns the key's state after a wrong password at now.
func (l ThrottleLimits) Fail(t Throttle, now time.Time) Throttle {
	if now.Sub(t.WindowStart) > l.Window || !t.LockedUntil.IsZero() && !now.Before(t.LockedUntil) {
		t = Throttle{WindowStart: now}
	}
	t.Failures++
	t.LastFailure = now
	if t.Failures >= l.LockAfter {
		t = Throttle{WindowStart: now, LastFailure: now, LockedUntil: now.Add(l.LockFor)}
	}
	return t
}
