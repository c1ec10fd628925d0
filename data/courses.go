package data

import (
	"context"
	"errors"
	"fmt"
	"storefront"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"storefront/rules"
)

// Teacher is a teacher with their introduction.
type Teacher struct {
	rules.TeacherRef `tstype:",extends,required"`
	Bio              string `json:"bio"`
	Image            string `json:"image"`
}

// Category is a course category.
type Category struct {
	CategoryID int64  `json:"categoryId"`
	Name       string `json:"name"`
}

// Page is one page of a list with the total count of matches.
type Page[T any] struct {
	List       []T `json:"list"`
	Total      int `json:"total"`
	PageNumber int `json:"pageNumber"`
	PageSize   int `json:"pageSize"`
}

// List limits: the spec's activity page size and teachers per item
// (section 9), and the most a caller may ask for.
const (
	ActivityPageSize   = 30
	TeacherPerSize     = 6
	MaxPageSize        = 50
	MaxPageNumber      = 10000
	SchedulesPerItem   = 6   // coming schedules an activity in a list carries
	CardSchedules      = 3   // coming schedules an activity card shows (and a page's props carry)
	MaxCourseSchedules = 120 // coming schedules a course detail carries
)

// The activity shapes belong to the merge rule (rules).
type (
	Activity   = rules.Activity
	Schedule   = rules.Schedule
	TeacherRef = rules.TeacherRef
)

// ActivityFilter selects the courses with coming schedules that match.
// Zero values mean no condition.
type ActivityFilter struct {
	From       time.Time // schedules starting at or after (Taipei)
	To         string    // last date YYYY-MM-DD, "" none
	Term       *bool     // true: term sessions only; false: no term sessions
	CourseID   int64
	StoreID    int64
	TeacherID  int64
	CategoryID int64
	Keyword    string // partial match on course, category, teacher and store names
	Promoted   bool
	// NoPrivateCoach leaves out the private-coach courses (module
	// PRIVATE_COACH off: Modules.SellsCourse).
	NoPrivateCoach bool
}

// Normalize folds a search text the way the catalogue's texts are folded:
// lower case, and the variant 伽 of 瑜伽 read as 珈.
func Normalize(s string) string {
	return strings.ReplaceAll(strings.ToLower(strings.TrimSpace(s)), "伽", "珈")
}

// scheduleMatch is the where clause of a filter over course_schedules s
// joined with courses c; args start at $1 = brand id.
func (f ActivityFilter) scheduleMatch() (string, []any) {
	// the date bound is implied by the start's; it lets the brand's
	// (brand_id, date, start_time) index skip the sessions of past days
	w := []string{"s.brand_id = $1", "c.on_shelf", "(s.date + s.start_time) >= $2::timestamp", "s.date >= $2::date"}
	args := []any{nil, rules.Wall(f.From)}
	add := func(cond string, v any) {
		args = append(args, v)
		w = append(w, strings.ReplaceAll(cond, "$?", fmt.Sprintf("$%d", len(args))))
	}
	if f.To != "" {
		add("s.date <= $?::date", f.To)
	}
	if f.Term != nil {
		add("(s.term_class_id is not null) = $?", *f.Term)
	}
	if f.CourseID != 0 {
		add("c.id = $?", f.CourseID)
	}
	if f.StoreID != 0 {
		add("c.store_id = $?", f.StoreID)
	}
	if f.TeacherID != 0 {
		add("s.teacher_id = $?", f.TeacherID)
	}
	if f.CategoryID != 0 {
		add("c.category_id = $?", f.CategoryID)
	}
	if f.Promoted {
		w = append(w, "c.promoted")
	}
	if f.NoPrivateCoach {
		w = append(w, "not c.private_coach")
	}
	if k := Normalize(f.Keyword); k != "" {
		add(`strpos(translate(lower(c.name || ' ' || c.summary || ' ' || st.short_name || ' '
		        || coalesce((select name from course_categories where id = c.category_id), '') || ' '
		        || coalesce((select name from teachers where id = c.teacher_id), '') || ' '
		        || coalesce((select name from teachers where id = s.teacher_id), '')), '伽', '珈'), $?) > 0`, k)
	}
	// $1 is the brand id; shift the rest by one
	return strings.Join(w, " and "), args[1:]
}

