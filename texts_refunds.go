package storefront

import "fmt"

// Refunds: what a member reads when they leave a contract, and what the
// operator's refund command says.

// TextRefundFeeCap refuses a fee above point 7's ceiling.
func TextRefundFeeCap(most int) string {
	return fmt.Sprintf("手續費不得超過退款金額的百分之二十（最多 NT$%d）", most)
}

// Refusals of a refund request or decision.
const (
	TextRefundNotPaid     = "這筆訂單尚未付款，無法申請退款"
	TextRefundAtStore     = "這筆訂單無法於線上退款，請洽門市辦理"
	TextRefundNothing     = "這筆訂單已沒有可退還的金額"
	TextRefundNotOpen     = "這筆退款已處理，無法再變更"
	TextRefundNoFee       = "七日內解約全額退費，不得收取手續費"
	TextRefundNotFound    = "找不到這筆退款"
	TextRefundCoolingOff  = "七日內解約"
	TextRefundTermination = "終止契約退費"
	TextMailRefundedTitle = "退款完成通知"
	// TextMailRefundRejectedTitle and TextRefundRejectedReason: the mail
	// of a refund the studio did not approve.
	TextMailRefundRejectedTitle = "退款申請未核准通知"
	TextRefundRejectedReason    = "門市說明"
	TextRefundKind              = "退款方式"
	TextRefundFee               = "手續費"
	// TextRefundPlan and TextRefundPlanEnded: the row of a recurring
	// plan's refund mail saying its charges ended.
	TextRefundPlan      = "定期定額"
	TextRefundPlanEnded = "已終止，不會再扣款"
	// The refunds a studio makes outside the storefront (an ACH debit by
	// bank transfer, Chailease instalments by cancelling the contract):
	// the operator's command's refusals, and the mail's row.
	TextRefundOutsideNeeded = "這筆訂單須由門市自行退款（ACH 以銀行轉帳、中租分期向中租迪和取消），退款完成後請以 --paid-outside 登錄參考編號"
	TextRefundNotOutside    = "這筆訂單由系統向金流退款，不可登錄門市自行退款"
	TextRefundOutsideRef    = "退款參考編號須為 64 字元以內，且不得含控制字元"
	TextRefundOutside       = "退款說明"
)

// TextRefundOutsideHow says how the studio refunded outside the
// storefront (transfer: to the member's bank account; else: the
// instalment contract cancelled at Chailease) under reference ref.
func TextRefundOutsideHow(transfer bool, ref string) string {
	if transfer {
		return "門市已以銀行轉帳退款至您的帳戶（參考編號 " + ref + "）"
	}
	return "門市已向中租迪和取消分期契約，已繳款項由中租迪和退還（參考編號 " + ref + "）"
}

// TextMailRefundRejectedIntro says which item's refund the studio did not
// approve, and that it stays the member's.
func TextMailRefundRejectedIntro(item string) string {
	return "很抱歉，您的「" + item + "」退款申請未獲門市核准，此商品仍可繼續使用。如有疑問，請洽門市。"
}

// TextMailRefundedIntro says which item was refunded.
func TextMailRefundedIntro(item string) string {
	return "您的「" + item + "」已完成退款，此商品的使用權利已終止，未來以此商品預約的課程已為您取消。"
}
