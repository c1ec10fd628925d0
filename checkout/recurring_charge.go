package checkout

import (
	"cmp"
	"context"
	"fmt"
	"storefront"
	"time"

	"storefront/data"
	"storefront/rules"
)

// The transactions of a recurring order (see recurring.go): making a
// mandate, applying a period's result, settling the refund of a period
// charged twice. Each locks the order's rows in the order the order's
// other flows do (the order, then its plan) and asks rules/ (the order
// state table, the mandate and period rules of order_recurring.go).

var (
	errNotRecurring  = &storefront.Error{Kind: storefront.KindNotFound, Code: storefront.CodeNotRecurring}
	errPeriodNoOther = &storefront.Error{Kind: storefront.KindInvalid, Code: storefront.CodePaymentFailed, Message: storefront.TextPeriodNoMismatch}
)

// newMandate records a mandate about to be made for order number. The
// first (change false) is for an unpaid order: it records the order's
// terms (terms) once and charges period 1 at creation. A card change
// (change true) is for a paid order with periods left
// (rules.CardChangeMandate); onlyFailed refuses one when no period was
// declined.
func (f *Flows) newMandate(ctx context.Context, number string, terms data.RecurringTerms, change, onlyFailed bool, now time.Time) (*data.Mandate, error) {
	var m *data.Mandate
	err := f.DB.InTx(ctx, func(t *data.Tx) error {
		o, err := t.LockOrder(number)
		if err != nil {
			return err
		}
		if o.PayWay != data.PayWayRecurring {
			return errNotRecurring
		}
		n, err := t.CountMandates(o.ID)
		if err != nil {
			return err
		}
		if n >= rules.MaxMandates {
			return rules.ErrTooManyMandates
		}
		var plan rules.MandatePlan
		if !change {
			if _, err := rules.OrderNext(o.State, rules.EventHandOff); err != nil {
				return err
			}
			if err := t.AddPlan(o.ID, o.Amount, terms, now); err != nil {
				return err
			}
			plan = rules.FirstMandate(terms.Periods)
		} else {
			if o.State != data.OrderPaid {
				return errNotRecurring
			}
			p, err := t.LockPlan(o.ID)
			if err != nil {
				return err
			}
			terms.Amount, terms.PeriodType, terms.PeriodPoint = p.Terms.Amount, p.Terms.PeriodType, p.Terms.PeriodPoint
			if plan, err = rules.CardChangeMandate(p.Terms.Periods, p.Last, p.Failed, onlyFailed); err != nil {
				return err
			}
		}
		m = &data.Mandate{OrderID: o.ID, StartType: plan.StartType, First: plan.First, Base: plan.Base, Times: plan.Times, Change: change}
		terms.Periods = m.Times
		if len(o.Lines) > 0 {
			terms.ItemName = o.Lines[0].Name
		}
		m.Terms = terms
		return t.AddMandate(m, now)
	})
	if err != nil {
		return nil, err
	}
	return m, nil
}

// ChargeOutcome is what applying a charge did.
type ChargeOutcome struct {
	Order   *data.Order
	Changed bool // false: a replay, or nothing to do
	Period  int  // the order's period it was (0: a ten-dollar check)
	// Replaced are the mandates a successful card change ended here: the
	// caller terminates them at the provider.
	Replaced []data.Mandate
	Mailed   bool
	// Invoiced: an invoice (of the period or the second charge) was queued.
	Invoiced bool
	// Refund is a duplicate charge this call claimed: the caller asks the
	// provider to refund it, then settles it (settleRefund).
	Refund *data.DuplicateCharge
}

