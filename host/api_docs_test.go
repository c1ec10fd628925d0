package host

import (
	"storefront/booking"
	"storefront/data"
	"storefront/host/wire"
	"storefront/providers"
	"storefront/renderer"
)

// apiDoc declares one API route for its OpenAPI document (openapi.json,
// generated from apiDocs by TestOpenAPI): what it reads beside its path
// and what it answers, as Go types, so the document cannot drift from the
// JSON the handlers read and write. The path's parameters come from the
// pattern (their texts: pathParams).
type apiDoc struct {
	Summary string
	Params  []param // query and header parameters
	Body    any     // the JSON body: a value of its type; nil: none
	Form    any     // a provider's form body (x-www-form-urlencoded): a value of a type naming its fields
	// Answer is the envelope's data: a value of its type (oneOf for
	// either of two); nil: no data (null)
	Answer any
	// Raw is an answer outside the envelope: its media type, or
	// rawRedirect for a 303 to a page
	Raw string
}

// oneOf is an answer of one of several types.
type oneOf []any

// rawRedirect: the route answers 303 to a page (a provider's return URL).
const rawRedirect = "redirect"

// param is a query or header parameter.
type param struct {
	Name, In, About string
	Integer         bool // an integer, else a string
	Required        bool
}

func textParam(name, about string) param { return param{Name: name, In: "query", About: about} }
func intParam(name, about string) param {
	return param{Name: name, In: "query", About: about, Integer: true}
}
func headerParam(name, about string) param { return param{Name: name, In: "header", About: about} }
func (p param) required() param            { p.Required = true; return p }

var (
	brandQuery  = textParam("brandId", "品牌代碼").required()
	pageParams  = []param{intParam("pageNumber", "頁碼，預設 1"), intParam("pageSize", "每頁筆數")}
	dateParams  = []param{textParam("startDate", "開始日期 YYYY-MM-DD"), textParam("endDate", "結束日期 YYYY-MM-DD")}
	brandParams = []param{brandQuery}
	cardParams  = []param{brandQuery, intParam("id", "分鐘卡代碼").required()}
	scannerAuth = headerParam("Authorization", "Bearer STOREFRONT_CHECKIN_SCANNER_TOKEN").required()
)

// params joins parameter lists.
func params(ps ...any) []param {
	var out []param
	for _, p := range ps {
		switch p := p.(type) {
		case param:
			out = append(out, p)
		case []param:
			out = append(out, p...)
		default:
			panic("params: not a param")
		}
	}
	return out
}

// pathParams are the texts of the path parameters.
var pathParams = map[string]string{
	"brandId": "品牌代碼", "targetType": "自訂欄位的對象（USER）", "userId": "會員代碼", "sessionId": "登入的 session",
	"itemType": "商品類型", "itemId": "商品代碼", "storeId": "門市代碼", "orderNo": "訂單編號",
	"bookingId": "預約代碼", "termScheduleId": "學期課程代碼", "scheduleId": "班別代碼", "action": "trial、purchase 或 interim",
	"account": "會員的電子信箱", "file": "{id}.pdf：已簽署合約的代碼",
}

// newebPayForm, periodForm and chaileaseForm are the fields of the
// providers' forms.
type (
	newebPayForm struct {
		Status     string `json:"Status"`
		MerchantID string `json:"MerchantID"`
		TradeInfo  string `json:"TradeInfo"`
		TradeSha   string `json:"TradeSha"`
		Version    string `json:"Version"`
	}
	periodForm struct {
		Period string `json:"Period"` // AES-256-CBC encrypted with our HashKey and HashIV, hex
	}
	chaileaseForm struct {
		MerchantID  string `json:"merchantId"`
		OrderNo     string `json:"orderNo"`
		TradeNo     string `json:"tradeNo"`
		Status      string `json:"status"`
		Amount      string `json:"amount"`
		Instalments string `json:"instalments"`
		Reason      string `json:"reason"`
		Timestamp   string `json:"timestamp"`
		Signature   string `json:"signature"`
	}
)

// chaileaseQuery is chaileaseForm as its return URL's query.
var chaileaseQuery = []param{textParam("merchantId", "").required(), textParam("orderNo", "").required(), textParam("tradeNo", ""),
	textParam("status", "").required(), textParam("amount", "").required(), textParam("instalments", ""), textParam("reason", ""),
	textParam("timestamp", "").required(), textParam("signature", "").required()}

