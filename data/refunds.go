package data

import (
	"context"
	"errors"
	"time"

	"github.com/jackc/pgx/v5"

	"storefront"
	"storefront/rules"
)

// Refunds of orders (migration 027): a member asks, the operator approves
// (a cooling-off refund is sent at once), the provider is asked, and the
// answer is recorded with what follows from it in one transaction.

// Refund kinds.
const (
	RefundCoolingOff  = "cooling_off"
	RefundTermination = "termination"
)

// Refund is a refund row with its order's number and brand.
type Refund struct {
	ID          int64      `json:"id"`
	OrderID     int64      `json:"-"`
	OrderNumber string     `json:"orderNo"`
	BrandID     string     `json:"brandId"`
	Kind        string     `json:"kind" tstype:"'cooling_off' | 'termination'"`
	State       string     `json:"state" tstype:"'requested' | 'requesting' | 'refunded' | 'failed' | 'rejected'"`
	Offered     int        `json:"offered"` // what the rules offer, before the fee
	Fee         int        `json:"fee"`
	Amount      int        `json:"amount"` // Offered - Fee: what goes back
	Whole       bool       `json:"whole"`
	Failure     string     `json:"failure"`
	RequestedAt time.Time  `json:"requestedAt"`
	SentAt      *time.Time `json:"-"`
	// PlanPaid is what a recurring plan's periods had paid when its member
	// asked (nil: not a plan).
	PlanPaid *int `json:"-"`
	// PayWay is its order's (how the money goes back).
	PayWay string `json:"-"`
}

const refundCols = `r.id, r.order_id, o.number, o.brand_id, r.kind, r.state, r.offered, r.fee, r.amount, r.whole, r.failure, r.requested_at, r.sent_at,
	r.plan_paid, o.pay_way`

func scanRefund(row pgx.Row) (*Refund, error) {
	r := &Refund{}
	err := row.Scan(&r.ID, &r.OrderID, &r.OrderNumber, &r.BrandID, &r.Kind, &r.State, &r.Offered, &r.Fee, &r.Amount, &r.Whole,
		&r.Failure, &r.RequestedAt, &r.SentAt, &r.PlanPaid, &r.PayWay)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, nil
	}
	return r, dbErr(err)
}

// NewRefund is a refund a member asks of order OrderID.
type NewRefund struct {
	OrderID      int64
	Kind         string
	Offered, Fee int
	Whole        bool
	At           time.Time
	PlanPaid     *int // a plan's: what its periods had paid
}

// AddRefund writes refund n as requested, unless the order has an open
// one (requested or requesting): then that one is returned, so a replayed
// or raced request makes one refund. The caller holds the order's lock.
func (t *Tx) AddRefund(n NewRefund) (*Refund, error) {
	_, err := t.tx.Exec(t.ctx, `insert into refunds (order_id, kind, offered, fee, amount, whole, requested_at, plan_paid)
		values ($1, $2, $3, $4, $5, $6, $7, $8) on conflict do nothing`, n.OrderID, n.Kind, n.Offered, n.Fee, n.Offered-n.Fee, n.Whole, n.At, n.PlanPaid)
	if err != nil {
		return nil, dbErr(err)
	}
	return t.OpenRefund(n.OrderID)
}

// OpenRefund is order orderID's refund in progress (requested or
// requesting); nil when none.
func (t *Tx) OpenRefund(orderID int64) (*Refund, error) {
	return scanRefund(t.tx.QueryRow(t.ctx, `select `+refundCols+` from refunds r join orders o on o.id = r.order_id
		where r.order_id = $1 and r.state in ('requested', 'requesting')`, orderID))
}

// LastRefund is order orderID's latest refund; nil when none.
func (t *Tx) LastRefund(orderID int64) (*Refund, error) {
	return scanRefund(t.tx.QueryRow(t.ctx, `select `+refundCols+` from refunds r join orders o on o.id = r.order_id
		where r.order_id = $1 order by r.id desc limit 1`, orderID))
}

// LockRefund loads refund id of brand brandID ("" any) and locks it;
// unknown is storefront.CodeNotFound.
func (t *Tx) LockRefund(brandID string, id int64) (*Refund, error) {
	r, err := scanRefund(t.tx.QueryRow(t.ctx, `select `+refundCols+` from refunds r join orders o on o.id = r.order_id
		where r.id = $1 and ($2 = '' or o.brand_id = $2) for update of r`, id, brandID))
	if err == nil && r == nil {
		err = codeErr(storefront.KindNotFound, storefront.CodeNotFound)
	}
	return r, err
}

