package rules

import (
	"testing"
	"time"
)

// taipeiAt is a Taipei wall-clock time.
func taipeiAt(t *testing.T, s string) time.Time {
	t.Helper()
	at, err := time.ParseInLocation("2006-01-02 15:04", s, Taipei)
	if err != nil {
		t.Fatal(err)
	}
	return at
}

func TestACHAutoStart(t *testing.T) {
	for _, c := range []struct{ name, purchased, want string }{
		{name: "mid-month", purchased: "2026-11-23 10:00", want: "2026-12-22"},
		{name: "a minute before Taipei midnight is still that day", purchased: "2026-11-23 23:59", want: "2026-12-22"},
		{name: "Taipei midnight is the new day (16:00 UTC the day before)", purchased: "2026-11-24 00:00", want: "2026-12-23"},
		{name: "over the year end", purchased: "2026-12-31 12:00", want: "2027-01-29"},
		{name: "from a month end into a shorter month", purchased: "2027-01-31 09:00", want: "2027-03-01"},
		{name: "through a leap February", purchased: "2028-02-01 09:00", want: "2028-03-01"},
		{name: "through a common February", purchased: "2027-02-01 09:00", want: "2027-03-02"},
		{name: "from a leap day", purchased: "2028-02-29 09:00", want: "2028-03-29"},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := ACHAutoStart(taipeiAt(t, c.purchased)).String(); got != c.want {
				t.Errorf("ACHAutoStart(%s) = %s, want %s", c.purchased, got, c.want)
			}
		})
	}
	// the same instant seen from UTC: 2026-11-23 16:30 UTC is the 24th in Taipei
	if got := ACHAutoStart(time.Date(2026, 11, 23, 16, 30, 0, 0, time.UTC)).String(); got != "2026-12-23" {
		t.Errorf("ACHAutoStart(16:30 UTC) = %s, want the Taipei day's 2026-12-23", got)
	}
}

func TestActivationOnSettle(t *testing.T) {
	type want struct {
		active     bool
		start, end string
	}
	for _, c := range []struct {
		name, settle, startType string
		purchased, settled      string // Taipei wall clock; "" settled: not yet
		chosen                  string
		value                   int
		unit                    string
		want                    want
	}{
		{name: "ACH BOOKING starts by itself on the 29th day", settle: SettleACH, startType: StartBooking, purchased: "2026-11-23 10:00", settled: "2026-11-25 09:00", chosen: "", value: 1, unit: "M",
			want: want{true, "2026-12-22", "2027-01-21"}},
		{name: "ACH ATTEND starts by itself on the 29th day", settle: SettleACH, startType: StartAttend, purchased: "2026-11-23 10:00", settled: "2026-11-24 09:00", chosen: "", value: 2, unit: "W",
			want: want{true, "2026-12-22", "2027-01-04"}},
		{name: "ACH BOOKING bought at Taipei 23:59 counts that day", settle: SettleACH, startType: StartBooking, purchased: "2026-11-23 23:59", settled: "2026-11-26 09:00", chosen: "", value: 0, unit: "",
			want: want{true, "2026-12-22", ""}},
		{name: "ACH BOOKING bought on a month end, through a leap February", settle: SettleACH, startType: StartBooking, purchased: "2028-01-31 12:00", settled: "2028-02-02 12:00", chosen: "", value: 1, unit: "M",
			want: want{true, "2028-02-29", "2028-03-28"}},
		{name: "ACH approved after the 29th day starts on the approval day", settle: SettleACH, startType: StartAttend, purchased: "2026-11-23 10:00", settled: "2026-12-30 09:00", chosen: "", value: 0, unit: "",
			want: want{true, "2026-12-30", ""}},
		{name: "ACH IMMEDIATELY starts when the bank approves", settle: SettleACH, startType: StartImmediately, purchased: "2026-11-23 10:00", settled: "2026-11-25 09:00", chosen: "", value: 1, unit: "M",
			want: want{true, "2026-11-25", "2026-12-24"}},
		{name: "ACH CUSTOM keeps the chosen day", settle: SettleACH, startType: StartCustom, purchased: "2026-11-23 10:00", settled: "2026-11-25 09:00", chosen: "2026-12-20", value: 1, unit: "W",
			want: want{true, "2026-12-20", "2026-12-26"}},
		{name: "ACH not approved yet: nothing", settle: SettleACH, startType: StartBooking, purchased: "2026-11-23 10:00", settled: "", chosen: "", value: 1, unit: "M", want: want{}},
		{name: "Chailease IMMEDIATELY before the instalment completes: not active", settle: SettleInstalment, startType: StartImmediately, purchased: "2026-11-23 10:00", settled: "", chosen: "", value: 1, unit: "M",
			want: want{}},
		{name: "Chailease IMMEDIATELY starts the day the instalment completes", settle: SettleInstalment, startType: StartImmediately, purchased: "2026-11-23 10:00", settled: "2026-11-30 15:00", chosen: "", value: 1, unit: "M",
			want: want{true, "2026-11-30", "2026-12-29"}},
		{name: "Chailease completing after Taipei midnight starts the next day", settle: SettleInstalment, startType: StartImmediately, purchased: "2026-11-30 23:00", settled: "2026-12-01 00:05", chosen: "", value: 1, unit: "M",
			want: want{true, "2026-12-01", "2026-12-31"}},
		{name: "Chailease BOOKING waits for its first booking", settle: SettleInstalment, startType: StartBooking, purchased: "2026-11-23 10:00", settled: "2026-11-30 15:00", chosen: "", value: 1, unit: "M", want: want{}},
		{name: "card BOOKING waits for its first booking", settle: SettleNow, startType: StartBooking, purchased: "2026-11-23 10:00", settled: "2026-11-23 10:01", chosen: "", value: 1, unit: "M", want: want{}},
		{name: "card IMMEDIATELY starts when paid", settle: SettleNow, startType: StartImmediately, purchased: "2026-11-23 10:00", settled: "2026-11-23 10:01", chosen: "", value: 1, unit: "D",
			want: want{true, "2026-11-23", "2026-11-23"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			var settled time.Time
			if c.settled != "" {
				settled = taipeiAt(t, c.settled)
			}
			var chosen TaipeiDay
			if c.chosen != "" {
				chosen = day(t, c.chosen)
			}
			got := ActivationOnSettle(c.settle, c.startType, taipeiAt(t, c.purchased), settled, chosen, c.value, c.unit)
			end := ""
			if !got.End.IsZero() {
				end = got.End.String()
			}
			start := ""
			if !got.Start.IsZero() {
				start = got.Start.String()
			}
			if got.Active != c.want.active || start != c.want.start || end != c.want.end {
				t.Errorf("got active %v %s..%s, want %+v", got.Active, start, end, c.want)
			}
		})
	}
}

