package rules

import (
	"time"
	_ "time/tzdata" // Asia/Taipei on machines without a zone database
)

// Taipei is the studios' time zone, the one place it is named: schedules
// are stored as its wall clock, dates and the footer's year are its own.
var Taipei, _ = time.LoadLocation("Asia/Taipei")

// Wall is t as the Taipei wall-clock time the schedules store.
func Wall(t time.Time) string { return t.In(Taipei).Format("2006-01-02 15:04:05") }

// Day is t's Taipei date, YYYY-MM-DD.
func Day(t time.Time) string { return DayOf(t).String() }
