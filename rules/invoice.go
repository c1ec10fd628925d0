package rules

import (
	"errors"
	"fmt"
	"regexp"
	"strings"
	"time"
	"unicode/utf8"

	"storefront"
)

// E-invoices (統一發票) as a Taiwanese checkout asks for them today: the
// buyer's choice of carrier, donation or company invoice, checked here
// before the order is made; the amounts and tax an invoice carries; and
// which of void or allowance undoes one after a refund.

// InvoiceFieldError is a refused choice, with the field it belongs to
// ("kind", "code" or "title") so the form shows it there.
type InvoiceFieldError struct {
	Field, Message string
}

func (e *InvoiceFieldError) Error() string { return e.Message }

// invoiceCodes are the code of each kind that takes one: its label, its
// check, whether it is upper-cased (as the MOF issues barcodes and
// certificates) and the refusal of a malformed one.
var invoiceCodes = map[string]struct {
	label string
	valid func(string) bool
	upper bool
	bad   string
}{
	InvoiceMobile:      {storefront.TextMobileBarcode, regexp.MustCompile(`^/[0-9A-Z.+\-]{7}$`).MatchString, true, storefront.TextBadMobileBarcode},
	InvoiceCertificate: {storefront.TextCitizenCert, regexp.MustCompile(`^[A-Z]{2}[0-9]{14}$`).MatchString, true, storefront.TextBadCitizenCert},
	InvoiceDonation:    {storefront.TextLoveCode, regexp.MustCompile(`^[0-9]{3,7}$`).MatchString, false, storefront.TextBadLoveCode},
	InvoiceCompany:     {storefront.TextTaxID, ValidTaxID, false, storefront.TextBadTaxID},
}

var eightDigits = regexp.MustCompile(`^[0-9]{8}$`)

// InvoiceCodeValid reports whether code is well-formed for kind (as
// given: no trimming nor case folding); false for a kind without a code.
func InvoiceCodeValid(kind, code string) bool {
	c, ok := invoiceCodes[kind]
	return ok && c.valid(code)
}

// CheckInvoiceChoice checks the buyer's choice and returns it normalised
// (trimmed; a barcode or certificate upper-cased, as the MOF issues
// them; the code and title cleared where the kind takes none). An empty
// kind is the member carrier.
//
// Worked examples: "/abc+123" is the barcode "/ABC+123"; "AB12345678901234"
// a certificate; "168" or "8585" love codes; "04595257" a 統一編號.
func CheckInvoiceChoice(c InvoiceChoice) (InvoiceChoice, error) {
	c.Kind, c.Code, c.Title = strings.TrimSpace(c.Kind), strings.TrimSpace(c.Code), strings.TrimSpace(c.Title)
	if c.Kind == "" {
		c.Kind = InvoiceMember
	}
	bad := func(field, msg string) (InvoiceChoice, error) { return InvoiceChoice{}, &InvoiceFieldError{field, msg} }
	if c.Kind == InvoiceMember {
		return InvoiceChoice{Kind: InvoiceMember}, nil
	}
	code, ok := invoiceCodes[c.Kind]
	switch {
	case !ok:
		return bad("kind", storefront.TextBadChoice(storefront.TextInvoiceKind))
	case code.upper:
		c.Code = strings.ToUpper(c.Code)
	}
	if c.Code == "" {
		return bad("code", storefront.TextRequired(code.label))
	}
	if !code.valid(c.Code) {
		return bad("code", code.bad)
	}
	if c.Kind != InvoiceCompany {
		c.Title = ""
		return c, nil
	}
	switch {
	case c.Title == "":
		return bad("title", storefront.TextRequired(storefront.TextCompanyTitle))
	case utf8.RuneCountInString(c.Title) > InvoiceTitleMax:
		return bad("title", storefront.TextTooLong(storefront.TextCompanyTitle, InvoiceTitleMax))
	}
	if err := Plain(storefront.TextCompanyTitle, c.Title); err != nil {
		return bad("title", err.Error())
	}
	return c, nil
}

// ValidTaxID checks a 統一編號 (business administration number): eight
// digits whose weighted sum passes the MOF's check. Each digit is
// multiplied by its weight 1,2,1,2,1,2,4,1 and the digits of each
// product are added (2×8 = 16 counts 1+6 = 7); the sum must be a
// multiple of 5 (since 2023; 10 before, and every number valid then is
// still valid). When the seventh digit is 7 its product 28 counts 10,
// which may be read as 1 or 0: the number is valid when the sum or the
// sum plus one is a multiple of 5.
//
// Worked example: 04595257 → 0,8,5,18,5,4,20,7 → 0+8+5+9+5+4+2+7 = 40 ✓.
func ValidTaxID(s string) bool {
	if !eightDigits.MatchString(s) {
		return false
	}
	weights := [8]int{1, 2, 1, 2, 1, 2, 4, 1}
	sum := 0
	for i := range 8 {
		p := int(s[i]-'0') * weights[i]
		sum += p/10 + p%10
	}
	return sum%5 == 0 || (s[6] == '7' && (sum+1)%5 == 0)
}

