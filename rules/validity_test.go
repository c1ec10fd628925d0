package rules

import (
	"testing"
	"time"
)

func day(t *testing.T, s string) TaipeiDay {
	t.Helper()
	d, err := ParseDay(s)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

func TestValidUntil(t *testing.T) {
	for _, c := range []struct {
		name, start string
		value       int
		unit, want  string
	}{
		{name: "a month, mid-month", start: "2026-01-15", value: 1, unit: "M", want: "2026-02-14"},
		{name: "a month from the 31st: February's last day", start: "2026-01-31", value: 1, unit: "M", want: "2026-02-28"},
		{name: "a month from the 30th: February's last day", start: "2026-01-30", value: 1, unit: "1M", want: "2026-02-28"},
		{name: "a month from the 31st in a leap year", start: "2028-01-31", value: 1, unit: "M", want: "2028-02-29"},
		{name: "a month from the 28th of February", start: "2026-02-28", value: 1, unit: "M", want: "2026-03-27"},
		{name: "three months over the year end", start: "2026-11-30", value: 3, unit: "M", want: "2027-02-28"},
		{name: "a month from the 31st to a 30-day month", start: "2026-03-31", value: 1, unit: "M", want: "2026-04-30"},
		{name: "a year from a leap day", start: "2028-02-29", value: 1, unit: "Y", want: "2029-02-28"},
		{name: "a year", start: "2026-11-23", value: 1, unit: "1Y", want: "2027-11-22"},
		{name: "four years from a leap day", start: "2028-02-29", value: 4, unit: "Y", want: "2032-02-28"},
		{name: "two weeks", start: "2026-11-23", value: 2, unit: "W", want: "2026-12-06"},
		{name: "one day is the day itself", start: "2026-11-23", value: 1, unit: "D", want: "2026-11-23"},
		{name: "30 days over a month end", start: "2026-02-15", value: 30, unit: "1D", want: "2026-03-16"},
	} {
		t.Run(c.name, func(t *testing.T) {
			got, ok := ValidUntil(day(t, c.start), c.value, c.unit)
			if !ok || got.String() != c.want {
				t.Errorf("ValidUntil(%s, %d%s) = %s, %v; want %s", c.start, c.value, c.unit, got, ok, c.want)
			}
		})
	}
	for _, bad := range []struct {
		value int
		unit  string
	}{{value: 0, unit: "M"}, {value: -1, unit: "D"}, {value: 1, unit: "X"}, {value: 1, unit: ""}} {
		if _, ok := ValidUntil(day(t, "2026-01-01"), bad.value, bad.unit); ok {
			t.Errorf("ValidUntil(%d%s) ok; want refused", bad.value, bad.unit)
		}
	}
}

// TestDateOfIsTaipei: the day of an instant is its Taipei day, not UTC's.
func TestDayOfIsTaipei(t *testing.T) {
	for _, c := range []struct {
		name string
		at   time.Time
		want string
	}{
		{name: "23:30 Taipei is still that day", at: time.Date(2026, 11, 23, 15, 30, 0, 0, time.UTC), want: "2026-11-23"},
		{name: "00:30 Taipei is the next day while UTC is on the day before", at: time.Date(2026, 11, 23, 16, 30, 0, 0, time.UTC), want: "2026-11-24"},
		{name: "new year in Taipei before UTC", at: time.Date(2026, 12, 31, 16, 0, 0, 0, time.UTC), want: "2027-01-01"},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := DayOf(c.at).String(); got != c.want {
				t.Errorf("DayOf(%s) = %s; want %s", c.at, got, c.want)
			}
		})
	}
}

