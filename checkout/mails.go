package checkout

import (
	"context"
	"fmt"
	"storefront"
	"strconv"

	"storefront/data"
	"storefront/mail"
	"storefront/rules"
)

// The mails of the purchase flows, composed by the flow in the
// transaction of the change they report and queued in the outbox there
// (text only: nothing slow runs under the order's lock). Each needs the
// brand's mail identity (Flows.Shop); with none, no mail is queued.

// queueReceipt queues the receipt of order o, being paid by p (mail.Receipt):
// its lines, amount, payment way and masked card, linking to the order;
// invoiced, that its e-invoice is being issued (its number, date and
// random code follow in the invoice's mail once ezPay issued it).
func (f *Flows) queueReceipt(ctx context.Context, t *data.Tx, o *data.Order, p data.Payment, invoiced bool) error {
	if f.Shop == nil {
		return nil
	}
	u, err := t.User(o.UserID)
	if err != nil {
		return err
	}
	o.State, o.PaidAt = data.OrderPaid, &p.At
	if p.CardLast4 != "" {
		o.MaskedCard = "**** " + p.CardLast4
	}
	shop, err := f.Shop(ctx, o.BrandID)
	if err != nil {
		return err
	}
	rows := [][2]string{{storefront.TextOrderNumber, o.Number}}
	for _, l := range o.Lines {
		rows = append(rows, lineRow(l.Name, l.Quantity, l.UnitPrice))
	}
	way := payWayName(o.PayWay)
	if o.MaskedCard != "" {
		way += "（" + o.MaskedCard + "）"
	}
	rows = append(rows, [2]string{storefront.TextPayWay, way}, [2]string{storefront.TextPaidAmount, "NT$" + rules.Thousands(o.Amount)})
	if invoiced {
		rows = append(rows, [2]string{storefront.TextInvoice, storefront.TextInvoicePending})
	}
	return t.QueueMail(message(mail.Receipt(shop, u.Email, u.Name, o.Number, shop.Home+"orderResult/"+o.Number, rows)))
}

// lineRow is a mail's row of an order line: name × quantity, its amount.
func lineRow(name string, quantity, unitPrice int) [2]string {
	return [2]string{fmt.Sprintf("%s × %d", name, quantity), "NT$" + rules.Thousands(unitPrice*quantity)}
}

// payWayName names payment way code as the checkout offers it.
func payWayName(code string) string {
	for _, w := range []PayWay{WayLinePay, WayRecurring, WayACH, WayChailease} {
		if w.Code == code {
			return w.Name
		}
	}
	return WayCard.Name
}

// queuePeriodFailed queues the mail of declined period of recurring order
// o: the item, the period, the amount and a link to change the card.
func (f *Flows) queuePeriodFailed(ctx context.Context, t *data.Tx, o *data.Order, period int) error {
	key := o.Number + ":" + strconv.Itoa(period)
	return f.queueRecurringMail(ctx, t, o, data.NotifyPaymentFailed, key, func(shop mail.Brand, u *data.User, item string) mail.Message {
		rows := [][2]string{{storefront.TextOrderNumber, o.Number}, {storefront.TextChargedPeriod, fmt.Sprintf(storefront.TextPeriodN, period)},
			{storefront.TextChargedAmount, "NT$" + rules.Thousands(o.Amount)}}
		return mail.RecurringFailed(shop, u.Email, u.Name, item, period, shop.Home+"changeFailCard/"+o.Number, rows)
	})
}

// queueRefunded queues the mail of a refunded second charge of amount for
// period of recurring order o.
func (f *Flows) queueRefunded(ctx context.Context, t *data.Tx, o *data.Order, period, amount int) error {
	return f.queueRecurringMail(ctx, t, o, "", "", func(shop mail.Brand, u *data.User, item string) mail.Message {
		rows := [][2]string{{storefront.TextOrderNumber, o.Number}, {storefront.TextDuplicatePeriod, fmt.Sprintf(storefront.TextPeriodN, period)},
			{storefront.TextRefundAmount, "NT$" + rules.Thousands(amount)}}
		return mail.RecurringRefunded(shop, u.Email, u.Name, item, period, rows)
	})
}

// queueRecurringMail queues the notification compose makes about
// recurring order o for its member, from the brand's identity and the
// order's item: of kind (data.Notify*, named key among its kind's) by the
// channel the member chose, "" by mail.
func (f *Flows) queueRecurringMail(ctx context.Context, t *data.Tx, o *data.Order, kind, key string,
	compose func(shop mail.Brand, u *data.User, item string) mail.Message) error {
	if f.Shop == nil {
		return nil
	}
	u, err := t.User(o.UserID)
	if err != nil {
		return err
	}
	shop, err := f.Shop(ctx, o.BrandID)
	if err != nil {
		return err
	}
	item := ""
	if len(o.Lines) > 0 {
		item = o.Lines[0].Name
	}
	m := compose(shop, u, item)
	msg := message(m)
	msg.UserID = u.ID
	return t.Notify(o.BrandID, data.Notice{Kind: kind, Key: key, Mail: msg, Line: m.Line})
}

// message is a composed mail as the outbox keeps it.
func message(m mail.Message) data.Mail {
	return data.Mail{To: m.To, FromName: m.FromName, Subject: m.Subject, Text: m.Text, HTML: m.HTML}
}
