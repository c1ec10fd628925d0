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
	rows, err := q.Query(ctx, `select period, second_charge_id is not null, state, coalesce(number, ''),
			coalesce(to_char(issued_at at time zone 'Asia/Taipei', 'YYYY-MM-DD'), ''), coalesce(random_code, ''), amount
		from invoices where order_id = $1 order by period, id`, id)
	if err != nil {
		return nil, dbErr(err)
	}
	out, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (OrderInvoice, error) {
		var v OrderInvoice
		err := r.Scan(&v.Period, &v.Second, &v.State, &v.Number, &v.Date, &v.RandomCode, &v.Amount)
		return v, err
	})
	if out == nil {
		out = []OrderInvoice{}
	}
	return out, dbErr(err)
}

// PaidOrder is a paid order of the member with its invoices (the member
// centre's order list).
type PaidOrder struct {
	OrderNo  string         `json:"orderNo"`
	Item     string         `json:"item"`
	Amount   int            `json:"amount"`
	PaidOn   string         `json:"paidOn"` // YYYY-MM-DD, Taipei
	Invoices []OrderInvoice `json:"invoices"`
}

// PaidOrders lists member userID's paid orders, newest first (at most
// 20), each with its invoices.
func (db *DB) PaidOrders(ctx context.Context, userID int64) ([]PaidOrder, error) {
	var ids []int64
	list, err := queryList(ctx, db, func(r pgx.Row, p *PaidOrder) error {
		var id int64
		err := r.Scan(&id, &p.OrderNo, &p.Item, &p.Amount, &p.PaidOn)
		ids = append(ids, id)
		return err
	}, `select o.id, o.number, coalesce((select name from order_lines where order_id = o.id order by id limit 1), ''), o.amount,
			to_char(o.paid_at at time zone 'Asia/Taipei', 'YYYY-MM-DD')
		from orders o where o.user_id = $1 and o.paid_at is not null
		order by o.paid_at desc, o.id desc limit 20`, userID)
	if err != nil {
		return nil, err
	}
	for i := range list {
		if list[i].Invoices, err = ordersInvoices(ctx, db.Pool, ids[i]); err != nil {
			return nil, err
		}
	}
	return list, nil
}
