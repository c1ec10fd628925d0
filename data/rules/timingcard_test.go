package rules

import "testing"

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
