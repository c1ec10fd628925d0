package checkout

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"
	"unicode"

	"storefront"
	"storefront/data"
	"storefront/mail"
	"storefront/providers"
	"storefront/rules"
)

// Refunds at the member's request, by the fitness-centre rules
// (rules/refund_amount.go): within the cooling-off period with nothing
// used the member cancels and everything goes back at once; after it the
// member asks, and the operator approves (with a fee of at most 20%) or
// rejects. Each use case is one function owning its transactions:
//
//  1. RequestRefund writes the refund row (requested) under the order's
//     lock: a replayed or raced request finds the order's open refund.
//  2. send marks it requesting in one transaction (only one caller moves
//     it from requested), then asks the provider outside any lock.
//  3. finish records the answer in one transaction: the refund refunded,
//     the order partly or wholly refunded, the holdings revoked and the
//     future bookings they paid for cancelled with their seats back, the
//     invoice's void or allowance queued, the member's mail queued.
//
// A crash between the provider's answer and finish leaves the refund
// requesting: SweepRefunds asks the provider what it refunded before
// asking again, so nothing is refunded twice.
//
// A recurring plan (定期定額, isPlan) is refunded the same way, by what
// its periods paid: the member's request ends the plan (its mandate
// terminated at NewebPay by a JobEndPlan job, so nothing more is charged
// while the studio decides); sending the refund splits it over the
// periods' trades, the latest first (refund_trades), terminates the
// mandate if the job has not yet, and refunds each trade by its own
// order number (refundPlan); finish undoes each refunded period's
// invoice.

// RefundOffer is what a member may get back for an order today.
type RefundOffer struct {
	Kind   string // data.RefundCoolingOff or data.RefundTermination
	Amount int    // before the brand's fee (none in the cooling-off period)
	Whole  bool
	// MaxFee is the most the brand may keep of Amount (0 in the
	// cooling-off period).
	MaxFee int
	// EndsPlan: the order is a recurring plan, whose charges the request
	// ends at once.
	EndsPlan bool
	// By is how the money goes back (RefundByProvider, RefundByTransfer,
	// RefundByInstalments).
	By string
}

// How a refund's money goes back (refundBy).
const (
	// RefundByProvider: through the payment provider's refund call, by
	// the storefront (a card at NewebPay, LINE Pay).
	RefundByProvider = "provider"
	// RefundByTransfer: an ACH debit has no refund call (a bank debit
	// cannot be reversed by the payee): the studio transfers the money
	// back to the member's account and the operator records it
	// (`storefront refund approve ID --paid-outside REF`).
	RefundByTransfer = "transfer"
	// RefundByInstalments: Chailease (中租零卡分期) publishes no merchant
	// refund call (its protocol here is a stand-in of redirect and
	// callback only): the studio cancels the instalment contract with
	// Chailease, which stops the member's instalments and returns what
	// they paid, and the operator records it as for a transfer.
	RefundByInstalments = "instalments"
)

// refundBy is how order o's refunds go back.
func refundBy(o *data.Order) string { return RefundBy(o.PayWay) }

// RefundBy is how the refunds of an order paid by payWay go back.
func RefundBy(payWay string) string {
	switch payWay {
	case data.PayWayACH:
		return RefundByTransfer
	case data.PayWayChailease:
		return RefundByInstalments
	}
	return RefundByProvider
}

// refundsOutside reports whether order o's refunds are made by the
// studio outside the storefront and recorded by the operator.
func refundsOutside(o *data.Order) bool { return refundBy(o) != RefundByProvider }

func refundRefusal(msg string) error {
	return &storefront.Error{Kind: storefront.KindConflict, Code: storefront.CodeBadRequest, Message: msg}
}

// errNotCaptured: a part of a card payment not captured yet cannot be
// refunded (only the whole authorisation cancelled); the refund waits
// for the sweep.
var errNotCaptured = errors.New("checkout: the card payment is not captured yet: the part is refunded after the capture")

// refundGrace is how long a refund may stay requesting before the sweep
// takes it for crashed: longer than any provider call.
const refundGrace = 2 * time.Minute

// afterRefundCall, when set (tests), runs between the provider's
// successful refund and our commit; an error stops there, as a crash
// would.
var afterRefundCall func() error

