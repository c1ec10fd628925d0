package rules

import (
	"testing"
	"time"
)

func TestReminderAt(t *testing.T) {
	eight := 20 * 60
	class := at(t, "2026-12-01 19:00")
	morning := at(t, "2026-12-01 07:00")
	for _, c := range []struct {
		name  string
		r     Reminder
		start time.Time
		now   string
		want  string // "" none
	}{
		{"no reminders", Reminder{}, class, "2026-11-27 10:00", ""},
		{"two hours before", Reminder{Before: 2 * time.Hour}, class, "2026-11-27 10:00", "2026-12-01 17:00"},
		{"booked an hour before a two-hour reminder: none", Reminder{Before: 2 * time.Hour}, class, "2026-12-01 18:00", ""},
		{"booked at the reminder's moment: none", Reminder{Before: 2 * time.Hour}, class, "2026-12-01 17:00", ""},
		{"the evening before at 20:00", Reminder{EveningAt: &eight}, class, "2026-11-27 10:00", "2026-11-30 20:00"},
		{"the evening before an early class", Reminder{EveningAt: &eight}, morning, "2026-11-27 10:00", "2026-11-30 20:00"},
		{"booked the evening before, after 20:00: none", Reminder{EveningAt: &eight}, class, "2026-11-30 21:00", ""},
		{"booked the evening before, before 20:00", Reminder{EveningAt: &eight}, class, "2026-11-30 19:59", "2026-11-30 20:00"},
		{"a day before, across a month", Reminder{Before: 24 * time.Hour}, at(t, "2026-12-01 09:00"), "2026-11-27 10:00", "2026-11-30 09:00"},
	} {
		t.Run(c.name, func(t *testing.T) {
			got, ok := ReminderAt(c.r, c.start, at(t, c.now))
			switch {
			case c.want == "" && ok:
				t.Errorf("due %v; want none", got)
			case c.want != "" && (!ok || !got.Equal(at(t, c.want))):
				t.Errorf("due %v (%v); want %s", got, ok, c.want)
			}
		})
	}
}
