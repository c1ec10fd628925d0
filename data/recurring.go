package data

import (
	"context"
	"crypto/rand"
	"errors"
	"storefront"
	"time"

	"github.com/jackc/pgx/v5"

	"storefront/rules"
)

// Recurring card payments (migration 009): an order paid by NewebPay's
// periodic payment (payment way '1'). Its first period pays the order
// (checkout.Pay: the holdings and the receipt); each later period extends
// the holdings by one period, once per order and period, in one
// transaction; a declined period marks them payment-failed and queues one
// mail; a card change makes a new mandate, which re-charges the declined
// period at once. checkout's flows decide (checkout/recurring_charge.go,
// rules/order_recurring.go); these are their Tx methods and the reads.

// PayWayRecurring is spec section 3's '1': recurring fixed card payment.
const PayWayRecurring = "1"

// Mandate states: rules/order_recurring.go's.
const (
	MandatePending    = rules.MandatePending
	MandateActive     = rules.MandateActive
	MandateFailed     = rules.MandateFailed
	MandateTerminated = rules.MandateTerminated
)

// Mandate is one mandate made at NewebPay for a recurring order.
type Mandate struct {
	ID         int64
	OrderID    int64
	MerOrderNo string
	StartType  int  // 1: ten-dollar check, 2: the first period charged at once
	First      *int // the period its creation pays (start type 2)
	Base       int  // its period AlreadyTimes n is the order's period Base+n
	Times      int
	State      string
	PeriodNo   string
	CardLast4  string
	Failure    string
	// Change: a card change (not the order's first mandate).
	Change bool
	// Terms are the order's (NewMandate and PendingMandate fill them).
	Terms RecurringTerms
}

// RecurringTerms are the terms of a recurring order, read from its line.
type RecurringTerms struct {
	Amount      int
	PeriodType  string // D, W, M, Y
	PeriodPoint string
	Periods     int
	ItemName    string
}

// errNotRecurring: no recurring order, mandate or plan of that name.
var errNotRecurring = &storefront.Error{Kind: storefront.KindNotFound, Code: storefront.CodeNotRecurring}

const mandateCols = `m.id, m.order_id, m.mer_order_no, m.start_type, m.first_period, m.base, m.times, m.state,
	coalesce(m.period_no, ''), coalesce(m.card_last4, ''), m.failure,
	exists (select 1 from recurring_mandates e where e.order_id = m.order_id and e.id < m.id)`

func scanMandate(r pgx.Row) (*Mandate, error) {
	m := &Mandate{}
	err := r.Scan(&m.ID, &m.OrderID, &m.MerOrderNo, &m.StartType, &m.First, &m.Base, &m.Times, &m.State, &m.PeriodNo,
		&m.CardLast4, &m.Failure, &m.Change)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, errNotRecurring
	}
	return m, dbErr(err)
}

// Plan is a recurring order's plan as its transaction sees it, locked:
// its terms, what was charged, and the validity each period buys.
type Plan struct {
	Terms  RecurringTerms // Amount, PeriodType, PeriodPoint, Periods
	Paid   int            // periods paid
	Failed *int           // the first declined period not paid since
	Last   int            // the last period charged (0: none)
	// PerValue and Unit are the validity one period buys (the line's).
	PerValue int
	Unit     string
}

// LockPlan loads and locks the plan of recurring order id (errNotRecurring
// when it has none).
func (t *Tx) LockPlan(id int64) (*Plan, error) {
	p := &Plan{}
	err := t.tx.QueryRow(t.ctx, `select p.amount, p.period_type, p.period_point, p.periods, p.paid_periods, p.failed_period,
			coalesce((select max(period) from recurring_charges c where c.order_id = p.order_id), 0),
			coalesce((select l.validity_value from order_lines l where l.order_id = p.order_id order by l.id limit 1), 1),
			coalesce((select l.validity_unit from order_lines l where l.order_id = p.order_id order by l.id limit 1), p.period_type)
		from recurring_plans p where p.order_id = $1 for update`, id).Scan(&p.Terms.Amount, &p.Terms.PeriodType, &p.Terms.PeriodPoint,
		&p.Terms.Periods, &p.Paid, &p.Failed, &p.Last, &p.PerValue, &p.Unit)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, errNotRecurring
	}
	return p, dbErr(err)
}

