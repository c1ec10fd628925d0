package checkout

import (
	"context"
	"errors"
	"storefront"
	"time"

	"storefront/data"
	"storefront/rules"
)

// The moves of an order, each one use case in one transaction: it locks
// the order, asks the order state table (rules.OrderNext) what the event
// does in the order's state, checks what the event needs (the provider and
// amount of a payment, a confirm's lease, the order's time), and applies
// it with data's Tx methods, recording the event. An event the table
// ignores changes nothing and is no error (changed false).
//
// The order flows lock in this order (no booking flow locks an order):
// the order row (LockOrder), then what it sells (a term order's sessions
// in id order, an overdue card), then its recurring plan (LockPlan). ApplyCharge and the refund of a second charge lock the plan
// alone and read the order unlocked, so no flow holding a plan waits on
// an order.

// Refusals of an order's moves.
var (
	// ErrAmountMismatch: a payment whose amount is not the order's; the
	// order is left as it was.
	ErrAmountMismatch   = &storefront.Error{Kind: storefront.KindInvalid, Code: storefront.CodePaymentFailed, Message: storefront.TextAmountMismatch}
	errProviderMismatch = &storefront.Error{Kind: storefront.KindInvalid, Code: storefront.CodePaymentFailed, Message: storefront.TextProviderMismatch}
	errNotDue           = &storefront.Error{Kind: storefront.KindConflict, Message: storefront.TextNotDue}
	// errUnknownOrder refuses a verified message about an order (or a
	// transaction) we do not have.
	errUnknownOrder = &storefront.Error{Kind: storefront.KindNotFound, Code: storefront.CodeOrderNotFound}
)

// move applies event e to order c.Number in one transaction: apply (nil:
// nothing more) runs once the table allowed the move, before the state is
// written; a term order's seats go back when the step says so. It returns
// the order (after the move when it changed) and whether it changed.
func (f *Flows) move(ctx context.Context, c data.Change, e rules.OrderEvent, apply func(t *data.Tx, o *data.Order) error) (*data.Order, bool, error) {
	var o *data.Order
	changed := false
	err := f.DB.InTx(ctx, func(t *data.Tx) (err error) {
		if o, err = t.LockOrder(c.Number); err != nil {
			return err
		}
		step, err := rules.OrderNext(o.State, e)
		if err != nil || step.Ignore {
			return err
		}
		was := o.State
		if apply != nil {
			if err := apply(t, o); err != nil {
				return err
			}
		}
		if step.ReleasesSeats && o.Kind == data.OrderKindTerm {
			if err := t.ReleaseTermSeats(o.ID, c.At); err != nil {
				return err
			}
		}
		if err := t.SetOrderState(o.ID, was, step.To, c); err != nil {
			return err
		}
		changed = true
		return nil
	})
	if err != nil || !changed {
		return o, false, err
	}
	o, err = f.DB.Order(ctx, "", c.Number)
	return o, true, err
}

// Pay marks an order paid once, for payment p: in one transaction it
// checks the provider and the amount (ErrAmountMismatch changes nothing),
// records the payment, creates the holdings of every line (their periods
// by rules.ActivationOnSettle) and queues the receipt. An order paid
// already is returned unchanged (changed false), however often the
// provider repeats itself; a payment for an order that failed, was
// cancelled or expired is still taken (the money moved).
func (f *Flows) Pay(ctx context.Context, p data.Payment) (*data.Order, bool, error) {
	return f.pay(ctx, p, nil)
}

// pay is Pay; also, when given, runs in the paying transaction once the
// provider and amount checked out (a refusal rolls it all back).
func (f *Flows) pay(ctx context.Context, p data.Payment, also func(t *data.Tx, o *data.Order) error) (*data.Order, bool, error) {
	return f.move(ctx, p.Change, rules.EventPay, func(t *data.Tx, o *data.Order) error {
		switch {
		case o.Provider != p.Provider:
			return errProviderMismatch
		case p.Amount != o.Amount:
			return ErrAmountMismatch
		}
		if also != nil {
			if err := also(t, o); err != nil {
				return err
			}
		}
		if err := t.MarkPaid(o.ID, p); err != nil {
			return err
		}
		if err := t.CreateHoldings(o, p.At); err != nil {
			return err
		}
		period := 0
		if o.PayWay == data.PayWayRecurring { // the plan's first period
			period = 1
		}
		invoiced, err := queueInvoice(t, data.NewInvoice{OrderID: o.ID, Period: period, Amount: p.Amount, At: p.At})
		if err != nil {
			return err
		}
		return f.queueReceipt(ctx, t, o, p, invoiced)
	})
}

