package host

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

const iPhone = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Safari/604.1"

// TestRouteAndGuardTable runs the route table and the guards of spec
// sections 2 and 4 through the real handler on the demo brands.
func TestRouteAndGuardTable(t *testing.T) {
	ts := newTestServer(t, withEnvHosts("shop-production.example.com, production.example.com, dev.example.com"))
	runs := []scenario{
		{Name: "index lists brands", Path: "/", Status: 200, Contains: []string{"森活運動館", "晨光瑜珈", `href="/demo"`}},
		{Name: "brand home", Path: "/demo", Status: 200, Contains: []string{"森活運動館", "單月暢遊通行卡", "NT$ 2,688", `<html lang="zh-Hant">`, `content="#1B8A7A"`}},
		{Name: "brand home trailing slash", Path: "/demo/", Status: 200, Contains: []string{"單月暢遊通行卡"}},
		{Name: "off-shelf item not listed", Path: "/demo", Status: 200},
		{Name: "unknown brand", Path: "/nosuch", Status: 404, Contains: []string{"<title>Not Found</title>", "您造訪的頁面已失效"}},
		{Name: "bad brand id", Path: "/%E2%98%83", Status: 404, Contains: []string{"<title>Not Found</title>"}},
		{Name: "terminated brand", Path: "/closed", Status: 404, Contains: []string{"此帳號已終止服務。"}},
		{Name: "unknown page under a brand", Path: "/demo/no/such/page", Status: 404, Contains: []string{"<title>Not Found</title>", "找不到這個頁面，請確認網址是否正確。", "#1B8A7A"}, Absent: []string{"This page could not be found"}},
		{Name: "explore", Path: "/demo/explore?a=1&b=2", Status: 301, Location: "/demo?a=1&b=2"},
		{Name: "explore activity", Path: "/demo/explore/activity?a=1", Status: 301, Location: "/demo/activitys?a=1"},
		{Name: "no root module", Path: "/noshop", Status: 404, Contains: []string{"找不到頁面"}},
		{Name: "no root module, other page", Path: "/noshop/activitys", Status: 404, Contains: []string{"找不到頁面"}},
		{Name: "verify email exempt", Path: "/noshop/verify/email", Status: 200},
		{Name: "e-contract always allowed", Path: "/noshop/e-contract", Status: 200},
		{Name: "activity only: type dropped", Path: "/yoga?type=plan&x=1", Status: 302, Location: "/yoga"},
		{Name: "activity only", Path: "/yoga", Status: 200, Contains: []string{"瑜珈 8 堂課程卡"}},
		{Name: "plan only: type=plan added", Path: "/plan?x=1", Status: 302, Location: "/plan?type=plan"},
		{Name: "plan only with type=plan", Path: "/plan?type=plan", Status: 200, Contains: []string{"月費方案"}},
		{Name: "term only: no brand home", Path: "/term", Status: 404, Contains: []string{"找不到頁面"}},
		{Name: "term only: from=app added", Path: "/term/termSchedule?a=1", Status: 302, Location: "/term/termSchedule?a=1&from=app"},
		{Name: "term only with from=app", Path: "/term/termSchedule?from=app", Status: 200},
		{Name: "term only: schedule detail", Path: "/term/termSchedule/2/4", Status: 302, Location: "/term/termSchedule/2/4?from=app"},
		{Name: "term schedule with root", Path: "/yoga/termSchedule", Status: 200},
		{Name: "term schedule without either", Path: "/noshop/termSchedule", Status: 404, Contains: []string{"找不到頁面"}},
		{Name: "search needs find-activity", Path: "/plan/search/result", Status: 404, Contains: []string{"找不到頁面"}},
		{Name: "search", Path: "/demo/search/result", Status: 200},
		{Name: "unknown course", Path: "/demo/activity/1/999999", Status: 404, Contains: []string{"<title>Not Found</title>"}},
		{Name: "course id not a number", Path: "/demo/activity/abc", Status: 404},
		{Name: "course checkout without login", Path: "/demo/activity/1/2/checkout", Status: 301, Location: "/demo?login=%2Fdemo%2Factivity%2F1%2F2%2Fcheckout"},
		{Name: "course detail needs find-activity", Path: "/plan/activity/2", Status: 404, Contains: []string{"找不到頁面"}},
		{Name: "timing card needs its module", Path: "/yoga/user/timingcard", Status: 404, Contains: []string{"找不到頁面"}},
		{Name: "member page without login", Path: "/demo/user/timingcard?x=1", Status: 301, Location: "/demo?login=%2Fdemo%2Fuser%2Ftimingcard%3Fx%3D1"},
		{Name: "booking records without login", Path: "/demo/bookingRecord/bookingRecordList", Status: 301, Location: "/demo?login=%2Fdemo%2FbookingRecord%2FbookingRecordList"},
		{Name: "item detail", Path: "/demo/passcard/1", Status: 200},
		{Name: "item checkout without login", Path: "/demo/point/8/checkout", Status: 301, Location: "/demo?login=%2Fdemo%2Fpoint%2F8%2Fcheckout"},
		{Name: "not an item type", Path: "/demo/sofa/1", Status: 404},
		{Name: "payment without login", Path: "/demo/passcard-payment/1/A123", Status: 301, Location: "/demo?login=%2Fdemo%2Fpasscard-payment%2F1%2FA123"},
		{Name: "order result without login", Path: "/demo/webUser/orderResult/A123", Status: 301, Location: "/demo?login=%2Fdemo%2FwebUser%2ForderResult%2FA123"},
		{Name: "card change without login", Path: "/demo/changeFailCardResult/A123", Status: 301, Location: "/demo?login=%2Fdemo%2FchangeFailCardResult%2FA123"},
		{Name: "term intro without schedule", Path: "/demo/termSchedule/1/intro", Status: 200},
		{Name: "another brand's term", Path: "/demo/termSchedule/2/intro", Status: 404},
		{Name: "app download on iPhone", Path: "/demo/appDownloadRedirect", Header: []string{"User-Agent", iPhone}, Status: 302, Location: "https://apps.apple.com/tw/app/id1000000001"},
		{Name: "app download on a pc", Path: "/demo/appDownloadRedirect", Status: 302, Location: "/demo?appDownload=1"},
		{Name: "plan only: app download lands on plan home", Path: "/plan/appDownloadRedirect", Status: 302, Location: "/plan?type=plan"},
		{Name: "plan only: member page without login keeps type=plan", Path: "/plan/user", Status: 301, Location: "/plan?type=plan&login=%2Fplan%2Fuser"},
		{Name: "term only: term checkout without login lands on the term list", Path: "/term/termSchedule/checkout?termScheduleId=2&scheduleId=4&from=app", Status: 301,
			Location: "/term/termSchedule?from=app&login=%2Fterm%2FtermSchedule%2Fcheckout%3FtermScheduleId%3D2%26scheduleId%3D4%26from%3Dapp"},
		{Name: "custom domain in production redirects", Path: "/demo/activitys?x=1", Header: []string{"Host", "shop-production.example.com"}, Status: 301, Location: "https://fit.demo.test/activitys?x=1"},
		{Name: "custom domain brand home redirects", Path: "/demo?x=1", Header: []string{"Host", "production.example.com"}, Status: 301, Location: "https://fit.demo.test/?x=1"},
		{Name: "no custom domain in dev", Path: "/demo?x=1", Header: []string{"Host", "dev.example.com"}, Status: 200},
		{Name: "served on the custom domain", Path: "/", Header: []string{"Host", "fit.demo.test"}, Status: 200, Contains: []string{"單月暢遊通行卡", `<link rel="canonical" href="https://fit.demo.test/"/>`, `href="/passcard/`}},
		{Name: "custom domain pages carry no brand", Path: "/explore?y=2", Header: []string{"Host", "fit.demo.test"}, Status: 301, Location: "/?y=2"},
		{Name: "custom domain unknown page", Path: "/demo", Header: []string{"Host", "fit.demo.test"}, Status: 404},
		{Name: "healthz", Path: "/healthz", Status: 200, Contains: []string{"ok"}},
		{Name: "readyz", Path: "/readyz", Status: 200, Contains: []string{"ready"}},
	}
	runScenarios(t, ts, runs)
}