// scheduleJoin is what a schedule filter's where clause reads.
const scheduleJoin = `course_schedules s join courses c on c.id = s.course_id join stores st on st.id = c.store_id`

const scheduleCols = `s.id, s.course_id, to_char(s.date, 'YYYY-MM-DD'), extract(dow from s.date)::int + 1,
	to_char(s.start_time, 'HH24:MI'), to_char(s.end_time, 'HH24:MI'), coalesce(s.teacher_id, 0),
	coalesce((select name from teachers where id = s.teacher_id), ''), s.capacity, greatest(s.capacity - s.booked, 0),
	s.booked >= s.capacity, coalesce(s.term_class_id, 0)`

// scheduleFields are the scan targets of scheduleCols.
func scheduleFields(s *Schedule) []any {
	return []any{&s.ScheduleID, &s.CourseID, &s.ScheduleDate, &s.Weekday, &s.StartTime, &s.EndTime,
		&s.TeacherID, &s.TeacherName, &s.Capacity, &s.Remaining, &s.Full, &s.TermClassID}
}

func scanSchedule(r pgx.Row, s *Schedule) error { return r.Scan(scheduleFields(s)...) }

// Activities returns one page of the courses with schedules matching f,
// soonest first, each with its first perCourse matching schedules and up to
// teacherPerSize teachers of those schedules.
func (db *DB) Activities(ctx context.Context, brandID string, f ActivityFilter, pageNumber, pageSize, perCourse, teacherPerSize int) (*Page[Activity], error) {
	where, fargs := f.scheduleMatch()
	from := `from ` + scheduleJoin + ` where ` + where
	args := append([]any{brandID}, fargs...)
	n := len(args)
	rows, err := db.Pool.Query(ctx, fmt.Sprintf(`
		with hit as (select s.course_id, min(s.date + s.start_time) as next %s group by s.course_id)
		select c.id, c.name, c.store_id, st.short_name, coalesce(c.category_id, 0), coalesce(cat.name, ''),
		       c.summary, c.image, c.ticket_only, c.max_price, c.min_price, count(*) over ()
		  from hit join courses c on c.id = hit.course_id
		  join stores st on st.id = c.store_id
		  left join course_categories cat on cat.id = c.category_id
		 order by hit.next, c.sort, c.id
		 limit $%d offset $%d`, from, n+1, n+2), append(args, pageSize, (pageNumber-1)*pageSize)...)
	if err != nil {
		return nil, dbErr(err)
	}
	page := &Page[Activity]{List: []Activity{}, PageNumber: pageNumber, PageSize: pageSize}
	for rows.Next() {
		var a Activity
		if err := rows.Scan(&a.CourseID, &a.CourseName, &a.StoreID, &a.StoreShortName, &a.CategoryID, &a.CategoryName,
			&a.Summary, &a.Image, &a.TicketOnly, &a.MaxPrice, &a.MinPrice, &page.Total); err != nil {
			rows.Close()
			return nil, dbErr(err)
		}
		a.ScheduleList, a.TeacherList = []Schedule{}, []TeacherRef{}
		page.List = append(page.List, a)
	}
	if err := rows.Err(); err != nil {
		return nil, dbErr(err)
	}
	if len(page.List) == 0 {
		if pageNumber > 1 { // the count comes with the rows: ask again for it
			page.Total, err = db.countActivities(ctx, from, args)
		}
		return page, err
	}
	ids := make([]int64, len(page.List))
	at := map[int64]*Activity{}
	for i := range page.List {
		ids[i] = page.List[i].CourseID
		at[ids[i]] = &page.List[i]
	}
	batch := &pgx.Batch{}
	batch.Queue(fmt.Sprintf(`select %s from (
		select s.*, row_number() over (partition by s.course_id order by s.date, s.start_time, s.id) as rn %s and s.course_id = any($%d)
	) s where rn <= $%d order by s.date, s.start_time, s.id`, scheduleCols, from, n+1, n+2), append(args, ids, perCourse)...)
	batch.Queue(fmt.Sprintf(`select s.course_id, t.id, t.name, t.title
		from %s join teachers t on t.id = s.teacher_id where %s and s.course_id = any($%d)
		group by s.course_id, t.id order by s.course_id, min(s.date + s.start_time), t.id`, scheduleJoin, where, n+1), append(args, ids)...)
	res := db.Pool.SendBatch(ctx, batch)
	defer res.Close()
	scheds, err := collect(res, scanSchedule)
	if err != nil {
		return nil, dbErr(err)
	}
	for _, s := range scheds {
		a := at[s.CourseID]
		a.ScheduleList = append(a.ScheduleList, s)
	}
	type courseTeacher struct {
		course int64
		t      TeacherRef
	}
	ts, err := collect(res, func(r pgx.Row, ct *courseTeacher) error {
		return r.Scan(&ct.course, &ct.t.TeacherID, &ct.t.Name, &ct.t.Title)
	})
	if err != nil {
		return nil, dbErr(err)
	}
	for _, ct := range ts {
		if a := at[ct.course]; len(a.TeacherList) < teacherPerSize {
			a.TeacherList = append(a.TeacherList, ct.t)
		}
	}
	return page, nil
}

