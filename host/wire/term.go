package wire

import (
	"storefront/data"
	"storefront/rules"
)

// The contract of term-schedule purchase and overdue counting passcards:
// the term checkout page's data, the term checks' and offer
// lists' answers, and the overdue pages' and calls' data. Generated for the
// app with the rest of the contract (make contract). A term purchase's body
// is CheckoutRequest (kind term, its class as scheduleId), an overdue
// payment's too (kind overdue, countingPasscardId).

// TermCheckAnswer is GET /api/brand/{brandId}/termSchedule/.../check/...:
// the check passed; the class (null for a trial check of the whole term)
// and what its action costs now.
type TermCheckAnswer struct {
	Action         string          `json:"action" tstype:"'trial' | 'purchase' | 'interim'"`
	TermScheduleID int64           `json:"termScheduleId"`
	Offer          *data.TermOffer `json:"offer" tstype:"data.TermOffer | null,required"`
	Price          int             `json:"price"`
	// Note says how a part-way price was reached ("" before the term).
	Note string `json:"note"`
}

// TermOfferList is GET /api/termSchedule and /api/termSchedule/interimList:
// term classes as they can be bought now (interimList: only those of terms
// already begun, joined part-way at their pro rata price).
type TermOfferList struct {
	Offers []data.TermOffer `json:"offers"`
}

// TermCheckoutPage is /termSchedule/checkout?termScheduleId=&scheduleId=
// (&trial=1): the class, its store with the payment ways, salesmen and the
// e-contract state; Price is what it costs now (the trial's, or pro rata).
type TermCheckoutPage struct {
	Offer    data.TermOffer  `json:"offer"`
	Trial    bool            `json:"trial"`
	Price    int             `json:"price"`
	Note     string          `json:"note"`
	Stores   []CheckoutStore `json:"stores"`
	Salesmen []data.Salesman `json:"salesmen"`
	Contract string          `json:"contract" tstype:"'notNeeded' | 'signed' | 'unsigned'"`
	// Invoice as in CheckoutPage.
	Invoice *rules.InvoiceChoice `json:"invoice" tstype:"rules.InvoiceChoice | null,required"`
}

// OverduePage is /counting-passcard-overdue-purchase (the cards that owe)
// and its /checkout?id= (Card set: the one being paid), with the charging
// setting and the stores the debt may be paid in.
type OverduePage struct {
	Cards   []data.OverdueCard    `json:"cards"`
	Card    *data.OverdueCard     `json:"card" tstype:"data.OverdueCard | null,required"`
	Setting *data.ChargingSetting `json:"setting" tstype:"data.ChargingSetting | null,required"`
	Stores  []CheckoutStore       `json:"stores"`
	// Invoice as in CheckoutPage.
	Invoice *rules.InvoiceChoice `json:"invoice" tstype:"rules.InvoiceChoice | null,required"`
}

// OverdueList is GET /api/user/counting-passcard/overdue-payable-list.
type OverdueList struct {
	Cards []data.OverdueCard `json:"cards"`
}

// CountingPasscardList is GET /api/user/counting-passcard/list.
type CountingPasscardList struct {
	Cards []data.CountingPasscard `json:"cards"`
}

// CountingHistory is GET /api/user/counting-passcard/history?id=.
type CountingHistory struct {
	List []data.CountingUse `json:"list"`
}
