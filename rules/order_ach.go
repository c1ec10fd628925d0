package rules

import "storefront"

// An ACH order's authorisation (its mandate), beside the order state
// table (order.go): the bank answers it once. Its order moves by
// EventSubmit when the bank takes it, then EventPay or EventFail with the
// answer.

// ACH mandate states.
const (
	ACHPending  = "pending"
	ACHApproved = "approved"
	ACHRejected = "rejected"
)

// ACHStates lists every ACH mandate state.
var ACHStates = []string{ACHPending, ACHApproved, ACHRejected}

// ErrMandateAnswered: the mandate has its answer already; another answer
// changes nothing.
var ErrMandateAnswered = &storefront.Error{Kind: storefront.KindConflict, Code: storefront.CodePaymentFailed, Message: storefront.TextMandateAnswered}

// ACHNext is the state the bank's answer (approved or not) moves a mandate
// in state from to: only a pending mandate takes an answer.
func ACHNext(from string, approved bool) (string, error) {
	switch {
	case from != ACHPending:
		return "", ErrMandateAnswered
	case approved:
		return ACHApproved, nil
	}
	return ACHRejected, nil
}
