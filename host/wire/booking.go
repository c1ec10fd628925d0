package wire

import (
	"time"

	"storefront/data"
)

// The booking calls' and pages' wire types, generated for the
// app with page.go (make contract). Every call is documented in
// openapi.json.

// ScheduleSeat is one session of GET /api/schedule: the schedule, its live
// seats and booking window, and for a logged-in member their own state.
type ScheduleSeat struct {
	data.Schedule `tstype:",extends,required"`
	CourseName    string `json:"courseName"`
	// SeatsLeft is capacity minus booked, null where the brand shows no
	// seat counts (module CAPACITY off); Full when none is left.
	SeatsLeft    *int `json:"seatsLeft" tstype:"number | null,required"`
	Full         bool `json:"full"`
	WaitingCount int  `json:"waitingCount"`
	// BookableNow: the booking window is open and a seat is left.
	BookableNow     bool      `json:"bookableNow"`
	BookingOpensAt  time.Time `json:"bookingOpensAt"`
	BookingClosesAt time.Time `json:"bookingClosesAt"`
	CancelDeadline  time.Time `json:"cancelDeadline"`
	PrivateCoach    bool      `json:"privateCoach"`
	// LateCancel: after CancelDeadline a member may still cancel online
	// until the start, the entitlement forfeited; NoShowCounted: a booking
	// not checked in by the end of the class is a no-show (the course's
	// policy, shown before booking).
	LateCancel    bool `json:"lateCancel"`
	NoShowCounted bool `json:"noShowCounted"`
	// MyBookingID is the member's live booking of this session (0: none, or
	// a visitor); MyWaitingPosition their place on its waiting list (0: not
	// waiting).
	MyBookingID       int64  `json:"myBookingId"`
	MyBookingStatus   string `json:"myBookingStatus" tstype:"'' | 'booked' | 'attended'"`
	MyWaitingPosition int    `json:"myWaitingPosition"`
}

// PaymentChoice names one entitlement the member holds.
type PaymentChoice struct {
	Kind      string `json:"kind" tstype:"'passcard' | 'ticket' | 'timing'"`
	HoldingID int64  `json:"holdingId"`
}

// PaymentOption is one of the member's entitlements and what it would
// pay for a session (GET /api/schedule/paymentInfo, /userTicket).
type PaymentOption struct {
	PaymentChoice `tstype:",extends,required"`
	Name          string `json:"name"`
	TicketType    string `json:"ticketType"` // tickets only
	TicketKind    int    `json:"ticketKind"` // the numeric group (spec section 3)
	// Cost is what one session takes, in Unit; Remain what the holding has
	// (visits, points, hours, minutes; 0 for a passcard).
	Cost        int     `json:"cost"`
	Unit        string  `json:"unit" tstype:"'visit' | 'point' | 'hour' | 'minute' | 'none'"`
	Remain      int     `json:"remain"`
	RemainAfter int     `json:"remainAfter"`
	EndsOn      *string `json:"endsOn" tstype:"string | null,required"`
	// Usable says whether it can pay; when not, ReasonCode and Reason say
	// why (-60000006 beyond its validity, or a code of ours).
	Usable     bool   `json:"usable"`
	ReasonCode int    `json:"reasonCode"`
	Reason     string `json:"reason"`
}

// PaymentInfo is GET /api/schedule/paymentInfo's: the member's
// entitlements for the session, usable ones first, with the best one
// preselected (null: none can pay).
type PaymentInfo struct {
	ScheduleID  int64           `json:"scheduleId"`
	Options     []PaymentOption `json:"options"`
	Preselected *PaymentChoice  `json:"preselected" tstype:"PaymentChoice | null,required"`
}

// BookingRequest is POST /api/schedule/booking's body (header
// Idempotency-Key): one session (scheduleId) or several of one course
// (scheduleIds, module MULTI_BOOKING), all or nothing; payment null: the
// best entitlement for each. allowConflict books even when the member has
// another booking at that time (after the conflict-check dialog).
type BookingRequest struct {
	BrandRequest  `tstype:",extends,required"`
	ScheduleID    int64          `json:"scheduleId"`
	ScheduleIDs   []int64        `json:"scheduleIds"`
	Payment       *PaymentChoice `json:"payment" tstype:"PaymentChoice | null"`
	AllowConflict bool           `json:"allowConflict"`
}

