package rules

import (
	"testing"
	"time"
)

func TestNoShow(t *testing.T) {
	end := at(t, "2026-12-01 20:00")
	for _, c := range []struct {
		name   string
		status string
		now    string
		want   bool
	}{
		{"booked, the class still on", "booked", "2026-12-01 19:59", false},
		{"booked, the class over", "booked", "2026-12-01 20:00", true},
		{"booked, the next day", "booked", "2026-12-02 09:00", true},
		{"checked in", "attended", "2026-12-02 09:00", false},
		{"cancelled", "cancelled", "2026-12-02 09:00", false},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := NoShow(c.status, end, at(t, c.now)); got != c.want {
				t.Errorf("NoShow = %v; want %v", got, c.want)
			}
		})
	}
}

func TestSuspended(t *testing.T) {
	three := StrikePolicy{Strikes: 3, WithinDays: 30, SuspendDays: 7}
	times := func(ss ...string) []time.Time {
		out := make([]time.Time, len(ss))
		for i, s := range ss {
			out[i] = at(t, s)
		}
		return out
	}
	for _, c := range []struct {
		name      string
		policy    StrikePolicy
		strikes   []time.Time
		now       string
		wantUntil string // "" not suspended
	}{
		{"no policy", StrikePolicy{}, times("2026-11-01 10:00", "2026-11-02 10:00", "2026-11-03 10:00"), "2026-11-04 10:00", ""},
		{"two strikes of three", three, times("2026-11-01 10:00", "2026-11-02 10:00"), "2026-11-03 10:00", ""},
		{"three within thirty days", three, times("2026-11-01 10:00", "2026-11-15 10:00", "2026-11-25 20:00"), "2026-11-27 12:00", "2026-12-02 20:00"},
		{"three in any order", three, times("2026-11-25 20:00", "2026-11-01 10:00", "2026-11-15 10:00"), "2026-11-27 12:00", "2026-12-02 20:00"},
		{"the suspension's last minute", three, times("2026-11-01 10:00", "2026-11-15 10:00", "2026-11-25 20:00"), "2026-12-02 19:59", "2026-12-02 20:00"},
		{"ended after seven days", three, times("2026-11-01 10:00", "2026-11-15 10:00", "2026-11-25 20:00"), "2026-12-02 20:00", ""},
		{"three spread over more than thirty days", three, times("2026-10-20 10:00", "2026-11-15 10:00", "2026-11-25 20:00"), "2026-11-27 12:00", ""},
		{"exactly thirty days apart is not within", three, times("2026-10-26 20:00", "2026-11-15 10:00", "2026-11-25 20:00"), "2026-11-27 12:00", ""},
		{"the first three slide out, the last three count", three, times("2026-09-01 10:00", "2026-10-20 10:00", "2026-11-15 10:00", "2026-11-20 10:00", "2026-11-25 20:00"), "2026-11-27 12:00", "2026-12-02 20:00"},
		{"strikes a suspension counted are spent", three, times("2026-11-01 10:00", "2026-11-02 10:00", "2026-11-03 10:00", "2026-11-20 10:00"), "2026-11-21 10:00", ""},
		{"three new strikes suspend again", three, times("2026-11-01 10:00", "2026-11-02 10:00", "2026-11-03 10:00", "2026-11-20 10:00", "2026-11-21 10:00", "2026-11-22 10:00"), "2026-11-23 10:00", "2026-11-29 10:00"},
		{"a strike still to come does not count", three, times("2026-11-01 10:00", "2026-11-02 10:00", "2026-11-28 10:00"), "2026-11-27 12:00", ""},
		{"one strike suspends when the brand says one", StrikePolicy{Strikes: 1, WithinDays: 1, SuspendDays: 3}, times("2026-11-26 19:00"), "2026-11-27 12:00", "2026-11-29 19:00"},
	} {
		t.Run(c.name, func(t *testing.T) {
			s, ok := Suspended(c.policy, c.strikes, at(t, c.now))
			switch {
			case c.wantUntil == "" && ok:
				t.Errorf("suspended until %v; want none", s.Until)
			case c.wantUntil != "" && (!ok || !s.Until.Equal(at(t, c.wantUntil))):
				t.Errorf("suspended %v until %v; want until %s", ok, s.Until, c.wantUntil)
			}
		})
	}
}
