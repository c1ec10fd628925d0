package rules

import "testing"

func TestNextChargeDay(t *testing.T) {
	for _, c := range []struct {
		name, typ, point, after, want string // want "": none
	}{
		{"monthly: the same day next month", "M", "22", "2026-11-22", "2026-12-22"},
		{"monthly: charged late, the point still ahead this month", "M", "22", "2026-11-20", "2026-11-22"},
		{"monthly across the year", "M", "22", "2026-12-22", "2027-01-22"},
		{"monthly on the 31st: February's last day", "M", "31", "2027-01-31", "2027-02-28"},
		{"monthly on the 31st: a leap February", "M", "31", "2028-01-31", "2028-02-29"},
		{"monthly on the 31st after February's last day", "M", "31", "2027-02-28", "2027-03-31"},
		{"monthly on the 30th: April's last day", "M", "30", "2027-03-30", "2027-04-30"},
		{"weekly on Monday", "W", "1", "2026-11-23", "2026-11-30"},
		{"weekly on Sunday", "W", "7", "2026-11-23", "2026-11-29"},
		{"yearly on 1122", "Y", "1122", "2026-11-22", "2027-11-22"},
		{"yearly on 0229: the next leap year", "Y", "0229", "2027-02-28", "2028-02-29"},
		{"a monthly point that is no day", "M", "32", "2026-11-22", ""},
		{"daily plans count from their first charge", "D", "10", "2026-11-22", ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			got, ok := NextChargeDay(c.typ, c.point, day(t, c.after))
			switch {
			case c.want == "" && ok:
				t.Errorf("%s; want none", got)
			case c.want != "" && (!ok || got != day(t, c.want)):
				t.Errorf("%s (%v); want %s", got, ok, c.want)
			}
		})
	}
}

func TestRenewalNotice(t *testing.T) {
	for _, c := range []struct {
		name, typ, point, charged, now string
		charge, at                     string // "" none
	}{
		{"monthly: three days before at 10:00", "M", "22", "2026-11-22", "2026-11-22 20:00", "2026-12-22", "2026-12-19 10:00"},
		{"monthly on the 31st: before February's last day", "M", "31", "2027-01-31", "2027-01-31 09:00", "2027-02-28", "2027-02-25 10:00"},
		{"monthly on the 1st: the notice in the month before", "M", "01", "2026-12-01", "2026-12-01 08:00", "2027-01-01", "2026-12-29 10:00"},
		{"yearly", "Y", "1122", "2026-11-22", "2026-11-22 20:00", "2027-11-22", "2027-11-19 10:00"},
		{"a period applied late: the notice's moment passed, still due", "M", "22", "2026-11-22", "2026-12-20 12:00", "2026-12-22", "2026-12-19 10:00"},
		{"a period applied on the next charge day: none", "M", "22", "2026-11-22", "2026-12-22 00:00", "", ""},
		{"weekly plans get none", "W", "1", "2026-11-23", "2026-11-23 20:00", "", ""},
		{"a point it cannot place", "M", "00", "2026-11-22", "2026-11-22 20:00", "", ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			charge, due, ok := RenewalNotice(c.typ, c.point, day(t, c.charged), at(t, c.now))
			switch {
			case c.charge == "" && ok:
				t.Errorf("%s at %v; want none", charge, due)
			case c.charge != "" && (!ok || charge != day(t, c.charge) || !due.Equal(at(t, c.at))):
				t.Errorf("%s at %v (%v); want %s at %s", charge, due, ok, c.charge, c.at)
			}
		})
	}
}

func TestRenewalNext(t *testing.T) {
	running := func() RenewalFacts {
		return RenewalFacts{Paid: true, Active: true, Period: 3, Periods: 12, Last: 2, Charge: day(t, "2026-12-22")}
	}
	with := func(change func(*RenewalFacts)) RenewalFacts {
		f := running()
		change(&f)
		return f
	}
	notice := at(t, "2026-12-19 10:00")
	for _, c := range []struct {
		name string
		f    RenewalFacts
		now  string
		want RenewalStep
	}{
		{"a running plan", running(), "2026-12-19 10:00", RenewalSend},
		{"run late, the evening before the charge", running(), "2026-12-21 23:59", RenewalSend},
		{"run on the charge day: too late", running(), "2026-12-22 00:00", RenewalNone},
		{"refunded", with(func(f *RenewalFacts) { f.Paid = false }), "", RenewalNone},
		{"its mandate terminated", with(func(f *RenewalFacts) { f.Active = false }), "", RenewalNone},
		{"its member asked for a refund", with(func(f *RenewalFacts) { f.Refund = true }), "", RenewalNone},
		{"a declined period unpaid", with(func(f *RenewalFacts) { f.Failed = true }), "", RenewalNone},
		{"its member deleted the account", with(func(f *RenewalFacts) { f.Gone = true }), "", RenewalNone},
		{"the period charged already", with(func(f *RenewalFacts) { f.Last = 3 }), "", RenewalNone},
		{"a later period charged (a card change)", with(func(f *RenewalFacts) { f.Last = 4 }), "", RenewalNone},
		{"past the plan's last period", with(func(f *RenewalFacts) { f.Period, f.Last = 13, 12 }), "", RenewalNone},
		{"frozen over the charge day", with(func(f *RenewalFacts) { f.FrozenTo = day(t, "2027-01-10") }), "", RenewalLater},
		{"frozen and ended: none", with(func(f *RenewalFacts) { f.FrozenTo, f.Refund = day(t, "2027-01-10"), true }), "", RenewalNone},
	} {
		t.Run(c.name, func(t *testing.T) {
			now := notice
			if c.now != "" {
				now = at(t, c.now)
			}
			if got := RenewalNext(c.f, now); got != c.want {
				t.Errorf("%d; want %d", got, c.want)
			}
		})
	}
}
