package rules

import (
	"testing"
)

func TestPurgeBefore(t *testing.T) {
	for _, c := range []struct {
		name, now, record string
		past              bool
	}{
		{"a record of 2026 in March 2033", "2033-03-01 10:00", "2026-12-31 23:59", true},
		{"a record of 2027 in March 2033", "2033-03-01 10:00", "2027-01-01 00:00", false},
		{"a record of 2026 on the last day of 2032", "2032-12-31 23:59", "2026-06-01 12:00", false},
		{"a record of 2026 at the first minute of 2033 (Taipei)", "2033-01-01 00:00", "2026-06-01 12:00", true},
		{"the year's first instant in Taipei is still the year before in UTC", "2033-01-01 07:00", "2026-12-31 23:00", true},
		{"this year's record", "2033-03-01 10:00", "2033-01-02 10:00", false},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := at(t, c.record).Before(PurgeBefore(at(t, c.now))); got != c.past {
				t.Errorf("past retention = %v; want %v (purge before %v)", got, c.past, PurgeBefore(at(t, c.now)))
			}
		})
	}
}
