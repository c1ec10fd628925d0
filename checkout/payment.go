package checkout

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"net/url"
	"storefront"
	"strings"
	"time"

	"storefront/data"
	"storefront/providers"
	"storefront/rules"
)

// URLs are the absolute addresses a provider sends the buyer or its
// messages to, all on the trusted public origin (host builds them).
type URLs struct {
	NotifyURL string // NewebPay's server-to-server notification
	ReturnURL string // NewebPay's browser return
	ResultURL string // the order result page (NewebPay's ClientBackURL)
	// LINE Pay's confirmUrl and cancelUrl
	ConfirmURL, CancelURL string
	// NewebPay's periodic NotifyURL and ReturnURL (payment way '1')
	PeriodNotifyURL, PeriodReturnURL string
	// ChaileaseURL is Chailease's returnUrl and notifyUrl (one path: the
	// browser's GET, the provider's POST)
	ChaileaseURL string
}

// Handoff is how the buyer's browser goes to the provider: a form it posts
// (NewebPay) or a URL it opens (LINE Pay).
type Handoff struct {
	Form     *providers.PostForm
	Redirect string
}

// errProvider is a provider that could not be reached or refused the
// request: the buyer may try again.
func errProvider(err error) error {
	return &storefront.Error{Kind: storefront.KindUnavailable, Code: storefront.CodePaymentFailed, Message: storefront.TextProviderDown, Err: err}
}

// StartPayment hands member u's order o to its provider: a NewebPay MPG
// form, or a LINE Pay payment request (made once per order; a reload goes
// to the same approval page). The order is then awaiting payment. An
// order past its time is refused (the expiry worker settles or expires
// it); a paid, failed or cancelled one is not payable.
func (f *Flows) StartPayment(ctx context.Context, o *data.Order, email string, urls URLs, app bool) (*Handoff, error) {
	now := f.Now()
	change := data.Change{Number: o.Number, Cause: "handed to " + o.Provider, At: now}
	if !o.ExpiresAt.After(now) && (o.State == data.OrderCreated || o.State == data.OrderAwaitingPayment) {
		return nil, refuse(storefront.KindConflict, storefront.CodeOrderExpired, storefront.TextOrderExpired)
	}
	if _, err := rules.OrderNext(o.State, rules.EventHandOff); err != nil {
		return nil, err
	}
	acc, err := f.accounts(ctx, o.BrandID)
	if err != nil {
		return nil, err
	}
	if !acc.Has(providerAccount[o.Provider]) { // the brand's account went since the order was made
		return nil, refuse(storefront.KindInvalid, storefront.CodePayWayNotAccepted, "")
	}
	switch o.Provider {
	case data.ProviderNewebPay:
		if o.PayWay == data.PayWayRecurring {
			return f.startMandate(ctx, acc.NewebPay, o, email, urls, now)
		}
		form, err := acc.NewebPay.Checkout(providers.MPGOrder{MerchantOrderNo: o.Number, Amount: o.Amount, ItemDesc: itemDesc(o),
			Email: email, NotifyURL: urls.NotifyURL, ReturnURL: urls.ReturnURL, ClientBackURL: urls.ResultURL, Now: now})
		if err != nil {
			return nil, errProvider(err)
		}
		if _, err := f.handOff(ctx, change, data.Handoff{}); err != nil {
			return nil, err
		}
		return &Handoff{Form: &form}, nil
	case data.ProviderLinePay:
		a := o.Approval
		if a.TradeNo == "" {
			r, err := acc.LinePay.Request(ctx, providers.LinePayRequest{OrderID: o.Number, Amount: o.Amount, ProductName: itemDesc(o),
				ConfirmURL: urls.ConfirmURL, CancelURL: urls.CancelURL})
			if err != nil {
				return nil, errProvider(err)
			}
			a = data.Handoff{TradeNo: r.TransactionID, WebURL: r.WebURL, AppURL: r.AppURL}
			change.Digest = digest(r.TransactionID)
			if _, err := f.handOff(ctx, change, a); err != nil {
				return nil, err
			}
		}
		if app && a.AppURL != "" {
			return &Handoff{Redirect: a.AppURL}, nil
		}
		return &Handoff{Redirect: a.WebURL}, nil
	}
	if o.Provider == data.ProviderChailease {
		return f.chaileaseHandoff(ctx, acc.Chailease, o, change, urls.ChaileaseURL)
	}
	return nil, refuse(storefront.KindInvalid, storefront.CodePayWayNotAccepted, "")
}

