package host

import (
	"net/http"

	"storefront/data"
)

// The purchase and payment calls of spec section 7 (issue 12): precheck,
// payment, the payment ways of a store, the order result, the providers'
// callbacks and the plan calls. Each is a thin adapter over package
// checkout.

// errNotYet answers the calls whose flow is not built yet.
var errNotYet = &data.Error{Kind: data.KindUnavailable, Code: data.CodeUnavailable, Message: "線上購買即將推出"}

func (s *Server) apiPrecheck(w http.ResponseWriter, r *http.Request) (any, error) {
	return nil, errNotYet
}
func (s *Server) apiPayment(w http.ResponseWriter, r *http.Request) (any, error) {
	return nil, errNotYet
}
func (s *Server) apiNewebPayment(w http.ResponseWriter, r *http.Request) (any, error) {
	return nil, errNotYet
}
func (s *Server) apiPayWays(w http.ResponseWriter, r *http.Request) (any, error) {
	return nil, errNotYet
}
func (s *Server) apiPaymentResult(w http.ResponseWriter, r *http.Request) (any, error) {
	return nil, errNotYet
}
func (s *Server) apiTicketResult(w http.ResponseWriter, r *http.Request) (any, error) {
	return nil, errNotYet
}
func (s *Server) apiTestPayment(w http.ResponseWriter, r *http.Request) (any, error) {
	return nil, errNotYet
}
func (s *Server) apiPlans(w http.ResponseWriter, r *http.Request) (any, error) { return nil, errNotYet }
func (s *Server) apiPlanFee(w http.ResponseWriter, r *http.Request) (any, error) {
	return nil, errNotYet
}
func (s *Server) apiPlanVerify(w http.ResponseWriter, r *http.Request) (any, error) {
	return nil, errNotYet
}
func (s *Server) newebPayReturn(w http.ResponseWriter, r *http.Request) { s.apiError(w, r, errNotYet) }
func (s *Server) newebPayNotify(w http.ResponseWriter, r *http.Request) { s.apiError(w, r, errNotYet) }
func (s *Server) linePayConfirm(w http.ResponseWriter, r *http.Request) { s.apiError(w, r, errNotYet) }
func (s *Server) linePayCancel(w http.ResponseWriter, r *http.Request)  { s.apiError(w, r, errNotYet) }

// The providers' callbacks, built on the trusted public origin.
const (
	newebPayReturnPath = "/api/payment/result"       // NewebPay's ReturnURL: the buyer's browser
	newebPayNotifyPath = "/api/payment/neweb/notify" // NewebPay's NotifyURL: server to server
	linePayConfirmPath = "/api/payment/linepay/confirm"
	linePayCancelPath  = "/api/payment/linepay/cancel"
)
