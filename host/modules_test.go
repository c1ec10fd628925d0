package host

import (
	"context"
	"fmt"
	"net/http/httptest"
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
