package mail

import (
	"bytes"
	"fmt"
	htmltemplate "html/template"
	"strings"
	"text/template"
	"time"

	"storefront"
)

// Brand is how a mail presents the brand that sends it.
type Brand struct {
	Name   string
	Colour string // #RRGGBB, already checked
	Logo   string // absolute URL, or ""
	Home   string // absolute URL of the brand's shop
	// Unsubscribe, in a notification mail, is the recipient's one-click
	// unsubscribe URL (RFC 8058): the footer links to it and the mail
	// carries it as List-Unsubscribe.
	Unsubscribe string
}

// mailData fills the templates.
type mailData struct {
	Brand    Brand
	Name     string // the member's
	Title    string
	Intro    string
	Button   string
	Link     string
	Code     string
	ValidFor string
	Outro    string
	Rows     [][2]string // a table of label, value (a receipt's lines)
}

var htmlLayout = htmltemplate.Must(htmltemplate.New("html").Parse(`<!doctype html>
<html lang="zh-Hant"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>{{.Title}}</title></head>
<body style="margin:0;padding:0;background:#f5f7fa;font-family:'Noto Sans TC','PingFang TC','Microsoft JhengHei',sans-serif;color:#1f2933">
<table role="presentation" width="100%" cellspacing="0" cellpadding="0" style="background:#f5f7fa;padding:24px 0"><tr><td align="center">
<table role="presentation" width="100%" cellspacing="0" cellpadding="0" style="max-width:560px;background:#ffffff;border-radius:12px;overflow:hidden;border-top:6px solid {{.Brand.Colour}}">
<tr><td style="padding:24px 28px 8px;font-size:20px;font-weight:700;color:{{.Brand.Colour}}">{{if .Brand.Logo}}<img src="{{.Brand.Logo}}" alt="" width="36" height="36" style="vertical-align:middle;border-radius:8px;margin-right:8px">{{end}}{{.Brand.Name}}</td></tr>
<tr><td style="padding:8px 28px 0;font-size:18px;font-weight:700">{{.Title}}</td></tr>
<tr><td style="padding:12px 28px 0;font-size:15px;line-height:1.7">{{.Name}} 您好：<br>{{.Intro}}</td></tr>
{{if .Rows}}<tr><td style="padding:16px 28px 0"><table role="presentation" width="100%" cellspacing="0" cellpadding="0" style="font-size:14px;line-height:1.6;border-top:1px solid #e4e7eb">{{range .Rows}}<tr><td style="padding:6px 0;color:#616e7c;border-bottom:1px solid #e4e7eb">{{index . 0}}</td><td align="right" style="padding:6px 0;border-bottom:1px solid #e4e7eb">{{index . 1}}</td></tr>{{end}}</table></td></tr>{{end}}
{{if .Link}}<tr><td style="padding:20px 28px 0"><a href="{{.Link}}" style="display:inline-block;padding:12px 28px;border-radius:999px;background:{{.Brand.Colour}};color:#ffffff;text-decoration:none;font-weight:700;font-size:15px">{{.Button}}</a></td></tr>{{end}}
{{if .Code}}<tr><td style="padding:20px 28px 0;font-size:14px;color:#616e7c">或輸入驗證碼：<div style="margin-top:6px;font-size:28px;letter-spacing:8px;font-weight:700;color:#1f2933;font-family:Menlo,Consolas,monospace">{{.Code}}</div></td></tr>{{end}}
<tr><td style="padding:16px 28px 0;font-size:13px;color:#616e7c;line-height:1.6">{{.ValidFor}}{{if .Outro}}<br>{{.Outro}}{{end}}</td></tr>
{{if .Link}}<tr><td style="padding:12px 28px 0;font-size:12px;color:#9aa5b1;word-break:break-all">若按鈕無法開啟，請複製此連結到瀏覽器：<br>{{.Link}}</td></tr>{{end}}
<tr><td style="padding:24px 28px;font-size:12px;color:#9aa5b1">此信件由 {{.Brand.Name}} 系統自動寄出，請勿直接回覆。{{if .Brand.Home}}<br><a href="{{.Brand.Home}}" style="color:#616e7c">{{.Brand.Home}}</a>{{end}}{{if .Brand.Unsubscribe}}<br>不想再收到通知信？<a href="{{.Brand.Unsubscribe}}" style="color:#616e7c">取消訂閱</a>{{end}}</td></tr>
</table></td></tr></table></body></html>
`))

var textLayout = template.Must(template.New("text").Parse(`{{.Brand.Name}}｜{{.Title}}

{{.Name}} 您好：
{{.Intro}}
{{range .Rows}}
{{index . 0}}：{{index . 1}}{{end}}
{{if .Link}}
{{.Button}}：
{{.Link}}
{{end}}{{if .Code}}
驗證碼：{{.Code}}
{{end}}
{{.ValidFor}}
{{if .Outro}}{{.Outro}}
{{end}}
此信件由 {{.Brand.Name}} 系統自動寄出，請勿直接回覆。
{{if .Brand.Home}}{{.Brand.Home}}
{{end}}{{if .Brand.Unsubscribe}}不想再收到通知信？取消訂閱：{{.Brand.Unsubscribe}}
{{end}}`))

