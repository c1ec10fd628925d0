// Package members holds the members' account flows: each is one use case
// that spans the brand's rules, the database and the mail outbox, called by
// host's thin handlers (host keeps routing, sessions and cookies). The
// transactional flows to come (booking, checkout, payment) get packages of
// their own beside this one.
package members

import (
	"context"
	"storefront"
	"time"

	"storefront/data"
	"storefront/rules"
)

// Flows runs the account flows.
type Flows struct {
	DB  *data.DB
	Now func() time.Time
	// Queued tells the mail outbox's worker that a mail waits (nil: none).
	Queued func()
}

// Registration is what a visitor sends to become a member.
type Registration struct {
	Email        string
	Password     string // MD5 of the password, hex (spec section 5)
	Name         string
	CustomFields map[string]string
	AcceptTerms  bool
}

// Register checks a registration against the brand's rules and custom-field
// schema, then creates the member, its verification token and the token's
// mail (composed by mail) in one transaction: a member never exists
// without them, and the outbox sends the mail, retrying until it is sent.
func (f *Flows) Register(ctx context.Context, b *data.Brand, reg Registration, mail data.ComposeMail) (*data.User, error) {
	n := data.NewUser{BrandID: b.ID}
	var err error
	if !reg.AcceptTerms {
		return nil, invalid("請先閱讀並同意服務條款與隱私權政策")
	}
	if n.Email, err = CheckEmail(reg.Email); err != nil {
		return nil, err
	}
	if n.PasswordDigest, err = CheckPassword(reg.Password); err != nil {
		return nil, err
	}
	if n.Name, err = rules.MemberName(reg.Name); err != nil {
		return nil, invalid(err.Error())
	}
	if n.CustomValues, n.Phone, err = CheckCustomFields(b, reg.CustomFields); err != nil {
		return nil, err
	}
	u, err := f.DB.Register(ctx, n, f.Now(), mail)
	if err != nil {
		return nil, err
	}
	if f.Queued != nil {
		f.Queued()
	}
	return u, nil
}

// CheckEmail validates an account's e-mail and returns it normalised.
func CheckEmail(s string) (string, error) {
	e, ok := rules.Email(s)
	if !ok {
		return "", invalid("電子信箱格式不正確")
	}
	return e, nil
}

// CheckPassword validates a password digest (the browser sends MD5 hex).
func CheckPassword(s string) (string, error) {
	d, ok := rules.PasswordDigest(s)
	if !ok {
		return "", invalid("密碼須以 MD5 雜湊後傳送（32 位十六進位字元）")
	}
	return d, nil
}

// CheckCustomFields validates values against the brand's custom-field
// schema: every key must be the brand's, every value fit its type. It
// returns the values to store and the phone among them.
func CheckCustomFields(b *data.Brand, values map[string]string) (map[string]string, string, error) {
	known := make(map[string]bool, len(b.CustomFields))
	for _, f := range b.CustomFields {
		known[f.Key] = true
	}
	for k := range values {
		if !known[k] {
			return nil, "", invalid("不明的自訂欄位：" + rules.Truncate(k, 64))
		}
	}
	clean := map[string]string{}
	phone := ""
	for _, f := range b.CustomFields {
		v, err := rules.CheckField(rules.FieldRule{Label: f.Label, Type: f.Type, Required: f.Required, MaxLength: f.MaxLength, Options: f.Options}, values[f.Key])
		if err != nil {
			return nil, "", invalid(err.Error())
		}
		if v == "" {
			continue
		}
		clean[f.Key] = v
		if f.Type == rules.FieldPhone && phone == "" {
			phone = v
		}
	}
	return clean, phone, nil
}

// invalid is a bad-input error with a message for the visitor.
func invalid(msg string) error {
	return &storefront.Error{Kind: storefront.KindInvalid, Code: storefront.CodeBadRequest, Message: msg}
}
