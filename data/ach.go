package data

import (
	"context"
	"errors"
	"storefront"
	"time"

	"github.com/jackc/pgx/v5"

	"storefront/rules"
)

// ACH bank debit (migration 010): an ACH order carries one authorisation
// (ach_mandates) made in the transaction that makes the order; the order
// waits (awaiting_payment) until the bank answers, and the answer pays or
// fails it, with the mandate, in one transaction, once (checkout's flows
// decide; these are the Tx methods they apply it with).

// Payment ways and providers of deferred payments.
const (
	PayWayACH       = "ACH"
	PayWayChailease = "CHAILEASE"

	ProviderACH       = "ach"
	ProviderChailease = "chailease"
)

// ACH mandate states: rules/order_ach.go's.
const (
	ACHPending  = rules.ACHPending
	ACHApproved = rules.ACHApproved
	ACHRejected = rules.ACHRejected
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

// AddACHMandate records the sealed authorisation m of order id, made in
// the order's transaction.
func (t *Tx) AddACHMandate(id int64, m NewACHMandate, now time.Time) error {
	_, err := t.tx.Exec(t.ctx, `insert into ach_mandates (order_id, bank_code, branch_code, account_sealed, account_last4, holder_name,
			holder_id_sealed, holder_id_masked, agreement_hash, agreed_at, created_at)
		values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
		id, m.BankCode, m.BranchCode, m.AccountSealed, m.AccountLast4, m.HolderName, m.HolderIDSealed, m.HolderIDMasked,
		m.AgreementHash, m.AgreedAt, now)
	return dbErr(err)
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

// ACHMandateState is the state and bank reference of order id's mandate,
// read under the order's lock.
func (t *Tx) ACHMandateState(id int64) (state, bankRef string, err error) {
	err = t.tx.QueryRow(t.ctx, `select state, coalesce(bank_ref, '') from ach_mandates where order_id = $1`, id).Scan(&state, &bankRef)
	if errors.Is(err, pgx.ErrNoRows) {
		return "", "", errMandateNotFound
	}
	return state, bankRef, dbErr(err)
}

var errMandateNotFound = &storefront.Error{Kind: storefront.KindNotFound, Code: storefront.CodeOrderNotFound, Message: storefront.TextNoACHMandate}

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

// SetMandateRef records the reference ref under which the bank took the
// mandate of order id (the order's trade number too).
func (t *Tx) SetMandateRef(id int64, ref string) error {
	if _, err := t.tx.Exec(t.ctx, `update orders set provider_trade_no = $2 where id = $1`, id, ref); err != nil {
		return dbErr(err)
	}
	_, err := t.tx.Exec(t.ctx, `update ach_mandates set bank_ref = $2 where order_id = $1 and bank_ref is null`, id, ref)
	return dbErr(err)
}

// AnswerACHMandate records the bank's answer to the mandate of order id
// under reference bankRef: its state (rules.ACHNext), reason and time. It
// reports false when no pending mandate has that reference (answered
// before).
func (t *Tx) AnswerACHMandate(id int64, bankRef, state, reasonCode, reason string, at time.Time) (bool, error) {
	tag, err := t.tx.Exec(t.ctx, `update ach_mandates set state = $3, reason_code = $4, reason = $5, answered_at = $6
		where order_id = $1 and bank_ref = $2 and state = 'pending'`, id, bankRef, state, reasonCode, reason, at)
	return tag.RowsAffected() > 0, dbErr(err)
}

// SetInstalments records the instalments a Chailease order is paid in.
func (t *Tx) SetInstalments(id int64, instalments int) error {
	_, err := t.tx.Exec(t.ctx, `update orders set instalments = $2 where id = $1`, id, instalments)
	return dbErr(err)
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
