package host

import (
	"errors"
	"html/template"
	"net/http"
	"net/url"
	"storefront"
	"strings"

	"storefront/checkout"
	"storefront/data"
	"storefront/host/wire"
	"storefront/rules"
)

// The checkout pages (item and course checkout), the order result pages
// and the payment page that hands the buyer to the provider.
// All are member pages (route.Member: a visitor logs in and comes back).

// checkoutPage is what both checkout pages share: the stores (with their
// payment ways), salesmen, the start-date bounds and the e-contract state.
func (s *Server) checkoutPage(rc *reqCtx, p *wire.CheckoutPage, storeIDs []int64) (*wire.CheckoutPage, error) {
	today := rules.DayOf(s.now())
	p.Today, p.MaxStartDate = today.String(), today.AddDays(rules.CustomStartDays).String()
	var err error
	if p.Stores, err = s.checkoutStores(rc.ctx(), rc.brand, storeIDs); err != nil {
		return nil, err
	}
	p.ACHAgreement = achAgreement(p.Stores)
	if p.Salesmen, err = s.db.Salesmen(rc.ctx(), rc.brand.ID, 0); err != nil {
		return nil, err
	}
	if p.Invoice, err = s.invoiceOffer(rc.ctx(), rc.brand, rc.member.user.ID); err != nil {
		return nil, err
	}
	p.Contract = checkout.ContractNotNeeded
	if len(p.Stores) > 0 {
		if p.Contract, err = s.checkout.ContractState(rc.ctx(), rc.brand, rc.member.user, p.Item, p.Stores[0].Store); err != nil {
			return nil, err
		}
	}
	return p, nil
}

// pathItem is the item the page's path names ({itemType}/{itemId}).
func (s *Server) pathItem(rc *reqCtx) (*data.Item, error) {
	id, ok := pathID(rc.params["itemId"])
	if !ok {
		return nil, errNoPage
	}
	return s.item(rc.ctx(), rc.brand, rc.params["itemType"], id)
}

// loadItemCheckout is /{itemType}/{itemId}/checkout (?type=plan: bought
// as a plan).
func loadItemCheckout(s *Server, rc *reqCtx) (any, error) {
	it, err := s.pathItem(rc)
	if err != nil {
		return nil, err
	}
	p := &wire.CheckoutPage{Kind: data.OrderKindItem, Item: it, OffShelf: !it.OnShelf, MaxQuantity: rules.MaxItemQuantity}
	if rc.query.Get("type") == "plan" {
		p.Kind = data.OrderKindPlan
	}
	if id, ok := pathID(rc.query.Get("book")); ok { // the session to book once paid (checked again with the order)
		ss, err := s.db.Sessions(rc.ctx(), rc.brand.ID, []int64{id})
		if err != nil {
			return nil, err
		}
		if len(ss) > 0 {
			p.BookSession = &wire.BookSession{ScheduleID: id, CourseName: ss[0].CourseName, StartsAt: ss[0].Start}
		}
	}
	return s.checkoutPage(rc, p, it.StoreIDs)
}

// loadCourseCheckout is /activity/{storeId}/{courseId}/checkout: a seat
// of the course, in its store.
func loadCourseCheckout(s *Server, rc *reqCtx) (any, error) {
	d, err := loadCourse(s, rc)
	if err != nil {
		return nil, err
	}
	c := d.(*data.CourseDetail)
	p := &wire.CheckoutPage{Kind: data.OrderKindCourse, Course: c, MaxQuantity: 1}
	if rc.brand.ModuleSet().Has(data.ModuleMultiBooking) {
		p.MaxQuantity = rules.MaxSeats
	}
	return s.checkoutPage(rc, p, []int64{c.StoreID})
}

// pageOrder is the order a page names, when it is the member's: else
// not found, as for an unknown order (nothing leaks).
func (s *Server) pageOrder(rc *reqCtx, number string) (*data.Order, error) {
	notFound := &storefront.Error{Kind: storefront.KindNotFound, Code: storefront.CodeOrderNotFound}
	if !orderNumber(number) {
		return nil, notFound
	}
	o, err := s.db.Order(rc.ctx(), rc.brand.ID, number)
	if err != nil {
		return nil, err
	}
	if o.UserID != rc.member.user.ID {
		return nil, notFound
	}
	return o, nil
}