func (db *DB) countActivities(ctx context.Context, from string, args []any) (int, error) {
	var n int
	err := db.Pool.QueryRow(ctx, `select count(distinct s.course_id) `+from, args...).Scan(&n)
	return n, dbErr(err)
}

// CourseDetail is a course's page: the course, its store, lead teacher,
// every teacher of its coming schedules, the schedules themselves and the
// term classes it is sold in.
type CourseDetail struct {
	rules.Activity `tstype:",extends,required"`
	Description    string `json:"description"`
	// BookingOpensHours: booking a session opens this many hours before it starts.
	BookingOpensHours int         `json:"bookingOpensHours"`
	Store             Store       `json:"store"`
	Teacher           *Teacher    `json:"teacher" tstype:"Teacher | null,required"`
	Teachers          []Teacher   `json:"teachers"`
	TermClasses       []TermClass `json:"termClasses"`
	UpdatedAt         time.Time   `json:"updatedAt"`
	// PrivateCoach: a private-coach course (module PRIVATE_COACH).
	PrivateCoach bool `json:"privateCoach"`
}

// Course loads course id of the brand with its schedules from from on; a
// course of another brand, taken off the shelf or unknown is not found.
func (db *DB) Course(ctx context.Context, brandID string, id int64, from time.Time) (*CourseDetail, error) {
	d := &CourseDetail{}
	var teacherID int64
	err := db.Pool.QueryRow(ctx, `
		select c.id, c.name, c.store_id, st.short_name, coalesce(c.category_id, 0), coalesce(cat.name, ''),
		       c.summary, c.image, c.ticket_only, c.max_price, c.min_price, c.description, coalesce(c.teacher_id, 0),
		       c.booking_opens_hours, c.private_coach, greatest(c.updated_at, coalesce((select max(updated_at) from course_schedules where course_id = c.id), c.updated_at)),
		       `+storeCols+`
		  from courses c join stores st on st.id = c.store_id
		  left join course_categories cat on cat.id = c.category_id
		 where c.brand_id = $1 and c.id = $2 and c.on_shelf`, brandID, id).Scan(append([]any{
		&d.CourseID, &d.CourseName, &d.StoreID, &d.StoreShortName, &d.CategoryID, &d.CategoryName,
		&d.Summary, &d.Image, &d.TicketOnly, &d.MaxPrice, &d.MinPrice, &d.Description, &teacherID, &d.BookingOpensHours, &d.PrivateCoach, &d.UpdatedAt},
		storeFields(&d.Store)...)...)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, &storefront.Error{Kind: storefront.KindNotFound, Message: storefront.TextCourseNotFound}
	}
	if err != nil {
		return nil, dbErr(err)
	}
	finishStore(&d.Store)
	batch := &pgx.Batch{}
	batch.Queue(`select `+scheduleCols+` from course_schedules s
		where s.course_id = $1 and (s.date + s.start_time) >= $2::timestamp
		order by s.date, s.start_time, s.id limit $3`, id, rules.Wall(from), MaxCourseSchedules)
	batch.Queue(`select t.id, t.name, t.title, t.bio, t.image from teachers t
		where t.id = $1 or t.id in (select teacher_id from course_schedules
		                             where course_id = $2 and (date + start_time) >= $3::timestamp)
		order by t.id <> $1, t.sort, t.id`, teacherID, id, rules.Wall(from))
	res := db.Pool.SendBatch(ctx, batch)
	if d.ScheduleList, err = collect(res, scanSchedule); err != nil {
		res.Close()
		return nil, dbErr(err)
	}
	if d.Teachers, err = collect(res, scanTeacher); err != nil {
		res.Close()
		return nil, dbErr(err)
	}
	res.Close()
	d.TeacherList = []TeacherRef{}
	for i, t := range d.Teachers {
		if t.TeacherID == teacherID {
			d.Teacher = &d.Teachers[i]
		}
		if len(d.TeacherList) < TeacherPerSize {
			d.TeacherList = append(d.TeacherList, t.TeacherRef)
		}
	}
	d.TermClasses, err = db.termClasses(ctx, brandID, "tc.course_id = $2", id)
	if err != nil {
		return nil, err
	}
	return d, nil
}

