package host

import (
	"net/http"
	"time"

	"storefront/data"
)

// The catalogue calls of spec section 7: items, term schedules, the search
// calls, schedules and salesmen. Each reads through the loaders the pages
// use. A bad query value is a 400 with a message saying which.

// apiBrandFor loads the brand named by the path or the query brandId and
// checks that the page route allows it (the call answers 404 where the page
// would); route "" checks nothing.
func (s *Server) apiBrandFor(w http.ResponseWriter, r *http.Request, route string) (*data.Brand, bool) {
	id := r.PathValue("brandId")
	if id == "" {
		if id = r.URL.Query().Get("brandId"); id == "" {
			s.apiError(w, r, badRequest("缺少品牌代碼 brandId"))
			return nil, false
		}
	}
	b, err := s.loadBrand(r.Context(), id)
	if err != nil {
		s.apiError(w, r, err)
		return nil, false
	}
	if route != "" && guard(route, b.ModuleSet(), r.URL.Query(), "").NotFound {
		s.apiError(w, r, errNoPage)
		return nil, false
	}
	return b, true
}

// answer writes v, or err when there is one.
func (s *Server) answer(w http.ResponseWriter, r *http.Request, v any, err error) {
	if err != nil {
		s.apiError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, v)
}

// GET /api/v2/ec/brands/{brandId}/commodity/list: the on-shelf items, of
// one type with query itemType, paged (pageNumber, pageSize up to 50).
func (s *Server) apiCommodityList(w http.ResponseWriter, r *http.Request) {
	b, ok := s.apiBrandFor(w, r, "brandId-itemType-itemId")
	if !ok {
		return
	}
	q := newQuery(r.URL.Query())
	f := data.ItemFilter{Keyword: q.text("keyword", "關鍵字", 50)}
	if t := r.URL.Query().Get("itemType"); t != "" {
		if !data.IsItemType(t) {
			q.fail("不支援的商品類型：" + t)
		}
		f.Types = []string{t}
	}
	n, size := q.page(data.MaxPageSize)
	if err := q.Err(); err != nil {
		s.apiError(w, r, err)
		return
	}
	p, err := s.db.Items(r.Context(), b.ID, f, n, size)
	s.answer(w, r, p, err)
}

// offShelfBody is the spec's answer for an item taken off the shelf: a 400
// whose body is exactly this text (spec section 8), which clients treat as
// a normal result.
const offShelfBody = "商品已下架"

// GET /api/v2/ec/brands/{brandId}/commodity/{itemType}/{itemId}
func (s *Server) apiCommodity(w http.ResponseWriter, r *http.Request) {
	b, ok := s.apiBrandFor(w, r, "brandId-itemType-itemId")
	if !ok {
		return
	}
	id, ok := pathID(r.PathValue("itemId"))
	if !data.IsItemType(r.PathValue("itemType")) || !ok {
		s.apiError(w, r, &data.Error{Kind: data.KindNotFound, Message: "找不到這項商品"})
		return
	}
	it, err := s.item(r.Context(), b, r.PathValue("itemType"), id)
	if err == nil && !it.OnShelf {
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		w.Header().Set("Cache-Control", "no-store")
		w.WriteHeader(http.StatusBadRequest)
		w.Write([]byte(offShelfBody))
		return
	}
	s.answer(w, r, it, err)
}

// GET /api/v2/ec/brands/{brandId}/termSchedule: the current terms; with
// termScheduleId that term; with scheduleId too, that class and its
// sessions.
func (s *Server) apiTermSchedule(w http.ResponseWriter, r *http.Request) {
	b, ok := s.apiBrandFor(w, r, "brandId-termSchedule")
	if !ok {
		return
	}
	q := newQuery(r.URL.Query())
	termID := q.id("termScheduleId", "學期課程代碼")
	classID := q.id("scheduleId", "班別代碼")
	if classID != 0 && termID == 0 {
		q.fail("查詢班別需一併提供學期課程代碼 termScheduleId")
	}
	if err := q.Err(); err != nil {
		s.apiError(w, r, err)
		return
	}
	ts, err := s.termSchedules(r.Context(), b, termID, classID)
	if err != nil || termID == 0 {
		s.answer(w, r, ts, err)
		return
	}
	s.answer(w, r, ts[0], nil)
}

// GET /api/search/searchEventList: courses with coming schedules matching
// keyword, startDate, endDate, storeId, teacherId and categoryId, paged.
func (s *Server) apiSearchEventList(w http.ResponseWriter, r *http.Request) {
	b, ok := s.apiBrandFor(w, r, "brandId-search-result")
	if !ok {
		return
	}
	f, err := parseSearch(r.URL.Query())
	if err != nil {
		s.apiError(w, r, err)
		return
	}
	p, err := s.search(r.Context(), b, f)
	s.answer(w, r, p, err)
}

// GET /api/search/condition: the stores, teachers and categories a search
// filters by.
func (s *Server) apiSearchCondition(w http.ResponseWriter, r *http.Request) {
	if b, ok := s.apiBrandFor(w, r, "brandId-search-result"); ok {
		c, err := s.condition(r.Context(), b)
		s.answer(w, r, c, err)
	}
}

