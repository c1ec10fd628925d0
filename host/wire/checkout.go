package wire

import (
	"time"

	"storefront/data"
	"storefront/rules"
)

// The contract of checkout, orders and payment: the bodies and
// answers of the purchase calls and the data of the checkout and order
// result pages. Generated for the app with the rest of the contract (make
// contract).

// CheckoutRequest is the body of POST /api/brand/{brandId}/sale/precheck,
// .../sale/payment, .../sale/neweb/payment and /api/plan/purchase/verify:
// what the buyer chose. Prices are never taken from it: Price is the unit
// price the page showed, compared with the database's (a change is -40).
type CheckoutRequest struct {
	// Kind: an item, a seat of a course, or an item bought as a plan.
	Kind     string `json:"kind" tstype:"'item' | 'course' | 'plan' | 'term' | 'overdue'"`
	ItemType string `json:"itemType,omitempty" tstype:"'passcard' | 'countingPasscard' | 'point' | 'quantityPasscard'"`
	ItemID   int64  `json:"itemId,omitempty"`
	CourseID int64  `json:"courseId,omitempty"`
	// ScheduleID, for a course, is the session chosen (optional); for a
	// term, the class (with TermScheduleID; a trial session when Trial).
	ScheduleID     int64 `json:"scheduleId,omitempty"`
	TermScheduleID int64 `json:"termScheduleId,omitempty"`
	Trial          bool  `json:"trial,omitempty"`
	// CountingPasscardID, for an overdue order, is the card whose debt it
	// pays.
	CountingPasscardID int64 `json:"countingPasscardId,omitempty"`
	StoreID            int64 `json:"storeId"`
	Quantity           int   `json:"quantity"`
	Price              int   `json:"price"`
	SalesmanID         int64 `json:"salesmanId,omitempty"`
	// StartDate is the start a CUSTOM item's buyer picks (YYYY-MM-DD, at
	// most 30 days ahead).
	StartDate string `json:"startDate,omitempty"`
	// PayWay is '2' (card, NewebPay) or 'LINEPAY'; precheck checks it when
	// given.
	PayWay string `json:"payWay,omitempty" tstype:"'1' | '2' | 'LINEPAY' | 'ACH' | 'CHAILEASE'"`
	// AcceptTerms must be true to pay.
	AcceptTerms bool `json:"acceptTerms"`
	// Action names the account checks to run besides the standard ones
	// ('' none; 'trial': a trial the member has not bought before).
	Action string `json:"action,omitempty"`
	// BrandID is used by /api/plan/purchase/verify, whose path has none.
	BrandID string `json:"brandId,omitempty"`
	// From 'app': the buyer is in the app's webview (LINE Pay's app URL).
	From string `json:"from,omitempty"`
	// BookScheduleID: an item bought to book this session once paid (the
	// booking panel's offer); checked to be the brand's and covered by
	// the item. A course seat books its ScheduleID.
	BookScheduleID int64 `json:"bookScheduleId,omitempty"`
	// Invoice is the buyer's e-invoice choice, where the brand issues
	// invoices (module INVOICE; absent: the member carrier): kind
	// 'member', 'mobile' (code: the barcode), 'certificate' (code: the
	// citizen certificate), 'donation' (code: the love code) or 'company'
	// (code: the 統一編號, title). A refusal is -75 (kind), -76 (code) or
	// -77 (title), its message for that field.
	Invoice *rules.InvoiceChoice `json:"invoice,omitempty"`
}

// PrecheckAnswer is what precheck found: everything can go ahead at this
// amount. A refusal is an error instead, whose code names its dialog: -5
// commodity not found (off the shelf), -40 price changed, -41 quantity,
// -42 contact info, -43 plan not enabled, -45 payment way, -34 verify
// account, -48 please sign, -49 not sold in the store, -21 log in.
type PrecheckAnswer struct {
	Name      string `json:"name"`
	UnitPrice int    `json:"unitPrice"`
	Quantity  int    `json:"quantity"`
	Amount    int    `json:"amount"` // TWD
	// ActivationType and StartDate: how the holding will start (StartDate
	// for CUSTOM and ADMIN_CUSTOM, else '').
	ActivationType string `json:"activationType"`
	StartDate      string `json:"startDate"`
	// Contract is the e-contract's state: 'notNeeded' (no contract attached
	// to the item or store, or no E_CONTRACT module), 'signed' or
	// 'unsigned' (GET /api/contract?itemId=&storeId= names the contract).
	Contract string `json:"contract" tstype:"'notNeeded' | 'signed' | 'unsigned'"`
}