// CountMandates is how many mandates order id has started.
func (t *Tx) CountMandates(id int64) (int, error) {
	var n int
	err := t.tx.QueryRow(t.ctx, `select count(*) from recurring_mandates where order_id = $1`, id).Scan(&n)
	return n, dbErr(err)
}

// AddPlan records the terms of recurring order id, once (its amount each
// period is the order's).
func (t *Tx) AddPlan(id int64, amount int, terms RecurringTerms, now time.Time) error {
	_, err := t.tx.Exec(t.ctx, `insert into recurring_plans (order_id, amount, period_type, period_point, periods, updated_at)
		values ($1, $2, $3, $4, $5, $6) on conflict (order_id) do nothing`,
		id, amount, terms.PeriodType, terms.PeriodPoint, terms.Periods, now)
	return dbErr(err)
}

// AddMandate records mandate m about to be made at the provider (a new
// random MerOrderNo, pending) and sets its id.
func (t *Tx) AddMandate(m *Mandate, now time.Time) error {
	m.MerOrderNo, m.State = rand.Text(), MandatePending
	return dbErr(t.tx.QueryRow(t.ctx, `insert into recurring_mandates (order_id, mer_order_no, start_type, first_period, base, times, created_at)
		values ($1, $2, $3, $4, $5, $6, $7) returning id`, m.OrderID, m.MerOrderNo, m.StartType, m.First, m.Base, m.Times, now).Scan(&m.ID))
}

// PendingMandate loads card change changeOrderNo of order number while
// the member has not finished it at the provider, with its terms (not
// found otherwise).
func (db *DB) PendingMandate(ctx context.Context, number, changeOrderNo string) (*Mandate, error) {
	m, err := scanMandate(db.Pool.QueryRow(ctx, `select `+mandateCols+` from recurring_mandates m join orders o on o.id = m.order_id
		where m.mer_order_no = $1 and o.number = $2 and m.state = 'pending'`, changeOrderNo, number))
	if err != nil {
		return nil, err
	}
	t := &m.Terms
	err = db.Pool.QueryRow(ctx, `select p.amount, p.period_type, p.period_point,
			coalesce((select name from order_lines l where l.order_id = p.order_id order by l.id limit 1), '')
		from recurring_plans p where p.order_id = $1`, m.OrderID).Scan(&t.Amount, &t.PeriodType, &t.PeriodPoint, &t.ItemName)
	t.Periods = m.Times
	return m, dbErr(err)
}

// MandateOf loads the mandate of merOrderNo (errNotRecurring when none)
// with its order's number.
func (db *DB) MandateOf(ctx context.Context, merOrderNo string) (*Mandate, string, error) {
	var number string
	m, err := scanMandate(db.Pool.QueryRow(ctx, `select `+mandateCols+` from recurring_mandates m where m.mer_order_no = $1`, merOrderNo))
	if err != nil {
		return nil, "", err
	}
	err = db.Pool.QueryRow(ctx, `select number from orders where id = $1`, m.OrderID).Scan(&number)
	return m, number, dbErr(err)
}

// DuplicateCharge is a paid charge for a period another charge had paid
// already (the card-change race): it is refunded, once.
type DuplicateCharge struct {
	ID                    int64
	Period, Amount        int
	TradeNo, TradeOrderNo string
}

// Charge is a period's result, or a mandate's creation result, after the
// provider's message verified.
type Charge struct {
	MerOrderNo string
	PeriodNo   string
	// Created: the mandate's creation result; else the period AlreadyTimes.
	Created      bool
	AlreadyTimes int
	Paid         bool
	Amount       int // as the provider says
	TradeNo      string
	TradeOrderNo string // the charge's own order number at the provider (what a refund names)
	CardLast4    string
	Failure      string // why it was declined, for the member
	Digest       string
	// Day is the Taipei day the gateway charged on (its AuthDate,
	// YYYY-MM-DD; "" unknown: the day of At).
	Day string
	At  time.Time
}

// MandateByNo loads mandate merOrderNo in the transaction (its state
// read again once its order's plan is locked: MandateState).
func (t *Tx) MandateByNo(merOrderNo string) (*Mandate, error) {
	return scanMandate(t.tx.QueryRow(t.ctx, `select `+mandateCols+` from recurring_mandates m where m.mer_order_no = $1`, merOrderNo))
}

