package data

import (
	"context"
	"errors"
	"time"

	"github.com/jackc/pgx/v5"
)

// Orders (migration 007): the wire types and the reads. Every state
// change is a checkout flow's transaction: it locks the order row, asks
// the order state table (rules/order.go) and records an order_events row
// (order_changes.go).

// Order kinds: what the order sells.
const (
	OrderKindItem   = "item"   // an item (passcard, ticket, …)
	OrderKindCourse = "course" // a seat of a course
	OrderKindPlan   = "plan"   // an item bought as a plan (FIND_PLAN)
	// a class of a term schedule, or its trial session (term_sales.go)
	OrderKindTerm = "term"
	// what a counting passcard below zero owes (counting.go)
	OrderKindOverdue = "overdue"
)

// Payment ways (spec section 3: '2' is online card payment) and the
// providers behind them.
const (
	PayWayCard    = "2"
	PayWayLinePay = "LINEPAY"

	ProviderNewebPay = "newebpay"
	ProviderLinePay  = "linepay"
	ProviderTest     = "test" // the dev environment's /api/test/payment
)

// OrderLine is one line of an order as the buyer sees it.
type OrderLine struct {
	ItemID         *int64 `json:"itemId" tstype:"number | null,required"`
	ItemType       string `json:"itemType"` // '' for a course seat
	CourseID       *int64 `json:"courseId" tstype:"number | null,required"`
	ScheduleID     *int64 `json:"scheduleId" tstype:"number | null,required"`
	Name           string `json:"name"`
	UnitPrice      int    `json:"unitPrice"`
	Quantity       int    `json:"quantity"`
	StoreID        *int64 `json:"storeId" tstype:"number | null,required"`
	StoreName      string `json:"storeName"`
	SalesmanID     *int64 `json:"salesmanId" tstype:"number | null,required"`
	ActivationType string `json:"activationType"`
	// StartOn is the start the buyer chose (CUSTOM) or the operator set
	// (ADMIN_CUSTOM), YYYY-MM-DD.
	StartOn *string `json:"startOn" tstype:"string | null,required"`
	// StartsOn and EndsOn are the holdings' period once paid; null
	// StartsOn on a paid order: not active until the first booking or
	// check-in (see Status).
	StartsOn *string `json:"startsOn" tstype:"string | null,required"`
	EndsOn   *string `json:"endsOn" tstype:"string | null,required"`
	// Status is pending until the order is paid, then the holdings' state
	// on the day the order is shown (Order.StatesOn): active, notActive
	// (a start still ahead, or none yet) or expired; a term class's line
	// is enrolled once its sessions are booked (pending until then).
	Status string `json:"status" tstype:"'active' | 'notActive' | 'expired' | 'pending' | 'enrolled'"`

	grants        *int
	validityValue *int
	validityUnit  *string
	id            int64
	// a term class line, and whether its sessions are booked; an overdue
	// line's card and minutes
	termClassID        *int64
	termBooked         bool
	countingPasscardID *int64
	overdueMinutes     *int
}

