package data

import (
	"context"
	"errors"
	"time"

	"github.com/jackc/pgx/v5"

	"storefront/rules"
)

// E-invoices (migration 023): the buyer's choice on the order and the
// member's remembered one, and one invoice row per paid order, period of
// a plan or second charge, written with the payment and issued by an
// outbox job (checkout/invoice.go).

// Invoice states.
const (
	InvoiceIssuing   = rules.InvoiceIssuing // written with the payment; the job issues it
	InvoiceIssued    = rules.InvoiceIssued
	InvoiceVoided    = rules.InvoiceVoided
	InvoiceAllowance = rules.InvoiceAllowance
)

// RememberInvoiceChoice keeps member userID's invoice choice for their
// next checkout.
func (t *Tx) RememberInvoiceChoice(userID int64, c rules.InvoiceChoice, at time.Time) error {
	_, err := t.tx.Exec(t.ctx, `insert into invoice_choices (user_id, kind, code, title, updated_at) values ($1, $2, $3, $4, $5)
		on conflict (user_id) do update set kind = excluded.kind, code = excluded.code, title = excluded.title, updated_at = excluded.updated_at`,
		userID, c.Kind, c.Code, c.Title, at)
	return dbErr(err)
}

// InvoiceChoice is member userID's remembered invoice choice; nil when
// none.
func (db *DB) InvoiceChoice(ctx context.Context, userID int64) (*rules.InvoiceChoice, error) {
	c := &rules.InvoiceChoice{}
	err := db.Pool.QueryRow(ctx, `select kind, code, title from invoice_choices where user_id = $1`, userID).Scan(&c.Kind, &c.Code, &c.Title)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, nil
	}
	return c, dbErr(err)
}

// NewInvoice is an invoice to issue for order OrderID: for the order
// (Period 0), a period of its plan, or a second charge of a period
// (SecondChargeID, a recurring_refunds row).
type NewInvoice struct {
	OrderID        int64
	Period         int
	SecondChargeID int64
	Amount         int
	At             time.Time
}

// AddInvoice writes the invoice n asks for, with the order's invoice
// choice and its MerchantOrderNo (rules.InvoiceOrderNo), once: it
// returns its id, 0 when the order asks for no invoice (its brand
// invoices elsewhere). A replay finds the invoice written before.
func (t *Tx) AddInvoice(n NewInvoice) (int64, error) {
	var number string
	var kind *string
	var code, title string
	if err := t.tx.QueryRow(t.ctx, `select number, invoice_kind, invoice_code, invoice_title from orders where id = $1`, n.OrderID).
		Scan(&number, &kind, &code, &title); err != nil {
		return 0, dbErr(err)
	}
	if kind == nil {
		return 0, nil
	}
	var second *int64
	if n.SecondChargeID != 0 {
		second = &n.SecondChargeID
	}
	var id int64
	err := t.tx.QueryRow(t.ctx, `insert into invoices (order_id, period, second_charge_id, merchant_order_no, kind, code, title, amount, created_at)
		values ($1, $2, $3, $4, $5, $6, $7, $8, $9) on conflict do nothing returning id`,
		n.OrderID, n.Period, second, rules.InvoiceOrderNo(number, n.Period, second != nil), *kind, code, title, n.Amount, n.At).Scan(&id)
	if errors.Is(err, pgx.ErrNoRows) {
		err = t.tx.QueryRow(t.ctx, `select id from invoices where order_id = $1 and period = $2
			and second_charge_id is not distinct from $3`, n.OrderID, n.Period, second).Scan(&id)
	}
	return id, dbErr(err)
}

// InvoiceOfSecondCharge is the id of the invoice of second charge id (0:
// none, its order asked for no invoice).
func (t *Tx) InvoiceOfSecondCharge(id int64) (int64, error) {
	var inv int64
	err := t.tx.QueryRow(t.ctx, `select id from invoices where second_charge_id = $1`, id).Scan(&inv)
	if errors.Is(err, pgx.ErrNoRows) {
		return 0, nil
	}
	return inv, dbErr(err)
}

