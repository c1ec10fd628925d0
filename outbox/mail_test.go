package outbox_test

import (
	"context"
	"testing"
	"time"

	"storefront/data"
	"storefront/data/dbtest"
	"storefront/mail"
	"storefront/mail/devbox"
	"storefront/outbox"
)

// TestMailJobOverSMTP: a mail queued in a transaction leaves through a
// real SMTP conversation, attachment and all; sent, its row keeps the
// envelope but not the body (which may hold a token's link).
func TestMailJobOverSMTP(t *testing.T) {
	db := dbtest.New(t)
	box, err := devbox.Start(devbox.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { box.Close() })
	m, err := mail.New(mail.Config{Host: box.Host(), Port: box.Port(), From: "no-reply@shop.test", TLS: mail.TLSNone})
	if err != nil {
		t.Fatal(err)
	}
	ics := []byte("BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n")
	err = db.InTx(context.Background(), func(tx *data.Tx) error {
		return tx.QueueMail(data.Mail{To: "amy@example.com", FromName: "森活運動館", Subject: "預約成功", Text: "連結 http://x/t=secret",
			HTML: "<p>連結</p>", Attachment: data.Attachment{Name: "class.ics", ContentType: "text/calendar", Content: ics}})
	})
	if err != nil {
		t.Fatal(err)
	}
	w := outbox.Start(db, fast())
	t.Cleanup(w.Stop)
	w.Handle(data.JobMail, outbox.SendMail(m))
	got, ok := box.Wait("amy@example.com", 0, 10*time.Second)
	if !ok {
		t.Fatal("no mail delivered")
	}
	if got.Subject != "預約成功" || got.Text == "" || len(got.Attachments) != 1 || string(got.Attachments[0].Content) != string(ics) {
		t.Errorf("delivered %+v", got)
	}
	var subject, text, html, attachName string
	var attachment []byte
	eventually(t, "the mail recorded as sent", func() bool {
		err := db.Pool.QueryRow(context.Background(), `select subject, text_body, html_body, attachment_name, attachment
			from mail_outbox where sent_at is not null`).Scan(&subject, &text, &html, &attachName, &attachment)
		return err == nil
	})
	if subject != "預約成功" || text != "" || html != "" || attachName != "class.ics" || attachment != nil {
		t.Errorf("sent row: subject %q, text %q, html %q, attachment %q (%d bytes)", subject, text, html, attachName, len(attachment))
	}
}
