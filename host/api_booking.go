package host

import (
	"net/http"

	"storefront/data"
)

// The booking calls of spec section 7 and issue 11: thin adapters to
// package booking. Each is documented in openapi.json.

var errNotYet = &data.Error{Kind: data.KindUnavailable, Code: data.CodeUnavailable, Message: "預約功能即將開放"}

func (s *Server) apiScheduleSeats(w http.ResponseWriter, r *http.Request) (any, error) {
	return []ScheduleSeat{}, errNotYet
}
func (s *Server) apiPaymentInfo(w http.ResponseWriter, r *http.Request) (any, error) {
	return PaymentInfo{}, errNotYet
}
func (s *Server) apiUserTicket(w http.ResponseWriter, r *http.Request) (any, error) {
	return []PaymentOption{}, errNotYet
}
func (s *Server) apiBookingCheck(w http.ResponseWriter, r *http.Request) (any, error) {
	return BookingCheck{}, errNotYet
}
func (s *Server) apiTicketVerify(w http.ResponseWriter, r *http.Request) (any, error) {
	return PaymentVerify{}, errNotYet
}
func (s *Server) apiPurchaseVerify(w http.ResponseWriter, r *http.Request) (any, error) {
	return PurchaseVerify{}, errNotYet
}
func (s *Server) apiTermPurchaseVerify(w http.ResponseWriter, r *http.Request) (any, error) {
	return PurchaseVerify{}, errNotYet
}
func (s *Server) apiBook(w http.ResponseWriter, r *http.Request) (any, error) {
	return BookingAnswer{}, errNotYet
}
func (s *Server) apiWaitingGet(w http.ResponseWriter, r *http.Request) (any, error) {
	return WaitingPosition{}, errNotYet
}
func (s *Server) apiWaitingAdd(w http.ResponseWriter, r *http.Request) (any, error) {
	return WaitingPosition{}, errNotYet
}
func (s *Server) apiWaitingUpdate(w http.ResponseWriter, r *http.Request) (any, error) {
	return WaitingPosition{}, errNotYet
}
func (s *Server) apiBookingList(w http.ResponseWriter, r *http.Request) (any, error) {
	return data.Page[BookingItem]{}, errNotYet
}
func (s *Server) apiCancelBooking(w http.ResponseWriter, r *http.Request) (any, error) {
	return CancelAnswer{}, errNotYet
}
func (s *Server) apiCancelVerify(w http.ResponseWriter, r *http.Request) (any, error) {
	return CancelVerify{}, errNotYet
}
func (s *Server) apiCheckIn(w http.ResponseWriter, r *http.Request) (any, error) {
	return CheckInAnswer{}, errNotYet
}
func (s *Server) apiCheckInQR(w http.ResponseWriter, r *http.Request) (any, error) {
	return CheckInQR{}, errNotYet
}
func (s *Server) apiScannerCheckIn(w http.ResponseWriter, r *http.Request) (any, error) {
	return CheckInAnswer{}, errNotYet
}

// GET /api/user/common/server-time: the server's clock.
func (s *Server) apiServerTime(w http.ResponseWriter, r *http.Request) (any, error) {
	return ServerTime{Now: s.now(), TimeZone: "Asia/Taipei"}, nil
}

func (s *Server) bookingCalendar(w http.ResponseWriter, r *http.Request) {
	s.apiError(w, r, errNotYet)
}

func (s *Server) openAPI(w http.ResponseWriter, r *http.Request) {
	s.apiError(w, r, errNotYet)
}

// loadBookingRecords is /bookingRecord/bookingRecordList.
func loadBookingRecords(s *Server, rc *reqCtx) (any, error) {
	return &BookingRecordsPage{Stores: []data.Store{}, Result: &data.Page[BookingItem]{List: []BookingItem{}}}, nil
}