// providerAccount is the kind of merchant account each provider's
// orders are paid into.
var providerAccount = map[string]string{data.ProviderNewebPay: providers.AccountNewebPay, data.ProviderLinePay: providers.AccountLinePay,
	data.ProviderACH: providers.AccountACH, data.ProviderChailease: providers.AccountChailease}

// itemDesc names what the order sells, for the provider's page.
func itemDesc(o *data.Order) string {
	if len(o.Lines) == 0 {
		return storefront.TextOrderPrefix + o.Number
	}
	return o.Lines[0].Name
}

// digest is the SHA-256 of a provider's payload, hex.
func digest(payload string) string {
	h := sha256.Sum256([]byte(payload))
	return hex.EncodeToString(h[:])
}

// Kinds of provider message.
const (
	KindNotify  = "notify"
	KindReturn  = "return"
	KindConfirm = "confirm"
	KindCancel  = "cancel"
	KindQuery   = "query" // the expiry worker asked the provider
)

// errBadMessage is a provider message that does not verify: refused,
// nothing changes.
var errBadMessage = &storefront.Error{Kind: storefront.KindInvalid, Code: storefront.CodePaymentFailed, Message: storefront.TextBadMessage}

// ApplyNewebPayResult believes a NewebPay NotifyURL or ReturnURL message
// (kind) posted to brand brandID's URL only when its TradeSha and
// MerchantID verify with that brand's account and it names an order of
// that brand (another brand's keys or order is refused, nothing changes;
// NewebPay's message names its order only inside TradeInfo, so the URL
// chooses the keys): a success pays the
// order once (holdings and receipt in the same transaction; a repeat
// changes nothing), a failure fails it with the provider's message, an
// amount that is not the order's is refused and logged with the order
// unchanged. Every message is kept in the audit (provider_callbacks).
func (f *Flows) ApplyNewebPayResult(ctx context.Context, brandID string, form url.Values, kind string) (*data.Order, error) {
	now := f.Now()
	cb := data.Callback{Provider: data.ProviderNewebPay, Kind: kind, Digest: digest(form.Encode()), At: now}
	a, err := f.accounts(ctx, brandID)
	if err != nil {
		return nil, f.unjudged(ctx, cb, err, errBadMessage, "")
	}
	res, err := a.NewebPay.Result(form)
	if err != nil {
		cb.Outcome = "refused: " + err.Error()
		f.audit(ctx, cb)
		f.Log.Warn("NewebPay message refused", "kind", kind, "err", err)
		return nil, errBadMessage
	}
	cb.Verified, cb.OrderNumber, cb.Status, cb.TradeNo = true, res.MerchantOrderNo, res.Status, res.TradeNo
	cb.Amount = &res.Amount
	if _, err := f.brandOrder(ctx, cb, brandID, res.MerchantOrderNo); err != nil {
		return nil, err
	}
	change := data.Change{Number: res.MerchantOrderNo, Cause: "NewebPay " + kind + ": " + res.Status, Digest: cb.Digest, At: now}
	var o *data.Order
	var changed bool
	if res.Paid() {
		o, changed, err = f.Pay(ctx, data.Payment{Change: change, Provider: data.ProviderNewebPay, TradeNo: res.TradeNo,
			Amount: res.Amount, CardLast4: last4(res.Card4No)})
	} else {
		o, changed, err = f.Fail(ctx, change, failureText(res.Message))
	}
	return f.settled(ctx, cb, o, changed, err)
}

