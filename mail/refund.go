package mail

import "storefront"

// Refunded is the mail of an order refunded at the member's request:
// what goes back, and that the item is no longer theirs.
func Refunded(b Brand, to, name, item string, rows [][2]string) Message {
	return render(to, mailData{
		Brand: b, Name: name, Title: storefront.TextMailRefundedTitle,
		Intro: storefront.TextMailRefundedIntro(item),
		Rows:  rows,
		Outro: storefront.TextMailRecurringRefundedOutro,
	})
}