// BookingItem is one booking with what the member may do with it now.
type BookingItem struct {
	data.Booking `tstype:",extends,required"`
	// CanCancel: cancelling online is allowed now; otherwise CancelCode is
	// the rule that forbids it (-60000007 … -60000012) and the member
	// contacts the store.
	CanCancel  bool `json:"canCancel"`
	CancelCode int  `json:"cancelCode"`
	// CancelForfeits: cancelling now is a late cancel (the course's
	// policy): allowed, what the booking took not given back.
	CancelForfeits bool `json:"cancelForfeits"`
	// CanCheckIn: module CHECK_IN_BOOKING and the check-in window is open.
	CanCheckIn bool `json:"canCheckIn"`
	// CalendarURL is the .ics of the booking (a stable UID; a cancelled
	// booking's carries METHOD:CANCEL); GoogleCalendarURL adds it to Google
	// Calendar.
	CalendarURL       string `json:"calendarUrl"`
	GoogleCalendarURL string `json:"googleCalendarUrl"`
}

// BookingAnswer is POST /api/schedule/booking's: the bookings made (one
// per session asked for).
type BookingAnswer struct {
	Bookings []BookingItem `json:"bookings"`
}

// BookingCheck is GET /api/schedule/bookingCheck's: the member's bookings
// that overlap the sessions asked about (the conflict-check dialog).
type BookingCheck struct {
	Conflict  bool           `json:"conflict"`
	Conflicts []data.Booking `json:"conflicts"`
}

// PaymentVerifyRequest is POST /api/schedule/ticket/verify's body: would
// this entitlement (null: the best) pay for these sessions?
type PaymentVerifyRequest struct {
	BrandRequest `tstype:",extends,required"`
	ScheduleID   int64          `json:"scheduleId"`
	ScheduleIDs  []int64        `json:"scheduleIds"`
	Payment      *PaymentChoice `json:"payment" tstype:"PaymentChoice | null"`
}

// PaymentVerify is its answer: the option that pays for each session.
type PaymentVerify struct {
	Options []PaymentOption `json:"options"`
}

// PurchaseVerifyRequest is POST /api/schedule/purchase/verify's body (a
// single session bought at checkout) and /term/purchase/verify's (a term
// class: termScheduleId and scheduleId the class).
type PurchaseVerifyRequest struct {
	BrandRequest   `tstype:",extends,required"`
	ScheduleID     int64 `json:"scheduleId"`
	TermScheduleID int64 `json:"termScheduleId"`
}

// PurchaseVerify is their answer: the seat can be bought, at this price
// (from the catalogue, never from a request).
type PurchaseVerify struct {
	ScheduleID int64  `json:"scheduleId"`
	CourseID   int64  `json:"courseId"`
	Name       string `json:"name"`
	Price      int    `json:"price"`
	// SeatsLeft: null where the brand shows no seat counts (CAPACITY off).
	SeatsLeft *int `json:"seatsLeft" tstype:"number | null,required"`
}

// WaitingRequest is the body of POST /api/schedule/waiting/add and
// /waiting/update (action leave).
type WaitingRequest struct {
	BrandRequest `tstype:",extends,required"`
	ScheduleID   int64  `json:"scheduleId"`
	Action       string `json:"action" tstype:"'' | 'leave'"`
}

// WaitingPosition is the waiting-list calls' answer: the member's place on
// the session's list (position 0: not waiting) and how many wait.
type WaitingPosition struct {
	ScheduleID int64 `json:"scheduleId"`
	Waiting    bool  `json:"waiting"`
	Position   int   `json:"position"`
	Count      int   `json:"count"`
	// Status of the member's latest entry ('' none).
	Status string `json:"status" tstype:"'' | 'waiting' | 'promoted' | 'left' | 'skipped'"`
	Reason string `json:"reason"`
}

// BookingIDRequest names a booking: the body of /api/user/cancelBooking,
// /cancelBooking/verify and /checkInBooking.
type BookingIDRequest struct {
	BrandRequest `tstype:",extends,required"`
	BookingID    int64 `json:"bookingId"`
}

// CancelVerify is POST /api/user/cancelBooking/verify's: whether the
// booking may be cancelled online and, when not, the rule (code and
// message) and the store to contact (the contact dialog).
type CancelVerify struct {
	BookingID   int64 `json:"bookingId"`
	Cancellable bool  `json:"cancellable"`
	// Forfeits: a late cancel (the course's policy): allowed, Refund 0,
	// what the booking took forfeited; the member is told before confirming.
	Forfeits bool      `json:"forfeits"`
	Code     int       `json:"code"`
	Message  string    `json:"message"`
	Deadline time.Time `json:"deadline"`
	// Refund is what cancelling gives back, in Unit (0 for a passcard).
	Refund     int    `json:"refund"`
	Unit       string `json:"unit" tstype:"'visit' | 'point' | 'hour' | 'minute' | 'none'"`
	PayName    string `json:"payName"`
	StoreName  string `json:"storeName"`
	StorePhone string `json:"storePhone"`
}