// MandateState reads mandate m's state and PeriodNo again.
func (t *Tx) MandateState(m *Mandate) error {
	return dbErr(t.tx.QueryRow(t.ctx, `select state, coalesce(period_no, '') from recurring_mandates where id = $1`, m.ID).Scan(&m.State, &m.PeriodNo))
}

// MandateFailed records that mandate id's creation was declined.
func (t *Tx) MandateFailed(id int64, failure string) error {
	_, err := t.tx.Exec(t.ctx, `update recurring_mandates set state = 'failed', failure = $2 where id = $1`, id, rules.Truncate(failure, 200))
	return dbErr(err)
}

// ActivateMandate records that mandate m was made with the card c names:
// it is active under c's PeriodNo, the mandates of its order it replaces
// are terminated (returned: the caller ends them at the provider), and
// the plan shows the new card.
func (t *Tx) ActivateMandate(m *Mandate, c Charge) ([]Mandate, error) {
	ctx, tx := t.ctx, t.tx
	if _, err := tx.Exec(ctx, `update recurring_mandates set state = 'active', period_no = $2, card_last4 = nullif($3, ''), activated_at = $4
		where id = $1`, m.ID, c.PeriodNo, c.CardLast4, c.At); err != nil {
		return nil, dbErr(err)
	}
	rows, err := tx.Query(ctx, `update recurring_mandates set state = 'terminated' where order_id = $1 and id <> $2 and state = 'active'
		returning mer_order_no, coalesce(period_no, '')`, m.OrderID, m.ID)
	if err != nil {
		return nil, dbErr(err)
	}
	replaced, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (Mandate, error) {
		var old Mandate
		return old, r.Scan(&old.MerOrderNo, &old.PeriodNo)
	})
	if err != nil {
		return nil, dbErr(err)
	}
	_, err = tx.Exec(ctx, `update recurring_plans set card_last4 = coalesce(nullif($2, ''), card_last4), updated_at = $3 where order_id = $1`,
		m.OrderID, c.CardLast4, c.At)
	return replaced, dbErr(err)
}

// PeriodCharge is the charge recorded for period of order id: its state
// (rules.ChargePaid or rules.ChargeFailed; "" none) and trade number.
func (t *Tx) PeriodCharge(id int64, period int) (state, tradeNo string, err error) {
	err = t.tx.QueryRow(t.ctx, `select state, trade_no from recurring_charges where order_id = $1 and period = $2`, id, period).
		Scan(&state, &tradeNo)
	if errors.Is(err, pgx.ErrNoRows) {
		return "", "", nil
	}
	return state, tradeNo, dbErr(err)
}

// ChargePeriod records charge c of mandate m as period of its order, in
// state (rules.PeriodNext decided it), and counts the order's periods
// again: it returns the periods paid and the first declined one not paid
// since. The plan is locked by the caller.
func (t *Tx) ChargePeriod(m *Mandate, period int, state string, c Charge) (paid int, failed *int, err error) {
	ctx, tx := t.ctx, t.tx
	if _, err := tx.Exec(ctx, `insert into recurring_charges as c (order_id, period, state, amount, mandate_id, trade_no, trade_order_no, at)
			values ($1, $2, $3, $4, $5, $6, $7, $8)
			on conflict (order_id, period) do update set state = excluded.state, mandate_id = excluded.mandate_id,
				trade_no = excluded.trade_no, trade_order_no = excluded.trade_order_no, at = excluded.at
				where c.state = 'failed' and excluded.state = 'paid'`,
		m.OrderID, period, state, c.Amount, m.ID, rules.Truncate(c.TradeNo, 64), rules.Truncate(c.TradeOrderNo, 40), c.At); err != nil {
		return 0, nil, dbErr(err)
	}
	err = tx.QueryRow(ctx, `update recurring_plans p set
			paid_periods = (select count(*) from recurring_charges c where c.order_id = p.order_id and c.state = 'paid'),
			failed_period = (select min(period) from recurring_charges c where c.order_id = p.order_id and c.state = 'failed'),
			updated_at = $2
		where order_id = $1 returning paid_periods, failed_period`, m.OrderID, c.At).Scan(&paid, &failed)
	return paid, failed, dbErr(err)
}

