package rules

import (
	"errors"
	"testing"
	"time"
)

func TestCheckFreeze(t *testing.T) {
	today := day(t, "2026-11-27")
	caps := FreezeCaps{AbroadMonths: 3, VoluntaryMinDays: 7, VoluntaryMaxDays: 30, VoluntaryPerYear: 1}
	for _, c := range []struct {
		name      string
		caps      FreezeCaps
		ask       FreezeAsk
		wantField string // "" allowed
	}{
		{"abroad six weeks", caps, FreezeAsk{Reason: FreezeAbroad, Start: day(t, "2026-12-01"), End: day(t, "2027-01-15"), Evidence: "東京外派"}, ""},
		{"abroad exactly a month is not more than a month", caps, FreezeAsk{Reason: FreezeAbroad, Start: day(t, "2026-12-01"), End: day(t, "2026-12-31"), Evidence: "x"}, "end"},
		{"abroad a month and a day", caps, FreezeAsk{Reason: FreezeAbroad, Start: day(t, "2026-12-01"), End: day(t, "2027-01-01"), Evidence: "x"}, ""},
		{"abroad to the brand's cap of three months", caps, FreezeAsk{Reason: FreezeAbroad, Start: day(t, "2026-12-01"), End: day(t, "2027-02-28"), Evidence: "x"}, ""},
		{"abroad past the brand's cap", caps, FreezeAsk{Reason: FreezeAbroad, Start: day(t, "2026-12-01"), End: day(t, "2027-03-01"), Evidence: "x"}, "end"},
		{"a brand cap above six months is six", FreezeCaps{AbroadMonths: 12}, FreezeAsk{Reason: FreezeAbroad, Start: day(t, "2026-12-01"), End: day(t, "2027-06-01"), Evidence: "x"}, "end"},
		{"abroad without evidence", caps, FreezeAsk{Reason: FreezeAbroad, Start: day(t, "2026-12-01"), End: day(t, "2027-01-15")}, "evidence"},
		{"injured: no cap", caps, FreezeAsk{Reason: FreezeInjury, Start: today, End: day(t, "2027-11-26"), Evidence: "十字韌帶手術"}, ""},
		{"pregnant", caps, FreezeAsk{Reason: FreezePregnancy, Start: today, End: day(t, "2027-05-31"), Evidence: "預產期 2027-03"}, ""},
		{"military without evidence", caps, FreezeAsk{Reason: FreezeMilitary, Start: today, End: day(t, "2027-01-31")}, "evidence"},
		{"transferred", caps, FreezeAsk{Reason: FreezeTransfer, Start: today, End: today, Evidence: "調職高雄"}, ""},
		{"an unknown reason", caps, FreezeAsk{Reason: "bored", Start: today, End: today, Evidence: "x"}, "reason"},
		{"starting yesterday", caps, FreezeAsk{Reason: FreezeInjury, Start: day(t, "2026-11-26"), End: today, Evidence: "x"}, "start"},
		{"ending before it starts", caps, FreezeAsk{Reason: FreezeInjury, Start: day(t, "2026-12-02"), End: day(t, "2026-12-01"), Evidence: "x"}, "end"},
		{"voluntary within the caps, no evidence needed", caps, FreezeAsk{Reason: FreezeVoluntary, Start: today, End: day(t, "2026-12-06")}, ""},
		{"voluntary shorter than the minimum", caps, FreezeAsk{Reason: FreezeVoluntary, Start: today, End: day(t, "2026-12-02")}, "end"},
		{"voluntary longer than the maximum", caps, FreezeAsk{Reason: FreezeVoluntary, Start: today, End: day(t, "2026-12-27")}, "end"},
		{"voluntary, the year's one used", caps, FreezeAsk{Reason: FreezeVoluntary, Start: today, End: day(t, "2026-12-06"), VoluntaryThisYear: 1}, "reason"},
		{"voluntary where the brand offers none", FreezeCaps{AbroadMonths: 6}, FreezeAsk{Reason: FreezeVoluntary, Start: today, End: day(t, "2026-12-06")}, "reason"},
	} {
		t.Run(c.name, func(t *testing.T) {
			err := CheckFreeze(c.caps, c.ask, today)
			var r *FreezeRefusal
			switch {
			case c.wantField == "" && err != nil:
				t.Errorf("refused: %v", err)
			case c.wantField != "" && (!errors.As(err, &r) || r.Field != c.wantField || r.Text == ""):
				t.Errorf("got %#v; want a refusal at %s", err, c.wantField)
			}
		})
	}
}

