package host

import (
	"context"
	"fmt"
	"net/url"
	"slices"
	"storefront"
	"sync"
	"time"

	"storefront/data"
	"storefront/host/wire"
	"storefront/rules"
)

// The catalogue's loaders: what the browsing pages and their API calls
// read, the same function for both. Lists are cached per brand data
// version and, where they depend on the time, per clock step.

// clockStep is how long a time-dependent list stays the same: schedules
// that start within it may still be listed.
const clockStep = 5 * time.Minute

// clock is the current time rounded down to the clock step, so a cached
// list and its key agree.
func (s *Server) clock() time.Time { return s.now().Truncate(clockStep) }

// cached loads into dst through the cache under name, per brand version.
func (s *Server) cached(ctx context.Context, b *data.Brand, name string, dst any, load func() (any, error)) error {
	return s.cache.Once(ctx, catalogueKey(b, name), dst, brandTTL, load)
}

// catalogueKey is the cache key of name for the brand's data version.
func catalogueKey(b *data.Brand, name string) string {
	return fmt.Sprintf("%s:%s:%d", name, b.ID, b.DataVersion)
}

// viewed is the value of key through the cache as cached reads it, but
// decoded once in this process and then shared by every request for
// viewLocalTTL: the caller must not change it. The two-tier cache keeps
// bytes and decodes them on every read; for the lists an uncached page
// shows, that decoding was about a tenth of the host's CPU per page (the
// activity list's two pages of 30 cards: 0.2 ms). A key names one version
// of the brand's data (and of the clock step or day), so a kept value is
// never older than the bytes it was decoded from.
func viewed[T any](s *Server, ctx context.Context, key string, load func() (any, error)) (*T, error) {
	if v, ok := s.views.Get(key); ok {
		return v.(*T), nil
	}
	v := new(T)
	if err := s.cache.Once(ctx, key, v, brandTTL, load); err != nil {
		return v, err
	}
	s.views.Add(key, v)
	return v, nil
}

// activities is one page of a brand's activity list: the normal one
// (term false) or the term activities.
func (s *Server) activities(ctx context.Context, b *data.Brand, term bool, pageNumber, pageSize, teacherPerSize int) (*data.Page[data.Activity], error) {
	now := s.clock()
	name := fmt.Sprintf("activities:%t:%d:%d:%d:%d", term, now.Unix(), pageNumber, pageSize, teacherPerSize)
	shared, err := viewed[data.Page[data.Activity]](s, ctx, catalogueKey(b, name), func() (any, error) {
		return s.db.Activities(ctx, b.ID, data.ActivityFilter{From: now, Term: &term, NoPrivateCoach: noPrivateCoach(b)}, pageNumber, pageSize, data.SchedulesPerItem, teacherPerSize)
	})
	p := *shared
	p.List = activitySeats(b, p.List)
	return &p, err
}

func (s *Server) mergedActivities(ctx context.Context, b *data.Brand, pageNumber int) (*wire.ActivityList, error) {
	list := func(term bool) func() (*data.Page[data.Activity], error) {
		return func() (*data.Page[data.Activity], error) {
			return s.activities(ctx, b, term, pageNumber, data.ActivityPageSize, data.TeacherPerSize)
		}
	}
	return s.mergeLists(b.ID, pageNumber, list(false), list(true))
}

// mergeLists runs the list loads in parallel and merges what they found;
// a load that fails is logged and left out (Failed), and only when every
// load failed is the answer an error.
func (s *Server) mergeLists(brandID string, pageNumber int, loads ...func() (*data.Page[data.Activity], error)) (*wire.ActivityList, error) {
	var wg sync.WaitGroup
	pages := make([]*data.Page[data.Activity], len(loads))
	errs := make([]error, len(loads))
	for i, load := range loads {
		wg.Add(1)
		go func() {
			defer wg.Done()
			pages[i], errs[i] = load()
		}()
	}
	wg.Wait()
	out := &wire.ActivityList{List: []data.Activity{}, PageNumber: pageNumber, PageSize: data.ActivityPageSize, Loaded: true}
	var lists [][]data.Activity
	for i, p := range pages {
		if errs[i] != nil {
			s.log.Error("activity list", "brand", brandID, "list", i, "err", errs[i])
			out.Failed = true
			continue
		}
		lists = append(lists, p.List)
		out.TotalPages = max(out.TotalPages, (p.Total+p.PageSize-1)/p.PageSize)
	}
	if len(lists) == 0 && len(loads) > 0 {
		return nil, errs[0]
	}
	out.List = rules.MergeActivities(s.now(), data.TeacherPerSize, lists...)
	return out, nil
}