// ClaimDuplicate claims the refund of paid charge c of mandate m for
// period, which another trade paid already: d with its id, or nil when
// the refund is done or another request is asking for it.
func (t *Tx) ClaimDuplicate(m *Mandate, period int, c Charge) (*DuplicateCharge, error) {
	d := &DuplicateCharge{Period: period, Amount: c.Amount, TradeNo: rules.Truncate(c.TradeNo, 64), TradeOrderNo: rules.Truncate(c.TradeOrderNo, 40)}
	err := t.tx.QueryRow(t.ctx, `insert into recurring_refunds as r (order_id, period, mandate_id, trade_no, trade_order_no, amount, state, created_at)
		values ($1, $2, $3, $4, $5, $6, 'requesting', $7)
		on conflict (trade_no) do update set state = 'requesting' where r.state = 'pending'
		returning id`, m.OrderID, period, m.ID, d.TradeNo, d.TradeOrderNo, d.Amount, c.At).Scan(&d.ID)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, nil
	}
	return d, dbErr(err)
}

// RefundAttemptFailed records that duplicate charge id's refund was not
// made: it waits for a later try.
func (t *Tx) RefundAttemptFailed(id int64, failure string) error {
	_, err := t.tx.Exec(t.ctx, `update recurring_refunds set state = 'pending', failure = $2 where id = $1 and state = 'requesting'`,
		id, rules.Truncate(failure, 200))
	return dbErr(err)
}

// RefundMade records that duplicate charge id was refunded at at, once:
// it returns its order's id, 0 when it was recorded before.
func (t *Tx) RefundMade(id int64, at time.Time) (int64, error) {
	var orderID int64
	err := t.tx.QueryRow(t.ctx, `update recurring_refunds set state = 'refunded', failure = '', refunded_at = $2
		where id = $1 and state = 'requesting' returning order_id`, id, at).Scan(&orderID)
	if errors.Is(err, pgx.ErrNoRows) {
		return 0, nil
	}
	return orderID, dbErr(err)
}

// ActiveMandates are the active mandates of order number other than
// mandate except: the ones a card change ends.
func (db *DB) ActiveMandates(ctx context.Context, number string, except int64) ([]Mandate, error) {
	rows, err := db.Pool.Query(ctx, `select `+mandateCols+` from recurring_mandates m join orders o on o.id = m.order_id
		where o.number = $1 and m.id <> $2 and m.state = 'active' order by m.id`, number, except)
	if err != nil {
		return nil, dbErr(err)
	}
	list, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (Mandate, error) {
		m, err := scanMandate(r)
		if err != nil {
			return Mandate{}, err
		}
		return *m, nil
	})
	return list, dbErr(err)
}

// MandateEnded records that the provider confirmed mandate id terminated.
func (db *DB) MandateEnded(ctx context.Context, id int64) error {
	_, err := db.Pool.Exec(ctx, `update recurring_mandates set state = 'terminated' where id = $1 and state = 'active'`, id)
	return dbErr(err)
}

// ExtendHoldings sets the passcards of order id to cover value units from
// their start (every period paid) and marks them payment-failed or not.
// A passcard waiting for its first use keeps no end: its validity is set
// for the day it starts.
func (t *Tx) ExtendHoldings(orderID int64, value int, unit string, failed bool) error {
	ctx, tx := t.ctx, t.tx
	rows, err := tx.Query(ctx, `select id, to_char(starts_on, 'YYYY-MM-DD') from member_passcards where order_id = $1 for update`, orderID)
	if err != nil {
		return err
	}
	type pass struct {
		id    int64
		start *string
	}
	list, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (pass, error) {
		var p pass
		return p, r.Scan(&p.id, &p.start)
	})
	if err != nil {
		return err
	}
	var lastEnd *string
	for _, p := range list {
		var end *string
		if p.start != nil && value > 0 {
			start, err := rules.ParseDay(*p.start)
			if err != nil {
				return err
			}
			if e, ok := rules.ValidUntil(start, value, unit); ok {
				s := e.String()
				end = &s
			}
		}
		vv := &value
		if value < 1 {
			vv = nil
		}
		if _, err := tx.Exec(ctx, `update member_passcards set validity_value = coalesce($2, validity_value), ends_on = coalesce($3::date, ends_on),
			payment_failed = $4 where id = $1`, p.id, vv, end, failed); err != nil {
			return err
		}
		lastEnd = end
	}
	if lastEnd == nil {
		return nil
	}
	_, err = tx.Exec(ctx, `update order_lines set ends_on = $2 where order_id = $1 and item_type = 'passcard'`, orderID, *lastEnd)
	return err
}