func TestPeriodOf(t *testing.T) {
	for _, c := range []struct {
		name             string
		h                Holding
		active           bool
		start, end       string
		covers, outsides []string
	}{
		{name: "immediately, a month", h: Holding{StartType: StartImmediately, PaidOn: day(t, "2026-11-23"), ValidityValue: 1, ValidityUnit: "M"},
			active: true, start: "2026-11-23", end: "2026-12-22", covers: []string{"2026-11-23", "2026-12-22"}, outsides: []string{"2026-11-22", "2026-12-23"}},
		{name: "booking, not used yet: waits, any day can start it", h: Holding{StartType: StartBooking, PaidOn: day(t, "2026-11-23"), ValidityValue: 1, ValidityUnit: "M"},
			active: false, start: "", end: "", covers: []string{"2027-06-01"}, outsides: nil},
		{name: "booking, first class on a month end", h: Holding{StartType: StartBooking, FirstUse: day(t, "2027-01-31"), ValidityValue: 1, ValidityUnit: "M"},
			active: true, start: "2027-01-31", end: "2027-02-28", covers: []string{"2027-02-28"}, outsides: []string{"2027-01-30", "2027-03-01"}},
		{name: "attend, first check-in", h: Holding{StartType: StartAttend, FirstUse: day(t, "2026-12-01"), ValidityValue: 10, ValidityUnit: "D"},
			active: true, start: "2026-12-01", end: "2026-12-10", covers: []string{"2026-12-10"}, outsides: []string{"2026-12-11"}},
		{name: "custom start", h: Holding{StartType: StartCustom, PaidOn: day(t, "2026-11-23"), ChosenStart: day(t, "2026-12-10"), ValidityValue: 1, ValidityUnit: "W"},
			active: true, start: "2026-12-10", end: "2026-12-16", covers: []string{"2026-12-10"}, outsides: []string{"2026-11-23", "2026-12-17"}},
		{name: "operator's start, no end", h: Holding{StartType: StartAdminCustom, ChosenStart: day(t, "2027-01-01")},
			active: true, start: "2027-01-01", end: "", covers: []string{"2030-01-01"}, outsides: []string{"2026-12-31"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			p := PeriodOf(c.h)
			start, end := "", ""
			if !p.Start.IsZero() {
				start = p.Start.String()
			}
			if !p.End.IsZero() {
				end = p.End.String()
			}
			if p.Active != c.active || start != c.start || end != c.end {
				t.Errorf("PeriodOf = active %v %s..%s; want %v %s..%s", p.Active, start, end, c.active, c.start, c.end)
			}
			for _, d := range c.covers {
				if !p.Covers(day(t, d)) {
					t.Errorf("does not cover %s", d)
				}
			}
			for _, d := range c.outsides {
				if p.Covers(day(t, d)) {
					t.Errorf("covers %s", d)
				}
			}
		})
	}
}

func TestCheckCustomStart(t *testing.T) {
	today := day(t, "2026-11-23")
	for _, c := range []struct {
		chosen string
		ok     bool
	}{{chosen: "2026-11-23", ok: true}, {chosen: "2026-12-23", ok: true}, {chosen: "2026-12-24", ok: false}, {chosen: "2026-11-22", ok: false}} {
		if err := CheckCustomStart(today, day(t, c.chosen)); (err == nil) != c.ok {
			t.Errorf("CheckCustomStart(%s) = %v; want ok %v", c.chosen, err, c.ok)
		}
	}
}

// TestHoldingState on a frozen clock: Tuesday 2026-11-24, at hours that
// are another day in UTC.
func TestHoldingState(t *testing.T) {
	for _, c := range []struct {
		name, start, end string
		now              time.Time
		want             string
	}{
		{name: "a set start a week ahead", start: "2026-12-02", end: "2027-12-01", now: time.Date(2026, 11, 24, 10, 0, 0, 0, Taipei), want: HoldingNotActive},
		{name: "starts tomorrow, 23:59 in Taipei", start: "2026-11-25", end: "", now: time.Date(2026, 11, 24, 23, 59, 0, 0, Taipei), want: HoldingNotActive},
		{name: "starts today, 00:30 in Taipei (the day before in UTC)", start: "2026-11-24", end: "", now: time.Date(2026, 11, 23, 16, 30, 0, 0, time.UTC), want: HoldingActive},
		{name: "no start yet", start: "", end: "", now: time.Date(2026, 11, 24, 10, 0, 0, 0, Taipei), want: HoldingNotActive},
		{name: "started, no end", start: "2026-01-01", end: "", now: time.Date(2026, 11, 24, 10, 0, 0, 0, Taipei), want: HoldingActive},
		{name: "its last day", start: "2026-10-25", end: "2026-11-24", now: time.Date(2026, 11, 24, 23, 59, 0, 0, Taipei), want: HoldingActive},
		{name: "ended yesterday", start: "2026-10-24", end: "2026-11-23", now: time.Date(2026, 11, 24, 0, 1, 0, 0, Taipei), want: HoldingExpired},
		{name: "ended, never started", start: "", end: "2026-11-23", now: time.Date(2026, 11, 24, 10, 0, 0, 0, Taipei), want: HoldingExpired},
	} {
		t.Run(c.name, func(t *testing.T) {
			var start, end TaipeiDay
			if c.start != "" {
				start = day(t, c.start)
			}
			if c.end != "" {
				end = day(t, c.end)
			}
			if got := HoldingState(start, end, DayOf(c.now)); got != c.want {
				t.Errorf("HoldingState(%s, %s, %s) = %s; want %s", c.start, c.end, c.now, got, c.want)
			}
		})
	}
}