func TestFreezeDaysAndEnd(t *testing.T) {
	for _, c := range []struct {
		start, end string
		days       int
		holdingEnd string
		moved      string
	}{
		{"2026-12-01", "2026-12-01", 1, "2027-05-31", "2027-06-01"},
		{"2026-12-01", "2027-01-15", 46, "2027-05-31", "2027-07-16"},
		{"2028-02-01", "2028-03-01", 30, "2028-12-31", "2029-01-30"}, // a leap February
	} {
		if d := FreezeDays(day(t, c.start), day(t, c.end)); d != c.days {
			t.Errorf("%s..%s: %d days; want %d", c.start, c.end, d, c.days)
		}
		if e := FrozenEnd(day(t, c.holdingEnd), c.days); e.String() != c.moved {
			t.Errorf("%s + %d days = %s; want %s", c.holdingEnd, c.days, e, c.moved)
		}
	}
	if e := FrozenEnd(TaipeiDay{}, 10); !e.IsZero() {
		t.Errorf("a holding without an end got %s", e)
	}
}

func TestFreezeDecideBy(t *testing.T) {
	for asked, want := range map[string]string{
		"2026-11-27 10:00": "2026-12-08", // Friday: the next seven weekdays end on Tuesday
		"2026-11-30 09:00": "2026-12-09", // Monday
		"2026-11-28 23:30": "2026-12-08", // Saturday
		"2026-11-26 16:30": "2026-12-07", // Thursday
	} {
		if got := FreezeDecideBy(at(t, asked)); got.String() != want {
			t.Errorf("asked %s: decide by %s; want %s", asked, got, want)
		}
	}
	// Thursday 16:30 UTC is Friday 00:30 in Taipei: the Taipei day counts
	if got := FreezeDecideBy(time.Date(2026, 11, 26, 16, 30, 0, 0, time.UTC)); got.String() != "2026-12-08" {
		t.Errorf("asked Thursday 16:30 UTC: decide by %s; want 2026-12-08", got)
	}
}

func TestSkippedCharges(t *testing.T) {
	for _, c := range []struct {
		name, typ, point, start, end string
		n                            int
		ok                           bool
	}{
		{"monthly on the 5th, Dec 1 to Feb 4", "M", "05", "2026-12-01", "2027-02-04", 2, true},
		{"monthly on the 5th, the freeze ends on a charge day", "M", "05", "2026-12-06", "2027-01-05", 1, true},
		{"monthly on the 31st: February's last day", "M", "31", "2027-02-20", "2027-02-28", 1, true},
		{"monthly on the 31st: none in a freeze of April 1-29", "M", "31", "2027-04-01", "2027-04-29", 0, true},
		{"weekly on Monday, two weeks", "W", "1", "2026-11-30", "2026-12-13", 2, true},
		{"weekly on Sunday", "W", "7", "2026-11-30", "2026-12-06", 1, true},
		{"yearly on 0105", "Y", "0105", "2026-12-01", "2027-06-30", 1, true},
		{"daily plans count from their first charge", "D", "10", "2026-12-01", "2026-12-31", 0, false},
		{"a monthly point that is no day", "M", "32", "2026-12-01", "2026-12-31", 0, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			n, ok := SkippedCharges(c.typ, c.point, day(t, c.start), day(t, c.end))
			if n != c.n || ok != c.ok {
				t.Errorf("%d, %v; want %d, %v", n, ok, c.n, c.ok)
			}
		})
	}
}
