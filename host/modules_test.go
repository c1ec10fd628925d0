package host

import (
	"context"
	"fmt"
	"net/http/httptest"
	"regexp"
	"slices"
	"strings"
	"testing"

	"storefront/data"
	"storefront/host/wire"
)

// TestModulesThroughTheHandler switches one module of the demo brand off
// at a time and checks its feature where visitors meet it, on and off:
// pages, calls and what they answer.
func TestModulesThroughTheHandler(t *testing.T) {
	ts := newBookingServer(t)
	setModules := func(t *testing.T, mods []string) {
		t.Helper()
		ts.exec(t, `update brands set modules = $1 where id = 'demo'`, mods)
		ts.BrandChanged(context.Background(), "demo")
	}
	without := func(k string) []string {
		return slices.DeleteFunc(slices.Clone(data.AllModules), func(m string) bool { return m == k })
	}
	// refused: w is the module's refusal (403, 此品牌未開放 and the feature)
	refused := func(w *httptest.ResponseRecorder, feature string) bool {
		return w.Code == 403 && strings.Contains(w.Body.String(), "此品牌未開放"+feature)
	}

	login := func(t *testing.T) *httptest.ResponseRecorder {
		return ts.browser().post(t, "/api/session/login", map[string]any{"brandId": "demo", "email": "member@example.com", "password": md5hex("demo1234")})
	}
	banners := func(t *testing.T) int {
		var list []data.Banner
		apiResult(t, ts.get(t, "/api/search/banner?brandId=demo"), &list)
		return len(list)
	}
	// a private-coach course: hatha at Xinyi, and a session of it
	ts.exec(t, `update courses set private_coach = true where brand_id = 'demo' and name = '哈達瑜珈'`)
	hatha := ts.id(t, `select c.id from courses c join stores st on st.id = c.store_id where c.brand_id = 'demo' and c.name = '哈達瑜珈' and st.short_name = '信義館'`)
	hathaStore := ts.id(t, `select store_id from courses where id = $1`, hatha)
	hathaSession := ts.id(t, `select id from course_schedules where course_id = $1 and date > '2026-11-24' and term_class_id is null order by date, start_time limit 1`, hatha)

	// an item of a type on sale: its name, page and precheck body
	type item struct {
		name, page string
		buy        map[string]any
	}
	itemOf := func(typ string) item {
		var id, store int64
		var name string
		var price int
		if err := ts.db.Pool.QueryRow(context.Background(), `select i.id, i.name, i.price, (select min(id) from stores where brand_id = 'demo')
			from items i where i.brand_id = 'demo' and i.type = $1 and i.on_shelf order by i.sort, i.id limit 1`, typ).Scan(&id, &name, &price, &store); err != nil {
			t.Fatal(err)
		}
		return item{name: name, page: fmt.Sprintf("/demo/%s/%d", typ, id),
			buy: body("kind", "item", "itemType", typ, "itemId", id, "storeId", store, "quantity", 1, "price", price)}
	}
	precheck := func(buy map[string]any, header ...string) *httptest.ResponseRecorder {
		return scenario{Method: "POST", Path: "/api/brand/demo/sale/precheck", Body: buy, Header: append(ts.me.auth(), header...)}.run(t, ts)
	}
	// sold checks an item type is on sale (on) or not anywhere a visitor
	// meets it: brand home, the plans, its page, its precheck
	sold := func(t *testing.T, it item, feature string, on bool) {
		t.Helper()
		if home := ts.get(t, "/demo").Body.String(); strings.Contains(home, it.name) != on {
			t.Errorf("brand home shows %s: %v", it.name, !on)
		}
		if plans := ts.get(t, "/api/plan?brandId=demo").Body.String(); strings.Contains(plans, it.name) != on {
			t.Errorf("the plans list %s: %v", it.name, !on)
		}
		if w := ts.get(t, it.page); (w.Code == 200) != on {
			t.Errorf("%s = %d", it.page, w.Code)
		}
		if w := precheck(it.buy); refused(w, feature) == on || (on && w.Code != 200) {
			t.Errorf("its precheck = %d %s", w.Code, w.Body)
		}
	}

	// a course with a full session and one with seats
	aerial := ts.id(t, `select c.id from courses c join stores st on st.id = c.store_id where c.brand_id = 'demo' and c.name = '空中瑜珈入門' and st.short_name = '信義館'`)
	aerialStore := ts.id(t, `select store_id from courses where id = $1`, aerial)
	fullSession := ts.id(t, `select id from course_schedules where course_id = $1 and date > '2026-11-24' and term_class_id is null order by date, start_time limit 1`, aerial)
	ts.exec(t, `update course_schedules set booked = capacity where id = $1`, fullSession)
	counts := regexp.MustCompile(`"(remaining|capacity|seatsLeft)":\d`)

	cases := []struct {
		module string
		check  func(t *testing.T, on bool)
	}{
		{module: data.ModuleMemberSignIn, check: func(t *testing.T, on bool) {
			if w := login(t); (w.Code == 200) != on {
				t.Errorf("login = %d %s", w.Code, w.Body)
			}
			w := ts.browser().post(t, "/api/session/register", map[string]any{"brandId": "demo"})
			if (w.Code == 403) == on {
				t.Errorf("register = %d %s", w.Code, w.Body)
			}
		}},
		{module: data.ModuleMobileApp, check: func(t *testing.T, on bool) {
			var set wire.PublicSetting
			apiResult(t, ts.get(t, "/api/v3/webUser/brand/demo/public/setting"), &set)
			if links := set.BrandPromoteInfo.IOSAppLink != "" && set.BrandPromoteInfo.AndroidAppLink != ""; links != on {
				t.Errorf("app links %+v", set.BrandPromoteInfo)
			}
			if page := ts.get(t, "/demo", "User-Agent", iPhone).Body.String(); strings.Contains(page, "apps.apple.com") != on {
				t.Errorf("the phone's brand home links the app store: %v", !on)
			}
		}},
		{module: data.ModulePromotion, check: func(t *testing.T, on bool) {
			if n := banners(t); (n > 0) != on {
				t.Errorf("%d banners", n)
			}
		}},
		{module: data.ModuleTicket, check: func(t *testing.T, on bool) {
			b := ts.browser()
			b.post(t, "/api/session/login", map[string]any{"brandId": "demo", "email": "member@example.com", "password": md5hex("demo1234")})
			if w := b.get(t, "/demo/user/ticket"); (w.Code == 200) != on {
				t.Errorf("ticket page = %d", w.Code)
			}
		}},
		{module: data.ModulePrivateCoach, check: func(t *testing.T, on bool) {
			page := ts.get(t, fmt.Sprintf("/demo/activity/%d/%d", hathaStore, hatha))
			if (page.Code == 200) != on {
				t.Errorf("the private-coach course's page = %d", page.Code)
			}
			list := ts.get(t, "/api/search/activityList?brandId=demo&keyword=哈達").Body.String()
			if strings.Contains(list, "哈達瑜珈") != on {
				t.Errorf("the activity list shows the private-coach course: %v", !on)
			}
			ts.exec(t, `update course_schedules set booked = 0 where id = $1`, hathaSession)
			w := ts.book(t, ts.me, hathaSession)
			if refused(w, "私人教練課程") == on {
				t.Errorf("booking the private-coach session = %d %s", w.Code, w.Body)
			}
			w = scenario{Method: "POST", Path: "/api/schedule/purchase/verify", Body: body("scheduleId", hathaSession), Header: ts.me.auth()}.run(t, ts)
			if refused(w, "私人教練課程") == on {
				t.Errorf("buying its seat = %d %s", w.Code, w.Body)
			}
		}},
		{module: data.ModuleMemberInfo, check: func(t *testing.T, on bool) {
			ts.exec(t, `update users set name = '林小安', custom_values = custom_values - 'emergencyContact' where id = $1`, ts.me.id)
			edit := func(kv ...any) *httptest.ResponseRecorder {
				return scenario{Method: "POST", Path: "/api/user/edit", Body: body(kv...), Header: ts.me.auth()}.run(t, ts)
			}
			if w := edit("name", "林小安安"); refused(w, "線上修改會員資料") == on || (on && w.Code != 200) {
				t.Errorf("editing the name = %d %s", w.Code, w.Body)
			}
			// what is missing may be filled in either way
			if w := edit("customFields", map[string]string{"emergencyContact": "林媽媽 0911-222-333"}); w.Code != 200 {
				t.Errorf("filling in a missing field = %d %s", w.Code, w.Body)
			}
			page := ts.get(t, "/demo/user", ts.me.auth()...).Body.String()
			if strings.Contains(page, "編輯資料") != on {
				t.Errorf("the member centre offers to edit the profile: %v", !on)
			}
		}},
		{module: data.ModuleOnlinePasscard, check: func(t *testing.T, on bool) {
			sold(t, itemOf(data.ItemPasscard), "線上購買通行卡", on)
			sold(t, itemOf(data.ItemQuantityPasscard), "線上購買通行卡", on)
			sold(t, itemOf(data.ItemPoint), "", true) // not this module's
		}},
		{module: data.ModuleOnlineCustomerPoint, check: func(t *testing.T, on bool) {
			sold(t, itemOf(data.ItemPoint), "線上購買儲值票券", on)
			sold(t, itemOf(data.ItemPasscard), "", true)
		}},
		{module: data.ModuleAppOnlinePurchase, check: func(t *testing.T, on bool) {
			it := itemOf(data.ItemPasscard)
			if w := precheck(it.buy); w.Code != 200 {
				t.Errorf("on the web the precheck = %d %s", w.Code, w.Body)
			}
			app := with(it.buy, "from", "app")
			if w := precheck(app); refused(w, "在 App 內購買") == on || (on && w.Code != 200) {
				t.Errorf("from the app the precheck = %d %s", w.Code, w.Body)
			}
			if w := precheck(it.buy, "Cookie", "web_ec_from=app"); refused(w, "在 App 內購買") == on {
				t.Errorf("in an app-mode visit the precheck = %d %s", w.Code, w.Body)
			}
			pay := scenario{Method: "POST", Path: "/api/brand/demo/sale/payment", Body: with(with(app, "acceptTerms", true), "payWay", data.PayWayCard),
				Header: ts.me.auth()}
			if w := pay.run(t, ts); refused(w, "在 App 內購買") == on {
				t.Errorf("from the app the payment = %d %s", w.Code, w.Body)
			}
			page := ts.get(t, it.page+"?from=app", ts.me.auth()...).Body.String()
			if strings.Contains(page, `href="`+it.page+`/checkout"`) != on {
				t.Errorf("the item page in the app offers to buy: %v", !on)
			}
			page = ts.get(t, it.page+"/checkout?from=app", ts.me.auth()...).Body.String()
			if strings.Contains(page, "此品牌未開放在 App 內購買") == on {
				t.Errorf("the checkout page in the app says buying is closed: %v", on)
			}
		}},
		{module: data.ModuleCapacity, check: func(t *testing.T, on bool) {
			page := ts.get(t, fmt.Sprintf("/demo/activity/%d/%d", aerialStore, aerial)).Body.String()
			if counts.MatchString(page) != on || strings.Contains(page, "剩 ") != on {
				t.Errorf("the course page shows seat counts: %v", !on)
			}
			if !strings.Contains(page, "額滿") {
				t.Error("the course page does not mark the full session full")
			}
			api := ts.get(t, fmt.Sprintf("/api/schedule?brandId=demo&courseId=%d", aerial)).Body.String()
			if counts.MatchString(api) != on {
				t.Errorf("/api/schedule answers seat counts: %v: %.300s", !on, api)
			}
			if !strings.Contains(api, fmt.Sprintf(`"scheduleId":%d`, fullSession)) || !strings.Contains(api, `"full":true`) {
				t.Errorf("/api/schedule does not mark the full session full: %.300s", api)
			}
			for _, p := range []string{"/api/search/activityList?brandId=demo", "/api/search/promoteList?brandId=demo", "/api/search/searchEventList?brandId=demo"} {
				if list := ts.get(t, p).Body.String(); counts.MatchString(list) != on {
					t.Errorf("%s answers seat counts: %v", p, !on)
				}
			}
			if w := ts.book(t, ts.me, fullSession); w.Code != 409 {
				t.Errorf("booking the full session = %d %s; want 409 (full)", w.Code, w.Body)
			}
		}},
	}
	for _, c := range cases {
		t.Run(c.module, func(t *testing.T) {
			setModules(t, data.AllModules)
			c.check(t, true)
			setModules(t, without(c.module))
			c.check(t, false)
		})
	}
}
