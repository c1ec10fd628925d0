package rules

import (
	"storefront"
	"time"
)

// The order lifecycle: every state an order can be in, every event that
// can happen to it, and what each event does in each state (orderTable).
// The checkout flows ask OrderNext before they write, and the SQL only
// applies what it decided; the database's check constraint on
// orders.state lists the same states (order_test.go checks it).
//
// An order is born created (CreateOrder: no event, no earlier state). An
// event in a state does one of three things:
//
//   - moves the order to a state (possibly the one it is in: the move is
//     still recorded, as a second hand-off to the provider is);
//   - is ignored: nothing is written and the caller is told nothing
//     changed, not refused (a provider repeating a payment, a late failure
//     of a paid order, a confirm of an order no longer awaiting payment);
//   - is refused with the error the buyer sees (the default of every
//     cell the table does not name: OrderRefusal of the state).
//
// The LINE Pay confirm lease is not a state: it is EventClaimConfirm, which
// keeps the order awaiting payment and sets a lease (orders.confirming_until)
// that ends on its own when its holder dies; while it runs, cancel and
// expire are refused (Confirming). A state would need a worker to leave it.
//
// ACH orders use the same states: submitting the authorisation is
// EventSubmit (created → awaiting payment), the bank's answer is EventPay or
// EventFail; the mandate's own states are ACHNext's. A recurring order is
// paid by its first period; each later period, and the refund of a charge
// made twice, is EventPeriod on the paid order (recorded, the state kept);
// the mandates and periods have their own tables (order_recurring.go). A
// Chailease instalment order is paid or failed like a card order. A term
// order's seats are held while it is unpaid; a move to failed, cancelled
// or expired gives them back (OrderStep.ReleasesSeats), and a payment,
// even a late one, books them.
//
// Refunds: a refund is its own row (the refunds table: several per order, each partial or whole,
// requested → refunded or failed, RefundNext), and the order records what
// the refunds add up to: EventRefundedPart moves a paid order to partially
// refunded, EventRefundedWhole to refunded.
//
// Invoices are their own row too, not a second dimension of the order: an
// order paid once may have its invoice voided and issued again, and every
// partial refund of an issued invoice makes an allowance (折讓) of its own,
// each with its own number and its own answer from the tax platform; as a
// column of the order they would lose that history. InvoiceNext is their
// table.

// Order states.
const (
	OrderCreated         = "created"
	OrderAwaitingPayment = "awaiting_payment"
	OrderPaid            = "paid"
	OrderFailed          = "failed"
	OrderCancelled       = "cancelled"
	OrderExpired         = "expired"
	// What the order's refunds add up to.
	OrderPartlyRefunded = "partially_refunded"
	OrderRefunded       = "refunded"
)

// OrderStates lists every order state, in lifecycle order.
var OrderStates = []string{OrderCreated, OrderAwaitingPayment, OrderPaid, OrderFailed, OrderCancelled, OrderExpired,
	OrderPartlyRefunded, OrderRefunded}

// OrderEvent is something that happens to an order.
type OrderEvent string

// Order events.
const (
	// EventHandOff: the buyer is handed to the provider (a form, a LINE Pay
	// request, a recurring mandate, a Chailease application).
	EventHandOff OrderEvent = "hand off"
	// EventSubmit: the bank took an ACH authorisation; the order awaits its
	// answer.
	EventSubmit OrderEvent = "submit"
	// EventClaimConfirm: a LINE Pay confirm claims the order for its lease.
	EventClaimConfirm OrderEvent = "claim confirm"
	// EventPay: a verified payment (a provider's message, the expiry
	// worker's query, the bank's approval). A payment after the order
	// failed, was cancelled or expired is still taken: the money moved.
	EventPay OrderEvent = "pay"
	// EventFail: the provider refused the payment.
	EventFail OrderEvent = "fail"
	// EventCancel: the buyer gave up paying.
	EventCancel OrderEvent = "cancel"
	// EventExpire: the order's time is up and it was not paid.
	EventExpire OrderEvent = "expire"
	// EventPeriod: a recurring period was charged or declined, or a second
	// charge was refunded: recorded on the paid order.
	EventPeriod OrderEvent = "period"
	// EventRefundedPart and EventRefundedWhole: the order's refunds add up
	// to part of its amount, or to all of it.
	EventRefundedPart  OrderEvent = "refunded part"
	EventRefundedWhole OrderEvent = "refunded whole"
)