// loadActivities is the activity list page's data.
func loadActivities(s *Server, rc *reqCtx) (any, error) {
	q := newQuery(rc.query)
	n := q.intIn("pageNumber", storefront.TextLabelPageNumber, 1, 1, data.MaxPageNumber)
	if err := q.Err(); err != nil {
		return nil, err
	}
	l, err := s.mergedActivities(rc.ctx(), rc.brand, n)
	if err != nil {
		return nil, err
	}
	l.List = rules.ForCards(l.List, data.CardSchedules)
	return l, nil
}

// timetable is the timetable of a brand for a query (date, storeId,
// categoryId): the page and GET /api/schedule/timetable both answer it.
// The sessions are read afresh (their seats change with every booking);
// the course types come from the cache.
func (s *Server) timetable(ctx context.Context, b *data.Brand, v url.Values) (*wire.TimetablePage, error) {
	q := newQuery(v)
	asked := q.date("date", storefront.TextLabelDate)
	out := &wire.TimetablePage{StoreID: q.id("storeId", storefront.TextLabelStore), CategoryID: q.id("categoryId", storefront.TextLabelCategory)}
	if err := q.Err(); err != nil {
		return nil, err
	}
	var from time.Time
	out.Days, out.Date, from = rules.Timetable(s.now(), asked)
	err := s.cached(ctx, b, "categories", &out.Categories, func() (any, error) { return s.db.Categories(ctx, b.ID) })
	if err != nil {
		return nil, err
	}
	f := data.ActivityFilter{From: from, To: out.Date, StoreID: out.StoreID, CategoryID: out.CategoryID, NoPrivateCoach: noPrivateCoach(b)}
	if out.Sessions, err = s.db.Timetable(ctx, b.ID, f, data.MaxTimetableSessions); err != nil {
		return nil, err
	}
	if !showsSeats(b) {
		for i := range out.Sessions {
			out.Sessions[i].Capacity, out.Sessions[i].Remaining = nil, nil
		}
	}
	return out, nil
}

// loadTimetable is the timetable page's data.
func loadTimetable(s *Server, rc *reqCtx) (any, error) {
	return s.timetable(rc.ctx(), rc.brand, rc.query)
}

// parseSearch reads a search's query.
func parseSearch(v url.Values) (wire.SearchFilter, error) {
	q := newQuery(v)
	var f wire.SearchFilter
	f.Keyword = q.text("keyword", storefront.TextLabelKeyword, 50)
	f.StartDate, f.EndDate = q.dateRange()
	f.StoreID = q.id("storeId", storefront.TextLabelStore)
	f.TeacherID = q.id("teacherId", storefront.TextLabelTeacher)
	f.CategoryID = q.id("categoryId", storefront.TextLabelCategory)
	f.PageNumber, f.PageSize = q.page(data.ActivityPageSize)
	return f, q.Err()
}

// search runs a search: courses with a coming schedule that matches.
func (s *Server) search(ctx context.Context, b *data.Brand, f wire.SearchFilter) (*data.Page[data.Activity], error) {
	now := s.clock()
	af := data.ActivityFilter{From: now, To: f.EndDate, StoreID: f.StoreID, TeacherID: f.TeacherID, CategoryID: f.CategoryID, Keyword: f.Keyword,
		NoPrivateCoach: noPrivateCoach(b)}
	if f.StartDate != "" {
		if start, _ := time.ParseInLocation("2006-01-02", f.StartDate, rules.Taipei); start.After(now) {
			af.From = start
		}
	}
	var p data.Page[data.Activity]
	name := fmt.Sprintf("search:%d:%+v", now.Unix(), f)
	err := s.cached(ctx, b, name, &p, func() (any, error) {
		return s.db.Activities(ctx, b.ID, af, f.PageNumber, f.PageSize, data.SchedulesPerItem, data.TeacherPerSize)
	})
	p.List = activitySeats(b, p.List)
	return &p, err
}

