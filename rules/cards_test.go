package rules

import "testing"

// TestForCards: a card's activity keeps its first shown schedules and is
// marked when more were left out; the summary goes; the list given is not
// changed.
func TestForCards(t *testing.T) {
	sched := func(n int) []Schedule {
		out := make([]Schedule, n)
		for i := range out {
			out[i].ScheduleID = int64(i + 1)
		}
		return out
	}
	list := []Activity{
		{CourseID: 1, Summary: "long", ScheduleList: sched(5)},
		{CourseID: 2, Summary: "short", ScheduleList: sched(3)},
		{CourseID: 3, ScheduleList: sched(1)},
	}
	got := ForCards(list, 3)
	for _, c := range []struct {
		name string
		i    int
		n    int
		more bool
	}{
		{name: "more than shown", i: 0, n: 3, more: true},
		{name: "exactly shown", i: 1, n: 3, more: false},
		{name: "fewer", i: 2, n: 1, more: false},
	} {
		t.Run(c.name, func(t *testing.T) {
			a := got[c.i]
			if len(a.ScheduleList) != c.n || a.MoreSchedules != c.more || a.Summary != "" {
				t.Errorf("%d schedules, more %v, summary %q; want %d, %v, empty", len(a.ScheduleList), a.MoreSchedules, a.Summary, c.n, c.more)
			}
			if a.ScheduleList[0].ScheduleID != 1 {
				t.Errorf("first schedule %d, want the soonest (1)", a.ScheduleList[0].ScheduleID)
			}
		})
	}
	if len(list[0].ScheduleList) != 5 || list[0].Summary != "long" || list[0].MoreSchedules {
		t.Error("ForCards changed the list it was given")
	}
	got[0].ScheduleList = append(got[0].ScheduleList, Schedule{ScheduleID: 99})
	if list[0].ScheduleList[3].ScheduleID != 4 {
		t.Error("appending to a card's schedules overwrote the list's")
	}
}
