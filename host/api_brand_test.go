package host

import (
	"net/http"
	"net/http/httptest"
	"slices"
	"storefront"
	"testing"

	"storefront/data"
	"storefront/host/wire"
)

func TestBrandAPI(t *testing.T) {
	ts := newTestServer(t)

	schema := func(t *testing.T, w *httptest.ResponseRecorder) {
		var got []data.CustomField
		if apiResult(t, w, &got); len(got) != 4 || got[0].Type != "phone" || !got[0].Required || got[2].Options[0] != "男" {
			t.Fatalf("schema = %+v", got)
		}
	}
	runScenarios(t, ts, []scenario{
		{Name: "home info", Path: "/api/v2/ec/brands/demo/home/info", Status: 200, Check: func(t *testing.T, w *httptest.ResponseRecorder) {
			var got wire.HomeInfo
			if env := apiResult(t, w, &got); env.ErrorCode != 0 || got.BrandName != "森活運動館" {
				t.Fatalf("home info = %+v %+v", env, got)
			}
		}},
		// the demo brand has every module but the deferred payments (ACH,
		// Chailease), which their own tests turn on
		{Name: "public setting", Path: "/api/v3/webUser/brand/demo/public/setting", Status: 200, Check: func(t *testing.T, w *httptest.ResponseRecorder) {
			var got wire.PublicSetting
			apiResult(t, w, &got)
			if got.BrandName != "森活運動館" || got.WebBaseBackgroundColor != "FF1B8A7A" ||
				got.BrandPromoteInfo.IOSAppLink == "" || got.BrandPromoteInfo.AndroidAppLink == "" || !got.IsNewposStore ||
				len(got.StoreInfoList) != 2 || !got.StoreInfoList[0].HasLinePay || got.StoreInfoList[1].HasLinePay ||
				len(got.AdditionalModules) != len(data.AllModules)-2 || slices.Contains(got.AdditionalModules, data.ModuleACH) {
				t.Fatalf("public setting = %+v", got)
			}
		}},
		{Name: "stores", Path: "/api/brand/yoga/stores", Status: 200, Check: func(t *testing.T, w *httptest.ResponseRecorder) {
			var got []data.Store
			if apiResult(t, w, &got); len(got) != 1 || got[0].ShortName != "大安教室" {
				t.Fatalf("stores = %+v", got)
			}
		}},
		{Name: "project list", Path: "/api/brand/demo/projectList", Status: 200, Check: func(t *testing.T, w *httptest.ResponseRecorder) {
			var got data.ItemList
			if apiResult(t, w, &got); len(got.Passcard) != 4 || len(got.QuantityPasscard) != 3 || len(got.Point) != 2 || len(got.CountingPasscard) != 2 {
				t.Fatalf("project list = %+v", got)
			}
		}},
		{Name: "custom field schema of a type", Path: "/api/v3/common/brands/demo/customField/schema/type/USER", Status: 200, Check: schema},
		{Name: "custom field schema", Path: "/api/brand/demo/customField/schema", Status: 200, Check: schema},
	})

	runScenarios(t, ts, []scenario{
		{Name: "terminated brand", Path: "/api/v2/ec/brands/closed/home/info", Status: 404, Code: storefront.CodeBrandTerminated, Message: "此帳號已終止服務。"},
		{Name: "unknown brand", Path: "/api/v3/webUser/brand/nosuch/public/setting", Status: 404, Code: storefront.CodeBrandNotFound, Message: "查無此品牌"},
		{Name: "bad brand id", Path: "/api/brand/a%20b/stores", Status: 404, Code: storefront.CodeBrandNotFound, Message: "查無此品牌"},
		{Name: "bad target type", Path: "/api/v3/common/brands/demo/customField/schema/type/ORDER", Status: 400, Code: storefront.CodeBadRequest, Message: "不支援的自訂欄位類型：ORDER"},
		{Name: "unknown call", Path: "/api/nothing/here", Status: 404, Code: storefront.CodeNotFound, Message: "找不到此 API"},
	})

	t.Run("wrong method", func(t *testing.T) {
		req, _ := http.NewRequest(http.MethodDelete, "/api/brand/demo/stores", nil)
		w := newRec()
		ts.ServeHTTP(w, req)
		if w.Code != http.StatusMethodNotAllowed && w.Code != http.StatusNotFound {
			t.Fatalf("DELETE = %d", w.Code)
		}
	})
}
