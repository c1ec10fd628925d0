package data

import (
	"context"
	"errors"
	"storefront"
	"time"

	"github.com/jackc/pgx/v5"

	"storefront/rules"
)

// ACH bank debit (issue 13; migration 010): an ACH order carries one
// authorisation (ach_mandates) made in the transaction that makes the
// order; the order waits (awaiting_payment) until the bank answers, and
// the answer pays or fails it, with the mandate, in one transaction, once.

// Payment ways and providers of deferred payments.
const (
	PayWayACH       = "ACH"
	PayWayChailease = "CHAILEASE"

	ProviderACH       = "ach"
	ProviderChailease = "chailease"
)

// ACH mandate states.
const (
	ACHPending  = "pending"
	ACHApproved = "approved"
	ACHRejected = "rejected"
)

// NewACHMandate is what the member gave for an ACH debit, already sealed
// (checkout seals the account number and national ID).
type NewACHMandate struct {
	BankCode, BranchCode string
	AccountSealed        []byte
	AccountLast4         string
	HolderName           string
	HolderIDSealed       []byte
	HolderIDMasked       string
	AgreementHash        string
	AgreedAt             time.Time
}

// ACHMandateRow is an ACH authorisation as stored: the sealed values stay
// sealed; the masked ones are what anyone may see.
type ACHMandateRow struct {
	OrderNumber          string
	BankCode, BranchCode string
	AccountSealed        []byte
	AccountLast4         string
	HolderName           string
	HolderIDSealed       []byte
	HolderIDMasked       string
	AgreementHash        string
	State                string
	BankRef              string
	ReasonCode, Reason   string
	AnsweredAt           *time.Time
}

