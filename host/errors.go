package host

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"storefront"

	"storefront/data"
	"storefront/host/wire"
	"storefront/renderer"
)

// failure is how an error is shown: HTTP status, code, message.
type failure struct {
	Status  int
	Code    int
	Message string
}

// classify maps any error to its status, code and Traditional Chinese
// message, the one place that does. Internal errors are logged by callers.
func classify(err error) failure {
	if errors.Is(err, renderer.ErrBusy) {
		return failure{http.StatusServiceUnavailable, storefront.CodeUnavailable, errorText(storefront.CodeUnavailable)}
	}
	if data.Unreachable(err) { // the database is down: 503, try again soon
		return failure{http.StatusServiceUnavailable, storefront.CodeDatabaseDown, errorText(storefront.CodeDatabaseDown)}
	}
	e := storefront.AsError(err)
	f := failure{Code: e.Code, Message: e.Message}
	switch e.Kind {
	case storefront.KindInvalid:
		f.Status = http.StatusBadRequest
		if f.Code == 0 {
			f.Code = storefront.CodeBadRequest
		}
	case storefront.KindUnauthorized:
		f.Status = http.StatusUnauthorized
	case storefront.KindForbidden:
		f.Status = http.StatusForbidden
		if f.Code == 0 {
			f.Code = storefront.CodeForbidden
		}
	case storefront.KindNotFound:
		f.Status = http.StatusNotFound
		if f.Code == 0 {
			f.Code = storefront.CodeNotFound
		}
	case storefront.KindConflict:
		f.Status = http.StatusConflict
	case storefront.KindTooMany:
		f.Status = http.StatusTooManyRequests
	case storefront.KindUnavailable:
		f.Status = http.StatusServiceUnavailable
		if f.Code == 0 {
			f.Code = storefront.CodeUnavailable
		}
	default:
		f.Status = http.StatusInternalServerError
		f.Code = storefront.CodeInternal
		f.Message = "" // never show an internal error's text
	}
	if f.Message == "" {
		f.Message = errorText(f.Code)
	}
	return f
}

// writeJSON writes v in the envelope with status.
func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(wire.Envelope{Data: v})
}

// apiError answers err in the envelope, logging internal errors.
func (s *Server) apiError(w http.ResponseWriter, r *http.Request, err error) {
	f := classify(err)
	if f.Status >= 500 && !clientGone(r) {
		s.log.Error("api", "method", r.Method, "path", logPath(r), "request_id", requestIDOf(r), "err", err)
	}
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	retryAfter(w, f)
	w.WriteHeader(f.Status)
	json.NewEncoder(w).Encode(wire.Envelope{ErrorCode: f.Code, Message: f.Message})
}

// documentError answers a crawler's document (robots.txt, a sitemap) that
// failed with err: its status and text, so a database outage is a 503 with
// Retry-After (a crawler comes back) and never a 404 or 500 (that drop the
// sitemap); internal errors are logged.
func (s *Server) documentError(w http.ResponseWriter, r *http.Request, err error) {
	f := classify(err)
	if f.Status >= 500 && !clientGone(r) {
		s.log.Error("document", "path", logPath(r), "request_id", requestIDOf(r), "err", err)
	}
	w.Header().Set("Cache-Control", "no-store")
	retryAfter(w, f)
	http.Error(w, f.Message, f.Status)
}

// clientGone reports whether the client went away before its answer (its
// request's context is canceled): what failed then, a query cut short,
// is not the server's error, and logging it would bury the real ones (a
// load generator that stops leaves a few hundred).
func clientGone(r *http.Request) bool {
	return errors.Is(r.Context().Err(), context.Canceled)
}

// badRequest is an invalid-input error with a message for the visitor.
func badRequest(msg string) error {
	return &storefront.Error{Kind: storefront.KindInvalid, Code: storefront.CodeBadRequest, Message: msg}
}

