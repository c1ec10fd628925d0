package storefront

import "fmt"

// ---- mail ----

// TextHours and TextMinutes say how long a link or code lasts.
func TextHours(n int) string { return fmt.Sprintf("%d 小時", n) }

// TextMinutes: see TextHours.
func TextMinutes(n int) string { return fmt.Sprintf("%d 分鐘", n) }

// The mail that verifies a member's e-mail address.
const (
	TextMailVerifyTitle  = "請驗證您的電子信箱"
	TextMailVerifyButton = "驗證電子信箱"
	TextMailVerifyOutro  = "如果您沒有註冊，請忽略此信件。"
)

// TextMailVerifyIntro welcomes a new member of brand.
func TextMailVerifyIntro(brand string) string {
	return fmt.Sprintf("感謝您註冊成為 %s 的會員。請點選下方按鈕完成電子信箱驗證，驗證後才能收到預約與購買的通知信。", brand)
}

// TextMailVerifyValidFor says how long (TextHours, TextMinutes) the link
// and code last.
func TextMailVerifyValidFor(d string) string {
	return fmt.Sprintf("連結與驗證碼在 %s內有效。", d)
}

// The mail of a forgotten password.
const (
	TextMailResetTitle  = "重設密碼"
	TextMailResetIntro  = "我們收到了您重設密碼的申請。請在忘記密碼視窗輸入下方驗證碼，或點選按鈕設定新密碼。"
	TextMailResetButton = "設定新密碼"
	TextMailResetOutro  = "如果您沒有申請重設密碼，請忽略此信件，您的密碼不會改變。"
)

// TextMailResetValidFor says how long the link and code last, and that
// they work once.
func TextMailResetValidFor(d string) string {
	return fmt.Sprintf("連結與驗證碼在 %s內有效，使用一次後即失效。", d)
}

// The mail of a paid order.
const (
	TextMailReceiptTitle  = "付款成功通知"
	TextMailReceiptButton = "查看訂單"
	TextMailReceiptOutro  = "購買的項目已存入會員中心。"
)

// TextMailReceiptIntro thanks the buyer of order orderNo.
func TextMailReceiptIntro(orderNo string) string {
	return fmt.Sprintf("感謝您的購買！訂單 %s 已付款完成，明細如下：", orderNo)
}

// The end of every booking mail (its titles are booking's).
const (
	TextMailBookingButton = "查看我的預約"
	TextMailBookingOutro  = "如需協助，請直接聯絡門市。"
	// the class reminder: its title and the button of its cancel link
	TextMailReminderTitle        = "課程提醒"
	TextMailReminderCancelButton = "取消這堂預約"
)

// The mail of a contract just signed.
const (
	TextMailContractTitle  = "電子合約簽署完成"
	TextMailContractButton = "查看我的合約"
	TextMailContractOutro  = "請妥善保存本合約。"
)

// TextMailContractIntro names the contract signed.
func TextMailContractIntro(title string) string {
	return fmt.Sprintf("您已完成「%s」的簽署，合約 PDF 檔附於本信，明細如下：", title)
}

// The mails of a recurring card payment: a declined period, a period
// charged twice and refunded.
const (
	TextMailRecurringFailedTitle   = "定期定額扣款失敗通知"
	TextMailChangeCardButton       = "更換信用卡"
	TextMailRecurringFailedOutro   = "更換信用卡後，系統會立即重新扣款本期費用並恢復您的會員資格。"
	TextMailRecurringRefundedTitle = "定期定額重複扣款退款通知"
	TextMailRecurringRefundedOutro = "退款入帳時間依發卡銀行作業而定，通常為 7 至 14 個工作天。"
)

// The notice of a recurring plan about to renew (定期定額續扣通知): its
// button opens the member centre, where the plan is ended (我的訂單,
// 申請退款) or the membership frozen (暫停會籍).
const (
	TextMailRenewalTitle  = "定期定額續扣通知"
	TextMailRenewalButton = "前往會員中心"
	TextMailRenewalOutro  = "暫停會籍須經門市審核（七個工作天內），核准後暫停期間不扣款，會籍到期日依暫停天數順延。"
)

// TextMailRenewalIntro names the plan, the day, the period and the amount
// of the coming charge, and how to end or freeze the plan before it.
func TextMailRenewalIntro(item, day string, period int, amount string) string {
	return fmt.Sprintf("您的「%s」將於 %s 以信用卡自動扣款第 %d 期 %s。"+
		"如不再續約，請於扣款日前至會員中心「我的訂單」申請退款以終止方案，送出後即不再扣款；如需暫停，請至會員中心「暫停會籍」提出申請。明細如下：",
		item, day, period, amount)
}

// TextMailRecurringFailedIntro names the item and the period declined.
func TextMailRecurringFailedIntro(item string, period int) string {
	return fmt.Sprintf("您的「%s」第 %d 期信用卡扣款未成功，會員資格將於已付款期間結束後暫停。明細如下：", item, period)
}

// TextMailRecurringRefundedIntro names the item and the period charged twice.
func TextMailRecurringRefundedIntro(item string, period int) string {
	return fmt.Sprintf("您更換信用卡期間，「%s」第 %d 期被重複扣款。我們已將重複的那一筆全額退回原扣款的信用卡，本期仍只計一次。明細如下：", item, period)
}