// ApplyCharge records a verified periodic result in one transaction: the
// mandate's creation (activating it, ending the mandates it replaces,
// and paying the period it charges) or a later period. A paid period
// extends the order's holdings to cover every period paid and clears
// payment-failed when no declined period is left; a declined one marks
// them payment-failed and, when the order was not failed already, queues
// the failure mail; a paid one, the plan not failed, queues the next
// period's renewal notice (renewal.go). Each (order, period) changes
// once (rules.PeriodNext): a replay is a no-op; a paid period never goes
// back to failed; a second trade for a paid period is claimed for
// refund. The amount must be the order's period amount
// (ErrAmountMismatch), the PeriodNo the mandate's. The first period of
// the first mandate is Pay's (call it before).
func (f *Flows) ApplyCharge(ctx context.Context, c data.Charge) (*ChargeOutcome, error) {
	out := &ChargeOutcome{}
	err := f.DB.InTx(ctx, func(t *data.Tx) error {
		m, err := t.MandateByNo(c.MerOrderNo)
		if err != nil {
			return err
		}
		plan, err := t.LockPlan(m.OrderID)
		if err != nil {
			return err
		}
		if err := t.MandateState(m); err != nil { // again, now that its order's plan is locked
			return err
		}
		switch {
		case c.Amount != plan.Terms.Amount:
			return ErrAmountMismatch
		case m.PeriodNo != "" && c.PeriodNo != m.PeriodNo:
			return errPeriodNoOther
		}
		if c.Created {
			to, ignore := rules.MandateCreated(m.State, c.Paid)
			switch {
			case ignore: // a replay
				return nil
			case to == rules.MandateFailed:
				out.Changed = true
				return t.MandateFailed(m.ID, c.Failure)
			}
			if out.Replaced, err = t.ActivateMandate(m, c); err != nil {
				return err
			}
			out.Changed = true
			if m.First == nil { // a ten-dollar check: no period
				return nil
			}
			out.Period, err = rules.PeriodWithin(*m.First, plan.Terms.Periods)
		} else {
			out.Period, err = rules.ChargedPeriod(m.State, m.Base, c.AlreadyTimes, plan.Terms.Periods)
		}
		if err != nil {
			return err
		}
		if !c.Created && !c.Paid { // declined while the membership is frozen: nothing is owed for it
			if frozen, err := f.frozenCharge(t, m.OrderID, c); err != nil || frozen {
				return err
			}
		}
		prior, priorTrade, err := t.PeriodCharge(m.OrderID, out.Period)
		if err != nil {
			return err
		}
		state := rules.ChargeFailed
		if c.Paid {
			state = rules.ChargePaid
		}
		switch rules.PeriodNext(prior, c.Paid, priorTrade, c.TradeNo) {
		case rules.PeriodReplay:
			return nil
		case rules.PeriodDuplicate: // money received, to refund: invoiced, then undone
			if out.Refund, err = t.ClaimDuplicate(m, out.Period, c); err != nil || out.Refund == nil {
				return err
			}
			out.Invoiced, err = queueInvoice(t, data.NewInvoice{OrderID: m.OrderID, Period: out.Period, SecondChargeID: out.Refund.ID, Amount: c.Amount, At: c.At})
			return err
		}
		paid, failed, err := t.ChargePeriod(m, out.Period, state, c)
		if err != nil {
			return err
		}
		out.Changed = true
		if c.Paid { // period 1 of the first mandate was Pay's: the same invoice
			if out.Invoiced, err = queueInvoice(t, data.NewInvoice{OrderID: m.OrderID, Period: out.Period, Amount: c.Amount, At: c.At}); err != nil {
				return err
			}
		}
		o, err := t.OrderOf(m.OrderID)
		if err != nil {
			return err
		}
		step, err := rules.OrderNext(o.State, rules.EventPeriod)
		if err != nil {
			return err
		}
		cause := fmt.Sprintf("period %d %s", out.Period, state)
		if err := t.AddOrderEvent(o.ID, o.State, step.To, data.Change{Cause: cause, Digest: c.Digest, At: c.At}); err != nil {
			return err
		}
		if err := t.ExtendHoldings(o.ID, paid*plan.PerValue, plan.Unit, failed != nil); err != nil {
			return err
		}
		if c.Paid && failed == nil { // the next period's notice (a failed plan's waits for the card change)
			if err := queueRenewal(t, o, plan, out.Period, chargedOn(c), f.Now()); err != nil {
				return err
			}
		}
		if c.Paid || plan.Failed != nil || f.Shop == nil { // mailed when its first declined period was
			return nil
		}
		if out.Order, err = t.OrderOf(o.ID); err != nil {
			return err
		}
		out.Mailed = true
		return f.queuePeriodFailed(ctx, t, out.Order, out.Period)
	})
	if err != nil {
		return nil, err
	}
	if out.Order == nil {
		_, number, err := f.DB.MandateOf(ctx, c.MerOrderNo)
		if err != nil {
			return nil, err
		}
		if out.Order, err = f.DB.Order(ctx, "", number); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// frozenCharge is whether charge c of order id fell on a day its member's
// membership was frozen. The plan is suspended at NewebPay for a freeze,
// so no charge comes for those days; one that still comes (the
// suspension not yet made) is not a normal period: declined, it is not
// recorded (no payment-failed, no mail, no card change re-charges it),
// since nothing is owed while frozen. One paid is applied as the period it
// paid: the money bought it, and the member's end moved by the freeze
// too.
func (f *Flows) frozenCharge(t *data.Tx, id int64, c data.Charge) (bool, error) {
	o, err := t.OrderOf(id)
	if err != nil {
		return false, err
	}
	return t.Frozen(o.UserID, chargedOn(c))
}

// chargedOn is the Taipei day charge c was made on (YYYY-MM-DD): the
// gateway's, else the day it came.
func chargedOn(c data.Charge) string {
	return cmp.Or(c.Day, rules.DayOf(c.At).String())
}

// settleRefund records the provider's answer to duplicate charge d's
// refund in one transaction: refunded (failure nil: an order event and
// the member's mail, once) or not (it waits for a later try).
func (f *Flows) settleRefund(ctx context.Context, d *data.DuplicateCharge, failure error, at time.Time) error {
	return f.DB.InTx(ctx, func(t *data.Tx) error {
		if failure != nil {
			return t.RefundAttemptFailed(d.ID, failure.Error())
		}
		orderID, err := t.RefundMade(d.ID, at)
		if err != nil || orderID == 0 {
			return err
		}
		o, err := t.OrderOf(orderID)
		if err != nil {
			return err
		}
		step, err := rules.OrderNext(o.State, rules.EventPeriod)
		if err != nil {
			return err
		}
		cause := fmt.Sprintf("refunded a second charge for period %d: trade %s, NT$%d", d.Period, d.TradeNo, d.Amount)
		if err := t.AddOrderEvent(orderID, o.State, step.To, data.Change{Cause: cause, At: at}); err != nil {
			return err
		}
		inv, err := t.InvoiceOfSecondCharge(d.ID)
		if err != nil {
			return err
		}
		if err := queueUndo(t, inv); err != nil {
			return err
		}
		return f.queueRefunded(ctx, t, o, d.Period, d.Amount)
	})
}
