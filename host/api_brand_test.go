package host

import (
	"net/http"
	"testing"

	"storefront/data"
)

func TestBrandAPI(t *testing.T) {
	ts := newTestServer(t)

	t.Run("home info", func(t *testing.T) {
		var got HomeInfo
		w := ts.get(t, "/api/v2/ec/brands/demo/home/info")
		if env := apiResult(t, w, &got); w.Code != 200 || env.ErrorCode != 0 || got.BrandName != "森活運動館" {
			t.Fatalf("home info = %d %+v %+v", w.Code, env, got)
		}
	})

	t.Run("public setting", func(t *testing.T) {
		var got PublicSetting
		w := ts.get(t, "/api/v3/webUser/brand/demo/public/setting")
		apiResult(t, w, &got)
		if w.Code != 200 || got.BrandName != "森活運動館" || got.WebBaseBackgroundColor != "FF1B8A7A" ||
			got.BrandPromoteInfo.IOSAppLink == "" || got.BrandPromoteInfo.AndroidAppLink == "" || !got.IsNewposStore ||
			len(got.StoreInfoList) != 2 || !got.StoreInfoList[0].HasLinePay || got.StoreInfoList[1].HasLinePay ||
			len(got.AdditionalModules) != len(data.AllModules) {
			t.Fatalf("public setting = %d %+v", w.Code, got)
		}
	})

	t.Run("stores", func(t *testing.T) {
		var got []data.Store
		w := ts.get(t, "/api/brand/yoga/stores")
		apiResult(t, w, &got)
		if w.Code != 200 || len(got) != 1 || got[0].ShortName != "大安教室" {
			t.Fatalf("stores = %d %+v", w.Code, got)
		}
	})

	t.Run("project list", func(t *testing.T) {
		var got data.ItemList
		w := ts.get(t, "/api/brand/demo/projectList")
		apiResult(t, w, &got)
		if w.Code != 200 || len(got.Passcard) != 4 || len(got.QuantityPasscard) != 3 || len(got.Point) != 2 || len(got.CountingPasscard) != 2 {
			t.Fatalf("project list = %d %+v", w.Code, got)
		}
	})

	for _, path := range []string{"/api/v3/common/brands/demo/customField/schema/type/USER", "/api/brand/demo/customField/schema"} {
		t.Run("custom field schema "+path, func(t *testing.T) {
			var got []data.CustomField
			w := ts.get(t, path)
			apiResult(t, w, &got)
			if w.Code != 200 || len(got) != 4 || got[0].Type != "phone" || !got[0].Required || got[2].Options[0] != "男" {
				t.Fatalf("schema = %d %+v", w.Code, got)
			}
		})
	}

	runScenarios(t, ts, []scenario{
		{Name: "terminated brand", Path: "/api/v2/ec/brands/closed/home/info", Status: 404, Code: data.CodeBrandTerminated, Message: "此帳號已終止服務。"},
		{Name: "unknown brand", Path: "/api/v3/webUser/brand/nosuch/public/setting", Status: 404, Code: data.CodeBrandNotFound, Message: "查無此品牌"},
		{Name: "bad brand id", Path: "/api/brand/a%20b/stores", Status: 404, Code: data.CodeBrandNotFound, Message: "查無此品牌"},
		{Name: "bad target type", Path: "/api/v3/common/brands/demo/customField/schema/type/ORDER", Status: 400, Code: data.CodeBadRequest, Message: "不支援的自訂欄位類型：ORDER"},
		{Name: "unknown call", Path: "/api/nothing/here", Status: 404, Code: data.CodeNotFound, Message: "找不到此 API"},
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