// CancelAnswer is POST /api/user/cancelBooking's: the cancelled booking.
type CancelAnswer struct {
	Booking BookingItem `json:"booking"`
}

// CheckInAnswer is the check-in calls' answer (the member's and the
// studio scanner's).
type CheckInAnswer struct {
	BookingID   int64     `json:"bookingId"`
	CourseName  string    `json:"courseName"`
	MemberName  string    `json:"memberName"`
	StartsAt    time.Time `json:"startsAt"`
	CheckedInAt time.Time `json:"checkedInAt"`
}

// CheckInQR is GET /api/user/checkInQr's: the signed, short-lived token
// the member centre shows as a QR code (refresh it before ExpiresAt), and
// the member's barcode.
type CheckInQR struct {
	Token     string    `json:"token"`
	ExpiresAt time.Time `json:"expiresAt"`
	Barcode   string    `json:"barcode"`
}

// ScannerCheckInRequest is POST /api/checkin/qr's body (the studio
// scanner, Authorization: Bearer STOREFRONT_CHECKIN_SCANNER_TOKEN).
type ScannerCheckInRequest struct {
	Token      string `json:"token"`
	ScheduleID int64  `json:"scheduleId"` // 0: the member's booking whose check-in window is open
}

// HoldingScanRequest is POST /api/checkin/holding's body (the studio's
// door scanner, authorised as for POST /api/checkin/qr): the scanner's
// brand and the holding QR token it read.
type HoldingScanRequest struct {
	BrandID string `json:"brandId"`
	Token   string `json:"token"`
}

// ServerTime is GET /api/user/common/server-time's.
type ServerTime struct {
	Now      time.Time `json:"now"`
	TimeZone string    `json:"timeZone"`
}

// MemberBookingsPage is /user/booking: the member's bookings (upcoming
// soonest first, then past latest first), their waiting-list entries, and
// the check-in QR (null without module QR_CHECK_IN), and the suspension
// of online booking that late cancels and no-shows may bring.
type MemberBookingsPage struct {
	Bookings   []BookingItem       `json:"bookings"`
	Waiting    []data.WaitingEntry `json:"waiting"`
	CheckIn    *CheckInQR          `json:"checkIn" tstype:"CheckInQR | null,required"`
	Suspension *BookingSuspension  `json:"suspension" tstype:",required"`
}

// BookingRecordsPage is /bookingRecord/bookingRecordList: the member's
// booking history filtered and paged, and the stores to filter by.
type BookingRecordsPage struct {
	Filter data.BookingFilter      `json:"filter"`
	Stores []data.Store            `json:"stores"`
	Result *data.Page[BookingItem] `json:"result" tstype:",required"`
}

// SessionOffers is GET /api/schedule/offers: what can be bought to pay
// for a session (the booking panel's offer when nothing the member holds
// can): a seat of its course at SinglePrice (0: the course sells none
// alone; its checkout is /activity/{storeId}/{courseId}/checkout) and the
// items sold today that cover it, each bought to book the session.
type SessionOffers struct {
	ScheduleID  int64       `json:"scheduleId"`
	CourseID    int64       `json:"courseId"`
	StoreID     int64       `json:"storeId"`
	SinglePrice int         `json:"singlePrice"`
	Items       []data.Item `json:"items"`
}

// BookingSuspension is GET /api/user/bookingSuspension's answer: whether
// the member's late cancels and no-shows suspend their online booking
// now, until when, and the message that says why (the member centre).
type BookingSuspension struct {
	Suspended bool       `json:"suspended"`
	Until     *time.Time `json:"until" tstype:"string | null,required"`
	Message   string     `json:"message"`
}

// CancelLink is GET and POST /api/user/cancelBooking/link's answer: the
// booking a reminder's cancel link names, its status, and whether it can
// still be cancelled (else Code and Message: the rule that forbids it).
type CancelLink struct {
	BookingID   int64     `json:"bookingId"`
	CourseName  string    `json:"courseName"`
	StoreName   string    `json:"storeName"`
	StartsAt    time.Time `json:"startsAt"`
	EndsAt      time.Time `json:"endsAt"`
	Status      string    `json:"status" tstype:"'booked' | 'cancelled' | 'attended'"`
	Cancellable bool      `json:"cancellable"`
	Code        int       `json:"code"`
	Message     string    `json:"message"`
}

// CancelLinkRequest is POST /api/user/cancelBooking/link's body: the
// link's signed token.
type CancelLinkRequest struct {
	Token string `json:"token"`
}
