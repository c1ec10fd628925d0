package rules

import (
	"reflect"
	"testing"
	"time"
)

func sched(id int64, date, start string) Schedule {
	return Schedule{ScheduleID: id, ScheduleDate: date, StartTime: start}
}

func act(id int64, name, store string, ticketOnly bool, maxP, minP int, s ...Schedule) Activity {
	return Activity{CourseID: id, CourseName: name, StoreShortName: store, TicketOnly: ticketOnly, MaxPrice: maxP, MinPrice: minP, ScheduleList: s}
}

// scheduleIDs lists each activity's key and schedule ids, for comparing.
type summary struct {
	ID         int64
	Store      string
	TicketOnly bool
	Max, Min   int
	Schedules  []int64
	Teachers   []int64
}

func summarize(as []Activity) []summary {
	out := []summary{}
	for _, a := range as {
		s := summary{ID: a.CourseID, Store: a.StoreShortName, TicketOnly: a.TicketOnly, Max: a.MaxPrice, Min: a.MinPrice, Schedules: []int64{}, Teachers: []int64{}}
		for _, x := range a.ScheduleList {
			s.Schedules = append(s.Schedules, x.ScheduleID)
		}
		for _, t := range a.TeacherList {
			s.Teachers = append(s.Teachers, t.TeacherID)
		}
		out = append(out, s)
	}
	return out
}

func TestMergeActivities(t *testing.T) {
	taipei := Taipei
	now := time.Date(2026, 12, 1, 9, 0, 0, 0, taipei) // frozen clock
	withTeachers := func(a Activity, ids ...int64) Activity {
		for _, id := range ids {
			a.TeacherList = append(a.TeacherList, TeacherRef{TeacherID: id})
		}
		return a
	}
	cases := []struct {
		name  string
		lists [][]Activity
		want  []summary
	}{
		{name: "nothing", lists: nil, want: []summary{}},
		{name: "one list kept as is", lists: [][]Activity{{act(1, "空中瑜珈", "信義館", false, 600, 450, sched(10, "2026-12-02", "19:30"))}},
			want: []summary{{1, "信義館", false, 600, 450, []int64{10}, []int64{}}}},
		{name: "same key merged, schedules sorted by date",
			lists: [][]Activity{
				{act(1, "空中瑜珈", "信義館", true, 600, 450, sched(12, "2026-12-09", "19:30"), sched(10, "2026-12-02", "19:30"))},
				{act(1, "空中瑜珈", "信義館", true, 900, 100, sched(11, "2026-12-05", "10:00"))},
			},
			want: []summary{{1, "信義館", true, 600, 450, []int64{10, 11, 12}, []int64{}}}},
		{name: "ticketOnly only if all are",
			lists: [][]Activity{{act(1, "a", "x", true, 1, 1, sched(1, "2026-12-02", "10:00"))}, {act(1, "a", "x", false, 2, 2, sched(2, "2026-12-03", "10:00"))}},
			want:  []summary{{1, "x", false, 1, 1, []int64{1, 2}, []int64{}}}},
		{name: "prices from the first even when the first is the term list",
			lists: [][]Activity{{act(1, "a", "x", false, 3200, 3200, sched(2, "2026-12-06", "09:00"))}, {act(1, "a", "x", false, 500, 400, sched(1, "2026-12-03", "12:15"))}},
			want:  []summary{{1, "x", false, 3200, 3200, []int64{1, 2}, []int64{}}}},
		{name: "duplicate schedules removed",
			lists: [][]Activity{{act(1, "a", "x", false, 1, 1, sched(5, "2026-12-02", "10:00"))}, {act(1, "a", "x", false, 1, 1, sched(5, "2026-12-02", "10:00"), sched(6, "2026-12-02", "08:00"))}},
			want:  []summary{{1, "x", false, 1, 1, []int64{6, 5}, []int64{}}}},
		{name: "same date sorted by start time",
			lists: [][]Activity{{act(1, "a", "x", false, 1, 1, sched(1, "2026-12-02", "19:00"), sched(2, "2026-12-02", "07:00"))}},
			want:  []summary{{1, "x", false, 1, 1, []int64{2, 1}, []int64{}}}},
		{name: "different store is a different course key",
			lists: [][]Activity{{act(1, "a", "信義館", false, 1, 1, sched(1, "2026-12-02", "10:00"))}, {act(1, "a", "竹北館", false, 1, 1, sched(2, "2026-12-03", "10:00"))}},
			want:  []summary{{1, "信義館", false, 1, 1, []int64{1}, []int64{}}, {1, "竹北館", false, 1, 1, []int64{2}, []int64{}}}},
		{name: "order of first appearance kept",
			lists: [][]Activity{{act(2, "b", "x", false, 1, 1, sched(3, "2026-12-09", "10:00")), act(1, "a", "x", false, 1, 1, sched(4, "2026-12-02", "10:00"))}, {act(3, "c", "x", false, 1, 1, sched(5, "2026-12-01", "10:00"))}},
			want:  []summary{{2, "x", false, 1, 1, []int64{3}, []int64{}}, {1, "x", false, 1, 1, []int64{4}, []int64{}}, {3, "x", false, 1, 1, []int64{5}, []int64{}}}},
		{name: "schedules that already started dropped, empty activity dropped",
			lists: [][]Activity{{act(1, "a", "x", false, 1, 1, sched(1, "2026-12-01", "08:59"), sched(2, "2026-12-01", "09:00")), act(2, "b", "x", false, 1, 1, sched(3, "2026-11-30", "20:00"))}},
			want:  []summary{{1, "x", false, 1, 1, []int64{2}, []int64{}}}},
		{name: "teachers combined without duplicates, at most six",
			lists: [][]Activity{{withTeachers(act(1, "a", "x", false, 1, 1, sched(1, "2026-12-02", "10:00")), 1, 2, 3, 4)}, {withTeachers(act(1, "a", "x", false, 1, 1, sched(2, "2026-12-03", "10:00")), 3, 5, 6, 7, 8)}},
			want:  []summary{{1, "x", false, 1, 1, []int64{1, 2}, []int64{1, 2, 3, 4, 5, 6}}}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := summarize(MergeActivities(now, 6, c.lists...))
			if !reflect.DeepEqual(got, c.want) {
				t.Fatalf("got  %+v\nwant %+v", got, c.want)
			}
		})
	}
}

