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