// apiDocs declares every API route by its mux pattern;
// TestOpenAPIMatchesRoutes fails for a route registered without a
// declaration and for a declaration of no route.
var apiDocs = map[string]apiDoc{
	// brand
	"GET /api/v2/ec/brands/{brandId}/home/info":                                {Summary: "品牌首頁資訊", Answer: wire.HomeInfo{}},
	"GET /api/v3/webUser/brand/{brandId}/public/setting":                       {Summary: "品牌的公開設定（模組、條款、顏色）", Answer: wire.PublicSetting{}},
	"GET /api/brand/{brandId}/stores":                                          {Summary: "品牌的門市", Answer: []data.Store{}},
	"GET /api/brand/{brandId}/projectList":                                     {Summary: "品牌上架中的商品，依類型分組", Answer: data.ItemList{}},
	"GET /api/v3/common/brands/{brandId}/customField/schema/type/{targetType}": {Summary: "會員自訂欄位的定義", Answer: []data.CustomField{}},
	"GET /api/brand/{brandId}/customField/schema":                              {Summary: "會員自訂欄位的定義", Answer: []data.CustomField{}},
	"GET /api/brand":      {Summary: "品牌的外觀與公開設定（App 內嵌頁）", Params: brandParams, Answer: wire.BrandProps{}},
	"GET /api/brand/user": {Summary: "會員的點數票券與通行卡（App 內嵌頁）", Params: brandParams, Answer: wire.BrandUserLists{}},

	// members: sessions, e-mail verification, the member's account
	"POST /api/session/login":                               {Summary: "以電子信箱與密碼登入", Body: wire.LoginRequest{}, Answer: wire.LoginAnswer{}},
	"POST /api/session/logout":                              {Summary: "登出（撤銷 session）", Body: wire.LogoutRequest{}, Answer: wire.AuthStatus{}},
	"POST /api/session/register":                            {Summary: "註冊會員、寄出驗證信並立即登入", Body: wire.RegisterRequest{}, Answer: wire.RegisterLoginAnswer{}},
	"POST /api/session/resend":                              {Summary: "重寄驗證信或忘記密碼的驗證碼（type: verify 或 forgotPassword）", Body: wire.CodeRequest{}, Answer: wire.EmailAnswer{}},
	"POST /api/session/resetPassword":                       {Summary: "以信中連結重設密碼", Body: wire.LinkRequest{}, Answer: wire.PasswordAnswer{}},
	"POST /api/session/changePassword":                      {Summary: "會員變更密碼", Body: wire.ChangePasswordRequest{}, Answer: wire.PasswordAnswer{}},
	"POST /api/session/forgotPassword":                      {Summary: "忘記密碼：寄出驗證碼", Body: wire.CodeRequest{}, Answer: wire.EmailAnswer{}},
	"POST /api/session/forgotPassword/confirm":              {Summary: "忘記密碼：確認驗證碼", Body: wire.CodeRequest{}, Answer: wire.EmailAnswer{}},
	"POST /api/session/forgotPassword/reset":                {Summary: "忘記密碼：以驗證碼設定新密碼", Body: wire.CodeRequest{}, Answer: wire.PasswordAnswer{}},
	"POST /api/session/code/confirm":                        {Summary: "以驗證碼驗證電子信箱", Body: wire.CodeRequest{}, Answer: wire.VerifiedAnswer{}},
	"GET /api/session/auth/status":                          {Summary: "登入狀態", Params: brandParams, Answer: wire.AuthStatus{}},
	"POST /api/session/purchaseVerify/register":             {Summary: "結帳中註冊：建立會員、寄出驗證信並立即登入", Body: wire.RegisterRequest{}, Answer: wire.RegisterLoginAnswer{}},
	"POST /api/verify/email":                                {Summary: "以信中連結驗證電子信箱", Body: wire.LinkRequest{}, Answer: wire.VerifiedAnswer{}},
	"POST /api/verify/sendemail":                            {Summary: "寄出驗證信", Body: wire.CodeRequest{}, Answer: wire.EmailAnswer{}},
	"POST /api/verify/resendemail":                          {Summary: "重寄驗證信", Body: wire.CodeRequest{}, Answer: wire.EmailAnswer{}},
	"GET /api/v3/webUser/brand/{brandId}/user/{userId}":     {Summary: "會員資料", Answer: wire.UserInfo{}},
	"GET /api/user/userInfo":                                {Summary: "會員資料", Params: params(brandQuery, textParam("userId", "會員代碼")), Answer: wire.UserInfo{}},
	"GET /api/user/userInfo/{brandId}/{sessionId}/{userId}": {Summary: "會員資料（App 以路徑帶入 session）", Answer: wire.UserInfo{}},
	"POST /api/user/edit":                                   {Summary: "編輯會員資料與自訂欄位", Body: wire.EditRequest{}, Answer: wire.UserInfo{}},
	"POST /api/user/delete":                                 {Summary: "刪除帳號：以密碼確認，清除個人資料並登出所有裝置", Body: wire.DeleteAccountRequest{}, Answer: wire.DeletedAccount{}},
	"POST /api/user/freeze":                                 {Summary: "申請暫停會籍：原因、起訖日與證明說明，店家七個工作天內審核", Body: wire.FreezeRequest{}, Answer: wire.Freeze{}},
	"GET /api/user/freezes":                                 {Summary: "會員的暫停會籍申請與狀態", Params: brandParams, Answer: wire.Freezes{}},
	"GET /api/user/cancelBooking/link":                      {Summary: "課程提醒信的取消連結所指的預約（僅查看，不變更）", Params: []param{textParam("token", "信中連結的簽章 token").required()}, Answer: wire.CancelLink{}},
	"POST /api/user/cancelBooking/link":                     {Summary: "以課程提醒信的取消連結取消預約（僅一次）", Body: wire.CancelLinkRequest{}, Answer: wire.CancelLink{}},
	"GET /api/user/bookingSuspension":                       {Summary: "會員的線上預約是否因逾時取消或未到而暫停、至何時", Params: brandParams, Answer: wire.BookingSuspension{}},
	"POST /api/user/unSubscribe":                            {Summary: "訂閱或取消訂閱品牌的電子報", Body: wire.UnsubscribeRequest{}, Answer: wire.UserInfo{}},
	"POST /api/user/add":                                    {Summary: "以本網站其他品牌的帳號（電子信箱與密碼）加入此品牌：先回覆帳號的姓名供確認，確認（confirm）後加入並登入", Body: wire.AddUserRequest{}, Answer: wire.AddUserAnswer{}},
	"GET /api/line/status":                                  {Summary: "品牌是否提供 LINE 登入；已登入時另回覆是否已連結 LINE、帳號是否設有密碼", Params: brandParams, Answer: wire.LineStatus{}},
	"POST /api/line/login":                                  {Summary: "以 LINE 登入：記下 state 與 nonce（綁定此瀏覽器的 HttpOnly cookie），回覆 LINE 授權頁網址", Body: wire.LineLoginRequest{}, Answer: wire.LineAuthorize{}},
	"POST /api/line/link":                                   {Summary: "會員中心連結 LINE：確認密碼後回覆 LINE 授權頁網址", Body: wire.LineLinkRequest{}, Answer: wire.LineAuthorize{}},
	"GET /api/line/callback/{brandId}":                      {Summary: "LINE 授權後的 redirect URI：驗證 state、換取並驗證 ID token，再 303 回到原頁面（登入、?line=linked 或 ?line=register）；拒絕時回覆說明頁", Params: []param{textParam("code", "LINE 的授權碼"), textParam("state", "登入開始時的 state").required(), textParam("error", "LINE 的錯誤（使用者取消）")}, Raw: rawRedirect},
	"GET /api/line/pending":                                 {Summary: "此瀏覽器等待註冊的 LINE 使用者：名稱與 LINE 提供的電子信箱", Params: brandParams, Answer: wire.LinePending{}},
	"POST /api/line/register":                               {Summary: "以 LINE 註冊：品牌的欄位與條款、無密碼，連結等待中的 LINE 使用者並登入", Body: wire.LineRegisterRequest{}, Answer: wire.RegisterLoginAnswer{}},
	"POST /api/line/unlink":                                 {Summary: "會員中心取消連結 LINE（帳號須設有密碼）", Body: wire.BrandRequest{}, Answer: wire.LineStatus{}},
	"GET /api/user/notifyChoices":                           {Summary: "會員各類通知的接收方式（LINE 僅限已連結 LINE 的會員；尚未加入品牌 LINE 官方帳號好友時 notFriend 與加入好友連結，通知改寄電子郵件）", Params: brandParams, Answer: wire.NotifyChoices{}},
	"POST /api/line/webhook/{brandId}": {Summary: "品牌 LINE 官方帳號的 Webhook（LINE 伺服器對伺服器，於 LINE Developers 設定）：X-Line-Signature 以品牌的 channel secret 驗證後才採信（不符 401，未設定 404）；follow／unfollow 依事件時間記錄會員是否為好友，重送或較舊的事件不覆蓋較新的；回覆 OK",
		Params: []param{headerParam("X-Line-Signature", "本文以 channel secret 計算的 HMAC-SHA256（base64）").required()}, Body: providers.LineWebhook{}, Raw: "text/plain"},
	"POST /api/user/notifyChoice":         {Summary: "設定一類通知以 LINE、電子郵件接收，或關閉（僅課程提醒可關閉）；回覆全部的選擇", Body: wire.NotifyChoiceRequest{}, Answer: wire.NotifyChoices{}},
	"POST /api/user/unSubscribe/oneClick": {Summary: "信中的一鍵取消訂閱（RFC 8058）：token 即證明", Params: []param{textParam("token", "信中連結的簽章 token").required()}, Answer: wire.Unsubscribed{}},
	"GET /api/user/unSubscribe/oneClick":  {Summary: "信中的取消訂閱連結：303 到品牌首頁，由頁面確認", Params: []param{textParam("token", "信中連結的簽章 token").required()}, Raw: rawRedirect},

	// catalogue
	"GET /api/v2/ec/brands/{brandId}/commodity/list": {Summary: "上架中的商品，可依關鍵字與類型篩選、分頁",
		Params: params(textParam("keyword", "關鍵字"), textParam("itemType", "商品類型"), pageParams), Answer: data.Page[data.Item]{}},
	"GET /api/v2/ec/brands/{brandId}/commodity/{itemType}/{itemId}": {Summary: "一項商品；已下架者回覆 400 與本文「商品已下架」（text/plain）", Answer: data.Item{}},
	"GET /api/v2/ec/brands/{brandId}/termSchedule": {Summary: "學期課程；帶 termScheduleId 時為單一學期課程（帶 scheduleId 時只含該班別）",
		Params: []param{intParam("termScheduleId", "學期課程代碼"), intParam("scheduleId", "班別代碼")}, Answer: oneOf{[]data.TermSchedule{}, data.TermSchedule{}}},
	"GET /api/search/searchEventList": {Summary: "搜尋課程活動",
		Params: params(brandQuery, textParam("keyword", "關鍵字"), dateParams, intParam("storeId", "門市"), intParam("teacherId", "老師"), intParam("categoryId", "課程類別"), pageParams),
		Answer: data.Page[data.Activity]{}},
	"GET /api/search/condition":        {Summary: "搜尋條件：門市、老師與課程類別", Params: brandParams, Answer: wire.Condition{}},
	"GET /api/search/activityList":     {Summary: "課程活動卡片，分頁", Params: params(brandQuery, pageParams, intParam("teacherPerSize", "每項老師數")), Answer: data.Page[data.Activity]{}},
	"GET /api/search/termActivityList": {Summary: "學期課程活動卡片，分頁", Params: params(brandQuery, pageParams, intParam("teacherPerSize", "每項老師數")), Answer: data.Page[data.Activity]{}},
	"GET /api/search/ticketList":       {Summary: "點數與計次票券商品，分頁", Params: params(brandQuery, textParam("keyword", "關鍵字"), pageParams), Answer: data.Page[data.Item]{}},
	"GET /api/search/passcardList":     {Summary: "通行卡與分鐘卡商品，分頁", Params: params(brandQuery, textParam("keyword", "關鍵字"), pageParams), Answer: data.Page[data.Item]{}},
	"GET /api/search/promoteList":      {Summary: "首頁推薦的課程活動", Params: brandParams, Answer: []data.Activity{}},
	"GET /api/search/banner":           {Summary: "首頁橫幅", Params: brandParams, Answer: []data.Banner{}},
	"GET /api/search/activitySchedules": {Summary: "活動卡片的「更多時段」：課程卡片未帶的其餘近期場次（卡片帶前 3 個），分頁；依品牌資料版本快取",
		Params: params(brandQuery, intParam("courseId", "課程代碼").required(), pageParams), Answer: data.Page[data.Schedule]{}},

	// schedules and booking
	"GET /api/schedule": {Summary: "課程場次與即時名額（訪客亦可；會員另含自己的預約與候補）",
		Params: params(brandQuery, intParam("courseId", "課程代碼"), intParam("storeId", "門市"), intParam("scheduleId", "場次代碼"), dateParams), Answer: []wire.ScheduleSeat{}},
	"GET /api/schedule/timetable": {Summary: "課表：品牌某一天（台北日期，預設今天，最遠一週內）的所有場次，依時間排序，含課程、門市、老師與剩餘名額；可依門市與課程類別篩選",
		Params: params(brandQuery, textParam("date", "日期 YYYY-MM-DD（今天起一週內；預設今天）"), intParam("storeId", "門市"), intParam("categoryId", "課程類別")), Answer: wire.TimetablePage{}},
	"GET /api/schedule/teachers": {Summary: "有近期場次的老師", Params: params(brandQuery, intParam("courseId", "課程代碼")), Answer: []data.Teacher{}},
	"GET /api/schedule/dates": {Summary: "有場次的日期（YYYY-MM-DD）",
		Params: params(brandQuery, intParam("courseId", "課程代碼"), intParam("storeId", "門市"), intParam("scheduleId", "場次代碼"), dateParams), Answer: []string{}},
	"GET /api/schedule/paymentInfo": {Summary: "會員可用於此場次的票券、通行卡與計時卡及其扣抵，預選最佳者",
		Params: params(brandQuery, intParam("scheduleId", "場次代碼").required()), Answer: wire.PaymentInfo{}},
	"GET /api/schedule/userTicket": {Summary: "會員目前持有可預約的票券（帶 scheduleId 時同 paymentInfo 的 options）",
		Params: params(brandQuery, intParam("scheduleId", "場次代碼")), Answer: []wire.PaymentOption{}},
	"GET /api/schedule/bookingCheck": {Summary: "衝堂檢查：會員在這些場次時段已有的預約",
		Params: params(brandQuery, intParam("scheduleId", "場次代碼"), textParam("scheduleIds", "多個場次代碼，以逗號分隔")), Answer: wire.BookingCheck{}},
	"POST /api/schedule/ticket/verify": {Summary: "檢查所選票券（null：最佳者）能否支付這些場次；不能時回覆其錯誤碼（-60000006 超過效期）",
		Body: wire.PaymentVerifyRequest{}, Answer: wire.PaymentVerify{}},
	"POST /api/schedule/purchase/verify": {Summary: "單堂購買前檢查：開放預約且尚有名額，價格取自課程", Body: wire.PurchaseVerifyRequest{}, Answer: wire.PurchaseVerify{}},
	"GET /api/schedule/offers": {Summary: "可購買以支付此場次者：課程單堂（courseId 的 checkout）與涵蓋此場次的方案，購買後預約此場次",
		Params: params(brandQuery, intParam("scheduleId", "場次代碼").required()), Answer: wire.SessionOffers{}},
	"POST /api/schedule/term/purchase/verify": {Summary: "學期班別購買前檢查：每個未開始的場次皆有名額，價格取自班別", Body: wire.PurchaseVerifyRequest{}, Answer: wire.PurchaseVerify{}},
	"POST /api/schedule/booking": {Summary: "預約一個或多個場次（多堂預約模組），全部成功或全部不變；同一 Idempotency-Key 重送回覆第一次的答案",
		Params: []param{headerParam("Idempotency-Key", "用戶端產生的唯一值（最長 200 字元）")}, Body: wire.BookingRequest{}, Answer: wire.BookingAnswer{}},
	"GET /api/schedule/waiting/get": {Summary: "會員在此場次候補名單的順位",
		Params: params(brandQuery, intParam("scheduleId", "場次代碼").required()), Answer: wire.WaitingPosition{}},
	"POST /api/schedule/waiting/add":    {Summary: "加入額滿場次的候補名單（候補名單模組）", Body: wire.WaitingRequest{}, Answer: wire.WaitingPosition{}},
	"POST /api/schedule/waiting/update": {Summary: "離開候補名單（action: leave）", Body: wire.WaitingRequest{}, Answer: wire.WaitingPosition{}},
	"GET /api/user/bookingList": {Summary: "會員的預約紀錄，依篩選條件分頁",
		Params: params(brandQuery, textParam("status", "booked、cancelled 或 attended"), dateParams, intParam("storeId", "門市"), pageParams), Answer: data.Page[wire.BookingItem]{}},
	"POST /api/user/cancelBooking": {Summary: "依課程規則取消預約（-60000007 … -60000012），退回扣抵；釋出的名額在同一交易中遞補候補名單",
		Body: wire.BookingIDRequest{}, Answer: wire.CancelAnswer{}},
	"POST /api/user/cancelBooking/verify": {Summary: "是否可線上取消；不可時回覆規則與門市聯絡資訊", Body: wire.BookingIDRequest{}, Answer: wire.CancelVerify{}},
	"POST /api/user/checkInBooking":       {Summary: "會員自行簽到（簽到模組），課程開始前 60 分鐘至開始後 30 分鐘", Body: wire.BookingIDRequest{}, Answer: wire.CheckInAnswer{}},
	"GET /api/user/checkInQr":             {Summary: "會員的簽到 QR Code：簽章、兩分鐘內有效", Params: brandParams, Answer: wire.CheckInQR{}},
	"POST /api/checkin/qr": {Summary: "門市掃描器以會員 QR Code 簽到",
		Params: []param{scannerAuth}, Body: wire.ScannerCheckInRequest{}, Answer: wire.CheckInAnswer{}},
	"POST /api/checkin/holding": {Summary: "門市掃描器讀取會員計次卡（扣一次）或計時卡（進場／離場計時）的 QR Code；同一 token 只生效一次",
		Params: []param{scannerAuth}, Body: wire.HoldingScanRequest{}, Answer: booking.Entry{}},
	"GET /api/user/common/server-time": {Summary: "伺服器時間", Answer: wire.ServerTime{}},
	"GET /api/user/bookings/{bookingId}/calendar.ics": {Summary: "預約的行事曆檔（固定 UID；已取消者為 METHOD:CANCEL）",
		Params: brandParams, Raw: "text/calendar"},
	"GET /api/brand/{brandId}/salesman/list": {Summary: "門市的銷售人員", Params: []param{intParam("storeId", "門市")}, Answer: []data.Salesman{}},

	// checkout, orders and payment
	"POST /api/brand/{brandId}/sale/precheck":          {Summary: "購買前檢查：價格取自伺服器，與頁面顯示不同為 -40", Body: wire.CheckoutRequest{}, Answer: wire.PrecheckAnswer{}},
	"POST /api/brand/{brandId}/sale/payment":           {Summary: "建立訂單，回覆付款頁", Body: wire.CheckoutRequest{}, Answer: wire.PaymentAnswer{}},
	"POST /api/brand/{brandId}/sale/neweb/payment":     {Summary: "以藍新信用卡建立訂單，回覆付款頁", Body: wire.CheckoutRequest{}, Answer: wire.PaymentAnswer{}},
	"GET /api/v2/ec/brands/{brandId}/payWay/{storeId}": {Summary: "門市可用的付款方式", Answer: []wire.PayWay{}},
	"GET /api/v2/ec/payment/result/{orderNo}":          {Summary: "訂單本人查看訂單結果；已付款且為預約某場次而購買者，首次查看時預約該場次（每筆訂單一次）", Answer: wire.OrderResultPage{}},
	"POST /api/v2/ec/payment/result/{orderNo}/booking": {Summary: "以已付款訂單所購買者預約另一場次（原場次於付款期間額滿時）：單堂為同課程的場次，方案為其涵蓋的場次；每筆訂單一次",
		Body: wire.OrderBookingRequest{}, Answer: wire.OrderResultPage{}},
	"GET /api/payment/ticketResult": {Summary: "票券兌換結果：本產品不提供兌換，訂單本人一律得到錯誤碼",
		Params: []param{textParam("orderNo", "訂單編號").required()}},
	"POST /api/payment/result/{brandId}": {Summary: "品牌的藍新 ReturnURL（付款人瀏覽器返回）：以該品牌的金鑰驗證 TradeSha 與商店代號、訂單須屬該品牌，才套用結果，再 303 至訂單結果頁",
		Form: newebPayForm{}, Raw: rawRedirect},
	"POST /api/payment/neweb/notify/{brandId}": {Summary: "品牌的藍新 NotifyURL（伺服器對伺服器）：以該品牌的金鑰驗證 TradeSha 與商店代號、訂單須屬該品牌才採信，每筆只入帳一次；回覆 OK",
		Form: newebPayForm{}, Raw: "text/plain"},
	"GET /api/payment/linepay/confirm": {Summary: "LINE Pay 的 confirmUrl：向 LINE Pay 確認付款，再 303 至訂單結果頁",
		Params: []param{textParam("orderId", "訂單編號").required(), textParam("transactionId", "LINE Pay 交易代碼").required()}, Raw: rawRedirect},
	"GET /api/payment/linepay/cancel": {Summary: "LINE Pay 的 cancelUrl：付款人取消，再 303 至訂單結果頁",
		Params: []param{textParam("orderId", "訂單編號").required(), textParam("transactionId", "LINE Pay 交易代碼")}, Raw: rawRedirect},
	"GET /api/plan":                  {Summary: "可購買的方案（方案模組）", Params: brandParams, Answer: wire.PlanList{}},
	"GET /api/plan/payFee":           {Summary: "方案的應付金額", Params: params(brandQuery, textParam("itemType", "商品類型").required(), intParam("itemId", "商品代碼").required(), intParam("quantity", "購買數量，預設 1")), Answer: wire.PlanFee{}},
	"POST /api/plan/purchase/verify": {Summary: "方案購買前檢查", Body: wire.CheckoutRequest{}, Answer: wire.PrecheckAnswer{}},

	// deferred payments: ACH and Chailease
	"POST /api/brand/{brandId}/sale/ach/payment": {Summary: "以 ACH 銀行帳戶扣款購買：建立訂單與扣款授權並送交銀行；訂單等待銀行回覆（-65 授權資料有誤、-66 未同意約定書、-67 銀行不受理）",
		Body: wire.ACHPaymentRequest{}, Answer: wire.PaymentAnswer{}},
	"POST /api/brand/{brandId}/sale/chailease/payment": {Summary: "以中租零卡分期購買：建立訂單，paymentUrl 的付款頁將買家導向中租；分期完成後訂單才付款完成",
		Body: wire.CheckoutRequest{}, Answer: wire.PaymentAnswer{}},
	"POST /api/payment/ach/notify": {Summary: "ACH 交換回覆銀行結果（伺服器對伺服器）：X-ACH-Signature 驗證後才採信；回覆 OK",
		Params: []param{headerParam("X-ACH-Signature", "本文的 HMAC-SHA256（hex）").required()}, Body: providers.ACHAnswer{}, Raw: "text/plain"},
	"POST /api/payment/chailease/result": {Summary: "中租分期的 notifyUrl（伺服器對伺服器）：簽章驗證後套用，重送不重複付款；回覆 OK",
		Form: chaileaseForm{}, Raw: "text/plain"},
	"GET /api/payment/chailease/result": {Summary: "中租分期的 returnUrl：買家回到商店；簽章驗證後套用結果，再 303 到訂單結果頁",
		Params: chaileaseQuery, Raw: rawRedirect},

	// recurring card payments and card change
	"POST /api/payment/neweb/period/notify/{brandId}": {Summary: "品牌的藍新信用卡定期定額 NotifyURL（建立委託與每期授權，伺服器對伺服器）；Period 以該品牌的金鑰解密、商店代號、委託單號（屬該品牌的訂單）與金額相符才採信，每期只入帳一次",
		Form: periodForm{}, Raw: "text/plain"},
	"POST /api/payment/neweb/period/result/{brandId}": {Summary: "品牌的藍新信用卡定期定額 ReturnURL（付款人瀏覽器返回）：處理同 NotifyURL，再 303 至訂單結果頁或更換信用卡結果頁",
		Form: periodForm{}, Raw: rawRedirect},
	"GET /api/v2/admin/brands/{brandId}/ec/change/card/{orderNo}": {Summary: "店家管理人員查看定期定額訂單的信用卡（僅末四碼）與更換狀態；需 STOREFRONT_OPERATOR_TOKEN，否則 -63",
		Params: []param{textParam("changeOrderNo", "更換信用卡的委託單號")}, Answer: data.CardChangeView{}},
	"POST /api/brand/{brandId}/pay/neweb/change/card/authorize": {Summary: "訂單本人開始更換定期定額的信用卡：建立新委託（有扣款失敗的期數時立即重新扣款該期），回覆前往藍新的頁面",
		Body: wire.CardChangeRequest{}, Answer: wire.CardChangeAnswer{}},
	"GET /api/brand/card/change": {Summary: "訂單本人查看定期定額訂單的信用卡（僅末四碼）、扣款失敗的期數與 changeOrderNo 指定的更換結果",
		Params: params(brandQuery, textParam("orderNo", "訂單編號").required(), textParam("changeOrderNo", "更換信用卡的委託單號")), Answer: data.CardChangeView{}},
	"POST /api/brand/installment/changeCard": {Summary: "扣款失敗後更換信用卡：沒有扣款失敗的期數時 -62", Body: wire.CardChangeRequest{}, Answer: wire.CardChangeAnswer{}},

	// term schedules and counting passcards
	"GET /api/brand/{brandId}/termSchedule/{termScheduleId}/check/trial/{account}": {Summary: "體驗課檢查：會員尚未體驗過此學期課程（-71 已體驗）", Answer: wire.TermCheckAnswer{}},
	"GET /api/brand/{brandId}/termSchedule/{scheduleId}/check/{action}/{account}": {Summary: "學期班別購買前的帳號檢查：trial（體驗課）、purchase（整期，已開始則依比例計價）、interim（學期中途加入）；名額已滿 -70、已體驗 -71、已報名 -72、無剩餘堂數 -73",
		Answer: wire.TermCheckAnswer{}},
	"POST /api/brand/{brandId}/termSchedule/{termScheduleId}/{scheduleId}/sale/payment": {Summary: "購買學期班別（或其體驗課）：建立訂單並於同一交易保留每個場次的名額，回覆付款頁",
		Body: wire.CheckoutRequest{}, Answer: wire.PaymentAnswer{}},
	"GET /api/termSchedule": {Summary: "可購買的學期班別與目前價格（訪客亦可）",
		Params: params(brandQuery, intParam("termScheduleId", "學期課程代碼"), intParam("scheduleId", "班別代碼")), Answer: wire.TermOfferList{}},
	"GET /api/termSchedule/interimList": {Summary: "已開課、可中途加入的學期班別，依剩餘堂數比例計價（元以下捨去）",
		Params: params(brandQuery, intParam("termScheduleId", "學期課程代碼"), intParam("scheduleId", "班別代碼")), Answer: wire.TermOfferList{}},
	"GET /api/user/counting-passcard/list":                 {Summary: "會員的分鐘計費卡", Params: brandParams, Answer: wire.CountingPasscardList{}},
	"GET /api/user/counting-passcard/history":              {Summary: "分鐘卡的使用紀錄（分鐘與金額），新到舊", Params: cardParams, Answer: wire.CountingHistory{}},
	"GET /api/user/counting-passcard/charging-setting":     {Summary: "品牌的欠費計費方式：每滿或未滿 unitMinutes 分鐘收 unitPrice 元", Params: brandParams, Answer: data.ChargingSetting{}},
	"GET /api/user/counting-passcard/overdue-payable-list": {Summary: "剩餘分鐘低於零的分鐘卡與應繳金額（伺服器依計費方式計算）", Params: brandParams, Answer: wire.OverdueList{}},
	"GET /api/user/counting-passcard/overdue-payment-info": {Summary: "補繳一張分鐘卡欠費的金額、計費方式與可付款的門市（沒有欠費 -74）", Params: cardParams, Answer: wire.OverduePage{}},
	"POST /api/user/counting-passcard/overdue-purchase-verify": {Summary: "補繳欠費的購買前檢查（金額由伺服器計算；與頁面顯示不同為 -40）；付款為 POST /api/brand/{brandId}/sale/payment（kind overdue）",
		Body: wire.CheckoutRequest{}, Answer: wire.PrecheckAnswer{}},

	// e-contracts and the app
	"GET /api/contract": {Summary: "電子合約（訪客亦可讀）：依合約代碼，或商品與門市所需的合約",
		Params: params(brandQuery, intParam("contractId", "合約代碼"), intParam("itemId", "商品代碼"), intParam("storeId", "門市代碼")), Answer: wire.EContractPage{}},
	"POST /api/contract":      {Summary: "會員簽署電子合約；PDF 於交易後寄出", Body: wire.SignContractRequest{}, Answer: wire.SignedContract{}},
	"GET /api/user/contracts": {Summary: "會員已簽署的合約", Params: brandParams, Answer: wire.SignedContractList{}},
	"GET /api/user/orders": {Summary: "會員的歷史訂單（會員中心的「顯示更多」）：比 after 那筆舊的下一批，新的在前，並回覆是否還有更舊的",
		Params: params(brandQuery, textParam("after", "目前列出的最後一筆訂單編號；不帶時從最新的開始")), Answer: wire.MemberOrders{}},
	"GET /api/user/order/refund": {Summary: "訂單現在申請退款可退的金額：七日內未使用全額退費；逾期依已過月數（未滿十五日以半個月計）或合約期間比例，品牌得收不超過退款金額 20% 的手續費",
		Params: params(brandQuery, textParam("orderNumber", "訂單編號").required()), Answer: wire.RefundOffer{}},
	"POST /api/user/order/refund":    {Summary: "會員申請訂單退款：七日內解約立即全額退款；逾期終止契約待門市核准；重送回覆同一筆退款", Body: wire.RefundRequest{}, Answer: wire.Refund{}},
	"GET /api/user/contracts/{file}": {Summary: "已簽署合約的 PDF", Params: brandParams, Raw: "application/pdf"},
	"GET /api/user/getToken": {Summary: "計次卡或計時卡的進場 QR Code：簽章、兩分鐘內有效",
		Params: params(brandQuery, textParam("kind", "quantityPasscard 或 timingCard").required(), intParam("holdingId", "計次卡代碼（kind quantityPasscard）")), Answer: wire.HoldingQR{}},
	"GET /api/user/getPointShareInfo": {Summary: "可分享的點數票券、分享紀錄，及（帶 account 時）受贈會員的遮蔽姓名（模組 PLAN_SHARING）",
		Params: params(brandQuery, textParam("account", "受贈會員的電子信箱或手機號碼")), Answer: wire.PointShareInfo{}},
	"POST /api/user/pointShare": {Summary: "分享點數給品牌的另一位會員：同一交易內扣除與給予，不超過持有點數（模組 PLAN_SHARING）",
		Params: []param{headerParam("Idempotency-Key", "同一 key 重送只回覆第一次的結果").required()}, Body: wire.PointShareRequest{}, Answer: data.ShareResult{}},
	"GET /api/user/getNewposTicketList": {Summary: "票券服務品牌（isNewposStore）會員的票券，依狀態篩選、分頁",
		Params: params(brandQuery, textParam("status", "票券狀態"), pageParams), Answer: wire.NewposTicketList{}},
}

