package rules

import (
	"errors"
	"testing"
	"time"
)

// TestValidTaxID: the 統一編號 checksum, with the rule of 5 (since 2023)
// and the seventh digit 7 read either way.
func TestValidTaxID(t *testing.T) {
	for _, c := range []struct {
		name string
		id   string
		ok   bool
	}{
		{"sum 40: valid by the old rule of 10 too", "04595257", true},
		{"sum 5: valid only by the rule of 5", "10000004", true},
		{"seventh digit 7, sum 25", "10458570", true},
		{"seventh digit 7, valid only when 28 counts 1", "10000073", true},
		{"seventh digit 7, neither reading", "10000072", false},
		{"one digit off", "04595258", false},
		{"seven digits", "0459525", false},
		{"nine digits", "045952570", false},
		{"a letter", "0459525A", false},
		{"full-width digits", "０４５９５２５７", false},
		{"empty", "", false},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := ValidTaxID(c.id); got != c.ok {
				t.Errorf("ValidTaxID(%q) = %v, want %v", c.id, got, c.ok)
			}
		})
	}
}

// TestCheckInvoiceChoice: each carrier kind and the company invoice, with
// good and bad numbers; a refusal names its field.
func TestCheckInvoiceChoice(t *testing.T) {
	for _, c := range []struct {
		name  string
		in    InvoiceChoice
		want  InvoiceChoice
		field string // "" accepted
	}{
		{name: "no choice is the member carrier", in: InvoiceChoice{}, want: InvoiceChoice{Kind: InvoiceMember}},
		{name: "member carrier drops a stray code", in: InvoiceChoice{Kind: "member", Code: "x"}, want: InvoiceChoice{Kind: InvoiceMember}},
		{name: "mobile barcode", in: InvoiceChoice{Kind: "mobile", Code: "/ABC+123"}, want: InvoiceChoice{Kind: InvoiceMobile, Code: "/ABC+123"}},
		{name: "mobile barcode in lower case, spaced", in: InvoiceChoice{Kind: "mobile", Code: " /a.b-c12 "}, want: InvoiceChoice{Kind: InvoiceMobile, Code: "/A.B-C12"}},
		{name: "mobile barcode without the slash", in: InvoiceChoice{Kind: "mobile", Code: "ABC+1234"}, field: "code"},
		{name: "mobile barcode of 6", in: InvoiceChoice{Kind: "mobile", Code: "/ABC123"}, field: "code"},
		{name: "mobile barcode with a bad character", in: InvoiceChoice{Kind: "mobile", Code: "/ABC_123"}, field: "code"},
		{name: "mobile barcode missing", in: InvoiceChoice{Kind: "mobile"}, field: "code"},
		{name: "citizen certificate", in: InvoiceChoice{Kind: "certificate", Code: "AB12345678901234"}, want: InvoiceChoice{Kind: InvoiceCertificate, Code: "AB12345678901234"}},
		{name: "citizen certificate of 13 digits", in: InvoiceChoice{Kind: "certificate", Code: "AB1234567890123"}, field: "code"},
		{name: "citizen certificate with one letter", in: InvoiceChoice{Kind: "certificate", Code: "A123456789012345"}, field: "code"},
		{name: "love code of 3", in: InvoiceChoice{Kind: "donation", Code: "168"}, want: InvoiceChoice{Kind: InvoiceDonation, Code: "168"}},
		{name: "love code of 7", in: InvoiceChoice{Kind: "donation", Code: "8585858"}, want: InvoiceChoice{Kind: InvoiceDonation, Code: "8585858"}},
		{name: "love code of 2", in: InvoiceChoice{Kind: "donation", Code: "16"}, field: "code"},
		{name: "love code of 8", in: InvoiceChoice{Kind: "donation", Code: "12345678"}, field: "code"},
		{name: "love code with a letter", in: InvoiceChoice{Kind: "donation", Code: "12a"}, field: "code"},
		{name: "company", in: InvoiceChoice{Kind: "company", Code: "04595257", Title: " 好好健身股份有限公司 "},
			want: InvoiceChoice{Kind: InvoiceCompany, Code: "04595257", Title: "好好健身股份有限公司"}},
		{name: "company with a seventh-digit-7 number", in: InvoiceChoice{Kind: "company", Code: "10000073", Title: "甲"},
			want: InvoiceChoice{Kind: InvoiceCompany, Code: "10000073", Title: "甲"}},
		{name: "company with a bad checksum", in: InvoiceChoice{Kind: "company", Code: "04595258", Title: "甲"}, field: "code"},
		{name: "company without a title", in: InvoiceChoice{Kind: "company", Code: "04595257"}, field: "title"},
		{name: "company title too long", in: InvoiceChoice{Kind: "company", Code: "04595257", Title: string(make([]rune, 61))}, field: "title"},
		{name: "company title with a pipe", in: InvoiceChoice{Kind: "company", Code: "04595257", Title: "甲|乙"}, field: "title"},
		{name: "an unknown kind", in: InvoiceChoice{Kind: "paper"}, field: "kind"},
	} {
		t.Run(c.name, func(t *testing.T) {
			got, err := CheckInvoiceChoice(c.in)
			var fe *InvoiceFieldError
			switch {
			case c.field == "" && err != nil:
				t.Fatalf("refused: %v", err)
			case c.field == "" && got != c.want:
				t.Errorf("got %+v, want %+v", got, c.want)
			case c.field != "" && !errors.As(err, &fe):
				t.Fatalf("accepted %+v, want a refusal at %s", got, c.field)
			case c.field != "" && (fe.Field != c.field || fe.Message == ""):
				t.Errorf("refused at %q (%q), want at %q", fe.Field, fe.Message, c.field)
			}
		})
	}
}

