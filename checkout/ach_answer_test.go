package checkout

import (
	"context"
	"errors"
	"testing"
	"time"

	"storefront/data"
	"storefront/data/dbtest"
	"storefront/rules"
)

// achOrder is an ACH order of x's member with its authorisation, submitted
// to the bank under reference ref.
func (x *orderFixture) achOrder(t *testing.T, ref string) *data.Order {
	t.Helper()
	ctx := context.Background()
	typ, id, price := item(t, x.db, "demo", "季卡通行卡")
	sealed := make([]byte, 40)
	var o *data.Order
	err := x.db.InTx(ctx, func(tx *data.Tx) (err error) {
		if o, err = tx.CreateOrder(data.NewOrder{BrandID: "demo", UserID: x.userID, Kind: data.OrderKindItem, PayWay: data.PayWayACH,
			Provider: data.ProviderACH, ExpiresAt: paidAt.Add(ACHAnswerWindow),
			Lines: []data.NewOrderLine{{ItemType: typ, ItemID: id, StoreID: x.storeID, Quantity: 1, ShownPrice: price}}}, paidAt); err != nil {
			return err
		}
		return tx.AddACHMandate(o.ID, data.NewACHMandate{BankCode: "004", BranchCode: "0017", AccountSealed: sealed, AccountLast4: "5678",
			HolderName: "王小明", HolderIDSealed: sealed, HolderIDMasked: "A12****789", AgreementHash: ACHAgreementHash, AgreedAt: paidAt}, paidAt)
	})
	if err != nil {
		t.Fatal(err)
	}
	submit := data.Change{Number: o.Number, Cause: "ACH mandate submitted", At: paidAt}
	o, _, err = x.f.move(ctx, submit, rules.EventSubmit, func(tx *data.Tx, o *data.Order) error { return tx.SetMandateRef(o.ID, ref) })
	if err != nil || o.State != data.OrderAwaitingPayment {
		t.Fatalf("submit: %v", err)
	}
	if _, _, err := x.f.move(ctx, submit, rules.EventSubmit, nil); err == nil {
		t.Fatal("submitted twice")
	}
	return o
}

// TestAnswerMandate: the bank's approval pays the order once (a repeat
// changes nothing, a contrary answer to the paid order is ignored); a
// rejection fails it with the bank's reason, and a later approval of the
// rejected mandate is refused with the order still failed.
func TestAnswerMandate(t *testing.T) {
	x := newOrderFixture(t)
	ctx := context.Background()
	answer := func(o *data.Order, ref string, approved bool) (*data.Order, bool, error) {
		return x.f.AnswerMandate(ctx, MandateAnswer{Change: data.Change{Number: o.Number, Cause: "ACH answer", At: paidAt.Add(time.Hour)},
			BankRef: ref, Approved: approved, Amount: o.Amount, ReasonCode: "03", Reason: "帳戶不符"})
	}
	a := x.achOrder(t, "R-A")
	if o, changed, err := answer(a, "R-A", true); err != nil || !changed || o.State != data.OrderPaid {
		t.Fatalf("approval: %v %v", changed, err)
	}
	if o, changed, err := answer(a, "R-A", true); err != nil || changed || o.State != data.OrderPaid {
		t.Fatalf("the approval again: %v %v", changed, err)
	}
	if o, changed, err := answer(a, "R-A", false); err != nil || changed || o.State != data.OrderPaid {
		t.Fatalf("a rejection after the approval: %v %v", changed, err)
	}
	if n := dbtest.Count(t, x.db, `select count(*) from member_passcards where order_id = $1`, a.ID); n != 1 {
		t.Fatalf("%d holdings", n)
	}
	b := x.achOrder(t, "R-B")
	if o, changed, err := answer(b, "R-B", false); err != nil || !changed || o.State != data.OrderFailed || o.Failure != "銀行未核准扣款授權：帳戶不符" {
		t.Fatalf("rejection: %+v %v %v", o, changed, err)
	}
	if _, changed, err := answer(b, "R-B", true); !errors.Is(err, rules.ErrMandateAnswered) || changed {
		t.Fatalf("an approval after the rejection: %v %v", changed, err)
	}
	if got, _ := x.db.Order(ctx, "demo", b.Number); got.State != data.OrderFailed {
		t.Fatalf("the rejected order is %s", got.State)
	}
}
