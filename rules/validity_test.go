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
		{"a month, mid-month", "2026-01-15", 1, "M", "2026-02-14"},
		{"a month from the 31st: February's last day", "2026-01-31", 1, "M", "2026-02-28"},
		{"a month from the 30th: February's last day", "2026-01-30", 1, "1M", "2026-02-28"},
		{"a month from the 31st in a leap year", "2028-01-31", 1, "M", "2028-02-29"},
		{"a month from the 28th of February", "2026-02-28", 1, "M", "2026-03-27"},
		{"three months over the year end", "2026-11-30", 3, "M", "2027-02-28"},
		{"a month from the 31st to a 30-day month", "2026-03-31", 1, "M", "2026-04-30"},
		{"a year from a leap day", "2028-02-29", 1, "Y", "2029-02-28"},
		{"a year", "2026-11-23", 1, "1Y", "2027-11-22"},
		{"four years from a leap day", "2028-02-29", 4, "Y", "2032-02-28"},
		{"two weeks", "2026-11-23", 2, "W", "2026-12-06"},
		{"one day is the day itself", "2026-11-23", 1, "D", "2026-11-23"},
		{"30 days over a month end", "2026-02-15", 30, "1D", "2026-03-16"},
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
	}{{0, "M"}, {-1, "D"}, {1, "X"}, {1, ""}} {
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
		{"23:30 Taipei is still that day", time.Date(2026, 11, 23, 15, 30, 0, 0, time.UTC), "2026-11-23"},
		{"00:30 Taipei is the next day while UTC is on the day before", time.Date(2026, 11, 23, 16, 30, 0, 0, time.UTC), "2026-11-24"},
		{"new year in Taipei before UTC", time.Date(2026, 12, 31, 16, 0, 0, 0, time.UTC), "2027-01-01"},
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
		{"immediately, a month", Holding{StartType: StartImmediately, PaidOn: day(t, "2026-11-23"), ValidityValue: 1, ValidityUnit: "M"},
			true, "2026-11-23", "2026-12-22", []string{"2026-11-23", "2026-12-22"}, []string{"2026-11-22", "2026-12-23"}},
		{"booking, not used yet: waits, any day can start it", Holding{StartType: StartBooking, PaidOn: day(t, "2026-11-23"), ValidityValue: 1, ValidityUnit: "M"},
			false, "", "", []string{"2027-06-01"}, nil},
		{"booking, first class on a month end", Holding{StartType: StartBooking, FirstUse: day(t, "2027-01-31"), ValidityValue: 1, ValidityUnit: "M"},
			true, "2027-01-31", "2027-02-28", []string{"2027-02-28"}, []string{"2027-01-30", "2027-03-01"}},
		{"attend, first check-in", Holding{StartType: StartAttend, FirstUse: day(t, "2026-12-01"), ValidityValue: 10, ValidityUnit: "D"},
			true, "2026-12-01", "2026-12-10", []string{"2026-12-10"}, []string{"2026-12-11"}},
		{"custom start", Holding{StartType: StartCustom, PaidOn: day(t, "2026-11-23"), ChosenStart: day(t, "2026-12-10"), ValidityValue: 1, ValidityUnit: "W"},
			true, "2026-12-10", "2026-12-16", []string{"2026-12-10"}, []string{"2026-11-23", "2026-12-17"}},
		{"operator's start, no end", Holding{StartType: StartAdminCustom, ChosenStart: day(t, "2027-01-01")},
			true, "2027-01-01", "", []string{"2030-01-01"}, []string{"2026-12-31"}},
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
	}{{"2026-11-23", true}, {"2026-12-23", true}, {"2026-12-24", false}, {"2026-11-22", false}} {
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
		{"a set start a week ahead", "2026-12-02", "2027-12-01", time.Date(2026, 11, 24, 10, 0, 0, 0, Taipei), HoldingNotActive},
		{"starts tomorrow, 23:59 in Taipei", "2026-11-25", "", time.Date(2026, 11, 24, 23, 59, 0, 0, Taipei), HoldingNotActive},
		{"starts today, 00:30 in Taipei (the day before in UTC)", "2026-11-24", "", time.Date(2026, 11, 23, 16, 30, 0, 0, time.UTC), HoldingActive},
		{"no start yet", "", "", time.Date(2026, 11, 24, 10, 0, 0, 0, Taipei), HoldingNotActive},
		{"started, no end", "2026-01-01", "", time.Date(2026, 11, 24, 10, 0, 0, 0, Taipei), HoldingActive},
		{"its last day", "2026-10-25", "2026-11-24", time.Date(2026, 11, 24, 23, 59, 0, 0, Taipei), HoldingActive},
		{"ended yesterday", "2026-10-24", "2026-11-23", time.Date(2026, 11, 24, 0, 1, 0, 0, Taipei), HoldingExpired},
		{"ended, never started", "", "2026-11-23", time.Date(2026, 11, 24, 10, 0, 0, 0, Taipei), HoldingExpired},
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
