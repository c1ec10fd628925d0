package host

import (
	"crypto/subtle"
	"errors"
	"net/http"
	"net/url"
	"storefront"
	"strings"

	"storefront/checkout"
	"storefront/data"
	"storefront/host/wire"
)

// Recurring card payments and card change: NewebPay's periodic
// callbacks, the card change calls of spec section 7 and the card change
// pages. Thin adapters over checkout (recurring.go).

// NewebPay's periodic callbacks (payment way '1').
const (
	periodNotifyPath = "/api/payment/neweb/period/notify/{brandId}" // NotifyURL: the mandate's creation and each period, server to server
	periodReturnPath = "/api/payment/neweb/period/result/{brandId}" // ReturnURL: the buyer's browser after making a mandate
)

// POST /api/payment/neweb/period/notify/{brandId}: NewebPay's periodic NotifyURL.
// Believed only when Period decrypts with the brand's key; 200 once applied (or
// found applied before), 4xx when refused, 5xx when it could not be
// judged or recorded (NewebPay sends it again).
func (s *Server) periodNotify(w http.ResponseWriter, r *http.Request) {
	providerNotify(s, w, r, "NewebPay periodic notify", s.checkout.ApplyPeriodResult)
}

// POST /api/payment/neweb/period/result/{brandId}: NewebPay's periodic ReturnURL
// (a cross-site POST of the buyer's browser): applied like the
// notification, then 303 to the order's result page, or for a card
// change to the changeFailCardResult page.
func (s *Server) periodReturn(w http.ResponseWriter, r *http.Request) {
	form, ok := providerForm(w, r)
	if !ok {
		return
	}
	out, err := s.checkout.ApplyPeriodResult(r.Context(), r.PathValue("brandId"), form, checkout.KindReturn)
	if out == nil || out.Order == nil {
		s.providerRefused(w, r, "NewebPay periodic return", err)
		return
	}
	if !out.Mandate.Change {
		s.toResult(w, r, out.Order)
		return
	}
	b, err := s.brand(r.Context(), out.Order.BrandID, nil)
	if err != nil {
		s.apiError(w, r, err)
		return
	}
	origin, base := s.brandOrigin(b)
	http.Redirect(w, r, origin+changeResultPath(base, out.Order.Number, out.Mandate.MerOrderNo), http.StatusSeeOther)
}

func changeResultPath(base, orderNo, changeOrderNo string) string {
	return base + "/changeFailCardResult/" + orderNo + "?" + url.Values{"changeOrderNo": {changeOrderNo}}.Encode()
}

// recurringOrder is the member's recurring order number of brand b (the
// path's brand, else the body's): another member's, another brand's or
// an unknown order is CodeNotRecurring (nothing leaks).
func (s *Server) recurringOrder(w http.ResponseWriter, r *http.Request, brandID, number string) (*data.Brand, *member, *data.Order, error) {
	if brandID == "" {
		return nil, nil, nil, badRequest(storefront.TextNoBrandGiven)
	}
	if !orderNumber(number) {
		return nil, nil, nil, &storefront.Error{Kind: storefront.KindNotFound, Code: storefront.CodeNotRecurring}
	}
	b, m, o, err := s.memberOrder(w, r, number)
	if err != nil {
		if storefront.AsError(err).Code == storefront.CodeOrderNotFound {
			err = &storefront.Error{Kind: storefront.KindNotFound, Code: storefront.CodeNotRecurring}
		}
		return nil, nil, nil, err
	}
	if o.BrandID != brandID || o.PayWay != data.PayWayRecurring {
		return nil, nil, nil, &storefront.Error{Kind: storefront.KindNotFound, Code: storefront.CodeNotRecurring}
	}
	return b, m, o, nil
}

// startCardChange starts a card change of the member's order and answers
// the page that hands the member to NewebPay.
func (s *Server) startCardChange(w http.ResponseWriter, r *http.Request, brandID, number string, onlyFailed bool) (any, error) {
	b, _, o, err := s.recurringOrder(w, r, brandID, number)
	if err != nil {
		return nil, err
	}
	change, err := s.checkout.StartCardChange(r.Context(), o, onlyFailed)
	if err != nil {
		return nil, err
	}
	base := apiBasePath(s.siteOf(r), b)
	return &wire.CardChangeAnswer{ChangeOrderNo: change, PaymentURL: base + "/card-payment/change/" + o.Number + "?" +
		url.Values{"changeOrderNo": {change}}.Encode()}, nil
}

// POST /api/brand/{brandId}/pay/neweb/change/card/authorize {orderNo}:
// the order's member starts giving a new card (a declined period, if
// any, is re-charged with it).
func (s *Server) apiChangeCardAuthorize(w http.ResponseWriter, r *http.Request) (any, error) {
	var req wire.CardChangeRequest
	if err := decodeBody(w, r, &req); err != nil {
		return nil, err
	}
	return s.startCardChange(w, r, r.PathValue("brandId"), req.OrderNo, false)
}

