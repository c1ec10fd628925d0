package storefront

import (
	"fmt"
	"time"
)

// ---- booking ----

// TextModuleClosed refuses a feature the brand has not switched on.
func TextModuleClosed(feature string) string { return "此品牌未開放" + feature }

// Features TextModuleClosed (and ModuleClosed) names, of every area.
const (
	TextFeatureBooking             = "課程預約"
	TextFeatureMultiBooking        = "一次預約多堂課程"
	TextFeatureWaitingList         = "候補名單"
	TextFeaturePrivateCoach        = "私人教練課程"
	TextFeatureMemberInfo          = "線上修改會員資料"
	TextFeatureAppPurchase         = "在 App 內購買"
	TextFeatureOnlinePasscard      = "線上購買通行卡"
	TextFeatureOnlineCustomerPoint = "線上購買儲值票券"
	TextFeatureJoinWithOtherBrand  = "以其他品牌的帳號加入"
)

// Texts of booking a session.
const (
	TextSessionNotFound  = "找不到此課程場次"
	TextChooseSchedule   = "請選擇要預約的課程場次 scheduleId"
	TextTooManySessions  = "一次最多預約 20 堂課程"
	TextBookedDirectly   = "已直接預約此課程" // why a waiting place ended
	TextEntryKindUnknown = "不支援此 QR Code 種類"
	TextNoTermClass      = "找不到此學期課程班別"
	TextPassNotFound     = "查無此計次卡或已過期"
	TextItemCannotBook   = "此方案無法用於預約這堂課"
	TextOrderOtherCourse = "這筆訂單購買的是其他課程的名額"
)

// Why an entitlement cannot pay for a session (rules.Refusal).
const (
	TextRefuseKind     = "此票券不適用於本課程"
	TextRefuseStore    = "此票券不適用於本門市"
	TextRefuseValidity = "課程日期超過票券效期"
	TextRefuseRemain   = "剩餘額度不足"
	TextRefuseInactive = "此卡尚未啟用或已停用"
)

// TextCannotPayWith refuses the entitlement the member chose, saying why.
func TextCannotPayWith(why string) string { return "無法使用此票券預約：" + why }

// Why a waiting member was skipped when a seat came free.
const (
	TextSkipMemberGone      = "會員已不存在"
	TextSkipEmailUnverified = "尚未完成電子信箱驗證"
	TextSkipBooked          = "您已預約此課程"
	TextSkipClash           = "您在此時段已有其他預約"
	TextSkipFrozen          = "您的會籍在上課日暫停中"
	TextSkipSuspended       = "您的線上預約因逾時取消或未到而暫停中"
	TextSkipNoEntitlement   = "沒有可用於此課程的票券或通行卡，或票券效期不涵蓋上課日"
)

// TextWeekdayShort names the weekdays in a session's time, by
// time.Weekday: 2026/12/01（二）19:00–20:00.
var TextWeekdayShort = [7]string{"日", "一", "二", "三", "四", "五", "六"}

// TextDate is t's date as a mail says it, in t's location: 2026/12/01（二）.
func TextDate(t time.Time) string {
	return fmt.Sprintf("%s（%s）", t.Format("2006/01/02"), TextWeekdayShort[t.Weekday()])
}

// TextCoach introduces a session's coach in its calendar event.
const TextCoach = "教練："

// TextClassLine is a session as a booking mail says it; coach may be empty.
func TextClassLine(course, when, store, coach string) string {
	line := "課程：" + course + "，時間：" + when + "，地點：" + store
	if coach != "" {
		line += "，教練：" + coach
	}
	return line + "。"
}

// Titles and introductions of the booking mails.
const (
	TextBookedTitle    = "預約成功"
	TextBookedIntro    = "您的課程預約已完成。"
	TextBookedICS      = "附件為行事曆檔案（.ics），可加入您的行事曆。"
	TextCancelledTitle = "預約已取消"
	TextCancelledIntro = "您的課程預約已取消，使用的票券額度已退回。"
	// TextLateCancelledIntro: a late cancel, the entitlement forfeited
	TextLateCancelledIntro = "您的課程預約已逾時取消，依課程規定，此次使用的票券額度不退還。"
	TextPromotedTitle      = "候補成功，已為您預約"
	TextPromotedIntro      = "有名額釋出，您已從候補名單自動完成預約。"
	TextSkippedTitle       = "候補未能遞補"
)

// TextCancelUntil is a booking mail's cancellation rule: online until when.
func TextCancelUntil(when string) string {
	return "如需取消，請於 " + when + " 前於線上取消；之後請洽門市。"
}

// TextLateCancelUntil is the rule of a course that allows late cancels:
// in time until when, after it until the start with the entitlement
// forfeited.
func TextLateCancelUntil(when string) string {
	return "如需取消，請於 " + when + " 前於線上取消；之後至開課前仍可線上取消，但此次使用的票券額度不退還。"
}

// TextNoCancelForfeit: booked already past the deadline of a course that
// allows late cancels.
const TextNoCancelForfeit = "此預約已超過取消期限，開課前仍可線上取消，但此次使用的票券額度不退還。"

// TextNoShowCounted: the course counts a booking not checked in by the
// end of the class as a no-show.
const TextNoShowCounted = "未於課程結束前完成簽到，將記為未到（No-show）。"

// TextSuspended refuses a booking while the member's online booking is
// suspended: why (strikes late cancels or no-shows within days days) and
// until when.
func TextSuspended(strikes, days int, until string) string {
	return fmt.Sprintf("您在 %d 天內已有 %d 次逾時取消或未到，線上預約暫停至 %s。如有疑問請洽門市。", days, strikes, until)
}

// Why a booking cannot be cancelled online, as its mail says.
const (
	TextNoCancelLate   = "此預約已超過線上取消期限，無法於線上取消，如需取消請洽門市。"
	TextNoCancelBought = "單堂購買的預約無法於線上取消，如需取消請洽門市。"
	TextNoCancelCoach  = "私人教練課程的預約無法於線上取消，如需取消請洽門市。"
)

// The waiting-list mail: joined, with the place.
const TextWaitingTitle = "已加入候補名單"

// TextWaitingIntro tells a member their place on a waiting list.
func TextWaitingIntro(position int) string {
	return fmt.Sprintf("您已加入候補名單，目前為第 %d 位。有名額釋出時，將依序自動為您預約並以電子郵件通知。", position)
}

// TextSkippedIntro tells a waiting member why the free seat was not theirs.
func TextSkippedIntro(reason string) string {
	return "有名額釋出，但因「" + reason + "」無法為您自動預約，您已離開候補名單。"
}

// Texts of the counting passcards (minutes cards).
const (
	TextNoChargingSetting    = "此品牌尚未設定分鐘卡的計費方式"
	TextCountingCardNotFound = "找不到這張分鐘卡"
	TextCountingBooking      = "預約："      // a booking in a card's history, before the course's name
	TextOverdueSettled       = "補繳欠費"     // a paid debt in a card's history
	TextOverduePrefix        = "分鐘卡欠費補繳：" // the order line paying a card's debt, before the card's name
)

// The class reminder's introduction: the class is coming.
const TextReminderIntro = "提醒您，您預約的課程即將開始。"

// TextReminderCancelUntil tells a reminded member until when the mail's
// button cancels the booking.
func TextReminderCancelUntil(when string) string {
	return "如無法出席，請於 " + when + " 前點選下方按鈕取消預約，釋出名額給其他會員。"
}
