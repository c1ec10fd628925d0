package mail

import "storefront"

// RecurringFailed is the mail of a declined recurring period:
// what was declined and a link to change the card, which re-charges it.
func RecurringFailed(b Brand, to, name, item string, period int, link string, rows [][2]string) Message {
	return render(to, mailData{
		Brand: b, Name: name, Title: storefront.TextMailRecurringFailedTitle,
		Intro:  storefront.TextMailRecurringFailedIntro(item, period),
		Rows:   rows,
		Button: storefront.TextMailChangeCardButton,
		Link:   link,
		Outro:  storefront.TextMailRecurringFailedOutro,
	})
}

// RecurringRefunded is the mail of a recurring period charged twice (the
// old card charged before a card change ended its mandate): the second
// charge was refunded to the card it was charged to.
func RecurringRefunded(b Brand, to, name, item string, period int, rows [][2]string) Message {
	return render(to, mailData{
		Brand: b, Name: name, Title: storefront.TextMailRecurringRefundedTitle,
		Intro: storefront.TextMailRecurringRefundedIntro(item, period),
		Rows:  rows,
		Outro: storefront.TextMailRecurringRefundedOutro,
	})
}

// InvoiceIssued is the mail of an e-invoice just issued for an order (or
// a period of it): its number, date and random code beside the order's
// lines and amount, linking to the order.
func InvoiceIssued(b Brand, to, name, orderNo, link string, rows [][2]string) Message {
	return render(to, mailData{
		Brand: b, Name: name, Title: storefront.TextMailInvoiceTitle,
		Intro:  storefront.TextMailInvoiceIntro(orderNo),
		Rows:   rows,
		Button: storefront.TextMailReceiptButton,
		Link:   link,
		Outro:  storefront.TextMailInvoiceOutro,
	})
}

// FreezeDecided is the mail of the studio's decision on a member's freeze
// request: the span, the reason and the studio's note.
func FreezeDecided(b Brand, to, name string, approved bool, start, end string, rows [][2]string) Message {
	d := mailData{Brand: b, Name: name, Title: storefront.TextMailFreezeRejectedTitle,
		Intro: storefront.TextMailFreezeIntro(approved, start, end), Rows: rows}
	if approved {
		d.Title, d.Outro = storefront.TextMailFreezeApprovedTitle, storefront.TextMailFreezeApprovedOutro
	}
	return render(to, d)
}

// FreezeEndedEarly is the mail of a freeze the studio ended early: the
// span it froze (start to its new last day end) and what follows.
func FreezeEndedEarly(b Brand, to, name, start, end string, rows [][2]string) Message {
	return render(to, mailData{Brand: b, Name: name, Title: storefront.TextMailFreezeEndedTitle,
		Intro: storefront.TextMailFreezeEndedIntro(start, end), Rows: rows, Outro: storefront.TextMailFreezeEndedOutro})
}

// RecurringRenewal is the notice of a recurring plan about to renew: the
// coming charge (intro names the plan, its day, period and amount) and a
// link to the member centre, where the plan is ended or frozen.
func RecurringRenewal(b Brand, to, name, intro, link string, rows [][2]string) Message {
	return render(to, mailData{
		Brand: b, Name: name, Title: storefront.TextMailRenewalTitle,
		Intro:  intro,
		Rows:   rows,
		Button: storefront.TextMailRenewalButton,
		Link:   link,
		Outro:  storefront.TextMailRenewalOutro,
	})
}
