package checkout

import (
	"context"
	"encoding/json"
	"fmt"
	"net/url"
	"storefront"
	"strings"
	"time"

	"storefront/data"
	"storefront/providers"
	"storefront/rules"
)

// Recurring card payments (payment way '1'): an item sold by
// NewebPay's periodic payment. The order's first mandate charges its first
// period at once and pays the order through Pay (the holdings, the
// receipt); each later period's notification extends the holdings once
// (ApplyCharge, recurring_charge.go); a declined one marks them payment-failed and mails
// the member a link to change the card. A card change is a new mandate
// that re-charges the declined period at once (or makes a ten-dollar
// check when none was declined); the mandates it replaces are terminated
// at NewebPay (NPA-B051) before the new one can charge: before the
// member is handed to NewebPay when the new mandate charges at once, else
// when its creation (the ten-dollar check) is reported, a period before
// its first charge. A charge that still lands for a period paid already
// (the old card charged before its mandate ended) is refunded at
// NewebPay (信用卡請退款), once, and the member told by mail.

// WayRecurring is payment way '1': recurring card payment by NewebPay.
var WayRecurring = PayWay{data.PayWayRecurring, storefront.TextWayRecurring, data.ProviderNewebPay}

// recurringFits refuses payment way '1' for an item not sold that way
// (a passcard of one month, week or year with its number of periods), or
// for more than one.
func recurringFits(item *data.Item, quantity int) error {
	if item == nil || item.RecurringPeriods == nil || item.Type != data.ItemPasscard || item.ValidityValue == nil ||
		*item.ValidityValue != 1 || item.ValidityUnit == nil || *item.ValidityUnit == "D" {
		return refuse(storefront.KindInvalid, storefront.CodeRecurringNotOffered, "")
	}
	if quantity != 1 {
		return refuse(storefront.KindInvalid, storefront.CodeQuantityNotAllowed, storefront.TextRecurringOne)
	}
	return nil
}

// periodPoint is when in each period NewebPay charges, for a mandate
// made on day: the day of the month (M, 01-31), the weekday (W, 1-7,
// Monday 1) or the date (Y, MMDD).
func periodPoint(unit string, day time.Time) string {
	d := day.In(rules.Taipei)
	switch unit {
	case "W":
		return fmt.Sprint((int(d.Weekday())+6)%7 + 1)
	case "Y":
		return d.Format("0102")
	}
	return d.Format("02")
}

// mandateForm is the form that takes the member to NewebPay (the brand's
// account n) to make mandate m.
func (f *Flows) mandateForm(n providers.NewebPay, m *data.Mandate, email string, urls URLs, now time.Time) (*Handoff, error) {
	form, err := n.Mandate(providers.PeriodMandate{MerOrderNo: m.MerOrderNo, Amount: m.Terms.Amount, ProdDesc: m.Terms.ItemName,
		PeriodType: m.Terms.PeriodType, PeriodPoint: m.Terms.PeriodPoint, StartType: m.StartType, Times: m.Times, Email: email,
		ReturnURL: urls.PeriodReturnURL, NotifyURL: urls.PeriodNotifyURL, BackURL: urls.ResultURL, Now: now})
	if err != nil {
		return nil, errProvider(err)
	}
	return &Handoff{Form: &form}, nil
}

// startMandate hands recurring order o to NewebPay's periodic gateway: a
// new mandate (each hand-off its own MerOrderNo, so a declined card can
// try again) charging the first period at once.
func (f *Flows) startMandate(ctx context.Context, n providers.NewebPay, o *data.Order, email string, urls URLs, now time.Time) (*Handoff, error) {
	t, err := f.DB.RecurringTermsOf(ctx, o.Number)
	if err != nil {
		return nil, err
	}
	t.PeriodPoint = periodPoint(t.PeriodType, now)
	m, err := f.newMandate(ctx, o.Number, t, false, false, now)
	if err != nil {
		return nil, err
	}
	h, err := f.mandateForm(n, m, email, urls, now)
	if err != nil {
		return nil, err
	}
	if _, err := f.handOff(ctx, data.Change{Number: o.Number, Cause: "handed to newebpay (periodic)", At: now}, data.Handoff{}); err != nil {
		return nil, err
	}
	return h, nil
}