// offer works out order o's refund on now from what it sold, in t.
func offer(t *data.Tx, o *data.Order, now time.Time) (RefundOffer, error) {
	switch {
	case o.State != rules.OrderPaid && o.State != rules.OrderPartlyRefunded:
		if o.State == rules.OrderRefunded {
			return RefundOffer{}, refundRefusal(storefront.TextRefundNothing)
		}
		return RefundOffer{}, refundRefusal(storefront.TextRefundNotPaid)
	case isPlan(o), refundsOutside(o):
	case !(o.Provider == data.ProviderNewebPay && o.PayWay == data.PayWayCard || o.Provider == data.ProviderLinePay && o.PayWay == data.PayWayLinePay) ||
		o.Kind == data.OrderKindPlan || o.ProviderTradeNo == "":
		return RefundOffer{}, refundRefusal(storefront.TextRefundAtStore)
	}
	sold, err := t.SoldBy(o.ID)
	if err != nil {
		return RefundOffer{}, err
	}
	done, err := t.RefundedTotal(o.ID)
	if err != nil {
		return RefundOffer{}, err
	}
	paid, err := paidTotal(t, o)
	if err != nil {
		return RefundOffer{}, err
	}
	left := paid - done
	if len(sold) == 0 || left <= 0 {
		return RefundOffer{}, refundRefusal(storefront.TextRefundNothing)
	}
	today := rules.DayOf(now)
	used, start := false, rules.TaipeiDay{}
	for _, s := range sold {
		used = used || s.Used
		if !s.StartsOn.IsZero() && (start.IsZero() || s.StartsOn.Before(start)) {
			start = s.StartsOn
		}
	}
	if rules.InCoolingOff(rules.EffectiveDay(start, *o.PaidAt), used, today) {
		return RefundOffer{Kind: data.RefundCoolingOff, Amount: left, Whole: true}, nil
	}
	amount := 0
	for _, s := range sold {
		b := rules.RefundBasis{Paid: s.Paid, Start: s.StartsOn, End: s.EndsOn}
		if s.Kind != rules.KindPasscard { // tickets and timing cards go by what is used of them
			b.Sessions, b.Used = s.Total, s.Total-s.Remain
		}
		amount += rules.TerminationRefund(b, today)
	}
	if isPlan(o) { // what every period paid, less the monthly fee at signing for each month elapsed
		plan, err := t.LockPlan(o.ID)
		if err != nil {
			return RefundOffer{}, err
		}
		amount = rules.TerminationRefund(rules.RefundBasis{Paid: paid, MonthlyFee: rules.PlanMonthlyFee(plan.Terms.Amount, plan.Terms.PeriodType),
			Start: start, End: sold[0].EndsOn}, today)
	}
	amount = min(amount, left)
	if amount <= 0 {
		// nothing left to give back, but a plan still charging may be
		// ended: a termination of nothing, which ends it
		running := false
		if isPlan(o) {
			if running, err = t.PlanRunning(o.ID); err != nil {
				return RefundOffer{}, err
			}
		}
		if !running {
			return RefundOffer{}, refundRefusal(storefront.TextRefundNothing)
		}
		return RefundOffer{Kind: data.RefundTermination}, nil
	}
	return RefundOffer{Kind: data.RefundTermination, Amount: amount, Whole: amount == left, MaxFee: rules.MaxRefundFee(amount)}, nil
}

// isPlan reports whether order o is a recurring plan (定期定額) paid at
// NewebPay period by period: its refund gives back the periods' trades
// and terminates its mandate.
func isPlan(o *data.Order) bool {
	return o.Provider == data.ProviderNewebPay && o.PayWay == data.PayWayRecurring
}

// paidTotal is what order o was paid: its amount, or for a plan what its
// periods' trades charged.
func paidTotal(t *data.Tx, o *data.Order) (int, error) {
	if !isPlan(o) {
		return o.Amount, nil
	}
	trades, err := t.PaidTrades(o.ID)
	total := 0
	for _, x := range trades {
		total += x.Charged
	}
	return total, err
}

// memberOrder locks member userID's order number of brand brandID;
// another's is not found.
func memberOrder(t *data.Tx, brandID string, userID int64, number string) (*data.Order, error) {
	o, err := t.LockOrder(number)
	if err == nil && (o.BrandID != brandID || o.UserID != userID) {
		err = errUnknownOrder
	}
	return o, err
}