// SendRefund marks refund id requesting (rules.RefundNext decided) at
// now, with its fee (the operator's; checked by the caller).
func (t *Tx) SendRefund(id int64, fee int, now time.Time) error {
	_, err := t.tx.Exec(t.ctx, `update refunds set state = $4, fee = $2, amount = offered - $2, sent_at = $3
		where id = $1`, id, fee, now, rules.RefundRequesting)
	return dbErr(err)
}

// GrowRefund adds extra to refund id's offer and amount (a plan's
// period charged after its member asked), as it is sent.
func (t *Tx) GrowRefund(id int64, extra int) error {
	_, err := t.tx.Exec(t.ctx, `update refunds set offered = offered + $2, amount = amount + $2 where id = $1`, id, extra)
	return dbErr(err)
}

// AnswerRefund records the end of refund id: state refunded (ref the
// provider's reference), failed (failure why) or rejected.
func (t *Tx) AnswerRefund(id int64, state, ref, failure string, now time.Time) error {
	var p *string
	if ref != "" {
		p = &ref
	}
	_, err := t.tx.Exec(t.ctx, `update refunds set state = $2, provider_ref = $3, failure = $4, answered_at = $5 where id = $1`,
		id, state, p, rules.Truncate(failure, 500), now)
	return dbErr(err)
}

// RefundedTotal is what order orderID's refunds gave back so far.
func (t *Tx) RefundedTotal(orderID int64) (int, error) {
	var n int
	err := t.tx.QueryRow(t.ctx, `select coalesce(sum(amount), 0) from refunds where order_id = $1 and state = 'refunded'`, orderID).Scan(&n)
	return n, dbErr(err)
}

// Sold is a holding an order sold, as the refund rules need it.
type Sold struct {
	Kind       string // rules.KindPasscard, KindTicket, KindTiming
	ID         int64
	TicketType string
	Total      int // a ticket's total, a timing card's minutes (0: a passcard)
	Remain     int
	StartsOn   rules.TaipeiDay
	EndsOn     rules.TaipeiDay
	// Paid is the price of its order line (one unit).
	Paid int
	// Used: a booking not cancelled, a check-in, or something spent.
	Used bool
}

// SoldBy lists the live holdings order orderID sold (not revoked).
func (t *Tx) SoldBy(orderID int64) ([]Sold, error) {
	rows, err := t.tx.Query(t.ctx, `
		with h as (
		  select 'passcard' kind, p.id, '' ticket_type, 0 total, 0 remain, p.starts_on, p.ends_on, p.item_id,
		         exists (select 1 from bookings b where b.passcard_id = p.id and b.status <> 'cancelled') used
		    from member_passcards p where p.order_id = $1 and p.revoked_at is null
		  union all
		  select 'ticket', k.id, k.ticket_type, k.total, k.remain, k.starts_on, k.ends_on, k.item_id,
		         k.remain < k.total or exists (select 1 from bookings b where b.ticket_id = k.id and b.status <> 'cancelled')
		    from member_tickets k where k.order_id = $1 and k.revoked_at is null
		  union all
		  select 'timing', c.id, '', c.total_minutes, c.remain_minutes, c.activated_on, c.ends_on, c.item_id,
		         c.remain_minutes < c.total_minutes or c.activated_on is not null
		         or exists (select 1 from bookings b where b.counting_passcard_id = c.id and b.status <> 'cancelled')
		    from member_counting_passcards c where c.order_id = $1 and c.revoked_at is null)
		select h.kind, h.id, h.ticket_type, h.total, h.remain, to_char(h.starts_on, 'YYYY-MM-DD'), to_char(h.ends_on, 'YYYY-MM-DD'),
		       coalesce((select l.unit_price from order_lines l where l.order_id = $1 and l.item_id = h.item_id order by l.id limit 1), 0),
		       h.used or exists (select 1 from bookings b where b.order_id = $1 and b.status <> 'cancelled')
		  from h order by h.kind, h.id`, orderID)
	if err != nil {
		return nil, dbErr(err)
	}
	list, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (Sold, error) {
		var s Sold
		var starts, ends *string
		err := r.Scan(&s.Kind, &s.ID, &s.TicketType, &s.Total, &s.Remain, &starts, &ends, &s.Paid, &s.Used)
		s.StartsOn, s.EndsOn = dayOf(starts), dayOf(ends)
		return s, err
	})
	return list, dbErr(err)
}

