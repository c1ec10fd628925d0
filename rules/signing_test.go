package rules

import (
	"bytes"
	"encoding/base64"
	"errors"
	"storefront"
	"strings"
	"testing"
)

func TestCheckSigning(t *testing.T) {
	png := append(append([]byte{}, pngMagic...), bytes.Repeat([]byte{0}, 40)...)
	hash := strings.Repeat("ab", 32)
	good := SigningForm{ContractID: 7, Version: 1, TextSHA256: hash, SignerName: " 陳小華 ",
		Fields: map[string]string{"emergencyContact": "王大明"}, Signature: "data:image/png;base64," + base64.StdEncoding.EncodeToString(png)}
	many := map[string]string{}
	for i := range MaxContractFields + 1 {
		many[strings.Repeat("k", i+1)] = "v"
	}
	for _, c := range []struct {
		name    string
		edit    func(f *SigningForm)
		code    int    // 0: accepted
		message string // the bad request's message
	}{
		{name: "all good", edit: func(f *SigningForm) {}},
		{name: "bare base64 signature", edit: func(f *SigningForm) { f.Signature = base64.StdEncoding.EncodeToString(png) }},
		{name: "no contract id", edit: func(f *SigningForm) { f.ContractID = 0 }, code: storefront.CodeBadRequest, message: storefront.TextBadContractID},
		{name: "contract id past the ids", edit: func(f *SigningForm) { f.ContractID = 1 << 31 }, code: storefront.CodeBadRequest, message: storefront.TextBadContractID},
		{name: "no version", edit: func(f *SigningForm) { f.Version = 0 }, code: storefront.CodeBadRequest, message: storefront.TextBadContractVersion},
		{name: "negative version", edit: func(f *SigningForm) { f.Version = -1 }, code: storefront.CodeBadRequest, message: storefront.TextBadContractVersion},
		{name: "no signer", edit: func(f *SigningForm) { f.SignerName = " " }, code: storefront.CodeBadRequest, message: "請填寫簽署人姓名"},
		{name: "signer with a line feed", edit: func(f *SigningForm) { f.SignerName = "陳\n小華" }, code: storefront.CodeBadRequest,
			message: "簽署人姓名不可包含換行、控制字元或文字方向控制字元"},
		{name: "hash not hex", edit: func(f *SigningForm) { f.TextSHA256 = "xyz" }, code: storefront.CodeBadRequest, message: storefront.TextBadTextHash},
		{name: "hash too short", edit: func(f *SigningForm) { f.TextSHA256 = "abcd" }, code: storefront.CodeBadRequest, message: storefront.TextBadTextHash},
		{name: "too many fields", edit: func(f *SigningForm) { f.Fields = many }, code: storefront.CodeBadRequest, message: storefront.TextTooManyFields},
		{name: "no signature", edit: func(f *SigningForm) { f.Signature = "" }, code: storefront.CodeSignatureInvalid},
		{name: "signature not base64", edit: func(f *SigningForm) { f.Signature = "data:image/png;base64,%%%" }, code: storefront.CodeSignatureInvalid},
		{name: "signature not a PNG", edit: func(f *SigningForm) {
			f.Signature = base64.StdEncoding.EncodeToString([]byte("GIF89a" + strings.Repeat(".", 40)))
		}, code: storefront.CodeSignatureInvalid},
		{name: "signature too short", edit: func(f *SigningForm) { f.Signature = base64.StdEncoding.EncodeToString(pngMagic) }, code: storefront.CodeSignatureInvalid},
		{name: "signature too large", edit: func(f *SigningForm) {
			f.Signature = base64.StdEncoding.EncodeToString(append(append([]byte{}, pngMagic...), make([]byte, MaxSignature)...))
		}, code: storefront.CodeSignatureInvalid},
	} {
		t.Run(c.name, func(t *testing.T) {
			f := good
			c.edit(&f)
			s, err := CheckSigning(f)
			if c.code == 0 {
				if err != nil {
					t.Fatalf("refused: %v", err)
				}
				if s.SignerName != "陳小華" || len(s.TextSHA256) != 32 || !bytes.Equal(s.Signature, png) {
					t.Errorf("checked signing = %+v", s)
				}
				return
			}
			var e *storefront.Error
			if !errors.As(err, &e) || e.Code != c.code || e.Kind != storefront.KindInvalid || e.Message != c.message {
				t.Errorf("err = %v; want code %d with %q", err, c.code, c.message)
			}
		})
	}
}

func TestSignsNewest(t *testing.T) {
	text, other := bytes.Repeat([]byte{1}, 32), bytes.Repeat([]byte{2}, 32)
	for _, c := range []struct {
		name     string
		version  int
		hash     []byte
		outdated bool
	}{
		{name: "the newest version and its text", version: 3, hash: text, outdated: false},
		{name: "an older version", version: 2, hash: text, outdated: true},
		{name: "a version not yet made", version: 4, hash: text, outdated: true},
		{name: "a text changed since it was read", version: 3, hash: other, outdated: true},
	} {
		t.Run(c.name, func(t *testing.T) {
			err := SignsNewest(3, text, c.version, c.hash)
			var e *storefront.Error
			switch {
			case !c.outdated && err != nil:
				t.Errorf("refused: %v", err)
			case c.outdated && (!errors.As(err, &e) || e.Code != storefront.CodeContractOutdated || e.Kind != storefront.KindConflict):
				t.Errorf("err = %v; want CodeContractOutdated", err)
			}
		})
	}
}
