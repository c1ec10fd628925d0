package storefront

import "fmt"

// ---- host ----

// The host's texts: its answers to bad requests and refusals, the labels
// of the query parameters and fields it checks, and its plain-text pages.

// Labels of query and path parameters, as bad-request answers name them.
const (
	TextLabelCategory        = "課程類別"
	TextLabelItem            = "商品代碼"
	TextLabelQuantity        = "購買數量"
	TextLabelCountingCard    = "分鐘卡代碼"
	TextLabelCourse          = "課程代碼"
	TextLabelDate            = "日期"
	TextLabelEndDate         = "結束日期"
	TextLabelHoldingID       = "票券代碼 holdingId "
	TextLabelKeyword         = "關鍵字"
	TextLabelPageNumber      = "頁碼"
	TextLabelPageSize        = "每頁筆數"
	TextLabelSchedule        = "課程場次代碼"
	TextLabelSession         = "場次代碼"
	TextLabelStartDate       = "開始日期"
	TextLabelStore           = "門市"
	TextLabelTeacher         = "老師"
	TextLabelTeachersPerItem = "每項老師數"
	TextLabelTermClass       = "班別代碼"
	TextLabelTermClassID     = "班別代碼 scheduleId "
	TextLabelTermSchedule    = "學期課程代碼"
	TextLabelTermScheduleID  = "學期課程代碼 termScheduleId "
)

// Bad values of a query or body.
const (
	TextAcceptPurchaseTerms = "請先閱讀並同意購買條款"
	TextBadForm             = "資料格式錯誤"
	TextNoBrandGiven        = "請指定品牌（brandId）"
	TextBadChangeOrderNo    = "changeOrderNo 格式錯誤"
	TextItemTypeUnsupported = "不支援的商品類型："
	TextDateRangeReversed   = "開始日期不可晚於結束日期"
	TextDateRangeTooLong    = "日期區間最長一年"
	TextBadDataChars        = "資料含有無效的字元"
	TextNoBrandID           = "缺少品牌代碼 brandId"
	TextNoBookingID         = "請提供預約代碼 bookingId"
	TextNoCourseID          = "請提供課程代碼 courseId"
	TextNoScheduleID        = "請提供課程場次代碼 scheduleId"
	TextBadScheduleID       = "課程場次代碼 scheduleId 格式錯誤"
	TextBadScheduleIDs      = "課程場次代碼 scheduleIds 格式錯誤"
	TextNoScheduleFilter    = "請提供課程代碼 courseId、門市 storeId 或場次代碼 scheduleId"
	TextNoTermClassIDs      = "請提供學期課程代碼 termScheduleId 與班別代碼 scheduleId"
	TextClassNeedsTerm      = "查詢班別需一併提供學期課程代碼 termScheduleId"
	TextNoCountingCardID    = "請提供分鐘卡代碼 id"
	TextNoScannerBrand      = "請提供掃描器所屬品牌 brandId"
	TextBookingStatuses     = "狀態 status 需為 booked、cancelled 或 attended"
	TextPaymentKinds        = "付款方式 payment.kind 需為 passcard、ticket 或 timing"
	TextBadPaymentHoldingID = "付款方式 payment.holdingId 格式錯誤"
	TextWaitingActions      = "action 需為 leave（離開候補名單）"
	TextHoldingQRKinds      = "QR Code 種類 kind 需為 quantityPasscard 或 timingCard"
)

// TextBadValue is a parameter's bad value, by its label.
func TextBadValue(label string) string { return label + "格式錯誤" }

// TextBadDate is a parameter's bad date, by its label.
func TextBadDate(label string) string {
	return label + "格式錯誤，請使用 YYYY-MM-DD 格式的日期"
}

// TextIntRange is a parameter's integer outside lo..hi, by its label.
func TextIntRange(label string, lo, hi int) string {
	return fmt.Sprintf("%s需為 %d 到 %d 的整數", label, lo, hi)
}

// TextTextTooLong is a parameter's text past max characters, by its label.
func TextTextTooLong(label string, max int) string {
	return fmt.Sprintf("%s最多 %d 個字", label, max)
}

// TextBadParamChars is a query parameter's name holding invalid characters.
func TextBadParamChars(name string) string {
	return fmt.Sprintf("參數 %s 含有無效的字元", name)
}

// TextBadFieldChars is a body field (its path) holding invalid characters.
func TextBadFieldChars(path string) string {
	return fmt.Sprintf("欄位 %s 含有無效的字元", path)
}

// TextKeyTooLong is an Idempotency-Key past max characters.
func TextKeyTooLong(max int) string { return fmt.Sprintf("Idempotency-Key 最長 %d 個字元", max) }

// TextItemTypeUnknown is an item type the catalogue has not.
func TextItemTypeUnknown(t string) string { return "不支援的商品類型：" + t }

// TextCustomFieldTypeUnknown is a custom-field target type there is not.
func TextCustomFieldTypeUnknown(t string) string { return "不支援的自訂欄位類型：" + t }

// Refusals and what was not found.
const (
	TextPassNotUsable       = "查無此計次卡或已無可用次數"
	TextOwnAccountOnly      = "只能檢查目前登入會員自己的帳號"
	TextCheckInOff          = "此品牌未開放線上簽到"
	TextQRCheckInOff        = "此品牌未開放 QR Code 簽到"
	TextHoldingQROff        = "此品牌未開放此 QR Code"
	TextScannerUnauthorized = "掃描器未授權"
	TextPageNotFound        = "找不到頁面"
	TextMethodNotAllowed    = "不支援此請求方法"
	TextURLTooLong          = "網址過長"
	TextImageUnprocessable  = "圖片無法處理"
)

// The development mailbox's page.
const (
	TextDevMailbox             = "開發用信箱"
	TextDevMailboxIntro        = "未設定 SMTP_HOST 時，開發環境寄出的會員信件都在這裡（僅保留最近 200 封，重新啟動後清空）。"
	TextDevMailboxEmpty        = "目前沒有信件。"
	TextDevMailboxTo           = "收件人："
	TextDevMailboxTaipei       = "（台北時間）"
	TextDevMailboxLoopbackOnly = "開發用信箱僅限本機存取"
)
