package checkout

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"net/url"
	"strings"
	"time"

	"storefront/data"
	"storefront/providers"
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
	return &data.Error{Kind: data.KindUnavailable, Code: data.CodePaymentFailed, Message: "付款服務暫時無法使用，請稍後再試", Err: err}
}

// StartPayment hands member u's order o to its provider: a NewebPay MPG
// form, or a LINE Pay payment request (made once per order; a reload goes
// to the same approval page). The order is then awaiting payment. An
// order past its time is expired here; a paid, failed or cancelled one is
// not payable.
func (f *Flows) StartPayment(ctx context.Context, o *data.Order, email string, urls URLs, app bool) (*Handoff, error) {
	now := f.Now()
	change := data.Change{Number: o.Number, Cause: "handed to " + o.Provider, At: now}
	if !o.ExpiresAt.After(now) && (o.State == data.OrderCreated || o.State == data.OrderAwaitingPayment) {
		f.expire(ctx, o.Number, now)
		return nil, refuse(data.KindConflict, data.CodeOrderExpired, "此訂單已逾時，請重新結帳")
	}
	if o.State != data.OrderCreated && o.State != data.OrderAwaitingPayment {
		return nil, data.NotPayable(o)
	}
	switch o.Provider {
	case data.ProviderNewebPay:
		if o.PayWay == data.PayWayRecurring {
			return f.startMandate(ctx, o, email, urls, now)
		}
		form, err := f.NewebPay.Checkout(providers.MPGOrder{MerchantOrderNo: o.Number, Amount: o.Amount, ItemDesc: itemDesc(o),
			Email: email, NotifyURL: urls.NotifyURL, ReturnURL: urls.ReturnURL, ClientBackURL: urls.ResultURL, Now: now})
		if err != nil {
			return nil, errProvider(err)
		}
		if _, err := f.DB.AwaitPayment(ctx, change, data.Handoff{}); err != nil {
			return nil, err
		}
		return &Handoff{Form: &form}, nil
	case data.ProviderLinePay:
		a := o.Approval
		if a.TradeNo == "" {
			r, err := f.LinePay.Request(ctx, providers.LinePayRequest{OrderID: o.Number, Amount: o.Amount, ProductName: itemDesc(o),
				ConfirmURL: urls.ConfirmURL, CancelURL: urls.CancelURL})
			if err != nil {
				return nil, errProvider(err)
			}
			a = data.Handoff{TradeNo: r.TransactionID, WebURL: r.WebURL, AppURL: r.AppURL}
			change.Digest = digest(r.TransactionID)
			if _, err := f.DB.AwaitPayment(ctx, change, a); err != nil {
				return nil, err
			}
		}
		if app && a.AppURL != "" {
			return &Handoff{Redirect: a.AppURL}, nil
		}
		return &Handoff{Redirect: a.WebURL}, nil
	}
	if o.Provider == data.ProviderChailease {
		return f.chaileaseHandoff(ctx, o, change, urls.ChaileaseURL)
	}
	return nil, refuse(data.KindInvalid, data.CodePayWayNotAccepted, "")
}