// RevokeSold revokes the holdings order orderID sold and cancels the
// future bookings they (or the order) paid for, giving their seats back;
// it returns how many bookings it cancelled. Locks: the sessions of those
// bookings in id order, as a booking does, then the holdings.
func (t *Tx) RevokeSold(orderID int64, now time.Time) (int, error) {
	const paidBy = `(order_id = $1
		or passcard_id in (select id from member_passcards where order_id = $1)
		or ticket_id in (select id from member_tickets where order_id = $1)
		or counting_passcard_id in (select id from member_counting_passcards where order_id = $1))`
	n, err := cancelFutureBookings(t.ctx, t.tx, paidBy, orderID, now)
	if err != nil {
		return 0, err
	}
	b := &pgx.Batch{}
	for _, table := range []string{"member_passcards", "member_tickets", "member_counting_passcards"} {
		b.Queue(`update `+table+` set revoked_at = $2 where order_id = $1 and revoked_at is null`, orderID, now)
	}
	return n, sendBatch(t.ctx, t.tx, b)
}

// cancelFutureBookings cancels the booked bookings starting after now
// that match (a constant condition on bookings, $1 its argument), giving
// their seats back: their sessions are locked first, in id order.
func cancelFutureBookings(ctx context.Context, tx pgx.Tx, match string, arg any, now time.Time) (int, error) {
	const future = ` and status = 'booked' and starts_at > $2`
	if _, err := tx.Exec(ctx, `select 1 from course_schedules where id in (select schedule_id from bookings
		where `+match+future+`) order by id for no key update`, arg, now); err != nil {
		return 0, dbErr(err)
	}
	rows, err := tx.Query(ctx, `update bookings set status = 'cancelled', cancelled_at = $2
		where `+match+future+` returning schedule_id`, arg, now)
	if err != nil {
		return 0, dbErr(err)
	}
	freed, err := pgx.CollectRows(rows, pgx.RowTo[int64])
	if err != nil {
		return 0, dbErr(err)
	}
	b := &pgx.Batch{}
	for _, id := range freed {
		b.Queue(`update course_schedules set booked = booked - 1 where id = $1`, id)
	}
	return len(freed), sendBatch(ctx, tx, b)
}

// Refunds lists brand brandID's refunds in state ("" every), newest
// first.
func (db *DB) Refunds(ctx context.Context, brandID, state string) ([]Refund, error) {
	return queryList(ctx, db, func(r pgx.Row, x *Refund) error {
		got, err := scanRefund(r)
		if got != nil {
			*x = *got
		}
		return err
	}, `select `+refundCols+` from refunds r join orders o on o.id = r.order_id
		where o.brand_id = $1 and ($2 = '' or r.state = $2) order by r.id desc limit 200`, brandID, state)
}

// ClaimStuckRefunds takes the refunds left requesting since before
// before (a crash between the provider's answer and our commit), moving
// their sent_at to now so that another sweeper skips them.
func (db *DB) ClaimStuckRefunds(ctx context.Context, before, now time.Time) ([]int64, error) {
	rows, err := db.Pool.Query(ctx, `update refunds set sent_at = $2 where id in (
		select id from refunds where state = 'requesting' and sent_at < $1 order by id for update skip locked)
		returning id`, before, now)
	if err != nil {
		return nil, dbErr(err)
	}
	ids, err := pgx.CollectRows(rows, pgx.RowTo[int64])
	return ids, dbErr(err)
}

// RefundTrade is a part of a recurring plan's refund: what it gives back
// of the trade that paid one period (its own MerchantOrderNo and TradeNo).
type RefundTrade struct {
	Period                int
	TradeNo, TradeOrderNo string
	Charged               int // what the trade charged
	Amount                int // what this refund gives back of it
	Done                  bool
}

