package rules

import (
	"slices"
	"testing"
	"time"
)

func TestTimingPoints(t *testing.T) {
	rec := func(expired, active, available bool, amt int) TimingRecord {
		return TimingRecord{ExpiredStatus: expired, ActiveStatus: active, AvailableStatus: available, CountingPasscardRemainAmt: amt}
	}
	cases := []struct {
		name              string
		records           []TimingRecord
		remain, notActive int
	}{
		{"no records", nil, 0, 0},
		{"one active card", []TimingRecord{rec(false, true, true, 300)}, 300, 0},
		{"one card not yet active", []TimingRecord{rec(false, false, true, 600)}, 0, 600},
		{"expired active card counts nowhere", []TimingRecord{rec(true, true, true, 100)}, 0, 0},
		{"expired inactive card counts nowhere", []TimingRecord{rec(true, false, true, 100)}, 0, 0},
		{"unavailable active card counts nowhere", []TimingRecord{rec(false, true, false, 50)}, 0, 0},
		{"unavailable inactive card counts nowhere", []TimingRecord{rec(false, false, false, 50)}, 0, 0},
		{"sums per group", []TimingRecord{
			rec(false, true, true, 300), rec(false, true, true, 45), rec(false, false, true, 600),
			rec(false, false, true, 1500), rec(true, true, true, 999), rec(false, true, false, 70),
		}, 345, 2100},
		{"zero amounts", []TimingRecord{rec(false, true, true, 0), rec(false, false, true, 0)}, 0, 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r, n := TimingPoints(c.records)
			if r != c.remain || n != c.notActive {
				t.Fatalf("TimingPoints = (%d, %d); want (%d, %d)", r, n, c.remain, c.notActive)
			}
		})
	}
}

func TestVisitMinutes(t *testing.T) {
	at := func(h, m, s int) time.Time { return time.Date(2026, 11, 23, h, m, s, 0, Taipei) }
	cases := []struct {
		name       string
		start, end time.Time
		want       int
	}{
		{"twenty seconds is a minute", at(10, 0, 0), at(10, 0, 20), 1},
		{"an hour and a half", at(10, 0, 0), at(11, 30, 0), 90},
		{"a started minute counts whole", at(10, 0, 0), at(11, 30, 1), 91},
		{"no time at all is a minute", at(10, 0, 0), at(10, 0, 0), 1},
		{"a clock that went back is a minute", at(10, 0, 0), at(9, 59, 0), 1},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := VisitMinutes(c.start, c.end); got != c.want {
				t.Errorf("VisitMinutes = %d; want %d", got, c.want)
			}
		})
	}
}

func TestChargeMinutes(t *testing.T) {
	cases := []struct {
		name    string
		remains []int
		minutes int
		take    []int
		overdue int
	}{
		{"the first card pays all", []int{100, 50}, 40, []int{40, 0}, 0},
		{"the first card runs out, the second pays the rest", []int{30, 100}, 50, []int{30, 20}, 0},
		{"not enough: the rest is overdue", []int{30}, 50, []int{30}, 20},
		{"no cards: all overdue", nil, 15, []int{}, 15},
		{"an empty card gives nothing", []int{0, 10}, 5, []int{0, 5}, 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			take, overdue := ChargeMinutes(c.remains, c.minutes)
			if !slices.Equal(take, c.take) || overdue != c.overdue {
				t.Errorf("ChargeMinutes = %v, %d; want %v, %d", take, overdue, c.take, c.overdue)
			}
		})
	}
}
