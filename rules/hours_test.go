package rules

import (
	"reflect"
	"slices"
	"testing"
	"time"
)

// A store's hours bound its sessions per weekday when the text names
// weekdays; a day it leaves out is closed; a text without times bounds
// nothing.
func TestStoreHoursByWeekday(t *testing.T) {
	at := func(s string) int { m, _ := Clock(s); return m }
	for _, c := range []struct {
		name, hours string
		day         time.Weekday
		start, end  string
		ok, closed  bool
	}{
		{name: "weekday inside", hours: "週一至週五 09:00–22:00；週六 09:00–18:00；週日公休", day: time.Wednesday, start: "19:00", end: "20:00", ok: true, closed: false},
		{name: "saturday evening outside saturday's hours", hours: "週一至週五 09:00–22:00；週六 09:00–18:00；週日公休", day: time.Saturday, start: "19:00", end: "20:00", ok: false, closed: false},
		{name: "sunday closed", hours: "週一至週五 09:00–22:00；週六 09:00–18:00；週日公休", day: time.Sunday, start: "10:00", end: "11:00", ok: false, closed: true},
		{name: "listed days", hours: "週一至週五 07:00–22:00；週六、週日 08:00–20:00", day: time.Sunday, start: "08:00", end: "09:00", ok: true, closed: false},
		{name: "listed days, too early", hours: "週一至週五 07:00–22:00；週六、週日 08:00–20:00", day: time.Sunday, start: "07:30", end: "08:30", ok: false, closed: false},
		{name: "range through sunday", hours: "週二至週日 10:00–20:00", day: time.Sunday, start: "10:00", end: "11:00", ok: true, closed: false},
		{name: "day a range leaves out", hours: "週二至週日 10:00–20:00", day: time.Monday, start: "10:00", end: "11:00", ok: false, closed: true},
		{name: "every day", hours: "每日 06:30–21:30", day: time.Monday, start: "06:30", end: "07:30", ok: true, closed: false},
		{name: "every day, too late", hours: "每日 06:30–21:30", day: time.Friday, start: "21:00", end: "22:00", ok: false, closed: false},
		{name: "no weekday named", hours: "07:00-22:00", day: time.Saturday, start: "07:00", end: "08:00", ok: true, closed: false},
		{name: "weekend word", hours: "平日 07:00–22:00，假日 09:00–18:00", day: time.Saturday, start: "08:00", end: "09:00", ok: false, closed: false},
		{name: "past midnight", hours: "每日 18:00–02:00", day: time.Friday, start: "23:00", end: "23:59", ok: true, closed: false},
		{name: "no times: anything fits", hours: "請洽櫃台", day: time.Sunday, start: "03:00", end: "04:00", ok: true, closed: false},
	} {
		t.Run(c.name, func(t *testing.T) {
			ok, closed := ParseHours(c.hours).Admits(c.day, at(c.start), at(c.end))
			if ok != c.ok || closed != c.closed {
				t.Errorf("%s on %s %s–%s: ok %v closed %v, want %v %v", c.hours, c.day, c.start, c.end, ok, closed, c.ok, c.closed)
			}
		})
	}
}

// The hours as schema.org OpeningHoursSpecification entries: every form
// the catalogue accepts gives days and times, not free text.
func TestOpeningHoursSpec(t *testing.T) {
	weekdays := []string{"Monday", "Tuesday", "Wednesday", "Thursday", "Friday"}
	week := append(slices.Clone(weekdays), "Saturday", "Sunday")
	for _, c := range []struct {
		name, hours string
		want        []OpeningHours
	}{
		{name: "weekdays and weekend", hours: "週一至週五 07:00–22:00；週六、週日 08:00–20:00",
			want: []OpeningHours{{weekdays, "07:00", "22:00"}, {[]string{"Saturday", "Sunday"}, "08:00", "20:00"}}},
		{name: "every day", hours: "每日 06:30–21:30", want: []OpeningHours{{week, "06:30", "21:30"}}},
		{name: "no weekday named", hours: "9:00-18:00", want: []OpeningHours{{week, "09:00", "18:00"}}},
		{name: "平日 and 假日", hours: "平日 07:00–22:00，假日 09:00–18:00",
			want: []OpeningHours{{weekdays, "07:00", "22:00"}, {[]string{"Saturday", "Sunday"}, "09:00", "18:00"}}},
		{name: "closed sunday", hours: "週一至週六 14:00–22:00；週日公休",
			want: []OpeningHours{{append(slices.Clone(weekdays), "Saturday"), "14:00", "22:00"}}},
		{name: "past midnight and until midnight", hours: "週五 18:00–02:00；週六 10:00–24:00",
			want: []OpeningHours{{[]string{"Friday"}, "18:00", "02:00"}, {[]string{"Saturday"}, "10:00", "23:59"}}},
		{name: "no times", hours: "請洽櫃台", want: []OpeningHours{}},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := ParseHours(c.hours).Spec(); !reflect.DeepEqual(got, c.want) {
				t.Errorf("%s: got %v, want %v", c.hours, got, c.want)
			}
		})
	}
}
