package host

import "net/http"

// The checkout pages (item and course checkout), the order result pages
// and the payment page that hands the buyer to the provider (issue 12).

func loadItemCheckout(s *Server, rc *reqCtx) (any, error)   { return nil, errNotYet }
func loadCourseCheckout(s *Server, rc *reqCtx) (any, error) { return nil, errNotYet }
func loadOrderResult(s *Server, rc *reqCtx) (any, error)    { return nil, errNotYet }
func paymentPage(s *Server, w http.ResponseWriter, rc *reqCtx) {
	s.failPage(w, rc, errNotYet)
}
