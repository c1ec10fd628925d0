// Package members holds the members' flows: registering, the mails of
// e-mailed tokens (verification, password reset) and point shares. Each is
// one use case that opens its own transaction (data.InTx), asks rules/,
// applies what they decided with data's Tx methods and composes its mails
// into the outbox in that transaction. host's handlers are thin adapters
// over it (host keeps routing, sessions and cookies).
package members

import (
	"context"
	"errors"
	"storefront"
	"time"

	"storefront/data"
	"storefront/mail"
	"storefront/rules"
)

// Flows runs the members' flows.
type Flows struct {
	DB  *data.DB
	Now func() time.Time
	// Queued tells the mail outbox's worker that a mail waits (nil: none).
	Queued func()
	// PhoneKey keys PhoneHash (32 bytes: config's MemberKey).
	PhoneKey []byte
}

// Registration is what a visitor sends to become a member.
type Registration struct {
	Email        string
	Password     string // MD5 of the password, hex (spec section 5)
	Name         string
	CustomFields map[string]string
	AcceptTerms  bool
	// Next is the page registered from, beneath the brand's home
	// ("/activity/1/2"): the verification mail's way back (rules.NextPath).
	Next string
}

// Register checks a registration against the brand's rules and custom-field
// schema, then creates the member, its verification token and the token's
// mail (composed with shop, the brand's mail identity) in one transaction:
// a member never exists without them, and the outbox sends the mail,
// retrying until it is sent.
func (f *Flows) Register(ctx context.Context, b *data.Brand, shop mail.Brand, reg Registration) (*data.User, error) {
	return f.register(ctx, b, shop, reg, true, nil)
}

// register is Register; without withPassword the member has none (one
// who registers with LINE); also (nil: nothing) runs in the transaction
// with the new member.
func (f *Flows) register(ctx context.Context, b *data.Brand, shop mail.Brand, reg Registration, withPassword bool,
	also func(t *data.Tx, u *data.User) error) (*data.User, error) {
	n := data.NewUser{BrandID: b.ID}
	var err error
	if n.Email, err = CheckEmail(reg.Email); err != nil {
		return nil, at("email", err)
	}
	if withPassword {
		if n.PasswordDigest, err = CheckPassword(reg.Password); err != nil {
			return nil, at("password", err)
		}
	}
	if n.Name, err = rules.MemberName(reg.Name); err != nil {
		return nil, at("name", invalid(err.Error()))
	}
	if n.CustomValues, n.Phone, err = CheckCustomFields(b, reg.CustomFields); err != nil {
		return nil, err
	}
	n.PhoneHash = f.PhoneHash(b.ID, n.Phone)
	if !reg.AcceptTerms {
		return nil, at("acceptTerms", invalid(storefront.TextAcceptTerms))
	}
	hash := ""
	if withPassword {
		if hash, err = data.HashPassword(n.PasswordDigest); err != nil {
			return nil, err
		}
	}
	next, _ := rules.NextPath(reg.Next) // a bad one is dropped: the mail links no way back
	now := f.Now()
	var u *data.User
	err = f.DB.InTx(ctx, func(t *data.Tx) (err error) {
		if u, err = t.CreateUser(n, hash, now); err != nil {
			return err
		}
		if also != nil {
			if err := also(t, u); err != nil {
				return err
			}
		}
		return queueToken(t, shop, u, data.PurposeVerify, next, now)
	})
	if err != nil {
		switch storefront.AsError(err).Code {
		case storefront.CodeAlreadyRegistered:
			return nil, at("email", err)
		case storefront.CodeAccountDeleted:
			return nil, at(phoneField(b), err)
		}
		return nil, err
	}
	f.queued()
	return u, nil
}

// CheckEmail validates an account's e-mail and returns it normalised.
func CheckEmail(s string) (string, error) {
	e, ok := rules.Email(s)
	if !ok {
		return "", invalid(storefront.TextBadEmail)
	}
	return e, nil
}

// CheckPassword validates a password digest (the browser sends MD5 hex).
func CheckPassword(s string) (string, error) {
	d, ok := rules.PasswordDigest(s)
	if !ok {
		return "", invalid(storefront.TextPasswordNotDigest)
	}
	return d, nil
}

// CheckCustomFields validates values against the brand's custom-field
// schema: every key must be the brand's, every value fit its type. It
// returns the values to store and the phone among them; an error is at
// its field ("customFields.phone").
func CheckCustomFields(b *data.Brand, values map[string]string) (map[string]string, string, error) {
	known := make(map[string]bool, len(b.CustomFields))
	for _, f := range b.CustomFields {
		known[f.Key] = true
	}
	for k := range values {
		if !known[k] {
			return nil, "", at(customField(k), invalid(storefront.TextUnknownCustomField(rules.Truncate(k, 64))))
		}
	}
	clean := map[string]string{}
	phone := ""
	for _, f := range b.CustomFields {
		v, err := rules.CheckField(rules.FieldRule{Label: f.Label, Type: f.Type, Required: f.Required, MaxLength: f.MaxLength, Options: f.Options}, values[f.Key])
		if err != nil {
			return nil, "", at(customField(f.Key), invalid(err.Error()))
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

// customField is the request's name of the custom field key.
func customField(key string) string { return "customFields." + key }

// phoneField is the request's name of the brand's phone field (the first
// of its custom fields of type phone), "" when it has none.
func phoneField(b *data.Brand) string {
	for _, f := range b.CustomFields {
		if f.Type == rules.FieldPhone {
			return customField(f.Key)
		}
	}
	return ""
}

// at returns err as about the request's field (a copy of an
// *storefront.Error with Field set; any other error unchanged).
func at(field string, err error) error {
	var e *storefront.Error
	if !errors.As(err, &e) {
		return err
	}
	c := *e
	c.Field = field
	return &c
}

// invalid is a bad-input error with a message for the visitor.
func invalid(msg string) error {
	return &storefront.Error{Kind: storefront.KindInvalid, Code: storefront.CodeBadRequest, Message: msg}
}

// queued tells the outbox's worker that a mail waits.
func (f *Flows) queued() {
	if f.Queued != nil {
		f.Queued()
	}
}