// TestMergeKeepsInputs: merging does not change the lists it was given.
func TestMergeKeepsInputs(t *testing.T) {
	a := []Activity{act(1, "a", "x", true, 1, 1, sched(2, "2027-01-02", "10:00"), sched(1, "2027-01-01", "10:00"))}
	b := []Activity{act(1, "a", "x", false, 1, 1, sched(3, "2027-01-03", "10:00"))}
	MergeActivities(time.Date(2026, 12, 1, 0, 0, 0, 0, time.UTC), 6, a, b)
	if !a[0].TicketOnly || a[0].ScheduleList[0].ScheduleID != 2 || len(a[0].ScheduleList) != 2 {
		t.Fatalf("input changed: %+v", a[0])
	}
}

func TestPageExpiry(t *testing.T) {
	at := func(s string) time.Time {
		v, err := time.ParseInLocation("2006-01-02 15:04", s, Taipei)
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	now := at("2026-12-02 10:00")
	for _, c := range []struct {
		name  string
		lists [][]Schedule
		want  time.Time
	}{
		{name: "nothing listed: the end of the day", lists: nil, want: at("2026-12-03 00:00")},
		{name: "the first start after now", lists: [][]Schedule{{sched(1, "2026-12-03", "09:00"), sched(2, "2026-12-02", "10:30")}}, want: at("2026-12-02 10:30")},
		{name: "across lists", lists: [][]Schedule{{sched(1, "2026-12-02", "18:00")}, {sched(2, "2026-12-02", "11:15")}}, want: at("2026-12-02 11:15")},
		{name: "one that started does not count", lists: [][]Schedule{{sched(2, "2026-12-02", "09:00")}}, want: at("2026-12-03 00:00")},
		{name: "one starting now: expired now", lists: [][]Schedule{{sched(1, "2026-12-02", "10:00"), sched(2, "2026-12-02", "12:00")}}, want: now},
		{name: "a session tomorrow: the day ends first", lists: [][]Schedule{{sched(1, "2026-12-03", "08:00")}}, want: at("2026-12-03 00:00")},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := PageExpiry(now, c.lists...); !got.Equal(c.want) {
				t.Fatalf("PageExpiry = %v; want %v", got, c.want)
			}
		})
	}
}

func TestComing(t *testing.T) {
	now := time.Date(2026, 12, 2, 10, 0, 0, 0, Taipei)
	got := Coming(now, []Schedule{sched(1, "2026-12-02", "09:30"), sched(2, "2026-12-02", "10:00"), sched(3, "2026-12-02", "11:00"), sched(4, "2026-12-01", "23:00")})
	var ids []int64
	for _, s := range got {
		ids = append(ids, s.ScheduleID)
	}
	if !reflect.DeepEqual(ids, []int64{2, 3}) {
		t.Fatalf("Coming = %v; want [2 3]", ids)
	}
}
