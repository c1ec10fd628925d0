package data

import (
	"context"
	"fmt"
	"storefront"
	"time"

	"github.com/jackc/pgx/v5"
)

// TermSchedule is a term (a series of sessions sold together) with its
// classes.
type TermSchedule struct {
	TermScheduleID int64       `json:"termScheduleId"`
	Name           string      `json:"name"`
	Intro          string      `json:"intro"`
	Image          string      `json:"image"`
	StartDate      string      `json:"startDate"`
	EndDate        string      `json:"endDate"`
	ClassList      []TermClass `json:"scheduleList"`
	UpdatedAt      time.Time   `json:"updatedAt"`
}

// TermClass is a class of a term (the spec's scheduleId): one course on a
// weekly slot, sold whole. SessionList is filled on the class's own page.
type TermClass struct {
	ScheduleID     int64      `json:"scheduleId"`
	TermScheduleID int64      `json:"termScheduleId"`
	TermName       string     `json:"termName"`
	Name           string     `json:"name"`
	Intro          string     `json:"intro"`
	Price          int        `json:"price"`
	Capacity       int        `json:"capacity"`
	Remaining      int        `json:"remaining"`
	CourseID       int64      `json:"courseId"`
	CourseName     string     `json:"courseName"`
	StoreID        int64      `json:"storeId"`
	StoreShortName string     `json:"storeShortName"`
	TeacherName    string     `json:"teacherName"`
	Image          string     `json:"image"`
	SessionCount   int        `json:"sessionCount"`
	FirstDate      string     `json:"firstDate"`
	LastDate       string     `json:"lastDate"`
	Weekday        int        `json:"weekday"` // of the first session, 1 Sunday .. 7 Saturday
	StartTime      string     `json:"startTime"`
	EndTime        string     `json:"endTime"`
	SessionList    []Schedule `json:"sessionList,omitempty"`
}

// termClasses loads the on-shelf classes of the brand matching cond (over
// term_classes tc, with $2... as args), in term and class order.
func (db *DB) termClasses(ctx context.Context, brandID, cond string, args ...any) ([]TermClass, error) {
	return queryList(ctx, db, func(r pgx.Row, c *TermClass) error {
		return r.Scan(&c.ScheduleID, &c.TermScheduleID, &c.TermName, &c.Name, &c.Intro, &c.Price, &c.Capacity,
			&c.Remaining, &c.CourseID, &c.CourseName, &c.StoreID, &c.StoreShortName, &c.TeacherName, &c.Image,
			&c.SessionCount, &c.FirstDate, &c.LastDate, &c.Weekday, &c.StartTime, &c.EndTime)
	}, fmt.Sprintf(`
		select tc.id, tc.term_schedule_id, ts.name, tc.name, tc.intro, tc.price, tc.capacity,
		       tc.capacity - coalesce(x.booked, 0), c.id, c.name, c.store_id, st.short_name,
		       coalesce((select name from teachers where id = c.teacher_id), ''), coalesce(nullif(c.image, ''), ts.image),
		       coalesce(x.n, 0), coalesce(to_char(x.first, 'YYYY-MM-DD'), ''), coalesce(to_char(x.last, 'YYYY-MM-DD'), ''),
		       coalesce(extract(dow from x.first)::int + 1, 0),
		       coalesce(to_char(x.start_time, 'HH24:MI'), ''), coalesce(to_char(x.end_time, 'HH24:MI'), '')
		  from term_classes tc
		  join term_schedules ts on ts.id = tc.term_schedule_id
		  join courses c on c.id = tc.course_id
		  join stores st on st.id = c.store_id
		  left join lateral (
		      select count(*) as n, min(date) as first, max(date) as last, max(booked) as booked,
		             (array_agg(start_time order by date, start_time))[1] as start_time,
		             (array_agg(end_time order by date, start_time))[1] as end_time
		        from course_schedules where term_class_id = tc.id) x on true
		 where tc.brand_id = $1 and ts.on_shelf and %s
		 order by ts.sort, ts.id, tc.sort, tc.id`, cond), append([]any{brandID}, args...)...)
}

// TermSchedules returns the brand's on-shelf terms that have not ended by
// day (YYYY-MM-DD), each with its classes; with termScheduleID only that one.
func (db *DB) TermSchedules(ctx context.Context, brandID, day string, termScheduleID int64) ([]TermSchedule, error) {
	terms, err := queryList(ctx, db, func(r pgx.Row, t *TermSchedule) error {
		return r.Scan(&t.TermScheduleID, &t.Name, &t.Intro, &t.Image, &t.StartDate, &t.EndDate, &t.UpdatedAt)
	}, `
		select ts.id, ts.name, ts.intro, ts.image, to_char(ts.start_date, 'YYYY-MM-DD'), to_char(ts.end_date, 'YYYY-MM-DD'),
		       greatest(ts.updated_at, coalesce((select max(updated_at) from term_classes where term_schedule_id = ts.id), ts.updated_at))
		  from term_schedules ts
		 where ts.brand_id = $1 and ts.on_shelf and (ts.id = $3 or $3 = 0 and ts.end_date >= $2::date)
		 order by ts.sort, ts.id limit 100`, brandID, day, termScheduleID)
	if err != nil {
		return nil, err
	}
	if len(terms) == 0 {
		if termScheduleID != 0 {
			return nil, &storefront.Error{Kind: storefront.KindNotFound, Message: storefront.TextTermNotFound}
		}
		return []TermSchedule{}, nil
	}
	ids := make([]int64, len(terms))
	at := map[int64]*TermSchedule{}
	for i := range terms {
		ids[i] = terms[i].TermScheduleID
		terms[i].ClassList = []TermClass{}
		at[ids[i]] = &terms[i]
	}
	classes, err := db.termClasses(ctx, brandID, "tc.term_schedule_id = any($2)", ids)
	if err != nil {
		return nil, err
	}
	for _, c := range classes {
		t := at[c.TermScheduleID]
		t.ClassList = append(t.ClassList, c)
	}
	return terms, nil
}

// TermSchedule returns one term; with scheduleID its class list holds only
// that class, with every session.
func (db *DB) TermSchedule(ctx context.Context, brandID string, termScheduleID, scheduleID int64) (*TermSchedule, error) {
	terms, err := db.TermSchedules(ctx, brandID, "0001-01-01", termScheduleID)
	if err != nil {
		return nil, err
	}
	t := &terms[0]
	if scheduleID == 0 {
		return t, nil
	}
	for _, c := range t.ClassList {
		if c.ScheduleID != scheduleID {
			continue
		}
		sessions, err := queryList(ctx, db, scanSchedule, `select `+scheduleCols+` from course_schedules s
			where s.term_class_id = $1 order by s.date, s.start_time, s.id limit 500`, scheduleID)
		if err != nil {
			return nil, err
		}
		c.SessionList = sessions
		t.ClassList = []TermClass{c}
		return t, nil
	}
	return nil, &storefront.Error{Kind: storefront.KindNotFound, Message: storefront.TextClassNotFound}
}
