package host

import (
	"fmt"
	"net/http"
	"storefront"
	"time"

	"storefront/data"
	"storefront/rules"
)

// The catalogue calls of spec section 7: items, term schedules, the search
// calls, schedules and salesmen. Each reads through the loaders the pages
// use. A bad query value is a 400 with a message saying which.

// GET /api/v2/ec/brands/{brandId}/commodity/list: the on-shelf items, of
// one type with query itemType, paged (pageNumber, pageSize up to 50).
func (s *Server) apiCommodityList(w http.ResponseWriter, r *http.Request) (any, error) {
	b, err := s.brandOfRequest(r, routeItem)
	if err != nil {
		return nil, err
	}
	q := newQuery(r.URL.Query())
	f := data.ItemFilter{Modules: b.ModuleSet(), Keyword: q.text("keyword", storefront.TextLabelKeyword, 50)}
	if t := r.URL.Query().Get("itemType"); t != "" {
		if !data.IsItemType(t) {
			q.fail(storefront.TextItemTypeUnknown(t))
		}
		f.Types = []string{t}
	}
	n, size := q.page(data.MaxPageSize)
	if err := q.Err(); err != nil {
		return nil, err
	}
	f.Day = rules.Day(s.now())
	return s.db.Items(r.Context(), b.ID, f, n, size)
}

// offShelfBody is the spec's answer for an item taken off the shelf: a 400
// whose body is exactly this text (spec section 8), which clients treat as
// a normal result.
var offShelfBody = storefront.CodeText(storefront.CodeItemOffShelf)

// GET /api/v2/ec/brands/{brandId}/commodity/{itemType}/{itemId}
func (s *Server) apiCommodity(w http.ResponseWriter, r *http.Request) (any, error) {
	b, err := s.brandOfRequest(r, routeItem)
	if err != nil {
		return nil, err
	}
	id, ok := pathID(r.PathValue("itemId"))
	if !data.IsItemType(r.PathValue("itemType")) || !ok {
		return nil, &storefront.Error{Kind: storefront.KindNotFound, Message: storefront.TextItemMissing}
	}
	it, err := s.item(r.Context(), b, r.PathValue("itemType"), id)
	if err == nil && !it.OnShelf {
		return rawAnswer{http.StatusBadRequest, offShelfBody}, nil
	}
	return it, err
}

// GET /api/v2/ec/brands/{brandId}/termSchedule: the current terms; with
// termScheduleId that term; with scheduleId too, that class and its
// sessions.
func (s *Server) apiTermSchedule(w http.ResponseWriter, r *http.Request) (any, error) {
	b, err := s.brandOfRequest(r, routeTermList)
	if err != nil {
		return nil, err
	}
	q := newQuery(r.URL.Query())
	termID := q.id("termScheduleId", storefront.TextLabelTermSchedule)
	classID := q.id("scheduleId", storefront.TextLabelTermClass)
	if classID != 0 && termID == 0 {
		q.fail(storefront.TextClassNeedsTerm)
	}
	if err := q.Err(); err != nil {
		return nil, err
	}
	ts, err := s.termSchedules(r.Context(), b, termID, classID)
	if err != nil || termID == 0 {
		return ts, err
	}
	return ts[0], nil
}

// GET /api/search/searchEventList: courses with coming schedules matching
// keyword, startDate, endDate, storeId, teacherId and categoryId, paged.
func (s *Server) apiSearchEventList(w http.ResponseWriter, r *http.Request) (any, error) {
	b, err := s.brandOfRequest(r, routeSearch)
	if err != nil {
		return nil, err
	}
	f, err := parseSearch(r.URL.Query())
	if err != nil {
		return nil, err
	}
	return s.search(r.Context(), b, f)
}

// GET /api/search/condition: the stores, teachers and categories a search
// filters by.
func (s *Server) apiSearchCondition(w http.ResponseWriter, r *http.Request) (any, error) {
	b, err := s.brandOfRequest(r, routeSearch)
	if err != nil {
		return nil, err
	}
	return s.searchCondition(r.Context(), b)
}

// GET /api/search/activityList and /api/search/termActivityList: one list
// of the activity page (pageNumber 1, pageSize 30, teacherPerSize 6 by
// default).
func (s *Server) apiActivityList(term bool) apiFunc {
	return func(w http.ResponseWriter, r *http.Request) (any, error) {
		b, err := s.brandOfRequest(r, routeActivities)
		if err != nil {
			return nil, err
		}
		q := newQuery(r.URL.Query())
		n, size := q.page(data.ActivityPageSize)
		perTeacher := q.intIn("teacherPerSize", storefront.TextLabelTeachersPerItem, data.TeacherPerSize, 0, data.TeacherPerSize)
		if err := q.Err(); err != nil {
			return nil, err
		}
		return s.activities(r.Context(), b, term, n, size, perTeacher)
	}
}

