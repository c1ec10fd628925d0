package members

import (
	"context"
	"net/url"
	"strconv"
	"time"

	"storefront/data"
	"storefront/mail"
)

// SendToken mails member u a new token of purpose (data.PurposeVerify or
// data.PurposeReset): the token and its mail, composed with shop, in one
// transaction; the mail replaces one of the same purpose not sent yet. A
// mail of the purpose sent less than data.ResendInterval ago is
// storefront.CodeResendTooSoon.
func (f *Flows) SendToken(ctx context.Context, shop mail.Brand, u *data.User, purpose string) error {
	now := f.Now()
	err := f.DB.InTx(ctx, func(t *data.Tx) error { return queueToken(t, shop, u, purpose, "", now) })
	if err != nil {
		return err
	}
	f.queued()
	return nil
}

// queueToken issues a token of purpose for u and queues its mail, in t;
// next (a rules.NextPath, or "") is where the mail's link leads back to.
func queueToken(t *data.Tx, shop mail.Brand, u *data.User, purpose, next string, now time.Time) error {
	is, err := t.IssueToken(u.ID, purpose, now)
	if err != nil {
		return err
	}
	return t.QueueMail(tokenMail(shop, u, purpose, next, is))
}

// tokenMail composes the mail of a token: the verification mail or the
// password-reset mail, with a link to the shop's /verify/email and the
// same check as a 6-digit code, and next (the page to go back to, beneath
// the shop's home) when there is one. Every mailed link of a token is
// built here.
func tokenMail(shop mail.Brand, u *data.User, purpose, next string, is *data.Issued) data.Mail {
	q := url.Values{"u": {strconv.FormatInt(u.ID, 10)}, "t": {is.Token}}
	if next != "" {
		q.Set("next", next)
	}
	compose := mail.Verification
	if purpose == data.PurposeReset {
		q.Set("type", "resetPassword")
		compose = mail.PasswordReset
	}
	m := compose(shop, u.Email, u.Name, shop.Home+"verify/email?"+q.Encode(), is.Code, data.TokenTTL[purpose])
	return data.Mail{To: m.To, FromName: m.FromName, Subject: m.Subject, Text: m.Text, HTML: m.HTML, UserID: u.ID, Purpose: purpose}
}
