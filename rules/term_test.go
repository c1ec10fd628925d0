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
		{"before the term: full price", 4800, 12, 12, 4800, nil},
		{"one session gone", 4800, 12, 11, 4400, nil},
		{"seven of twelve left", 4800, 12, 7, 2800, nil},
		{"half the term", 6000, 4, 2, 3000, nil},
		{"a third rounds down", 1000, 3, 1, 333, nil},
		{"two thirds rounds down", 1000, 3, 2, 666, nil},
		{"last session", 3200, 8, 1, 400, nil},
		{"free class stays free", 0, 8, 3, 0, nil},
		{"more left than planned (a session added): full price", 4200, 10, 11, 4200, nil},
		{"nothing left", 4800, 12, 0, 0, ErrNoSessionsLeft},
		{"no sessions at all", 4800, 0, 0, 0, ErrNoSessionsLeft},
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
		{"nothing owed", 0, 10, 50, 0},
		{"one minute pays a block", 1, 10, 50, 50},
		{"exact blocks", 30, 10, 50, 150},
		{"a started block rounds up", 23, 10, 50, 150},
		{"per-minute price", 45, 1, 3, 135},
		{"negative owed is nothing", -5, 10, 50, 0},
		{"no unit configured", 30, 0, 50, 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := OverdueAmount(c.owed, c.unit, c.unitPrice); got != c.want {
				t.Errorf("OverdueAmount(%d, %d, %d) = %d; want %d", c.owed, c.unit, c.unitPrice, got, c.want)
			}
		})
	}
}
