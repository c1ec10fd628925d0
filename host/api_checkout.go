package host

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"storefront"
	"strings"

	"storefront/checkout"
	"storefront/data"
	"storefront/host/wire"
	"storefront/mail"
)

// The purchase calls of spec section 7: precheck, payment and the payment
// ways of a store, with the wiring of checkout's flows (the order result
// is api_order_result.go, the providers' callbacks
// api_payment_callbacks.go, the plan calls api_plan.go). Each is a thin
// adapter over package checkout. The providers' callbacks are built on the
// trusted public origin, never on the request's Host.

// The providers' callbacks. NewebPay's are per brand: its messages name
// their order only inside the part sealed with the merchant's keys, so the
// URL's brand chooses the keys (checkout.ApplyNewebPayResult).
const (
	newebPayReturnPath = "/api/payment/result/{brandId}"       // NewebPay's ReturnURL: the buyer's browser
	newebPayNotifyPath = "/api/payment/neweb/notify/{brandId}" // NewebPay's NotifyURL: server to server
	linePayConfirmPath = "/api/payment/linepay/confirm"
	linePayCancelPath  = "/api/payment/linepay/cancel"
)

// checkoutFlows builds the purchase flows of the server.
func (s *Server) checkoutFlows() *checkout.Flows {
	f := &checkout.Flows{DB: s.db, Now: s.now, Merchants: s.merchants(), OrderTTL: s.cfg.OrderTTL,
		Shop: s.orderShop, Queued: func() { s.outbox.Kick() }, Log: s.log}
	s.deferredFlows(f)
	s.invoiceFlows(f)
	return f
}

// checkoutFlow is the checkout flow's request of a wire request, made
// by r (from the app or not).
func checkoutFlow(r *http.Request, req wire.CheckoutRequest) checkout.Request {
	f := checkout.Request{InApp: inApp(r, req.From), Kind: req.Kind, ItemType: req.ItemType, ItemID: req.ItemID, CourseID: req.CourseID,
		ScheduleID: req.ScheduleID, StoreID: req.StoreID, Quantity: req.Quantity, Price: req.Price, SalesmanID: req.SalesmanID,
		StartDate: req.StartDate, PayWay: req.PayWay, Action: req.Action, CountingPasscardID: req.CountingPasscardID,
		BookScheduleID: req.BookScheduleID, Invoice: req.Invoice}
	if req.Kind == data.OrderKindTerm { // its scheduleId is the class
		f.TermScheduleID, f.TermClassID, f.Trial, f.ScheduleID = req.TermScheduleID, req.ScheduleID, req.Trial, 0
	}
	return f
}

// checkoutRoute is the page route whose guard a purchase of kind passes.
func checkoutRoute(kind string) *route {
	switch kind {
	case data.OrderKindCourse:
		return routeCourseCheckout
	case data.OrderKindTerm:
		return routeTermCheckout
	case data.OrderKindOverdue:
		return routeOverdueCheckout
	}
	return routeItemCheckout
}

// decodeCheckout reads a purchase call: its body, its brand (the path's,
// else the body's) behind the checkout page's guard, and the member.
func (s *Server) decodeCheckout(w http.ResponseWriter, r *http.Request, req *wire.CheckoutRequest) (*data.Brand, *member, error) {
	if err := decodeBody(w, r, req); err != nil {
		return nil, nil, err
	}
	id := r.PathValue("brandId")
	if id == "" {
		id = req.BrandID
	}
	b, err := s.brand(r.Context(), id, checkoutRoute(req.Kind))
	if err != nil {
		return nil, nil, err
	}
	m, err := s.apiMember(w, r, b)
	return b, m, err
}

func precheckAnswer(q *checkout.Quote) *wire.PrecheckAnswer {
	return &wire.PrecheckAnswer{Name: q.Name, UnitPrice: q.UnitPrice, Quantity: q.Quantity, Amount: q.Amount,
		ActivationType: q.ActivationType, StartDate: q.StartDate, Contract: q.Contract}
}

// POST /api/brand/{brandId}/sale/precheck: may the member buy this, at
// this price? Each refusal's code names its dialog (wire.CheckoutRequest).
func (s *Server) apiPrecheck(w http.ResponseWriter, r *http.Request) (any, error) {
	var req wire.CheckoutRequest
	b, m, err := s.decodeCheckout(w, r, &req)
	if err != nil {
		return nil, err
	}
	q, err := s.checkout.Precheck(r.Context(), b, m.user, checkoutFlow(r, req))
	if err != nil {
		return nil, err
	}
	return precheckAnswer(q), nil
}

// POST /api/brand/{brandId}/sale/payment: prechecks, creates the order
// (its amount from the database) and answers the payment page that hands
// the buyer to the provider.
func (s *Server) apiPayment(w http.ResponseWriter, r *http.Request) (any, error) {
	return s.pay(w, r, "")
}

// POST /api/brand/{brandId}/sale/neweb/payment: sale/payment by card
// (NewebPay).
func (s *Server) apiNewebPayment(w http.ResponseWriter, r *http.Request) (any, error) {
	return s.pay(w, r, data.PayWayCard)
}

func (s *Server) pay(w http.ResponseWriter, r *http.Request, way string) (any, error) {
	var req wire.CheckoutRequest
	b, m, err := s.decodeCheckout(w, r, &req)
	if err != nil {
		return nil, err
	}
	if way != "" {
		req.PayWay = way
	}
	return s.placeOrder(r, b, m, req)
}

