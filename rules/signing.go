package rules

import (
	"bytes"
	"encoding/base64"
	"encoding/hex"
	"math"
	"strings"

	"storefront"
)

// The rules of signing an e-contract: the shape of what a member sends,
// and whether it signs the contract's newest text.

// Limits of a signing.
const (
	// MaxSignature bounds the signature PNG (a phone's canvas of strokes
	// is tens of KB).
	MaxSignature = 256 << 10
	// MaxContractField bounds a contract field's value (characters).
	MaxContractField = 500
	// MaxContractFields bounds how many field values a signing may carry.
	MaxContractFields = 50
)

// pngMagic starts every PNG file.
var pngMagic = []byte("\x89PNG\r\n\x1a\n")

// SigningForm is what a member sends to sign a contract: the version and
// the hash of the text they were shown, their name, the values of the
// contract's fields and the signature they drew.
type SigningForm struct {
	ContractID int64
	Version    int
	TextSHA256 string // hex
	SignerName string
	Fields     map[string]string
	Signature  string // a PNG, as a data URL (data:image/png;base64,...) or bare base64
}

// Signing is a SigningForm that passed CheckSigning: the hash and the
// signature decoded, the signer's name trimmed.
type Signing struct {
	TextSHA256 []byte
	SignerName string
	Signature  []byte // PNG
}

// CheckSigning checks a signing's shape, before the contract is read: a
// contract id and a version, a signer's name (Name), a SHA-256 in hex, at
// most MaxContractFields field values and a PNG signature of at most
// MaxSignature bytes. The first fault is a bad request with its message,
// or storefront.CodeSignatureInvalid for the signature.
func CheckSigning(f SigningForm) (Signing, error) {
	var s Signing
	switch {
	case f.ContractID <= 0 || f.ContractID > math.MaxInt32:
		return s, badSigning(storefront.TextBadContractID)
	case f.Version <= 0:
		return s, badSigning(storefront.TextBadContractVersion)
	case len(f.Signature) > MaxSignature*4/3+64:
		return s, errSignature
	}
	name, err := Name(storefront.TextSignerName, MaxName, f.SignerName)
	if err != nil {
		return s, badSigning(err.Error())
	}
	hash, err := hex.DecodeString(f.TextSHA256)
	if err != nil || len(hash) != 32 {
		return s, badSigning(storefront.TextBadTextHash)
	}
	if len(f.Fields) > MaxContractFields {
		return s, badSigning(storefront.TextTooManyFields)
	}
	png, err := base64.StdEncoding.DecodeString(strings.TrimPrefix(f.Signature, "data:image/png;base64,"))
	if err != nil || len(png) > MaxSignature || len(png) < 40 || !bytes.HasPrefix(png, pngMagic) {
		return s, errSignature
	}
	return Signing{TextSHA256: hash, SignerName: name, Signature: png}, nil
}

// SignsNewest checks that a signing of version with the text's hash signs
// the newest version, whose hash is newestHash: an older (or unknown)
// version, or a text changed since the member read it, is
// storefront.CodeContractOutdated.
func SignsNewest(newest int, newestHash []byte, version int, hash []byte) error {
	if version != newest || !bytes.Equal(hash, newestHash) {
		return &storefront.Error{Kind: storefront.KindConflict, Code: storefront.CodeContractOutdated}
	}
	return nil
}

var errSignature = &storefront.Error{Kind: storefront.KindInvalid, Code: storefront.CodeSignatureInvalid}

func badSigning(msg string) error {
	return &storefront.Error{Kind: storefront.KindInvalid, Code: storefront.CodeBadRequest, Message: msg}
}
