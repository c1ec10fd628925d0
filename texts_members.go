package storefront

import "fmt"

// The texts of the members' flows (registration, sessions, passwords,
// point shares) and of the host's calls for them (see texts.go).

// ---- members ----

// The refusals of a registration and of an account's fields.
const (
	TextAcceptTerms       = "請先閱讀並同意服務條款與隱私權政策"
	TextBadEmail          = "電子信箱格式不正確"
	TextPasswordNotDigest = "密碼須以 MD5 雜湊後傳送（32 位十六進位字元）"
	TextSignInClosed      = "此品牌未開放網站會員登入，請使用品牌的 App"
	TextNoMailer          = "郵件服務尚未設定，請聯絡商店"
	TextResendTypes       = "type 須為 verify 或 forgotPassword"
)

// TextUnknownCustomField is a custom field the brand has not, by its key.
func TextUnknownCustomField(key string) string { return "不明的自訂欄位：" + key }

// TextLoginWaitSeconds and TextLoginWaitMinutes tell a caller the login
// throttle holds how long to wait.
func TextLoginWaitSeconds(secs int) string {
	return fmt.Sprintf("登入失敗次數過多，請於 %d 秒後再試", secs)
}

// TextLoginWaitMinutes: see TextLoginWaitSeconds.
func TextLoginWaitMinutes(mins int) string {
	return fmt.Sprintf("登入失敗次數過多，請於 %d 分鐘後再試", mins)
}

// TextFeaturePointSharing is plan sharing, as TextModuleClosed names it.
const TextFeaturePointSharing = "點數分享"

// The refusals of a point share.
const (
	TextShareAccount      = "請輸入對方的電子信箱或手機號碼"
	TextShareToSelf       = "不能分享點數給自己"
	TextShareTicketID     = "請選擇要分享的點數票券 ticketId"
	TextSharePoints       = "分享點數 points 需為正整數"
	TextNoShareableTicket = "查無可分享的點數票券"
)

// TextNeedIdempotencyKey asks for the header Idempotency-Key of up to max
// characters.
func TextNeedIdempotencyKey(max int) string {
	return fmt.Sprintf("請提供 Idempotency-Key（最長 %d 個字元）", max)
}

// The ticket service's list.
const (
	TextTicketServiceClosed = "此品牌未使用票券服務"
	TextLabelTicketStatus   = "票券狀態 status "
	TextLabelPageNumberKey  = "頁碼 pageNumber "
	TextLabelPageSizeKey    = "每頁筆數 pageSize "
	TextTicketStatuses      = "票券狀態 status 需為 active、notActive、expired 或 usedUp"
)

// The refusals of a JSON request body.
const (
	TextBodyMissing = "缺少資料：請傳送 JSON 物件"
	TextBodyBad     = "資料格式錯誤：請傳送 JSON 物件"
)

// TextBodyTooLarge is a body past its limit of kb KB.
func TextBodyTooLarge(kb int64) string { return fmt.Sprintf("資料過大（上限 %d KB）", kb) }

// TextFieldType is a body field of the wrong JSON type.
func TextFieldType(field string) string {
	return fmt.Sprintf("欄位 %s 的資料型別不正確", field)
}

// The page of a LINE login refused at its callback (its reason is the
// code's text).
const (
	TextLineFailedTitle = "LINE 登入失敗"
	TextLineBackToShop  = "回到商店首頁"
)

// ---- membership freezes ----

// The refusals of a freeze request and of a decision.
const (
	TextFreezeRejectNote = "不核准時請說明原因"
	// TextFreezeNotRunning refuses ending early a freeze that is not
	// approved and running (requested, rejected, ended).
	TextFreezeNotRunning = "這筆暫停會籍不在進行中，無法提前結束"
)

// TextFreezeEndOn refuses an early end's day: the first day the
// membership runs again must be after the freeze's first day start, no
// later than its last day end, and not in the past.
func TextFreezeEndOn(start, end string) string {
	return fmt.Sprintf("恢復日須晚於暫停開始日 %s、不晚於暫停結束日 %s，且不可早於今天", start, end)
}

// The mail of a freeze the studio ended early.
const (
	TextMailFreezeEndedTitle = "暫停會籍提前結束通知"
	TextMailFreezeEndedOutro = "會籍到期日已依實際暫停天數調整；定期定額方案自恢復日起繼續扣款，恢復後即可預約課程。"
)

// TextMailFreezeEndedIntro says that the freeze now runs from start to
// end only.
func TextMailFreezeEndedIntro(start, end string) string {
	return fmt.Sprintf("門市已提前結束您的暫停會籍：實際暫停期間為 %s 至 %s。", start, end)
}

// TextFreezeEvidenceLong refuses a note longer than n characters.
func TextFreezeEvidenceLong(n int) string { return fmt.Sprintf("說明請在 %d 字以內", n) }

// The decision's mail.
const (
	TextMailFreezeApprovedTitle = "暫停會籍申請已核准"
	TextMailFreezeRejectedTitle = "暫停會籍申請未核准"
	TextMailFreezeApprovedOutro = "暫停期間不會扣款，也無法預約課程；會籍到期日已依暫停天數順延。"
	TextFreezeDays              = "暫停期間"
	TextFreezeReasonLabel       = "原因"
	TextFreezeNoteLabel         = "店家說明"
)

// TextMailFreezeIntro says the decision on a freeze from start to end.
func TextMailFreezeIntro(approved bool, start, end string) string {
	if approved {
		return fmt.Sprintf("您申請 %s 至 %s 暫停會籍，已經核准。", start, end)
	}
	return fmt.Sprintf("您申請 %s 至 %s 暫停會籍，未獲核准。", start, end)
}

// TextFreezeReasons are the reasons' names (rules.FreezeReasons).
var TextFreezeReasons = map[string]string{
	"abroad":    "出國逾一個月",
	"injury":    "受傷或疾病",
	"pregnancy": "懷孕或育嬰",
	"military":  "服兵役",
	"transfer":  "工作調職或遷居",
	"voluntary": "自願暫停",
}

// TextNotifyBadChoice refuses a notification kind or channel that does
// not exist.
const TextNotifyBadChoice = "通知的種類或接收方式不正確"