// Order is an order as its member sees it (the order result page and
// GET /api/v2/ec/payment/result/{orderNo}).
type Order struct {
	ID      int64  `json:"-"`
	UserID  int64  `json:"-"`
	BrandID string `json:"brandId"`
	// Number is the order number: random, URL-safe, not guessable.
	Number string `json:"orderNo"`
	Kind   string `json:"kind" tstype:"'item' | 'course' | 'plan' | 'term' | 'overdue'"`
	Amount int    `json:"amount"` // TWD
	State  string `json:"state" tstype:"'created' | 'awaiting_payment' | 'paid' | 'failed' | 'cancelled' | 'expired'"`
	PayWay string `json:"payWay" tstype:"'1' | '2' | 'LINEPAY' | 'ACH' | 'CHAILEASE'"`
	// Provider is newebpay, linepay, ach, chailease or test.
	Provider        string `json:"provider"`
	ProviderTradeNo string `json:"-"`
	// Approval is where the buyer approves a LINE Pay payment (web, app).
	Approval Handoff `json:"-"`
	// MaskedCard is the card as the buyer may see it, "**** 1234"; "" when
	// unknown.
	MaskedCard string      `json:"maskedCard"`
	Failure    string      `json:"failure"` // why the payment failed
	ExpiresAt  time.Time   `json:"expiresAt"`
	PaidAt     *time.Time  `json:"paidAt" tstype:"string | null,required"`
	CreatedAt  time.Time   `json:"createdAt"`
	Lines      []OrderLine `json:"lines"`
	// ConfirmingUntil is the lease of a LINE Pay confirm in progress
	// (ClaimConfirm); nil: none.
	ConfirmingUntil *time.Time `json:"-"`
	// BookScheduleID is the session the purchase was made to book (0:
	// none): paid, its result page books it.
	BookScheduleID int64 `json:"-"`
	// Invoices are the order's e-invoices (one, or one per period of a
	// plan); none when its brand issues none here.
	Invoices []OrderInvoice `json:"invoices"`
}

const orderCols = `o.id, o.user_id, o.brand_id, o.number, o.kind, o.amount, o.state, o.pay_way, o.provider,
	coalesce(o.provider_trade_no, ''), coalesce(o.card_last4, ''), o.failure, o.expires_at, o.paid_at, o.created_at,
	o.pay_url_web, o.pay_url_app, o.confirming_until, coalesce(o.book_schedule_id, 0)`

func scanOrder(r pgx.Row, o *Order) error {
	var last4 string
	err := r.Scan(&o.ID, &o.UserID, &o.BrandID, &o.Number, &o.Kind, &o.Amount, &o.State, &o.PayWay, &o.Provider,
		&o.ProviderTradeNo, &last4, &o.Failure, &o.ExpiresAt, &o.PaidAt, &o.CreatedAt, &o.Approval.WebURL, &o.Approval.AppURL,
		&o.ConfirmingUntil, &o.BookScheduleID)
	o.Approval.TradeNo = o.ProviderTradeNo
	if last4 != "" {
		o.MaskedCard = "**** " + last4
	}
	return err
}

// Order loads order number of the brand with its lines ("" brand: of any
// brand, for a provider's callback). Unknown is storefront.CodeOrderNotFound.
func (db *DB) Order(ctx context.Context, brandID, number string) (*Order, error) {
	return orderIn(ctx, db.Pool, brandID, number, false)
}

// orderIn loads an order and its lines through q, locking the order row
// when lock is set.
func orderIn(ctx context.Context, q querier, brandID, number string, lock bool) (*Order, error) {
	sql := `select ` + orderCols + ` from orders o where o.number = $1 and ($2 = '' or o.brand_id = $2)`
	if lock {
		sql += ` for update`
	}
	o := &Order{}
	if err := scanOrder(q.QueryRow(ctx, sql, number, brandID), o); err != nil {
		if errors.Is(err, pgx.ErrNoRows) {
			return nil, errOrderNotFound
		}
		return nil, dbErr(err)
	}
	rows, err := q.Query(ctx, `select l.id, l.item_id, coalesce(l.item_type, ''), l.course_id, l.schedule_id, l.name, l.unit_price,
			l.quantity, l.store_id, coalesce(s.name, ''), l.salesman_id, l.activation_type, to_char(l.start_on, 'YYYY-MM-DD'),
			to_char(l.starts_on, 'YYYY-MM-DD'), to_char(l.ends_on, 'YYYY-MM-DD'), l.grants, l.validity_value, l.validity_unit,
			l.term_class_id, l.counting_passcard_id, l.overdue_minutes,
			exists (select 1 from term_holds h where h.order_id = l.order_id and h.booked_at is not null)
		  from order_lines l left join stores s on s.id = l.store_id where l.order_id = $1 order by l.id`, o.ID)
	if err != nil {
		return nil, dbErr(err)
	}
	o.Lines, err = pgx.CollectRows(rows, func(r pgx.CollectableRow) (OrderLine, error) {
		var l OrderLine
		err := r.Scan(&l.id, &l.ItemID, &l.ItemType, &l.CourseID, &l.ScheduleID, &l.Name, &l.UnitPrice, &l.Quantity,
			&l.StoreID, &l.StoreName, &l.SalesmanID, &l.ActivationType, &l.StartOn, &l.StartsOn, &l.EndsOn,
			&l.grants, &l.validityValue, &l.validityUnit, &l.termClassID, &l.countingPasscardID, &l.overdueMinutes, &l.termBooked)
		return l, err
	})
	if err != nil {
		return nil, dbErr(err)
	}
	if o.Invoices, err = ordersInvoices(ctx, q, o.ID); err != nil {
		return nil, err
	}
	return o, nil
}

