package rules

import (
	"errors"
	"strings"

	"storefront"
)

// The ACH authorisation form's rules. Bank and branch codes are
// checked by format only: the list of financial institution codes (金融機構
// 代號) is published by FISC as a document, and no maintained machine-
// readable source of it exists that we could depend on; the bank itself
// refuses an unknown branch in its answer.

// Limits of an account number (digits only; Taiwan's banks use 10 to 16).
const (
	MinAccountDigits = 10
	MaxAccountDigits = 16
	MaxHolderName    = 40
)

// ACHForm is what a member gives to authorise an ACH debit.
type ACHForm struct {
	BankCode, BranchCode, Account, HolderName, HolderID string
}

// ACHProblem is one field's fault: its name (the form's JSON field) and
// the zh-Hant message.
type ACHProblem struct{ Field, Message string }

func (p ACHProblem) Error() string { return p.Message }

func allDigits(s string) bool {
	return s != "" && strings.Trim(s, "0123456789") == ""
}

// CheckACHForm checks f's fields by their formats and returns the first
// fault (nil: none). The holder's ID is a national ID or a resident
// certificate number (CheckTaiwanID).
func CheckACHForm(f ACHForm) *ACHProblem {
	switch {
	case !allDigits(f.BankCode) || len(f.BankCode) != 3:
		return &ACHProblem{"bankCode", storefront.TextBankCode}
	case !allDigits(f.BranchCode) || len(f.BranchCode) != 4:
		return &ACHProblem{"branchCode", storefront.TextBranchCode}
	case !allDigits(f.Account):
		return &ACHProblem{"account", storefront.TextAccountDigit}
	case len(f.Account) < MinAccountDigits || len(f.Account) > MaxAccountDigits:
		return &ACHProblem{"account", storefront.TextAccountLength(MinAccountDigits, MaxAccountDigits)}
	}
	if _, err := Name(storefront.TextHolderName, MaxHolderName, f.HolderName); err != nil {
		return &ACHProblem{"holderName", err.Error()}
	}
	if err := CheckTaiwanID(f.HolderID); err != nil {
		return &ACHProblem{"holderId", err.Error()}
	}
	return nil
}

// letterCodes are the ID's first-letter codes (the household registration
// area), A=10 … Z=33, as the Ministry of the Interior assigns them.
var letterCodes = map[byte]int{
	'A': 10, 'B': 11, 'C': 12, 'D': 13, 'E': 14, 'F': 15, 'G': 16, 'H': 17, 'I': 34, 'J': 18, 'K': 19, 'L': 20, 'M': 21,
	'N': 22, 'O': 35, 'P': 23, 'Q': 24, 'R': 25, 'S': 26, 'T': 27, 'U': 28, 'V': 29, 'W': 32, 'X': 30, 'Y': 31, 'Z': 33,
}

// CheckTaiwanID checks a national ID (A123456789: a letter, 1 or 2, eight
// digits), a resident certificate number of the 2021 format (A800000014: a
// letter, 8 or 9, eight digits) or of the old format (AA00000009: two
// letters, eight digits), with its check digit: the first letter's code's
// tens and units weighted 1 and 9, then the next eight characters weighted
// 8 … 1 (an old-format second letter counts as its code's units), plus the
// check digit, must be a multiple of 10. Letters may be given in lower case.
func CheckTaiwanID(id string) error {
	id = strings.ToUpper(strings.TrimSpace(id))
	bad := errors.New(storefront.TextIDFormat)
	if len(id) != 10 {
		return bad
	}
	first, ok := letterCodes[id[0]]
	if !ok || !allDigits(id[2:]) {
		return bad
	}
	var second int
	switch c := id[1]; {
	case c == '1' || c == '2' || c == '8' || c == '9':
		second = int(c - '0')
	case letterCodes[c] != 0 && (c == 'A' || c == 'B' || c == 'C' || c == 'D'):
		second = letterCodes[c] % 10
	default:
		return bad
	}
	sum := first/10 + first%10*9 + second*8
	for i := 2; i < 9; i++ {
		sum += int(id[i]-'0') * (9 - i)
	}
	sum += int(id[9] - '0')
	if sum%10 != 0 {
		return errors.New(storefront.TextIDCheckDigit)
	}
	return nil
}

// MaskID shows an ID as its first 3 and last 3 characters: A12****789.
func MaskID(id string) string {
	id = strings.ToUpper(strings.TrimSpace(id))
	if len(id) < 7 {
		return strings.Repeat("*", len(id))
	}
	return id[:3] + strings.Repeat("*", len(id)-6) + id[len(id)-3:]
}

// MaskAccount shows an account number by its last 4 digits: ****1234.
func MaskAccount(last4 string) string { return "****" + last4 }
