package host

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"storefront"
	"strings"

	"storefront/checkout"
	"storefront/data"
	"storefront/host/wire"
	"storefront/mail"
	"storefront/rules"
)

// The purchase and payment calls of spec section 7 (issue 12): precheck,
// payment, the payment ways of a store, the order result, the providers'
// callbacks and the plan calls. Each is a thin adapter over package
// checkout. The providers' callbacks are built on the trusted public
// origin, never on the request's Host.

// The providers' callbacks.
const (
	newebPayReturnPath = "/api/payment/result"       // NewebPay's ReturnURL: the buyer's browser
	newebPayNotifyPath = "/api/payment/neweb/notify" // NewebPay's NotifyURL: server to server
	linePayConfirmPath = "/api/payment/linepay/confirm"
	linePayCancelPath  = "/api/payment/linepay/cancel"
)

// checkoutFlows builds the purchase flows of the server.
func (s *Server) checkoutFlows() *checkout.Flows {
	f := &checkout.Flows{DB: s.db, Now: s.now, NewebPay: s.cfg.NewebPay, LinePay: s.cfg.LinePay, OrderTTL: s.cfg.OrderTTL,
		Shop: s.orderShop, Queued: func() { s.outbox.Kick() }, Log: s.log}
	s.deferredFlows(f)
	return f
}

// checkoutFlow is the checkout flow's request of a wire request.
func checkoutFlow(req wire.CheckoutRequest) checkout.Request {
	f := checkout.Request{Kind: req.Kind, ItemType: req.ItemType, ItemID: req.ItemID, CourseID: req.CourseID,
		ScheduleID: req.ScheduleID, StoreID: req.StoreID, Quantity: req.Quantity, Price: req.Price, SalesmanID: req.SalesmanID,
		StartDate: req.StartDate, PayWay: req.PayWay, Action: req.Action, CountingPasscardID: req.CountingPasscardID}
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
	q, err := s.checkout.Precheck(r.Context(), b, m.user, checkoutFlow(req))
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
		return nil, badRequest("請先閱讀並同意購買條款")
	}
	o, err := s.checkout.CreateOrder(r.Context(), b, m.user, checkoutFlow(req))
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
// store accepts (card when NewebPay is configured; LINE Pay where the
// store has it and LINE Pay is configured).
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
	return s.payWays(b, st), nil
}

func (s *Server) payWays(b *data.Brand, st data.Store) []wire.PayWay {
	out := []wire.PayWay{}
	for _, w := range s.checkout.PayWays(b, st) {
		out = append(out, wire.PayWay{PayWay: w.Code, Name: w.Name})
	}
	return out
}

// memberOrder loads order number for the request's member: another
// member's order, like an unknown one, is -78000000 (nothing leaks).
func (s *Server) memberOrder(w http.ResponseWriter, r *http.Request, number string) (*data.Brand, *member, *data.Order, error) {
	if !orderNumber(number) {
		return nil, nil, nil, &storefront.Error{Kind: storefront.KindNotFound, Code: storefront.CodeOrderNotFound}
	}
	o, err := s.db.Order(r.Context(), "", number)
	if err != nil {
		return nil, nil, nil, err
	}
	b, err := s.brand(r.Context(), o.BrandID, nil)
	if err != nil {
		return nil, nil, nil, err
	}
	m, err := s.apiMember(w, r, b)
	if err != nil {
		return nil, nil, nil, err
	}
	if m.user.ID != o.UserID {
		return nil, nil, nil, &storefront.Error{Kind: storefront.KindNotFound, Code: storefront.CodeOrderNotFound}
	}
	return b, m, o, nil
}