// StatesOn sets each line's Status on today (Taipei, YYYY-MM-DD): pending
// until the order is paid, then its holdings' state by the rule the
// member centre shows them with (rules.HoldingState); a term class's line
// is enrolled once its sessions are booked (it has no holding to start).
func (o *Order) StatesOn(today string) {
	for i := range o.Lines {
		l := &o.Lines[i]
		switch {
		case o.State != OrderPaid:
			l.Status = "pending"
		case l.termClassID != nil && l.termBooked:
			l.Status = "enrolled"
		case l.termClassID != nil:
			l.Status = "pending"
		default:
			l.Status = holdingState(l.StartsOn, l.EndsOn, today)
		}
	}
}

// PaidOrdersOf counts member userID's paid orders of item itemID or
// course courseID (an account check: a trial is bought once).
func (db *DB) PaidOrdersOf(ctx context.Context, userID, itemID, courseID int64) (int, error) {
	var n int
	err := db.Pool.QueryRow(ctx, `select count(distinct o.id) from orders o join order_lines l on l.order_id = o.id
		where o.user_id = $1 and o.state = 'paid' and (l.item_id = $2 or l.course_id = $3)`, userID, itemID, courseID).Scan(&n)
	return n, dbErr(err)
}

// PendingOrder is an order of the member still waiting for its payment:
// for the bank's answer (ACH) or for the member to pay.
type PendingOrder struct {
	OrderNo string `json:"orderNo"`
	Item    string `json:"item"`
	Amount  int    `json:"amount"`
	State   string `json:"state" tstype:"'created' | 'awaiting_payment'"`
	PayWay  string `json:"payWay" tstype:"'1' | '2' | 'LINEPAY' | 'ACH' | 'CHAILEASE'"`
	// More is how many other lines the order has.
	More int `json:"more"`
}

// PendingOrders lists member userID's orders not yet paid, failed or
// expired at now, newest first (at most 20).
func (db *DB) PendingOrders(ctx context.Context, userID int64, now time.Time) ([]PendingOrder, error) {
	rows, err := db.Pool.Query(ctx, pendingOrdersSQL, userID, now)
	if err != nil {
		return nil, dbErr(err)
	}
	list, err := collectPendingOrders(rows)
	return list, dbErr(err)
}

const pendingOrdersSQL = `
		select o.number, coalesce(l.name, ''), o.amount, o.state, o.pay_way,
			greatest((select count(*) from order_lines c where c.order_id = o.id) - 1, 0)
		from orders o
		left join lateral (select name from order_lines where order_id = o.id order by id limit 1) l on true
		where o.user_id = $1 and o.state in ('created', 'awaiting_payment') and o.expires_at > $2
		order by o.created_at desc, o.id desc limit 20`

func collectPendingOrders(rows pgx.Rows) ([]PendingOrder, error) {
	list, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (p PendingOrder, err error) {
		err = r.Scan(&p.OrderNo, &p.Item, &p.Amount, &p.State, &p.PayWay, &p.More)
		return p, err
	})
	if list == nil && err == nil {
		list = []PendingOrder{}
	}
	return list, err
}
