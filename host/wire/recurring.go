package wire

import "storefront/data"

// The contract of recurring card payments and card change:
// the card change calls' bodies and answers and the card change pages'
// data. Generated for the app with the rest of the contract (make
// contract).

// CardChangeRequest asks to change the card of a recurring order
// (POST /api/brand/{brandId}/pay/neweb/change/card/authorize and
// POST /api/brand/installment/changeCard; the latter names the brand in
// the body).
type CardChangeRequest struct {
	BrandID string `json:"brandId,omitempty"`
	OrderNo string `json:"orderNo"`
}

// CardChangeAnswer is a card change started: the page that hands the
// member to NewebPay to give the new card, and the change's number.
type CardChangeAnswer struct {
	ChangeOrderNo string `json:"changeOrderNo"`
	PaymentURL    string `json:"paymentUrl"`
}

// CardChangePage is the data of the card change pages: changeCard
// (step change), changeFailCard (step fail: a declined period to
// re-charge) and changeFailCardResult (step result, with the change its
// query's changeOrderNo names).
type CardChangePage struct {
	Step string               `json:"step" tstype:"'change' | 'fail' | 'result'"`
	Card *data.CardChangeView `json:"card" tstype:",required"`
}