// OfferRefund is what member userID would get back for order number of
// brand brandID if they asked now (their open refund's offer when they
// asked already).
func (f *Flows) OfferRefund(ctx context.Context, brandID string, userID int64, number string) (RefundOffer, error) {
	var out RefundOffer
	err := f.DB.InTx(ctx, func(t *data.Tx) error {
		o, err := memberOrder(t, brandID, userID, number)
		if err != nil {
			return err
		}
		if r, err := t.OpenRefund(o.ID); err != nil || r != nil {
			if r != nil {
				out = RefundOffer{Kind: r.Kind, Amount: r.Offered, Whole: r.Whole, EndsPlan: isPlan(o), By: refundBy(o)}
				if r.Kind == data.RefundTermination {
					out.MaxFee = rules.MaxRefundFee(r.Offered)
				}
			}
			return err
		}
		out, err = offer(t, o, f.Now())
		out.EndsPlan, out.By = isPlan(o), refundBy(o)
		return err
	})
	return out, err
}

// RequestRefund is member userID's request to refund order number of
// brand brandID: a refund row for what the rules offer. In the
// cooling-off period it is sent at once (everything back, no fee);
// otherwise, and for an order the studio refunds outside the storefront
// (refundsOutside), it waits for the operator (ApproveRefund,
// RecordOutside). A replayed or
// raced request returns the order's open refund, or the refund it made.
func (f *Flows) RequestRefund(ctx context.Context, brandID string, userID int64, number string) (*data.Refund, error) {
	var r *data.Refund
	outside := false
	err := f.DB.InTx(ctx, func(t *data.Tx) error {
		o, err := memberOrder(t, brandID, userID, number)
		if err != nil {
			return err
		}
		outside = refundsOutside(o)
		if r, err = t.OpenRefund(o.ID); err != nil || r != nil {
			return err
		}
		of, err := offer(t, o, f.Now())
		if err != nil {
			// a replay of a request that was refunded: its refund answers
			if last, lerr := t.LastRefund(o.ID); lerr != nil || last != nil && last.State == rules.RefundDone {
				r = last
				return lerr
			}
			return err
		}
		n := data.NewRefund{OrderID: o.ID, Kind: of.Kind, Offered: of.Amount, Whole: of.Whole, At: f.Now()}
		if isPlan(o) {
			paid, err := paidTotal(t, o)
			if err != nil {
				return err
			}
			n.PlanPaid = &paid
		}
		if r, err = t.AddRefund(n); err != nil || !isPlan(o) {
			return err
		}
		// the member's notice ends the plan: no further period is charged
		// while the studio decides the refund (the job terminates the
		// mandate at NewebPay, retried until it answers)
		return t.QueueJob(data.JobEndPlan, o.Number, data.EndPlan{BrandID: o.BrandID, Number: o.Number})
	})
	if err != nil || r.Kind != data.RefundCoolingOff || outside { // made outside: the studio makes it, the operator records it
		return r, err
	}
	return f.send(ctx, brandID, r.ID, 0)
}

// ApproveRefund is the operator's approval of refund id of brand brandID,
// keeping fee (at most 20% of the offer; none in the cooling-off period):
// the refund is sent to the provider. A refund already sent or answered
// is returned as it is (a replayed approval refunds once).
func (f *Flows) ApproveRefund(ctx context.Context, brandID string, id int64, fee int) (*data.Refund, error) {
	return f.send(ctx, brandID, id, fee)
}

// JobApproveRefund is the kind of the outbox job by which the operator's
// command (`storefront refund approve`) has a host send an approved
// refund (payload: ApprovedRefund; key: the refund's id): the host holds
// the providers' accounts and the brands' mail identities.
const JobApproveRefund = "refund-approve"

// ApprovedRefund is the payload of a JobApproveRefund job.
type ApprovedRefund struct {
	ID  int64 `json:"id"`
	Fee int   `json:"fee"`
	// PaidOutside is the operator's reference of a refund the studio made
	// outside the storefront (a bank transfer, a cancelled instalment
	// contract): it is recorded, not sent ("" sends it).
	PaidOutside string `json:"paidOutside,omitempty"`
}

