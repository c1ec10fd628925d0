package rules

// The buyer's e-invoice choice as checkout asks for it (checked by
// CheckInvoiceChoice, invoice.go); shared with the app.

// The buyer's invoice choices (InvoiceChoice.Kind).
const (
	// InvoiceMember: the shop's member carrier (會員載具), the default: the
	// invoice is kept by the provider under the member's number and
	// mailed to them.
	InvoiceMember = "member"
	// InvoiceMobile: a mobile barcode (手機條碼) of the MOF platform.
	InvoiceMobile = "mobile"
	// InvoiceCertificate: a citizen digital certificate (自然人憑證).
	InvoiceCertificate = "certificate"
	// InvoiceDonation: donated to a charity by its love code (捐贈碼).
	InvoiceDonation = "donation"
	// InvoiceCompany: a company invoice with the buyer's 統一編號 and title
	// (B2B: the tax is shown apart).
	InvoiceCompany = "company"
)

// InvoiceKinds lists the choices in the order the checkout offers them.
var InvoiceKinds = []string{InvoiceMember, InvoiceMobile, InvoiceCertificate, InvoiceDonation, InvoiceCompany}

// InvoiceChoice is what the buyer asked for: Code is the barcode, the
// certificate number, the love code or the 統一編號 (none for the member
// carrier), Title the company's name (company only).
type InvoiceChoice struct {
	Kind  string `json:"kind" tstype:"'member' | 'mobile' | 'certificate' | 'donation' | 'company'"`
	Code  string `json:"code,omitempty"`
	Title string `json:"title,omitempty"`
}

// InvoiceTitleMax is the longest company title ezPay takes (BuyerName of
// a B2B invoice).
const InvoiceTitleMax = 60