// unjudged answers a message whose order (or mandate) is not the one it
// names (err nil) or whose lookup failed with err: a verified absence is
// refused (4xx); any other failure is ours and passed on (5xx: the
// provider sends it again). Both are audited.
func (f *Flows) unjudged(ctx context.Context, cb data.Callback, err, refusal error, why string) error {
	if err == nil || storefront.ErrorKind(err) == storefront.KindNotFound {
		cb.Outcome = "refused: " + why
		f.audit(ctx, cb)
		return refusal
	}
	cb.Outcome = "not judged (ours, to retry): " + err.Error()
	f.audit(ctx, cb)
	return err
}

// brandOrder is order number when it is brand brandID's: a verified
// message about another brand's order, or an order we do not have, is
// refused (4xx) and logged; a lookup that fails for our fault is passed
// on (5xx). Both are audited.
func (f *Flows) brandOrder(ctx context.Context, cb data.Callback, brandID, number string) (*data.Order, error) {
	o, err := f.DB.Order(ctx, "", number)
	if err != nil {
		return nil, f.unjudged(ctx, cb, err, errBadMessage, "unknown order")
	}
	if o.BrandID != brandID {
		f.Log.Warn("provider message refused: another brand's order", "provider", cb.Provider, "brand", brandID, "order", number)
		return nil, f.unjudged(ctx, cb, nil, errBadMessage, "another brand's order")
	}
	return o, nil
}

// orderAccounts are the accounts of the brand of order number, named by a
// message not yet verified (whose keys are that brand's): an order we do
// not have is refused (4xx), a lookup that fails for our fault is passed
// on (5xx); both are audited.
func (f *Flows) orderAccounts(ctx context.Context, cb data.Callback, number string) (*data.Order, providers.Accounts, error) {
	o, err := f.DB.Order(ctx, "", number)
	if err != nil {
		return nil, providers.Accounts{}, f.unjudged(ctx, cb, err, errBadMessage, "unknown order")
	}
	a, err := f.accounts(ctx, o.BrandID)
	if err != nil {
		return nil, providers.Accounts{}, f.unjudged(ctx, cb, err, errBadMessage, "")
	}
	return o, a, nil
}

// settled records a verified message's outcome in the audit and logs a
// refused one.
func (f *Flows) settled(ctx context.Context, cb data.Callback, o *data.Order, changed bool, err error) (*data.Order, error) {
	switch {
	case err != nil:
		cb.Outcome = "refused: " + storefront.AsError(err).Message
		if errors.Is(err, ErrAmountMismatch) {
			f.Log.Warn("payment refused: amount differs from the order", "provider", cb.Provider, "order", cb.OrderNumber,
				"amount", cb.Amount, "trade_no", cb.TradeNo)
		}
	case changed:
		cb.Outcome = "applied: " + o.State
		if o.State == data.OrderPaid && f.Queued != nil {
			f.Queued()
		}
	default:
		cb.Outcome = "no change: order " + o.State
	}
	f.audit(ctx, cb)
	return o, err
}

// audit keeps a provider message; a failure to keep it is logged, never
// the buyer's problem.
func (f *Flows) audit(ctx context.Context, cb data.Callback) {
	repeat, err := f.DB.RecordCallback(context.WithoutCancel(ctx), cb)
	if err != nil {
		f.Log.Error("provider callback audit", "provider", cb.Provider, "order", cb.OrderNumber, "err", err)
	} else if repeat {
		f.Log.Info("provider message repeated", "provider", cb.Provider, "kind", cb.Kind, "order", cb.OrderNumber, "outcome", cb.Outcome)
	}
}

// last4 keeps the last 4 digits of a card number the provider gave
// (masked or not); "" when there are none.
func last4(card string) string {
	digits := strings.Map(func(r rune) rune {
		if r >= '0' && r <= '9' {
			return r
		}
		return -1
	}, card)
	if len(digits) < 4 {
		return ""
	}
	return digits[len(digits)-4:]
}

// failureText is the provider's reason, or ours when it gave none.
func failureText(msg string) string {
	if strings.TrimSpace(msg) == "" {
		return storefront.TextPaymentNotDone
	}
	return msg
}