func scanTeacher(r pgx.Row, t *Teacher) error {
	return r.Scan(&t.TeacherID, &t.Name, &t.Title, &t.Bio, &t.Image)
}

// ScheduleFilter selects schedules for the schedule calls.
type ScheduleFilter struct {
	From       time.Time
	To         string // last date, "" none
	CourseID   int64
	StoreID    int64
	ScheduleID int64
}

// Schedules returns the coming schedules matching f, at most limit.
func (db *DB) Schedules(ctx context.Context, brandID string, f ScheduleFilter, limit int) ([]Schedule, error) {
	where, args := scheduleWhere(f)
	return queryList(ctx, db, scanSchedule, `select `+scheduleCols+` from `+scheduleJoin+` where `+where+
		fmt.Sprintf(` order by s.date, s.start_time, s.id limit $%d`, len(args)+2), append(append([]any{brandID}, args...), limit)...)
}

// SchedulesPage is one page of the coming schedules matching f past the
// first skip (an activity card's 「更多時段」: the card shows the first
// CardSchedules), with how many there are past skip.
func (db *DB) SchedulesPage(ctx context.Context, brandID string, f ScheduleFilter, skip, pageNumber, pageSize int) (*Page[Schedule], error) {
	where, args := scheduleWhere(f)
	args = append([]any{brandID}, args...)
	p := &Page[Schedule]{List: []Schedule{}, PageNumber: pageNumber, PageSize: pageSize}
	if err := db.Pool.QueryRow(ctx, `select count(*) from `+scheduleJoin+` where `+where, args...).Scan(&p.Total); err != nil {
		return nil, dbErr(err)
	}
	if p.Total = max(p.Total-skip, 0); p.Total <= (pageNumber-1)*pageSize {
		return p, nil
	}
	n := len(args)
	list, err := queryList(ctx, db, scanSchedule, `select `+scheduleCols+` from `+scheduleJoin+` where `+where+
		fmt.Sprintf(` order by s.date, s.start_time, s.id limit $%d offset $%d`, n+1, n+2),
		append(args, pageSize, skip+(pageNumber-1)*pageSize)...)
	if err != nil {
		return nil, err
	}
	p.List = list
	return p, nil
}

func scheduleWhere(f ScheduleFilter) (string, []any) {
	af := ActivityFilter{From: f.From, To: f.To, CourseID: f.CourseID, StoreID: f.StoreID}
	where, args := af.scheduleMatch()
	if f.ScheduleID != 0 {
		args = append(args, f.ScheduleID)
		where += fmt.Sprintf(" and s.id = $%d", len(args)+1)
	}
	return where, args
}

// ScheduleDates returns the dates (YYYY-MM-DD) that have a coming schedule
// matching f, at most limit.
func (db *DB) ScheduleDates(ctx context.Context, brandID string, f ScheduleFilter, limit int) ([]string, error) {
	where, args := scheduleWhere(f)
	return queryList(ctx, db, func(r pgx.Row, d *string) error { return r.Scan(d) },
		`select distinct to_char(s.date, 'YYYY-MM-DD') as d from `+scheduleJoin+` where `+where+
			fmt.Sprintf(` order by d limit $%d`, len(args)+2), append(append([]any{brandID}, args...), limit)...)
}

// TimetableSession is a session on a brand's timetable: the schedule, its
// seats by the catalogue's rule (scheduleCols, as the course page shows
// them), its course, store and course type (category). Its teacher is the
// session's own, else the course's lead teacher.
type TimetableSession struct {
	rules.Schedule `tstype:",extends,required"`
	CourseName     string `json:"courseName"`
	StoreID        int64  `json:"storeId"`
	StoreShortName string `json:"storeShortName"`
	CategoryID     int64  `json:"categoryId"`
	CategoryName   string `json:"categoryName"`
}

