package data

import (
	"context"

	"github.com/jackc/pgx/v5"
)

// Invoices as their member sees them (the order result page, the member
// centre); shared with the app.

// OrderInvoice is an invoice as its member sees it (the order result
// page, the member centre, the receipt).
type OrderInvoice struct {
	// Period is the plan's period it is for (0: the order).
	Period int `json:"period"`
	// Second: a second charge of the period, refunded.
	Second     bool   `json:"second"`
	State      string `json:"state" tstype:"'issuing' | 'issued' | 'voided' | 'allowance'"`
	Number     string `json:"number"`     // "AB12345678"; "" while issuing
	Date       string `json:"date"`       // YYYY-MM-DD, Taipei; "" while issuing
	RandomCode string `json:"randomCode"` // four digits; "" while issuing
	Amount     int    `json:"amount"`
}

// ordersInvoices loads the invoices of order id, oldest first.
func ordersInvoices(ctx context.Context, q querier, id int64) ([]OrderInvoice, error) {
	by, err := invoicesOf(ctx, q, []int64{id})
	if by[id] == nil {
		return []OrderInvoice{}, err
	}
	return by[id], err
}

// invoicesOf loads the invoices of the orders ids, by order, each oldest
// first, in one query.
func invoicesOf(ctx context.Context, q querier, ids []int64) (map[int64][]OrderInvoice, error) {
	rows, err := q.Query(ctx, `select order_id, period, second_charge_id is not null, state, coalesce(number, ''),
			coalesce(to_char(issued_at at time zone 'Asia/Taipei', 'YYYY-MM-DD'), ''), coalesce(random_code, ''), amount
		from invoices where order_id = any($1) order by order_id, period, id`, ids)
	if err != nil {
		return nil, dbErr(err)
	}
	by := map[int64][]OrderInvoice{}
	var id int64
	var v OrderInvoice
	_, err = pgx.ForEachRow(rows, []any{&id, &v.Period, &v.Second, &v.State, &v.Number, &v.Date, &v.RandomCode, &v.Amount}, func() error {
		by[id] = append(by[id], v)
		return nil
	})
	return by, dbErr(err)
}

// PaidOrder is a paid order of the member with its invoices (the member
// centre's order list).
type PaidOrder struct {
	OrderNo string `json:"orderNo"`
	Item    string `json:"item"`
	Amount  int    `json:"amount"`
	PaidOn  string `json:"paidOn"` // YYYY-MM-DD, Taipei
	State   string `json:"state" tstype:"'paid' | 'partially_refunded' | 'refunded'"`
	// Refund is the state of the order's latest refund ("" none): a
	// member may ask for one while none is open.
	Refund   string         `json:"refund" tstype:"'' | 'requested' | 'requesting' | 'refunded' | 'failed' | 'rejected'"`
	Invoices []OrderInvoice `json:"invoices"`
}

// PaidOrders lists member userID's paid orders, newest first (at most
// 20), each with its invoices.
func (db *DB) PaidOrders(ctx context.Context, userID int64) ([]PaidOrder, error) {
	var ids []int64
	list, err := queryList(ctx, db, func(r pgx.Row, p *PaidOrder) error {
		var id int64
		err := r.Scan(&id, &p.OrderNo, &p.Item, &p.Amount, &p.PaidOn, &p.State, &p.Refund)
		ids = append(ids, id)
		return err
	}, `select o.id, o.number, coalesce((select name from order_lines where order_id = o.id order by id limit 1), ''), o.amount,
			to_char(o.paid_at at time zone 'Asia/Taipei', 'YYYY-MM-DD'), o.state,
			coalesce((select state from refunds where order_id = o.id order by id desc limit 1), '')
		from orders o where o.user_id = $1 and o.paid_at is not null
		order by o.paid_at desc, o.id desc limit 20`, userID)
	if err != nil {
		return nil, err
	}
	by, err := invoicesOf(ctx, db.Pool, ids)
	for i := range list {
		if list[i].Invoices = by[ids[i]]; list[i].Invoices == nil {
			list[i].Invoices = []OrderInvoice{}
		}
	}
	return list, err
}
