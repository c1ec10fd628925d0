package data

// The card-change views of a recurring order, part of the
// Go→TypeScript contract (make contract).

// CardChangeView is a recurring order's card as its member (or an
// operator) sees it: masked, last 4 digits only.
type CardChangeView struct {
	OrderNo    string `json:"orderNo"`
	BrandID    string `json:"brandId"`
	Name       string `json:"name"`
	Amount     int    `json:"amount"` // each period, TWD
	Periods    int    `json:"periods"`
	Paid       int    `json:"paidPeriods"`
	PeriodType string `json:"periodType" tstype:"'D' | 'W' | 'M' | 'Y'"`
	// FailedPeriod is the declined period not paid since (null: none):
	// the holding is payment-failed.
	FailedPeriod *int   `json:"failedPeriod" tstype:"number | null,required"`
	MaskedCard   string `json:"maskedCard"` // "**** 1234"; "" when unknown
	// EndsOn is the last day the holding covers (null: not started).
	EndsOn *string `json:"endsOn" tstype:"string | null,required"`
	// Change is the card change changeOrderNo names (null: none asked).
	Change *CardChangeState `json:"change" tstype:"CardChangeState | null,required"`
	UserID int64            `json:"-"`
}

// CardChangeState is one card change: pending (the member has not
// finished at NewebPay), active (the new card is in use), failed (the
// card was refused) or terminated (replaced by a later change).
type CardChangeState struct {
	ChangeOrderNo string `json:"changeOrderNo"`
	State         string `json:"state" tstype:"'pending' | 'active' | 'failed' | 'terminated'"`
	MaskedCard    string `json:"maskedCard"`
	Failure       string `json:"failure"`
}
