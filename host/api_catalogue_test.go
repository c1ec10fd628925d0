package host

import (
	"fmt"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"storefront/data"
	"storefront/rules"
)

func TestCatalogueAPI(t *testing.T) {
	ts := newTestServer(t, withRealClock())
	ids := lookupIDs(t, ts)
	today := rules.Day(time.Now())
	in3 := rules.Day(time.Now().AddDate(0, 0, 3))

	// ok: a 200 envelope with errorCode 0; pageOf: also a page of
	// activities that want holds for
	ok := func(t *testing.T, w *httptest.ResponseRecorder) {
		t.Helper()
		if env := apiResult(t, w, nil); env.ErrorCode != 0 {
			t.Fatalf("GET = %d %+v", w.Code, env)
		}
	}
	pageOf := func(want func(p data.Page[data.Activity]) bool) func(*testing.T, *httptest.ResponseRecorder) {
		return func(t *testing.T, w *httptest.ResponseRecorder) {
			ok(t, w)
			var p data.Page[data.Activity]
			if apiResult(t, w, &p); !want(p) {
				t.Fatalf("page = %.600s", w.Body.String())
			}
		}
	}
	runScenarios(t, ts, []scenario{
		{Name: "commodity list", Path: "/api/v2/ec/brands/demo/commodity/list", Status: 200, Check: ok, Contains: []string{`"total":11`, "季卡通行卡", `"images":[`}},
		{Name: "commodity list of a type", Path: "/api/v2/ec/brands/demo/commodity/list?itemType=point&pageSize=1", Status: 200, Check: ok, Contains: []string{`"total":2`, `"pageSize":1`, `"type":"point"`}},
		{Name: "commodity", Path: fmt.Sprintf("/api/v2/ec/brands/demo/commodity/passcard/%d", ids.passcard), Status: 200, Check: ok, Contains: []string{`"name":"季卡通行卡"`, `"price":7200`, `"onShelf":true`}},
		{Name: "term schedules", Path: "/api/v2/ec/brands/term/termSchedule", Status: 200, Check: ok, Contains: []string{"冬季學期", "寒假營隊", `"scheduleList":[{`}},
		{Name: "one term", Path: fmt.Sprintf("/api/v2/ec/brands/demo/termSchedule?termScheduleId=%d", ids.term), Status: 200, Check: ok, Contains: []string{"週末皮拉提斯養成班", `"sessionCount":8`}},
		{Name: "one class with sessions", Path: fmt.Sprintf("/api/v2/ec/brands/demo/termSchedule?termScheduleId=%d&scheduleId=%d", ids.term, ids.class), Status: 200, Check: ok, Contains: []string{`"sessionList":[{`, `"termClassId"`}},
		{Name: "search partial chinese", Path: "/api/search/searchEventList?brandId=demo&keyword=%E7%91%9C%E7%8F%88", Status: 200, Check: pageOf(func(p data.Page[data.Activity]) bool {
			found := false
			for _, a := range p.List {
				found = found || a.CourseName == "空中瑜珈入門"
			}
			return found && p.Total >= 8
		})},
		{Name: "search by store and dates", Path: fmt.Sprintf("/api/search/searchEventList?brandId=demo&storeId=%d&startDate=%s&endDate=%s&pageSize=50", ids.otherStore, today, in3), Status: 200,
			Check: pageOf(func(p data.Page[data.Activity]) bool {
				for _, a := range p.List {
					for _, s := range a.ScheduleList {
						if a.StoreShortName != "竹北館" || s.ScheduleDate > in3 {
							return false
						}
					}
				}
				return p.Total > 0
			})},
		{Name: "search condition", Path: "/api/search/condition?brandId=demo", Status: 200, Check: ok, Contains: []string{`"storeList":[`, "林語涵", "皮拉提斯"}},
		{Name: "activity list", Path: "/api/search/activityList?brandId=demo", Status: 200, Check: pageOf(func(p data.Page[data.Activity]) bool {
			return len(p.List) == 30 && p.Total >= 40 && len(p.List[0].TeacherList) >= 1 && len(p.List[0].TeacherList) <= 6
		})},
		{Name: "activity list fewer teachers", Path: "/api/search/activityList?brandId=demo&teacherPerSize=1&pageNumber=2", Status: 200, Check: pageOf(func(p data.Page[data.Activity]) bool {
			for _, a := range p.List {
				if len(a.TeacherList) > 1 {
					return false
				}
			}
			return p.PageNumber == 2 && len(p.List) > 0
		})},
		{Name: "term activity list", Path: "/api/search/termActivityList?brandId=demo", Status: 200, Check: pageOf(func(p data.Page[data.Activity]) bool {
			return p.Total == 1 && p.List[0].CourseID == ids.pilates
		})},
		{Name: "ticket list", Path: "/api/search/ticketList?brandId=demo", Status: 200, Check: ok, Contains: []string{`"total":5`, "儲值票券 1,000 點", "團課 10 堂計次卡"}},
		{Name: "passcard list with keyword", Path: "/api/search/passcardList?brandId=demo&keyword=%E5%88%86%E9%90%98", Status: 200, Check: ok, Contains: []string{`"total":2`, "自由重訓 600 分鐘卡"}},
		{Name: "promote list", Path: "/api/search/promoteList?brandId=demo", Status: 200, Check: ok, Contains: []string{"空中瑜珈入門", "核心床皮拉提斯"}},
		{Name: "banner", Path: "/api/search/banner?brandId=demo", Status: 200, Check: ok, Contains: []string{"冬季限定", fmt.Sprintf(`"link":"/passcard/%d"`, ids.passcard)}},
		{Name: "schedules of a course", Path: fmt.Sprintf("/api/schedule?brandId=demo&courseId=%d", ids.course), Status: 200, Check: ok, Contains: []string{`"scheduleDate":"`, `"remaining":`, "林語涵"}},
		{Name: "course teachers", Path: fmt.Sprintf("/api/schedule/teachers?brandId=demo&courseId=%d", ids.course), Status: 200, Check: ok, Contains: []string{"林語涵", `"bio":"美國瑜珈聯盟`}},
		{Name: "schedule dates", Path: fmt.Sprintf("/api/schedule/dates?brandId=demo&storeId=%d&endDate=%s", ids.courseStore, in3), Status: 200, Check: ok, Contains: []string{in3[:4]}},
		{Name: "salesmen", Path: "/api/brand/demo/salesman/list", Status: 200, Check: ok, Contains: []string{"蔡宜蓁", "彭雅琪"}},
		{Name: "salesmen of a store", Path: fmt.Sprintf("/api/brand/demo/salesman/list?storeId=%d", ids.otherStore), Status: 200, Check: ok, Contains: []string{"彭雅琪"}},
	})

	// every refusal carries an error code besides its message
	anErrorCode := func(t *testing.T, w *httptest.ResponseRecorder) {
		if env := apiResult(t, w, nil); env.ErrorCode == 0 {
			t.Errorf("errorCode 0 with status %d", w.Code)
		}
	}
	runScenarios(t, ts, []scenario{
		{Name: "page number -1", Path: "/api/search/activityList?brandId=demo&pageNumber=-1", Status: 400, Message: "頁碼需為 1 到 10000 的整數", Check: anErrorCode},
		{Name: "page number not a number", Path: "/api/search/searchEventList?brandId=demo&pageNumber=abc", Status: 400, Message: "頁碼需為 1 到 10000 的整數", Check: anErrorCode},
		{Name: "page size 100000", Path: "/api/search/termActivityList?brandId=demo&pageSize=100000", Status: 400, Message: "每頁筆數需為 1 到 50 的整數", Check: anErrorCode},
		{Name: "page size 0", Path: "/api/search/ticketList?brandId=demo&pageSize=0", Status: 400, Message: "每頁筆數需為 1 到 50 的整數", Check: anErrorCode},
		{Name: "teachers per item 7", Path: "/api/search/activityList?brandId=demo&teacherPerSize=7", Status: 400, Message: "每項老師數需為 0 到 6 的整數", Check: anErrorCode},
		{Name: "bad date", Path: "/api/search/searchEventList?brandId=demo&startDate=2026-13-45", Status: 400, Message: "開始日期格式錯誤，請使用 YYYY-MM-DD 格式的日期", Check: anErrorCode},
		{Name: "not a date", Path: "/api/schedule/dates?brandId=demo&storeId=1&endDate=tomorrow", Status: 400, Message: "結束日期格式錯誤，請使用 YYYY-MM-DD 格式的日期", Check: anErrorCode},
		{Name: "dates reversed", Path: "/api/search/searchEventList?brandId=demo&startDate=2026-12-10&endDate=2026-12-01", Status: 400, Message: "開始日期不可晚於結束日期", Check: anErrorCode},
		{Name: "range over a year", Path: "/api/search/searchEventList?brandId=demo&startDate=2026-01-01&endDate=2027-06-01", Status: 400, Message: "日期區間最長一年", Check: anErrorCode},
		{Name: "bad store id", Path: "/api/search/searchEventList?brandId=demo&storeId=-3", Status: 400, Message: "門市格式錯誤", Check: anErrorCode},
		{Name: "keyword too long", Path: "/api/search/searchEventList?brandId=demo&keyword=" + strings.Repeat("%E7%91%9C", 51), Status: 400, Message: "關鍵字最多 50 個字", Check: anErrorCode},
		{Name: "no brand", Path: "/api/search/condition", Status: 400, Message: "缺少品牌代碼 brandId", Check: anErrorCode},
		{Name: "unknown brand", Path: "/api/search/banner?brandId=nosuch", Status: 404, Message: "查無此品牌", Check: anErrorCode},
		{Name: "terminated brand", Path: "/api/search/activityList?brandId=closed", Status: 404, Message: "此帳號已終止服務。", Check: anErrorCode},
		{Name: "search needs find-activity", Path: "/api/search/searchEventList?brandId=plan", Status: 404, Message: "找不到頁面", Check: anErrorCode},
		{Name: "no web shop", Path: "/api/v2/ec/brands/noshop/commodity/list", Status: 404, Message: "找不到頁面", Check: anErrorCode},
		{Name: "schedule without a subject", Path: "/api/schedule?brandId=demo", Status: 400, Message: "請提供課程代碼 courseId、門市 storeId 或場次代碼 scheduleId", Check: anErrorCode},
		{Name: "bad course id", Path: "/api/schedule/teachers?brandId=demo&courseId=x", Status: 400, Message: "課程代碼格式錯誤", Check: anErrorCode},
		{Name: "class without term", Path: "/api/v2/ec/brands/demo/termSchedule?scheduleId=1", Status: 400, Message: "查詢班別需一併提供學期課程代碼 termScheduleId", Check: anErrorCode},
		{Name: "unknown term", Path: "/api/v2/ec/brands/demo/termSchedule?termScheduleId=999999", Status: 404, Message: "找不到這個學期課程", Check: anErrorCode},
		{Name: "another brand's term", Path: fmt.Sprintf("/api/v2/ec/brands/yoga/termSchedule?termScheduleId=%d", ids.term), Status: 404, Message: "找不到這個學期課程", Check: anErrorCode},
		{Name: "unknown class", Path: fmt.Sprintf("/api/v2/ec/brands/demo/termSchedule?termScheduleId=%d&scheduleId=999999", ids.term), Status: 404, Message: "找不到這個班別", Check: anErrorCode},
		{Name: "unknown item", Path: "/api/v2/ec/brands/demo/commodity/passcard/999999", Status: 404, Message: "找不到這項商品", Check: anErrorCode},
		{Name: "item under another type", Path: fmt.Sprintf("/api/v2/ec/brands/demo/commodity/point/%d", ids.passcard), Status: 404, Message: "找不到這項商品", Check: anErrorCode},
		{Name: "not an item type", Path: "/api/v2/ec/brands/demo/commodity/sofa/1", Status: 404, Message: "找不到這項商品", Check: anErrorCode},
		{Name: "bad item type filter", Path: "/api/v2/ec/brands/demo/commodity/list?itemType=sofa", Status: 400, Message: "不支援的商品類型：sofa", Check: anErrorCode},
		{Name: "bad salesman store", Path: "/api/brand/demo/salesman/list?storeId=0", Status: 400, Message: "門市格式錯誤", Check: anErrorCode},
	})

	t.Run("off-shelf item answers 400 with body 商品已下架", func(t *testing.T) {
		w := ts.get(t, fmt.Sprintf("/api/v2/ec/brands/demo/commodity/passcard/%d", ids.offShelf))
		if w.Code != 400 || w.Body.String() != "商品已下架" {
			t.Fatalf("off-shelf item = %d %q", w.Code, w.Body.String())
		}
	})
}

// TestActivityCardMoreSchedules: an activity card carries its first CardSchedules
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
