// Package econtract holds the e-contract flows: a member signs the newest
// version of a contract template, and the signed contract's PDF is mailed
// to them. Sign is one use case in one transaction (data.InTx): it checks
// the signing by rules/signing.go, locks the template and the account,
// stores the signed record and queues a JobSigned job in the outbox. The
// PDF is rendered, and the mail composed, by that job's handler
// (MailSigned) after the commit: nothing slow runs while the signing's
// locks are held. host's handlers are thin adapters over it.
package econtract

import (
	"context"
	"storefront"
	"strconv"
	"strings"
	"time"

	"storefront/data"
	"storefront/mail"
	"storefront/rules"
)

// Flows runs the e-contract flows.
type Flows struct {
	DB  *data.DB
	Now func() time.Time
	// Shop is the mail identity of a brand (its name, colour, logo and
	// home on its trusted origin) that the signed contract's mail is
	// composed with; its name is the brand's on the PDF.
	Shop func(ctx context.Context, brandID string) (mail.Brand, error)
	// Queued tells the outbox's worker that a job waits (nil: none).
	Queued func()
}

// Request is a member's signing: the form they sent (host's
// SignContractRequest), and where they signed from.
type Request struct {
	BrandID    string
	UserID     int64
	Form       rules.SigningForm
	ClientAddr string
	UserAgent  string
}

// maxUserAgent bounds the user agent a record keeps (bytes).
const maxUserAgent = 512

// Sign stores the member's signature of the newest version of a contract
// template, with their account's name and e-mail as they are now, and
// queues the job that mails them the signed contract's PDF, in one
// transaction. The version must be the template's newest and the hash its
// text's (else storefront.CodeContractOutdated); a version signed already
// is storefront.CodeContractSigned. Two signings of one version racing
// store one record: the other waits on the record's unique key and is
// refused.
func (f *Flows) Sign(ctx context.Context, req Request) (*data.SignedRecord, error) {
	s, err := rules.CheckSigning(req.Form)
	if err != nil {
		return nil, err
	}
	ua := req.UserAgent
	if len(ua) > maxUserAgent {
		ua = ua[:maxUserAgent]
	}
	rec := &data.SignedRecord{BrandID: req.BrandID, UserID: req.UserID, TextSHA256: s.TextSHA256, Signature: s.Signature,
		SignerName: s.SignerName, ClientAddr: req.ClientAddr, UserAgent: strings.ToValidUTF8(ua, ""), SignedAt: f.Now()}
	err = f.DB.InTx(ctx, func(t *data.Tx) error {
		if err := t.LockContract(req.BrandID, req.Form.ContractID); err != nil {
			return err
		}
		v, err := t.NewestContractVersion(req.BrandID, req.Form.ContractID)
		if err != nil {
			return err
		}
		if rec.Fields, err = contractFields(v, req.Form.Fields); err != nil {
			return err
		}
		if err := rules.SignsNewest(v.Version, v.TextSHA256(), req.Form.Version, s.TextSHA256); err != nil {
			return err
		}
		rec.TemplateID, rec.Name, rec.Title, rec.Body, rec.Version, rec.FieldDefs = v.TemplateID, v.Name, v.Title, v.Body, v.Version, v.Fields
		if rec.AccountName, rec.AccountEmail, err = t.LockAccount(req.BrandID, req.UserID); err != nil {
			return err
		}
		if err := t.InsertSigned(rec); err != nil {
			return err
		}
		return t.QueueJob(JobSigned, strconv.FormatInt(rec.ID, 10), signedJob{UserID: rec.UserID, ID: rec.ID})
	})
	if err != nil {
		return nil, err
	}
	if f.Queued != nil {
		f.Queued()
	}
	return rec, nil
}

// contractFields are the values of the fields version v asks for (other
// keys dropped), each checked as a text field of at most
// rules.MaxContractField characters.
func contractFields(v *data.ContractVersion, values map[string]string) (map[string]string, error) {
	fields := map[string]string{}
	for _, fd := range v.Fields {
		val, err := rules.CheckField(rules.FieldRule{Label: fd.Label, Type: rules.FieldText, Required: fd.Required,
			MaxLength: rules.MaxContractField}, values[fd.Key])
		if err != nil {
			return nil, invalid(err.Error())
		}
		if val != "" {
			fields[fd.Key] = val
		}
	}
	return fields, nil
}

// invalid is a bad-input error with a message for the member.
func invalid(msg string) error {
	return &storefront.Error{Kind: storefront.KindInvalid, Code: storefront.CodeBadRequest, Message: msg}
}
