package host

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"storefront"
	"testing"
	"time"

	"storefront/data"
	"storefront/host/wire"
)

// member logs a browser of s in as a new member of brand demo with the
// given custom fields, verified or not, and returns its session id.
func (s *buyer) member(t *testing.T, email string, verified bool, fields map[string]string) string {
	t.Helper()
	ctx := context.Background()
	u, err := s.db.CreateUser(ctx, data.NewUser{BrandID: "demo", Email: email, Name: "陳小華", PasswordDigest: md5hex("secret-1"),
		CustomValues: fields}, s.clock.Now())
	if err != nil {
		t.Fatal(err)
	}
	if verified {
		s.db.Pool.Exec(ctx, `update users set email_verified_at = now() where id = $1`, u.ID)
	}
	_, sid := login(t, s.ts().browser(), "demo", email, "secret-1")
	if sid == "" {
		t.Fatalf("no session for %s", email)
	}
	return sid
}

func (s *buyer) ts() *memberServer { return s.memberServer }

// TestPrecheckRefusals: each precheck refusal through the HTTP API, with
// the code that names its dialog (scenario table).
func TestPrecheckRefusals(t *testing.T) {
	s := newShop(t)
	_, sid := login(t, s.ts().browser(), "demo", "member@example.com", "demo1234")
	unverified := s.member(t, "new@example.com", false, map[string]string{"phone": "0912000111", "birthday": "1990-05-17"})
	incomplete := s.member(t, "half@example.com", true, map[string]string{"birthday": "1990-05-17"}) // no phone, which the brand requires
	auth := []string{"Authorization", sid}

	season := s.demoItem(t, "季卡通行卡", data.PayWayCard)
	yearly := s.demoItem(t, "年度通行卡", "")   // CUSTOM start
	coach := s.demoItem(t, "私人教練 5 堂", "") // sold in 信義館 only
	summer := s.demoItem(t, "夏季限定通行卡", "")
	var zhubei int64
	s.db.Pool.QueryRow(context.Background(), `select id from stores where brand_id = 'demo' and short_name = '竹北館'`).Scan(&zhubei)
	_, yogaSID := login(t, s.ts().browser(), "yoga", "member@example.com", "demo1234")
	var yogaItem, yogaStore int64
	s.db.Pool.QueryRow(context.Background(), `select i.id, (select id from stores where brand_id = 'yoga')
		from items i where i.brand_id = 'yoga' and i.name = '瑜珈單月無限卡'`).Scan(&yogaItem, &yogaStore)
	yogaPlan := map[string]any{"kind": "plan", "itemType": "passcard", "itemId": yogaItem, "storeId": yogaStore, "quantity": 1, "price": 2200}
	const precheck = "/api/brand/demo/sale/precheck"
	post := func(name string, body any, header []string, status, code int, msg string, contains ...string) scenario {
		return scenario{Name: name, Method: http.MethodPost, Path: precheck, Body: body, Header: header, Status: status, Code: code,
			Message: msg, Contains: contains}
	}
	runScenarios(t, s, []scenario{
		post("allowed", season, auth, 200, 0, "", `"amount":7200`, `"contract":"notNeeded"`),
		post("not logged in", season, nil, 401, storefront.CodeLoginRequired, ""),
		post("changed price", with(season, "price", 6000), auth, 409, storefront.CodePriceChanged, "商品價格已變更為 NT$7,200，請重新確認後再結帳"),
		post("off-shelf item", with(summer, "price", 1999), auth, 404, storefront.CodeItemOffShelf, "商品已下架"),
		post("unknown item", with(season, "itemId", 999999), auth, 404, storefront.CodeItemOffShelf, "找不到這項商品"),
		post("too many", with(season, "quantity", 11), auth, 400, storefront.CodeQuantityNotAllowed, "購買數量需為 1 至 10"),
		post("no quantity", with(season, "quantity", 0), auth, 400, storefront.CodeQuantityNotAllowed, "購買數量需為 1 至 10"),
		post("unverified member", season, []string{"Authorization", unverified}, 403, storefront.CodeEmailNotVerified, "請先完成電子信箱驗證再購買"),
		post("contact info incomplete", season, []string{"Authorization", incomplete}, 400, storefront.CodeContactIncomplete, "請先填寫聯絡資料：手機號碼"),
		{Name: "plans not enabled", Method: http.MethodPost, Path: "/api/brand/yoga/sale/precheck", Body: yogaPlan,
			Header: []string{"Authorization", yogaSID}, Status: 403, Code: storefront.CodePlanNotEnabled, Message: "此品牌尚未開放方案購買"},
		post("a plan", with(season, "kind", "plan"), auth, 200, 0, ""),
		post("LINE Pay where the store has none", with(with(season, "storeId", zhubei), "payWay", "LINEPAY"), auth, 400, storefront.CodePayWayNotAccepted, "此門市不支援這個付款方式"),
		post("not sold in the store", with(coach, "storeId", zhubei), auth, 400, storefront.CodeNotSoldInStore, "此商品未於所選門市販售"),
		post("unknown store", with(season, "storeId", 999999), auth, 404, storefront.CodeStoreNotFound, "查無此門市"),
		post("CUSTOM start too late", with(yearly, "startDate", "2026-12-23"), auth, 400, storefront.CodeBadRequest, "開始日期需在 30 天內（最晚 2026-12-22）"),
		post("CUSTOM start missing", yearly, auth, 400, storefront.CodeBadRequest, "請選擇開始日期（30 天內）"),
		post("CUSTOM start allowed", with(yearly, "startDate", "2026-12-22"), auth, 200, 0, "", `"startDate":"2026-12-22"`),
		post("unknown salesman", with(season, "salesmanId", 999999), auth, 400, storefront.CodeBadRequest, "找不到所選的銷售人員"),
		post("unknown action", with(season, "action", "vip"), auth, 400, storefront.CodeBadRequest, "不明的檢查項目 action（可用：[trial]）"),
		post("trial not bought before", with(season, "action", "trial"), auth, 200, 0, ""),
		post("unknown kind", with(season, "kind", "gift"), auth, 400, storefront.CodeBadRequest, "不支援的購買類型：gift"),
		post("not JSON", `{"kind":`, auth, 400, storefront.CodeBadRequest, "資料格式錯誤：請傳送 JSON 物件"),
		{Name: "payment without the terms", Method: http.MethodPost, Path: "/api/brand/demo/sale/payment", Body: with(season, "acceptTerms", false),
			Header: auth, Status: 400, Code: storefront.CodeBadRequest, Message: "請先閱讀並同意購買條款"},
		{Name: "payment without a way", Method: http.MethodPost, Path: "/api/brand/demo/sale/payment", Body: with(season, "payWay", nil),
			Header: auth, Status: 400, Code: storefront.CodePayWayNotAccepted, Message: "請選擇付款方式"},
		{Name: "card payment by its own call", Method: http.MethodPost, Path: "/api/brand/demo/sale/neweb/payment", Body: with(season, "payWay", nil),
			Header: auth, Status: 200, Contains: []string{`"paymentUrl":"/demo/item-payment/card/`}},
		{Name: "a cross-site payment", Method: http.MethodPost, Path: "/api/brand/demo/sale/payment", Body: season,
			Header: []string{"Sec-Fetch-Site", "cross-site"}, Status: 403, Code: storefront.CodeCrossSiteRefused},
	})
}

