package host

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"
	"time"

	"storefront/data"
	"storefront/host/wire"
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
