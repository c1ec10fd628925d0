package host

import (
	"context"
	"net/http"
	"net/url"
	"storefront"
	"storefront/checkout"
	"storefront/data"
)

// The providers' callbacks of card and LINE Pay payments: NewebPay's
// NotifyURL and ReturnURL, LINE Pay's confirmUrl and cancelUrl. Each is
// believed only as checkout verifies it.

// maxProviderForm caps a provider's form post.
const maxProviderForm = 64 << 10

// providerForm reads a provider's form post.
func providerForm(w http.ResponseWriter, r *http.Request) (url.Values, bool) {
	r.Body = http.MaxBytesReader(w, r.Body, maxProviderForm)
	if err := r.ParseForm(); err != nil {
		http.Error(w, storefront.TextBadForm, http.StatusBadRequest)
		return nil, false
	}
	return r.PostForm, true
}

// POST /api/payment/neweb/notify/{brandId}: NewebPay's NotifyURL (server
// to server) of a brand's orders. Believed only when its TradeSha verifies
// with the brand's keys and it names the brand's order; answered 200 once
// applied (or found applied before), 4xx when refused, 5xx when we could
// not judge or record it (NewebPay then sends it again).
func (s *Server) newebPayNotify(w http.ResponseWriter, r *http.Request) {
	providerNotify(s, w, r, "NewebPay notify", s.checkout.ApplyNewebPayResult)
}

// providerNotify answers a provider's server-to-server notification to
// the URL of a brand: the form applied by apply with the path's brand
// (what makes it believed is apply's), then "OK", or the refusal's status
// and text.
func providerNotify[T any](s *Server, w http.ResponseWriter, r *http.Request, what string,
	apply func(context.Context, string, url.Values, string) (T, error)) {
	form, ok := providerForm(w, r)
	if !ok {
		return
	}
	if _, err := apply(r.Context(), r.PathValue("brandId"), form, checkout.KindNotify); err != nil {
		s.providerRefused(w, r, what, err)
		return
	}
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Write([]byte("OK"))
}

// POST /api/payment/result/{brandId}: NewebPay's ReturnURL of a brand's
// orders, the buyer's browser
// coming back (a cross-site POST). Applied like the notification (either
// may come first), then 303 to the order's result page on the brand's
// trusted origin.
func (s *Server) newebPayReturn(w http.ResponseWriter, r *http.Request) {
	form, ok := providerForm(w, r)
	if !ok {
		return
	}
	o, err := s.checkout.ApplyNewebPayResult(r.Context(), r.PathValue("brandId"), form, checkout.KindReturn)
	if o == nil {
		s.providerRefused(w, r, "NewebPay return", err)
		return
	}
	s.toResult(w, r, o)
}

// toResult sends the browser to order o's result page on its brand's
// trusted origin.
func (s *Server) toResult(w http.ResponseWriter, r *http.Request, o *data.Order) {
	b, err := s.brand(r.Context(), o.BrandID, nil)
	if err != nil {
		s.apiError(w, r, err)
		return
	}
	origin, base := s.brandOrigin(b)
	http.Redirect(w, r, origin+resultPath(base, o), http.StatusSeeOther)
}

// GET /api/payment/linepay/confirm?transactionId=&orderId=: LINE Pay's
// confirmUrl, the buyer back from approving: confirm with the order's
// amount, then 303 to the result page (also while another confirm of the
// order is in progress: the page polls its outcome). A LINE Pay or a
// database that cannot be reached answers 503: reloading tries again.
func (s *Server) linePayConfirm(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	o, err := s.checkout.ConfirmLinePay(r.Context(), q.Get("orderId"), q.Get("transactionId"))
	if o == nil {
		s.providerRefused(w, r, "LINE Pay confirm", err)
		return
	}
	s.toResult(w, r, o)
}

// GET /api/payment/linepay/cancel?transactionId=&orderId=: LINE Pay's
// cancelUrl, the buyer gave up: the unpaid order of that transaction is
// cancelled, then 303 to its result page; without the order's
// transactionId, 404.
func (s *Server) linePayCancel(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	o, err := s.checkout.CancelLinePay(r.Context(), q.Get("orderId"), q.Get("transactionId"))
	if o == nil {
		s.providerRefused(w, r, "LINE Pay cancel", err)
		return
	}
	s.toResult(w, r, o)
}
