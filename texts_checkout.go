package storefront

// The texts of the checkout flows and of the order files of data (see
// texts.go).

// ---- checkout ----

// The refusals of an order in a state that cannot take what was asked.
const (
	TextOrderPaid      = "此訂單已付款完成"
	TextOrderFailed    = "此訂單付款失敗，請重新結帳"
	TextOrderCancelled = "此訂單已取消，請重新結帳"
	TextOrderExpired   = "此訂單已逾時，請重新結帳"
	TextConfirming     = "付款確認中，請稍候"
	TextNotBuilt       = "此功能尚未開放"
	TextRowRefused     = "此筆紀錄目前的狀態不能進行這項操作"
	TextNotDue         = "訂單尚未逾時"
)

// The refusals of a provider's payment.
const (
	TextAmountMismatch   = "付款金額與訂單金額不符"
	TextProviderMismatch = "付款方式與訂單不符"
	TextBadMessage       = "付款結果驗證失敗"
	TextProviderDown     = "付款服務暫時無法使用，請稍後再試"
	TextPaymentNotDone   = "付款未成功，請重新付款"
)

// Recurring and ACH orders.
const (
	TextTooManyMandates  = "此訂單的信用卡委託次數已達上限，請聯絡店家"
	TextMandateNotActive = "委託尚未成立"
	TextPeriodOutside    = "期數 %d 不在委託範圍內"
	TextPeriodNoMismatch = "委託單號與訂單不符"
	TextMandateAnswered  = "此筆 ACH 授權已有銀行回覆"
	TextACHRejected      = "銀行未核准扣款授權："
)

// The rows of the purchase mails.
const (
	TextOrderNumber     = "訂單編號"
	TextPayWay          = "付款方式"
	TextPaidAmount      = "付款金額"
	TextChargedPeriod   = "扣款期數"
	TextPeriodN         = "第 %d 期"
	TextChargedAmount   = "扣款金額"
	TextDuplicatePeriod = "重複扣款期數"
	TextRefundAmount    = "退款金額"
)

// ---- end checkout ----
