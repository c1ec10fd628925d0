package data

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"storefront"
	"time"

	"github.com/jackc/pgx/v5"

	"storefront/rules"
)

// Recurring card payments (issue 13; migration 009): an order paid by
// NewebPay's periodic payment (payment way '1'). Its first period pays the
// order (PayOrder: the holdings and the receipt); each later period
// extends the holdings by one period, once per order and period, in one
// transaction; a declined period marks them payment-failed and queues one
// mail; a card change makes a new mandate, which re-charges the declined
// period at once.

// PayWayRecurring is spec section 3's '1': recurring fixed card payment.
const PayWayRecurring = "1"

// Mandate states.
const (
	MandatePending    = "pending"
	MandateActive     = "active"
	MandateFailed     = "failed"
	MandateTerminated = "terminated"
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

// Recurring errors (codes -60 … -64).
var (
	errNotRecurring  = &storefront.Error{Kind: storefront.KindNotFound, Code: storefront.CodeNotRecurring}
	ErrRecurringDone = &storefront.Error{Kind: storefront.KindConflict, Code: storefront.CodeRecurringDone}
	ErrNotFailed     = &storefront.Error{Kind: storefront.KindConflict, Code: storefront.CodeNotPaymentFailed}
)

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

// maxMandates caps the mandates one order may start (hand-offs and card
// changes): a reloading page cannot fill the table.
const maxMandates = 40

// NewMandate records a mandate about to be made for order number, of
// member userID (0: any, for the first hand-off the caller checked).
// The first (change false) is for an unpaid order: it records the
// order's terms (t) once and charges period 1 at creation. A card change
// (change true) is for a paid order with periods left: when a period was
// declined, the new mandate charges it at creation (start type 2), then
// runs the periods after the last one charged; else it makes a ten-dollar
// check and runs the periods left. onlyFailed refuses a change when no
// period was declined (ErrNotFailed).
func (db *DB) NewMandate(ctx context.Context, number string, t RecurringTerms, change, onlyFailed bool, now time.Time) (*Mandate, error) {
	var m *Mandate
	err := db.inTx(ctx, func(tx pgx.Tx) error {
		o, err := orderIn(ctx, tx, "", number, true)
		if err != nil {
			return err
		}
		if o.PayWay != PayWayRecurring {
			return errNotRecurring
		}
		var n int
		if err := tx.QueryRow(ctx, `select count(*) from recurring_mandates where order_id = $1`, o.ID).Scan(&n); err != nil {
			return err
		}
		if n >= maxMandates {
			return &storefront.Error{Kind: storefront.KindConflict, Code: storefront.CodeRecurringDone, Message: "此訂單的信用卡委託次數已達上限，請聯絡店家"}
		}
		m = &Mandate{OrderID: o.ID, MerOrderNo: rand.Text(), State: MandatePending, Change: change}
		if !change {
			if o.State != OrderCreated && o.State != OrderAwaitingPayment {
				return NotPayable(o)
			}
			if _, err := tx.Exec(ctx, `insert into recurring_plans (order_id, amount, period_type, period_point, periods, updated_at)
				values ($1, $2, $3, $4, $5, $6) on conflict (order_id) do nothing`,
				o.ID, o.Amount, t.PeriodType, t.PeriodPoint, t.Periods, now); err != nil {
				return err
			}
			one := 1
			m.StartType, m.First, m.Base, m.Times = 2, &one, 0, t.Periods
		} else {
			if o.State != OrderPaid {
				return errNotRecurring
			}
			var periods, last int
			var failed *int
			err := tx.QueryRow(ctx, `select p.periods, p.failed_period, coalesce((select max(period) from recurring_charges c where c.order_id = p.order_id), 0),
				p.amount, p.period_type, p.period_point
				from recurring_plans p where p.order_id = $1 for update`, o.ID).Scan(&periods, &failed, &last, &t.Amount, &t.PeriodType, &t.PeriodPoint)
			if errors.Is(err, pgx.ErrNoRows) {
				return errNotRecurring
			} else if err != nil {
				return err
			}
			switch {
			case failed != nil:
				m.StartType, m.First, m.Base, m.Times = 2, failed, last-1, 1+periods-last
			case onlyFailed:
				return ErrNotFailed
			case periods-last < 1:
				return ErrRecurringDone
			default:
				m.StartType, m.Base, m.Times = 1, last, periods-last
			}
		}
		t.Periods = m.Times
		if len(o.Lines) > 0 {
			t.ItemName = o.Lines[0].Name
		}
		m.Terms = t
		return tx.QueryRow(ctx, `insert into recurring_mandates (order_id, mer_order_no, start_type, first_period, base, times, created_at)
			values ($1, $2, $3, $4, $5, $6, $7) returning id`, o.ID, m.MerOrderNo, m.StartType, m.First, m.Base, m.Times, now).Scan(&m.ID)
	})
	if err != nil {
		return nil, err
	}
	return m, nil
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
	At           time.Time
}

// FailureMail composes the mail that tells member u that period of order
// o was declined (with a link to change the card), in the transaction
// that records it.
type FailureMail func(o *Order, u *User, period int) (Mail, error)

// ChargeOutcome is what applying a charge did.
type ChargeOutcome struct {
	Order   *Order
	Changed bool // false: a replay, or nothing to do
	Period  int  // the order's period it was (0: a ten-dollar check)
	// Replaced are the mandates a successful card change ended here: the
	// caller terminates them at the provider.
	Replaced []Mandate
	Mailed   bool
	// Refund is a duplicate charge this call claimed: the caller asks the
	// provider to refund it, then settles it (SettleRefund).
	Refund *DuplicateCharge
}

// DuplicateCharge is a paid charge for a period another charge had paid
// already (the card-change race): it is refunded, once.
type DuplicateCharge struct {
	ID                    int64
	Period, Amount        int
	TradeNo, TradeOrderNo string
}

// ApplyCharge records a verified periodic result in one transaction: the
// mandate's creation (activating it, ending the mandates it replaces,
// and paying the period it charges) or a later period. A paid period
// extends the order's holdings to cover every period paid and clears
// payment-failed when no declined period is left; a declined one marks
// them payment-failed and, when the order was not failed already, queues
// the failure mail. Each (order, period) changes once: a replay is a
// no-op; a paid period never goes back to failed. The amount must be the
// order's period amount (ErrAmountMismatch), the PeriodNo the mandate's.
// The first period of the first mandate is PayOrder's (call it before).
func (db *DB) ApplyCharge(ctx context.Context, c Charge, compose FailureMail) (*ChargeOutcome, error) {
	out := &ChargeOutcome{}
	err := db.inTx(ctx, func(tx pgx.Tx) error {
		m, err := scanMandate(tx.QueryRow(ctx, `select `+mandateCols+` from recurring_mandates m where m.mer_order_no = $1`, c.MerOrderNo))
		if err != nil {
			return err
		}
		var amount, periods, paid, perValue int
		var failed *int
		var unit string
		err = tx.QueryRow(ctx, `select p.amount, p.periods, p.paid_periods, p.failed_period,
				coalesce((select l.validity_value from order_lines l where l.order_id = p.order_id order by l.id limit 1), 1),
				coalesce((select l.validity_unit from order_lines l where l.order_id = p.order_id order by l.id limit 1), p.period_type)
			from recurring_plans p where p.order_id = $1 for update`, m.OrderID).Scan(&amount, &periods, &paid, &failed, &perValue, &unit)
		if err != nil {
			return err
		}
		// the mandate again, now that its order's plan is locked
		if err := tx.QueryRow(ctx, `select state, coalesce(period_no, '') from recurring_mandates where id = $1`, m.ID).Scan(&m.State, &m.PeriodNo); err != nil {
			return err
		}
		if c.Amount != amount {
			return ErrAmountMismatch
		}
		if m.PeriodNo != "" && c.PeriodNo != m.PeriodNo {
			return &storefront.Error{Kind: storefront.KindInvalid, Code: storefront.CodePaymentFailed, Message: "委託單號與訂單不符"}
		}
		if c.Created {
			switch {
			case m.State != MandatePending: // a replay
				return nil
			case !c.Paid:
				_, err := tx.Exec(ctx, `update recurring_mandates set state = 'failed', failure = $2 where id = $1`, m.ID, rules.Truncate(c.Failure, 200))
				out.Changed = true
				return err
			}
			if _, err := tx.Exec(ctx, `update recurring_mandates set state = 'active', period_no = $2, card_last4 = nullif($3, ''), activated_at = $4
				where id = $1`, m.ID, c.PeriodNo, c.CardLast4, c.At); err != nil {
				return err
			}
			rows, err := tx.Query(ctx, `update recurring_mandates set state = 'terminated' where order_id = $1 and id <> $2 and state = 'active'
				returning mer_order_no, coalesce(period_no, '')`, m.OrderID, m.ID)
			if err != nil {
				return err
			}
			out.Replaced, err = pgx.CollectRows(rows, func(r pgx.CollectableRow) (Mandate, error) {
				var old Mandate
				return old, r.Scan(&old.MerOrderNo, &old.PeriodNo)
			})
			if err != nil {
				return err
			}
			if _, err := tx.Exec(ctx, `update recurring_plans set card_last4 = coalesce(nullif($2, ''), card_last4), updated_at = $3 where order_id = $1`,
				m.OrderID, c.CardLast4, c.At); err != nil {
				return err
			}
			out.Changed = true
			if m.First == nil {
				return nil
			}
			out.Period = *m.First
		} else {
			if m.State == MandatePending || m.State == MandateFailed {
				return &storefront.Error{Kind: storefront.KindConflict, Code: storefront.CodePaymentFailed, Message: "委託尚未成立"}
			}
			out.Period = m.Base + c.AlreadyTimes
		}
		if out.Period < 1 || out.Period > periods {
			return &storefront.Error{Kind: storefront.KindInvalid, Code: storefront.CodePaymentFailed, Message: fmt.Sprintf("期數 %d 不在委託範圍內", out.Period)}
		}
		state := "failed"
		if c.Paid {
			state = "paid"
		}
		var applied bool
		err = tx.QueryRow(ctx, `insert into recurring_charges as c (order_id, period, state, amount, mandate_id, trade_no, at)
			values ($1, $2, $3, $4, $5, $6, $7)
			on conflict (order_id, period) do update set state = excluded.state, mandate_id = excluded.mandate_id,
				trade_no = excluded.trade_no, at = excluded.at
				where c.state = 'failed' and excluded.state = 'paid'
			returning true`, m.OrderID, out.Period, state, c.Amount, m.ID, rules.Truncate(c.TradeNo, 64), c.At).Scan(&applied)
		if errors.Is(err, pgx.ErrNoRows) { // this period changed before: a replay, or a second charge for it
			if !c.Paid {
				return nil
			}
			out.Refund, err = claimDuplicate(ctx, tx, m, out.Period, c)
			return err
		} else if err != nil {
			return err
		}
		out.Changed = true
		wasFailed := failed != nil
		if err := tx.QueryRow(ctx, `update recurring_plans p set
				paid_periods = (select count(*) from recurring_charges c where c.order_id = p.order_id and c.state = 'paid'),
				failed_period = (select min(period) from recurring_charges c where c.order_id = p.order_id and c.state = 'failed'),
				updated_at = $2
			where order_id = $1 returning paid_periods, failed_period`, m.OrderID, c.At).Scan(&paid, &failed); err != nil {
			return err
		}
		var number string
		if err := tx.QueryRow(ctx, `select number from orders where id = $1`, m.OrderID).Scan(&number); err != nil {
			return err
		}
		cause := fmt.Sprintf("period %d %s", out.Period, state)
		if err := addEvent(ctx, tx, m.OrderID, OrderPaid, OrderPaid, cause, c.Digest, c.At); err != nil {
			return err
		}
		if err := extendHoldings(ctx, tx, m.OrderID, paid*perValue, unit, failed != nil); err != nil {
			return err
		}
		if c.Paid || wasFailed || compose == nil {
			return nil
		}
		if out.Order, err = orderIn(ctx, tx, "", number, false); err != nil {
			return err
		}
		u, err := scanUser(tx.QueryRow(ctx, `select `+userColumns+` from users where id = $1`, out.Order.UserID))
		if err != nil {
			return err
		}
		mail, err := compose(out.Order, u, out.Period)
		if err != nil {
			return err
		}
		out.Mailed = true
		return enqueue(ctx, tx, mail)
	})
	if err != nil {
		return nil, err
	}
	if out.Order == nil {
		var number string
		if err := db.Pool.QueryRow(ctx, `select o.number from orders o join recurring_mandates m on m.order_id = o.id
			where m.mer_order_no = $1`, c.MerOrderNo).Scan(&number); err != nil {
			return nil, dbErr(err)
		}
		if out.Order, err = db.Order(ctx, "", number); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// claimDuplicate claims the refund of paid charge c for period of
// mandate m's order when another trade paid that period (nil when it was
// the same trade, a replay, or when the refund is done or being asked for
// by another request). The order's plan is locked by the caller.
func claimDuplicate(ctx context.Context, tx pgx.Tx, m *Mandate, period int, c Charge) (*DuplicateCharge, error) {
	var prior string
	err := tx.QueryRow(ctx, `select trade_no from recurring_charges where order_id = $1 and period = $2 and state = 'paid'`,
		m.OrderID, period).Scan(&prior)
	if errors.Is(err, pgx.ErrNoRows) || err == nil && (prior == c.TradeNo || c.TradeNo == "") {
		return nil, nil
	} else if err != nil {
		return nil, err
	}
	d := &DuplicateCharge{Period: period, Amount: c.Amount, TradeNo: rules.Truncate(c.TradeNo, 64), TradeOrderNo: rules.Truncate(c.TradeOrderNo, 40)}
	err = tx.QueryRow(ctx, `insert into recurring_refunds as r (order_id, period, mandate_id, trade_no, trade_order_no, amount, state, created_at)
		values ($1, $2, $3, $4, $5, $6, 'requesting', $7)
		on conflict (trade_no) do update set state = 'requesting' where r.state = 'pending'
		returning id`, m.OrderID, period, m.ID, d.TradeNo, d.TradeOrderNo, d.Amount, c.At).Scan(&d.ID)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, nil
	}
	return d, err
}

// RefundMail composes the mail that tells member u that a second charge
// of amount for period of order o was refunded, in the transaction that
// records the refund.
type RefundMail func(o *Order, u *User, period, amount int) (Mail, error)

// SettleRefund records the provider's answer to duplicate charge d's
// refund in one transaction: refunded (failure nil: an order event and
// the member's mail, once) or not (it waits for a later try).
func (db *DB) SettleRefund(ctx context.Context, d *DuplicateCharge, failure error, at time.Time, compose RefundMail) error {
	return db.inTx(ctx, func(tx pgx.Tx) error {
		if failure != nil {
			_, err := tx.Exec(ctx, `update recurring_refunds set state = 'pending', failure = $2 where id = $1 and state = 'requesting'`,
				d.ID, rules.Truncate(failure.Error(), 200))
			return err
		}
		var orderID int64
		err := tx.QueryRow(ctx, `update recurring_refunds set state = 'refunded', failure = '', refunded_at = $2
			where id = $1 and state = 'requesting' returning order_id`, d.ID, at).Scan(&orderID)
		if errors.Is(err, pgx.ErrNoRows) {
			return nil
		} else if err != nil {
			return err
		}
		cause := fmt.Sprintf("refunded a second charge for period %d: trade %s, NT$%d", d.Period, d.TradeNo, d.Amount)
		if err := addEvent(ctx, tx, orderID, OrderPaid, OrderPaid, cause, "", at); err != nil {
			return err
		}
		if compose == nil {
			return nil
		}
		var number string
		if err := tx.QueryRow(ctx, `select number from orders where id = $1`, orderID).Scan(&number); err != nil {
			return err
		}
		o, err := orderIn(ctx, tx, "", number, false)
		if err != nil {
			return err
		}
		u, err := scanUser(tx.QueryRow(ctx, `select `+userColumns+` from users where id = $1`, o.UserID))
		if err != nil {
			return err
		}
		mail, err := compose(o, u, d.Period, d.Amount)
		if err != nil {
			return err
		}
		return enqueue(ctx, tx, mail)
	})
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

// extendHoldings sets the passcards of order id to cover value units from
// their start (every period paid) and marks them payment-failed or not.
// A passcard waiting for its first use keeps no end: its validity is set
// for the day it starts.
func extendHoldings(ctx context.Context, tx pgx.Tx, orderID int64, value int, unit string, failed bool) error {
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
		return nil, &storefront.Error{Kind: storefront.KindNotFound, Code: storefront.CodeNotRecurring, Message: "找不到這筆信用卡變更"}
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
