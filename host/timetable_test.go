package host

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"storefront/data"
	"storefront/data/dbtest"
	"storefront/host/wire"
	"storefront/rules"
)

// TestTimetable: the timetable page and its call answer the same, from the
// same loader, on PostgreSQL: a Taipei day's sessions in time order (today
// from now on, the days by the Taipei calendar around midnight), narrowed
// by store and course type, a full session marked, and 404 where the guard
// says so.
func TestTimetable(t *testing.T) {
	ts := newMemberServer(t, func(d *Deps) { d.DB = dbtest.NewDemoAt(t, bookingDay) })
	// 23:30 on Monday 2026-11-23 in Taipei (15:30 UTC): tomorrow's 00:15 is
	// still 11-23 in UTC
	ts.clock.t = time.Date(2026, 11, 23, 23, 30, 0, 0, rules.Taipei)
	exec := func(sql string, args ...any) {
		t.Helper()
		if _, err := ts.db.Pool.Exec(t.Context(), sql, args...); err != nil {
			t.Fatalf("%s: %v", sql, err)
		}
	}
	var yoga, stretch, yogaCat, stretchCat, xinyi, zhubei int64
	if err := ts.db.Pool.QueryRow(t.Context(), `select c.id, c.category_id, c.store_id, z.id, z.category_id, z.store_id
		  from courses c, courses z join stores st on st.id = z.store_id
		 where c.brand_id = 'demo' and c.name = '空中瑜珈入門' and c.store_id = (select id from stores where short_name = '信義館')
		   and z.brand_id = 'demo' and z.name = '晨間伸展' and st.short_name = '竹北館'`).Scan(&yoga, &yogaCat, &xinyi, &stretch, &stretchCat, &zhubei); err != nil {
		t.Fatal(err)
	}
	// sessions of ours around midnight (the demo's own are in the lists too)
	add := func(course int64, date, start, end string, capacity, booked int) int64 {
		t.Helper()
		var id int64
		if err := ts.db.Pool.QueryRow(t.Context(), `insert into course_schedules (brand_id, course_id, date, start_time, end_time, capacity, booked)
			values ('demo', $1, $2, $3, $4, $5, $6) returning id`, course, date, start, end, capacity, booked).Scan(&id); err != nil {
			t.Fatal(err)
		}
		return id
	}
	started := add(yoga, "2026-11-23", "23:00", "23:55", 10, 0)
	tonight := add(yoga, "2026-11-23", "23:45", "23:59", 10, 3)
	midnight := add(yoga, "2026-11-24", "00:15", "01:00", 10, 0)
	early := add(stretch, "2026-11-24", "06:00", "06:40", 8, 8) // full
	exec(`update course_schedules set booked = 0 where brand_id = 'demo' and date = '2026-11-24' and id not in ($1, $2)`, midnight, early)

	get := func(query string) wire.TimetablePage {
		t.Helper()
		var p wire.TimetablePage
		apiResult(t, scenario{Path: "/api/schedule/timetable?brandId=demo" + query, Status: 200}.run(t, ts), &p)
		return p
	}
	ids := func(p wire.TimetablePage) []int64 {
		var out []int64
		for _, s := range p.Sessions {
			out = append(out, s.ScheduleID)
		}
		return out
	}
	inOrder := func(t *testing.T, p wire.TimetablePage) {
		t.Helper()
		for i, s := range p.Sessions {
			if s.ScheduleDate != p.Date {
				t.Errorf("session %d is on %s, the list's day is %s", s.ScheduleID, s.ScheduleDate, p.Date)
			}
			if i > 0 && s.StartTime < p.Sessions[i-1].StartTime {
				t.Errorf("not in time order: %s after %s", s.StartTime, p.Sessions[i-1].StartTime)
			}
		}
	}

	t.Run("today by the Taipei calendar, from now on", func(t *testing.T) {
		p := get("")
		if p.Date != "2026-11-23" || len(p.Days) != rules.TimetableDays || p.Days[0] != (rules.TimetableDay{Date: "2026-11-23", Weekday: 2}) || p.Days[1].Date != "2026-11-24" {
			t.Fatalf("day %s, days %v", p.Date, p.Days)
		}
		inOrder(t, p)
		got := ids(p)
		if !slices.Contains(got, tonight) || slices.Contains(got, started) || slices.Contains(got, midnight) {
			t.Errorf("today's list %v: want %d (23:45), not %d (started 23:00) nor %d (00:15 tomorrow)", got, tonight, started, midnight)
		}
		s := p.Sessions[slices.Index(got, tonight)]
		if s.CourseName != "空中瑜珈入門" || s.StoreShortName != "信義館" || s.StoreID != xinyi || s.CategoryID != yogaCat || seats(s.Capacity) != 10 || seats(s.Remaining) != 7 || s.Full {
			t.Errorf("tonight's session: %+v", s)
		}
	})

	t.Run("tomorrow starts at the Taipei midnight", func(t *testing.T) {
		p := get("&date=2026-11-24")
		inOrder(t, p)
		got := ids(p)
		if p.Date != "2026-11-24" || len(got) < 3 || got[0] != midnight || got[1] != early {
			t.Fatalf("tomorrow's list %v: want %d (00:15) then %d (06:00) first", got, midnight, early)
		}
		if s := p.Sessions[1]; !s.Full || seats(s.Remaining) != 0 || seats(s.Capacity) != 8 {
			t.Errorf("the full session: %+v", s)
		}
		for _, s := range p.Sessions[2:] {
			if s.Full {
				t.Errorf("session %d marked full with %d of %d left", s.ScheduleID, seats(s.Remaining), seats(s.Capacity))
			}
		}
	})

	t.Run("without CAPACITY: no seat counts, full still marked", func(t *testing.T) {
		exec(`update brands set modules = array_remove(modules, 'CAPACITY') where id = 'demo'`)
		ts.BrandChanged(t.Context(), "demo")
		defer func() {
			exec(`update brands set modules = array_append(modules, 'CAPACITY') where id = 'demo'`)
			ts.BrandChanged(context.Background(), "demo")
		}()
		p := get("&date=2026-11-24")
		for _, s := range p.Sessions {
			if s.Capacity != nil || s.Remaining != nil {
				t.Errorf("session %d shows seats without CAPACITY: %d of %d", s.ScheduleID, seats(s.Remaining), seats(s.Capacity))
			}
		}
		if len(p.Sessions) < 2 || !p.Sessions[1].Full {
			t.Errorf("the full session is no longer marked full: %+v", p.Sessions)
		}
	})

	t.Run("a day past the week or before today opens today", func(t *testing.T) {
		for _, d := range []string{"2026-11-22", "2026-11-30"} {
			if p := get("&date=" + d); p.Date != "2026-11-23" {
				t.Errorf("date=%s shows %s", d, p.Date)
			}
		}
		if p := get("&date=2026-11-29"); p.Date != "2026-11-29" {
			t.Errorf("the week's last day shows %s", p.Date)
		}
	})

	t.Run("store and course type narrow the list", func(t *testing.T) {
		p := get(fmt.Sprintf("&date=2026-11-24&storeId=%d", zhubei))
		if !slices.Contains(ids(p), early) || slices.Contains(ids(p), midnight) || p.StoreID != zhubei {
			t.Errorf("竹北館's list %v", ids(p))
		}
		for _, s := range p.Sessions {
			if s.StoreID != zhubei {
				t.Errorf("session %d of store %d in 竹北館's list", s.ScheduleID, s.StoreID)
			}
		}
		p = get(fmt.Sprintf("&date=2026-11-24&categoryId=%d", yogaCat))
		if !slices.Contains(ids(p), midnight) || slices.Contains(ids(p), early) || p.CategoryID != yogaCat {
			t.Errorf("the yoga list %v", ids(p))
		}
		for _, s := range p.Sessions {
			if s.CategoryID != yogaCat {
				t.Errorf("session %d of type %d in the yoga list", s.ScheduleID, s.CategoryID)
			}
		}
		p = get(fmt.Sprintf("&date=2026-11-24&categoryId=%d&storeId=%d", stretchCat, zhubei))
		if !slices.Contains(ids(p), early) || len(p.Categories) == 0 {
			t.Errorf("stretching at 竹北館: %v (types %v)", ids(p), p.Categories)
		}
	})

	t.Run("the page renders the same data with its head", func(t *testing.T) {
		w := scenario{Path: fmt.Sprintf("/demo/timetable?date=2026-11-24&storeId=%d", zhubei), Status: 200,
			Contains: []string{"<title>課表", `rel="canonical" href="http://example.com/demo/timetable"`, "晨間伸展", "額滿"}}.run(t, ts)
		checkPageHTML(t, w.Body.String())
		if strings.Contains(w.Body.String(), `data-schedule-id="`+fmt.Sprint(midnight)+`"`) {
			t.Error("a session of 信義館 on 竹北館's timetable")
		}
		// on the brand's custom domain, without the brand in its paths
		scenario{Path: "/timetable?date=2026-11-24", Header: []string{"Host", "fit.demo.test"}, Status: 200,
			Contains: []string{`<link rel="canonical" href="https://fit.demo.test/timetable"/>`, fmt.Sprintf(`href="/activity/%d/%d?session=%d#booking"`, xinyi, yoga, midnight)}}.run(t, ts)
	})

	t.Run("bad input is refused at its field", func(t *testing.T) {
		runScenarios(t, ts, []scenario{
			{Name: "date", Path: "/api/schedule/timetable?brandId=demo&date=11/24", Status: 400, Message: "日期格式錯誤，請使用 YYYY-MM-DD 格式的日期"},
			{Name: "store", Path: "/api/schedule/timetable?brandId=demo&storeId=x", Status: 400},
		})
	})

	t.Run("the module guard", func(t *testing.T) {
		// a shop with neither BOOKING nor FIND_ACTIVITY
		exec(`update brands set modules = array['WEB_SHOP', 'FIND_PLAN', 'MEMBER_SIGN_IN'] where id = 'plan'`)
		runScenarios(t, ts, []scenario{
			{Name: "a brand with the modules", Path: "/yoga/timetable", Status: 200},
			{Name: "no such modules: page", Path: "/plan/timetable", Status: 404, Contains: []string{"找不到頁面"}},
			{Name: "no such modules: call", Path: "/api/schedule/timetable?brandId=plan", Status: 404},
		})
		// bookings without a course page to book on: no timetable either
		exec(`update brands set modules = array['WEB_SHOP', 'FIND_PLAN', 'MEMBER_SIGN_IN', 'BOOKING'] where id = 'plan'`)
		runScenarios(t, ts, []scenario{
			{Name: "bookings without course pages: page", Path: "/plan/timetable", Status: 404, Contains: []string{"找不到頁面"}},
			{Name: "no web shop: page", Path: "/noshop/timetable", Status: 404},
			{Name: "no web shop: call", Path: "/api/schedule/timetable?brandId=noshop", Status: 404},
		})
	})
	t.Run("the guard's rule", func(t *testing.T) {
		for _, c := range []struct {
			mods data.Modules
			ok   bool
		}{
			{data.Modules{data.ModuleWebShop, data.ModuleBooking}, false}, // no course page to book on
			{data.Modules{data.ModuleWebShop, data.ModuleBooking, data.ModuleOnlineBuyClass}, true},
			{data.Modules{data.ModuleWebShop, data.ModuleFindActivity}, true},
			{data.Modules{data.ModuleWebShop, data.ModuleFindPlan}, false},
			{data.Modules{data.ModuleBooking, data.ModuleFindActivity}, false},
		} {
			if got := routeTimetable.allows(c.mods, nil); got != c.ok {
				t.Errorf("%v: allowed %t, want %t", c.mods, got, c.ok)
			}
		}
	})
}

// seats reads a seat count that may be hidden (nil: -1).
func seats(n *int) int {
	if n == nil {
		return -1
	}
	return *n
}