// TestInvoiceAmounts: the sales amount is total/1.05 rounded half up and
// the tax the rest; company lines are shown without tax and add up.
func TestInvoiceAmounts(t *testing.T) {
	for _, c := range []struct{ total, sales, tax int }{
		{1000, 952, 48}, {100, 95, 5}, {21, 20, 1}, {1, 1, 0}, {2500, 2381, 119}, {1050, 1000, 50},
	} {
		if s, x := InvoiceAmounts(c.total); s != c.sales || x != c.tax {
			t.Errorf("InvoiceAmounts(%d) = %d + %d, want %d + %d", c.total, s, x, c.sales, c.tax)
		}
	}
	lines := []InvoiceLine{{Name: "十堂課", Count: 1, Price: 2500}, {Name: "單堂", Count: 3, Price: 350}}
	b2c, sales, tax := InvoiceLines(lines, false)
	if b2c[1].Price != 350 || b2c[1].Total != 1050 || sales+tax != 3550 || sales != 3381 {
		t.Errorf("B2C lines %+v, %d + %d", b2c, sales, tax)
	}
	b2b, sales, tax := InvoiceLines(lines, true)
	if b2b[0].Total != 2381 || b2b[1].Count != 1 || b2b[1].Total != 1000 || sales != 3381 || sales+tax != 3550 {
		t.Errorf("B2B lines %+v, %d + %d", b2b, sales, tax)
	}
	for _, l := range b2b {
		if l.Count*l.Price != l.Total {
			t.Errorf("line %+v: count × price is not its total", l)
		}
	}
}

// TestInvoiceOrderNo: at most 20 characters, a period and a second
// charge apart.
func TestInvoiceOrderNo(t *testing.T) {
	n := "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
	for _, c := range []struct {
		period int
		second bool
		want   string
	}{{0, false, "ABCDEFGHIJKLMN"}, {3, false, "ABCDEFGHIJKLMNP3"}, {3, true, "ABCDEFGHIJKLMNP3R"}, {999, true, "ABCDEFGHIJKLMNP999R"}} {
		if got := InvoiceOrderNo(n, c.period, c.second); got != c.want || len(got) > 20 {
			t.Errorf("InvoiceOrderNo(%d, %v) = %q, want %q", c.period, c.second, got, c.want)
		}
	}
}

// TestInvoiceUndo: void within the period's window (to the 13th of the
// month after the two months, Taipei), an allowance after.
func TestInvoiceUndo(t *testing.T) {
	at := func(s string) time.Time {
		v, err := time.ParseInLocation("2006-01-02 15:04", s, Taipei)
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	for _, c := range []struct{ name, issued, refund, want string }{
		{"same day", "2026-03-02 10:00", "2026-03-02 11:00", UndoVoid},
		{"the period's second month", "2026-03-02 10:00", "2026-04-30 23:59", UndoVoid},
		{"the 13th after the period", "2026-04-30 10:00", "2026-05-13 23:59", UndoVoid},
		{"the 14th after the period", "2026-04-30 10:00", "2026-05-14 00:00", UndoAllowance},
		{"Nov-Dec into January", "2026-12-31 23:00", "2027-01-13 12:00", UndoVoid},
		{"Nov-Dec past the 13th of January", "2026-11-01 00:00", "2027-01-20 12:00", UndoAllowance},
		{"a month later, within the window", "2026-01-31 12:00", "2026-03-10 12:00", UndoVoid},
		{"a period later", "2026-01-31 12:00", "2026-05-01 12:00", UndoAllowance},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := InvoiceUndo(at(c.issued), at(c.refund)); got != c.want {
				t.Errorf("InvoiceUndo(%s, %s) = %s, want %s (deadline %v)", c.issued, c.refund, got, c.want, InvoiceVoidDeadline(at(c.issued)))
			}
		})
	}
}
