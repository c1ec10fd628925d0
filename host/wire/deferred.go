package wire

// The contract of the deferred payments: ACH bank debit and
// Chailease instalments. Generated for the app with the rest of the
// contract (make contract).

// ACHPaymentRequest is the body of POST
// /api/brand/{brandId}/sale/ach/payment: the purchase (as sale/payment's;
// its payWay is ACH whatever it says) and the debit authorisation. The
// account number and ID are stored sealed and shown masked.
type ACHPaymentRequest struct {
	CheckoutRequest `tstype:",extends,required"`
	// BankCode (3 digits) and BranchCode (4 digits) name the branch
	// (checked by format only: no maintained list of the codes exists to
	// check against; the bank refuses an unknown one).
	BankCode   string `json:"bankCode"`
	BranchCode string `json:"branchCode"`
	// Account is the account number: 10 to 16 digits.
	Account    string `json:"account"`
	HolderName string `json:"holderName"` // at most 40 characters
	// HolderID is the holder's national ID or resident certificate number
	// (check digit verified).
	HolderID string `json:"holderId"`
	// AgreementHash is ACHAgreement.hash of the agreement the member read
	// and accepted (-66 when missing or another text's).
	AgreementHash string `json:"agreementHash"`
}

// ACHAgreement is the ACH debit agreement a member accepts before paying
// by ACH: its text and the hex SHA-256 of the text.
type ACHAgreement struct {
	Text string `json:"text"`
	Hash string `json:"hash"`
}

// ACHMandate is an ACH order's authorisation as its member sees it: the
// account and ID masked, and the bank's answer.
type ACHMandate struct {
	BankCode   string `json:"bankCode"`
	BranchCode string `json:"branchCode"`
	Account    string `json:"account"` // ****1234
	HolderName string `json:"holderName"`
	HolderID   string `json:"holderId"` // A12****789
	// State: pending until the bank answers (the order awaits payment),
	// then approved (the order is paid) or rejected (failed, Reason says
	// why).
	State  string `json:"state" tstype:"'pending' | 'approved' | 'rejected'"`
	Reason string `json:"reason"`
}

// DeferredResult is what the order result page shows of a deferred
// payment: the ACH authorisation, or the instalments of a Chailease
// order once paid (0: none).
type DeferredResult struct {
	ACH         *ACHMandate `json:"ach" tstype:"ACHMandate | null,required"`
	Instalments int         `json:"instalments"`
}