// ConfirmLease is how long a LINE Pay confirm holds its order: longer
// than the confirm call may take (LINE Pay's read timeout, 20 s).
const ConfirmLease = time.Minute

// ConfirmLinePay confirms a LINE Pay payment the buyer approved (the
// confirmUrl), only for the order that requested transactionID, with the
// order's amount from the database: it claims the order for ConfirmLease
// in a short transaction, calls LINE Pay with no lock held and settles in
// a second transaction. A confirm while another holds the order returns
// it with rules.ErrConfirming (processing: the result page shows the
// outcome); a lease past its time is claimed again. A confirm whose
// answer was lost is checked with LINE Pay (a second confirm is refused
// as a repeat). An order not awaiting payment is returned as it is.
func (f *Flows) ConfirmLinePay(ctx context.Context, orderNo, transactionID string) (*data.Order, error) {
	now := f.Now()
	cb := data.Callback{Provider: data.ProviderLinePay, Kind: KindConfirm, OrderNumber: orderNo, TradeNo: transactionID,
		Digest: digest("confirm:" + orderNo + ":" + transactionID), At: now}
	change := data.Change{Number: orderNo, Cause: "LINE Pay confirm", Digest: cb.Digest, At: now}
	o, claimed, err := f.ClaimConfirm(ctx, data.Change{Number: orderNo, Cause: "LINE Pay confirm claimed", Digest: cb.Digest, At: now},
		data.ProviderLinePay, transactionID, now.Add(ConfirmLease))
	switch {
	case errors.Is(err, rules.ErrConfirming):
		cb.Verified, cb.Outcome = true, "processing: another confirm holds the order"
		f.audit(ctx, cb)
		return o, err
	case err != nil:
		return nil, f.unjudged(ctx, cb, err, errUnknownOrder, "unknown order or transaction")
	}
	cb.Verified = true
	if !claimed {
		return f.settled(ctx, cb, o, false, nil)
	}
	a, err := f.accounts(ctx, o.BrandID) // the order's brand's channel
	if err != nil {
		cb.Outcome = "not judged (ours, to retry): " + err.Error()
		f.audit(ctx, cb)
		if rerr := f.DB.ReleaseConfirm(context.WithoutCancel(ctx), o.Number); rerr != nil {
			f.Log.Error("LINE Pay confirm: release", "order", o.Number, "err", rerr)
		}
		return nil, err
	}
	conf, err := a.LinePay.Confirm(ctx, transactionID, o.Amount)
	var lpErr *providers.LinePayError
	if errors.As(err, &lpErr) && lpErr.Code == providers.LinePayOrderIDExists {
		// confirmed before, its answer lost: ask LINE Pay
		status, cerr := a.LinePay.Check(ctx, transactionID)
		if cerr == nil && status == providers.LinePayStatusPaid {
			conf, err = providers.LinePayConfirm{OrderID: o.Number, TransactionID: transactionID, Amount: o.Amount}, nil
		}
	}
	switch {
	case errors.As(err, &lpErr):
		cb.Status = lpErr.Code
		o, changed, ferr := f.Fail(ctx, change, fmt.Sprintf(storefront.TextLinePayNotDone, lpErr.Code))
		f.settled(ctx, cb, o, changed, ferr)
		return o, refuse(storefront.KindConflict, storefront.CodePaymentFailed, "")
	case err != nil: // unreachable: the buyer may come back to confirm again
		cb.Outcome = "provider unreachable"
		f.audit(ctx, cb)
		if rerr := f.DB.ReleaseConfirm(context.WithoutCancel(ctx), o.Number); rerr != nil {
			f.Log.Error("LINE Pay confirm: release", "order", o.Number, "err", rerr)
		}
		return nil, errProvider(err)
	}
	cb.Status, cb.Amount = providers.LinePayOK, &conf.Amount
	o, changed, err := f.Pay(ctx, data.Payment{Change: change, Provider: data.ProviderLinePay, TradeNo: transactionID,
		Amount: conf.Amount, CardLast4: last4(conf.MaskedCard)})
	return f.settled(ctx, cb, o, changed, err)
}

