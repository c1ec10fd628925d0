package rules

import (
	"errors"
	"testing"
)

func TestProRata(t *testing.T) {
	cases := []struct {
		name                    string
		price, total, remaining int
		want                    int
		err                     error
	}{
		{name: "before the term: full price", price: 4800, total: 12, remaining: 12, want: 4800, err: nil},
		{name: "one session gone", price: 4800, total: 12, remaining: 11, want: 4400, err: nil},
		{name: "seven of twelve left", price: 4800, total: 12, remaining: 7, want: 2800, err: nil},
		{name: "half the term", price: 6000, total: 4, remaining: 2, want: 3000, err: nil},
		{name: "a third rounds down", price: 1000, total: 3, remaining: 1, want: 333, err: nil},
		{name: "two thirds rounds down", price: 1000, total: 3, remaining: 2, want: 666, err: nil},
		{name: "last session", price: 3200, total: 8, remaining: 1, want: 400, err: nil},
		{name: "free class stays free", price: 0, total: 8, remaining: 3, want: 0, err: nil},
		{name: "more left than planned (a session added): full price", price: 4200, total: 10, remaining: 11, want: 4200, err: nil},
		{name: "nothing left", price: 4800, total: 12, remaining: 0, want: 0, err: ErrNoSessionsLeft},
		{name: "no sessions at all", price: 4800, total: 0, remaining: 0, want: 0, err: ErrNoSessionsLeft},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := ProRata(c.price, c.total, c.remaining)
			if !errors.Is(err, c.err) || got != c.want {
				t.Errorf("ProRata(%d, %d, %d) = %d, %v; want %d, %v", c.price, c.total, c.remaining, got, err, c.want, c.err)
			}
		})
	}
}

func TestOverdueAmount(t *testing.T) {
	cases := []struct {
		name                  string
		owed, unit, unitPrice int
		want                  int
	}{
		{name: "nothing owed", owed: 0, unit: 10, unitPrice: 50, want: 0},
		{name: "one minute pays a block", owed: 1, unit: 10, unitPrice: 50, want: 50},
		{name: "exact blocks", owed: 30, unit: 10, unitPrice: 50, want: 150},
		{name: "a started block rounds up", owed: 23, unit: 10, unitPrice: 50, want: 150},
		{name: "per-minute price", owed: 45, unit: 1, unitPrice: 3, want: 135},
		{name: "negative owed is nothing", owed: -5, unit: 10, unitPrice: 50, want: 0},
		{name: "no unit configured", owed: 30, unit: 0, unitPrice: 50, want: 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := OverdueAmount(c.owed, c.unit, c.unitPrice); got != c.want {
				t.Errorf("OverdueAmount(%d, %d, %d) = %d; want %d", c.owed, c.unit, c.unitPrice, got, c.want)
			}
		})
	}
}