// PaymentAnswer is POST .../sale/payment's: the order made, and the
// payment page on this site that hands the buyer to the provider
// (navigate there: a full page load, not a client navigation).
type PaymentAnswer struct {
	OrderNo string `json:"orderNo"`
	Amount  int    `json:"amount"`
	// PaymentURL is the host's payment page that hands the buyer to the
	// provider; in the app (from app) with LINE Pay, LINE Pay's app URL
	// (paymentUrl.app), which the page gives the app to open.
	PaymentURL string `json:"paymentUrl"`
	// ResultURL is the order result page (where the provider brings the
	// buyer back).
	ResultURL string `json:"resultUrl"`
}

// PayWay is one payment way a store accepts
// (GET /api/v2/ec/brands/{brandId}/payWay/{storeId}).
type PayWay struct {
	PayWay string `json:"payWay" tstype:"'1' | '2' | 'LINEPAY' | 'ACH' | 'CHAILEASE'"`
	Name   string `json:"name"` // 信用卡, LINE Pay, ACH 銀行帳戶扣款, 中租零卡分期
}

// CheckoutStore is a store the item or course is sold in, with the
// payment ways it accepts.
type CheckoutStore struct {
	data.Store `tstype:",extends,required"`
	PayWays    []PayWay `json:"payWays"`
}

// CheckoutPage is the checkout pages' data (item and course checkout):
// what is bought, where, from whom, how it may be paid, and the limits the
// form keeps. The member (contact info, missing fields, verified) is the
// page props' user.
type CheckoutPage struct {
	Kind string `json:"kind" tstype:"'item' | 'course' | 'plan'"`
	// Item is set for an item (and plan), Course for a course.
	Item     *data.Item         `json:"item" tstype:"data.Item | null,required"`
	Course   *data.CourseDetail `json:"course" tstype:"data.CourseDetail | null,required"`
	OffShelf bool               `json:"offShelf"`
	Stores   []CheckoutStore    `json:"stores"`
	Salesmen []data.Salesman    `json:"salesmen"`
	// Today and MaxStartDate bound a CUSTOM item's start date.
	Today        string `json:"today"`
	MaxStartDate string `json:"maxStartDate"`
	MaxQuantity  int    `json:"maxQuantity"`
	// Contract as in PrecheckAnswer.
	Contract string `json:"contract" tstype:"'notNeeded' | 'signed' | 'unsigned'"`
	// ACHAgreement is the agreement to accept when a store offers ACH
	// (deferred.go); null otherwise.
	ACHAgreement *ACHAgreement `json:"achAgreement" tstype:"ACHAgreement | null,required"`
	// BookSession: the session an item is bought to book (?book=, the
	// booking panel's offer), booked once paid; null: none.
	BookSession *BookSession `json:"bookSession" tstype:"BookSession | null,required"`
	// Invoice is the e-invoice choice to offer first (the member's last,
	// else the member carrier); null: the brand issues no invoice here
	// and the checkout asks nothing.
	Invoice *rules.InvoiceChoice `json:"invoice" tstype:"rules.InvoiceChoice | null,required"`
}

// BookSession is a session a purchase is made to book, as its checkout
// names it.
type BookSession struct {
	ScheduleID int64     `json:"scheduleId"`
	CourseName string    `json:"courseName"`
	StartsAt   time.Time `json:"startsAt"`
}

