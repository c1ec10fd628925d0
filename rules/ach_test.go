package rules

import (
	"strings"
	"testing"
)

func TestCheckTaiwanID(t *testing.T) {
	for _, c := range []struct {
		name, id string
		ok       bool
	}{
		{"national ID", "A123456789", true},
		{"national ID in lower case", "a123456789", true},
		{"national ID, woman", "F231745612", true},
		{"national ID with a wrong check digit", "A123456788", false},
		{"letter I (code 34)", "I100000009", false},
		{"resident certificate, 2021 format", "A800000014", true},
		{"resident certificate, 2021 format, wrong check digit", "A800000015", false},
		{"resident certificate, old format", "AA00000009", true},
		{"resident certificate, old format, wrong check digit", "AA00000008", false},
		{"second character 3", "A323456789", false},
		{"too short", "A12345678", false},
		{"too long", "A1234567890", false},
		{"digit first", "1123456789", false},
		{"letters inside", "A1234X6789", false},
		{"empty", "", false},
	} {
		t.Run(c.name, func(t *testing.T) {
			if err := CheckTaiwanID(c.id); (err == nil) != c.ok {
				t.Errorf("CheckTaiwanID(%q) = %v, want ok %v", c.id, err, c.ok)
			}
		})
	}
}

func TestCheckACHForm(t *testing.T) {
	good := ACHForm{BankCode: "812", BranchCode: "0012", Account: "12345678901234", HolderName: "林小安", HolderID: "A123456789"}
	for _, c := range []struct {
		name  string
		edit  func(f *ACHForm)
		field string
	}{
		{"all good", func(f *ACHForm) {}, ""},
		{"bank code of 2 digits", func(f *ACHForm) { f.BankCode = "81" }, "bankCode"},
		{"bank code with a letter", func(f *ACHForm) { f.BankCode = "8a2" }, "bankCode"},
		{"branch code of 3 digits", func(f *ACHForm) { f.BranchCode = "001" }, "branchCode"},
		{"account with a dash", func(f *ACHForm) { f.Account = "1234-5678-9012" }, "account"},
		{"account too short", func(f *ACHForm) { f.Account = "123456789" }, "account"},
		{"account of 10 digits", func(f *ACHForm) { f.Account = "1234567890" }, ""},
		{"account of 16 digits", func(f *ACHForm) { f.Account = "1234567890123456" }, ""},
		{"account too long", func(f *ACHForm) { f.Account = "12345678901234567" }, "account"},
		{"no holder name", func(f *ACHForm) { f.HolderName = "  " }, "holderName"},
		{"holder name too long", func(f *ACHForm) { f.HolderName = strings.Repeat("林", 41) }, "holderName"},
		{"holder name with a newline", func(f *ACHForm) { f.HolderName = "林\n小安" }, "holderName"},
		{"holder name with a right-to-left override", func(f *ACHForm) { f.HolderName = "林\u202e安小" }, "holderName"},
		{"bad ID", func(f *ACHForm) { f.HolderID = "A123456780" }, "holderId"},
	} {
		t.Run(c.name, func(t *testing.T) {
			f := good
			c.edit(&f)
			p := CheckACHForm(f)
			got := ""
			if p != nil {
				got = p.Field
			}
			if got != c.field {
				t.Errorf("CheckACHForm: field %q (%v), want %q", got, p, c.field)
			}
		})
	}
}

func TestMasks(t *testing.T) {
	if got := MaskID("a123456789"); got != "A12****789" {
		t.Errorf("MaskID = %s", got)
	}
	if got := MaskAccount("1234"); got != "****1234" {
		t.Errorf("MaskAccount = %s", got)
	}
}