// An ACH holding set to start by itself is still started earlier by its
// first booking or check-in before that day, and covers classes from its
// start on.
func TestACHAutoStartYieldsToFirstUse(t *testing.T) {
	auto := day(t, "2026-12-22")
	end, _ := ValidUntil(auto, 1, "M")
	booking := Entitlement{Kind: KindPasscard, StartType: StartBooking, StartsOn: auto, EndsOn: end, ValidityValue: 1, ValidityUnit: "M"}
	t.Run("a booking before the day starts it on the class day", func(t *testing.T) {
		activates, p, ok := CoversClass(booking, day(t, "2026-12-01"))
		if !ok || !activates || p.Start.String() != "2026-12-01" || p.End.String() != "2026-12-31" {
			t.Errorf("got %v %v %+v", ok, activates, p)
		}
	})
	t.Run("a booking after the day is covered by the started period", func(t *testing.T) {
		activates, _, ok := CoversClass(booking, day(t, "2027-01-10"))
		if !ok || activates {
			t.Errorf("got ok %v activates %v", ok, activates)
		}
	})
	attend := booking
	attend.StartType = StartAttend
	t.Run("an ATTEND class before the day is covered; its check-in starts it", func(t *testing.T) {
		activates, _, ok := CoversClass(attend, day(t, "2026-12-01"))
		if !ok || activates {
			t.Errorf("CoversClass: ok %v activates %v", ok, activates)
		}
		p, starts := AttendStarts(attend, day(t, "2026-12-01"))
		if !starts || p.Start.String() != "2026-12-01" || p.End.String() != "2026-12-31" {
			t.Errorf("AttendStarts: %v %+v", starts, p)
		}
	})
	t.Run("an ATTEND check-in on or after the day starts nothing", func(t *testing.T) {
		if _, starts := AttendStarts(attend, auto); starts {
			t.Error("started again")
		}
	})
	t.Run("an ATTEND class after its end is not covered", func(t *testing.T) {
		if _, _, ok := CoversClass(attend, day(t, "2027-01-22")); ok {
			t.Error("covered after the end")
		}
	})
}
