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

// MemberOrder is an order of the member's history (the member centre's
// order list): paid (and refunded), or closed unpaid (failed, cancelled,
// expired); those awaiting payment are PendingOrders.
type MemberOrder struct {
	OrderNo string `json:"orderNo"`
	Item    string `json:"item"`
	Amount  int    `json:"amount"`
	// PaidOn is the Taipei day it was paid (YYYY-MM-DD), "" when it was
	// not; Day the day it was paid or else made.
	PaidOn string `json:"paidOn"`
	Day    string `json:"day"`
	State  string `json:"state" tstype:"'paid' | 'partially_refunded' | 'refunded' | 'failed' | 'cancelled' | 'expired'"`
	// Refund is the state of the order's latest refund ("" none): a
	// member may ask for one while none is open.
	Refund   string         `json:"refund" tstype:"'' | 'requested' | 'requesting' | 'refunded' | 'failed' | 'rejected'"`
	Invoices []OrderInvoice `json:"invoices"`
}

// MemberOrdersShown is how many orders the member centre lists at first
// and each 顯示更多 adds: a member's history grows by an order or two a
// month, and a page that rendered all of it would grow with it.
const MemberOrdersShown = 10

// MemberOrders lists member userID's order history, newest first: every
// order paid or closed unpaid, each with its invoices and its latest
// refund. It lists at most n, those after (older than) the member's order
// numbered after ("": from the newest; an order not the member's: none),
// and whether older ones follow.
func (db *DB) MemberOrders(ctx context.Context, userID int64, after string, n int) ([]MemberOrder, bool, error) {
	rows, err := db.Pool.Query(ctx, memberOrdersSQL, userID, after, n+1)
	if err != nil {
		return nil, false, dbErr(err)
	}
	list, more, err := collectMemberOrders(rows, n)
	return list, more, dbErr(err)
}

// memberOrdersSQL lists member $1's orders of MemberOrders after its order
// numbered $2, at most $3, each with its invoices (a row per invoice, or
// one without), so that the member centre's page reads them in its one
// round trip.
const memberOrdersSQL = `with o as (select o.id, o.number, coalesce((select name from order_lines where order_id = o.id order by id limit 1), '') as item, o.amount,
			coalesce(to_char(o.paid_at at time zone 'Asia/Taipei', 'YYYY-MM-DD'), '') as paid_on,
			to_char(coalesce(o.paid_at, o.created_at) at time zone 'Asia/Taipei', 'YYYY-MM-DD') as day, o.state,
			coalesce((select state from refunds where order_id = o.id order by id desc limit 1), '') as refund,
			coalesce(o.paid_at, o.created_at) as sort_at
		from orders o where o.user_id = $1 and (o.paid_at is not null or o.state in ('failed', 'cancelled', 'expired'))
			and ($2 = '' or (coalesce(o.paid_at, o.created_at), o.id) <
				(select coalesce(a.paid_at, a.created_at), a.id from orders a where a.number = $2 and a.user_id = $1))
		order by coalesce(o.paid_at, o.created_at) desc, o.id desc limit $3)
	select o.id, o.number, o.item, o.amount, o.paid_on, o.day, o.state, o.refund,
		i.id is not null, coalesce(i.period, 0), i.second_charge_id is not null, coalesce(i.state, ''), coalesce(i.number, ''),
		coalesce(to_char(i.issued_at at time zone 'Asia/Taipei', 'YYYY-MM-DD'), ''), coalesce(i.random_code, ''), coalesce(i.amount, 0)
	from o left join invoices i on i.order_id = o.id
	order by o.sort_at desc, o.id desc, i.period, i.id`

// collectMemberOrders reads memberOrdersSQL's rows asked for n+1: the
// first n orders with their invoices, and whether more follow.
func collectMemberOrders(rows pgx.Rows, n int) (list []MemberOrder, more bool, err error) {
	list = []MemberOrder{}
	var id, last int64
	var p MemberOrder
	var has bool
	var v OrderInvoice
	_, err = pgx.ForEachRow(rows, []any{&id, &p.OrderNo, &p.Item, &p.Amount, &p.PaidOn, &p.Day, &p.State, &p.Refund,
		&has, &v.Period, &v.Second, &v.State, &v.Number, &v.Date, &v.RandomCode, &v.Amount}, func() error {
		if len(list) == 0 || id != last {
			p.Invoices = []OrderInvoice{}
			list, last = append(list, p), id
		}
		if has {
			o := &list[len(list)-1]
			o.Invoices = append(o.Invoices, v)
		}
		return nil
	})
	if err != nil {
		return nil, false, err
	}
	if more = len(list) > n; more {
		list = list[:n]
	}
	return list, more, nil
}