// QueueApproval checks the operator's approval of refund id of brand
// brandID with fee (requested; the fee within the cap; paidOutside, the
// reference of a refund the studio made outside, given for and only for
// an order refunded that way) and queues its sending or recording
// (JobApproveRefund), once.
func QueueApproval(ctx context.Context, db *data.DB, brandID string, id int64, fee int, paidOutside string) (*data.Refund, error) {
	var r *data.Refund
	err := db.InTx(ctx, func(t *data.Tx) (err error) {
		if r, err = t.LockRefund(brandID, id); err != nil {
			return err
		}
		if _, err := rules.RefundNext(r.State, rules.RefundEventSend); err != nil {
			return refundRefusal(storefront.TextRefundNotOpen)
		}
		if err := checkFee(r, fee); err != nil {
			return err
		}
		o, err := t.OrderOf(r.OrderID)
		if err != nil {
			return err
		}
		if err := checkOutside(o, paidOutside); err != nil {
			return err
		}
		return t.QueueJob(JobApproveRefund, strconv.FormatInt(id, 10), ApprovedRefund{ID: id, Fee: fee, PaidOutside: paidOutside})
	})
	return r, err
}

// checkOutside checks that an approval of order o's refund carries the
// reference of a refund made outside (ref) when, and only when, o is
// refunded that way.
func checkOutside(o *data.Order, ref string) error {
	switch outside := refundsOutside(o); {
	case outside && ref == "":
		return refundRefusal(storefront.TextRefundOutsideNeeded)
	case !outside && ref != "":
		return refundRefusal(storefront.TextRefundNotOutside)
	case outside && (len(ref) > 64 || strings.ContainsFunc(ref, unicode.IsControl)):
		return &storefront.Error{Kind: storefront.KindInvalid, Code: storefront.CodeBadRequest, Message: storefront.TextRefundOutsideRef}
	}
	return nil
}

// SendApproved runs a JobApproveRefund job (an outbox handler).
func (f *Flows) SendApproved(ctx context.Context, payload json.RawMessage) error {
	var a ApprovedRefund
	if err := json.Unmarshal(payload, &a); err != nil {
		return err
	}
	var err error
	if a.PaidOutside != "" {
		_, err = f.RecordOutside(ctx, "", a.ID, a.Fee, a.PaidOutside)
	} else {
		_, err = f.send(ctx, "", a.ID, a.Fee)
	}
	return err
}

// RecordOutside is the operator's record that the studio refunded
// requested refund id of brand brandID ("" any) outside the storefront
// (an ACH order by bank transfer, a Chailease order by cancelling its
// instalment contract), keeping fee, under the operator's reference ref:
// in one transaction the refund is refunded with all that follows, as a
// refund the provider made (refunded). A refund recorded before is
// returned as it is (a replay records nothing twice).
func (f *Flows) RecordOutside(ctx context.Context, brandID string, id int64, fee int, ref string) (*data.Refund, error) {
	var r *data.Refund
	now := f.Now()
	err := f.DB.InTx(ctx, func(t *data.Tx) (err error) {
		if r, err = t.LockRefund(brandID, id); err != nil || r.State != rules.RefundRequested {
			return err
		}
		o, err := t.LockOrder(r.OrderNumber)
		if err != nil {
			return err
		}
		if err := checkOutside(o, ref); err != nil {
			return err
		}
		if err := checkFee(r, fee); err != nil {
			return err
		}
		if err := t.SendRefund(id, fee, now); err != nil {
			return err
		}
		r.State, r.Fee, r.Amount = rules.RefundRequesting, fee, r.Offered-fee
		return f.refunded(ctx, t, o, r, ref, now)
	})
	if err == nil && f.Queued != nil {
		f.Queued()
	}
	return r, err
}

// checkFee checks the fee kept of refund r: none in the cooling-off
// period, at most 20% of the offer after it.
func checkFee(r *data.Refund, fee int) error {
	if r.Kind == data.RefundCoolingOff && fee != 0 {
		return refundRefusal(storefront.TextRefundNoFee)
	}
	return rules.CheckRefundFee(r.Offered, fee)
}