// CancelLinePay records that the buyer cancelled on LINE Pay's page (the
// cancelUrl, to which LINE Pay adds transactionId and orderId): only the
// order that requested transactionID, still unpaid, is cancelled; one a
// confirm holds is returned with rules.ErrConfirming.
func (f *Flows) CancelLinePay(ctx context.Context, orderNo, transactionID string) (*data.Order, error) {
	now := f.Now()
	cb := data.Callback{Provider: data.ProviderLinePay, Kind: KindCancel, OrderNumber: orderNo, TradeNo: transactionID,
		Digest: digest("cancel:" + orderNo + ":" + transactionID), At: now}
	o, err := f.DB.Order(ctx, "", orderNo)
	if err != nil || o.Provider != data.ProviderLinePay || o.ProviderTradeNo == "" || o.ProviderTradeNo != transactionID {
		return nil, f.unjudged(ctx, cb, err, errUnknownOrder, "unknown order or transaction")
	}
	cb.Verified = true
	o, changed, err := f.Cancel(ctx, data.Change{Number: o.Number, Cause: "LINE Pay cancel", Digest: cb.Digest, At: now})
	return f.settled(ctx, cb, o, changed, err)
}

// TestPay pays order o as its provider would (the dev environment's
// /api/test/payment): through the same Pay.
func (f *Flows) TestPay(ctx context.Context, o *data.Order) (*data.Order, error) {
	now := f.Now()
	o, changed, err := f.Pay(ctx, data.Payment{Change: data.Change{Number: o.Number, Cause: "test payment (dev)", At: now},
		Provider: o.Provider, TradeNo: "TEST" + o.Number, Amount: o.Amount, CardLast4: "1111"})
	if err == nil && changed && f.Queued != nil {
		f.Queued()
	}
	return o, err
}

// expire expires one order past its time, with cause; it reports whether
// it did.
func (f *Flows) expire(ctx context.Context, number string, now time.Time, cause string) bool {
	_, changed, err := f.ExpireOrder(ctx, data.Change{Number: number, Cause: cause, At: now})
	if err != nil && storefront.ErrorKind(err) != storefront.KindConflict {
		f.Log.Error("expire order", "order", number, "err", err)
	}
	return changed
}

// Expire settles or expires the orders whose time is up, up to limit:
// what the expiry worker does each round. An order awaiting a provider
// that can be asked (NewebPay's trade query, LINE Pay's payment details)
// is paid when the provider says it was, expired when it says it was
// not, and left for the next round when it cannot be asked, up to
// rules.UnansweredBound. It returns how many orders it changed.
func (f *Flows) Expire(ctx context.Context, limit int) (int, error) {
	now := f.Now()
	due, err := f.DB.DueOrders(ctx, now, limit)
	if err != nil {
		return 0, err
	}
	changed := 0
	for _, n := range due {
		if f.settleDue(ctx, n, now) {
			changed++
		}
	}
	return changed, nil
}

// settleDue settles or expires order number, due at now
// (rules.NextExpiryStep); it reports whether the order changed.
func (f *Flows) settleDue(ctx context.Context, number string, now time.Time) bool {
	o, err := f.DB.Order(ctx, "", number)
	if err != nil {
		f.Log.Error("order expiry", "order", number, "err", err)
		return false
	}
	says, pay := f.askProvider(ctx, o, now)
	switch rules.NextExpiryStep(says, o.ExpiresAt, now) {
	case rules.ExpirySettle:
		cb := data.Callback{Provider: o.Provider, Kind: KindQuery, OrderNumber: o.Number, Digest: pay.Digest, Verified: true,
			Status: "paid", Amount: &pay.Amount, TradeNo: pay.TradeNo, At: now}
		o, changed, err := f.Pay(ctx, pay)
		f.settled(ctx, cb, o, changed, err)
		return changed
	case rules.ExpiryExpire:
		return f.expire(ctx, number, now, "unpaid past its time")
	case rules.ExpiryExpireUnverified:
		f.Log.Warn("order expired without its provider's answer", "order", number, "provider", o.Provider)
		return f.expire(ctx, number, now, "unpaid past its time; the provider did not answer")
	}
	if err := f.DB.ExpiryAsked(ctx, number, now); err != nil {
		f.Log.Error("order expiry", "order", number, "err", err)
	}
	return false
}

