package rules

import "storefront"

// The rows beside an order (see order.go): its refunds and its invoices,
// each with a table of its own. Neither is built yet: every move is
// planned and refused (ErrNotBuilt) until its flow is.

// Refund states (the refunds table, migration 020).
const (
	RefundRequested = "requested"
	RefundDone      = "refunded"
	RefundFailed    = "failed"
)

// RefundStates lists every refund state.
var RefundStates = []string{RefundRequested, RefundDone, RefundFailed}

// RefundEvent is something that happens to a refund.
type RefundEvent string

// Refund events: the provider refunded it, or refused; a failed refund is
// asked for again.
const (
	RefundEventDone   RefundEvent = "done"
	RefundEventFailed RefundEvent = "failed"
	RefundEventRetry  RefundEvent = "retry"
)

// RefundEvents lists every refund event.
var RefundEvents = []RefundEvent{RefundEventDone, RefundEventFailed, RefundEventRetry}

var refundTable = map[string]map[RefundEvent]string{
	RefundRequested: {RefundEventDone: RefundDone, RefundEventFailed: RefundFailed},
	RefundFailed:    {RefundEventRetry: RefundRequested},
}

// RefundNext is the state a refund in state from moves to on e; refused
// when the table has no such move (ErrRowRefused), and every move, with
// the state it plans, until refunds are built (ErrNotBuilt).
func RefundNext(from string, e RefundEvent) (string, error) {
	return rowNext(refundTable, from, e)
}

// Invoice states (an invoice row: see order.go for why it is not the
// order's).
const (
	InvoiceIssued    = "issued"
	InvoiceVoided    = "voided"
	InvoiceAllowance = "allowance" // one or more allowances (折讓) made against it
)

// InvoiceStates lists every invoice state; "" is no invoice yet.
var InvoiceStates = []string{"", InvoiceIssued, InvoiceVoided, InvoiceAllowance}

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
	"":               {InvoiceEventIssue: InvoiceIssued},
	InvoiceIssued:    {InvoiceEventVoid: InvoiceVoided, InvoiceEventAllow: InvoiceAllowance},
	InvoiceAllowance: {InvoiceEventAllow: InvoiceAllowance},
	InvoiceVoided:    {InvoiceEventIssue: InvoiceIssued},
}

// InvoiceNext is the state an invoice in state from moves to on e;
// refused when the table has no such move (ErrRowRefused), and every
// move, with the state it plans, until invoices are built (ErrNotBuilt).
func InvoiceNext(from string, e InvoiceEvent) (string, error) {
	return rowNext(invoiceTable, from, e)
}

// ErrRowRefused refuses a move a refund's or an invoice's state does not
// allow.
var ErrRowRefused = &storefront.Error{Kind: storefront.KindConflict, Code: storefront.CodeForbidden, Message: storefront.TextRowRefused}

// rowNext is the move of table for event e in state from: refused when
// the table has none, planned (ErrNotBuilt) otherwise.
func rowNext[E ~string](table map[string]map[E]string, from string, e E) (string, error) {
	to, ok := table[from][e]
	if !ok {
		return "", ErrRowRefused
	}
	return to, ErrNotBuilt
}
