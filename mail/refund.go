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

// RefundRejected is the mail of a refund the studio did not approve: the
// order, the studio's reason, and that the item stays the member's.
func RefundRejected(b Brand, to, name, item, orderNo, reason string) Message {
	rows := [][2]string{{storefront.TextOrderNumber, orderNo}}
	if reason != "" {
		rows = append(rows, [2]string{storefront.TextRefundRejectedReason, reason})
	}
	return render(to, mailData{
		Brand: b, Name: name, Title: storefront.TextMailRefundRejectedTitle,
		Intro: storefront.TextMailRefundRejectedIntro(item),
		Rows:  rows,
	})
}