// placeOrder creates the order req asks for member m and answers the
// payment page that hands the buyer to the provider.
func (s *Server) placeOrder(r *http.Request, b *data.Brand, m *member, req wire.CheckoutRequest) (any, error) {
	if !req.AcceptTerms {
		return nil, badRequest(storefront.TextAcceptPurchaseTerms)
	}
	o, err := s.checkout.CreateOrder(r.Context(), b, m.user, checkoutFlow(r, req))
	if err != nil {
		return nil, err
	}
	base := apiBasePath(s.siteOf(r), b)
	if req.From == "app" && o.PayWay == data.PayWayLinePay {
		// the app opens LINE Pay's app URL itself (the bridge's openLinePay)
		h, err := s.checkout.StartPayment(r.Context(), o, m.user.Email, s.paymentURLs(b, o), true)
		if err != nil {
			return nil, err
		}
		return &wire.PaymentAnswer{OrderNo: o.Number, Amount: o.Amount, PaymentURL: h.Redirect, ResultURL: resultPath(base, o)}, nil
	}
	if req.From == "app" {
		return &wire.PaymentAnswer{OrderNo: o.Number, Amount: o.Amount, PaymentURL: paymentPath(base, o) + "?from=app", ResultURL: resultPath(base, o)}, nil
	}
	return &wire.PaymentAnswer{OrderNo: o.Number, Amount: o.Amount, PaymentURL: paymentPath(base, o), ResultURL: resultPath(base, o)}, nil
}

// paymentWaySlug names a payment way in the payment page's path.
var paymentWaySlug = map[string]string{data.PayWayCard: "card", data.PayWayLinePay: "linepay", data.PayWayRecurring: "recurring", data.PayWayChailease: "chailease"}

// paymentPath is order o's payment page under base (routePayment:
// {kind}-payment/{way}/{orderNo}).
func paymentPath(base string, o *data.Order) string {
	return fmt.Sprintf("%s/%s-payment/%s/%s", base, o.Kind, paymentWaySlug[o.PayWay], o.Number)
}

// resultPath is order o's result page under base.
func resultPath(base string, o *data.Order) string { return base + "/orderResult/" + o.Number }

// GET /api/v2/ec/brands/{brandId}/payWay/{storeId}: the payment ways the
// store accepts (card when the brand has a NewebPay account; LINE Pay
// where the store has it and the brand a LINE Pay channel).
func (s *Server) apiPayWays(w http.ResponseWriter, r *http.Request) (any, error) {
	b, err := s.brandOfRequest(r, routeItemCheckout)
	if err != nil {
		return nil, err
	}
	id, ok := pathID(r.PathValue("storeId"))
	if !ok {
		return nil, &storefront.Error{Kind: storefront.KindNotFound, Code: storefront.CodeStoreNotFound}
	}
	st, err := checkout.Store(b, id)
	if err != nil {
		return nil, err
	}
	stores, err := s.checkoutStores(r.Context(), b, []int64{st.ID})
	if err != nil {
		return nil, err
	}
	return stores[0].PayWays, nil
}

// checkoutStores are brand b's stores (those of ids, all when none) with
// the payment ways each offers (those b has a merchant account of).
func (s *Server) checkoutStores(ctx context.Context, b *data.Brand, ids []int64) ([]wire.CheckoutStore, error) {
	waysOf, err := s.checkout.PayWays(ctx, b)
	if err != nil {
		return nil, err
	}
	out := []wire.CheckoutStore{}
	for _, st := range b.Stores {
		if len(ids) > 0 && !slices.Contains(ids, st.ID) {
			continue
		}
		ways := []wire.PayWay{}
		for _, w := range waysOf(st) {
			ways = append(ways, wire.PayWay{PayWay: w.Code, Name: w.Name})
		}
		out = append(out, wire.CheckoutStore{Store: st, PayWays: ways})
	}
	return out, nil
}

// paymentURLs are the provider callbacks and the buyer's return for order
// o of brand b, on the trusted public origin (the brand's custom domain
// for the result page).
func (s *Server) paymentURLs(b *data.Brand, o *data.Order) checkout.URLs {
	origin, base := s.brandOrigin(b)
	pub := s.cfg.PublicURL
	return checkout.URLs{
		NotifyURL:  pub + brandPath(newebPayNotifyPath, b.ID),
		ReturnURL:  pub + brandPath(newebPayReturnPath, b.ID),
		ResultURL:  origin + resultPath(base, o),
		ConfirmURL: pub + linePayConfirmPath,
		CancelURL:  pub + linePayCancelPath, // LINE Pay adds transactionId and orderId
		// NewebPay's periodic payment (payment way '1')
		PeriodNotifyURL: pub + brandPath(periodNotifyPath, b.ID),
		PeriodReturnURL: pub + brandPath(periodReturnPath, b.ID),
		// Chailease's returnUrl and notifyUrl
		ChaileaseURL: pub + chaileaseResultPath,
	}
}

// brandPath is the callback path pattern with brand id in its {brandId}.
func brandPath(pattern, id string) string {
	return strings.Replace(pattern, "{brandId}", url.PathEscape(id), 1)
}

// orderShop is the mail identity of brand brandID that checkout's mails
// (receipt, a declined period, a refunded charge) are composed with: its
// name, colour and home on its trusted origin.
func (s *Server) orderShop(_ context.Context, brandID string) (mail.Brand, error) {
	b, err := s.loadBrand(context.Background(), brandID)
	if err != nil {
		return mail.Brand{}, err
	}
	origin, base := s.brandOrigin(b)
	return mail.Brand{Name: b.Name, Colour: s.colour(b), Home: origin + base + "/"}, nil
}