// POST /api/brand/installment/changeCard {brandId, orderNo}: the card
// change of an order whose period was declined (the changeFailCard page):
// refused with CodeNotPaymentFailed when none was.
func (s *Server) apiInstallmentChangeCard(w http.ResponseWriter, r *http.Request) (any, error) {
	var req wire.CardChangeRequest
	if err := decodeBody(w, r, &req); err != nil {
		return nil, err
	}
	return s.startCardChange(w, r, req.BrandID, req.OrderNo, true)
}

// changeOrderNoOf reads the optional changeOrderNo query.
func changeOrderNoOf(r *http.Request) (string, error) {
	c := r.URL.Query().Get("changeOrderNo")
	if c != "" && !orderNumber(c) {
		return "", badRequest(storefront.TextBadChangeOrderNo)
	}
	return c, nil
}

// GET /api/brand/card/change?brandId=&orderNo=&changeOrderNo=: the
// member's recurring order's card (masked), declined period and the
// change changeOrderNo names.
func (s *Server) apiCardChange(w http.ResponseWriter, r *http.Request) (any, error) {
	q := r.URL.Query()
	change, err := changeOrderNoOf(r)
	if err != nil {
		return nil, err
	}
	if _, _, _, err := s.recurringOrder(w, r, q.Get("brandId"), q.Get("orderNo")); err != nil {
		return nil, err
	}
	return s.db.CardChange(r.Context(), q.Get("brandId"), q.Get("orderNo"), change)
}

// operatorAllowed reports whether the request carries the configured
// operator token (the product has no operator accounts).
func (s *Server) operatorAllowed(r *http.Request) bool {
	want := s.cfg.OperatorToken
	got, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
	return want != "" && ok && subtle.ConstantTimeCompare([]byte(strings.TrimSpace(got)), []byte(want)) == 1
}

// GET /api/v2/admin/brands/{brandId}/ec/change/card/{orderNo}?changeOrderNo=:
// an operator's view of a recurring order's card: only with the
// operator token (STOREFRONT_OPERATOR_TOKEN), else CodeOperatorOnly.
func (s *Server) apiAdminCardChange(w http.ResponseWriter, r *http.Request) (any, error) {
	if !s.operatorAllowed(r) {
		return nil, &storefront.Error{Kind: storefront.KindForbidden, Code: storefront.CodeOperatorOnly}
	}
	change, err := changeOrderNoOf(r)
	if err != nil {
		return nil, err
	}
	number := r.PathValue("orderNo")
	if !orderNumber(number) {
		return nil, &storefront.Error{Kind: storefront.KindNotFound, Code: storefront.CodeNotRecurring}
	}
	return s.db.CardChange(r.Context(), r.PathValue("brandId"), number, change)
}

// loadCardChange is the card change pages: the member's recurring order
// (another's or an unknown one is 404).
func loadCardChange(step string) func(s *Server, rc *reqCtx) (any, error) {
	return func(s *Server, rc *reqCtx) (any, error) {
		if _, err := s.pageOrder(rc, rc.params["orderNo"]); err != nil {
			return nil, err
		}
		change := ""
		if step == "result" {
			if change = rc.query.Get("changeOrderNo"); change != "" && !orderNumber(change) {
				return nil, errNoPage
			}
		}
		v, err := s.db.CardChange(rc.ctx(), rc.brand.ID, rc.params["orderNo"], change)
		if err != nil {
			if errors.Is(err, errNoPage) || storefront.ErrorKind(err) == storefront.KindNotFound {
				return nil, errNoPage
			}
			return nil, err
		}
		return &wire.CardChangePage{Step: step, Card: v}, nil
	}
}

// cardChangeHandoff is /card-payment/change/{orderNo}?changeOrderNo=:
// the page that posts the pending card change's mandate form to NewebPay
// (the payment page's hand-off).
func cardChangeHandoff(s *Server, w http.ResponseWriter, rc *reqCtx) {
	o, err := s.pageOrder(rc, rc.params["orderNumber"])
	if err != nil {
		s.failPage(w, rc, err)
		return
	}
	h, err := s.checkout.CardChangeForm(rc.ctx(), o, rc.query.Get("changeOrderNo"), rc.member.user.Email, s.paymentURLs(rc.brand, o))
	if err != nil {
		if storefront.ErrorKind(err) == storefront.KindNotFound { // finished or unknown: the card page
			s.redirectUnder(w, rc, "/changeCard/"+o.Number, "", http.StatusSeeOther)
			return
		}
		s.failPage(w, rc, err)
		return
	}
	s.handoff(w, rc, o, h)
}