// StartCardChange starts changing the card of member's recurring order o:
// a new pending mandate, whose number (the changeOrderNo) the card change
// page hands to NewebPay (CardChangeForm). onlyFailed refuses when no
// period was declined (the changeFailCard flow).
func (f *Flows) StartCardChange(ctx context.Context, o *data.Order, onlyFailed bool) (string, error) {
	if o.PayWay != data.PayWayRecurring || o.State != data.OrderPaid {
		return "", &storefront.Error{Kind: storefront.KindNotFound, Code: storefront.CodeNotRecurring}
	}
	a, err := f.accounts(ctx, o.BrandID)
	if err != nil {
		return "", err
	}
	if !a.NewebPay.Configured() {
		return "", errProvider(providers.ErrNotConfigured)
	}
	m, err := f.newMandate(ctx, o.Number, data.RecurringTerms{}, true, onlyFailed, f.Now())
	if err != nil {
		return "", err
	}
	if m.StartType == providers.PeriodStartCharge { // it charges when made: the old ones end first
		if err := f.endMandates(ctx, a.NewebPay, o.Number, m.ID); err != nil {
			f.DB.FailMandate(context.WithoutCancel(ctx), m.MerOrderNo, storefront.TextOldMandateNotEnded)
			return "", errProvider(err)
		}
	}
	return m.MerOrderNo, nil
}

// endMandates terminates at NewebPay (the brand's account n) the active
// mandates of order number but mandate except, and records each one
// NewebPay confirmed.
func (f *Flows) endMandates(ctx context.Context, n providers.NewebPay, number string, except int64) error {
	list, err := f.DB.ActiveMandates(ctx, number, except)
	if err != nil {
		return err
	}
	for _, old := range list {
		if old.PeriodNo != "" {
			if err := n.AlterStatus(context.WithoutCancel(ctx), f.HTTP, old.MerOrderNo, old.PeriodNo, providers.AlterTerminate, f.Now()); err != nil {
				f.Log.Error("NewebPay: terminating a replaced mandate", "order", number, "mandate", old.MerOrderNo, "err", err)
				return err
			}
		}
		if err := f.DB.MandateEnded(ctx, old.ID); err != nil {
			return err
		}
	}
	return nil
}

// refundDuplicate asks NewebPay (the brand's account n) to refund
// duplicate charge d of order number and records the answer (the refund, its event and mail, in one
// transaction; a failure waits for the notification's next copy).
func (f *Flows) refundDuplicate(ctx context.Context, n providers.NewebPay, number string, d *data.DuplicateCharge) error {
	ctx = context.WithoutCancel(ctx)
	err := n.Refund(ctx, f.HTTP, providers.Refund{MerchantOrderNo: d.TradeOrderNo, TradeNo: d.TradeNo, Amount: d.Amount, Now: f.Now()})
	if err != nil {
		f.Log.Error("NewebPay: refunding a second charge", "order", number, "period", d.Period, "trade", d.TradeNo, "err", err)
	}
	if serr := f.settleRefund(ctx, d, err, f.Now()); serr != nil {
		return serr
	}
	if err != nil {
		return errProvider(err)
	}
	if f.Queued != nil {
		f.Queued()
	}
	return nil
}

// CardChangeForm is the form that takes the member to NewebPay for card
// change changeOrderNo of order o, while it is pending.
func (f *Flows) CardChangeForm(ctx context.Context, o *data.Order, changeOrderNo, email string, urls URLs) (*Handoff, error) {
	m, err := f.DB.PendingMandate(ctx, o.Number, changeOrderNo)
	if err != nil {
		return nil, err
	}
	a, err := f.accounts(ctx, o.BrandID)
	if err != nil {
		return nil, err
	}
	return f.mandateForm(a.NewebPay, m, email, urls, f.Now())
}

