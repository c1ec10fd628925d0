package mail

import "fmt"

// RecurringFailed is the mail of a declined recurring period (issue 13):
// what was declined and a link to change the card, which re-charges it.
func RecurringFailed(b Brand, to, name, item string, period int, link string, rows [][2]string) Message {
	return render(to, mailData{
		Brand: b, Name: name, Title: "定期定額扣款失敗通知",
		Intro:  fmt.Sprintf("您的「%s」第 %d 期信用卡扣款未成功，會員資格將於已付款期間結束後暫停。明細如下：", item, period),
		Rows:   rows,
		Button: "更換信用卡",
		Link:   link,
		Outro:  "更換信用卡後，系統會立即重新扣款本期費用並恢復您的會員資格。",
	})
}

// RecurringRefunded is the mail of a recurring period charged twice (the
// old card charged before a card change ended its mandate): the second
// charge was refunded to the card it was charged to.
func RecurringRefunded(b Brand, to, name, item string, period int, rows [][2]string) Message {
	return render(to, mailData{
		Brand: b, Name: name, Title: "定期定額重複扣款退款通知",
		Intro: fmt.Sprintf("您更換信用卡期間，「%s」第 %d 期被重複扣款。我們已將重複的那一筆全額退回原扣款的信用卡，本期仍只計一次。明細如下：", item, period),
		Rows:  rows,
		Outro: "退款入帳時間依發卡銀行作業而定，通常為 7 至 14 個工作天。",
	})
}