// Plain refuses a text with control or direction characters (a company
// title travels to the provider and onto the invoice).
func Plain(label, s string) error {
	for _, r := range s {
		if r < 0x20 || r == 0x7f || (r >= 0x202a && r <= 0x202e) || (r >= 0x2066 && r <= 0x2069) || r == '|' {
			return errors.New(storefront.TextMisleading(label))
		}
	}
	return nil
}

// InvoiceTaxRate is the business tax on the studios' sales (應稅, 5%).
const InvoiceTaxRate = 5

// InvoiceAmounts splits an invoice's total (tax included, as every price
// in the shop is) into its sales amount and tax: the sales amount is
// total × 100 / 105 rounded half up to the dollar, the tax the rest, so
// the two always add up to the total (what the provider checks).
//
// Worked example: 1,000 → 952 + 48; 100 → 95 + 5; 21 → 20 + 1.
func InvoiceAmounts(total int) (sales, tax int) {
	sales = (total*200 + 105) / 210 // round(total / 1.05), half up
	return sales, total - sales
}

// InvoiceLine is one line of an invoice as the provider takes it.
type InvoiceLine struct {
	Name                string
	Count, Price, Total int
}

// InvoiceLines are the lines of an invoice for the order lines given
// (name, quantity, unit price with tax). A consumer invoice (B2C) shows
// the prices with tax, as paid. A company invoice (B2B) shows them
// without: each line's total is its taxed total × 100/105 rounded half
// up; a line whose quantity does not divide that total is sent as one
// line of count 1 named with its quantity, so count × price is always its
// total. The sales amount of a company invoice is the sum of its lines
// and its tax the rest of the order's total.
func InvoiceLines(lines []InvoiceLine, company bool) (out []InvoiceLine, sales, tax int) {
	total := 0
	for _, l := range lines {
		total += l.Count * l.Price
		if !company {
			out = append(out, InvoiceLine{Name: l.Name, Count: l.Count, Price: l.Price, Total: l.Count * l.Price})
			continue
		}
		t, _ := InvoiceAmounts(l.Count * l.Price)
		if t%l.Count == 0 {
			out = append(out, InvoiceLine{Name: l.Name, Count: l.Count, Price: t / l.Count, Total: t})
		} else {
			out = append(out, InvoiceLine{Name: fmt.Sprintf("%s × %d", l.Name, l.Count), Count: 1, Price: t, Total: t})
		}
		sales += t
	}
	if !company {
		sales, tax = InvoiceAmounts(total)
		return out, sales, tax
	}
	return out, sales, total - sales
}

// InvoiceOrderNo is the provider's MerchantOrderNo of an invoice: ezPay
// takes at most 20 letters, digits and underscores, and the order number
// is 26, so it is the order number's first 14 characters (70 random
// bits: an invoice number unique among billions of orders; the invoices
// table's unique key refuses the improbable clash), then for a period of
// a plan "P" and the period, and for a second charge of a period (one
// refunded) "R" after it. 14 + 1 + 3 + 1 = 19 at most (a plan has fewer
// than 1,000 periods).
//
// Worked examples: order ABCDEFGHIJKLMNOPQRSTUVWXYZ → ABCDEFGHIJKLMN;
// its period 3 → ABCDEFGHIJKLMNP3; a second charge of period 3 →
// ABCDEFGHIJKLMNP3R.
func InvoiceOrderNo(orderNumber string, period int, second bool) string {
	s := orderNumber
	if len(s) > 14 {
		s = s[:14]
	}
	if period > 0 {
		s += fmt.Sprintf("P%d", period)
	}
	if second {
		s += "R"
	}
	return s
}

// How a refunded invoice is undone (InvoiceUndo).
const (
	UndoVoid      = "void"      // 作廢: the invoice is as if never issued
	UndoAllowance = "allowance" // 折讓: a credit note against it
)

// InvoiceVoidDeadline is the last moment an invoice issued at issued may
// be voided: invoices are filed by two-month periods (Jan–Feb, Mar–Apr,
// … in Taipei's calendar), each filed by the 15th of the month after it;
// ezPay refuses a void once the period's filing has begun (LIB10008,
// 超過可作廢期限), in its documentation before the 14th. So a void is
// possible until the end of the 13th of the month after the period;
// afterwards the refund is an allowance (折讓).
//
// Worked example: issued 2026-03-02 or 2026-04-30 → void until
// 2026-05-13 23:59:59 Taipei; from 2026-05-14 an allowance.
func InvoiceVoidDeadline(issued time.Time) time.Time {
	t := issued.In(Taipei)
	start := time.Month((int(t.Month())-1)/2*2 + 1) // the period's first month
	return time.Date(t.Year(), start+2, 14, 0, 0, 0, 0, Taipei).Add(-time.Nanosecond)
}

// InvoiceUndo says whether an invoice issued at issued and refunded at
// now is voided (within its period's void window) or gets an allowance.
func InvoiceUndo(issued, now time.Time) string {
	if now.After(InvoiceVoidDeadline(issued)) {
		return UndoAllowance
	}
	return UndoVoid
}
