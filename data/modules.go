package data

import "slices"

// Module keys: the features a brand switches on (spec section 6). A brand's
// settings list the keys it has in additionalModules. These strings are the
// only spelling of each key; the app's copy is generated from AllModules
// (app/contract/generated/shared.ts, make contract).
const (
	// ModuleWebShop is the web e-commerce root: without it every page of the
	// brand except index, e-mail verification, the term-schedule pages
	// (module ModuleTermSchedule) and course detail (ModuleOnlineBuyClass)
	// answers 404.
	ModuleWebShop = "WEB_SHOP"
	// ModuleFindActivity lists courses and activities (brand home, search).
	ModuleFindActivity = "FIND_ACTIVITY"
	// ModuleFindPlan lists plans: brand home shows the plan tab (type=plan).
	ModuleFindPlan = "FIND_PLAN"
	// ModuleTermSchedule sells term schedules; alone, its pages open in app
	// mode (from=app).
	ModuleTermSchedule = "TERM_SCHEDULE"
	// ModuleOnlineBuyClass sells single classes online: course detail and
	// checkout are open even without the web-shop root.
	ModuleOnlineBuyClass = "ONLINE_BUY_CLASS"
	// ModuleTimingCard enables the timing (per-minute) card member pages.
	ModuleTimingCard = "TIMING_CARD"
	// ModuleTimingCardQR shows the timing card's QR code.
	ModuleTimingCardQR = "TIMING_CARD_QR"
	// ModulePromotion shows promotional content and banners.
	ModulePromotion = "PROMOTION"
	// ModuleRecommendation shows recommended items.
	ModuleRecommendation = "RECOMMENDATION"
	// ModuleMemberSignIn lets members log in and register on the web.
	ModuleMemberSignIn = "MEMBER_SIGN_IN"
	// ModuleTicket shows tickets (stored-value points) in the member centre.
	ModuleTicket = "TICKET"
	// ModuleBooking lets members book classes.
	ModuleBooking = "BOOKING"
	// ModulePasscard shows passcards in the member centre.
	ModulePasscard = "PASSCARD"
	// ModuleMemberInfo lets members edit their profile (the member
	// centre's edit button, POST /api/user/edit). Off, a member may still
	// fill in a field left empty (the contact a checkout asks for), but
	// not change their name or a filled field (403 此品牌未開放線上修改會員資料).
	ModuleMemberInfo = "MEMBER_INFO"
	// ModuleMobileApp says the brand has a mobile app (download banner).
	ModuleMobileApp = "MOBILE_APP"
	// ModuleAppOnlinePurchase allows purchases inside the app webview
	// (page.webview: ?from=app or the visit's app mode; a call whose body
	// says from=app or carries the app-mode cookie). Off, the app's pages
	// offer no buying (buy buttons hidden, the checkout form a notice) and
	// the checkout calls from the app answer 403 此品牌未開放在 App 內購買,
	// a debt (overdue counting passcard) still paid; the web shop is
	// unaffected.
	ModuleAppOnlinePurchase = "APP_ONLINE_PURCHASE"
	// ModuleInvoice issues invoices for online orders.
	ModuleInvoice = "INVOICE"
	// ModuleQuantityPasscardQR shows the count card's QR code.
	ModuleQuantityPasscardQR = "QUANTITY_PASSCARD_QR"
	// ModuleOnlinePasscard sells passcards online: the regular passcards
	// (passcard) and the count cards (quantityPasscard), the cards a
	// member shows at the door. Off, they are left out of brand home, the
	// plans and the item lists, their pages are 404 and their checkout
	// 403 (此品牌未開放線上購買通行卡). Minute cards (countingPasscard) go
	// with the timing card, not this module.
	ModuleOnlinePasscard = "ONLINE_PASSCARD"
	// ModuleOnlineCustomerPoint sells stored-value points online: the
	// point items (儲值票券, the spec's custPointProjectInfoList). Off, as
	// ModuleOnlinePasscard for them (此品牌未開放線上購買儲值票券).
	ModuleOnlineCustomerPoint = "ONLINE_CUSTOMER_POINT"
	// ModuleMultiBooking lets a member book several seats at once.
	ModuleMultiBooking = "MULTI_BOOKING"
	// ModuleCheckInBooking lets members check in to a booking themselves.
	ModuleCheckInBooking = "CHECK_IN_BOOKING"
	// ModulePlanSharing lets members share a plan with others.
	ModulePlanSharing = "PLAN_SHARING"
	// ModuleWaitingList puts members on a waiting list for full classes.
	ModuleWaitingList = "WAITING_LIST"
	// ModuleEContract asks members to sign an e-contract.
	ModuleEContract = "E_CONTRACT"
	// ModuleQRCheckIn lets a studio scanner check members in by the signed
	// QR code the member centre shows.
	ModuleQRCheckIn = "QR_CHECK_IN"
	// ModulePrivateCoach sells private-coach classes (booked with the
	// private-coach ticket variants). Off, whatever a course's own
	// privateCoach flag says, its private-coach courses are neither listed
	// (brand home, activities, search), shown (course page: 404), booked,
	// waited for nor sold (Modules.SellsCourse; 403 此品牌未開放私人教練課程).
	ModulePrivateCoach = "PRIVATE_COACH"
	// ModuleCapacity shows a session's seats left (and its capacity): on
	// the course page, in the booking panel, and in the calls' answers
	// (activity lists, GET /api/schedule, the purchase checks). Off, those
	// counts are null and the pages say only whether a session can be
	// booked; a full session is still marked full and refused.
	ModuleCapacity = "CAPACITY"
	// ModuleEmailNotification mails booking confirmations, cancellations
	// and waiting-list news.
	ModuleEmailNotification = "EMAIL_NOTIFICATION"
	// ModuleACH offers ACH bank debit (with its agreement) at checkout.
	ModuleACH = "ACH_PAYMENT"
	// ModuleChailease offers Chailease instalments at checkout.
	ModuleChailease = "CHAILEASE_PAYMENT"
)