// OrderEvents lists every order event.
var OrderEvents = []OrderEvent{EventHandOff, EventSubmit, EventClaimConfirm, EventPay, EventFail, EventCancel, EventExpire,
	EventPeriod, EventRefundedPart, EventRefundedWhole}

// OrderStep is what an event does to an order in a state.
type OrderStep struct {
	To string // the state after
	// Ignore: nothing changes and nothing is written; not an error.
	Ignore bool
	// ReleasesSeats: a term order gives back the seats it holds.
	ReleasesSeats bool
}

var (
	move    = func(to string) OrderStep { return OrderStep{To: to} }
	release = func(to string) OrderStep { return OrderStep{To: to, ReleasesSeats: true} }
	ignore  = OrderStep{Ignore: true}
)

// orderTable is the order state table: state x event → step. A cell it
// does not name is refused (OrderRefusal).
var orderTable = map[string]map[OrderEvent]OrderStep{
	OrderCreated: {
		EventHandOff: move(OrderAwaitingPayment), EventSubmit: move(OrderAwaitingPayment), EventClaimConfirm: ignore,
		EventPay: move(OrderPaid), EventFail: release(OrderFailed), EventCancel: release(OrderCancelled),
		EventExpire: release(OrderExpired),
	},
	OrderAwaitingPayment: {
		EventHandOff: move(OrderAwaitingPayment), EventClaimConfirm: move(OrderAwaitingPayment),
		EventPay: move(OrderPaid), EventFail: release(OrderFailed), EventCancel: release(OrderCancelled),
		EventExpire: release(OrderExpired),
	},
	OrderPaid: {
		EventClaimConfirm: ignore, EventPay: ignore, EventFail: ignore, EventCancel: ignore, EventExpire: ignore,
		EventPeriod: move(OrderPaid), EventRefundedPart: move(OrderPartlyRefunded), EventRefundedWhole: move(OrderRefunded),
	},
	OrderFailed: {
		EventClaimConfirm: ignore, EventPay: move(OrderPaid), EventFail: ignore, EventCancel: ignore, EventExpire: ignore,
	},
	OrderCancelled: {
		EventClaimConfirm: ignore, EventPay: move(OrderPaid), EventFail: ignore, EventCancel: ignore, EventExpire: ignore,
	},
	OrderExpired: {
		EventClaimConfirm: ignore, EventPay: move(OrderPaid), EventFail: ignore, EventCancel: ignore, EventExpire: ignore,
	},
	OrderPartlyRefunded: {
		EventClaimConfirm: ignore, EventPay: ignore, EventFail: ignore, EventCancel: ignore, EventExpire: ignore,
		EventRefundedPart: move(OrderPartlyRefunded), EventRefundedWhole: move(OrderRefunded),
	},
	OrderRefunded: {
		EventClaimConfirm: ignore, EventPay: ignore, EventFail: ignore, EventCancel: ignore, EventExpire: ignore,
	},
}

// OrderNext is what event e does to an order in state from: its step, or
// the refusal.
func OrderNext(from string, e OrderEvent) (OrderStep, error) {
	s, ok := orderTable[from][e]
	if !ok {
		return OrderStep{}, OrderRefusal(from)
	}
	return s, nil
}

// OrderRefusal is the error of an event an order in state from does not
// take: it cannot be paid (again) from there.
func OrderRefusal(from string) error {
	msg := map[string]string{
		OrderPaid:           storefront.TextOrderPaid,
		OrderFailed:         storefront.TextOrderFailed,
		OrderCancelled:      storefront.TextOrderCancelled,
		OrderExpired:        storefront.TextOrderExpired,
		OrderPartlyRefunded: storefront.TextOrderPaid,
		OrderRefunded:       storefront.TextOrderPaid,
	}[from]
	code := storefront.CodeOrderExpired
	if from == OrderPaid || from == OrderPartlyRefunded || from == OrderRefunded {
		code = storefront.CodePaymentFailed
	}
	return &storefront.Error{Kind: storefront.KindConflict, Code: code, Message: msg}
}

// Confirming is storefront's "processing" refusal while a LINE Pay confirm
// holds the order: its lease (nil: none) runs past at.
func Confirming(lease *time.Time, at time.Time) error {
	if lease != nil && lease.After(at) {
		return ErrConfirming
	}
	return nil
}

// ErrConfirming is an order whose LINE Pay confirm is in progress on
// another request: it answers "processing".
var ErrConfirming = &storefront.Error{Kind: storefront.KindConflict, Code: storefront.CodePaymentFailed, Message: storefront.TextConfirming}
