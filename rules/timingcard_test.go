package rules

import (
	"slices"
	"strings"
	"testing"
	"time"
)

func TestTimingPoints(t *testing.T) {
	// rec is a record in the states its words name ("expired", "active",
	// "available"); a state not named is false.
	rec := func(states string, amt int) TimingRecord {
		is := func(w string) bool { return slices.Contains(strings.Fields(states), w) }
		return TimingRecord{ExpiredStatus: is("expired"), ActiveStatus: is("active"), AvailableStatus: is("available"), CountingPasscardRemainAmt: amt}
	}
	cases := []struct {
		name              string
		records           []TimingRecord
		remain, notActive int
	}{
		{name: "no records", records: nil, remain: 0, notActive: 0},
		{name: "one active card", records: []TimingRecord{rec("active available", 300)}, remain: 300, notActive: 0},
		{name: "one card not yet active", records: []TimingRecord{rec("available", 600)}, remain: 0, notActive: 600},
		{name: "expired active card counts nowhere", records: []TimingRecord{rec("expired active available", 100)}, remain: 0, notActive: 0},
		{name: "expired inactive card counts nowhere", records: []TimingRecord{rec("expired available", 100)}, remain: 0, notActive: 0},
		{name: "unavailable active card counts nowhere", records: []TimingRecord{rec("active", 50)}, remain: 0, notActive: 0},
		{name: "unavailable inactive card counts nowhere", records: []TimingRecord{rec("", 50)}, remain: 0, notActive: 0},
		{name: "sums per group", records: []TimingRecord{
			rec("active available", 300), rec("active available", 45), rec("available", 600),
			rec("available", 1500), rec("expired active available", 999), rec("active", 70),
		}, remain: 345, notActive: 2100},
		{name: "zero amounts", records: []TimingRecord{rec("active available", 0), rec("available", 0)}, remain: 0, notActive: 0},
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
		{name: "twenty seconds is a minute", start: at(10, 0, 0), end: at(10, 0, 20), want: 1},
		{name: "an hour and a half", start: at(10, 0, 0), end: at(11, 30, 0), want: 90},
		{name: "a started minute counts whole", start: at(10, 0, 0), end: at(11, 30, 1), want: 91},
		{name: "no time at all is a minute", start: at(10, 0, 0), end: at(10, 0, 0), want: 1},
		{name: "a clock that went back is a minute", start: at(10, 0, 0), end: at(9, 59, 0), want: 1},
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
		{name: "the first card pays all", remains: []int{100, 50}, minutes: 40, take: []int{40, 0}, overdue: 0},
		{name: "the first card runs out, the second pays the rest", remains: []int{30, 100}, minutes: 50, take: []int{30, 20}, overdue: 0},
		{name: "not enough: the rest is overdue", remains: []int{30}, minutes: 50, take: []int{30}, overdue: 20},
		{name: "no cards: all overdue", remains: nil, minutes: 15, take: []int{}, overdue: 15},
		{name: "an empty card gives nothing", remains: []int{0, 10}, minutes: 5, take: []int{0, 5}, overdue: 0},
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
