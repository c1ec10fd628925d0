package host

import (
	"bytes"
	"context"
	"encoding/json"
	"encoding/xml"
	"errors"
	"fmt"
	"image"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"golang.org/x/image/webp"

	"storefront/data"
	"storefront/host/wire"
	"storefront/renderer"
	"storefront/rules"
)

// The demo catalogue's schedules start today: these tests run on the real
// clock.
func withRealClock() serverOpt { return func(d *Deps) { d.Now = time.Now } }

// demoIDs finds ids of the demo catalogue the tests use.
type demoIDs struct {
	course, courseStore, otherStore int64 // 空中瑜珈入門 at 信義館
	pilates                         int64 // 墊上皮拉提斯 at 信義館 (also a term class)
	term, class                     int64 // the demo's pilates term and its class
	offShelf, passcard              int64
}

func lookupIDs(t *testing.T, ts *testServer) demoIDs {
	t.Helper()
	var d demoIDs
	err := ts.db.Pool.QueryRow(context.Background(), `select
		(select c.id from courses c join stores s on s.id = c.store_id where c.name = '空中瑜珈入門' and s.short_name = '信義館'),
		(select id from stores where short_name = '信義館'), (select id from stores where short_name = '竹北館'),
		(select c.id from courses c join stores s on s.id = c.store_id where c.name = '墊上皮拉提斯' and s.short_name = '信義館'),
		(select id from term_schedules where brand_id = 'demo'), (select id from term_classes where brand_id = 'demo'),
		(select id from items where name = '夏季限定通行卡'), (select id from items where name = '季卡通行卡')`).Scan(
		&d.course, &d.courseStore, &d.otherStore, &d.pilates, &d.term, &d.class, &d.offShelf, &d.passcard)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

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

// checkPageHTML checks what every catalogue page's HTML must hold: one
// title in the head, one canonical link, JSON-LD that parses.
func checkPageHTML(t *testing.T, body string) {
	t.Helper()
	end := strings.Index(body, "</head>")
	if end < 0 {
		t.Fatal("no head")
	}
	head := body[:end]
	if n := strings.Count(body, "<title>"); n != 1 || strings.Count(head, "<title>") != 1 {
		t.Errorf("%d titles (want one, in the head)", n)
	}
	if n := strings.Count(body, `rel="canonical"`); n != 1 {
		t.Errorf("%d canonical links", n)
	}
	if !strings.Contains(head, `<meta name="description" content="`) || !strings.Contains(head, `property="og:title"`) || !strings.Contains(head, `name="twitter:card"`) {
		t.Error("description, Open Graph or Twitter tags missing")
	}
	lds := jsonLDs(body)
	if len(lds) == 0 {
		t.Error("no JSON-LD")
	}
	for _, ld := range lds {
		var v any
		if err := json.Unmarshal([]byte(ld), &v); err != nil {
			t.Errorf("JSON-LD does not parse: %v\n%s", err, ld)
		}
	}
}

var ldScript = regexp.MustCompile(`<script type="application/ld\+json">(.*?)</script>`)

func jsonLDs(body string) []string {
	var out []string
	for _, m := range ldScript.FindAllStringSubmatch(body, -1) {
		out = append(out, m[1])
	}
	return out
}

func TestCataloguePages(t *testing.T) {
	ts := newTestServer(t, withRealClock())
	ids := lookupIDs(t, ts)
	// a catalogue page: rendered (not the error page), its head complete,
	// indexed or not
	page := func(noindex bool) func(*testing.T, *httptest.ResponseRecorder) {
		return func(t *testing.T, w *httptest.ResponseRecorder) {
			body := w.Body.String()
			if strings.Contains(body, "<p>error") || propsOf(t, body).Page == "error" {
				t.Fatalf("rendered the error page; log:\n%s", ts.log.String())
			}
			checkPageHTML(t, body)
			if got := strings.Contains(body, `name="robots" content="noindex`); got != noindex {
				t.Errorf("noindex = %v; want %v", got, noindex)
			}
		}
	}
	indexed, notIndexed := page(false), page(true)
	runScenarios(t, ts, []scenario{
		{Name: "brand home", Path: "/demo", Status: 200, Check: indexed, Contains: []string{"近期課程", "方案與票券", `"@type":"Organization"`, `"@type":"SportsActivityLocation"`, "單月暢遊通行卡", `srcSet="/_img/` + ts.imageVersion + `/160/_static/catalogue/demo/`}},
		{Name: "brand home tab", Path: "/demo?projectType=2", Status: 200, Check: indexed, Contains: []string{"儲值票券 1,000 點", `aria-current="page"`, `<link rel="canonical" href="http://example.com/demo?projectType=2"/>`}},
		{Name: "brand home plans only", Path: "/demo?type=plan", Status: 200, Check: indexed, Contains: []string{"方案與票券", `<link rel="canonical" href="http://example.com/demo?type=plan"/>`}},
		{Name: "plan-only brand", Path: "/plan?type=plan&projectType=2", Status: 200, Check: indexed, Contains: []string{"儲值 3,000 點", `<link rel="canonical" href="http://example.com/plan?type=plan&amp;projectType=2"/>`}},
		{Name: "brand home, a tab out of range", Path: "/demo?projectType=9", Status: 200, Check: indexed, Contains: []string{"單月暢遊通行卡", `<link rel="canonical" href="http://example.com/demo"/>`}},
		{Name: "activity list", Path: "/demo/activitys", Status: 200, Check: indexed, Contains: []string{"課程列表", `data-testid="activity-card"`, `"@type":"ItemList"`, `aria-label="第 2 頁"`}},
		{Name: "activity list page 2", Path: "/demo/activitys?pageNumber=2", Status: 200, Check: indexed, Contains: []string{`aria-current="page">2<`}},
		{Name: "search", Path: "/demo/search/result?keyword=%E7%91%9C%E7%8F%88", Status: 200, Check: notIndexed, Contains: []string{"空中瑜珈入門", "找到", `value="瑜珈"`}},
		{Name: "course", Path: fmt.Sprintf("/demo/activity/%d/%d", ids.courseStore, ids.course), Status: 200, Check: indexed, Contains: []string{"空中瑜珈入門（信義館）｜森活運動館", `"@type":"Event"`, `"priceCurrency":"TWD"`, "林語涵", "加入行事曆", "近期時段"}},
		{Name: "course without store", Path: fmt.Sprintf("/demo/activity/%d", ids.course), Status: 200, Check: indexed, Contains: []string{fmt.Sprintf(`rel="canonical" href="http://example.com/demo/activity/%d/%d"`, ids.courseStore, ids.course)}},
		{Name: "course in a term", Path: fmt.Sprintf("/demo/activity/%d/%d", ids.courseStore, ids.pilates), Status: 200, Check: indexed, Contains: []string{"學期班", "週末皮拉提斯養成班｜週日上午"}},
		{Name: "term list", Path: "/demo/termSchedule", Status: 200, Check: indexed, Contains: []string{"週末皮拉提斯養成班", "共 8 堂"}},
		{Name: "term class", Path: fmt.Sprintf("/demo/termSchedule/%d/%d", ids.term, ids.class), Status: 200, Check: indexed, Contains: []string{"上課日期", `"@type":"EventSeries"`, "NT$ 3,200"}},
		{Name: "term intro", Path: fmt.Sprintf("/demo/termSchedule/%d/intro", ids.term), Status: 200, Check: indexed, Contains: []string{"八週的墊上皮拉提斯養成班"}},
		{Name: "class intro", Path: fmt.Sprintf("/demo/termSchedule/%d/%d/intro", ids.term, ids.class), Status: 200, Check: indexed, Contains: []string{"班別介紹", "每週日上午九點"}},
		{Name: "term brand in the app", Path: "/term/termSchedule?from=app", Status: 200, Check: indexed, Contains: []string{"冬季學期", "?from=app", `<link rel="canonical" href="http://example.com/term/termSchedule?from=app"/>`},
			// a brand without a shop links no brand home (a 404)
			Absent: []string{`href="/term"`, `"item":"http://example.com/term"`}},
		{Name: "item", Path: fmt.Sprintf("/demo/passcard/%d", ids.passcard), Status: 200, Check: indexed, Contains: []string{"季卡通行卡｜定期通行卡｜森活運動館", `"@type":"Product"`, `"priceCurrency":"TWD"`, "付款完成後立即生效", "全部門市"}},
		{Name: "item on a custom domain", Path: fmt.Sprintf("/passcard/%d", ids.passcard), Header: []string{"Host", "fit.demo.test"}, Status: 200, Check: indexed, Contains: []string{fmt.Sprintf(`<link rel="canonical" href="https://fit.demo.test/passcard/%d"/>`, ids.passcard)}},
		{Name: "private link", Path: "/demo/activitys?privateToken=abc", Status: 200, Check: notIndexed, Contains: []string{"課程列表"}},
		{Name: "activity-only brand", Path: "/yoga", Status: 200, Check: indexed, Contains: []string{"空中瑜珈基礎", "瑜珈 8 堂課程卡"}},
		{Name: "off-shelf item shows its own page, not indexed", Path: fmt.Sprintf("/demo/passcard/%d", ids.offShelf), Status: 200, Check: notIndexed, Contains: []string{"此商品已下架", "夏季限定通行卡"}},
	})

	notFound := []string{"<title>Not Found</title>"}
	runScenarios(t, ts, []scenario{
		{Name: "unknown item", Path: "/demo/passcard/999999", Status: 404, Contains: notFound},
		{Name: "item under another type", Path: fmt.Sprintf("/demo/point/%d", ids.passcard), Status: 404, Contains: notFound},
		{Name: "item id not a number", Path: "/demo/passcard/abc", Status: 404, Contains: notFound},
		{Name: "course at another store", Path: fmt.Sprintf("/demo/activity/%d/%d", ids.otherStore, ids.course), Status: 404, Contains: notFound},
		{Name: "unknown term", Path: "/demo/termSchedule/999999/intro", Status: 404, Contains: notFound},
		{Name: "unknown class", Path: fmt.Sprintf("/demo/termSchedule/%d/999999", ids.term), Status: 404, Contains: notFound},
		{Name: "bad page number", Path: "/demo/activitys?pageNumber=-1", Status: 400},
		{Name: "bad start date", Path: "/demo/search/result?startDate=x", Status: 400},
		{Name: "bad page size", Path: "/demo/search/result?pageSize=100000", Status: 400},
	})
}

// TestActivityPageMerges: the activity page shows the course that has
// normal and term sessions once, with both kinds of schedule in date order.
func TestActivityPageMerges(t *testing.T) {
	ts := newTestServer(t, withRealClock())
	ids := lookupIDs(t, ts)
	var found []data.Activity
	for n := 1; n <= 2; n++ {
		w := ts.get(t, fmt.Sprintf("/demo/activitys?pageNumber=%d", n), propsHeader, "1")
		var p struct {
			Data wire.ActivityList `json:"data"`
		}
		if err := json.Unmarshal(w.Body.Bytes(), &p); err != nil || !p.Data.Loaded || p.Data.Failed || p.Data.TotalPages != 2 {
			t.Fatalf("page %d = %d %+v %v", n, w.Code, p.Data, err)
		}
		for _, a := range p.Data.List {
			if a.CourseID == ids.pilates {
				found = append(found, a)
			}
		}
	}
	if len(found) != 1 {
		t.Fatalf("the pilates course shows %d times; want once", len(found))
	}
	// the card's schedules and then its 「更多時段」: the course's sessions
	// and its term class's, merged in time order
	list := found[0].ScheduleList
	var more data.Page[data.Schedule]
	apiResult(t, ts.get(t, fmt.Sprintf("/api/search/activitySchedules?brandId=demo&courseId=%d&pageSize=50", ids.pilates)), &more)
	list = append(list, more.List...)
	term, normal, prev := 0, 0, ""
	for _, s := range list {
		if s.TermClassID != 0 {
			term++
		} else {
			normal++
		}
		if at := s.ScheduleDate + s.StartTime; at < prev {
			t.Fatalf("schedules out of order: %s after %s", at, prev)
		} else {
			prev = at
		}
	}
	if term == 0 || normal == 0 {
		t.Fatalf("merged schedules: %d term, %d normal", term, normal)
	}
}

// TestActivityListsLoadedEvenWhenOneFails: the loaded flag is set whether
// or not a list failed; the other list still shows.
func TestActivityListsLoadedEvenWhenOneFails(t *testing.T) {
	ts := newTestServer(t, withRealClock())
	soon := rules.Day(time.Now().Add(48 * time.Hour))
	ok := func() (*data.Page[data.Activity], error) {
		return &data.Page[data.Activity]{List: []data.Activity{{CourseID: 1, CourseName: "a", StoreShortName: "x",
			ScheduleList: []data.Schedule{{ScheduleID: 1, ScheduleDate: soon, StartTime: "10:00"}}}}, Total: 31, PageSize: 30}, nil
	}
	broken := func() (*data.Page[data.Activity], error) { return nil, errors.New("list down") }
	got, err := ts.mergeLists("demo", 1, ok, broken)
	if err != nil || !got.Loaded || !got.Failed || len(got.List) != 1 || got.TotalPages != 2 {
		t.Fatalf("one list failed: %+v, %v", got, err)
	}
	got, err = ts.mergeLists("demo", 1, ok, ok)
	if err != nil || !got.Loaded || got.Failed || len(got.List) != 1 {
		t.Fatalf("both lists: %+v, %v", got, err)
	}
	if _, err := ts.mergeLists("demo", 1, broken, broken); err == nil {
		t.Fatal("both lists failed, yet no error")
	}
	if !strings.Contains(ts.log.String(), "list down") {
		t.Fatal("the failed list was not logged")
	}
}

// TestCatalogueChangeReachesPages: a catalogue change bumps the brand's
// version and the next page shows it (cached lists are keyed by version).
func TestCatalogueChangeReachesPages(t *testing.T) {
	ts := newTestServer(t, withRealClock())
	ids := lookupIDs(t, ts)
	path := fmt.Sprintf("/demo/activity/%d/%d", ids.courseStore, ids.course)
	if body := ts.get(t, path).Body.String(); !strings.Contains(body, "空中瑜珈入門") {
		t.Fatal("course page lacks its name")
	}
	if _, err := ts.db.Pool.Exec(context.Background(), `update courses set name = '空中瑜珈初體驗' where id = $1`, ids.course); err != nil {
		t.Fatal(err)
	}
	ts.BrandChanged(context.Background(), "demo") // what the brand_changed notification does
	if body := ts.get(t, path).Body.String(); !strings.Contains(body, "空中瑜珈初體驗") {
		t.Fatal("the renamed course did not reach its page")
	}
	if body := ts.get(t, "/demo/activitys").Body.String(); !strings.Contains(body, "空中瑜珈初體驗") {
		t.Fatal("the renamed course did not reach the activity list")
	}
}

func TestSitemapsAndRobots(t *testing.T) {
	ts := newTestServer(t, withRealClock(), withEnvHosts("production.example.com"))
	ids := lookupIDs(t, ts)
	sitemap := func(t *testing.T, path string, header ...string) urlset {
		t.Helper()
		w := ts.get(t, path, header...)
		var u urlset
		if w.Code != 200 || !strings.HasPrefix(w.Header().Get("Content-Type"), "application/xml") {
			t.Fatalf("GET %s = %d %s", path, w.Code, w.Header().Get("Content-Type"))
		}
		if err := xml.Unmarshal(w.Body.Bytes(), &u); err != nil || !strings.Contains(w.Body.String(), `xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"`) {
			t.Fatalf("GET %s: %v\n%s", path, err, w.Body.String())
		}
		for _, x := range u.URLs {
			if _, err := time.Parse(time.RFC3339, x.LastMod); err != nil {
				t.Errorf("%s: lastmod %q", x.Loc, x.LastMod)
			}
		}
		return u
	}
	locs := func(u urlset) string {
		var b strings.Builder
		for _, x := range u.URLs {
			b.WriteString(x.Loc + "\n")
		}
		return b.String()
	}

	t.Run("brand sitemap", func(t *testing.T) {
		got := locs(sitemap(t, "/yoga/sitemap.xml"))
		for _, want := range []string{"http://example.com/yoga\n", "http://example.com/yoga/activitys\n", "/yoga/activity/", "/yoga/quantityPasscard/"} {
			if !strings.Contains(got, want) {
				t.Errorf("yoga sitemap lacks %s:\n%s", want, got)
			}
		}
		if strings.Contains(got, "termSchedule") || strings.Contains(got, "type=plan") {
			t.Errorf("yoga sitemap lists pages its modules hide:\n%s", got)
		}
	})
	t.Run("custom domain sitemap", func(t *testing.T) {
		got := locs(sitemap(t, "/sitemap.xml", "Host", "fit.demo.test"))
		for _, want := range []string{"https://fit.demo.test/\n", fmt.Sprintf("https://fit.demo.test/activity/%d/%d\n", ids.courseStore, ids.course),
			fmt.Sprintf("https://fit.demo.test/passcard/%d\n", ids.passcard), fmt.Sprintf("https://fit.demo.test/termSchedule/%d/%d\n", ids.term, ids.class)} {
			if !strings.Contains(got, want) {
				t.Errorf("custom domain sitemap lacks %s", want)
			}
		}
		if strings.Contains(got, fmt.Sprintf("/passcard/%d\n", ids.offShelf)) {
			t.Error("sitemap lists the off-shelf item")
		}
	})
	t.Run("term brand sitemap keeps from=app", func(t *testing.T) {
		got := locs(sitemap(t, "/term/sitemap.xml"))
		if !strings.Contains(got, "/term/termSchedule?from=app\n") || strings.Contains(got, "http://example.com/term\n") {
			t.Errorf("term sitemap:\n%s", got)
		}
	})
	t.Run("brand with a custom domain redirects its sitemap there", func(t *testing.T) {
		w := ts.get(t, "/demo/sitemap.xml", "Host", "production.example.com")
		if w.Code != 301 || w.Header().Get("Location") != "https://fit.demo.test/sitemap.xml" {
			t.Fatalf("= %d %s", w.Code, w.Header().Get("Location"))
		}
	})
	t.Run("no shop, no sitemap", func(t *testing.T) {
		if w := ts.get(t, "/noshop/sitemap.xml"); w.Code != 404 {
			t.Fatalf("noshop sitemap = %d", w.Code)
		}
	})
	t.Run("sitemap index", func(t *testing.T) {
		w := ts.get(t, "/sitemap.xml")
		body := w.Body.String()
		if w.Code != 200 || !strings.Contains(body, "<sitemapindex") || !strings.Contains(body, "http://example.com/yoga/sitemap.xml") ||
			strings.Contains(body, "/noshop/") || strings.Contains(body, "/closed/") {
			t.Fatalf("index = %d\n%s", w.Code, body)
		}
		w = ts.get(t, "/sitemap.xml", "Host", "production.example.com")
		if strings.Contains(w.Body.String(), "/demo/sitemap.xml") {
			t.Fatal("the index lists a brand served on its custom domain in this environment")
		}
	})
	t.Run("robots", func(t *testing.T) {
		w := ts.get(t, "/robots.txt", "Host", "fit.demo.test")
		if w.Code != 200 || !strings.Contains(w.Body.String(), "Sitemap: https://fit.demo.test/sitemap.xml") || !strings.Contains(w.Body.String(), "Disallow: /api/") {
			t.Fatalf("robots = %d\n%s", w.Code, w.Body.String())
		}
		if w := ts.get(t, "/robots.txt"); !strings.Contains(w.Body.String(), "Sitemap: http://example.com/sitemap.xml") {
			t.Fatalf("robots on the shared host:\n%s", w.Body.String())
		}
	})
}

// TestImages: resized images are WebP at their width, encoded once, served
// at an immutable URL naming the sources' version; another version is sent
// to the current URL and never answered with bytes.
func TestImages(t *testing.T) {
	ts := newTestServer(t)
	v := ts.imageVersion
	if len(v) != 12 {
		t.Fatalf("image version %q", v)
	}
	// the demo's yoga.jpg, stored by the import: /_static/catalogue/demo/{hash}/yoga.jpg
	var yoga string
	if err := ts.db.Pool.QueryRow(context.Background(), "select image from courses where brand_id = 'demo' and slug = 'hatha-yoga-xinyi'").Scan(&yoga); err != nil || !strings.HasPrefix(yoga, "/_static/catalogue/demo/") {
		t.Fatalf("image %q, %v", yoga, err)
	}
	before := imageEncodes.Load()
	w := ts.get(t, "/_img/"+v+"/320"+yoga)
	if w.Code != 200 || w.Header().Get("Content-Type") != "image/webp" {
		t.Fatalf("image = %d %s", w.Code, w.Header().Get("Content-Type"))
	}
	if cc := w.Header().Get("Cache-Control"); cc != "public, max-age=31536000, immutable" {
		t.Fatalf("Cache-Control = %q; want immutable for a year", cc)
	}
	cfg, err := webp.DecodeConfig(bytes.NewReader(w.Body.Bytes()))
	if err != nil || cfg.Width != 320 || cfg.Height != 200 {
		t.Fatalf("webp %dx%d, %v; want 320x200", cfg.Width, cfg.Height, err)
	}
	if _, _, err := image.Decode(bytes.NewReader(w.Body.Bytes())); err != nil {
		t.Fatalf("not a decodable image: %v", err)
	}
	if !bytes.Contains(w.Body.Bytes()[:16], []byte("VP8 ")) {
		t.Fatal("not a lossy WebP")
	}
	etag := w.Header().Get("ETag")
	w2 := ts.get(t, "/_img/"+v+"/320"+yoga)
	if !bytes.Equal(w.Body.Bytes(), w2.Body.Bytes()) || imageEncodes.Load()-before != 1 {
		t.Fatalf("second request encoded again (%d encodes)", imageEncodes.Load()-before)
	}
	if w := ts.get(t, "/_img/"+v+"/320"+yoga, "If-None-Match", etag); w.Code != http.StatusNotModified {
		t.Fatalf("If-None-Match = %d", w.Code)
	}
	// wider than the source: its own size, not upscaled
	big := ts.get(t, "/_img/"+v+"/1280"+yoga)
	if cfg, _ := webp.DecodeConfig(bytes.NewReader(big.Body.Bytes())); cfg.Width != 960 {
		t.Fatalf("1280 of a 960 px source = %d px", cfg.Width)
	}
	// an old or wrong version: a redirect to the current URL that is not
	// cached, never the bytes
	for _, old := range []string{"0123456789ab", "old"} {
		w := ts.get(t, "/_img/"+old+"/320"+yoga+"?x=1")
		if w.Code != http.StatusTemporaryRedirect || w.Header().Get("Location") != "/_img/"+v+"/320"+yoga || w.Body.Len() > 200 ||
			w.Header().Get("Cache-Control") != "no-cache" || w.Header().Get("Content-Type") == "image/webp" {
			t.Fatalf("version %s = %d %q %q (%d bytes); want a redirect to %s", old, w.Code, w.Header().Get("Location"), w.Header().Get("Cache-Control"), w.Body.Len(), "/_img/"+v+"/320"+yoga)
		}
	}
	// the page names the current version
	if w := ts.get(t, "/demo"); !strings.Contains(w.Body.String(), `"imageVersion":"`+v+`"`) || !strings.Contains(w.Body.String(), `src="/_img/`+v+`/`) {
		t.Fatalf("brand home does not use image version %s", v)
	}
	// not served: 404, or the mux's redirect of a path with ..
	notServed := func(t *testing.T, w *httptest.ResponseRecorder) {
		if w.Code != 404 && w.Code != http.StatusTemporaryRedirect {
			t.Errorf("= %d; want 404", w.Code)
		}
	}
	var refused []scenario
	for _, p := range []string{"/321" + yoga, "/320/_static/demo/logo-demo.svg", "/320/_static/demo/../demo.go",
		"/320/_static/catalogue/demo/nosuch.jpg", "/320/etc/passwd.png", "/abc" + yoga, "/0123456789ab/320/etc/passwd.png"} {
		p = "/_img/" + v + p
		refused = append(refused, scenario{Name: p, Path: p, Check: notServed})
	}
	refused = append(refused, scenario{Name: "no version", Path: "/_img/320" + yoga, Status: 404})
	runScenarios(t, ts, refused)
}

// TestImageVersionFollowsTheSources: the version changes with a source
// image's bytes and ignores the catalogue's content-named folder.
func TestImageVersionFollowsTheSources(t *testing.T) {
	a := fstest.MapFS{"img/a.jpg": {Data: []byte("one")}, "logo.svg": {Data: []byte("<svg/>")}}
	b := fstest.MapFS{"img/a.jpg": {Data: []byte("two")}, "logo.svg": {Data: []byte("<svg/>")}}
	svg := fstest.MapFS{"img/a.jpg": {Data: []byte("one")}, "logo.svg": {Data: []byte("<svg></svg>")}}
	version := func(static map[string]fs.FS) string {
		v, err := imageVersionOf(static)
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	va := version(map[string]fs.FS{"demo": a})
	if vb := version(map[string]fs.FS{"demo": b}); vb == va {
		t.Error("a changed image kept the version")
	}
	if v := version(map[string]fs.FS{"demo": svg}); v != va {
		t.Error("a changed SVG (not resized) changed the version")
	}
	if v := version(map[string]fs.FS{"demo": a, catalogueFolder: b}); v != va {
		t.Error("the catalogue's images changed the version")
	}
}

// TestJavaScriptBudget: the first visit of brand home loads at most 105 KB
// of gzipped JavaScript, and each other page adds at most 30 KB to it.
// (100 KB until stop 19: the accessible brand colours, the app webview's
// account bar and the stores' structured data took it to 102-104 KB, of
// which about 90 KB is React itself; the bridge loads only in the app.)
func TestJavaScriptBudget(t *testing.T) {
	bundle, err := appBundle()
	if err != nil {
		t.Fatal(err)
	}
	m := bundle.Manifest
	size := func(files []string) int {
		n := 0
		for _, f := range files {
			b, err := fs.ReadFile(bundle.Client, strings.TrimPrefix(f, renderer.AssetPrefix)+".gz")
			if err != nil {
				t.Fatalf("%s: %v", f, err)
			}
			n += len(b)
		}
		return n
	}
	home := m.Preloads("brand-home")
	if n := size(home); n > 105*1024 {
		t.Errorf("brand home's first visit loads %d bytes of gzipped JavaScript; the budget is 105 KB", n)
	} else {
		t.Logf("brand home: %d bytes", n)
	}
	loaded := map[string]bool{}
	for _, f := range home {
		loaded[f] = true
	}
	for page := range m.Pages {
		var extra []string
		for _, f := range m.Preloads(page) {
			if !loaded[f] {
				extra = append(extra, f)
			}
		}
		if n := size(extra); n > 30*1024 {
			t.Errorf("%s adds %d bytes of gzipped JavaScript after brand home; the budget is 30 KB", page, n)
		}
	}
}
