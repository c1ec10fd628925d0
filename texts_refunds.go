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
)

// TextMailRefundRejectedIntro says which item's refund the studio did not
// approve, and that it stays the member's.
func TextMailRefundRejectedIntro(item string) string {
	return "很抱歉，您的「" + item + "」退款申請未獲門市核准，此商品仍可繼續使用。如有疑問，請洽門市。"
}

// TextMailRefundedIntro says which item was refunded.
func TextMailRefundedIntro(item string) string {
	return "您的「" + item + "」已完成退款，此商品的使用權利已終止，未來以此商品預約的課程已為您取消。"
}
