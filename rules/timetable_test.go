package rules

import (
	"testing"
	"time"
)

func TestTimetable(t *testing.T) {
	// 00:30 on Wednesday 2026-12-02 in Taipei, still Tuesday in UTC
	now := time.Date(2026, 12, 1, 16, 30, 0, 0, time.UTC)
	midnight := func(d int) time.Time { return time.Date(2026, 12, d, 0, 0, 0, 0, Taipei) }
	cases := []struct {
		name, asked, day string
		from             time.Time
	}{
		{"nothing asked: today by the Taipei calendar, from now", "", "2026-12-02", now},
		{"today asked: from now, not from its midnight", "2026-12-02", "2026-12-02", now},
		{"the UTC date (yesterday in Taipei): today", "2026-12-01", "2026-12-02", now},
		{"tomorrow: from its midnight", "2026-12-03", "2026-12-03", midnight(3)},
		{"the week's last day", "2026-12-08", "2026-12-08", midnight(8)},
		{"past the week: today", "2026-12-09", "2026-12-02", now},
		{"not a date: today", "tomorrow", "2026-12-02", now},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			days, day, from := Timetable(now, c.asked)
			if day != c.day || !from.Equal(c.from) {
				t.Errorf("day %s from %s, want %s from %s", day, from, c.day, c.from)
			}
			if len(days) != TimetableDays || days[0] != (TimetableDay{"2026-12-02", 4}) || days[6] != (TimetableDay{"2026-12-08", 3}) {
				t.Errorf("days %v", days)
			}
		})
	}
}
