package rules

import (
	"sort"
	"time"
)

// Activity is a course as the activity lists show it (spec section 3):
// the course key (courseId, courseName, storeShortName), its coming
// schedules, up to teacherPerSize teachers, and its price range.
type Activity struct {
	CourseID       int64        `json:"courseId"`
	CourseName     string       `json:"courseName"`
	StoreID        int64        `json:"storeId"`
	StoreShortName string       `json:"storeShortName"`
	CategoryID     int64        `json:"categoryId"`
	CategoryName   string       `json:"categoryName"`
	Summary        string       `json:"summary"`
	Image          string       `json:"image"`
	ScheduleList   []Schedule   `json:"scheduleList"`
	TeacherList    []TeacherRef `json:"teacherList"`
	TicketOnly     bool         `json:"ticketOnly"`
	MaxPrice       int          `json:"maxPrice"`
	MinPrice       int          `json:"minPrice"`
	// MoreSchedules: a card's list of the activity (ForCards) left out
	// coming schedules; the course page has them all.
	MoreSchedules bool `json:"moreSchedules,omitempty"`
}

// ForCards is list as activity cards show it: the first
// shown schedules of each (the rest only marked), no summary, so that a
// page's props carry what the page shows whatever the catalogue's size.
// The list and its schedules are not changed.
func ForCards(list []Activity, shown int) []Activity {
	out := make([]Activity, len(list))
	for i, a := range list {
		if len(a.ScheduleList) > shown {
			a.ScheduleList, a.MoreSchedules = a.ScheduleList[:shown:shown], true
		}
		a.Summary = ""
		out[i] = a
	}
	return out
}

// Schedule is one dated session of a course, in Taipei wall-clock time.
type Schedule struct {
	ScheduleID   int64  `json:"scheduleId"`
	CourseID     int64  `json:"courseId"`
	ScheduleDate string `json:"scheduleDate"` // YYYY-MM-DD
	Weekday      int    `json:"weekday"`      // 1 Sunday .. 7 Saturday (spec section 9)
	StartTime    string `json:"startTime"`    // HH:MM
	EndTime      string `json:"endTime"`
	TeacherID    int64  `json:"teacherId"`
	TeacherName  string `json:"teacherName"`
	// Capacity and Remaining (the seats left) are null where the brand
	// shows no seat counts (module CAPACITY off: HideSeats); Full says
	// either way that no seat is left.
	Capacity    *int  `json:"capacity" tstype:"number | null,required"`
	Remaining   *int  `json:"remaining" tstype:"number | null,required"`
	Full        bool  `json:"full"`
	TermClassID int64 `json:"termClassId,omitempty"`
}

// HideSeats drops the seat counts of ss (module CAPACITY off), keeping
// Full.
func HideSeats(ss []Schedule) {
	for i := range ss {
		ss[i].Capacity, ss[i].Remaining = nil, nil
	}
}

// TeacherRef names a teacher in a list.
type TeacherRef struct {
	TeacherID int64  `json:"teacherId"`
	Name      string `json:"name"`
	Title     string `json:"title"`
}

// activityKey is the key the merge joins activities on (spec section 4).
type activityKey struct {
	id    int64
	name  string
	store string
}

// MergeActivities merges activity lists by the spec's rule (section 4):
// entries with the same course key (courseId, courseName, storeShortName)
// become one, in the order keys first appear; their schedules are combined,
// duplicates removed, sorted by date (then start time) ascending; ticketOnly
// holds only if it holds for every merged entry; maxPrice and minPrice are
// the first entry's. Schedules that started before now (Taipei wall clock)
// are dropped, and so is an activity left with none. Teachers are combined
// without duplicates, at most teacherPerSize.
//
//	A{1, 空中瑜珈, 信義館, [12-03], ticketOnly} + A{1, 空中瑜珈, 信義館, [12-01], not ticketOnly}
//	  -> A{1, 空中瑜珈, 信義館, [12-01, 12-03], not ticketOnly, prices of the first}
func MergeActivities(now time.Time, teacherPerSize int, lists ...[]Activity) []Activity {
	wall := Wall(now)
	n := 0
	for _, list := range lists {
		n += len(list)
	}
	out := make([]Activity, 0, n) // an Activity is large: growing the list copied each one several times
	at := make(map[activityKey]int, n)
	seenSchedule := map[activityKey]map[int64]bool{}
	seenTeacher := map[activityKey]map[int64]bool{}
	for _, list := range lists {
		for _, a := range list {
			k := activityKey{a.CourseID, a.CourseName, a.StoreShortName}
			i, ok := at[k]
			if !ok {
				i = len(out)
				at[k] = i
				m := a
				m.ScheduleList, m.TeacherList = make([]Schedule, 0, len(a.ScheduleList)), []TeacherRef{}
				out = append(out, m)
				seenSchedule[k], seenTeacher[k] = map[int64]bool{}, map[int64]bool{}
			} else {
				out[i].TicketOnly = out[i].TicketOnly && a.TicketOnly
			}
			m := &out[i]
			for _, s := range a.ScheduleList {
				if seenSchedule[k][s.ScheduleID] || s.ScheduleDate+" "+s.StartTime+":00" < wall {
					continue
				}
				seenSchedule[k][s.ScheduleID] = true
				m.ScheduleList = append(m.ScheduleList, s)
			}
			for _, t := range a.TeacherList {
				if !seenTeacher[k][t.TeacherID] && len(m.TeacherList) < teacherPerSize {
					seenTeacher[k][t.TeacherID] = true
					m.TeacherList = append(m.TeacherList, t)
				}
			}
		}
	}
	kept := out[:0]
	for _, a := range out {
		if len(a.ScheduleList) == 0 {
			continue
		}
		sort.SliceStable(a.ScheduleList, func(i, j int) bool {
			x, y := a.ScheduleList[i], a.ScheduleList[j]
			if x.ScheduleDate != y.ScheduleDate {
				return x.ScheduleDate < y.ScheduleDate
			}
			return x.StartTime < y.StartTime
		})
		kept = append(kept, a)
	}
	return kept
}

// Start is when s starts (its Taipei wall-clock date and start time); the
// zero time when they do not parse.
func (s Schedule) Start() time.Time {
	t, err := time.ParseInLocation("2006-01-02 15:04", s.ScheduleDate+" "+s.StartTime, Taipei)
	if err != nil {
		return time.Time{}
	}
	return t
}

// Coming keeps of list the schedules that have not started at now (one
// starting at now is still coming, as in MergeActivities).
//
//	now 10:00, [09:30, 10:00, 11:00] -> [10:00, 11:00]
func Coming(now time.Time, list []Schedule) []Schedule {
	wall := Wall(now)
	out := make([]Schedule, 0, len(list))
	for _, s := range list {
		if s.ScheduleDate+" "+s.StartTime+":00" >= wall {
			out = append(out, s)
		}
	}
	return out
}

// PageExpiry is when a page showing the schedules of lists stops being
// true: the first start at or after now among them (from then on the page
// would offer a session that started; one starting at now makes the page
// already expired), else the end of now's Taipei day (the day a page
// shows: today's banners, "today", the footer's year).
//
//	now 12-02 10:00, [12-02 10:30, 12-03 09:00] -> 12-02 10:30
//	now 12-02 10:00, []                         -> 12-03 00:00
func PageExpiry(now time.Time, lists ...[]Schedule) time.Time {
	until := DayOf(now).AddDays(1).t
	for _, list := range lists {
		for _, s := range list {
			if t := s.Start(); !t.IsZero() && !t.Before(now) && t.Before(until) {
				until = t
			}
		}
	}
	return until
}