// Fail records a payment the provider refused, with the reason for the
// buyer: created or awaiting → failed. A paid order stays paid.
func (f *Flows) Fail(ctx context.Context, c data.Change, failure string) (*data.Order, bool, error) {
	return f.fail(ctx, c, failure, nil)
}

// fail is Fail; also, when given, runs in its transaction.
func (f *Flows) fail(ctx context.Context, c data.Change, failure string, also func(t *data.Tx, o *data.Order) error) (*data.Order, bool, error) {
	return f.move(ctx, c, rules.EventFail, func(t *data.Tx, o *data.Order) error {
		if also != nil {
			if err := also(t, o); err != nil {
				return err
			}
		}
		return t.SetFailure(o.ID, failure)
	})
}

// Cancel records that the buyer gave up paying: created or awaiting →
// cancelled; an order a confirm holds is rules.ErrConfirming.
func (f *Flows) Cancel(ctx context.Context, c data.Change) (*data.Order, bool, error) {
	return f.move(ctx, c, rules.EventCancel, func(_ *data.Tx, o *data.Order) error {
		return rules.Confirming(o.ConfirmingUntil, c.At)
	})
}

// ExpireOrder expires an unpaid order whose time is up (created or
// awaiting → expired); one paid meanwhile stays paid, one not due yet is
// refused, one a confirm holds is rules.ErrConfirming.
func (f *Flows) ExpireOrder(ctx context.Context, c data.Change) (*data.Order, bool, error) {
	return f.move(ctx, c, rules.EventExpire, func(_ *data.Tx, o *data.Order) error {
		if o.ExpiresAt.After(c.At) {
			return errNotDue
		}
		return rules.Confirming(o.ConfirmingUntil, c.At)
	})
}

// handOff records that the buyer was handed to the provider: created (or
// already awaiting) → awaiting payment, with what the provider gave (h).
// A paid, failed, cancelled or expired order is refused.
func (f *Flows) handOff(ctx context.Context, c data.Change, h data.Handoff) (*data.Order, error) {
	o, _, err := f.move(ctx, c, rules.EventHandOff, func(t *data.Tx, o *data.Order) error {
		return t.SetHandoff(o.ID, h)
	})
	return o, err
}

// ClaimConfirm claims order c.Number, awaiting the payment of provider's
// transaction tradeNo, for one confirm until until: one short transaction
// that locks the order, sets its lease and records the event; the caller
// then speaks to the provider with no lock held and settles (Pay, Fail) or
// lets go (data.ReleaseConfirm). An order of another provider or
// transaction is storefront.CodeOrderNotFound; one held by a live lease is
// returned with rules.ErrConfirming; one not awaiting payment is returned
// unclaimed.
func (f *Flows) ClaimConfirm(ctx context.Context, c data.Change, provider, tradeNo string, until time.Time) (o *data.Order, claimed bool, err error) {
	err = f.DB.InTx(ctx, func(t *data.Tx) (err error) {
		if o, err = t.LockOrder(c.Number); err != nil {
			return err
		}
		if o.Provider != provider || o.ProviderTradeNo == "" || o.ProviderTradeNo != tradeNo {
			return errUnknownOrder
		}
		step, err := rules.OrderNext(o.State, rules.EventClaimConfirm)
		if err != nil || step.Ignore {
			return err
		}
		if err := rules.Confirming(o.ConfirmingUntil, c.At); err != nil {
			return err
		}
		if err := t.SetConfirmLease(o.ID, until, c.At); err != nil {
			return err
		}
		o.ConfirmingUntil, claimed = &until, true
		return t.AddOrderEvent(o.ID, o.State, step.To, c)
	})
	switch {
	case errors.Is(err, rules.ErrConfirming):
		return o, false, err
	case err != nil:
		return nil, false, err
	}
	return o, claimed, nil
}
