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
		{"weekday inside", "週一至週五 09:00–22:00；週六 09:00–18:00；週日公休", time.Wednesday, "19:00", "20:00", true, false},
		{"saturday evening outside saturday's hours", "週一至週五 09:00–22:00；週六 09:00–18:00；週日公休", time.Saturday, "19:00", "20:00", false, false},
		{"sunday closed", "週一至週五 09:00–22:00；週六 09:00–18:00；週日公休", time.Sunday, "10:00", "11:00", false, true},
		{"listed days", "週一至週五 07:00–22:00；週六、週日 08:00–20:00", time.Sunday, "08:00", "09:00", true, false},
		{"listed days, too early", "週一至週五 07:00–22:00；週六、週日 08:00–20:00", time.Sunday, "07:30", "08:30", false, false},
		{"range through sunday", "週二至週日 10:00–20:00", time.Sunday, "10:00", "11:00", true, false},
		{"day a range leaves out", "週二至週日 10:00–20:00", time.Monday, "10:00", "11:00", false, true},
		{"every day", "每日 06:30–21:30", time.Monday, "06:30", "07:30", true, false},
		{"every day, too late", "每日 06:30–21:30", time.Friday, "21:00", "22:00", false, false},
		{"no weekday named", "07:00-22:00", time.Saturday, "07:00", "08:00", true, false},
		{"weekend word", "平日 07:00–22:00，假日 09:00–18:00", time.Saturday, "08:00", "09:00", false, false},
		{"past midnight", "每日 18:00–02:00", time.Friday, "23:00", "23:59", true, false},
		{"no times: anything fits", "請洽櫃台", time.Sunday, "03:00", "04:00", true, false},
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
		{"weekdays and weekend", "週一至週五 07:00–22:00；週六、週日 08:00–20:00",
			[]OpeningHours{{weekdays, "07:00", "22:00"}, {[]string{"Saturday", "Sunday"}, "08:00", "20:00"}}},
		{"every day", "每日 06:30–21:30", []OpeningHours{{week, "06:30", "21:30"}}},
		{"no weekday named", "9:00-18:00", []OpeningHours{{week, "09:00", "18:00"}}},
		{"平日 and 假日", "平日 07:00–22:00，假日 09:00–18:00",
			[]OpeningHours{{weekdays, "07:00", "22:00"}, {[]string{"Saturday", "Sunday"}, "09:00", "18:00"}}},
		{"closed sunday", "週一至週六 14:00–22:00；週日公休",
			[]OpeningHours{{append(slices.Clone(weekdays), "Saturday"), "14:00", "22:00"}}},
		{"past midnight and until midnight", "週五 18:00–02:00；週六 10:00–24:00",
			[]OpeningHours{{[]string{"Friday"}, "18:00", "02:00"}, {[]string{"Saturday"}, "10:00", "23:59"}}},
		{"no times", "請洽櫃台", []OpeningHours{}},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := ParseHours(c.hours).Spec(); !reflect.DeepEqual(got, c.want) {
				t.Errorf("%s: got %v, want %v", c.hours, got, c.want)
			}
		})
	}
}