// CreateACHOrder creates order n (as CreateOrder) and its mandate in one
// transaction; seal makes the mandate for the new order's number (the
// sealed values are bound to it).
func (db *DB) CreateACHOrder(ctx context.Context, n NewOrder, seal func(number string) NewACHMandate, now time.Time) (*Order, error) {
	var number string
	err := db.inTx(ctx, func(tx pgx.Tx) error {
		var id int64
		var err error
		if id, number, err = createOrderIn(ctx, tx, n, now); err != nil {
			return err
		}
		m := seal(number)
		_, err = tx.Exec(ctx, `insert into ach_mandates (order_id, bank_code, branch_code, account_sealed, account_last4, holder_name,
				holder_id_sealed, holder_id_masked, agreement_hash, agreed_at, created_at)
			values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
			id, m.BankCode, m.BranchCode, m.AccountSealed, m.AccountLast4, m.HolderName, m.HolderIDSealed, m.HolderIDMasked,
			m.AgreementHash, m.AgreedAt, now)
		return err
	})
	if err != nil {
		return nil, err
	}
	return db.Order(ctx, n.BrandID, number)
}

// settlement is how an order of payment way settles, for activation
// (rules.ActivationOnSettle).
func settlement(payWay string) string {
	switch payWay {
	case PayWayACH:
		return rules.SettleACH
	case PayWayChailease:
		return rules.SettleInstalment
	}
	return rules.SettleNow
}

var errMandateNotFound = &storefront.Error{Kind: storefront.KindNotFound, Code: storefront.CodeOrderNotFound, Message: "找不到此筆 ACH 授權"}

// ACHMandate loads the mandate of order number.
func (db *DB) ACHMandate(ctx context.Context, number string) (*ACHMandateRow, error) {
	m := &ACHMandateRow{}
	err := db.Pool.QueryRow(ctx, `select o.number, m.bank_code, m.branch_code, m.account_sealed, m.account_last4, m.holder_name,
			m.holder_id_sealed, m.holder_id_masked, m.agreement_hash, m.state, coalesce(m.bank_ref, ''), m.reason_code, m.reason, m.answered_at
		  from ach_mandates m join orders o on o.id = m.order_id where o.number = $1`, number).Scan(
		&m.OrderNumber, &m.BankCode, &m.BranchCode, &m.AccountSealed, &m.AccountLast4, &m.HolderName, &m.HolderIDSealed,
		&m.HolderIDMasked, &m.AgreementHash, &m.State, &m.BankRef, &m.ReasonCode, &m.Reason, &m.AnsweredAt)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, errMandateNotFound
	}
	return m, dbErr(err)
}

// SubmittedMandate records that the bank took the mandate of order
// c.Number under its reference ref: the order awaits the bank's answer.
func (db *DB) SubmittedMandate(ctx context.Context, c Change, ref string) (*Order, error) {
	o, _, err := db.transition(ctx, c, OrderAwaitingPayment, []string{OrderCreated}, func(tx pgx.Tx, o *Order) error {
		if _, err := tx.Exec(ctx, `update orders set provider_trade_no = $2 where id = $1`, o.ID, ref); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, `update ach_mandates set bank_ref = $2 where order_id = $1 and bank_ref is null`, o.ID, ref)
		return err
	})
	if err == nil && o.State != OrderAwaitingPayment {
		return o, NotPayable(o)
	}
	return o, err
}

// MandateAnswer is the bank's verified answer to a mandate.
type MandateAnswer struct {
	Change
	BankRef    string
	Approved   bool
	Amount     int
	ReasonCode string
	Reason     string // why the bank refused: an approval records none
}

// errMandateAnswered: the mandate has its answer already (a different
// answer to the same mandate changes nothing).
var errMandateAnswered = &storefront.Error{Kind: storefront.KindConflict, Code: storefront.CodePaymentFailed, Message: "此筆 ACH 授權已有銀行回覆"}

// AnswerMandate applies the bank's answer a to its order, once: approved
// pays the order (PayOrder: its amount must be the order's, holdings and
// receipt in the same transaction), rejected fails it with the reason; the
// mandate records the answer in that transaction. The reference must be
// the one the bank gave when it took the mandate. A repeated answer
// changes nothing (changed false); a contrary answer to an answered
// mandate is refused.
func (db *DB) AnswerMandate(ctx context.Context, a MandateAnswer, compose ReceiptMail) (*Order, bool, error) {
	record := func(tx pgx.Tx, o *Order) error {
		state, reason := ACHRejected, a.Reason
		if a.Approved {
			state, reason = ACHApproved, ""
		}
		tag, err := tx.Exec(ctx, `update ach_mandates set state = $3, reason_code = $4, reason = $5, answered_at = $6
			where order_id = $1 and bank_ref = $2 and state = 'pending'`, o.ID, a.BankRef, state, a.ReasonCode, reason, a.At)
		if err != nil {
			return err
		}
		if tag.RowsAffected() == 0 {
			return errMandateAnswered
		}
		return nil
	}
	if a.Approved {
		return db.payOrder(ctx, Payment{Change: a.Change, Provider: ProviderACH, TradeNo: a.BankRef, Amount: a.Amount}, compose, record)
	}
	return db.failOrder(ctx, a.Change, "銀行未核准扣款授權："+a.Reason, record)
}

// PayInstalmentOrder is PayOrder for a Chailease order: the instalments
// the buyer chose are recorded in the paying transaction.
func (db *DB) PayInstalmentOrder(ctx context.Context, p Payment, instalments int, compose ReceiptMail) (*Order, bool, error) {
	return db.payOrder(ctx, p, compose, func(tx pgx.Tx, o *Order) error {
		_, err := tx.Exec(ctx, `update orders set instalments = $2 where id = $1`, o.ID, instalments)
		return err
	})
}

// Instalments is the number of instalments of a paid Chailease order (0:
// none).
func (db *DB) Instalments(ctx context.Context, number string) (int, error) {
	var n *int
	err := db.Pool.QueryRow(ctx, `select instalments from orders where number = $1`, number).Scan(&n)
	if errors.Is(err, pgx.ErrNoRows) || n == nil {
		return 0, nil
	}
	return *n, dbErr(err)
}