// itemDesc names what the order sells, for the provider's page.
func itemDesc(o *data.Order) string {
	if len(o.Lines) == 0 {
		return "訂單 " + o.Number
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
)

// errBadMessage is a provider message that does not verify: refused,
// nothing changes.
var errBadMessage = &data.Error{Kind: data.KindInvalid, Code: data.CodePaymentFailed, Message: "付款結果驗證失敗"}

// ApplyNewebPayResult believes a NewebPay NotifyURL or ReturnURL message
// (kind) only when its TradeSha and MerchantID verify: a success pays the
// order once (holdings and receipt in the same transaction; a repeat
// changes nothing), a failure fails it with the provider's message, an
// amount that is not the order's is refused and logged with the order
// unchanged. Every message is kept in the audit (provider_callbacks).
func (f *Flows) ApplyNewebPayResult(ctx context.Context, form url.Values, kind string) (*data.Order, error) {
	now := f.Now()
	cb := data.Callback{Provider: data.ProviderNewebPay, Kind: kind, Digest: digest(form.Encode()), At: now}
	res, err := f.NewebPay.Result(form)
	if err != nil {
		cb.Outcome = "refused: " + err.Error()
		f.audit(ctx, cb)
		f.Log.Warn("NewebPay message refused", "kind", kind, "err", err)
		return nil, errBadMessage
	}
	cb.Verified, cb.OrderNumber, cb.Status, cb.TradeNo = true, res.MerchantOrderNo, res.Status, res.TradeNo
	cb.Amount = &res.Amount
	change := data.Change{Number: res.MerchantOrderNo, Cause: "NewebPay " + kind + ": " + res.Status, Digest: cb.Digest, At: now}
	var o *data.Order
	var changed bool
	if res.Paid() {
		o, changed, err = f.DB.PayOrder(ctx, data.Payment{Change: change, Provider: data.ProviderNewebPay, TradeNo: res.TradeNo,
			Amount: res.Amount, CardLast4: last4(res.Card4No)}, f.Receipt)
	} else {
		o, changed, err = f.DB.FailOrder(ctx, change, failureText(res.Message))
	}
	return f.settled(ctx, cb, o, changed, err)
}

// settled records a verified message's outcome in the audit and logs a
// refused one.
func (f *Flows) settled(ctx context.Context, cb data.Callback, o *data.Order, changed bool, err error) (*data.Order, error) {
	switch {
	case err != nil:
		cb.Outcome = "refused: " + data.AsError(err).Message
		if errors.Is(err, data.ErrAmountMismatch) {
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
		return "付款未成功，請重新付款"
	}
	return msg
}

// ConfirmLinePay confirms a LINE Pay payment the buyer approved (the
// confirmUrl): only for the order that requested transactionID, with the
// order's amount from the database. A confirm whose answer was lost is
// checked with LINE Pay (a second confirm is refused as a repeat). An
// order already paid is returned as it is.
func (f *Flows) ConfirmLinePay(ctx context.Context, orderNo, transactionID string) (*data.Order, error) {
	now := f.Now()
	cb := data.Callback{Provider: data.ProviderLinePay, Kind: KindConfirm, OrderNumber: orderNo, TradeNo: transactionID,
		Digest: digest("confirm:" + orderNo + ":" + transactionID), At: now}
	o, err := f.DB.Order(ctx, "", orderNo)
	if err != nil || o.Provider != data.ProviderLinePay || o.ProviderTradeNo == "" || o.ProviderTradeNo != transactionID {
		cb.Outcome = "refused: unknown order or transaction"
		f.audit(ctx, cb)
		return nil, &data.Error{Kind: data.KindNotFound, Code: data.CodeOrderNotFound}
	}
	cb.Verified = true
	if o.State == data.OrderPaid {
		return f.settled(ctx, cb, o, false, nil)
	}
	change := data.Change{Number: o.Number, Cause: "LINE Pay confirm", Digest: cb.Digest, At: now}
	conf, err := f.LinePay.Confirm(ctx, transactionID, o.Amount)
	var lpErr *providers.LinePayError
	if errors.As(err, &lpErr) && lpErr.Code == providers.LinePayOrderIDExists {
		// confirmed before, its answer lost: ask LINE Pay
		status, cerr := f.LinePay.Check(ctx, transactionID)
		if cerr == nil && status == providers.LinePayStatusPaid {
			conf, err = providers.LinePayConfirm{OrderID: o.Number, TransactionID: transactionID, Amount: o.Amount}, nil
		}
	}
	switch {
	case errors.As(err, &lpErr):
		cb.Status = lpErr.Code
		o, changed, ferr := f.DB.FailOrder(ctx, change, "LINE Pay 付款未完成（"+lpErr.Code+"）")
		f.settled(ctx, cb, o, changed, ferr)
		return o, refuse(data.KindConflict, data.CodePaymentFailed, "")
	case err != nil: // unreachable: the buyer may come back to confirm again
		cb.Outcome = "provider unreachable"
		f.audit(ctx, cb)
		return nil, errProvider(err)
	}
	cb.Status, cb.Amount = providers.LinePayOK, &conf.Amount
	o, changed, err := f.DB.PayOrder(ctx, data.Payment{Change: change, Provider: data.ProviderLinePay, TradeNo: transactionID,
		Amount: conf.Amount, CardLast4: last4(conf.MaskedCard)}, f.Receipt)
	return f.settled(ctx, cb, o, changed, err)
}

// CancelLinePay records that the buyer cancelled on LINE Pay's page (the
// cancelUrl): the order of that transaction, still unpaid, is cancelled.
func (f *Flows) CancelLinePay(ctx context.Context, orderNo, transactionID string) (*data.Order, error) {
	now := f.Now()
	cb := data.Callback{Provider: data.ProviderLinePay, Kind: KindCancel, OrderNumber: orderNo, TradeNo: transactionID,
		Digest: digest("cancel:" + orderNo + ":" + transactionID), At: now}
	o, err := f.DB.Order(ctx, "", orderNo)
	if err != nil || o.Provider != data.ProviderLinePay || (transactionID != "" && o.ProviderTradeNo != transactionID) {
		cb.Outcome = "refused: unknown order or transaction"
		f.audit(ctx, cb)
		return nil, &data.Error{Kind: data.KindNotFound, Code: data.CodeOrderNotFound}
	}
	cb.Verified = true
	o, changed, err := f.DB.CancelOrder(ctx, data.Change{Number: o.Number, Cause: "LINE Pay cancel", Digest: cb.Digest, At: now})
	return f.settled(ctx, cb, o, changed, err)
}

// TestPay pays order o as its provider would (the dev environment's
// /api/test/payment): through the same PayOrder.
func (f *Flows) TestPay(ctx context.Context, o *data.Order) (*data.Order, error) {
	now := f.Now()
	o, changed, err := f.DB.PayOrder(ctx, data.Payment{Change: data.Change{Number: o.Number, Cause: "test payment (dev)", At: now},
		Provider: o.Provider, TradeNo: "TEST" + o.Number, Amount: o.Amount, CardLast4: "1111"}, f.Receipt)
	if err == nil && changed && f.Queued != nil {
		f.Queued()
	}
	return o, err
}

// expire expires one order past its time.
func (f *Flows) expire(ctx context.Context, number string, now time.Time) {
	if _, _, err := f.DB.ExpireOrder(ctx, data.Change{Number: number, Cause: "unpaid past its time", At: now}); err != nil &&
		data.ErrorKind(err) != data.KindConflict {
		f.Log.Error("expire order", "order", number, "err", err)
	}
}

// Expire expires the orders whose time is up, up to limit: what the expiry
// worker does each round. It returns how many it looked at.
func (f *Flows) Expire(ctx context.Context, limit int) (int, error) {
	now := f.Now()
	due, err := f.DB.DueOrders(ctx, now, limit)
	if err != nil {
		return 0, err
	}
	for _, n := range due {
		f.expire(ctx, n, now)
	}
	return len(due), nil
}

// Expirer is the worker that expires unpaid orders (one per host process,
// like the mail outbox's; several hosts may run one each: each expiry is
// one transaction on the locked order).
type Expirer struct {
	cancel context.CancelFunc
	done   chan struct{}
}

// StartExpirer runs f.Expire every interval until Stop.
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
