package rules

import (
	"fmt"
	"testing"
	"time"
)

func TestEffectiveDay(t *testing.T) {
	paid := time.Date(2026, 11, 20, 16, 30, 0, 0, time.UTC) // 00:30 on the 21st in Taipei
	if got := EffectiveDay(TaipeiDay{}, paid).String(); got != "2026-11-21" {
		t.Errorf("no start: %s, want the Taipei day paid 2026-11-21", got)
	}
	if got := EffectiveDay(day(t, "2026-12-01"), paid).String(); got != "2026-12-01" {
		t.Errorf("with a start: %s, want 2026-12-01", got)
	}
}

func TestInCoolingOff(t *testing.T) {
	eff := day(t, "2026-11-20")
	for _, c := range []struct {
		name  string
		today string
		used  bool
		want  bool
	}{
		{"the effective day itself", "2026-11-20", false, true},
		{"the seventh day after", "2026-11-27", false, true},
		{"the eighth day after", "2026-11-28", false, false},
		{"within the window but used", "2026-11-21", true, false},
		{"before a later start", "2026-11-15", false, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := InCoolingOff(eff, c.used, day(t, c.today)); got != c.want {
				t.Errorf("InCoolingOff(%s, used %v, %s) = %v, want %v", eff, c.used, c.today, got, c.want)
			}
		})
	}
}

func TestHalfMonthsElapsed(t *testing.T) {
	for _, c := range []struct {
		start, today string
		want         int
	}{
		{"2026-01-10", "2026-01-09", 0},
		{"2026-01-10", "2026-01-10", 1},
		{"2026-01-10", "2026-01-24", 1}, // 15 days: half a month
		{"2026-01-10", "2026-01-25", 2}, // 16 days: a month
		{"2026-01-10", "2026-02-09", 2}, // exactly a month
		{"2026-01-10", "2026-03-09", 4},
		{"2026-01-10", "2026-03-20", 5},
		{"2026-01-10", "2026-03-26", 6},
		{"2026-01-31", "2026-02-28", 2}, // through February's last day
		{"2026-01-31", "2026-03-01", 3},
	} {
		if got := HalfMonthsElapsed(day(t, c.start), day(t, c.today)); got != c.want {
			t.Errorf("HalfMonthsElapsed(%s, %s) = %d, want %d", c.start, c.today, got, c.want)
		}
	}
}

func TestTerminationRefund(t *testing.T) {
	for _, c := range []struct {
		name  string
		b     RefundBasis
		today string
		want  int
	}{
		{"monthly fee, 2.5 months", RefundBasis{Paid: 12000, MonthlyFee: 1000, Start: day(t, "2026-01-10"), End: day(t, "2027-01-09")}, "2026-03-20", 9500},
		{"monthly fee, 3 months", RefundBasis{Paid: 12000, MonthlyFee: 1000, Start: day(t, "2026-01-10"), End: day(t, "2027-01-09")}, "2026-03-26", 9000},
		{"monthly fee eats it all", RefundBasis{Paid: 3000, MonthlyFee: 1500, Start: day(t, "2026-01-10")}, "2026-03-20", 0},
		{"before the start", RefundBasis{Paid: 12000, MonthlyFee: 1000, Start: day(t, "2026-12-01")}, "2026-11-27", 12000},
		{"pro rata by days", RefundBasis{Paid: 3650, Start: day(t, "2026-01-01"), End: day(t, "2026-12-31")}, "2026-03-31", 2750},
		{"pro rata rounds for the member", RefundBasis{Paid: 1000, Start: day(t, "2026-01-01"), End: day(t, "2026-01-03")}, "2026-01-01", 667},
		{"pro rata past the end", RefundBasis{Paid: 1000, Start: day(t, "2026-01-01"), End: day(t, "2026-01-31")}, "2026-02-10", 0},
		{"never started", RefundBasis{Paid: 1000}, "2026-11-27", 1000},
		{"started without an end nor a monthly fee", RefundBasis{Paid: 1000, Start: day(t, "2026-01-01")}, "2026-11-27", 0},
		{"coach sessions at the signed price", RefundBasis{Paid: 15000, Sessions: 10, Used: 3, SessionPrice: 1500}, "2026-11-27", 10500},
		{"coach sessions, price from what was paid", RefundBasis{Paid: 12000, Sessions: 8, Used: 2}, "2026-11-27", 9000},
		{"coach sessions: all used", RefundBasis{Paid: 12000, Sessions: 8, Used: 8}, "2026-11-27", 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := TerminationRefund(c.b, day(t, c.today)); got != c.want {
				t.Errorf("TerminationRefund = %d, want %d", got, c.want)
			}
		})
	}
}

func TestCheckRefundFee(t *testing.T) {
	for _, c := range []struct {
		refund, fee int
		ok          bool
	}{
		{9500, 0, true}, {9500, 1900, true}, {9500, 1901, false}, {9500, -1, false}, {9, 1, true}, {4, 1, false},
	} {
		if err := CheckRefundFee(c.refund, c.fee); (err == nil) != c.ok {
			t.Errorf("CheckRefundFee(%d, %d) = %v, want ok %v", c.refund, c.fee, err, c.ok)
		}
	}
}

func TestPlanMonthlyFee(t *testing.T) {
	for _, c := range []struct {
		amount int
		typ    string
		want   int
	}{{1299, "M", 1299}, {12000, "Y", 1000}, {300, "W", 1300}, {500, "D", 0}} {
		if got := PlanMonthlyFee(c.amount, c.typ); got != c.want {
			t.Errorf("PlanMonthlyFee(%d, %s) = %d, want %d", c.amount, c.typ, got, c.want)
		}
	}
}

func TestSplitRefund(t *testing.T) {
	for _, c := range []struct {
		refund int
		left   []int
		want   []int
		ok     bool
	}{
		{1949, []int{1299, 1299, 1299}, []int{1299, 650, 0}, true},
		{1299, []int{0, 1299}, []int{0, 1299}, true},
		{3897, []int{1299, 1299, 1299}, []int{1299, 1299, 1299}, true},
		{500, []int{300}, []int{300}, false},
		{0, []int{1299}, []int{0}, true},
	} {
		got, ok := SplitRefund(c.refund, c.left)
		if ok != c.ok || fmt.Sprint(got) != fmt.Sprint(c.want) {
			t.Errorf("SplitRefund(%d, %v) = %v %v, want %v %v", c.refund, c.left, got, ok, c.want, c.ok)
		}
	}
}