func render(to string, d mailData) Message {
	var h, t bytes.Buffer
	if err := htmlLayout.Execute(&h, d); err != nil {
		panic(err) // the templates are fixed: a failure is a bug
	}
	if err := textLayout.Execute(&t, d); err != nil {
		panic(err)
	}
	subject := fmt.Sprintf("【%s】%s", d.Brand.Name, d.Title)
	line := []string{subject, strings.TrimSpace(d.Intro)}
	for _, r := range d.Rows {
		line = append(line, r[0]+"："+r[1])
	}
	if d.Link != "" {
		line = append(line, d.Button+"：\n"+d.Link)
	}
	return Message{To: to, FromName: d.Brand.Name, Subject: subject, Text: t.String(), HTML: h.String(),
		Unsubscribe: d.Brand.Unsubscribe, Line: strings.Join(line, "\n\n")}
}

// validFor says how long a link or code lasts: "24 小時", "30 分鐘".
func validFor(d time.Duration) string {
	if d >= time.Hour && d%time.Hour == 0 {
		return storefront.TextHours(int(d / time.Hour))
	}
	return storefront.TextMinutes(int(d / time.Minute))
}

// Verification is the mail that verifies a member's e-mail address after
// registering: a link and the same check as a 6-digit code.
func Verification(b Brand, to, name, link, code string, ttl time.Duration) Message {
	return render(to, mailData{
		Brand: b, Name: name, Title: storefront.TextMailVerifyTitle,
		Intro:    storefront.TextMailVerifyIntro(b.Name),
		Button:   storefront.TextMailVerifyButton,
		Link:     link,
		Code:     code,
		ValidFor: storefront.TextMailVerifyValidFor(validFor(ttl)),
		Outro:    storefront.TextMailVerifyOutro,
	})
}

// PasswordReset is the mail of a forgotten password: a 6-digit code to type
// in the forgot-password dialog, and a link that sets a new password.
func PasswordReset(b Brand, to, name, link, code string, ttl time.Duration) Message {
	return render(to, mailData{
		Brand: b, Name: name, Title: storefront.TextMailResetTitle,
		Intro:    storefront.TextMailResetIntro,
		Button:   storefront.TextMailResetButton,
		Link:     link,
		Code:     code,
		ValidFor: storefront.TextMailResetValidFor(validFor(ttl)),
		Outro:    storefront.TextMailResetOutro,
	})
}

// Receipt is the mail that confirms a paid order: its lines and amount,
// the payment way and the masked card (rows), and a link to the order.
func Receipt(b Brand, to, name, orderNo, link string, rows [][2]string) Message {
	return render(to, mailData{
		Brand: b, Name: name, Title: storefront.TextMailReceiptTitle,
		Intro:  storefront.TextMailReceiptIntro(orderNo),
		Rows:   rows,
		Button: storefront.TextMailReceiptButton,
		Link:   link,
		Outro:  storefront.TextMailReceiptOutro,
	})
}

// BookingNotice is a booking mail (confirmation, cancellation, waiting
// list news): a title, what happened, and a link to the member's
// bookings.
func BookingNotice(b Brand, to, name, title, intro, link string) Message {
	return render(to, mailData{
		Brand: b, Name: name, Title: title, Intro: intro,
		Button: storefront.TextMailBookingButton,
		Link:   link,
		Outro:  storefront.TextMailBookingOutro,
	})
}

// ClassReminder is a booked class's reminder: the class, and a button
// to cancel it (cancel: the link's confirmation page, while the class is
// outside its cancel window) or else to the member's bookings (link).
func ClassReminder(b Brand, to, name, intro, link string, cancel bool) Message {
	button := storefront.TextMailBookingButton
	if cancel {
		button = storefront.TextMailReminderCancelButton
	}
	return render(to, mailData{
		Brand: b, Name: name, Title: storefront.TextMailReminderTitle, Intro: intro,
		Button: button,
		Link:   link,
		Outro:  storefront.TextMailBookingOutro,
	})
}

// ContractSigned is the mail of a contract just signed; its PDF travels
// as the attachment.
func ContractSigned(b Brand, to, name, title, link string, rows [][2]string) Message {
	return render(to, mailData{
		Brand: b, Name: name, Title: storefront.TextMailContractTitle,
		Intro:  storefront.TextMailContractIntro(title),
		Rows:   rows,
		Button: storefront.TextMailContractButton,
		Link:   link,
		Outro:  storefront.TextMailContractOutro,
	})
}
