package host

import (
	"fmt"
	"net/http/httptest"
	"testing"

	"storefront/data"
)

// Issue 15, goal 9: an activity card carries its first CardSchedules
// schedules; 「更多時段」 loads the rest of the course's coming schedules,
// a page at a time.
func TestActivityCardMoreSchedules(t *testing.T) {
	ts := newTestServer(t)
	ids := lookupIDs(t, ts)
	var all []data.Schedule
	apiResult(t, ts.get(t, fmt.Sprintf("/api/schedule?brandId=demo&courseId=%d", ids.course)), &all)
	if len(all) <= data.CardSchedules+2 {
		t.Fatalf("the demo course has %d coming schedules; the test wants more than %d", len(all), data.CardSchedules+2)
	}
	rest := all[data.CardSchedules:]
	page := func(n, size int, want []data.Schedule) func(*testing.T, *httptest.ResponseRecorder) {
		return func(t *testing.T, w *httptest.ResponseRecorder) {
			var p data.Page[data.Schedule]
			if env := apiResult(t, w, &p); env.ErrorCode != 0 {
				t.Fatalf("errorCode %d %q", env.ErrorCode, env.Message)
			}
			if p.Total != len(rest) || p.PageNumber != n || p.PageSize != size || len(p.List) != len(want) {
				t.Fatalf("page %d of %d: total %d, %d schedules; want total %d, %d", n, size, p.Total, len(p.List), len(rest), len(want))
			}
			for i, s := range p.List {
				if s.ScheduleID != want[i].ScheduleID {
					t.Fatalf("schedule %d = %d; want %d (the course's coming schedules in order, past the card's)", i, s.ScheduleID, want[i].ScheduleID)
				}
			}
		}
	}
	path := func(q string) string {
		return fmt.Sprintf("/api/search/activitySchedules?brandId=demo&courseId=%d%s", ids.course, q)
	}
	last := (len(rest) + 1) / 2
	runScenarios(t, ts, []scenario{
		{Name: "first page", Path: path("&pageSize=2"), Status: 200, Check: page(1, 2, rest[:2])},
		{Name: "second page", Path: path("&pageSize=2&pageNumber=2"), Status: 200, Check: page(2, 2, rest[2:min(4, len(rest))])},
		{Name: "last page", Path: path(fmt.Sprintf("&pageSize=2&pageNumber=%d", last)), Status: 200, Check: page(last, 2, rest[(last-1)*2:])},
		{Name: "past the end", Path: path("&pageNumber=99"), Status: 200, Check: page(99, moreSchedulesPage, nil)},
		{Name: "default page size", Path: path(""), Status: 200, Check: page(1, moreSchedulesPage, rest[:min(moreSchedulesPage, len(rest))])},
		{Name: "no course", Path: "/api/search/activitySchedules?brandId=demo", Status: 400, Message: "請提供課程代碼 courseId"},
		{Name: "bad course", Path: "/api/search/activitySchedules?brandId=demo&courseId=x", Status: 400, Message: "課程代碼格式錯誤"},
		{Name: "page too large", Path: path("&pageSize=51"), Status: 400},
		{Name: "unknown brand", Path: path("")[:len("/api/search/activitySchedules?brandId=")] + "nobody" + path("")[len("/api/search/activitySchedules?brandId=demo"):], Status: 404},
	})
}
