package host

import (
	"net/http"
	"storefront"
	"storefront/data"
	"storefront/host/wire"
	"storefront/rules"
)

// The plan calls (FIND_PLAN): the plans on sale, a plan's fee and its
// precheck, adapters over checkout's precheck.

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
	page, err := s.db.Items(r.Context(), b.ID, data.ItemFilter{Modules: b.ModuleSet(), Day: rules.Day(s.now())}, 1, 0)
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
		q.fail(storefront.TextItemTypeUnsupported + t)
	}
	id := q.id("itemId", storefront.TextLabelItem)
	n := q.intIn("quantity", storefront.TextLabelQuantity, 1, 1, rules.MaxItemQuantity)
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
	q, err := s.checkout.Precheck(r.Context(), b, m.user, checkoutFlow(r, req))
	if err != nil {
		return nil, err
	}
	return precheckAnswer(q), nil
}