// OrderResultPage is the order result pages' data and the answer of GET
// /api/v2/ec/payment/result/{orderNo} (polled while awaiting): the order
// with its lines and, once paid, their activation. Retry, for a failed,
// cancelled or expired order, is the checkout page to buy the same again.
type OrderResultPage struct {
	Order *data.Order `json:"order" tstype:",required"`
	// Final: the provider has answered (paid, failed, cancelled, expired);
	// stop polling.
	Final    bool   `json:"final"`
	RetryURL string `json:"retryUrl"`
	// MemberURL is the member centre page that shows what was bought.
	MemberURL string `json:"memberUrl"`
	// BookURL is where to book with what a paid order bought (a pass, a
	// ticket): the page of the course it was bought to book, else the
	// timetable; "" when it bought nothing to book with (a term, a
	// course's seat, an overdue payment) or is not paid.
	BookURL string `json:"bookUrl"`
	// Deferred is the ACH authorisation or Chailease instalments of the
	// order (deferred.go); null for the other payment ways.
	Deferred *DeferredResult `json:"deferred" tstype:"DeferredResult | null,required"`
	// Booked is the booking of the session the paid order was bought to
	// book (made when this is first asked, once); empty: none.
	Booked []BookingItem `json:"booked"`
	// BookRefused: that session could not be booked (full or closed while
	// they paid); what was bought stays the member's. Null: nothing refused.
	BookRefused *BookRefused `json:"bookRefused" tstype:"BookRefused | null,required"`
}

// BookRefused is why the session a paid order was to book was not
// booked, with the session and its course (for its waiting list and the
// course's next sessions). Seat: the order bought a seat of the course,
// which books another of its sessions (POST …/booking).
type BookRefused struct {
	Code       int    `json:"code"`
	Message    string `json:"message"`
	ScheduleID int64  `json:"scheduleId"`
	CourseID   int64  `json:"courseId"`
	Seat       bool   `json:"seat"`
}

// OrderBookingRequest is POST /api/v2/ec/payment/result/{orderNo}/booking:
// book another session with what the paid order bought.
type OrderBookingRequest struct {
	ScheduleID int64 `json:"scheduleId"`
}

// PlanList is GET /api/plan?brandId=: the plans on sale.
type PlanList struct {
	Plans []data.Item `json:"plans"`
}

// PlanFee is GET /api/plan/payFee?brandId=&itemType=&itemId=&quantity=:
// what a plan costs, from the database.
type PlanFee struct {
	ItemType  string `json:"itemType"`
	ItemID    int64  `json:"itemId"`
	UnitPrice int    `json:"unitPrice"`
	Quantity  int    `json:"quantity"`
	Amount    int    `json:"amount"`
}

// OrderRequest names an order (POST /api/test/payment, dev only: pays
// it as a provider would).
type OrderRequest struct {
	BrandID string `json:"brandId"`
	OrderNo string `json:"orderNo"`
}

// RefundRequest is POST /api/user/order/refund's body: the member's order.
type RefundRequest struct {
	BrandRequest `tstype:",extends,required"`
	OrderNumber  string `json:"orderNumber"`
}

// RefundOffer is GET /api/user/order/refund's answer: what the member
// would get back now. Kind cooling_off: everything, no fee (within seven
// days of the contract taking effect, nothing used); termination: paid
// less what has elapsed or been used, of which the brand may keep up to
// MaxFee.
type RefundOffer struct {
	Kind   string `json:"kind" tstype:"'cooling_off' | 'termination'"`
	Amount int    `json:"amount"`
	Whole  bool   `json:"whole"`
	MaxFee int    `json:"maxFee"`
	// EndsPlan: a recurring plan (定期定額), whose charges the request
	// ends at once.
	EndsPlan bool `json:"endsPlan"`
	// By is how the money goes back: the provider's refund, or the
	// studio's own (an ACH debit by bank transfer, Chailease instalments
	// by cancelling the contract), after its approval.
	By string `json:"by" tstype:"'provider' | 'transfer' | 'instalments'"`
}

// Refund is POST /api/user/order/refund's answer: the refund and its
// state (refunded at once in the cooling-off period; requested while it
// waits for the studio; requesting while the provider is asked).
type Refund struct {
	ID     int64  `json:"id"`
	Kind   string `json:"kind" tstype:"'cooling_off' | 'termination'"`
	State  string `json:"state" tstype:"'requested' | 'requesting' | 'refunded' | 'failed' | 'rejected'"`
	Amount int    `json:"amount"`
	Fee    int    `json:"fee"`
}
