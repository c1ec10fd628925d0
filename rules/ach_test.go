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
		{name: "national ID", id: "A123456789", ok: true},
		{name: "national ID in lower case", id: "a123456789", ok: true},
		{name: "national ID, woman", id: "F231745612", ok: true},
		{name: "national ID with a wrong check digit", id: "A123456788", ok: false},
		{name: "letter I (code 34)", id: "I100000009", ok: false},
		{name: "resident certificate, 2021 format", id: "A800000014", ok: true},
		{name: "resident certificate, 2021 format, wrong check digit", id: "A800000015", ok: false},
		{name: "resident certificate, old format", id: "AA00000009", ok: true},
		{name: "resident certificate, old format, wrong check digit", id: "AA00000008", ok: false},
		{name: "second character 3", id: "A323456789", ok: false},
		{name: "too short", id: "A12345678", ok: false},
		{name: "too long", id: "A1234567890", ok: false},
		{name: "digit first", id: "1123456789", ok: false},
		{name: "letters inside", id: "A1234X6789", ok: false},
		{name: "empty", id: "", ok: false},
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
		{name: "all good", edit: func(f *ACHForm) {}, field: ""},
		{name: "bank code of 2 digits", edit: func(f *ACHForm) { f.BankCode = "81" }, field: "bankCode"},
		{name: "bank code with a letter", edit: func(f *ACHForm) { f.BankCode = "8a2" }, field: "bankCode"},
		{name: "branch code of 3 digits", edit: func(f *ACHForm) { f.BranchCode = "001" }, field: "branchCode"},
		{name: "account with a dash", edit: func(f *ACHForm) { f.Account = "1234-5678-9012" }, field: "account"},
		{name: "account too short", edit: func(f *ACHForm) { f.Account = "123456789" }, field: "account"},
		{name: "account of 10 digits", edit: func(f *ACHForm) { f.Account = "1234567890" }, field: ""},
		{name: "account of 16 digits", edit: func(f *ACHForm) { f.Account = "1234567890123456" }, field: ""},
		{name: "account too long", edit: func(f *ACHForm) { f.Account = "12345678901234567" }, field: "account"},
		{name: "no holder name", edit: func(f *ACHForm) { f.HolderName = "  " }, field: "holderName"},
		{name: "holder name too long", edit: func(f *ACHForm) { f.HolderName = strings.Repeat("林", 41) }, field: "holderName"},
		{name: "holder name with a newline", edit: func(f *ACHForm) { f.HolderName = "林\n小安" }, field: "holderName"},
		{name: "holder name with a right-to-left override", edit: func(f *ACHForm) { f.HolderName = "林\u202e安小" }, field: "holderName"},
		{name: "bad ID", edit: func(f *ACHForm) { f.HolderID = "A123456780" }, field: "holderId"},
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
