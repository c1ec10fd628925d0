package storefront

// The texts of the checkout flows and of the order files of data (see
// texts.go).

import "fmt"

// ---- checkout ----

// The refusals of an order in a state that cannot take what was asked.
const (
	TextOrderPaid      = "此訂單已付款完成"
	TextOrderFailed    = "此訂單付款失敗，請重新結帳"
	TextOrderCancelled = "此訂單已取消，請重新結帳"
	TextOrderExpired   = "此訂單已逾時，請重新結帳"
	TextConfirming     = "付款確認中，請稍候"
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
	TextChargeDay       = "扣款日期"
	TextDuplicatePeriod = "重複扣款期數"
	TextRefundAmount    = "退款金額"
)

// TextPeriodOf is a period of a plan of periods: 第 3 期（共 12 期）.
func TextPeriodOf(period, periods int) string {
	return fmt.Sprintf("第 %d 期（共 %d 期）", period, periods)
}

// The payment ways, as the checkout offers them.
const (
	TextWayCard      = "信用卡"
	TextWayRecurring = "信用卡定期定額"
	TextWayACH       = "ACH 銀行帳戶扣款"
	TextWayChailease = "中租零卡分期"
)

// Precheck's refusals.
const (
	TextNoItem           = "請指定要購買的商品（itemType、itemId）"
	TextNoCourse         = "請指定要購買的課程（courseId）"
	TextCourseNotInStore = "此課程未於所選門市開課"
	TextNoSuchSession    = "所選的上課時段已結束或不存在"
	TextKindUnknown      = "不支援的購買類型："
	TextVerifyEmailFirst = "請先完成電子信箱驗證再購買"
	TextContactMissing   = "請先填寫聯絡資料：%s"
	TextNoSalesman       = "找不到所選的銷售人員"
	TextTrialOnce        = "體驗方案每位會員限購一次"
	TextUnknownAction    = "不明的檢查項目 action（可用：%s）"
	TextChoosePayWay     = "請選擇付款方式"
	TextACHNeedsForm     = "ACH 扣款請填寫授權資料後送出"
	TextRecurringOne     = "定期定額每筆訂單限購一份"
	TextPriceChanged     = "商品價格已變更為 NT$%s，請重新確認後再結帳"
)

// Term classes and overdue counting passcards.
const (
	TextNoTrial         = "此班別不提供體驗課"
	TextNoClass         = "請指定班別 scheduleId"
	TextTermNotStarted  = "此學期尚未開始，請直接報名整期課程"
	TextNoTermAndClass  = "請指定學期課程 termScheduleId 與班別 scheduleId"
	TextTermOneSeat     = "學期課程每次報名一位"
	TextClassNotInStore = "此班別未於所選門市開課"
	TextTrialSuffix     = "（體驗課）"
	TextNoOverdueCard   = "請指定要補繳的分鐘卡 countingPasscardId"
	TextOverdueOneCard  = "欠費每次補繳一張卡"
	TextProRata         = "學期已開始：剩餘 %d／%d 堂，依比例計價 NT$%s（元以下捨去）"
)

// The providers' answers as the buyer reads them.
const (
	TextOrderPrefix        = "訂單 "
	TextLinePayNotDone     = "LINE Pay 付款未完成（%s）"
	TextChaileaseDeclined  = "中租零卡分期未核准："
	TextACHUnavailable     = "銀行暫時無法受理扣款授權"
	TextACHNotTaken        = "銀行未受理扣款授權（%s）"
	TextOldMandateNotEnded = "舊的信用卡委託未能終止"
	TextNoCardChange       = "找不到這筆信用卡變更"
	TextNoACHMandate       = "找不到此筆 ACH 授權"
)

// TextACHAgreement is the ACH debit agreement a member accepts (its hash
// names this exact text: checkout.ACHAgreementHash).
const TextACHAgreement = `ACH 授權扣款約定書

一、立約定書人（以下稱「本人」）同意本商店委託往來銀行，透過財金資訊股份有限公司及台灣票據交換所之自動化交換（ACH）作業，自本人所填寫之銀行帳戶扣繳本筆訂單款項。
二、本人所填寫之銀行代碼、分行代碼、帳號、戶名及身分證字號（或居留證號）均屬正確，且為本人之帳戶或已取得帳戶所有人之同意。
三、扣款授權須經扣款銀行核對後生效，核對期間約需二至五個營業日；銀行核准並扣款成功後，訂單始完成付款，本人方取得所購買之商品。銀行未核准時，訂單不成立，本商店不會扣款。
四、以 ACH 付款之「首次預約啟用」及「首次到課啟用」商品，如購買日起二十九日內未使用，將自第二十九日起自動啟用；「自訂開始日期」之商品，開始日期須於購買日起三十日內。
五、帳號及身分證字號以加密方式保存，僅供本筆扣款授權使用，畫面上僅顯示遮蔽後之內容。
六、本人如需終止授權或對扣款有疑義，得洽詢本商店或往來銀行辦理。`

// ---- end checkout ----