func TestOffShelfItemNotOnBrandHome(t *testing.T) {
	ts := newTestServer(t)
	if body := ts.get(t, "/demo").Body.String(); strings.Contains(body, "夏季限定通行卡") {
		t.Fatal("brand home lists an item taken off the shelf")
	}
}

func TestMatchRoute(t *testing.T) {
	for _, c := range []struct {
		path, name string
		params     map[string]string
	}{
		{path: "", name: "brandId-index", params: nil},
		{path: "/activity/7", name: "brandId-activity-storeId-courseId", params: map[string]string{"courseId": "7"}},
		{path: "/activity/3/7", name: "brandId-activity-storeId-courseId", params: map[string]string{"storeId": "3", "courseId": "7"}},
		{path: "/activity/checkout", name: "brandId-activity-storeId-courseId-checkout", params: nil},
		{path: "/termSchedule/4/intro", name: "brandId-termSchedule-termScheduleId-scheduleId-intro", params: map[string]string{"termScheduleId": "4"}},
		{path: "/termSchedule/4/9/intro", name: "brandId-termSchedule-termScheduleId-scheduleId-intro", params: map[string]string{"termScheduleId": "4", "scheduleId": "9"}},
		{path: "/termSchedule/checkout", name: "brandId-termSchedule-checkout", params: nil},
		{path: "/ticket-payment", name: "brandId-product-payment-productType-orderNumber", params: map[string]string{"product": "ticket"}},
		{path: "/countingPasscard/3", name: "brandId-itemType-itemId", params: map[string]string{"itemType": "countingPasscard", "itemId": "3"}},
		{path: "/quantityPasscard/checkout", name: "brandId-itemType-itemId-checkout", params: map[string]string{"itemType": "quantityPasscard"}},
		{path: "/e-contract/1/2", name: "brandId-e-contract-storeId-contractId", params: map[string]string{"storeId": "1", "contractId": "2"}},
		{path: "/user/timingcard/plans", name: "brandId-user-timingcard-plans", params: nil},
		{path: "/-payment", name: "", params: nil},
		{path: "/passcard/1/2/3", name: "", params: nil},
	} {
		r, params := matchRoute(c.path)
		if c.name == "" {
			if r != nil {
				t.Errorf("%q matched %s; want none", c.path, r.Name)
			}
			continue
		}
		if r == nil || r.Name != c.name {
			t.Errorf("%q matched %v; want %s", c.path, r, c.name)
			continue
		}
		for k, v := range c.params {
			if params[k] != v {
				t.Errorf("%q: %s = %q; want %q", c.path, k, params[k], v)
			}
		}
		if len(params) != len(c.params) {
			t.Errorf("%q: params %v; want %v", c.path, params, c.params)
		}
	}
}

