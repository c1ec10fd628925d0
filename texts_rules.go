package storefront

import "fmt"

// ---- rules ----

// Refusals of a field's value (rules.CheckField, rules.Name), by its label.

// TextRequired asks for a required field.
func TextRequired(label string) string { return "請填寫" + label }

// TextNotADate refuses a date that is none.
func TextNotADate(label string) string { return label + "不是有效的日期" }

// TextBadChoice refuses a value outside the field's options.
func TextBadChoice(label string) string { return label + "的選項不正確" }

// TextBadFormat refuses a phone number or e-mail address.
func TextBadFormat(label string) string { return label + "格式不正確" }

// TextUnknownField refuses a field of a type the rules do not know.
func TextUnknownField(label string) string { return label + "的欄位類型不支援" }

// TextTooLong refuses a text longer than max characters.
func TextTooLong(label string, max int) string { return fmt.Sprintf("%s最多 %d 個字", label, max) }

// TextMisleading refuses a text with characters that make it read
// otherwise than it is stored.
func TextMisleading(label string) string {
	return label + "不可包含換行、控制字元或文字方向控制字元"
}

// Labels of the fields the rules check themselves.
const (
	TextMemberName = "姓名"
	TextHolderName = "戶名" // of an ACH authorisation's bank account
)

// Refusals of an ACH authorisation form (rules.CheckACHForm).
const (
	TextBankCode     = "銀行代碼需為 3 位數字"
	TextBranchCode   = "分行代碼需為 4 位數字"
	TextAccountDigit = "帳號只能填數字"
	TextIDFormat     = "身分證字號或居留證號格式不正確"
	TextIDCheckDigit = "身分證字號或居留證號檢查碼不正確"
)

// TextAccountLength refuses an account number of the wrong length.
func TextAccountLength(min, max int) string {
	return fmt.Sprintf("帳號需為 %d 至 %d 位數字", min, max)
}

// TextQuantityRange refuses a quantity outside 1 to max.
func TextQuantityRange(max int) string { return fmt.Sprintf("購買數量需為 1 至 %d", max) }

// TextNoSessionsLeft: a term class with no session left to join.
const TextNoSessionsLeft = "此班別已無剩餘堂數可報名"

// TextDayFormat refuses s, which is no YYYY-MM-DD date.
func TextDayFormat(s string) string { return fmt.Sprintf("日期格式需為 YYYY-MM-DD：%q", s) }

// TextChooseStart asks the buyer for a start date within days.
func TextChooseStart(days int) string {
	return fmt.Sprintf("請選擇開始日期（%d 天內）", days)
}

// TextStartBeforeToday refuses a start date before today.
func TextStartBeforeToday(today string) string {
	return "開始日期不可早於今天（" + today + "）"
}

// TextStartTooLate refuses a start date later than days ahead (last).
func TextStartTooLate(days int, last string) string {
	return fmt.Sprintf("開始日期需在 %d 天內（最晚 %s）", days, last)
}

// TextWeekdays name the weekdays, by time.Weekday.
var TextWeekdays = [7]string{"週日", "週一", "週二", "週三", "週四", "週五", "週六"}

// Refusals of a membership freeze request (rules.CheckFreeze).
const (
	TextFreezeReason        = "請選擇暫停會籍的原因"
	TextFreezeDates         = "暫停的結束日不可早於開始日"
	TextFreezePast          = "暫停的開始日不可早於今天"
	TextFreezeEvidence      = "請說明暫停的原因並提供證明（例如出國行程、診斷證明、兵單或調職通知）"
	TextFreezeAbroadShort   = "因出國暫停會籍，須出國逾一個月"
	TextFreezeNoVoluntary   = "本商店未提供自願暫停會籍"
	TextFreezeVoluntaryUsed = "今年的自願暫停次數已用完"
)

// TextFreezeAbroadLong refuses an abroad freeze longer than the brand's
// cap of months.
func TextFreezeAbroadLong(months int) string {
	return fmt.Sprintf("因出國暫停會籍，最長 %d 個月", months)
}

// TextFreezeVoluntaryDays refuses a voluntary freeze outside the brand's
// minimum and maximum days.
func TextFreezeVoluntaryDays(min, max int) string {
	return fmt.Sprintf("自願暫停會籍須為 %d 至 %d 天", min, max)
}