// PeriodOutcome is what a periodic message did: the order, and the
// mandate it was about (a card change when Mandate.Change).
type PeriodOutcome struct {
	Order   *data.Order
	Mandate *data.Mandate
}

// ApplyPeriodResult believes a periodic NotifyURL or ReturnURL message
// (kind) posted to brand brandID's URL only when Period decrypts with that
// brand's key and names its merchant (the message carries nothing else to
// choose the keys by), its mandate is of an order of that brand, its PeriodNo the mandate's and its amount the
// order's period amount. The first mandate's creation pays (or fails)
// the order; every other result goes to ApplyCharge, once. Mandates
// a card change replaced are then terminated at NewebPay. Every message is
// kept in the audit (provider_callbacks).
func (f *Flows) ApplyPeriodResult(ctx context.Context, brandID string, form url.Values, kind string) (*PeriodOutcome, error) {
	now := f.Now()
	cb := data.Callback{Provider: data.ProviderNewebPay, Kind: kind, Digest: digest(form.Encode()), At: now}
	a, err := f.accounts(ctx, brandID)
	if err != nil {
		return nil, f.unjudged(ctx, cb, err, errBadMessage, "")
	}
	n := a.NewebPay
	res, err := n.PeriodResult(form)
	if err != nil {
		cb.Outcome = "refused: " + err.Error()
		f.audit(ctx, cb)
		f.Log.Warn("NewebPay periodic message refused", "kind", kind, "err", err)
		return nil, errBadMessage
	}
	cb.Verified, cb.OrderNumber, cb.Status, cb.TradeNo, cb.Amount = true, res.MerOrderNo, res.Status, res.TradeNo, &res.Amount
	m, number, err := f.DB.MandateOf(ctx, res.MerOrderNo)
	if err != nil {
		return nil, f.unjudged(ctx, cb, err, errBadMessage, "unknown mandate")
	}
	cb.OrderNumber = number
	if _, err := f.brandOrder(ctx, cb, brandID, number); err != nil {
		return nil, err
	}
	if res.Created && m.State != data.MandatePending && m.PeriodNo != res.PeriodNo {
		cb.Outcome = "refused: another PeriodNo"
		f.audit(ctx, cb)
		return nil, errBadMessage
	}
	charge := data.Charge{MerOrderNo: res.MerOrderNo, PeriodNo: res.PeriodNo, Created: res.Created, AlreadyTimes: res.AlreadyTimes,
		Paid: res.Paid(), Amount: res.Amount, TradeNo: res.TradeNo, TradeOrderNo: res.TradeOrderNo, CardLast4: res.CardLast4,
		Failure: failureText(res.Message), Digest: cb.Digest, At: now, Day: chargeDay(res.AuthDate)}
	if res.Created && m.Change && res.Paid() && m.State == data.MandatePending {
		// a card change made: the mandates it replaces end before it charges
		// (a failure here is retried after it is recorded, below)
		_ = f.endMandates(ctx, n, number, m.ID)
	}
	if res.Created && !m.Change { // the order's own payment: Pay or Fail first
		change := data.Change{Number: number, Cause: "NewebPay periodic " + kind + ": " + res.Status, Digest: cb.Digest, At: now}
		var o *data.Order
		var changed bool
		if res.Paid() {
			o, changed, err = f.Pay(ctx, data.Payment{Change: change, Provider: data.ProviderNewebPay, TradeNo: res.TradeNo,
				Amount: res.Amount, CardLast4: res.CardLast4})
		} else {
			o, changed, err = f.Fail(ctx, change, failureText(res.Message))
		}
		if err != nil || (o.State != data.OrderPaid && res.Paid()) {
			_, err = f.settled(ctx, cb, o, changed, err)
			return &PeriodOutcome{Order: o, Mandate: m}, err
		}
		if changed && o.State == data.OrderPaid && f.Queued != nil {
			f.Queued()
		}
	}
	out, err := f.ApplyCharge(ctx, charge)
	if err != nil {
		_, err = f.settled(ctx, cb, nil, false, err)
		return nil, err
	}
	switch {
	case out.Changed:
		cb.Outcome = fmt.Sprintf("applied: period %d paid=%v", out.Period, res.Paid())
	case out.Refund != nil:
		cb.Outcome = fmt.Sprintf("a second charge for period %d: to refund", out.Refund.Period)
	default:
		cb.Outcome = "no change: a repeat"
	}
	f.audit(ctx, cb)
	if out.Refund != nil {
		if err := f.refundDuplicate(ctx, n, number, out.Refund); err != nil {
			return nil, err
		}
	}
	if (out.Mailed || out.Invoiced) && f.Queued != nil {
		f.Queued()
	}
	for _, old := range out.Replaced {
		if old.PeriodNo == "" {
			continue
		}
		if err := n.AlterStatus(context.WithoutCancel(ctx), f.HTTP, old.MerOrderNo, old.PeriodNo, providers.AlterTerminate, now); err != nil {
			f.Log.Error("NewebPay: terminating a replaced mandate", "order", number, "mandate", old.MerOrderNo, "err", err)
		}
	}
	m.State = data.MandateActive
	if res.Created && !res.Paid() {
		m.State = data.MandateFailed
	}
	return &PeriodOutcome{Order: out.Order, Mandate: m}, nil
}

