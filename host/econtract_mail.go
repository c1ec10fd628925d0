package host

import (
	"net/http"
	"strconv"

	"storefront/data"
	"storefront/econtract"
	"storefront/mail"
	"storefront/rules"
)

// contractMail composes the mail of a contract u just signed, with its
// PDF attached, inside the signing transaction.
func (s *Server) contractMail(r *http.Request, b *data.Brand, u *data.User) data.ContractMail {
	return func(rec *data.SignedRecord) (data.Mail, error) {
		pdf, err := contractPDFBytes(b, rec)
		if err != nil {
			return data.Mail{}, err
		}
		origin, base := s.brandOrigin(b)
		rows := [][2]string{{"合約", rec.Title}, {"版本", strconv.Itoa(rec.Version)}, {"簽署人", econtract.Signer(rec.SignerName, contractAccount(rec))},
			{"簽署時間", rec.SignedAt.In(rules.Taipei).Format("2006-01-02 15:04")}}
		msg := mail.ContractSigned(s.mailBrand(r, b), u.Email, u.Name, rec.Title, origin+base+"/user", rows)
		return data.Mail{To: msg.To, FromName: msg.FromName, Subject: msg.Subject, Text: msg.Text, HTML: msg.HTML,
			UserID: u.ID, Attachment: data.Attachment{Name: "contract-" + strconv.FormatInt(rec.ID, 10) + ".pdf",
				ContentType: "application/pdf", Content: pdf}}, nil
	}
}
