package data

// Error codes: the spec's catalogue (section 8) and the few of ours, each
// with the Traditional Chinese message a visitor reads. Unknown codes have
// an empty message, as the spec says.
const (
	CodeAccountNotFound     = -10002
	CodeAccountNotFound2    = -10042
	CodeWrongPassword       = -10004
	CodeAlreadyRegistered   = -10005
	CodeWrongCode           = -10045
	CodeCodeExpired         = -10046
	CodeAppRegistered       = -10090
	CodeWrongToken          = -10047
	CodeResendTooSoon       = -10049
	CodeMemberNotFound      = -10050
	CodeLinkExpired         = -10051
	CodeBookingNotFound     = -60000002
	CodeBookingCancelled    = -60000007
	CodeBookingPastValidity = -60000006
	CodeBookingBoughtOnline = -60000008
	CodePastCancelTime      = -60000009
	CodeCoachClass          = -60000010
	CodeCheckedIn           = -60000011
	CodeCannotCancel        = -60000012
	CodeAccountDeleted      = -60000014
	CodeStoreNotFound       = -10040
	CodeOrderNotFound       = -78000000
	CodeTypeNotSupported    = -78000001
	CodeNotEnjoyCoupon      = -78000002

	// CodeBrandTerminated is the brand load's answer for a brand whose
	// service has ended (spec section 8).
	CodeBrandTerminated = -999999999
	// CodeBrandNotFound is the brand load's answer for an unknown brand
	// (spec section 8 names the code; its text is ours).
	CodeBrandNotFound = -10013

	// Codes of ours, outside the spec's catalogue.
	CodeBadRequest   = -1 // malformed or invalid input; the message says what
	CodeNotFound     = -2 // generic not found
	CodeInternal     = -3 // our fault
	CodeUnavailable  = -4 // overloaded or a dependency is down
	CodeItemOffShelf = -5 // item taken off the shelf
	CodeForbidden    = -6 // not allowed
	CodeDatabaseDown = -7 // the database cannot be reached: 503 with Retry-After

	// Codes of ours for members (issue 4).
	CodeLoginRequired    = -21 // no session: log in first
	CodeSessionInvalid   = -22 // the session is unknown, expired, revoked or of another brand or member
	CodeTooManyAttempts  = -23 // wrong passwords: wait (the message says how long)
	CodeMailFailed       = -24 // the mail could not be sent
	CodeCrossSiteRefused = -25 // a state-changing call from another site
)

var catalogue = map[int]string{
	CodeAccountNotFound:     "查無此帳號，請確認輸入的資料",
	CodeAccountNotFound2:    "查無此帳號，請確認輸入的資料",
	CodeWrongPassword:       "帳號或密碼錯誤",
	CodeAlreadyRegistered:   "此帳號已註冊，請重新登入",
	CodeWrongCode:           "驗證碼錯誤",
	CodeCodeExpired:         "驗證碼已過期，請點選重新發送",
	CodeAppRegistered:       "您已註冊或已驗證 App，請直接登入",
	CodeWrongToken:          "驗證碼錯誤，請重新取得驗證信",
	CodeResendTooSoon:       "請稍候再試，每次發送需間隔 3 分鐘",
	CodeMemberNotFound:      "查無此會員，請重新取得驗證信",
	CodeLinkExpired:         "連結已失效",
	CodeBookingNotFound:     "查無此預約紀錄",
	CodeBookingCancelled:    "此預約已取消",
	CodeBookingPastValidity: "預約失敗，課程時間超過票券效期",
	CodeBookingBoughtOnline: "此預約為線上購買，無法取消",
	CodePastCancelTime:      "已超過可取消預約的時間",
	CodeCoachClass:          "此預約為教練課，無法取消",
	CodeCheckedIn:           "已完成簽到，無法取消",
	CodeCannotCancel:        "此預約無法取消",
	CodeAccountDeleted:      "此帳號已刪除，該手機號碼無法再次使用",
	CodeStoreNotFound:       "查無此門市",
	CodeOrderNotFound:       "查無訂單資料",
	CodeTypeNotSupported:    "不支援此商品類型",
	CodeNotEnjoyCoupon:      "此訂單非享樂券",
	CodeBrandTerminated:     "此帳號已終止服務。",
	CodeBrandNotFound:       "查無此品牌",
	CodeBadRequest:          "資料格式錯誤",
	CodeNotFound:            "找不到資料",
	CodeInternal:            "伺服器發生錯誤，請稍後再試",
	CodeUnavailable:         "目前使用人數眾多，請稍後再試",
	CodeDatabaseDown:        "系統暫時無法提供服務，請稍後再試",
	CodeItemOffShelf:        "商品已下架",
	CodeForbidden:           "沒有權限執行此操作",
	CodeLoginRequired:       "請先登入會員",
	CodeSessionInvalid:      "登入已逾時，請重新登入",
	CodeTooManyAttempts:     "登入失敗次數過多，請稍後再試",
	CodeMailFailed:          "郵件寄送失敗，請稍後再試",
	CodeCrossSiteRefused:    "不接受來自其他網站的請求",
}

// Message returns the catalogue text of code, empty for an unknown code.
func Message(code int) string { return catalogue[code] }
