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
)

// ---- end checkout ----
