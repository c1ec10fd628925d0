package outbox

import (
	"context"
	"encoding/json"

	"storefront/data"
	"storefront/mail"
)

// Sender sends one mail (mail.Mailer).
type Sender interface {
	Send(ctx context.Context, msg mail.Message) error
}

// SendMail is the handler of the mail jobs (data.JobMail): it sends the
// job's data.Mail through s.
func SendMail(s Sender) Handler {
	return func(ctx context.Context, payload json.RawMessage) error {
		var m data.Mail
		if err := json.Unmarshal(payload, &m); err != nil {
			return err
		}
		return s.Send(ctx, mail.Message{To: m.To, FromName: m.FromName, Subject: m.Subject, Text: m.Text, HTML: m.HTML,
			AttachName: m.Attachment.Name, AttachType: m.Attachment.ContentType, Attachment: m.Attachment.Content,
			Unsubscribe: m.Unsubscribe})
	}
}
