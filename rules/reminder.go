package rules

import (
	"time"
)

// Reminder is when a brand reminds its members of a booked class: Before
// the start, or the evening before at EveningAt (minutes after midnight,
// Taipei); neither (the zero value): no reminders.
type Reminder struct {
	Before    time.Duration
	EveningAt *int // minutes after midnight
}

// On reports whether the brand sends reminders.
func (r Reminder) On() bool { return r.Before > 0 || r.EveningAt != nil }

// ReminderAt is when the reminder of a booking made at now, of a class
// starting at start, is due; ok is false when there is none: no
// reminders, or the booking made after that moment (its confirmation just
// told the member).
func ReminderAt(r Reminder, start, now time.Time) (at time.Time, ok bool) {
	switch {
	case r.Before > 0:
		at = start.Add(-r.Before)
	case r.EveningAt != nil:
		at = DayOf(start).AddDays(-1).Start().Add(time.Duration(*r.EveningAt) * time.Minute)
	default:
		return time.Time{}, false
	}
	return at, at.After(now)
}