// TestCheckoutReads: the payment ways of a store, the plan calls, and the
// order result only for the order's member (another's is -78000000, as
// an unknown one).
func TestCheckoutReads(t *testing.T) {
	s := newShop(t)
	a := s.order(t, s.demoItem(t, "季卡通行卡", data.PayWayCard))
	_, mine := login(t, s.ts().browser(), "demo", "member@example.com", "demo1234")
	other := s.member(t, "other@example.com", true, map[string]string{"phone": "0912000111", "birthday": "1990-05-17"})
	var xinyi, zhubei int64
	s.db.Pool.QueryRow(context.Background(), `select min(id), max(id) from stores where brand_id = 'demo'`).Scan(&xinyi, &zhubei)
	var planItem int64
	s.db.Pool.QueryRow(context.Background(), `select id from items where brand_id = 'plan' and name = '月費方案'`).Scan(&planItem)
	runScenarios(t, s, []scenario{
		{Name: "a store with LINE Pay", Path: fmt.Sprintf("/api/v2/ec/brands/demo/payWay/%d", xinyi), Status: 200,
			Contains: []string{`{"payWay":"2","name":"信用卡"}`, `{"payWay":"LINEPAY","name":"LINE Pay"}`}},
		{Name: "a store without", Path: fmt.Sprintf("/api/v2/ec/brands/demo/payWay/%d", zhubei), Status: 200,
			Contains: []string{`"payWay":"2"`}, Absent: []string{"LINEPAY"}},
		{Name: "an unknown store", Path: "/api/v2/ec/brands/demo/payWay/999999", Status: 404, Code: storefront.CodeStoreNotFound},
		{Name: "the member's order", Path: "/api/v2/ec/payment/result/" + a.OrderNo, Header: []string{"Authorization", mine}, Status: 200,
			Contains: []string{`"state":"created"`, `"final":false`}},
		{Name: "another member's order", Path: "/api/v2/ec/payment/result/" + a.OrderNo, Header: []string{"Authorization", other},
			Status: 404, Code: storefront.CodeOrderNotFound, Message: "查無訂單資料", Absent: []string{"季卡"}},
		{Name: "an unknown order", Path: "/api/v2/ec/payment/result/AAAAAAAAAAAAAAAAAAAAAAAAAA", Header: []string{"Authorization", mine},
			Status: 404, Code: storefront.CodeOrderNotFound},
		{Name: "no session", Path: "/api/v2/ec/payment/result/" + a.OrderNo, Status: 401, Code: storefront.CodeLoginRequired},
		{Name: "ticket result of our order", Path: "/api/payment/ticketResult?orderNo=" + a.OrderNo, Header: []string{"Authorization", mine},
			Status: 400, Code: storefront.CodeNotEnjoyCoupon, Message: "此訂單非享樂券"},
		{Name: "ticket result of another's", Path: "/api/payment/ticketResult?orderNo=" + a.OrderNo, Header: []string{"Authorization", other},
			Status: 404, Code: storefront.CodeOrderNotFound},
		{Name: "plans of a brand without", Path: "/api/plan?brandId=yoga", Status: 403, Code: storefront.CodePlanNotEnabled},
		{Name: "plans", Path: "/api/plan?brandId=plan", Status: 200, Contains: []string{"月費方案", "年費方案"}},
		{Name: "a plan's fee", Path: fmt.Sprintf("/api/plan/payFee?brandId=plan&itemType=passcard&itemId=%d&quantity=2", planItem), Status: 200,
			Contains: []string{`"unitPrice":1299`, `"amount":2598`}},
		{Name: "a plan's fee, bad quantity", Path: fmt.Sprintf("/api/plan/payFee?brandId=plan&itemType=passcard&itemId=%d&quantity=99", planItem),
			Status: 400, Code: storefront.CodeBadRequest, Message: "購買數量需為 1 到 10 的整數"},
		{Name: "test payment by another", Method: http.MethodPost, Path: "/api/test/payment", Body: map[string]string{"orderNo": a.OrderNo},
			Header: []string{"Authorization", other}, Status: 404, Code: storefront.CodeOrderNotFound},
		{Name: "test payment (dev)", Method: http.MethodPost, Path: "/api/test/payment", Body: map[string]string{"orderNo": a.OrderNo},
			Header: []string{"Authorization", mine}, Status: 200, Contains: []string{`"state":"paid"`, `"memberUrl":"/demo/user/passcard"`, `"bookUrl":"/demo/timetable"`}},
	})
}

