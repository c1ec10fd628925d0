package rules

import "storefront"

// The rows beside an order (see order.go): its refunds and its invoices,
// each with a table of its own, asked by their flows before they write
// (checkout/refund.go, checkout/invoice.go).

// Refund states (the refunds table, migrations 020 and 027): asked by the
// member, sent to the provider, then refunded or failed (a failed one may
// be asked again); the operator may reject a requested one.
const (
	RefundRequested  = "requested"
	RefundRequesting = "requesting" // the provider is asked; a crash leaves it here for the sweep
	RefundDone       = "refunded"
	RefundFailed     = "failed"
	RefundRejected   = "rejected"
)

// RefundStates lists every refund state.
var RefundStates = []string{RefundRequested, RefundRequesting, RefundDone, RefundFailed, RefundRejected}

// RefundEvent is something that happens to a refund.
type RefundEvent string

// Refund events: sent to the provider (the member's cooling-off request,
// the operator's approval), the provider refunded it or refused, a failed
// refund is asked for again, the operator rejects it.
const (
	RefundEventSend   RefundEvent = "send"
	RefundEventDone   RefundEvent = "done"
	RefundEventFailed RefundEvent = "failed"
	RefundEventRetry  RefundEvent = "retry"
	RefundEventReject RefundEvent = "reject"
)

// RefundEvents lists every refund event.
var RefundEvents = []RefundEvent{RefundEventSend, RefundEventDone, RefundEventFailed, RefundEventRetry, RefundEventReject}

var refundTable = map[string]map[RefundEvent]string{
	RefundRequested:  {RefundEventSend: RefundRequesting, RefundEventReject: RefundRejected},
	RefundRequesting: {RefundEventDone: RefundDone, RefundEventFailed: RefundFailed},
	RefundFailed:     {RefundEventRetry: RefundRequested},
}

// RefundNext is the state a refund in state from moves to on e; refused
// when the table has no such move (ErrRowRefused).
func RefundNext(from string, e RefundEvent) (string, error) {
	to, ok := refundTable[from][e]
	if !ok {
		return "", ErrRowRefused
	}
	return to, nil
}

// Invoice states (an invoice row: see order.go for why it is not the
// order's; the invoices table, migration 024): written issuing with the
// payment, issued once ezPay answered, then voided, or given one
// allowance (折讓) or more.
const (
	InvoiceIssuing   = "issuing"
	InvoiceIssued    = "issued"
	InvoiceVoided    = "voided"
	InvoiceAllowance = "allowance" // one or more allowances (折讓) made against it
)

// InvoiceStates lists every invoice state.
var InvoiceStates = []string{InvoiceIssuing, InvoiceIssued, InvoiceVoided, InvoiceAllowance}

// InvoiceEvent is something that happens to an invoice.
type InvoiceEvent string

// Invoice events.
const (
	InvoiceEventIssue InvoiceEvent = "issue"
	InvoiceEventVoid  InvoiceEvent = "void"
	InvoiceEventAllow InvoiceEvent = "allow" // a partial refund's allowance
)

// InvoiceEvents lists every invoice event.
var InvoiceEvents = []InvoiceEvent{InvoiceEventIssue, InvoiceEventVoid, InvoiceEventAllow}

var invoiceTable = map[string]map[InvoiceEvent]string{
	InvoiceIssuing:   {InvoiceEventIssue: InvoiceIssued},
	InvoiceIssued:    {InvoiceEventVoid: InvoiceVoided, InvoiceEventAllow: InvoiceAllowance},
	InvoiceAllowance: {InvoiceEventAllow: InvoiceAllowance},
}

// InvoiceNext is the state an invoice in state from moves to on e;
// refused when the table has no such move (ErrRowRefused): a voided
// invoice stays voided (a new sale is a new invoice row).
func InvoiceNext(from string, e InvoiceEvent) (string, error) {
	to, ok := invoiceTable[from][e]
	if !ok {
		return "", ErrRowRefused
	}
	return to, nil
}

// ErrRowRefused refuses a move a refund's or an invoice's state does not
// allow.
var ErrRowRefused = &storefront.Error{Kind: storefront.KindConflict, Code: storefront.CodeForbidden, Message: storefront.TextRowRefused}
