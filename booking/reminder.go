package booking

import (
	"context"
	"encoding/json"
	"strconv"
	"time"

	"storefront"
	"storefront/data"
	"storefront/mail"
	"storefront/rules"
)

// Class reminders. Booking a class (and a promotion from its waiting
// list, and a term class's order paid) queues its reminder in the same
// transaction (data.Tx.QueueReminder), as an outbox job due when the
// brand wants it (rules.ReminderAt), keyed by the booking, so each
// booking has one whatever replays; the outbox's workers, on any
// host, claim it under a lease when due. Remind then mails only a booking
// still booked, marking it reminded in the transaction that queues the
// mail, under the booking's lock: a cancellation before it sends nothing,
// and a job run twice (a host dying mid-job) mails once.

// Addressee finds whom a job's mail goes to: the brand, the member and
// the brand as its mails present it to them (host: the trusted origin,
// the member's unsubscribe link). A member or brand gone is
// storefront.KindNotFound.
type Addressee func(ctx context.Context, brandID string, userID int64) (Who, error)

// CancelLink is the absolute URL of the page that confirms cancelling
// the member's booking, its signed token valid until the cancellation
// deadline (host).
type CancelLink func(w Who, bookingID int64, until time.Time) string

// Remind runs a reminder job: it mails the member their class when the
// booking is still booked and not reminded yet, with a link to cancel it
// while the class is outside its cancel window; otherwise it does
// nothing.
func (f *Flows) Remind(ctx context.Context, payload json.RawMessage, who Addressee, cancelLink CancelLink) error {
	var j data.ReminderJob
	if err := json.Unmarshal(payload, &j); err != nil {
		return err
	}
	w, err := who(ctx, j.BrandID, j.UserID)
	if err != nil && storefront.ErrorKind(err) == storefront.KindNotFound {
		return nil // the member or the brand is gone: nobody to remind
	}
	if err != nil {
		return err
	}
	now := f.Now()
	var sent bool
	err = f.DB.InTx(ctx, func(t *data.Tx) error {
		sent = false
		l, err := lockBooking(t, w, j.BookingID, nil)
		if err != nil && storefront.ErrorKind(err) == storefront.KindNotFound {
			return nil
		}
		if err != nil {
			return err
		}
		s, b := l.session, l.booking
		if !now.Before(s.Start) {
			return nil // too late to remind
		}
		if marked, err := t.MarkReminded(b.ID, now); err != nil || !marked {
			return err
		}
		sent = true
		return deliver(t, w, reminder(w, s, b, now, cancelLink))
	})
	if sent {
		f.queued()
	}
	return err
}

// reminder is booking b's reminder, sent at now.
func reminder(w Who, s *data.SessionInfo, b *data.BookingRow, now time.Time, cancelLink CancelLink) data.Notice {
	intro := storefront.TextReminderIntro + classLine(s)
	link, cancel := w.Shop.Home+"user/booking", false
	if rules.CancelRule(Cancellation(&b.Booking, s.Session), now) == rules.CancelOK {
		intro += storefront.TextReminderCancelUntil(dayTime(s.CancelDeadline()))
		link, cancel = cancelLink(w, b.ID, s.CancelDeadline()), true
	} else {
		intro += cancelPolicy(s, now, b.OrderID != 0)
	}
	m := mail.ClassReminder(w.Shop, w.User.Email, w.User.Name, intro, link, cancel)
	return data.Notice{Kind: data.NotifyReminder, Key: strconv.FormatInt(b.ID, 10), Line: m.Line, WhileBooked: b.ID,
		Mail: data.Mail{To: m.To, FromName: m.FromName, Subject: m.Subject, Text: m.Text, HTML: m.HTML, UserID: w.User.ID,
			Unsubscribe: w.Shop.Unsubscribe}}
}

// deliver sends a member's notification: the one place a member's
// channel is chosen (data.Tx.Notify: LINE for a member linked to LINE who
// chose it for the notification's kind, through a LINE push job that falls
// back to the mail when LINE cannot deliver it; else the mail, through the
// mail outbox).
func deliver(t *data.Tx, w Who, n data.Notice) error {
	return t.Notify(w.Brand.ID, n)
}

// deliverAll delivers ns, in order.
func deliverAll(t *data.Tx, w Who, ns []data.Notice) error {
	for _, n := range ns {
		if err := deliver(t, w, n); err != nil {
			return err
		}
	}
	return nil
}