// PaidTrades lists the trades that paid recurring order orderID's
// periods, the latest period first, each with Amount what is left to
// refund of it (what it charged less the parts of earlier refunds given
// back).
func (t *Tx) PaidTrades(orderID int64) ([]RefundTrade, error) {
	rows, err := t.tx.Query(t.ctx, `select c.period, c.trade_no, c.trade_order_no, c.amount,
			c.amount - coalesce((select sum(p.amount) from refund_trades p join refunds r on r.id = p.refund_id
				where p.trade_no = c.trade_no and (r.state = 'refunded' or p.refunded_at is not null)), 0)
		from recurring_charges c where c.order_id = $1 and c.state = 'paid' and c.trade_no <> '' order by c.period desc`, orderID)
	if err != nil {
		return nil, dbErr(err)
	}
	list, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (RefundTrade, error) {
		var x RefundTrade
		return x, r.Scan(&x.Period, &x.TradeNo, &x.TradeOrderNo, &x.Charged, &x.Amount)
	})
	return list, dbErr(err)
}

// SetRefundTrades records the parts refund id gives back, once (a
// refund sent has its parts already).
func (t *Tx) SetRefundTrades(id int64, parts []RefundTrade) error {
	b := &pgx.Batch{}
	for _, p := range parts {
		b.Queue(`insert into refund_trades (refund_id, period, trade_no, trade_order_no, charged, amount) values ($1, $2, $3, $4, $5, $6)
			on conflict do nothing`, id, p.Period, p.TradeNo, p.TradeOrderNo, p.Charged, p.Amount)
	}
	return sendBatch(t.ctx, t.tx, b)
}

// RefundTrades lists the parts of refund id, the latest period first.
func (t *Tx) RefundTrades(id int64) ([]RefundTrade, error) {
	return refundTrades(t.ctx, t.tx, id)
}

// RefundTrades lists the parts of refund id, the latest period first.
func (db *DB) RefundTrades(ctx context.Context, id int64) ([]RefundTrade, error) {
	return refundTrades(ctx, db.Pool, id)
}

func refundTrades(ctx context.Context, q interface {
	Query(context.Context, string, ...any) (pgx.Rows, error)
}, id int64) ([]RefundTrade, error) {
	rows, err := q.Query(ctx, `select period, trade_no, trade_order_no, charged, amount, refunded_at is not null
		from refund_trades where refund_id = $1 order by period desc`, id)
	if err != nil {
		return nil, dbErr(err)
	}
	list, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (RefundTrade, error) {
		var x RefundTrade
		return x, r.Scan(&x.Period, &x.TradeNo, &x.TradeOrderNo, &x.Charged, &x.Amount, &x.Done)
	})
	return list, dbErr(err)
}

// RefundTradeDone records that the provider refunded refund id's part of
// period's trade.
func (db *DB) RefundTradeDone(ctx context.Context, id int64, period int, at time.Time) error {
	_, err := db.Pool.Exec(ctx, `update refund_trades set refunded_at = $3 where refund_id = $1 and period = $2 and refunded_at is null`,
		id, period, at)
	return dbErr(err)
}

// TradeRefundedBefore is what refunds other than refund id gave back of
// trade tradeNo (their parts refunded).
func (db *DB) TradeRefundedBefore(ctx context.Context, id int64, tradeNo string) (int, error) {
	var n int
	err := db.Pool.QueryRow(ctx, `select coalesce(sum(amount), 0) from refund_trades where trade_no = $2 and refund_id <> $1
		and refunded_at is not null`, id, tradeNo).Scan(&n)
	return n, dbErr(err)
}

// PlanRunning reports whether recurring order orderID still has an
// active mandate at NewebPay (its periods are still charged).
func (t *Tx) PlanRunning(orderID int64) (bool, error) {
	var running bool
	err := t.tx.QueryRow(t.ctx, `select exists (select 1 from recurring_mandates where order_id = $1 and state = 'active')`, orderID).Scan(&running)
	return running, dbErr(err)
}

// PeriodInvoice is the id of order orderID's invoice of period (0: the
// order's own; n: a recurring plan's period n), not a second charge's; 0
// when none.
func (t *Tx) PeriodInvoice(orderID int64, period int) (int64, error) {
	var id int64
	err := t.tx.QueryRow(t.ctx, `select id from invoices where order_id = $1 and period = $2 and second_charge_id is null`, orderID, period).Scan(&id)
	if errors.Is(err, pgx.ErrNoRows) {
		return 0, nil
	}
	return id, dbErr(err)
}