// AllModules lists every module key, in the order above: the keys the
// storefront acts on, and so the keys the catalogue import accepts
// (schema.json's modules enum is this list, TestSchemaFollowsTheFormat):
// any other key in a brand.json, one the spec names but nothing here
// checks included, is refused, naming it. TestEveryModuleIsActedOn fails
// for a key declared here and checked nowhere.
var AllModules = []string{
	ModuleWebShop, ModuleFindActivity, ModuleFindPlan, ModuleTermSchedule,
	ModuleOnlineBuyClass, ModuleTimingCard, ModuleTimingCardQR, ModulePromotion,
	ModuleRecommendation, ModuleMemberSignIn, ModuleTicket, ModuleBooking,
	ModulePasscard, ModuleMemberInfo, ModuleMobileApp, ModuleAppOnlinePurchase,
	ModuleInvoice, ModuleQuantityPasscardQR, ModuleOnlinePasscard,
	ModuleOnlineCustomerPoint, ModuleMultiBooking, ModuleCheckInBooking,
	ModulePlanSharing, ModuleWaitingList, ModuleEContract,
	ModuleQRCheckIn, ModulePrivateCoach, ModuleCapacity, ModuleEmailNotification,
	ModuleACH, ModuleChailease,
}

// Modules are the modules a brand has switched on.
type Modules []string

// Has reports whether module key is on.
func (m Modules) Has(key string) bool { return slices.Contains(m, key) }

// itemModules is the module that sells each item type online; a type
// not named needs none.
var itemModules = map[string]string{
	ItemPasscard:         ModuleOnlinePasscard,
	ItemQuantityPasscard: ModuleOnlinePasscard,
	ItemPoint:            ModuleOnlineCustomerPoint,
}

// SellsItem reports whether items of type t are sold online.
func (m Modules) SellsItem(t string) bool {
	k, ok := itemModules[t]
	return !ok || m.Has(k)
}

// SellsCourse reports whether a course is listed, booked and sold: a
// private-coach one only with ModulePrivateCoach.
func (m Modules) SellsCourse(privateCoach bool) bool {
	return !privateCoach || m.Has(ModulePrivateCoach)
}
