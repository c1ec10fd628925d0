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
