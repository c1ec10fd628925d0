package econtract

import (
	"context"
	"encoding/hex"
	"encoding/json"
	"storefront"
	"strconv"

	"storefront/data"
	"storefront/mail"
	"storefront/rules"
)

// JobSigned is the kind of the outbox job that mails a contract just
// signed, with its PDF (key: the signed record's id; run by MailSigned).
const JobSigned = "contract-signed"

// signedJob is the payload of a JobSigned job: the signed record.
type signedJob struct {
	UserID int64 `json:"userId"`
	ID     int64 `json:"id"`
}

// MailSigned runs a JobSigned job (an outbox handler): it reads the signed
// record, renders its PDF, composes its mail with the PDF attached, and
// queues that mail in the outbox in a transaction of its own, as a mail job
// keyed by the record. A second run of the job (a process that died after
// queuing) queues nothing more, so the member gets one mail; the mail job
// is then sent as every mail is.
func (f *Flows) MailSigned(ctx context.Context, payload json.RawMessage) error {
	var j signedJob
	if err := json.Unmarshal(payload, &j); err != nil {
		return err
	}
	rec, err := f.DB.SignedContract(ctx, j.UserID, j.ID)
	if err != nil {
		return err
	}
	shop, err := f.Shop(ctx, rec.BrandID)
	if err != nil {
		return err
	}
	pdf, err := SignedPDF(shop.Name, rec)
	if err != nil {
		return err
	}
	rows := [][2]string{{storefront.TextContract, rec.Title}, {storefront.TextVersion, strconv.Itoa(rec.Version)},
		{storefront.TextSigner, Signer(rec.SignerName, account(rec))},
		{storefront.TextSignedAt, rec.SignedAt.In(rules.Taipei).Format("2006-01-02 15:04")}}
	msg := mail.ContractSigned(shop, rec.AccountEmail, rec.AccountName, rec.Title, shop.Home+"user", rows)
	id := strconv.FormatInt(rec.ID, 10)
	m := data.Mail{To: msg.To, FromName: msg.FromName, Subject: msg.Subject, Text: msg.Text, HTML: msg.HTML, UserID: rec.UserID,
		Attachment: data.Attachment{Name: "contract-" + id + ".pdf", ContentType: "application/pdf", Content: pdf}}
	if err := f.DB.InTx(ctx, func(t *data.Tx) error { return t.QueueJob(data.JobMail, JobSigned+":"+id, m) }); err != nil {
		return err
	}
	if f.Queued != nil {
		f.Queued()
	}
	return nil
}

// SignedPDF renders rec, a contract signed with brand brandName, as a PDF:
// its text, the fields filled (by label, in the contract's order), the
// signer and their account, time, hash and signature.
func SignedPDF(brandName string, rec *data.SignedRecord) ([]byte, error) {
	var fields [][2]string
	for _, fd := range rec.FieldDefs {
		if v := rec.Fields[fd.Key]; v != "" {
			fields = append(fields, [2]string{fd.Label, v})
		}
	}
	return PDF(Contract{BrandName: brandName, Title: rec.Title, Version: rec.Version, Body: rec.Body, Fields: fields,
		SignerName: rec.SignerName, Account: account(rec), SignedAt: rec.SignedAt, TextSHA256: hex.EncodeToString(rec.TextSHA256),
		Signature: rec.Signature})
}

// account is the account that signed rec, as it was at signing.
func account(rec *data.SignedRecord) Account {
	return Account{Name: rec.AccountName, Email: rec.AccountEmail, MemberNo: rec.UserID}
}