// loadOrderResult is /orderResult/{orderNo} and
// /webUser/orderResult/{orderNo}: the member's order; another's or an
// unknown one is 404.
func loadOrderResult(s *Server, rc *reqCtx) (any, error) {
	o, err := s.pageOrder(rc, rc.params["orderNo"])
	if err != nil {
		return nil, err
	}
	return s.orderResult(rc.r, rc.brand, rc.member, rc.site.BasePath, o)
}

// paymentPage is /{product}-payment/{productType}/{orderNumber}: it hands
// the buyer to the order's provider, NewebPay by a form the page posts at
// once (its script carries the response's CSP nonce, and the policy lets
// this one form go to the gateway), LINE Pay by a redirect to its approval
// page (the app's in the app webview). An order that can no longer be
// paid goes to its result page; an unknown one is 404.
func paymentPage(s *Server, w http.ResponseWriter, rc *reqCtx) {
	if rc.params["product"] == "card" && rc.params["productType"] == "change" { // a recurring order's card change
		cardChangeHandoff(s, w, rc)
		return
	}
	o, err := s.pageOrder(rc, rc.params["orderNumber"])
	if err != nil {
		s.failPage(w, rc, err)
		return
	}
	if rc.params["product"] != o.Kind || rc.params["productType"] != paymentWaySlug[o.PayWay] {
		s.failPage(w, rc, errNoPage)
		return
	}
	h, err := s.checkout.StartPayment(rc.ctx(), o, rc.member.user.Email, s.paymentURLs(rc.brand, o), rc.query.Get("from") == "app")
	switch {
	case err != nil && storefront.ErrorKind(err) == storefront.KindConflict: // paid, failed, cancelled or expired
		s.redirectUnder(w, rc, "/orderResult/"+o.Number, "", http.StatusSeeOther)
		return
	case err != nil:
		s.failPage(w, rc, err)
		return
	case h.Redirect != "":
		w.Header().Set("Cache-Control", "no-store")
		http.Redirect(w, rc.r, h.Redirect, http.StatusSeeOther)
		return
	}
	s.handoff(w, rc, o, h)
}

// handoff answers the page that posts h's form to the provider.
func (s *Server) handoff(w http.ResponseWriter, rc *reqCtx, o *data.Order, h *checkout.Handoff) {
	nonce := nonceOf(rc.r)
	csp := cspFor(nonce)
	if u, err := url.Parse(h.Form.Action); err == nil && u.Scheme != "" && u.Host != "" {
		csp = strings.Replace(csp, "form-action 'self'", "form-action 'self' "+u.Scheme+"://"+u.Host, 1)
	}
	w.Header().Set("Content-Security-Policy", csp)
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	if err := handoffPage.Execute(w, struct {
		Brand, Nonce, Action string
		Fields               [][2]string
	}{rc.brand.Name, nonce, h.Form.Action, h.Form.Fields}); err != nil && !errors.Is(err, http.ErrHandlerTimeout) {
		s.log.Error("payment page", "order", o.Number, "err", err)
	}
}

// handoffPage posts the provider's form as soon as it loads (a button for
// a browser without scripts).
var handoffPage = template.Must(template.New("handoff").Parse(`<!doctype html>
<html lang="zh-Hant"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>前往付款｜{{.Brand}}</title></head>
<body style="font-family:sans-serif;text-align:center;padding:48px 16px">
<form id="pay" method="post" action="{{.Action}}">
{{range .Fields}}<input type="hidden" name="{{index . 0}}" value="{{index . 1}}">
{{end}}<p>正在前往付款頁面，請稍候…</p>
<button type="submit">前往付款</button>
</form>
<script nonce="{{.Nonce}}">document.getElementById('pay').submit();</script>
</body></html>
`))
