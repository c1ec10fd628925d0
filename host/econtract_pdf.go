package host

import (
	"encoding/hex"

	"storefront/data"
	"storefront/econtract"
)

// contractPDFBytes renders a contract signed with brand b as a PDF: its
// text, the fields filled (by label, in the contract's order), the
// signer and their account, time, hash and signature.
func contractPDFBytes(b *data.Brand, rec *data.SignedRecord) ([]byte, error) {
	var fields [][2]string
	for _, f := range rec.FieldDefs {
		if v := rec.Fields[f.Key]; v != "" {
			fields = append(fields, [2]string{f.Label, v})
		}
	}
	return econtract.PDF(econtract.Contract{BrandName: b.Name, Title: rec.Title, Version: rec.Version, Body: rec.Body,
		Fields: fields, SignerName: rec.SignerName, Account: contractAccount(rec), SignedAt: rec.SignedAt, TextSHA256: hex.EncodeToString(rec.TextSHA256),
		Signature: rec.Signature})
}

// contractAccount is the account that signed rec, as it was at signing.
func contractAccount(rec *data.SignedRecord) econtract.Account {
	return econtract.Account{Name: rec.AccountName, Email: rec.AccountEmail, MemberNo: rec.UserID}
}