// TestCheckoutPages: the checkout and order result pages are the member's
// (a visitor logs in and comes back); their data is the loaders'; another
// member's order and an unknown one are 404.
func TestCheckoutPages(t *testing.T) {
	s := newShop(t)
	item := s.demoItem(t, "季卡通行卡", data.PayWayCard)
	a := s.order(t, item)
	other := s.ts().browser()
	s.member(t, "other@example.com", true, map[string]string{"phone": "0912000111", "birthday": "1990-05-17"})
	login(t, other, "demo", "other@example.com", "secret-1")
	checkoutPath := fmt.Sprintf("/demo/passcard/%d/checkout", item["itemId"])
	props := func(t *testing.T, b *browser, path string, status int, out any) {
		t.Helper()
		w := b.get(t, path, propsHeader, "1")
		if w.Code != status {
			t.Fatalf("%s: %d\n%.400s", path, w.Code, w.Body)
		}
		var p struct {
			Page string          `json:"page"`
			Data json.RawMessage `json:"data"`
		}
		json.Unmarshal(w.Body.Bytes(), &p)
		if out != nil {
			if err := json.Unmarshal(p.Data, out); err != nil {
				t.Fatalf("%s: %v\n%s", path, err, p.Data)
			}
		}
	}
	var page wire.CheckoutPage
	props(t, s.b, checkoutPath, 200, &page)
	if page.Item == nil || page.Item.Name != "季卡通行卡" || len(page.Stores) != 2 || len(page.Stores[0].PayWays) != 2 ||
		len(page.Stores[1].PayWays) != 1 || page.Today != "2026-11-22" || page.MaxStartDate != "2026-12-22" || page.MaxQuantity != 10 {
		t.Fatalf("checkout page %+v", page)
	}
	var course wire.CheckoutPage
	var courseID, storeID int64
	s.db.Pool.QueryRow(context.Background(), `select id, store_id from courses where brand_id = 'demo' and on_shelf order by id limit 1`).Scan(&courseID, &storeID)
	props(t, s.b, fmt.Sprintf("/demo/activity/%d/%d/checkout", storeID, courseID), 200, &course)
	if course.Kind != "course" || course.Course == nil || len(course.Stores) != 1 || course.MaxQuantity != 5 { // demo: MULTI_BOOKING
		t.Fatalf("course checkout %+v", course)
	}
	var result wire.OrderResultPage
	props(t, s.b, "/demo/orderResult/"+a.OrderNo, 200, &result)
	if result.Order.Number != a.OrderNo || result.Order.Amount != 7200 {
		t.Fatalf("order result %+v", result.Order)
	}
	props(t, s.b, "/demo/webUser/orderResult/"+a.OrderNo, 200, nil)
	props(t, other, "/demo/orderResult/"+a.OrderNo, 404, nil)
	props(t, s.b, "/demo/orderResult/AAAAAAAAAAAAAAAAAAAAAAAAAA", 404, nil)
	props(t, s.b, "/demo/item-payment/card/AAAAAAAAAAAAAAAAAAAAAAAAAA", 404, nil)
	if w := other.get(t, a.PaymentURL); w.Code != 404 {
		t.Fatalf("another member's payment page: %d", w.Code)
	}
	visitor := httptest.NewRecorder()
	s.ServeHTTP(visitor, httptest.NewRequest(http.MethodGet, checkoutPath, nil))
	if visitor.Code != http.StatusMovedPermanently || visitor.Header().Get("Location") != "/demo?login=%2Fdemo%2Fpasscard%2F"+fmt.Sprint(item["itemId"])+"%2Fcheckout" {
		t.Fatalf("a visitor: %d %q", visitor.Code, visitor.Header().Get("Location"))
	}
}

// TestOrderExpiry: the expiry worker's round expires an unpaid order past
// STOREFRONT_ORDER_TTL; its payment page then goes to its result page,
// which offers a retry.
func TestOrderExpiry(t *testing.T) {
	s := newShop(t)
	a := s.order(t, s.demoItem(t, "季卡通行卡", data.PayWayCard))
	if n, err := s.checkout.Expire(context.Background(), 100); err != nil || n != 0 {
		t.Fatalf("expired before its time: %d %v", n, err)
	}
	s.clock.Add(s.cfg.OrderTTL + time.Second)
	if n, err := s.checkout.Expire(context.Background(), 100); err != nil || n != 1 {
		t.Fatalf("expire: %d %v", n, err)
	}
	if w := s.b.get(t, a.PaymentURL); w.Code != http.StatusSeeOther || w.Header().Get("Location") != "/demo/orderResult/"+a.OrderNo {
		t.Fatalf("payment page of an expired order: %d %q", w.Code, w.Header().Get("Location"))
	}
	if p := s.result(t, a.OrderNo); p.Order.State != data.OrderExpired || !p.Final || p.RetryURL == "" {
		t.Fatalf("expired: %+v", p)
	}
}