// GET /api/search/activityList and /api/search/termActivityList: one list
// of the activity page (pageNumber 1, pageSize 30, teacherPerSize 6 by
// default).
func (s *Server) apiActivityList(term bool) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		b, ok := s.apiBrandFor(w, r, "brandId-activitys")
		if !ok {
			return
		}
		q := newQuery(r.URL.Query())
		n, size := q.page(data.ActivityPageSize)
		perTeacher := q.intIn("teacherPerSize", "每項老師數", data.TeacherPerSize, 0, data.TeacherPerSize)
		if err := q.Err(); err != nil {
			s.apiError(w, r, err)
			return
		}
		p, err := s.activities(r.Context(), b, term, n, size, perTeacher)
		s.answer(w, r, p, err)
	}
}

// GET /api/search/ticketList (point tickets and count cards) and
// /api/search/passcardList (passcards and minute cards): on-shelf items,
// with an optional keyword, paged.
func (s *Server) apiItemSearch(types ...string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		b, ok := s.apiBrandFor(w, r, "brandId-index")
		if !ok {
			return
		}
		q := newQuery(r.URL.Query())
		keyword := q.text("keyword", "關鍵字", 50)
		n, size := q.page(data.ActivityPageSize)
		if err := q.Err(); err != nil {
			s.apiError(w, r, err)
			return
		}
		p, err := s.db.Items(r.Context(), b.ID, data.ItemFilter{Types: types, Keyword: keyword}, n, size)
		s.answer(w, r, p, err)
	}
}

// GET /api/search/promoteList: the promoted activities (then the soonest).
func (s *Server) apiPromoteList(w http.ResponseWriter, r *http.Request) {
	if b, ok := s.apiBrandFor(w, r, "brandId-activitys"); ok {
		list, err := s.promoted(r.Context(), b, homeActivities)
		s.answer(w, r, list, err)
	}
}

// GET /api/search/banner: the banners shown today.
func (s *Server) apiBanner(w http.ResponseWriter, r *http.Request) {
	if b, ok := s.apiBrandFor(w, r, "brandId-index"); ok {
		bs, err := s.banners(r.Context(), b)
		s.answer(w, r, bs, err)
	}
}

// scheduleFilter reads the schedule calls' query: courseId, storeId,
// scheduleId, startDate, endDate.
func (s *Server) scheduleFilter(r *http.Request) (data.ScheduleFilter, error) {
	q := newQuery(r.URL.Query())
	f := data.ScheduleFilter{From: s.clock()}
	f.CourseID = q.id("courseId", "課程代碼")
	f.StoreID = q.id("storeId", "門市")
	f.ScheduleID = q.id("scheduleId", "場次代碼")
	var start string
	start, f.To = q.dateRange()
	if start != "" {
		if t, _ := time.ParseInLocation("2006-01-02", start, data.Taipei); t.After(f.From) {
			f.From = t
		}
	}
	return f, q.Err()
}

// GET /api/schedule: coming schedules of a course (courseId), a store or
// one schedule (scheduleId), within startDate..endDate, at most 120.
func (s *Server) apiSchedule(w http.ResponseWriter, r *http.Request) {
	b, ok := s.apiBrandFor(w, r, "brandId-activity-storeId-courseId")
	if !ok {
		return
	}
	f, err := s.scheduleFilter(r)
	if err == nil && f.CourseID == 0 && f.StoreID == 0 && f.ScheduleID == 0 {
		err = badRequest("請提供課程代碼 courseId、門市 storeId 或場次代碼 scheduleId")
	}
	if err != nil {
		s.apiError(w, r, err)
		return
	}
	list, err := s.db.Schedules(r.Context(), b.ID, f, data.MaxCourseSchedules)
	s.answer(w, r, list, err)
}

// GET /api/schedule/teachers: the brand's teachers, or a course's
// (courseId).
func (s *Server) apiScheduleTeachers(w http.ResponseWriter, r *http.Request) {
	b, ok := s.apiBrandFor(w, r, "brandId-activity-storeId-courseId")
	if !ok {
		return
	}
	q := newQuery(r.URL.Query())
	course := q.id("courseId", "課程代碼")
	if err := q.Err(); err != nil {
		s.apiError(w, r, err)
		return
	}
	ts, err := s.db.Teachers(r.Context(), b.ID, course, s.clock())
	s.answer(w, r, ts, err)
}

// GET /api/schedule/dates: the dates with a coming schedule (of a course
// or store), at most 366.
func (s *Server) apiScheduleDates(w http.ResponseWriter, r *http.Request) {
	b, ok := s.apiBrandFor(w, r, "brandId-activity-storeId-courseId")
	if !ok {
		return
	}
	f, err := s.scheduleFilter(r)
	if err != nil {
		s.apiError(w, r, err)
		return
	}
	ds, err := s.db.ScheduleDates(r.Context(), b.ID, f, 366)
	s.answer(w, r, ds, err)
}

// GET /api/brand/{brandId}/salesman/list: the active salesmen, of one
// store with query storeId.
func (s *Server) apiSalesmen(w http.ResponseWriter, r *http.Request) {
	b, ok := s.apiBrandFor(w, r, "")
	if !ok {
		return
	}
	q := newQuery(r.URL.Query())
	store := q.id("storeId", "門市")
	if err := q.Err(); err != nil {
		s.apiError(w, r, err)
		return
	}
	list, err := s.db.Salesmen(r.Context(), b.ID, store)
	s.answer(w, r, list, err)
}
