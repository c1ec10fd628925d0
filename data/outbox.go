package data

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5"
)

// Mail is one mail for the outbox: written in the transaction of the
// change it reports, sent later by the outbox worker.
type Mail struct {
	To       string
	FromName string
	Subject  string
	Text     string
	HTML     string
	// UserID and Purpose, when set, name what the mail is about: a newer
	// mail of the same purpose to the same member replaces one not yet sent.
	UserID  int64
	Purpose string
	// Attachment, when named, travels with the mail (a booking's .ics).
	Attachment Attachment
	// Unsubscribe, set on a notification mail, is the member's one-click
	// unsubscribe URL; such a mail is not queued for a member who has
	// unsubscribed.
	Unsubscribe string
}

// Attachment is a file attached to a mail.
type Attachment struct {
	Name        string // "" none
	ContentType string
	Content     []byte
}

// QueuedMail is an outbox row claimed for sending.
type QueuedMail struct {
	ID       int64
	Attempts int // including this one
	Mail
}

// ComposeMail builds the mail of a token just issued to a member, inside
// the transaction that issues it.
type ComposeMail func(u *User, t *Issued) (Mail, error)

// enqueue writes m to the outbox in tx, dropping unsent mails it replaces.
func enqueue(ctx context.Context, tx pgx.Tx, m Mail) error {
	b := &pgx.Batch{}
	queueMail(b, m)
	return sendBatch(ctx, tx, b)
}

// queueMail queues writing m to the outbox (see enqueue).
func queueMail(b *pgx.Batch, m Mail) {
	var userID *int64
	if m.UserID != 0 {
		userID = &m.UserID
		if m.Purpose != "" {
			b.Queue(`delete from mail_outbox where user_id = $1 and purpose = $2 and sent_at is null`, m.UserID, m.Purpose)
		}
	}
	b.Queue(`insert into mail_outbox (purpose, user_id, to_addr, from_name, subject, text_body, html_body,
			attachment_name, attachment_type, attachment, unsubscribe_url)
		select $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11
		where $11 = '' or not exists (select 1 from users where id = $2 and unsubscribed_at is not null)`,
		m.Purpose, userID, m.To, m.FromName, m.Subject, m.Text, m.HTML,
		m.Attachment.Name, m.Attachment.ContentType, m.Attachment.Content, m.Unsubscribe)
}

// ClaimMails takes up to limit due mails for sending. Each claimed row's
// next attempt moves lease ahead, so a process that dies while sending
// leaves it to be retried then by any host; rows another host is claiming
// are skipped (FOR UPDATE SKIP LOCKED).
func (db *DB) ClaimMails(ctx context.Context, limit int, lease time.Duration) ([]QueuedMail, error) {
	rows, err := db.Pool.Query(ctx, `
		update mail_outbox set attempts = attempts + 1, next_attempt_at = now() + $2::interval
		where id in (select id from mail_outbox where sent_at is null and next_attempt_at <= now()
			order by next_attempt_at, id limit $1 for update skip locked)
		returning id, attempts, to_addr, from_name, subject, text_body, html_body, coalesce(user_id, 0), purpose,
			attachment_name, attachment_type, attachment, unsubscribe_url`,
		limit, lease)
	if err != nil {
		return nil, dbErr(err)
	}
	ms, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (QueuedMail, error) {
		var q QueuedMail
		err := row.Scan(&q.ID, &q.Attempts, &q.To, &q.FromName, &q.Subject, &q.Text, &q.HTML, &q.UserID, &q.Purpose,
			&q.Attachment.Name, &q.Attachment.ContentType, &q.Attachment.Content, &q.Unsubscribe)
		return q, err
	})
	return ms, dbErr(err)
}

// MailSent records a mail as sent and blanks its body (which may hold a
// token's link).
func (db *DB) MailSent(ctx context.Context, id int64) error {
	_, err := db.Pool.Exec(ctx, `update mail_outbox set sent_at = now(), last_error = null, text_body = '', html_body = '',
		attachment = null where id = $1`, id)
	return dbErr(err)
}

// MailFailed records a failed attempt: its error, and the next attempt
// after retry.
func (db *DB) MailFailed(ctx context.Context, id int64, cause string, retry time.Duration) error {
	if len(cause) > 1000 {
		cause = cause[:1000]
	}
	_, err := db.Pool.Exec(ctx, `update mail_outbox set last_error = $2, next_attempt_at = now() + $3::interval
		where id = $1 and sent_at is null`, id, cause, retry)
	return dbErr(err)
}

// OutboxDepth is how many mails wait to be sent.
func (db *DB) OutboxDepth(ctx context.Context) (int64, error) {
	var n int64
	err := db.Pool.QueryRow(ctx, `select count(*) from mail_outbox where sent_at is null`).Scan(&n)
	return n, dbErr(err)
}