// orderNumber reports whether s can be an order number.
func orderNumber(s string) bool {
	if len(s) < 12 || len(s) > 30 {
		return false
	}
	return strings.Trim(s, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_") == ""
}

// orderResult is the result page's data for order o of brand b.
func (s *Server) orderResult(ctx context.Context, b *data.Brand, base string, o *data.Order) (*wire.OrderResultPage, error) {
	o.StatesOn(rules.Day(s.now()))
	p := &wire.OrderResultPage{Order: o, MemberURL: base + "/user"}
	var err error
	if p.Deferred, err = s.deferredResult(ctx, o); err != nil {
		return nil, err
	}
	switch o.State {
	case data.OrderPaid:
		p.Final = true
		switch {
		case o.Kind == data.OrderKindTerm:
			p.MemberURL = base + "/user/booking"
		case o.Kind == data.OrderKindOverdue:
			p.MemberURL = base + "/user/countingPasscard"
		case len(o.Lines) > 0:
			p.MemberURL = base + memberPageOf(o.Lines[0].ItemType)
		}
	case data.OrderFailed, data.OrderCancelled, data.OrderExpired:
		p.Final = true
		p.RetryURL = retryPath(base, o)
	}
	return p, nil
}

// memberPageOf is the member centre page that lists a holding of itemType.
func memberPageOf(itemType string) string {
	switch itemType {
	case data.ItemPasscard:
		return "/user/passcard"
	case data.ItemPoint, data.ItemQuantityPasscard:
		return "/user/ticket"
	case data.ItemCountingPasscard:
		return "/user/countingPasscard"
	}
	return "/user"
}

// retryPath is the checkout page that buys order o's first line again.
func retryPath(base string, o *data.Order) string {
	if len(o.Lines) == 0 {
		return base + "/"
	}
	l := o.Lines[0]
	switch {
	case o.Kind == data.OrderKindTerm:
		return base + "/termSchedule"
	case o.Kind == data.OrderKindOverdue:
		return base + "/counting-passcard-overdue-purchase"
	case l.ItemID != nil:
		u := fmt.Sprintf("%s/%s/%d/checkout", base, l.ItemType, *l.ItemID)
		if o.Kind == data.OrderKindPlan {
			u += "?type=plan"
		}
		return u
	case l.CourseID != nil && l.StoreID != nil:
		return fmt.Sprintf("%s/activity/%d/%d/checkout", base, *l.StoreID, *l.CourseID)
	}
	return base + "/"
}

// GET /api/v2/ec/payment/result/{orderNo}: the order and its state (the
// payment-status dialog polls it until Final), only for its member.
func (s *Server) apiPaymentResult(w http.ResponseWriter, r *http.Request) (any, error) {
	b, _, o, err := s.memberOrder(w, r, r.PathValue("orderNo"))
	if err != nil {
		return nil, err
	}
	return s.orderResult(r.Context(), b, apiBasePath(s.siteOf(r), b), o)
}

// apiBasePath is where brand b's pages are on the site an API call came
// to: the root of its custom domain, else under /{brandId}.
func apiBasePath(st site, b *data.Brand) string {
	if st.Custom && st.BrandID == b.ID {
		return ""
	}
	return "/" + b.ID
}

// GET /api/payment/ticketResult?orderNo=: the result of an enjoy-coupon
// (ticket service) order. The storefront sells none, so the member's own
// order answers -78000002 and any other -78000000.
func (s *Server) apiTicketResult(w http.ResponseWriter, r *http.Request) (any, error) {
	if _, _, _, err := s.memberOrder(w, r, r.URL.Query().Get("orderNo")); err != nil {
		return nil, err
	}
	return nil, &storefront.Error{Kind: storefront.KindInvalid, Code: storefront.CodeNotEnjoyCoupon}
}

// POST /api/test/payment {orderNo} (dev only): pays the member's order as
// its provider would, through the same payment transaction.
func (s *Server) apiTestPayment(w http.ResponseWriter, r *http.Request) (any, error) {
	var req wire.OrderRequest
	if err := decodeBody(w, r, &req); err != nil {
		return nil, err
	}
	b, _, o, err := s.memberOrder(w, r, req.OrderNo)
	if err != nil {
		return nil, err
	}
	if o, err = s.checkout.TestPay(r.Context(), o); err != nil {
		return nil, err
	}
	return s.orderResult(r.Context(), b, apiBasePath(s.siteOf(r), b), o)
}

// planBrand is the brand of a plan call (query brandId), which must sell
// plans (-43 otherwise).
func (s *Server) planBrand(r *http.Request) (*data.Brand, error) {
	b, err := s.brandOfRequest(r, routeItemCheckout)
	if err != nil {
		return nil, err
	}
	if !b.ModuleSet().Has(data.ModuleFindPlan) {
		return nil, &storefront.Error{Kind: storefront.KindForbidden, Code: storefront.CodePlanNotEnabled}
	}
	return b, nil
}

// GET /api/plan?brandId=: the plans on sale (the brand's items, when it
// sells plans).
func (s *Server) apiPlans(w http.ResponseWriter, r *http.Request) (any, error) {
	b, err := s.planBrand(r)
	if err != nil {
		return nil, err
	}
	page, err := s.db.Items(r.Context(), b.ID, data.ItemFilter{Day: rules.Day(s.now())}, 1, 0)
	if err != nil {
		return nil, err
	}
	return &wire.PlanList{Plans: page.List}, nil
}

// GET /api/plan/payFee?brandId=&itemType=&itemId=&quantity=: what a plan
// costs, from the database.
func (s *Server) apiPlanFee(w http.ResponseWriter, r *http.Request) (any, error) {
	b, err := s.planBrand(r)
	if err != nil {
		return nil, err
	}
	q := newQuery(r.URL.Query())
	t := r.URL.Query().Get("itemType")
	if !data.IsItemType(t) {
		q.fail("不支援的商品類型：" + t)
	}
	id := q.id("itemId", "商品代碼")
	n := q.intIn("quantity", "購買數量", 1, 1, rules.MaxItemQuantity)
	if err := q.Err(); err != nil {
		return nil, err
	}
	it, err := s.item(r.Context(), b, t, id)
	if err != nil {
		return nil, err
	}
	if !it.OnShelf {
		return nil, &storefront.Error{Kind: storefront.KindNotFound, Code: storefront.CodeItemOffShelf}
	}
	return &wire.PlanFee{ItemType: t, ItemID: id, UnitPrice: it.Price, Quantity: n, Amount: it.Price * n}, nil
}

// POST /api/plan/purchase/verify {brandId, ...}: precheck of a plan.
func (s *Server) apiPlanVerify(w http.ResponseWriter, r *http.Request) (any, error) {
	var req wire.CheckoutRequest
	b, m, err := s.decodeCheckout(w, r, &req)
	if err != nil {
		return nil, err
	}
	req.Kind = data.OrderKindPlan
	q, err := s.checkout.Precheck(r.Context(), b, m.user, checkoutFlow(req))
	if err != nil {
		return nil, err
	}
	return precheckAnswer(q), nil
}

// maxProviderForm caps a provider's form post.
const maxProviderForm = 64 << 10

// providerForm reads a provider's form post.
func providerForm(w http.ResponseWriter, r *http.Request) (url.Values, bool) {
	r.Body = http.MaxBytesReader(w, r.Body, maxProviderForm)
	if err := r.ParseForm(); err != nil {
		http.Error(w, "資料格式錯誤", http.StatusBadRequest)
		return nil, false
	}
	return r.PostForm, true
}

// POST /api/payment/neweb/notify: NewebPay's NotifyURL (server to
// server). Believed only when its TradeSha verifies; answered 200 once
// applied (or found applied before), 4xx when refused, 5xx when we could
// not judge or record it (NewebPay then sends it again).
func (s *Server) newebPayNotify(w http.ResponseWriter, r *http.Request) {
	providerNotify(s, w, r, "NewebPay notify", s.checkout.ApplyNewebPayResult)
}

// providerNotify answers a provider's server-to-server notification: the
// form applied by apply (what makes it believed is apply's), then "OK", or
// the refusal's status and text.
func providerNotify[T any](s *Server, w http.ResponseWriter, r *http.Request, what string,
	apply func(context.Context, url.Values, string) (T, error)) {
	form, ok := providerForm(w, r)
	if !ok {
		return
	}
	if _, err := apply(r.Context(), form, checkout.KindNotify); err != nil {
		s.providerRefused(w, r, what, err)
		return
	}
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Write([]byte("OK"))
}

// POST /api/payment/result: NewebPay's ReturnURL, the buyer's browser
// coming back (a cross-site POST). Applied like the notification (either
// may come first), then 303 to the order's result page on the brand's
// trusted origin.
func (s *Server) newebPayReturn(w http.ResponseWriter, r *http.Request) {
	form, ok := providerForm(w, r)
	if !ok {
		return
	}
	o, err := s.checkout.ApplyNewebPayResult(r.Context(), form, checkout.KindReturn)
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

// paymentURLs are the provider callbacks and the buyer's return for order
// o of brand b, on the trusted public origin (the brand's custom domain
// for the result page).
func (s *Server) paymentURLs(b *data.Brand, o *data.Order) checkout.URLs {
	origin, base := s.brandOrigin(b)
	pub := s.cfg.PublicURL
	return checkout.URLs{
		NotifyURL:  pub + newebPayNotifyPath,
		ReturnURL:  pub + newebPayReturnPath,
		ResultURL:  origin + resultPath(base, o),
		ConfirmURL: pub + linePayConfirmPath,
		CancelURL:  pub + linePayCancelPath, // LINE Pay adds transactionId and orderId
		// NewebPay's periodic payment (payment way '1')
		PeriodNotifyURL: pub + periodNotifyPath,
		PeriodReturnURL: pub + periodReturnPath,
		// Chailease's returnUrl and notifyUrl
		ChaileaseURL: pub + chaileaseResultPath,
	}
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