// FailMandate records that a mandate's creation was refused before any
// result (the buyer's card declined at creation comes through
// ApplyCharge); used when the provider could not be reached.
func (db *DB) FailMandate(ctx context.Context, merOrderNo, failure string) error {
	_, err := db.Pool.Exec(ctx, `update recurring_mandates set state = 'failed', failure = $2 where mer_order_no = $1 and state = 'pending'`,
		merOrderNo, rules.Truncate(failure, 200))
	return dbErr(err)
}

// CardChange loads the card view of recurring order number of brand
// brandID ("" any), and the change changeOrderNo names ("" none; one of
// another order is not found).
func (db *DB) CardChange(ctx context.Context, brandID, number, changeOrderNo string) (*CardChangeView, error) {
	v := &CardChangeView{}
	var last4 string
	err := db.Pool.QueryRow(ctx, `select o.number, o.brand_id, o.user_id, coalesce(l.name, ''), p.amount, p.periods, p.paid_periods,
			p.period_type, p.failed_period, coalesce(p.card_last4, ''), to_char(l.ends_on, 'YYYY-MM-DD')
		from orders o join recurring_plans p on p.order_id = o.id
		left join lateral (select name, ends_on from order_lines where order_id = o.id order by id limit 1) l on true
		where o.number = $1 and ($2 = '' or o.brand_id = $2) and o.state = 'paid'`, number, brandID).Scan(
		&v.OrderNo, &v.BrandID, &v.UserID, &v.Name, &v.Amount, &v.Periods, &v.Paid, &v.PeriodType, &v.FailedPeriod, &last4, &v.EndsOn)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, errNotRecurring
	} else if err != nil {
		return nil, dbErr(err)
	}
	v.MaskedCard = masked(last4)
	if changeOrderNo == "" {
		return v, nil
	}
	c := &CardChangeState{ChangeOrderNo: changeOrderNo}
	err = db.Pool.QueryRow(ctx, `select m.state, coalesce(m.card_last4, ''), m.failure from recurring_mandates m join orders o on o.id = m.order_id
		where m.mer_order_no = $1 and o.number = $2 and exists (select 1 from recurring_mandates e where e.order_id = m.order_id and e.id < m.id)`,
		changeOrderNo, number).Scan(&c.State, &last4, &c.Failure)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, &storefront.Error{Kind: storefront.KindNotFound, Code: storefront.CodeNotRecurring, Message: storefront.TextNoCardChange}
	} else if err != nil {
		return nil, dbErr(err)
	}
	c.MaskedCard = masked(last4)
	v.Change = c
	return v, nil
}

func masked(last4 string) string {
	if last4 == "" {
		return ""
	}
	return "**** " + last4
}

// RecurringTermsOf reads the recurring terms of order number's item: its
// periods (items.recurring_periods) and its validity as the period. An
// item not sold by recurring payment is storefront.CodeRecurringNotOffered.
func (db *DB) RecurringTermsOf(ctx context.Context, number string) (RecurringTerms, error) {
	var t RecurringTerms
	var periods, value *int
	var unit *string
	err := db.Pool.QueryRow(ctx, `select o.amount, i.recurring_periods, l.validity_value, l.validity_unit, l.name
		from orders o join order_lines l on l.order_id = o.id left join items i on i.id = l.item_id
		where o.number = $1 order by l.id limit 1`, number).Scan(&t.Amount, &periods, &value, &unit, &t.ItemName)
	if errors.Is(err, pgx.ErrNoRows) {
		return t, errOrderNotFound
	} else if err != nil {
		return t, dbErr(err)
	}
	if periods == nil || value == nil || unit == nil || *value != 1 || *unit == "D" {
		return t, &storefront.Error{Kind: storefront.KindInvalid, Code: storefront.CodeRecurringNotOffered}
	}
	t.Periods, t.PeriodType = *periods, *unit
	return t, nil
}
