package rules

import "time"

// TimetableDays is how many days a timetable's day strip offers: today,
// tomorrow and the rest of the week.
const TimetableDays = 7

// TimetableDay is a day of the timetable's strip.
type TimetableDay struct {
	Date    string `json:"date"`    // YYYY-MM-DD, Taipei
	Weekday int    `json:"weekday"` // 1 Sunday .. 7 Saturday (spec section 9)
}

// Timetable reads the timetable's day at now: the strip's days from now's
// Taipei day on, the day shown (asked when it is one of them, else today:
// a link from another week opens today) and the earliest start it lists
// (now on today, that day's midnight after).
//
// Worked example: at 2026-12-01 16:30 UTC (00:30 on Wednesday 12-02 in
// Taipei), today is 2026-12-02; asked "2026-12-01" shows 2026-12-02 from
// 00:30, asked "2026-12-03" shows that day from its midnight.
func Timetable(now time.Time, asked string) (days []TimetableDay, day string, from time.Time) {
	today := DayOf(now)
	day, from = today.String(), now
	for i := range TimetableDays {
		d := today.AddDays(i)
		days = append(days, TimetableDay{Date: d.String(), Weekday: int(d.t.Weekday()) + 1})
		if i > 0 && d.String() == asked {
			day, from = asked, d.t
		}
	}
	return days, day, from
}