func (s *Server) apiNotFound(w http.ResponseWriter, r *http.Request) {
	s.apiError(w, r, &storefront.Error{Kind: storefront.KindNotFound, Code: storefront.CodeNotFound, Message: "找不到此 API"})
}

// retryAfter tells a client answered 503 when to try again: soon after an
// overload, a little later while the database is down.
func retryAfter(w http.ResponseWriter, f failure) {
	switch {
	case f.Code == storefront.CodeDatabaseDown:
		w.Header().Set("Retry-After", "5")
	case f.Status == http.StatusServiceUnavailable:
		w.Header().Set("Retry-After", "1")
	}
}

// errorTexts are the texts of the error catalogue (spec section 8) and of
// our own codes (codes.go), as a visitor reads them.
var errorTexts = map[int]string{
	storefront.CodeAccountNotFound:     "查無此帳號，請確認輸入的資料",
	storefront.CodeAccountNotFound2:    "查無此帳號，請確認輸入的資料",
	storefront.CodeWrongPassword:       "帳號或密碼錯誤",
	storefront.CodeAlreadyRegistered:   "此帳號已註冊，請重新登入",
	storefront.CodeWrongCode:           "驗證碼錯誤",
	storefront.CodeCodeExpired:         "驗證碼已過期，請點選重新發送",
	storefront.CodeAppRegistered:       "您已註冊或已驗證 App，請直接登入",
	storefront.CodeWrongToken:          "驗證碼錯誤，請重新取得驗證信",
	storefront.CodeResendTooSoon:       "請稍候再試，每次發送需間隔 3 分鐘",
	storefront.CodeMemberNotFound:      "查無此會員，請重新取得驗證信",
	storefront.CodeLinkExpired:         "連結已失效",
	storefront.CodeBookingNotFound:     "查無此預約紀錄",
	storefront.CodeBookingCancelled:    "此預約已取消",
	storefront.CodeBookingPastValidity: "預約失敗，課程時間超過票券效期",
	storefront.CodeBookingBoughtOnline: "此預約為線上購買，無法取消",
	storefront.CodePastCancelTime:      "已超過可取消預約的時間",
	storefront.CodeCoachClass:          "此預約為教練課，無法取消",
	storefront.CodeCheckedIn:           "已完成簽到，無法取消",
	storefront.CodeCannotCancel:        "此預約無法取消",
	storefront.CodeAccountDeleted:      "此帳號已刪除，該手機號碼無法再次使用",
	storefront.CodeStoreNotFound:       "查無此門市",
	storefront.CodeOrderNotFound:       "查無訂單資料",
	storefront.CodeTypeNotSupported:    "不支援此商品類型",
	storefront.CodeNotEnjoyCoupon:      "此訂單非享樂券",
	storefront.CodeBrandTerminated:     "此帳號已終止服務。",
	storefront.CodeBrandNotFound:       "查無此品牌",
	storefront.CodeBadRequest:          "資料格式錯誤",
	storefront.CodeNotFound:            "找不到資料",
	storefront.CodeInternal:            "伺服器發生錯誤，請稍後再試",
	storefront.CodeUnavailable:         "目前使用人數眾多，請稍後再試",
	storefront.CodeDatabaseDown:        "系統暫時無法提供服務，請稍後再試",
	storefront.CodeItemOffShelf:        "商品已下架",
	storefront.CodeForbidden:           "沒有權限執行此操作",
	storefront.CodeLoginRequired:       "請先登入會員",
	storefront.CodeSessionInvalid:      "登入已逾時，請重新登入",
	storefront.CodeTooManyAttempts:     "登入失敗次數過多，請稍後再試",
	storefront.CodeMailFailed:          "郵件寄送失敗，請稍後再試",
	storefront.CodeCrossSiteRefused:    "不接受來自其他網站的請求",
	storefront.CodePriceChanged:        "商品價格已變更，請重新確認後再結帳",
	storefront.CodeQuantityNotAllowed:  "購買數量不符合限制",
	storefront.CodeContactIncomplete:   "請先完成聯絡資料",
	storefront.CodePlanNotEnabled:      "此品牌尚未開放方案購買",
	storefront.CodePaymentFailed:       "付款失敗，請重新付款",
	storefront.CodePayWayNotAccepted:   "此門市不支援這個付款方式",
	storefront.CodeOrderExpired:        "此訂單已無法付款，請重新結帳",
	storefront.CodeContractUnsigned:    "請先簽署電子合約",
	storefront.CodeNotSoldInStore:      "此商品未於所選門市販售",
	storefront.CodeSessionFull:         "此課程名額已滿",
	storefront.CodeBookingClosed:       "目前不在此課程的開放預約時間內",
	storefront.CodeNoEntitlement:       "您沒有可用於此課程的票券或通行卡",
	storefront.CodeTimeConflict:        "您在此時段已有其他預約",
	storefront.CodeEmailNotVerified:    "請先完成電子信箱驗證再預約課程",
	storefront.CodeNotWaiting:          "您不在此課程的候補名單中",
	storefront.CodeNotFull:             "此課程尚有名額，請直接預約",
	storefront.CodeAlreadyBooked:       "您已預約此課程",
	storefront.CodeCheckInClosed:       "目前不在此課程的簽到時間內",
	storefront.CodeCheckInInvalid:      "簽到條碼無效或已過期，請重新整理後再試",
	storefront.CodeContractNotFound:    "查無此電子合約",
	storefront.CodeContractOutdated:    "電子合約內容已更新，請重新閱讀後再簽署",
	storefront.CodeContractSigned:      "您已簽署此電子合約",
	storefront.CodeSignatureInvalid:    "簽名圖檔格式錯誤，請重新簽名",
	storefront.CodeLinkTokenInvalid:    "連結或條碼無效或已過期",
	storefront.CodeNotRecurring:        "找不到這筆定期定額訂單",
	storefront.CodeRecurringDone:       "此訂單的定期定額已全部扣款完成，無需更換信用卡",
	storefront.CodeNotPaymentFailed:    "此訂單目前沒有扣款失敗的期數",
	storefront.CodeOperatorOnly:        "此功能僅限店家管理人員使用",
	storefront.CodeRecurringNotOffered: "此商品不提供信用卡定期定額付款",
	storefront.CodeACHInvalid:          "ACH 授權資料有誤，請檢查後再送出",
	storefront.CodeACHAgreement:        "請先閱讀並同意 ACH 授權扣款約定書",
	storefront.CodeACHRefused:          "銀行未受理此筆扣款授權，請確認帳戶資料或改用其他付款方式",
	storefront.CodeInstalmentsWrong:    "分期期數不正確，請重新選擇",
	storefront.CodeAwaitingBank:        "此訂單正在等待銀行回覆扣款授權",
	storefront.CodeTermFull:            "此班別名額已滿",
	storefront.CodeTrialUsed:           "您已體驗過此學期課程，體驗課每位會員限一次",
	storefront.CodeTermEnrolled:        "您已報名此班別",
	storefront.CodeTermNoSessions:      "此班別已無可報名的堂數",
	storefront.CodeNothingOwed:         "這張分鐘卡沒有待繳的欠費",
	storefront.CodeOtherBrandToken:     "此 QR Code 不屬於本品牌",
	storefront.CodeNoVisitsLeft:        "此計次卡已無可用次數",
	storefront.CodeOutsideValidity:     "今日不在此票券的使用期限內",
	storefront.CodeNoMinutesLeft:       "計時卡已無可用分鐘數，請先購買",
	storefront.CodeNotEnoughPoints:     "可分享的點數不足",
}

// errorText returns the catalogue text of code, empty for an unknown code
// (spec section 8).
func errorText(code int) string { return errorTexts[code] }