func (s *Server) searchCondition(ctx context.Context, b *data.Brand) (*wire.Condition, error) {
	var c wire.Condition
	err := s.cached(ctx, b, "condition", &c, func() (any, error) {
		ts, err := s.db.Teachers(ctx, b.ID, 0, time.Time{})
		if err != nil {
			return nil, err
		}
		cs, err := s.db.Categories(ctx, b.ID)
		return &wire.Condition{StoreList: b.Stores, TeacherList: ts, CategoryList: cs}, err
	})
	return &c, err
}

func loadSearch(s *Server, rc *reqCtx) (any, error) {
	f, err := parseSearch(rc.query)
	if err != nil {
		return nil, err
	}
	c, err := s.searchCondition(rc.ctx(), rc.brand)
	if err != nil {
		return nil, err
	}
	res, err := s.search(rc.ctx(), rc.brand, f)
	if err != nil {
		return nil, err
	}
	cards := *res
	cards.List = rules.ForCards(res.List, data.CardSchedules)
	return &wire.SearchPage{Filter: f, Condition: c, Result: &cards}, nil
}

// course loads a course's detail with its coming schedules; a
// private-coach course of a brand without the module is not found.
func (s *Server) course(ctx context.Context, b *data.Brand, id int64) (*data.CourseDetail, error) {
	now := s.clock()
	var d data.CourseDetail
	err := s.cached(ctx, b, fmt.Sprintf("course:%d:%d", id, now.Unix()), &d, func() (any, error) {
		return s.db.Course(ctx, b.ID, id, now)
	})
	if err == nil && !b.ModuleSet().SellsCourse(d.PrivateCoach) {
		return nil, &storefront.Error{Kind: storefront.KindNotFound, Message: storefront.TextCourseNotFound}
	}
	if !showsSeats(b) {
		rules.HideSeats(d.ScheduleList)
	}
	return &d, err
}

// showsSeats: the brand shows how many seats a session has left (module
// CAPACITY); without it pages and calls carry no seat counts, only
// whether a session is full.
func showsSeats(b *data.Brand) bool { return b.ModuleSet().Has(data.ModuleCapacity) }

// seatsLeft is a session's seats left as the brand shows them: nil
// without CAPACITY.
func seatsLeft(b *data.Brand, n int) *int {
	if !showsSeats(b) {
		return nil
	}
	return &n
}

// activitySeats is the activities without their sessions' seat counts
// where the brand shows none: a copy then, as the list may be shared
// (viewed).
func activitySeats(b *data.Brand, as []data.Activity) []data.Activity {
	if showsSeats(b) {
		return as
	}
	out := make([]data.Activity, len(as))
	for i, a := range as {
		a.ScheduleList = slices.Clone(a.ScheduleList)
		rules.HideSeats(a.ScheduleList)
		out[i] = a
	}
	return out
}

// noPrivateCoach: the brand's lists leave out private-coach courses.
func noPrivateCoach(b *data.Brand) bool { return !b.ModuleSet().SellsCourse(true) }

var errNoPage = &storefront.Error{Kind: storefront.KindNotFound, Message: storefront.TextPageNotFound}

// loadCourse is the course detail page's data; a store in the path must be
// the course's.
func loadCourse(s *Server, rc *reqCtx) (any, error) {
	id, ok := pathID(rc.params["courseId"])
	if !ok {
		return nil, errNoPage
	}
	d, err := s.course(rc.ctx(), rc.brand, id)
	if err != nil {
		return nil, err
	}
	if st := rc.params["storeId"]; st != "" && st != fmt.Sprint(d.StoreID) {
		return nil, errNoPage
	}
	// loaded per clock step: drop what started since
	d.ScheduleList = rules.Coming(s.now(), d.ScheduleList)
	return d, nil
}

// termSchedules returns the brand's current terms, or one term (with one
// class and its sessions when scheduleID is given).
func (s *Server) termSchedules(ctx context.Context, b *data.Brand, termScheduleID, scheduleID int64) ([]data.TermSchedule, error) {
	day := rules.Day(s.now())
	var ts []data.TermSchedule
	err := s.cached(ctx, b, fmt.Sprintf("terms:%s:%d:%d", day, termScheduleID, scheduleID), &ts, func() (any, error) {
		if termScheduleID == 0 {
			return s.db.TermSchedules(ctx, b.ID, day, 0)
		}
		t, err := s.db.TermSchedule(ctx, b.ID, termScheduleID, scheduleID)
		if err != nil {
			return nil, err
		}
		return []data.TermSchedule{*t}, nil
	})
	return ts, err
}