// RejectRefund is the operator's refusal of requested refund id of brand
// brandID, for reason.
func (f *Flows) RejectRefund(ctx context.Context, brandID string, id int64, reason string) (*data.Refund, error) {
	var r *data.Refund
	err := f.DB.InTx(ctx, func(t *data.Tx) (err error) {
		if r, err = t.LockRefund(brandID, id); err != nil {
			return err
		}
		if r.State == rules.RefundRejected { // a replay
			return nil
		}
		to, err := rules.RefundNext(r.State, rules.RefundEventReject)
		if err != nil {
			return refundRefusal(storefront.TextRefundNotOpen)
		}
		r.State = to
		if err := t.AnswerRefund(id, to, "", reason, f.Now()); err != nil {
			return err
		}
		o, err := t.OrderOf(r.OrderID) // unlocked: the mail reads its lines and its member
		if err != nil {
			return err
		}
		return f.queueRecurringMail(ctx, t, o, "", "", func(shop mail.Brand, u *data.User, item string) mail.Message {
			return mail.RefundRejected(shop, u.Email, u.Name, item, o.Number, reason)
		})
	})
	if err == nil && f.Queued != nil {
		f.Queued()
	}
	return r, err
}

// send marks requested refund id requesting with fee, in one
// transaction, then asks the provider and records its answer (finish).
// A refund past requested is returned unchanged.
func (f *Flows) send(ctx context.Context, brandID string, id int64, fee int) (*data.Refund, error) {
	var r *data.Refund
	sent := false
	err := f.DB.InTx(ctx, func(t *data.Tx) (err error) {
		if r, err = t.LockRefund(brandID, id); err != nil || r.State != rules.RefundRequested {
			return err
		}
		if err := checkFee(r, fee); err != nil {
			return err
		}
		o, err := t.OrderOf(r.OrderID)
		if err != nil {
			return err
		}
		if err := checkOutside(o, ""); err != nil { // the studio makes it: RecordOutside
			return err
		}
		sent = true
		if err := t.SendRefund(id, fee, f.Now()); err != nil {
			return err
		}
		return splitPlanRefund(t, r, fee)
	})
	if err != nil || !sent {
		return r, err
	}
	r.State, r.Fee, r.Amount = rules.RefundRequesting, fee, r.Offered-fee
	if err := f.refundAtProvider(ctx, r, false); err != nil {
		return nil, err
	}
	return f.refund(ctx, id)
}

// splitPlanRefund records, for recurring plan refund r sent with fee,
// what it gives back of each period's trade (rules.SplitRefund: the
// latest periods first); an order of another kind has none. A period
// charged since the member asked (its mandate not yet terminated) is
// added to the refund, whole: nothing is owed after the notice.
func splitPlanRefund(t *data.Tx, r *data.Refund, fee int) error {
	orderID, id, amount := r.OrderID, r.ID, r.Offered-fee
	o, err := t.OrderOf(orderID)
	if err != nil || !isPlan(o) {
		return err
	}
	if r.PlanPaid != nil {
		paid, err := paidTotal(t, o)
		if err != nil {
			return err
		}
		if extra := paid - *r.PlanPaid; extra > 0 {
			if err := t.GrowRefund(id, extra); err != nil {
				return err
			}
			amount += extra
		}
	}
	trades, err := t.PaidTrades(orderID)
	if err != nil {
		return err
	}
	left := make([]int, len(trades))
	for i, x := range trades {
		left[i] = x.Amount
	}
	shares, ok := rules.SplitRefund(amount, left)
	if !ok {
		return fmt.Errorf("checkout: refund %d of NT$%d is more than order %s's periods left to refund", id, amount, o.Number)
	}
	var parts []data.RefundTrade
	for i, x := range trades {
		if shares[i] > 0 {
			x.Amount = shares[i]
			parts = append(parts, x)
		}
	}
	return t.SetRefundTrades(id, parts)
}

// refund loads refund id.
func (f *Flows) refund(ctx context.Context, id int64) (r *data.Refund, err error) {
	err = f.DB.InTx(ctx, func(t *data.Tx) error {
		r, err = t.LockRefund("", id)
		return err
	})
	return r, err
}