// GET /api/search/activitySchedules: an activity card's 「更多時段」, the
// coming schedules of course courseId past the CardSchedules its card
// shows, paged (pageNumber, pageSize 20 by default, up to 50); cached per
// brand data version and clock step, like the lists.
func (s *Server) apiActivitySchedules(w http.ResponseWriter, r *http.Request) (any, error) {
	b, err := s.brandOfRequest(r, routeActivities)
	if err != nil {
		return nil, err
	}
	q := newQuery(r.URL.Query())
	course := q.id("courseId", storefront.TextLabelCourse)
	n, size := q.page(moreSchedulesPage)
	if course == 0 {
		q.fail(storefront.TextNoCourseID)
	}
	if err := q.Err(); err != nil {
		return nil, err
	}
	now := s.clock()
	var p data.Page[data.Schedule]
	name := fmt.Sprintf("moreSchedules:%d:%d:%d:%d", now.Unix(), course, n, size)
	err = s.cached(r.Context(), b, name, &p, func() (any, error) {
		return s.db.SchedulesPage(r.Context(), b.ID, data.ScheduleFilter{From: now, CourseID: course}, data.CardSchedules, n, size)
	})
	return &p, err
}

// moreSchedulesPage is the default page of a card's 「更多時段」.
const moreSchedulesPage = 20

// GET /api/search/ticketList (point tickets and count cards) and
// /api/search/passcardList (passcards and minute cards): on-shelf items,
// with an optional keyword, paged.
func (s *Server) apiItemSearch(types ...string) apiFunc {
	return func(w http.ResponseWriter, r *http.Request) (any, error) {
		b, err := s.brandOfRequest(r, routeBrandHome)
		if err != nil {
			return nil, err
		}
		q := newQuery(r.URL.Query())
		keyword := q.text("keyword", storefront.TextLabelKeyword, 50)
		n, size := q.page(data.ActivityPageSize)
		if err := q.Err(); err != nil {
			return nil, err
		}
		return s.db.Items(r.Context(), b.ID, data.ItemFilter{Modules: b.ModuleSet(), Types: types, Keyword: keyword, Day: rules.Day(s.now())}, n, size)
	}
}

// GET /api/search/promoteList: the promoted activities (then the soonest).
func (s *Server) apiPromoteList(w http.ResponseWriter, r *http.Request) (any, error) {
	b, err := s.brandOfRequest(r, routeActivities)
	if err != nil {
		return nil, err
	}
	return s.promoted(r.Context(), b, homeActivities)
}

// GET /api/search/banner: the banners shown today.
func (s *Server) apiBanner(w http.ResponseWriter, r *http.Request) (any, error) {
	b, err := s.brandOfRequest(r, routeBrandHome)
	if err != nil {
		return nil, err
	}
	return s.banners(r.Context(), b)
}

// scheduleFilter reads the schedule calls' query: courseId, storeId,
// scheduleId, startDate, endDate.
func (s *Server) scheduleFilter(r *http.Request) (data.ScheduleFilter, error) {
	q := newQuery(r.URL.Query())
	f := data.ScheduleFilter{From: s.clock()}
	f.CourseID = q.id("courseId", storefront.TextLabelCourse)
	f.StoreID = q.id("storeId", storefront.TextLabelStore)
	f.ScheduleID = q.id("scheduleId", storefront.TextLabelSession)
	var start string
	start, f.To = q.dateRange()
	if start != "" {
		if t, _ := time.ParseInLocation("2006-01-02", start, rules.Taipei); t.After(f.From) {
			f.From = t
		}
	}
	return f, q.Err()
}

// GET /api/schedule/teachers: the brand's teachers, or a course's
// (courseId).
func (s *Server) apiScheduleTeachers(w http.ResponseWriter, r *http.Request) (any, error) {
	b, err := s.brandOfRequest(r, routeCourse)
	if err != nil {
		return nil, err
	}
	q := newQuery(r.URL.Query())
	course := q.id("courseId", storefront.TextLabelCourse)
	if err := q.Err(); err != nil {
		return nil, err
	}
	return s.db.Teachers(r.Context(), b.ID, course, s.clock())
}

// GET /api/schedule/dates: the dates with a coming schedule (of a course
// or store), at most 366.
func (s *Server) apiScheduleDates(w http.ResponseWriter, r *http.Request) (any, error) {
	b, err := s.brandOfRequest(r, routeCourse)
	if err != nil {
		return nil, err
	}
	f, err := s.scheduleFilter(r)
	if err != nil {
		return nil, err
	}
	return s.db.ScheduleDates(r.Context(), b.ID, f, 366)
}

// GET /api/brand/{brandId}/salesman/list: the active salesmen, of one
// store with query storeId.
func (s *Server) apiSalesmen(w http.ResponseWriter, r *http.Request) (any, error) {
	b, err := s.brandOfRequest(r, nil)
	if err != nil {
		return nil, err
	}
	q := newQuery(r.URL.Query())
	store := q.id("storeId", storefront.TextLabelStore)
	if err := q.Err(); err != nil {
		return nil, err
	}
	return s.db.Salesmen(r.Context(), b.ID, store)
}