// EndPlan runs a data.JobEndPlan job (an outbox handler): it terminates
// at NewebPay (the brand's account) the active mandates of the recurring
// order, and records each one NewebPay confirmed. A mandate already
// terminated there is success, so a repeated job ends nothing twice.
func (f *Flows) EndPlan(ctx context.Context, payload json.RawMessage) error {
	var p data.EndPlan
	if err := json.Unmarshal(payload, &p); err != nil {
		return err
	}
	a, err := f.accounts(ctx, p.BrandID)
	if err != nil {
		return err
	}
	return f.endMandates(ctx, a.NewebPay, p.Number, 0)
}

// FreezePlans runs a data.JobFreezeStart (suspend true) or
// data.JobFreezeEnd job (an outbox handler): it suspends, or restarts, at
// NewebPay (the brand's account) the active mandates of the member's
// recurring orders frozen, so no charge is taken while the membership is
// frozen (rules.SkippedCharges: the periods NewebPay skips). A mandate
// ended since is left alone. The end's job then ends the freeze.
func (f *Flows) FreezePlans(ctx context.Context, payload json.RawMessage, suspend bool) error {
	var p data.FreezeJob
	if err := json.Unmarshal(payload, &p); err != nil {
		return err
	}
	alter := providers.AlterRestart
	if suspend {
		alter = providers.AlterSuspend
	}
	if len(p.Plans) > 0 {
		a, err := f.accounts(ctx, p.BrandID)
		if err != nil {
			return err
		}
		for _, number := range p.Plans {
			list, err := f.DB.ActiveMandates(ctx, number, 0)
			if err != nil {
				return err
			}
			for _, m := range list {
				if m.PeriodNo == "" {
					continue
				}
				if err := a.NewebPay.AlterStatus(context.WithoutCancel(ctx), f.HTTP, m.MerOrderNo, m.PeriodNo, alter, f.Now()); err != nil {
					f.Log.Error("NewebPay: "+alter+" for a freeze", "order", number, "mandate", m.MerOrderNo, "err", err)
					return err
				}
			}
		}
	}
	if suspend {
		return nil
	}
	return f.DB.EndFreeze(ctx, p.BrandID, p.FreezeID)
}

// chargeDay is the day of a periodic result's AuthDate ("2026-12-22
// 10:00:00"), "" when it has none.
func chargeDay(authDate string) string {
	day, _, _ := strings.Cut(authDate, " ")
	if d, err := rules.ParseDay(day); err == nil {
		return d.String()
	}
	return ""
}
