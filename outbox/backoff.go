package outbox

import "time"

// Backoff is the wait after attempt number attempts (1 = the first)
// failed: base, doubled per further attempt, at most max.
//
// Worked example with base 5s, max 15m: 5s, 10s, 20s, 40s, ... 10m40s, 15m, 15m.
func Backoff(base, max time.Duration, attempts int) time.Duration {
	d := base
	for i := 1; i < attempts && d < max; i++ {
		d *= 2
	}
	return min(d, max)
}
