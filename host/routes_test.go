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
	ts := newTestServer(t)
	cases := []struct {
		name     string
		path     string
		header   []string
		status   int
		location string   // for redirects
		contains []string // in the body
	}{
		{"index lists brands", "/", nil, 200, "", []string{"森活運動館", "晨光瑜珈", `href="/demo"`}},
		{"brand home", "/demo", nil, 200, "", []string{"森活運動館", "單月暢遊通行卡", "NT$ 2,688", `<html lang="zh-Hant">`, `content="#1B8A7A"`}},
		{"brand home trailing slash", "/demo/", nil, 200, "", []string{"單月暢遊通行卡"}},
		{"off-shelf item not listed", "/demo", nil, 200, "", nil},
		{"unknown brand", "/nosuch", nil, 404, "", []string{"<title>Not Found</title>", "您造訪的頁面已失效"}},
		{"bad brand id", "/%E2%98%83", nil, 404, "", []string{"<title>Not Found</title>"}},
		{"terminated brand", "/closed", nil, 404, "", []string{"此帳號已終止服務。"}},
		{"unknown page under a brand", "/demo/no/such/page", nil, 404, "", []string{"<title>Not Found</title>", "This page could not be found", "#1B8A7A"}},
		{"explore", "/demo/explore?a=1&b=2", nil, 301, "/demo?a=1&b=2", nil},
		{"explore activity", "/demo/explore/activity?a=1", nil, 301, "/demo/activitys?a=1", nil},
		{"no root module", "/noshop", nil, 404, "", []string{"找不到頁面"}},
		{"no root module, other page", "/noshop/activitys", nil, 404, "", []string{"找不到頁面"}},
		{"verify email exempt", "/noshop/verify/email", nil, 200, "", nil},
		{"e-contract always allowed", "/noshop/e-contract", nil, 200, "", nil},
		{"activity only: type dropped", "/yoga?type=plan&x=1", nil, 302, "/yoga", nil},
		{"activity only", "/yoga", nil, 200, "", []string{"瑜珈 8 堂課程卡"}},
		{"plan only: type=plan added", "/plan?x=1", nil, 302, "/plan?type=plan", nil},
		{"plan only with type=plan", "/plan?type=plan", nil, 200, "", []string{"月費方案"}},
		{"term only: no brand home", "/term", nil, 404, "", []string{"找不到頁面"}},
		{"term only: from=app added", "/term/termSchedule?a=1", nil, 302, "/term/termSchedule?a=1&from=app", nil},
		{"term only with from=app", "/term/termSchedule?from=app", nil, 200, "", nil},
		{"term only: schedule detail", "/term/termSchedule/1/2", nil, 302, "/term/termSchedule/1/2?from=app", nil},
		{"term schedule with root", "/yoga/termSchedule", nil, 200, "", nil},
		{"term schedule without either", "/noshop/termSchedule", nil, 404, "", []string{"找不到頁面"}},
		{"search needs find-activity", "/plan/search/result", nil, 404, "", []string{"找不到頁面"}},
		{"search", "/demo/search/result", nil, 200, "", nil},
		{"unknown course", "/demo/activity/1/999999", nil, 404, "", []string{"<title>Not Found</title>"}},
		{"course id not a number", "/demo/activity/abc", nil, 404, "", nil},
		{"course checkout", "/demo/activity/1/2/checkout", nil, 200, "", nil},
		{"course detail needs find-activity", "/plan/activity/2", nil, 404, "", []string{"找不到頁面"}},
		{"timing card needs its module", "/yoga/user/timingcard", nil, 404, "", []string{"找不到頁面"}},
		{"member page without login", "/demo/user/timingcard?x=1", nil, 301, "/demo?login=%2Fdemo%2Fuser%2Ftimingcard%3Fx%3D1", nil},
		{"booking records without login", "/demo/bookingRecord/bookingRecordList", nil, 301, "/demo?login=%2Fdemo%2FbookingRecord%2FbookingRecordList", nil},
		{"item detail", "/demo/passcard/1", nil, 200, "", nil},
		{"item checkout", "/demo/point/8/checkout", nil, 200, "", nil},
		{"not an item type", "/demo/sofa/1", nil, 404, "", nil},
		{"payment", "/demo/passcard-payment/1/A123", nil, 200, "", nil},
		{"order result", "/demo/webUser/orderResult/A123", nil, 200, "", nil},
		{"card change", "/demo/changeFailCardResult/A123", nil, 200, "", nil},
		{"term intro without schedule", "/demo/termSchedule/3/intro", nil, 200, "", nil},
		{"another brand's term", "/demo/termSchedule/1/intro", nil, 404, "", nil},
		{"app download on iPhone", "/demo/appDownloadRedirect", []string{"User-Agent", iPhone}, 302, "https://apps.apple.com/tw/app/id1000000001", nil},
		{"app download on a pc", "/demo/appDownloadRedirect", nil, 302, "/demo/", nil},
		{"custom domain in production redirects", "/demo/activitys?x=1", []string{"Host", "shop-production.example.com"}, 301, "https://fit.demo.test/activitys?x=1", nil},
		{"custom domain brand home redirects", "/demo?x=1", []string{"Host", "production.example.com"}, 301, "https://fit.demo.test/?x=1", nil},
		{"no custom domain in dev", "/demo?x=1", []string{"Host", "dev.example.com"}, 200, "", nil},
		{"served on the custom domain", "/", []string{"Host", "fit.demo.test"}, 200, "", []string{"單月暢遊通行卡", `<link rel="canonical" href="https://fit.demo.test/"/>`, `href="/passcard/`}},
		{"custom domain pages carry no brand", "/explore?y=2", []string{"Host", "fit.demo.test"}, 301, "/?y=2", nil},
		{"custom domain unknown page", "/demo", []string{"Host", "fit.demo.test"}, 404, "", nil},
		{"healthz", "/healthz", nil, 200, "", []string{"ok"}},
		{"readyz", "/readyz", nil, 200, "", []string{"ready"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			w := ts.get(t, c.path, c.header...)
			if w.Code != c.status {
				t.Fatalf("GET %s = %d; want %d\n%s", c.path, w.Code, c.status, w.Body.String())
			}
			if c.location != "" {
				if got := w.Header().Get("Location"); got != c.location {
					t.Fatalf("Location = %q; want %q", got, c.location)
				}
			}
			for _, s := range c.contains {
				if !strings.Contains(w.Body.String(), s) {
					t.Errorf("body lacks %q", s)
				}
			}
		})
	}
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
		{"", "brandId-index", nil},
		{"/activity/7", "brandId-activity-storeId-courseId", map[string]string{"courseId": "7"}},
		{"/activity/3/7", "brandId-activity-storeId-courseId", map[string]string{"storeId": "3", "courseId": "7"}},
		{"/activity/checkout", "brandId-activity-storeId-courseId-checkout", nil},
		{"/termSchedule/4/intro", "brandId-termSchedule-termScheduleId-scheduleId-intro", map[string]string{"termScheduleId": "4"}},
		{"/termSchedule/4/9/intro", "brandId-termSchedule-termScheduleId-scheduleId-intro", map[string]string{"termScheduleId": "4", "scheduleId": "9"}},
		{"/termSchedule/checkout", "brandId-termSchedule-checkout", nil},
		{"/ticket-payment", "brandId-product-payment-productType-orderNumber", map[string]string{"product": "ticket"}},
		{"/countingPasscard/3", "brandId-itemType-itemId", map[string]string{"itemType": "countingPasscard", "itemId": "3"}},
		{"/quantityPasscard/checkout", "brandId-itemType-itemId-checkout", map[string]string{"itemType": "quantityPasscard"}},
		{"/e-contract/1/2", "brandId-e-contract-storeId-contractId", map[string]string{"storeId": "1", "contractId": "2"}},
		{"/user/timingcard/plans", "brandId-user-timingcard-plans", nil},
		{"/-payment", "", nil},
		{"/passcard/1/2/3", "", nil},
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