// askProvider asks order o's provider, at now, whether it was paid, and
// gives the payment to record if so. An order not handed to a provider
// that can be asked (created, ACH, Chailease, recurring) is unpaid.
func (f *Flows) askProvider(ctx context.Context, o *data.Order, now time.Time) (rules.ProviderSays, data.Payment) {
	pay := data.Payment{Change: data.Change{Number: o.Number, At: now}, Provider: o.Provider, Amount: o.Amount}
	if o.State != data.OrderAwaitingPayment {
		return rules.ProviderUnpaid, pay
	}
	a, err := f.accounts(ctx, o.BrandID)
	if err != nil {
		f.Log.Warn("order expiry: the brand's accounts", "order", o.Number, "err", err)
		return rules.ProviderUnanswered, pay
	}
	switch {
	case o.Provider == data.ProviderNewebPay && o.PayWay == data.PayWayCard:
		t, err := a.NewebPay.QueryTrade(ctx, f.HTTP, o.Number, o.Amount, now)
		if err != nil {
			f.Log.Warn("order expiry: NewebPay trade query", "order", o.Number, "err", err)
			return rules.ProviderUnanswered, pay
		}
		if !t.Paid() {
			return rules.ProviderUnpaid, pay
		}
		pay.Cause, pay.TradeNo, pay.CardLast4 = "NewebPay trade query: paid", t.TradeNo, last4(t.Card4No)
		pay.Digest = digest("query:" + o.Number + ":" + t.TradeNo)
		return rules.ProviderPaid, pay
	case o.Provider == data.ProviderLinePay && o.ProviderTradeNo != "":
		p, err := a.LinePay.Details(ctx, o.ProviderTradeNo, o.Number)
		if err != nil {
			f.Log.Warn("order expiry: LINE Pay payment details", "order", o.Number, "err", err)
			return rules.ProviderUnanswered, pay
		}
		if !p.Paid {
			return rules.ProviderUnpaid, pay
		}
		pay.Cause, pay.TradeNo, pay.Amount, pay.CardLast4 = "LINE Pay payment details: paid", o.ProviderTradeNo, p.Amount, last4(p.MaskedCard)
		pay.Digest = digest("query:" + o.Number + ":" + o.ProviderTradeNo)
		return rules.ProviderPaid, pay
	}
	return rules.ProviderUnpaid, pay
}

// Expirer is the worker that settles or expires unpaid orders and
// finishes the refunds a crash left requesting (one per host process,
// like the mail outbox's; several hosts may run one each: each payment or
// expiry is one transaction on the locked order, each stuck refund is
// claimed by one sweeper).
type Expirer struct {
	cancel context.CancelFunc
	done   chan struct{}
}

// StartExpirer runs f.Expire and f.SweepRefunds every interval until
// Stop.
func StartExpirer(f *Flows, interval time.Duration) *Expirer {
	ctx, cancel := context.WithCancel(context.Background())
	e := &Expirer{cancel: cancel, done: make(chan struct{})}
	go func() {
		defer close(e.done)
		t := time.NewTicker(interval)
		defer t.Stop()
		for {
			for {
				n, err := f.Expire(ctx, 100)
				if err != nil && ctx.Err() == nil {
					f.Log.Warn("order expiry", "err", err)
				}
				if err != nil || n < 100 {
					break
				}
			}
			if _, err := f.SweepRefunds(ctx); err != nil && ctx.Err() == nil {
				f.Log.Warn("refund sweep", "err", err)
			}
			select {
			case <-ctx.Done():
				return
			case <-t.C:
			}
		}
	}()
	return e
}

// Stop stops the worker and waits for its round.
func (e *Expirer) Stop() {
	if e == nil {
		return
	}
	e.cancel()
	<-e.done
}