// refundAtProvider asks the order's provider to refund r (requesting) and
// records the answer. askFirst (the sweep): the provider is first asked
// what it refunded of the payment, and a refund it made already is only
// recorded. A lost answer (the provider down, a crash) leaves r
// requesting for the sweep.
func (f *Flows) refundAtProvider(ctx context.Context, r *data.Refund, askFirst bool) error {
	ctx = context.WithoutCancel(ctx)
	o, err := f.DB.Order(ctx, "", r.OrderNumber)
	if err != nil {
		return err
	}
	a, err := f.accounts(ctx, o.BrandID)
	if err != nil {
		return err
	}
	if isPlan(o) {
		return f.refundPlan(ctx, a.NewebPay, o, r)
	}
	p := providerRefunds(a, o, f)
	if askFirst {
		refunded, err := p.refunded(ctx)
		if err != nil {
			return errProvider(fmt.Errorf("checkout: asking %s what order %s refunded: %w", o.Provider, o.Number, err))
		}
		var done int
		if err := f.DB.InTx(ctx, func(t *data.Tx) (err error) { done, err = t.RefundedTotal(o.ID); return err }); err != nil {
			return err
		}
		if refunded >= done+r.Amount { // it refunded before the crash
			return f.finish(ctx, r, o.ProviderTradeNo, nil)
		}
	}
	ref, refused, err := p.refund(ctx, r.Amount)
	switch {
	case refused:
		f.Log.Error("the provider refused a refund", "order", o.Number, "refund", r.ID, "err", err)
		return f.finish(ctx, r, "", err)
	case err != nil: // the answer is unknown: the sweep asks
		f.Log.Error("refunding", "order", o.Number, "refund", r.ID, "err", err)
		return errProvider(err)
	}
	if afterRefundCall != nil {
		if err := afterRefundCall(); err != nil {
			return err
		}
	}
	return f.finish(ctx, r, ref, nil)
}

// providerCalls are a provider's refund calls about one order's payment:
// what it refunded so far, and a refund of amount (refused: the provider's
// verified no; another error leaves the outcome unknown).
type providerCalls struct {
	refunded func(ctx context.Context) (int, error)
	refund   func(ctx context.Context, amount int) (ref string, refused bool, err error)
}

// providerRefunds are the refund calls of order o's provider with
// accounts a: NewebPay's credit-card refund (CloseType=2) and trade query,
// LINE Pay's refund and Payment Details.
func providerRefunds(a providers.Accounts, o *data.Order, f *Flows) providerCalls {
	if o.Provider == data.ProviderLinePay {
		l := a.LinePay
		return providerCalls{
			refunded: func(ctx context.Context) (int, error) {
				p, err := l.Details(ctx, o.ProviderTradeNo, o.Number)
				return p.Refunded, err
			},
			refund: func(ctx context.Context, amount int) (string, bool, error) {
				ref, err := l.Refund(ctx, o.ProviderTradeNo, amount)
				var lp *providers.LinePayError
				return ref, errors.As(err, &lp), err
			},
		}
	}
	return newebpayTrade(a.NewebPay, f, o.Number, o.ProviderTradeNo, o.Amount)
}

// newebpayTrade are the refund calls of NewebPay card trade tradeNo
// (merchantOrderNo its own order number: an order's, or a plan period's
// MerOrderNo_n) that charged charged, with account n: the trade query
// and the credit-card refund (CloseType=2).
func newebpayTrade(n providers.NewebPay, f *Flows, merchantOrderNo, tradeNo string, charged int) providerCalls {
	return providerCalls{
		refunded: func(ctx context.Context) (int, error) {
			tr, err := n.QueryTrade(ctx, f.HTTP, merchantOrderNo, charged, f.Now())
			if err == nil && tr.BackBalance < 0 && tr.Status != providers.TradeCancelled {
				err = errors.New("the trade query does not say what was refunded")
			}
			return tr.Refunded(), err
		},
		// captured (the gateway's daily close): refunded; not yet: the
		// authorisation cancelled when the whole goes back, else waiting
		// (requesting) for the capture, when the sweep refunds it
		refund: func(ctx context.Context, amount int) (string, bool, error) {
			tr, err := n.QueryTrade(ctx, f.HTTP, merchantOrderNo, charged, f.Now())
			if err != nil {
				return "", false, err
			}
			r := providers.Refund{MerchantOrderNo: merchantOrderNo, TradeNo: tradeNo, Amount: amount, Now: f.Now()}
			switch {
			case tr.CloseStatus == providers.CloseDone:
				err = n.Refund(ctx, f.HTTP, r)
			case amount == charged:
				err = n.CancelAuthorisation(ctx, f.HTTP, r)
			default:
				return "", false, errNotCaptured
			}
			return tradeNo, errors.Is(err, providers.ErrRefundRefused), err
		},
	}
}