// notAPI are the registered patterns that are not the API, with the reason.
var notAPI = map[string]string{
	"GET " + renderer.AssetPrefix:           "hashed client bundles",
	"GET /healthz":                          "liveness probe (text)",
	"GET /readyz":                           "readiness probe (text)",
	"GET /metrics":                          "Prometheus metrics",
	"GET /_static/":                         "static files",
	"GET /favicon.ico":                      "static file",
	"GET /og-image.png":                     "static file",
	"GET /_img/{version}/{width}/{path...}": "resized images",
	"GET /robots.txt":                       "crawler document",
	"GET /sitemap.xml":                      "crawler document",
	"/":                                     "the pages (route table in routes.go)",
	apiNotFound:                             "the envelope's 404 for an unknown API path",
	"GET /api/openapi.json":                 "this document itself (dev only)",
	"POST /api/test/payment":                "dev only: settles a test order without a provider",
	"GET /dev/mailbox":                      "dev only: the development mailbox",
	"GET /dev/mailbox.json":                 "dev only: the development mailbox",
	"GET /dev/mailbox/{id}":                 "dev only: the development mailbox",
	"GET /dev/mailbox/{id}/attachments/{n}": "dev only: the development mailbox",
	"/dev/newebpay/":                        "dev only: NewebPay's local sandbox",
	"/dev/linepay/":                         "dev only: LINE Pay's local sandbox",
	"/dev/line/":                            "dev only: LINE Login's local sandbox",
	"/dev/line-bot/":                        "dev only: the LINE Messaging API's local sandbox",
	"/dev/ach/":                             "dev only: the ACH exchange's local sandbox",
	"/dev/chailease/":                       "dev only: Chailease's local sandbox",
	"/dev/ezpay/":                           "dev only: ezPay's e-invoice local sandbox (its page lists the invoices it issued)",
}
