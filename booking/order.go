package booking

import (
	"context"
	"storefront"

	"storefront/data"
	"storefront/rules"
)

// Buying what pays for a session: what the booking panel offers when
// nothing the member holds can pay, and the booking of the session a paid
// order was bought to book.

// Offer is what can be bought to pay for a session: a seat of its course
// (SinglePrice, 0: the course sells none alone) and the items sold today
// that would cover it.
type Offer struct {
	Session     *data.SessionInfo
	SinglePrice int
	Items       []data.Item
}

// Offers lists what can be bought to pay for the brand's session.
func (f *Flows) Offers(ctx context.Context, b *data.Brand, scheduleID int64) (*Offer, error) {
	ss, err := f.DB.Sessions(ctx, b.ID, []int64{scheduleID})
	if err != nil {
		return nil, err
	}
	if len(ss) == 0 {
		return nil, &storefront.Error{Kind: storefront.KindNotFound, Code: storefront.CodeNotFound, Message: storefront.TextSessionNotFound}
	}
	if err := sold(b.ModuleSet(), &ss[0]); err != nil {
		return nil, err
	}
	now := f.Now()
	o := &Offer{Session: &ss[0], Items: []data.Item{}}
	c, err := f.DB.Course(ctx, b.ID, o.Session.CourseID, now)
	if err != nil {
		return nil, err
	}
	if !c.TicketOnly && o.Session.TermClassID == 0 {
		o.SinglePrice = c.MinPrice
	}
	items, err := f.DB.Items(ctx, b.ID, data.ItemFilter{Modules: b.ModuleSet(), Day: rules.Day(now)}, 1, 0)
	if err != nil {
		return nil, err
	}
	for _, it := range items.List {
		if rules.PurchasePays(it.Entitlement(o.Session.StoreID, 1), o.Session.Session) == rules.PayOK {
			o.Items = append(o.Items, it)
		}
	}
	return o, nil
}

// OrderKey is the idempotency key of the booking a paid order makes.
func OrderKey(o *data.Order) string { return "order:" + o.Number }

// BookOrder books the member into the session their paid order o was
// bought to book, or (scheduleID not 0) into another session it can pay
// for: of the course whose seat it bought, or one what it bought covers.
// The booking's key is the order's, so asking again (a reload of the
// result page) answers the first booking and books nothing more. An
// order with no session to book answers none; a session full or closed
// meanwhile is the booking's refusal, and what was bought stays the
// member's.
func (f *Flows) BookOrder(ctx context.Context, w Who, o *data.Order, scheduleID int64) ([]int64, error) {
	if o.UserID != w.User.ID || o.State != data.OrderPaid {
		return nil, &storefront.Error{Kind: storefront.KindNotFound, Code: storefront.CodeOrderNotFound}
	}
	if scheduleID == 0 {
		scheduleID = o.BookScheduleID
	}
	if scheduleID == 0 {
		return nil, nil
	}
	// the member chose the session before paying: a clash with another
	// booking of theirs does not undo what they paid for
	req := Request{ScheduleIDs: []int64{scheduleID}, Key: OrderKey(o), AllowConflict: true}
	if o.Kind == data.OrderKindCourse {
		req.Order = o
	}
	return f.Book(ctx, w, req)
}
