package storefront

// Every Traditional Chinese text Go sends, by area, one contiguous block
// per area ("---- area ----"): here the error codes' texts and the smaller
// areas, in texts_<area>.go the larger ones. texts_test.go keeps them
// here.

// ---- codes ----

// codeTexts are the texts of the error catalogue (spec section 8) and of
// our own codes (codes.go), as a visitor reads them.
var codeTexts = map[int]string{
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
	CodePriceChanged:        "商品價格已變更，請重新確認後再結帳",
	CodeQuantityNotAllowed:  "購買數量不符合限制",
	CodeContactIncomplete:   "請先完成聯絡資料",
	CodePlanNotEnabled:      "此品牌尚未開放方案購買",
	CodePaymentFailed:       "付款失敗，請重新付款",
	CodePayWayNotAccepted:   "此門市不支援這個付款方式",
	CodeOrderExpired:        "此訂單已無法付款，請重新結帳",
	CodeContractUnsigned:    "請先簽署電子合約",
	CodeNotSoldInStore:      "此商品未於所選門市販售",
	CodeSessionFull:         "此課程名額已滿",
	CodeBookingClosed:       "目前不在此課程的開放預約時間內",
	CodeNoEntitlement:       "您沒有可用於此課程的票券或通行卡",
	CodeTimeConflict:        "您在此時段已有其他預約",
	CodeEmailNotVerified:    "請先完成電子信箱驗證再預約課程",
	CodeNotWaiting:          "您不在此課程的候補名單中",
	CodeNotFull:             "此課程尚有名額，請直接預約",
	CodeAlreadyBooked:       "您已預約此課程",
	CodeCheckInClosed:       "目前不在此課程的簽到時間內",
	CodeCheckInInvalid:      "簽到條碼無效或已過期，請重新整理後再試",
	CodeContractNotFound:    "查無此電子合約",
	CodeContractOutdated:    "電子合約內容已更新，請重新閱讀後再簽署",
	CodeContractSigned:      "您已簽署此電子合約",
	CodeSignatureInvalid:    "簽名圖檔格式錯誤，請重新簽名",
	CodeLinkTokenInvalid:    "連結或條碼無效或已過期",
	CodeNotRecurring:        "找不到這筆定期定額訂單",
	CodeRecurringDone:       "此訂單的定期定額已全部扣款完成，無需更換信用卡",
	CodeNotPaymentFailed:    "此訂單目前沒有扣款失敗的期數",
	CodeOperatorOnly:        "此功能僅限店家管理人員使用",
	CodeRecurringNotOffered: "此商品不提供信用卡定期定額付款",
	CodeACHInvalid:          "ACH 授權資料有誤，請檢查後再送出",
	CodeACHAgreement:        "請先閱讀並同意 ACH 授權扣款約定書",
	CodeACHRefused:          "銀行未受理此筆扣款授權，請確認帳戶資料或改用其他付款方式",
	CodeInstalmentsWrong:    "分期期數不正確，請重新選擇",
	CodeAwaitingBank:        "此訂單正在等待銀行回覆扣款授權",
	CodeTermFull:            "此班別名額已滿",
	CodeTrialUsed:           "您已體驗過此學期課程，體驗課每位會員限一次",
	CodeTermEnrolled:        "您已報名此班別",
	CodeTermNoSessions:      "此班別已無可報名的堂數",
	CodeNothingOwed:         "這張分鐘卡沒有待繳的欠費",
	CodeInvoiceKind:         "請選擇發票類型",
	CodeInvoiceCode:         "發票資料不正確",
	CodeInvoiceTitle:        "請填寫公司抬頭",
	CodeOtherBrandToken:     "此 QR Code 不屬於本品牌",
	CodeNoVisitsLeft:        "此計次卡已無可用次數",
	CodeOutsideValidity:     "今日不在此票券的使用期限內",
	CodeNoMinutesLeft:       "計時卡已無可用分鐘數，請先購買",
	CodeNotEnoughPoints:     "可分享的點數不足",
	CodeFreezeRefused:       "暫停會籍的申請不符規定",
	CodeFreezeOverlap:       "這段期間已有暫停會籍的申請",
	CodeFreezeNotFound:      "找不到這筆暫停會籍申請",
	CodeFreezeDecided:       "這筆暫停會籍申請已審核",
	CodeFrozen:              "您的會籍在這天暫停中，無法預約",
	CodeBookingSuspended:    "您的線上預約暫停中，如有疑問請洽門市",
	CodeLineState:           "LINE 登入連結已失效或已使用過，請重新以 LINE 登入",
	CodeLineRefused:         "LINE 登入未能完成驗證，請重新以 LINE 登入",
	CodeLineLinkedElsewhere: "這個 LINE 帳號已連結本店的另一個會員帳號",
	CodeLineEmailTaken:      "此電子信箱已是本店會員：請先以密碼登入，再到會員中心連結 LINE",
	CodeLineNoPassword:      "您的帳號尚未設定密碼，取消連結後將無法登入：請先設定密碼",
	CodeLineUnavailable:     "本店尚未開放 LINE 登入",
	CodeLineNoPending:       "找不到進行中的 LINE 登入，請重新以 LINE 登入",
	CodeLineAlreadyLinked:   "您的帳號已連結 LINE",
	CodeNotifyNeedsLine:     "請先連結 LINE，才能以 LINE 接收通知",
	CodeLineNoWebhook:       "本店未設定 LINE 官方帳號的 Webhook",
	CodeLineSignature:       "LINE Webhook 的簽章不符",
	CodeNotifyStaysOn:       "這項通知與您的預約或付款有關，無法關閉：請選擇以 LINE 或電子郵件接收",
}

// CodeText returns the catalogue text of code, empty for an unknown code
// (spec section 8): the message of an Error that has none of its own.
func CodeText(code int) string { return codeTexts[code] }

// TextAPINotFound answers a path under /api/ that no route serves.
const TextAPINotFound = "找不到此 API"

// ---- metrics ----

// TextMetricsUnauthorized refuses /metrics to a request without its token.
const TextMetricsUnauthorized = "需要授權"