// MaxTimetableSessions bounds a timetable's answer.
const MaxTimetableSessions = 500

// Timetable returns the brand's sessions matching f (f.From the earliest
// start, f.To the last Taipei date; StoreID and CategoryID narrow it), in
// time order, at most limit.
func (db *DB) Timetable(ctx context.Context, brandID string, f ActivityFilter, limit int) ([]TimetableSession, error) {
	where, args := f.scheduleMatch()
	args = append([]any{brandID}, args...)
	return queryList(ctx, db, func(r pgx.Row, t *TimetableSession) error {
		var lead string
		err := r.Scan(append(scheduleFields(&t.Schedule), &t.CourseName, &t.StoreID, &t.StoreShortName, &t.CategoryID, &t.CategoryName, &lead)...)
		if t.TeacherName == "" { // no teacher of its own: the course's lead teacher teaches it
			t.TeacherName = lead
		}
		return err
	}, `select `+scheduleCols+`, c.name, c.store_id, st.short_name, coalesce(c.category_id, 0), coalesce(cat.name, ''),
		       coalesce((select name from teachers where id = c.teacher_id), '')
		  from `+scheduleJoin+` left join course_categories cat on cat.id = c.category_id
		 where `+where+fmt.Sprintf(` order by s.date, s.start_time, st.sort, c.sort, s.id limit $%d`, len(args)+1),
		append(args, limit)...)
}

// Teachers returns the brand's teachers; with courseID only those of that
// course (its lead teacher and the teachers of its schedules from from on).
func (db *DB) Teachers(ctx context.Context, brandID string, courseID int64, from time.Time) ([]Teacher, error) {
	q := `select t.id, t.name, t.title, t.bio, t.image from teachers t where t.brand_id = $1`
	args := []any{brandID}
	if courseID != 0 {
		q += ` and (t.id = (select teacher_id from courses where id = $2 and brand_id = $1)
		         or t.id in (select teacher_id from course_schedules where course_id = $2 and (date + start_time) >= $3::timestamp))`
		args = append(args, courseID, rules.Wall(from))
	}
	return queryList(ctx, db, scanTeacher, q+` order by t.sort, t.id`, args...)
}

// Categories returns the brand's course categories.
func (db *DB) Categories(ctx context.Context, brandID string) ([]Category, error) {
	return queryList(ctx, db, func(r pgx.Row, c *Category) error { return r.Scan(&c.CategoryID, &c.Name) },
		`select id, name from course_categories where brand_id = $1 order by sort, id`, brandID)
}

// Banner is a picture with a link on brand home.
type Banner struct {
	BannerID int64  `json:"bannerId"`
	Title    string `json:"title"`
	Image    string `json:"image"`
	Link     string `json:"link"` // path under the brand, or an absolute URL
}

// Banners returns the banners shown on day (YYYY-MM-DD).
func (db *DB) Banners(ctx context.Context, brandID, day string) ([]Banner, error) {
	return queryList(ctx, db, func(r pgx.Row, b *Banner) error { return r.Scan(&b.BannerID, &b.Title, &b.Image, &b.Link) },
		`select id, title, image, link from banners
		  where brand_id = $1 and (starts_on is null or starts_on <= $2::date) and (ends_on is null or ends_on >= $2::date)
		  order by sort, id limit 10`, brandID, day)
}

// Salesman is a referrer a buyer may name at checkout.
type Salesman struct {
	SalesmanID int64  `json:"salesmanId"`
	Name       string `json:"name"`
	Code       string `json:"code"`
	StoreID    int64  `json:"storeId"`
}

// Salesmen returns the brand's active salesmen, of one store when storeID
// is not 0 (salesmen of no particular store included).
func (db *DB) Salesmen(ctx context.Context, brandID string, storeID int64) ([]Salesman, error) {
	return queryList(ctx, db, func(r pgx.Row, s *Salesman) error { return r.Scan(&s.SalesmanID, &s.Name, &s.Code, &s.StoreID) },
		`select id, name, code, coalesce(store_id, 0) from salesmen
		  where brand_id = $1 and active and ($2 = 0 or store_id is null or store_id = $2)
		  order by sort, id limit 500`, brandID, storeID)
}