// Invoice is an invoice with what issuing it at the provider takes.
type Invoice struct {
	ID              int64
	OrderID         int64
	OrderNumber     string
	BrandID         string
	UserID          int64
	BuyerName       string
	BuyerEmail      string
	Period          int
	Second          bool
	MerchantOrderNo string
	Choice          rules.InvoiceChoice
	Amount          int
	State           string
	Number          string
	RandomCode      string
	TransNo         string
	IssuedAt        *time.Time
	SentAt          *time.Time
	// Lines are the order's lines (name, quantity, unit price with tax).
	Lines []rules.InvoiceLine
}

// InvoiceByID loads invoice id with its order's lines and buyer.
func (db *DB) InvoiceByID(ctx context.Context, id int64) (*Invoice, error) {
	v := &Invoice{ID: id}
	err := db.Pool.QueryRow(ctx, `select i.order_id, o.number, o.brand_id, o.user_id, u.name, u.email, i.period, i.second_charge_id is not null,
			i.merchant_order_no, i.kind, i.code, i.title, i.amount, i.state, coalesce(i.number, ''), coalesce(i.random_code, ''),
			coalesce(i.trans_no, ''), i.issued_at, i.sent_at
		from invoices i join orders o on o.id = i.order_id join users u on u.id = o.user_id where i.id = $1`, id).
		Scan(&v.OrderID, &v.OrderNumber, &v.BrandID, &v.UserID, &v.BuyerName, &v.BuyerEmail, &v.Period, &v.Second,
			&v.MerchantOrderNo, &v.Choice.Kind, &v.Choice.Code, &v.Choice.Title, &v.Amount, &v.State, &v.Number, &v.RandomCode,
			&v.TransNo, &v.IssuedAt, &v.SentAt)
	if err != nil {
		return nil, dbErr(err)
	}
	rows, err := db.Pool.Query(ctx, `select name, quantity, unit_price from order_lines where order_id = $1 order by id`, v.OrderID)
	if err != nil {
		return nil, dbErr(err)
	}
	v.Lines, err = pgx.CollectRows(rows, func(r pgx.CollectableRow) (rules.InvoiceLine, error) {
		var l rules.InvoiceLine
		err := r.Scan(&l.Name, &l.Count, &l.Price)
		return l, err
	})
	return v, dbErr(err)
}

// InvoiceSent records that a request to issue invoice id is about to
// reach the provider: from now on its answer may be lost, and the job
// asks the provider before issuing again.
func (db *DB) InvoiceSent(ctx context.Context, id int64, at time.Time) error {
	_, err := db.Pool.Exec(ctx, `update invoices set sent_at = coalesce(sent_at, $2) where id = $1`, id, at)
	return dbErr(err)
}

// IssuedInvoice is what the provider answered for an issued invoice.
type IssuedInvoice struct {
	Number, RandomCode, TransNo string
	At                          time.Time
	Answer                      string
}

// InvoiceIssued records that invoice id was issued as is, once: false
// when it was recorded before (the caller's transaction queues its mail).
func (t *Tx) InvoiceIssued(id int64, is IssuedInvoice) (bool, error) {
	tag, err := t.tx.Exec(t.ctx, `update invoices set state = 'issued', number = $2, random_code = $3, trans_no = nullif($4, ''),
			issued_at = $5, answer = $6 where id = $1 and state = 'issuing'`,
		id, is.Number, is.RandomCode, rules.Truncate(is.TransNo, 40), is.At, rules.Truncate(is.Answer, 500))
	return tag.RowsAffected() == 1, dbErr(err)
}

// InvoiceAnswer keeps the provider's answer to a request about invoice
// id that changed nothing (a refusal, to retry), for support.
func (db *DB) InvoiceAnswer(ctx context.Context, id int64, answer string) error {
	_, err := db.Pool.Exec(ctx, `update invoices set answer = $2 where id = $1`, id, rules.Truncate(answer, 500))
	return dbErr(err)
}

// InvoiceUndone moves invoice id from state from to state to (voided, or
// an allowance with its number) as rules.InvoiceNext decided, once: a row
// no longer in state from is left as it is.
func (db *DB) InvoiceUndone(ctx context.Context, id int64, from, to, allowanceNo string, at time.Time, answer string) error {
	_, err := db.Pool.Exec(ctx, `update invoices set state = $3, allowance_no = coalesce(nullif($4, ''), allowance_no),
			undone_at = coalesce(undone_at, $5), answer = $6
		where id = $1 and state = $2`, id, from, to, rules.Truncate(allowanceNo, 40), at, rules.Truncate(answer, 500))
	return dbErr(err)
}