// refundPlan gives back recurring plan o's refund r (requesting) at
// NewebPay (account n): first its mandates are terminated (AlterStatus
// terminate: no further period is charged; one terminated before is
// success), then each period's part (data.RefundTrade) is refunded from
// its own trade, the provider asked first what that trade refunded so a
// part refunded before a crash is only recorded; once every part is
// done, finish records the refund. A lost answer leaves r requesting for
// the sweep; a refusal before any money went back fails it.
func (f *Flows) refundPlan(ctx context.Context, n providers.NewebPay, o *data.Order, r *data.Refund) error {
	if err := f.endMandates(ctx, n, o.Number, 0); err != nil {
		return errProvider(fmt.Errorf("checkout: terminating plan %s at NewebPay: %w", o.Number, err))
	}
	parts, err := f.DB.RefundTrades(ctx, r.ID)
	if err != nil {
		return err
	}
	ref := ""
	for i, part := range parts {
		ref = part.TradeNo
		if part.Done {
			continue
		}
		p := newebpayTrade(n, f, part.TradeOrderNo, part.TradeNo, part.Charged)
		refunded, err := p.refunded(ctx)
		if err != nil {
			return errProvider(fmt.Errorf("checkout: asking NewebPay what trade %s refunded: %w", part.TradeOrderNo, err))
		}
		before, err := f.DB.TradeRefundedBefore(ctx, r.ID, part.TradeNo)
		if err != nil {
			return err
		}
		if need := before + part.Amount - refunded; need > 0 {
			_, refused, err := p.refund(ctx, need)
			switch {
			case refused && i == 0 && refunded == before: // nothing of this refund went back
				f.Log.Error("NewebPay refused a plan's refund", "order", o.Number, "refund", r.ID, "trade", part.TradeOrderNo, "err", err)
				return f.finish(ctx, r, "", err)
			case err != nil: // unknown, or refused after a part went back: the sweep asks again
				f.Log.Error("refunding a plan's period", "order", o.Number, "refund", r.ID, "trade", part.TradeOrderNo, "err", err)
				return errProvider(err)
			}
			if afterRefundCall != nil {
				if err := afterRefundCall(); err != nil {
					return err
				}
			}
		}
		if err := f.DB.RefundTradeDone(ctx, r.ID, part.Period, f.Now()); err != nil {
			return err
		}
	}
	return f.finish(ctx, r, ref, nil)
}

// finish records the provider's answer to refund r in one transaction:
// failed, or refunded with all that follows (see the top of this file).
// A refund no longer requesting was finished before: nothing changes.
func (f *Flows) finish(ctx context.Context, r *data.Refund, ref string, failure error) error {
	now := f.Now()
	err := f.DB.InTx(ctx, func(t *data.Tx) error {
		o, err := t.LockOrder(r.OrderNumber)
		if err != nil {
			return err
		}
		cur, err := t.LockRefund("", r.ID)
		if err != nil || cur.State != rules.RefundRequesting { // finished before
			return err
		}
		if failure != nil {
			return t.AnswerRefund(r.ID, rules.RefundFailed, "", failure.Error(), now)
		}
		return f.refunded(ctx, t, o, cur, ref, now)
	})
	if err == nil && failure == nil && f.Queued != nil {
		f.Queued()
	}
	return err
}

