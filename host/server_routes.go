package host

import (
	"net/http"

	"storefront/data"
	"storefront/renderer"
)

// routes lists every route: the API and system routes on a ServeMux, then
// everything else to the page route table (pageRoutes).
func (s *Server) routes() http.Handler {
	mux := newRouteMux()
	mux.HandleFunc("GET /healthz", s.healthz)
	mux.HandleFunc("GET /readyz", s.readyz)
	mux.Handle("GET /metrics", s.serveMetrics())
	mux.Handle("GET "+renderer.AssetPrefix, s.assets())
	mux.Handle("GET /_static/", s.staticFiles())
	mux.HandleFunc("GET /favicon.ico", faviconHandler)
	mux.HandleFunc("GET /og-image.png", ogImageHandler)

	// brand (spec section 7)
	mux.Handle("GET /api/v2/ec/brands/{brandId}/home/info", s.api(s.apiHomeInfo))
	mux.Handle("GET /api/v3/webUser/brand/{brandId}/public/setting", s.api(s.apiPublicSetting))
	mux.Handle("GET /api/brand/{brandId}/stores", s.api(s.apiStores))
	mux.Handle("GET /api/brand/{brandId}/projectList", s.api(s.apiProjectList))
	mux.Handle("GET /api/v3/common/brands/{brandId}/customField/schema/type/{targetType}", s.api(s.apiCustomFieldSchema))
	mux.Handle("GET /api/brand/{brandId}/customField/schema", s.api(s.apiCustomFieldSchema))

	// members: sessions, e-mail verification, the member's account
	mux.Handle("POST /api/session/login", s.api(s.apiLogin))
	mux.Handle("POST /api/session/logout", s.api(s.apiLogout))
	mux.Handle("POST /api/session/register", s.api(s.apiRegister))
	mux.Handle("POST /api/session/resend", s.api(s.apiResend))
	mux.Handle("POST /api/session/resetPassword", s.api(s.apiResetPasswordByLink))
	mux.Handle("POST /api/session/changePassword", s.api(s.apiChangePassword))
	mux.Handle("POST /api/session/forgotPassword", s.api(s.apiForgotPassword))
	mux.Handle("POST /api/session/forgotPassword/confirm", s.api(s.apiForgotPasswordConfirm))
	mux.Handle("POST /api/session/forgotPassword/reset", s.api(s.apiForgotPasswordReset))
	mux.Handle("POST /api/session/code/confirm", s.api(s.apiCodeConfirm))
	mux.Handle("GET /api/session/auth/status", s.api(s.apiAuthStatus))
	mux.Handle("POST /api/verify/email", s.api(s.apiVerifyEmail))
	mux.Handle("POST /api/verify/sendemail", s.api(s.apiSendVerification))
	mux.Handle("POST /api/verify/resendemail", s.api(s.apiSendVerification))
	mux.Handle("GET /api/v3/webUser/brand/{brandId}/user/{userId}", s.api(s.apiUserInfo))
	mux.Handle("GET /api/user/userInfo", s.api(s.apiUserInfo))
	mux.Handle("POST /api/user/edit", s.api(s.apiUserEdit))
	mux.Handle("POST /api/user/unSubscribe", s.api(s.apiUnsubscribe))
	mux.Handle("POST /api/user/delete", s.api(s.apiUserDelete))
	mux.Handle("POST /api/user/freeze", s.api(s.apiFreeze))
	mux.Handle("GET /api/user/freezes", s.api(s.apiFreezes))
	mux.Handle("GET /api/user/bookingSuspension", s.api(s.apiBookingSuspension))
	mux.Handle("GET /api/user/cancelBooking/link", s.api(s.apiCancelLink))
	mux.Handle("POST /api/user/cancelBooking/link", s.api(s.apiCancelByLink))
	// LINE Login (api_line.go)
	mux.Handle("GET /api/line/status", s.api(s.apiLineStatus))
	mux.Handle("POST /api/line/login", s.api(s.apiLineLogin))
	mux.Handle("POST /api/line/link", s.api(s.apiLineLink))
	mux.HandleFunc("GET /api/line/callback/{brandId}", s.lineCallback)
	mux.Handle("GET /api/line/pending", s.api(s.apiLinePending))
	mux.Handle("POST /api/line/register", s.api(s.apiLineRegister))
	mux.Handle("POST /api/line/unlink", s.api(s.apiLineUnlink))
	mux.HandleFunc("POST "+lineWebhookPath, s.lineWebhook) // exempt from sameOrigin: LINE's signature with the brand's channel secret is its proof
	mux.Handle("GET /api/user/notifyChoices", s.api(s.apiNotifyChoices))
	mux.Handle("POST /api/user/notifyChoice", s.api(s.apiNotifyChoice))
	if s.mailbox != nil {
		mux.HandleFunc("GET /dev/mailbox", s.loopbackOnly(s.devMailbox))
		mux.HandleFunc("GET /dev/mailbox.json", s.loopbackOnly(s.devMailboxJSON))
		mux.HandleFunc("GET /dev/mailbox/{id}", s.loopbackOnly(s.devMailboxMessage))
		mux.HandleFunc("GET /dev/mailbox/{id}/attachments/{n}", s.loopbackOnly(s.devMailboxAttachment))
	}
	// catalogue (spec section 7)
	mux.Handle("GET /api/v2/ec/brands/{brandId}/commodity/list", s.api(s.apiCommodityList))
	mux.Handle("GET /api/v2/ec/brands/{brandId}/commodity/{itemType}/{itemId}", s.api(s.apiCommodity))
	mux.Handle("GET /api/v2/ec/brands/{brandId}/termSchedule", s.api(s.apiTermSchedule))
	mux.Handle("GET /api/search/searchEventList", s.api(s.apiSearchEventList))
	mux.Handle("GET /api/search/condition", s.api(s.apiSearchCondition))
	mux.Handle("GET /api/search/activityList", s.api(s.apiActivityList(false)))
	mux.Handle("GET /api/search/termActivityList", s.api(s.apiActivityList(true)))
	mux.Handle("GET /api/search/ticketList", s.api(s.apiItemSearch(data.ItemPoint, data.ItemQuantityPasscard)))
	mux.Handle("GET /api/search/passcardList", s.api(s.apiItemSearch(data.ItemPasscard, data.ItemCountingPasscard)))
	mux.Handle("GET /api/search/promoteList", s.api(s.apiPromoteList))
	mux.Handle("GET /api/search/banner", s.api(s.apiBanner))
	mux.Handle("GET /api/schedule", s.api(s.apiScheduleSeats))
	// an activity card's more schedules (host/openapi.json documents each call)
	mux.Handle("GET /api/search/activitySchedules", s.api(s.apiActivitySchedules))
	// the schedule calls
	mux.Handle("GET /api/schedule/teachers", s.api(s.apiScheduleTeachers))
	mux.Handle("GET /api/schedule/dates", s.api(s.apiScheduleDates))
	mux.Handle("GET /api/schedule/timetable", s.api(s.apiTimetable))
	mux.Handle("GET /api/brand/{brandId}/salesman/list", s.api(s.apiSalesmen))
	// checkout, orders and payment (spec section 7)
	mux.Handle("POST /api/brand/{brandId}/sale/precheck", s.api(s.apiPrecheck))
	mux.Handle("POST /api/brand/{brandId}/sale/payment", s.api(s.apiPayment))
	mux.Handle("POST /api/brand/{brandId}/sale/neweb/payment", s.api(s.apiNewebPayment))
	mux.Handle("GET /api/v2/ec/brands/{brandId}/payWay/{storeId}", s.api(s.apiPayWays))
	mux.Handle("GET /api/v2/ec/payment/result/{orderNo}", s.api(s.apiPaymentResult))
	mux.Handle("POST /api/v2/ec/payment/result/{orderNo}/booking", s.api(s.apiOrderBooking))
	mux.Handle("GET /api/payment/ticketResult", s.api(s.apiTicketResult))
	mux.Handle("GET /api/user/orders", s.api(s.apiMemberOrders))
	mux.Handle("GET /api/user/order/refund", s.api(s.apiRefundOffer))
	mux.Handle("POST /api/user/order/refund", s.api(s.apiRefundRequest))
	mux.HandleFunc("POST "+newebPayReturnPath, s.newebPayReturn) // /{brandId}, exempt from sameOrigin: the TradeSha (the brand's keys) is its proof
	mux.HandleFunc("POST "+newebPayNotifyPath, s.newebPayNotify) // /{brandId}, exempt from sameOrigin: the TradeSha (the brand's keys) is its proof
	mux.HandleFunc("GET "+linePayConfirmPath, s.linePayConfirm)
	mux.HandleFunc("GET "+linePayCancelPath, s.linePayCancel)
	s.deferredRoutes(mux) // ACH and Chailease (api_ach.go)
	mux.Handle("GET /api/plan", s.api(s.apiPlans))
	mux.Handle("GET /api/plan/payFee", s.api(s.apiPlanFee))
	mux.Handle("POST /api/plan/purchase/verify", s.api(s.apiPlanVerify))
	if s.cfg.Env == "dev" {
		mux.Handle("POST /api/test/payment", s.api(s.apiTestPayment))
	}
	// recurring card payments and card change (host/openapi.json documents each call)
	mux.HandleFunc("POST "+periodNotifyPath, s.periodNotify) // /{brandId}, exempt from sameOrigin: Period decrypting with the brand's key is its proof
	mux.HandleFunc("POST "+periodReturnPath, s.periodReturn) // /{brandId}, exempt from sameOrigin: Period decrypting with the brand's key is its proof
	mux.Handle("GET /api/v2/admin/brands/{brandId}/ec/change/card/{orderNo}", s.api(s.apiAdminCardChange))
	mux.Handle("POST /api/brand/{brandId}/pay/neweb/change/card/authorize", s.api(s.apiChangeCardAuthorize))
	mux.Handle("GET /api/brand/card/change", s.api(s.apiCardChange))
	mux.Handle("POST /api/brand/installment/changeCard", s.api(s.apiInstallmentChangeCard))
	// booking (host/openapi.json documents each call)
	mux.Handle("GET /api/schedule/paymentInfo", s.api(s.apiPaymentInfo))
	mux.Handle("GET /api/schedule/userTicket", s.api(s.apiUserTicket))
	mux.Handle("GET /api/schedule/bookingCheck", s.api(s.apiBookingCheck))
	mux.Handle("POST /api/schedule/ticket/verify", s.api(s.apiTicketVerify))
	mux.Handle("POST /api/schedule/purchase/verify", s.api(s.apiPurchaseVerify))
	mux.Handle("GET /api/schedule/offers", s.api(s.apiSessionOffers))
	mux.Handle("POST /api/schedule/term/purchase/verify", s.api(s.apiTermPurchaseVerify))
	mux.Handle("POST /api/schedule/booking", s.api(s.apiBook))
	mux.Handle("GET /api/schedule/waiting/get", s.api(s.apiWaitingGet))
	mux.Handle("POST /api/schedule/waiting/add", s.api(s.apiWaitingAdd))
	mux.Handle("POST /api/schedule/waiting/update", s.api(s.apiWaitingUpdate))
	mux.Handle("GET /api/user/bookingList", s.api(s.apiBookingList))
	mux.Handle("POST /api/user/cancelBooking", s.api(s.apiCancelBooking))
	mux.Handle("POST /api/user/cancelBooking/verify", s.api(s.apiCancelVerify))
	mux.Handle("POST /api/user/checkInBooking", s.api(s.apiCheckIn))
	mux.Handle("GET /api/user/checkInQr", s.api(s.apiCheckInQR))
	mux.Handle("POST /api/checkin/qr", s.api(s.apiScannerCheckIn))
	mux.Handle("POST /api/checkin/holding", s.api(s.apiHoldingScan))
	mux.Handle("GET /api/user/common/server-time", s.api(s.apiServerTime))
	mux.HandleFunc("GET /api/user/bookings/{bookingId}/calendar.ics", s.bookingCalendar)

	// term schedules and counting passcards (host/openapi.json documents each call)
	mux.Handle("GET /api/brand/{brandId}/termSchedule/{termScheduleId}/check/trial/{account}", s.api(s.apiTermTrialCheck))
	mux.Handle("GET /api/brand/{brandId}/termSchedule/{scheduleId}/check/{action}/{account}", s.api(s.apiTermCheck))
	mux.Handle("POST /api/brand/{brandId}/termSchedule/{termScheduleId}/{scheduleId}/sale/payment", s.api(s.apiTermPayment))
	mux.Handle("GET /api/termSchedule", s.api(s.apiTermOffers))
	mux.Handle("GET /api/termSchedule/interimList", s.api(s.apiTermInterimList))
	mux.Handle("GET /api/user/counting-passcard/list", s.api(s.apiCountingList))
	mux.Handle("GET /api/user/counting-passcard/history", s.api(s.apiCountingHistory))
	mux.Handle("GET /api/user/counting-passcard/charging-setting", s.api(s.apiChargingSetting))
	mux.Handle("GET /api/user/counting-passcard/overdue-payable-list", s.api(s.apiOverdueList))
	mux.Handle("GET /api/user/counting-passcard/overdue-payment-info", s.api(s.apiOverdueInfo))
	mux.Handle("POST /api/user/counting-passcard/overdue-purchase-verify", s.api(s.apiOverdueVerify))

	// e-contracts and the app
	mux.Handle("GET /api/contract", s.api(s.apiContract))
	mux.Handle("POST /api/contract", s.api(s.apiSignContract))
	mux.Handle("GET /api/user/contracts", s.api(s.apiSignedContracts))
	mux.HandleFunc("GET /api/user/contracts/{file}", s.contractPDF) // {id}.pdf
	mux.Handle("GET /api/user/getToken", s.api(s.apiHoldingQR))
	mux.Handle("POST "+unsubscribePath, s.api(s.apiOneClickUnsubscribe)) // exempt from sameOrigin: the token is its proof
	mux.HandleFunc("GET "+unsubscribePath, s.oneClickUnsubscribePage)
	mux.Handle("GET /api/brand", s.api(s.apiBrand))
	mux.Handle("GET /api/brand/user", s.api(s.apiBrandUser))
	mux.Handle("GET /api/user/userInfo/{brandId}/{sessionId}/{userId}", s.api(s.apiUserInfoPath))

	// point shares, the ticket list, joining a brand (host/openapi.json documents each call)
	mux.Handle("GET /api/user/getPointShareInfo", s.api(s.apiPointShareInfo))
	mux.Handle("POST /api/user/pointShare", s.api(s.apiPointShare))
	mux.Handle("GET /api/user/getNewposTicketList", s.api(s.apiNewposTickets))
	mux.Handle("POST /api/session/purchaseVerify/register", s.api(s.apiRegister))
	mux.Handle("POST /api/user/add", s.api(s.apiUserAdd))
	if s.cfg.Env == "dev" {
		mux.HandleFunc("GET /api/openapi.json", s.openAPI)
	}
	mux.HandleFunc("GET /_img/{version}/{width}/{path...}", s.image)
	mux.HandleFunc("GET /robots.txt", s.robots)
	mux.HandleFunc("GET /sitemap.xml", s.rootSitemap)

	// the payment providers' local sandboxes (dev, providers unset)
	if s.newebpaySandbox != nil {
		mux.Handle("/dev/newebpay/", http.StripPrefix("/dev/newebpay", s.newebpaySandbox))
	}
	if s.linepaySandbox != nil {
		mux.Handle("/dev/linepay/", http.StripPrefix("/dev/linepay", s.linepaySandbox))
	}
	if s.lineLoginSandbox != nil {
		mux.Handle("/dev/line/", http.StripPrefix("/dev/line", s.lineLoginSandbox))
	}
	if s.lineBotSandbox != nil {
		mux.Handle("/dev/line-bot/", http.StripPrefix("/dev/line-bot", s.lineBotSandbox))
	}
	s.invoiceRoutes(mux)

	mux.HandleFunc(apiNotFound, s.apiNotFound)

	mux.HandleFunc("/", s.page)
	s.patterns = mux.patterns
	// pages compress themselves (a cached page is stored compressed); the
	// rest is compressed here
	s.gz = compress(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		r.Context().Value(gzFn{}).(func(http.ResponseWriter))(w)
	}))
	guarded := func(h http.Handler) http.Handler {
		return s.recoverer(privateCookies(s.securityHeaders(limitURL(s.sameOrigin(h)))))
	}
	pages, apiAndAssets := guarded(http.HandlerFunc(s.page)), guarded(compress(mux))
	return s.observe(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, pattern := mux.Handler(r)
		setPattern(r, pattern)
		switch {
		case pattern != "/":
			apiAndAssets.ServeHTTP(w, r)
		case s.refuseAtOnce(r): // before any other work (http_limits.go)
			s.shed(w, r)
		default:
			pages.ServeHTTP(w, r)
		}
	}))
}
