package data

import (
	"encoding/json"

	"github.com/jackc/pgx/v5"
)

// Mail is one mail for the outbox: written in the transaction of the
// change it reports, as a job of kind JobMail, sent later by the outbox
// worker (its payload is this struct in JSON).
type Mail struct {
	To       string `json:"to"`
	FromName string `json:"fromName,omitempty"`
	Subject  string `json:"subject"`
	Text     string `json:"text"`
	HTML     string `json:"html,omitempty"`
	// UserID and Purpose, when set, name what the mail is about: a newer
	// mail of the same purpose to the same member replaces one not yet sent.
	UserID  int64  `json:"userId,omitempty"`
	Purpose string `json:"purpose,omitempty"`
	// Attachment, when named, travels with the mail (a booking's .ics).
	Attachment Attachment `json:"attachment,omitzero"`
	// Unsubscribe, set on a notification mail, is the member's one-click
	// unsubscribe URL; such a mail is not queued for a member who has
	// unsubscribed.
	Unsubscribe string `json:"unsubscribe,omitempty"`
}

// Attachment is a file attached to a mail.
type Attachment struct {
	Name        string `json:"name"` // "" none
	ContentType string `json:"type"`
	Content     []byte `json:"content"`
}

// QueueMail queues m in the outbox (a job of kind JobMail), in the
// transaction of the change it reports; it replaces an unsent mail of the
// same purpose to the same member, and is dropped for a member who has
// unsubscribed when it is a notification (see Mail).
func (t *Tx) QueueMail(m Mail) error {
	b := &pgx.Batch{}
	queueMail(b, m)
	t.deferBatch(b)
	return nil
}

// queueMail queues writing m to the outbox (see enqueue).
func queueMail(b *pgx.Batch, m Mail) {
	p, _ := json.Marshal(m) // cannot fail: strings, a number and bytes
	if m.UserID != 0 && m.Purpose != "" {
		b.Queue(`delete from jobs where kind = $1 and done_at is null and dead_at is null
			and (payload->>'userId')::bigint = $2 and payload->>'purpose' = $3`, JobMail, m.UserID, m.Purpose)
	}
	b.Queue(`insert into jobs (kind, payload) select $1, $2::jsonb
		where $3 = '' or not exists (select 1 from users where id = $4 and unsubscribed_at is not null)`,
		JobMail, p, m.Unsubscribe, m.UserID)
}