// refunded records, in the caller's transaction (order o and refund r,
// requesting, locked), that r gave its amount back (ref the provider's
// reference, or the operator's of a refund made outside): the refund
// refunded, the order partly or wholly refunded, the holdings revoked
// and the future bookings they paid for cancelled with their seats back,
// the invoices undone, the member's mail queued.
func (f *Flows) refunded(ctx context.Context, t *data.Tx, o *data.Order, r *data.Refund, ref string, now time.Time) error {
	to, err := rules.RefundNext(r.State, rules.RefundEventDone)
	if err != nil {
		return err
	}
	if err := t.AnswerRefund(r.ID, to, ref, "", now); err != nil {
		return err
	}
	r.State = to
	total, err := t.RefundedTotal(o.ID)
	if err != nil {
		return err
	}
	paid, err := paidTotal(t, o)
	if err != nil {
		return err
	}
	e := rules.EventRefundedPart
	if total >= paid {
		e = rules.EventRefundedWhole
	}
	cause := fmt.Sprintf("refund %d (%s): NT$%d, fee NT$%d", r.ID, r.Kind, r.Amount, r.Fee)
	if refundsOutside(o) {
		cause += ", paid outside: " + ref
	}
	if r.Amount > 0 { // a plan's termination of nothing leaves the order as it is
		step, err := rules.OrderNext(o.State, e)
		if err != nil {
			return err
		}
		if err := t.SetOrderState(o.ID, o.State, step.To, data.Change{Cause: cause, At: now}); err != nil {
			return err
		}
	}
	if _, err := t.RevokeSold(o.ID, now); err != nil {
		return err
	}
	if err := undoRefunded(t, o, r, total); err != nil {
		return err
	}
	return f.queueRefundMail(ctx, t, o, r, ref)
}

// undoRefunded queues, in refund r's transaction, the undoing of the
// invoices of what r gave back of order o (total: what o's refunds gave
// back so far): the order's invoice, or for a plan each refunded
// period's; voided when all of it went back, else an allowance of the
// part (JobUndoInvoice, once per invoice and refund).
func undoRefunded(t *data.Tx, o *data.Order, r *data.Refund, total int) error {
	type undo struct {
		period, amount int
		whole          bool // all of the invoice's money went back
	}
	list := []undo{{0, r.Amount, total >= o.Amount && r.Amount >= o.Amount}}
	if isPlan(o) {
		parts, err := t.RefundTrades(r.ID)
		if err != nil {
			return err
		}
		list = list[:0]
		for _, p := range parts {
			list = append(list, undo{p.Period, p.Amount, p.Amount == p.Charged})
		}
	}
	for _, u := range list {
		inv, err := t.PeriodInvoice(o.ID, u.period)
		if err != nil {
			return err
		} else if inv == 0 {
			continue
		}
		j := invoiceJob{ID: inv}
		if !u.whole { // a part back: an allowance of it
			j.Amount = u.amount
		}
		if err := t.QueueJob(JobUndoInvoice, strconv.FormatInt(inv, 10)+":refund:"+strconv.FormatInt(r.ID, 10), j); err != nil {
			return err
		}
	}
	return nil
}

// queueRefundMail queues the mail of refund r of order o.
func (f *Flows) queueRefundMail(ctx context.Context, t *data.Tx, o *data.Order, r *data.Refund, ref string) error {
	return f.queueRecurringMail(ctx, t, o, "", "", func(shop mail.Brand, u *data.User, item string) mail.Message {
		kind := storefront.TextRefundTermination
		if r.Kind == data.RefundCoolingOff {
			kind = storefront.TextRefundCoolingOff
		}
		rows := [][2]string{{storefront.TextOrderNumber, o.Number}, {storefront.TextRefundKind, kind},
			{storefront.TextRefundFee, "NT$" + rules.Thousands(r.Fee)}, {storefront.TextRefundAmount, "NT$" + rules.Thousands(r.Amount)}}
		if isPlan(o) {
			rows = append(rows, [2]string{storefront.TextRefundPlan, storefront.TextRefundPlanEnded})
		}
		if by := refundBy(o); by != RefundByProvider {
			rows = append(rows, [2]string{storefront.TextRefundOutside, storefront.TextRefundOutsideHow(by == RefundByTransfer, ref)})
		}
		return mail.Refunded(shop, u.Email, u.Name, item, rows)
	})
}

// SweepRefunds finishes the refunds left requesting by a crash (longer
// than refundGrace): each is claimed by one sweeper, the provider asked
// what it refunded, and the refund made or recorded once. It returns how
// many it finished.
func (f *Flows) SweepRefunds(ctx context.Context) (int, error) {
	now := f.Now()
	ids, err := f.DB.ClaimStuckRefunds(ctx, now.Add(-refundGrace), now)
	if err != nil {
		return 0, err
	}
	n := 0
	for _, id := range ids {
		r, err := f.refund(ctx, id)
		if err == nil {
			err = f.refundAtProvider(ctx, r, true)
		}
		if err != nil {
			f.Log.Error("refund sweep", "refund", id, "err", err)
			continue
		}
		n++
	}
	return n, nil
}
