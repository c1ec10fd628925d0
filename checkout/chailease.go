package checkout

import (
	"context"
	"net/url"
	"storefront"

	"storefront/data"
	"storefront/providers"
)

// Chailease instalments: the buyer is sent to the provider
// (the payment page's redirect, StartPayment) and comes back; the order
// is paid only when the instalment completes (ApplyChaileaseResult), so
// what it sold starts then (rules.ActivationOnSettle).

// chaileaseHandoff is where the buyer applies for order o's instalments;
// the order then awaits the provider's result.
func (f *Flows) chaileaseHandoff(ctx context.Context, c providers.Chailease, o *data.Order, change data.Change, resultURL string) (*Handoff, error) {
	u, err := c.ApplyURL(providers.ChaileaseApplication{OrderNo: o.Number, Amount: o.Amount, ItemDesc: itemDesc(o),
		ReturnURL: resultURL, NotifyURL: resultURL, Now: change.At})
	if err != nil {
		return nil, errProvider(err)
	}
	if _, err := f.handOff(ctx, change, data.Handoff{}); err != nil {
		return nil, err
	}
	return &Handoff{Redirect: u}, nil
}

// ApplyChaileaseResult believes a Chailease result (the notification's
// form or the buyer's return, kind) only when its signature and merchant
// verify with the account of the brand of the order it names, a Chailease
// order: COMPLETED pays the order once
// with the instalments chosen (an amount that is not the order's is
// refused, the order unchanged), DECLINED fails it with the reason. A
// repeat changes nothing. Every message is kept in the audit.
func (f *Flows) ApplyChaileaseResult(ctx context.Context, fields url.Values, kind string) (*data.Order, error) {
	now := f.Now()
	cb := data.Callback{Provider: data.ProviderChailease, Kind: kind, Digest: digest(fields.Encode()), At: now}
	o, a, err := f.orderAccounts(ctx, cb, fields.Get("orderNo"))
	if err != nil {
		return nil, err
	}
	res, err := a.Chailease.Result(fields)
	if err != nil {
		cb.Outcome = "refused: " + err.Error()
		f.audit(ctx, cb)
		f.Log.Warn("Chailease message refused", "kind", kind, "err", err)
		return nil, errBadMessage
	}
	cb.Verified, cb.OrderNumber, cb.Status, cb.TradeNo, cb.Amount = true, res.OrderNo, res.Status, res.TradeNo, &res.Amount
	if o.Provider != data.ProviderChailease || res.OrderNo != o.Number {
		return nil, f.unjudged(ctx, cb, nil, errUnknownOrder, "not a Chailease order")
	}
	change := data.Change{Number: res.OrderNo, Cause: "Chailease " + kind + ": " + res.Status, Digest: cb.Digest, At: now}
	var changed bool
	if res.Completed() {
		o, changed, err = f.pay(ctx, data.Payment{Change: change, Provider: data.ProviderChailease, TradeNo: res.TradeNo,
			Amount: res.Amount}, func(t *data.Tx, o *data.Order) error { return t.SetInstalments(o.ID, res.Instalments) })
	} else {
		o, changed, err = f.Fail(ctx, change, storefront.TextChaileaseDeclined+failureText(res.Reason))
	}
	return f.settled(ctx, cb, o, changed, err)
}