func TestNotGetIsRefused(t *testing.T) {
	ts := newTestServer(t)
	req, _ := http.NewRequest(http.MethodPost, "/demo", nil)
	w := httptest.NewRecorder()
	ts.ServeHTTP(w, req)
	if w.Code != http.StatusMethodNotAllowed {
		t.Fatalf("POST /demo = %d; want 405", w.Code)
	}
}

// TestIndexListsBrandsInDevOnly: the index lists the brands whose shop has
// a page to open, and only in the dev environment; elsewhere it is the
// service's landing page and names no brand.
func TestIndexListsBrandsInDevOnly(t *testing.T) {
	dev := newTestServer(t).get(t, "/").Body.String()
	for _, want := range []string{`href="/demo"`, `href="/yoga"`, `href="/plan?type=plan"`, `href="/term/termSchedule?from=app"`} {
		if !strings.Contains(dev, want) {
			t.Errorf("dev index lacks %s", want)
		}
	}
	for _, hidden := range []string{`href="/noshop"`, `href="/closed"`} {
		if strings.Contains(dev, hidden) {
			t.Errorf("dev index links %s, which is a 404", hidden)
		}
	}
	prod := newTestServer(t, withEnv("production")).get(t, "/")
	if prod.Code != 200 || strings.Contains(prod.Body.String(), "森活運動館") || strings.Contains(prod.Body.String(), `href="/demo"`) {
		t.Errorf("production index = %d, names a brand:\n%.400s", prod.Code, prod.Body.String())
	}
}
