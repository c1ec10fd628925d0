package checkout

import (
	"context"
	"encoding/json"
	"storefront"
	"strconv"
	"time"

	"storefront/data"
	"storefront/mail"
	"storefront/rules"
)

// The notice of a recurring plan about to renew (定期定額續扣通知). The
// transaction that charges a period (ApplyCharge; the first mandate's
// creation pays period 1 there too) queues the next period's notice as
// an outbox job due before its charge day (rules.RenewalNotice: monthly
// and yearly plans, three days before at 10:00), keyed by the order, the
// period and the day, so a replayed or raced charge queues one. Any
// host's worker claims it when due, under the outbox's lease;
// RemindRenewal then, under the order's and the plan's locks, tells the
// member only while the plan still runs and the period is still to come
// (rules.RenewalNext), marking the period noticed in the transaction that
// queues the notice: a plan ended, refunded, failed or frozen meanwhile
// sends nothing, and a job run twice sends once.

// queueRenewal queues the notice of the period after the one plan p of
// order o just charged (period, on day, YYYY-MM-DD) at now, when the
// plan has one left and its type has notices.
func queueRenewal(t *data.Tx, o *data.Order, p *data.Plan, period int, day string, now time.Time) error {
	next := max(p.Last, period) + 1
	charged, err := rules.ParseDay(day)
	if next > p.Terms.Periods || err != nil {
		return nil
	}
	charge, at, ok := rules.RenewalNotice(p.Terms.PeriodType, p.Terms.PeriodPoint, charged, now)
	if !ok {
		return nil
	}
	return t.QueueRenewal(data.RenewalJob{BrandID: o.BrandID, UserID: o.UserID, OrderID: o.ID, Number: o.Number, Period: next,
		Day: charge.String()}, at)
}

// RemindRenewal runs a renewal notice's job (an outbox handler): it tells
// the member, by the channel they chose for renewals, the plan's coming
// charge when the plan still runs and the period is still to come; a
// freeze over the charge day moves the notice to the first charge day
// after the freeze (NewebPay charges the period then); otherwise it does
// nothing.
func (f *Flows) RemindRenewal(ctx context.Context, payload json.RawMessage) error {
	var j data.RenewalJob
	if err := json.Unmarshal(payload, &j); err != nil {
		return err
	}
	now := f.Now()
	var sent bool
	err := f.DB.InTx(ctx, func(t *data.Tx) error {
		sent = false
		o, err := t.LockOrder(j.Number)
		if err != nil && storefront.ErrorKind(err) == storefront.KindNotFound {
			return nil // the order is gone: nobody to tell
		}
		if err != nil {
			return err
		}
		p, err := t.LockPlan(o.ID)
		if err != nil {
			return err
		}
		facts := rules.RenewalFacts{Paid: o.State == data.OrderPaid, Failed: p.Failed != nil, Period: j.Period,
			Periods: p.Terms.Periods, Last: p.Last}
		if facts.Charge, err = rules.ParseDay(j.Day); err != nil {
			return err
		}
		last4, err := t.RenewalFacts(j, &facts)
		if err != nil {
			return err
		}
		switch rules.RenewalNext(facts, now) {
		case rules.RenewalNone:
			return nil
		case rules.RenewalLater:
			charge, at, ok := rules.RenewalNotice(p.Terms.PeriodType, p.Terms.PeriodPoint, facts.FrozenTo, now)
			if !ok {
				return nil
			}
			j.Day = charge.String()
			return t.QueueRenewal(j, at)
		}
		if sent, err = t.MarkRenewalNoticed(o.ID, j.Period, j.Day, now); err != nil || !sent {
			return err
		}
		return f.queueRenewalNotice(ctx, t, o, p, facts, last4)
	})
	if sent && f.Queued != nil {
		f.Queued()
	}
	return err
}

// queueRenewalNotice queues the renewal notice of plan p of order o, its
// coming charge as facts say, charged to the card ending last4 ("":
// unknown): the plan, the period, the day, the amount and the card, and
// a link to the member centre, where the plan is ended or frozen.
func (f *Flows) queueRenewalNotice(ctx context.Context, t *data.Tx, o *data.Order, p *data.Plan, facts rules.RenewalFacts, last4 string) error {
	key := o.Number + ":" + strconv.Itoa(facts.Period)
	return f.queueRecurringMail(ctx, t, o, data.NotifyRenewal, key, func(shop mail.Brand, u *data.User, item string) mail.Message {
		day, amount := storefront.TextDate(facts.Charge.Start()), "NT$"+rules.Thousands(p.Terms.Amount)
		rows := [][2]string{{storefront.TextOrderNumber, o.Number}, {storefront.TextChargedPeriod, storefront.TextPeriodOf(facts.Period, facts.Periods)},
			{storefront.TextChargeDay, day}, {storefront.TextChargedAmount, amount}}
		if last4 != "" {
			rows = append(rows, [2]string{storefront.TextPayWay, storefront.TextWayRecurring + "（**** " + last4 + "）"})
		}
		intro := storefront.TextMailRenewalIntro(item, day, facts.Period, amount)
		return mail.RecurringRenewal(shop, u.Email, u.Name, intro, shop.Home+"user", rows)
	})
}