func loadTermList(s *Server, rc *reqCtx) (any, error) {
	ts, err := s.termSchedules(rc.ctx(), rc.brand, 0, 0)
	if err != nil {
		return nil, err
	}
	return &wire.TermListPage{TermSchedules: ts}, nil
}

// loadTermSchedule is the data of a class page and of an intro page (the
// term's, or its class's when the path names one).
func loadTermSchedule(s *Server, rc *reqCtx) (any, error) {
	termID, ok := pathID(rc.params["termScheduleId"])
	if !ok {
		return nil, errNoPage
	}
	var classID int64
	if p := rc.params["scheduleId"]; p != "" {
		if classID, ok = pathID(p); !ok {
			return nil, errNoPage
		}
	}
	ts, err := s.termSchedules(rc.ctx(), rc.brand, termID, classID)
	if err != nil {
		return nil, err
	}
	return &wire.TermPage{TermSchedule: ts[0]}, nil
}

// item loads an item of the brand; one of a type its modules do not
// sell online is not found.
func (s *Server) item(ctx context.Context, b *data.Brand, itemType string, id int64) (*data.Item, error) {
	if !b.ModuleSet().SellsItem(itemType) {
		return nil, errNoPage
	}
	var it data.Item
	day := rules.Day(s.now())
	err := s.cached(ctx, b, fmt.Sprintf("item:%s:%d:%s", itemType, id, day), &it, func() (any, error) {
		return s.db.Item(ctx, b.ID, itemType, id, day)
	})
	return &it, err
}

func loadItem(s *Server, rc *reqCtx) (any, error) {
	it, err := s.pathItem(rc)
	if err != nil {
		return nil, err
	}
	l, err := s.itemList(rc.ctx(), rc.brand)
	if err != nil {
		return nil, err
	}
	others := []data.Item{}
	for _, o := range l.ByType(it.Type) {
		if o.ID != it.ID && len(others) < 3 {
			others = append(others, o)
		}
	}
	contract, err := s.checkout.ContractNeeded(rc.ctx(), rc.brand, it)
	if err != nil {
		return nil, err
	}
	return &wire.ItemPage{Item: it, OffShelf: !it.OnShelf, Contract: contract, Others: others}, nil
}

// homeActivities is how many activities brand home shows.
const homeActivities = 6

// banners are the banners shown today; none without the PROMOTION module.
func (s *Server) banners(ctx context.Context, b *data.Brand) ([]data.Banner, error) {
	if !b.ModuleSet().Has(data.ModulePromotion) {
		return []data.Banner{}, nil
	}
	day := rules.Day(s.now())
	bs, err := viewed[[]data.Banner](s, ctx, catalogueKey(b, "banners:"+day), func() (any, error) { return s.db.Banners(ctx, b.ID, day) })
	return *bs, err
}

// promoted returns the promoted (recommended) courses with coming
// schedules, then the soonest others, at most n. Without the
// RECOMMENDATION module nothing is promoted: the soonest come first.
func (s *Server) promoted(ctx context.Context, b *data.Brand, n int) ([]data.Activity, error) {
	now := s.clock()
	recommend := b.ModuleSet().Has(data.ModuleRecommendation)
	list, err := viewed[[]data.Activity](s, ctx, catalogueKey(b, fmt.Sprintf("promoted:%t:%d:%d", recommend, now.Unix(), n)), func() (any, error) {
		p := &data.Page[data.Activity]{}
		if recommend {
			var err error
			p, err = s.db.Activities(ctx, b.ID, data.ActivityFilter{From: now, Promoted: true, NoPrivateCoach: noPrivateCoach(b)}, 1, n, data.SchedulesPerItem, data.TeacherPerSize)
			if err != nil {
				return nil, err
			}
			if len(p.List) >= n {
				return p.List, nil
			}
		}
		more, err := s.db.Activities(ctx, b.ID, data.ActivityFilter{From: now, NoPrivateCoach: noPrivateCoach(b)}, 1, n, data.SchedulesPerItem, data.TeacherPerSize)
		if err != nil {
			return nil, err
		}
		m := rules.MergeActivities(now, data.TeacherPerSize, p.List, more.List)
		return m[:min(n, len(m))], nil
	})
	return activitySeats(b, *list), err
}
