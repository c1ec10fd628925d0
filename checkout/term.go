package checkout

import (
	"context"
	"fmt"
	"storefront"
	"strings"

	"storefront/data"
	"storefront/rules"
)

// Term-schedule purchase and overdue counting passcards: the
// account checks run before a term purchase (spec section 5), and what
// Precheck does for an order of kind term or overdue. The order itself is
// CreateOrder's, paid through the same providers; its seats are held in
// the order's transaction (data/term_sales.go) and the debt settled in the
// payment's (data/counting.go).

// Term check actions (GET .../termSchedule/{id}/check/{action}/{account}).
const (
	TermActionTrial    = "trial"    // a trial session the member may take
	TermActionPurchase = "purchase" // the class bought whole (pro rata once begun)
	TermActionInterim  = "interim"  // the class joined part-way: the term has begun
)

// TermActions lists the actions a check accepts.
var TermActions = []string{TermActionTrial, TermActionPurchase, TermActionInterim}

// TermCheck is a check that passed: the class (nil for a trial check of
// the whole term) and the price its action costs now.
type TermCheck struct {
	Action string
	Offer  *data.TermOffer
	Price  int
}

// CheckTerm runs the account check action for member u on class classID
// (0: any class of term termID, for a trial check) of term termID (0: the
// class's own term). A trial: the member has had no trial of the term, and
// the class has one with a seat in its next session. A purchase: a session
// is left, every session to come has a seat, and the member has not bought
// the class. An interim purchase also needs the term begun.
func (f *Flows) CheckTerm(ctx context.Context, b *data.Brand, u *data.User, termID, classID int64, action string) (*TermCheck, error) {
	switch action {
	case TermActionTrial, TermActionPurchase, TermActionInterim:
	default:
		return nil, refuse(storefront.KindInvalid, storefront.CodeBadRequest,
			fmt.Sprintf(storefront.TextUnknownAction, strings.Join(TermActions, "、")))
	}
	now := f.Now()
	offers, err := f.DB.TermOffers(ctx, b.ID, termID, classID, now)
	if err != nil {
		return nil, err
	}
	if len(offers) == 0 {
		return nil, refuse(storefront.KindNotFound, storefront.CodeNotFound, storefront.TextNoTermClass)
	}
	c := &TermCheck{Action: action}
	if classID != 0 {
		c.Offer = &offers[0]
		termID = c.Offer.TermScheduleID
	}
	trialUsed, enrolled, err := f.DB.TermHolds(ctx, u.ID, termID, classID)
	if err != nil {
		return nil, err
	}
	if action == TermActionTrial {
		if trialUsed {
			return nil, data.ErrTrialUsed
		}
		if c.Offer == nil {
			return c, nil
		}
		switch o := c.Offer; {
		case o.TrialPrice == nil:
			return nil, refuse(storefront.KindInvalid, storefront.CodeTermNoSessions, storefront.TextNoTrial)
		case o.RemainingSessions == 0:
			return nil, data.ErrTermNoSessions
		case o.TrialSeatsLeft <= 0:
			return nil, data.ErrTermFull
		default:
			c.Price = *o.TrialPrice
		}
		return c, nil
	}
	if c.Offer == nil {
		return nil, refuse(storefront.KindInvalid, storefront.CodeBadRequest, storefront.TextNoClass)
	}
	switch o := c.Offer; {
	case o.RemainingSessions == 0:
		return nil, data.ErrTermNoSessions
	case action == TermActionInterim && !o.Started:
		return nil, refuse(storefront.KindConflict, storefront.CodeBadRequest, storefront.TextTermNotStarted)
	case enrolled:
		return nil, data.ErrTermEnrolled
	case o.SeatsLeft <= 0:
		return nil, data.ErrTermFull
	default:
		c.Price = o.PriceNow
	}
	return c, nil
}

// termLine fills quote q for a term order (Precheck's): the class of the
// term in its course's store, quantity 1, priced by its check (a trial,
// or the class pro rata).
func (f *Flows) termLine(ctx context.Context, b *data.Brand, u *data.User, req Request, store data.Store, q *Quote) error {
	if req.TermScheduleID <= 0 || req.TermClassID <= 0 {
		return refuse(storefront.KindInvalid, storefront.CodeBadRequest, storefront.TextNoTermAndClass)
	}
	if req.Quantity != 1 {
		return refuse(storefront.KindInvalid, storefront.CodeQuantityNotAllowed, storefront.TextTermOneSeat)
	}
	action := TermActionPurchase
	if req.Trial {
		action = TermActionTrial
	}
	c, err := f.CheckTerm(ctx, b, u, req.TermScheduleID, req.TermClassID, action)
	if err != nil {
		return err
	}
	if c.Offer.StoreID != store.ID {
		return refuse(storefront.KindInvalid, storefront.CodeNotSoldInStore, storefront.TextClassNotInStore)
	}
	q.Name, q.UnitPrice = c.Offer.Name, c.Price
	if req.Trial {
		q.Name += storefront.TextTrialSuffix
	}
	return nil
}

// overdueLine fills quote q for an overdue order: what member u's card
// owes, from the charging setting.
func (f *Flows) overdueLine(ctx context.Context, b *data.Brand, u *data.User, req Request, q *Quote) error {
	if req.CountingPasscardID <= 0 {
		return refuse(storefront.KindInvalid, storefront.CodeBadRequest, storefront.TextNoOverdueCard)
	}
	if req.Quantity != 1 {
		return refuse(storefront.KindInvalid, storefront.CodeQuantityNotAllowed, storefront.TextOverdueOneCard)
	}
	c, err := f.DB.OverdueCard(ctx, b.ID, u.ID, req.CountingPasscardID)
	if err != nil {
		return err
	}
	q.Name, q.UnitPrice = storefront.TextOverduePrefix+c.Name, c.Amount
	return nil
}

// OverduePayment is what paying card cardID's debt comes to: the card and
// the amount, at the price the server computes (the page shows it and
// sends it back as Price, compared like any price).
func (f *Flows) OverduePayment(ctx context.Context, b *data.Brand, u *data.User, cardID int64) (*data.OverdueCard, *data.ChargingSetting, error) {
	c, err := f.DB.OverdueCard(ctx, b.ID, u.ID, cardID)
	if err != nil {
		return nil, nil, err
	}
	set, err := f.DB.ChargingSetting(ctx, b.ID)
	return c, set, err
}

// ProRataNote says how a part-way price was reached, for the page.
func ProRataNote(o *data.TermOffer) string {
	if !o.Started || o.RemainingSessions == 0 {
		return ""
	}
	return fmt.Sprintf(storefront.TextProRata, o.RemainingSessions, o.TotalSessions,
		rules.Thousands(o.PriceNow))
}
