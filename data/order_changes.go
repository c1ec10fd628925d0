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

// The changes of an order (migration 007), as Tx methods: creating it,
// locking it, applying a move the order state table decided (rules/order.go:
// the checkout flows ask it), paying it with its holdings, and the audit
// of what the providers sent. Every change is one transaction of a flow
// that locks the order row and records an order_events row. The wire
// types are in orders.go.

// Order states: rules/order.go's (here, not in orders.go: the TypeScript
// contract is generated from orders.go, and rules' constants are not in it).
const (
	OrderCreated         = rules.OrderCreated
	OrderAwaitingPayment = rules.OrderAwaitingPayment
	OrderPaid            = rules.OrderPaid
	OrderFailed          = rules.OrderFailed
	OrderCancelled       = rules.OrderCancelled
	OrderExpired         = rules.OrderExpired
)

// NewOrderLine names what a line sells; its name, price and terms are read
// from the database when the order is made, never taken from the buyer.
type NewOrderLine struct {
	ItemType   string // with ItemID: an item
	ItemID     int64
	CourseID   int64 // a seat of a course; ScheduleID optional
	ScheduleID int64
	StoreID    int64
	SalesmanID int64 // 0: none
	Quantity   int
	// ShownPrice is the unit price the buyer's page showed: a different
	// price in the database refuses the order (storefront.CodePriceChanged).
	ShownPrice int
	// StartOn is the line's start (rules.CheckoutStart), zero for none.
	StartOn rules.TaipeiDay
	// TermClassID, with TermScheduleID: a class of a term (a trial
	// session when Trial), its seats held with the order (term_sales.go).
	TermScheduleID, TermClassID int64
	Trial                       bool
	// CountingPasscardID: what the counting passcard owes (counting.go).
	CountingPasscardID int64
}

// NewOrder is an order to create.
type NewOrder struct {
	BrandID   string
	UserID    int64
	Kind      string
	PayWay    string
	Provider  string
	ExpiresAt time.Time
	Lines     []NewOrderLine
	// BookScheduleID: the session the purchase is to book once paid (0:
	// none), checked by the flow.
	BookScheduleID int64
	// Invoice is the buyer's invoice choice, checked by the flow (nil:
	// the brand issues no invoice here); remembered for the member.
	Invoice *rules.InvoiceChoice
}

// newOrderNumber is a random order number: 26 characters of base32
// (128 bits), fit for NewebPay's MerchantOrderNo and LINE Pay's orderId.
func newOrderNumber() string { return rand.Text() }

// errOrderNotFound is the spec's -78000000: also for another member's order.
var errOrderNotFound = &storefront.Error{Kind: storefront.KindNotFound, Code: storefront.CodeOrderNotFound}

// CreateOrder creates an order in state created with its lines, reading
// each line's name, price and terms from the database in the
// transaction: an item off the shelf is storefront.CodeItemOffShelf, a
// price other than the one shown storefront.CodePriceChanged. It returns
// the order as made.
func (t *Tx) CreateOrder(n NewOrder, now time.Time) (*Order, error) {
	ctx, tx := t.ctx, t.tx
	number := newOrderNumber()
	var id int64
	err := tx.QueryRow(ctx, `insert into orders (brand_id, user_id, number, kind, amount, pay_way, provider, expires_at, created_at, updated_at,
			book_schedule_id)
		values ($1, $2, $3, $4, 0, $5, $6, $7, $8, $8, nullif($9, 0)) returning id`,
		n.BrandID, n.UserID, number, n.Kind, n.PayWay, n.Provider, n.ExpiresAt, now, n.BookScheduleID).Scan(&id)
	if err != nil {
		return nil, dbErr(err)
	}
	for _, l := range n.Lines {
		switch {
		case l.TermClassID != 0:
			err = insertTermLine(ctx, tx, n.BrandID, id, l, now)
		case l.CountingPasscardID != 0:
			err = insertOverdueLine(ctx, tx, n.BrandID, id, l)
		default:
			err = insertLine(ctx, tx, n.BrandID, id, l, rules.Day(now))
		}
		if err != nil {
			return nil, dbErr(err)
		}
	}
	if _, err := tx.Exec(ctx, `update orders set amount = (select coalesce(sum(unit_price * quantity), 0) from order_lines where order_id = $1)
		where id = $1`, id); err != nil {
		return nil, dbErr(err)
	}
	if c := n.Invoice; c != nil {
		if _, err := tx.Exec(ctx, `update orders set invoice_kind = $2, invoice_code = $3, invoice_title = $4 where id = $1`,
			id, c.Kind, c.Code, c.Title); err != nil {
			return nil, dbErr(err)
		}
		if err := t.RememberInvoiceChoice(n.UserID, *c, now); err != nil {
			return nil, err
		}
	}
	if err := t.AddOrderEvent(id, "", OrderCreated, Change{Cause: "order created", At: now}); err != nil {
		return nil, err
	}
	return orderIn(ctx, tx, "", number, false)
}

// insertLine reads a line's item or course (locked against a change while
// the order is made; an item must be sold on day) and writes the line.
func insertLine(ctx context.Context, tx pgx.Tx, brandID string, orderID int64, l NewOrderLine, day string) error {
	var start *string
	if !l.StartOn.IsZero() {
		s := l.StartOn.String()
		start = &s
	}
	var price int
	var onShelf bool
	var err error
	if l.ItemID != 0 {
		err = tx.QueryRow(ctx, `select i.price, `+itemSold(4)+` from items i where i.brand_id = $1 and i.type = $2 and i.id = $3 for share`,
			brandID, l.ItemType, l.ItemID, day).Scan(&price, &onShelf)
	} else {
		err = tx.QueryRow(ctx, `select min_price, on_shelf from courses where brand_id = $1 and id = $2 for share`,
			brandID, l.CourseID).Scan(&price, &onShelf)
	}
	switch {
	case errors.Is(err, pgx.ErrNoRows):
		return &storefront.Error{Kind: storefront.KindNotFound, Code: storefront.CodeItemOffShelf, Message: storefront.TextItemMissing}
	case err != nil:
		return err
	case !onShelf:
		return &storefront.Error{Kind: storefront.KindNotFound, Code: storefront.CodeItemOffShelf}
	case price != l.ShownPrice:
		return &storefront.Error{Kind: storefront.KindConflict, Code: storefront.CodePriceChanged, Message: PriceChangedMessage(price)}
	}
	if l.ItemID != 0 {
		_, err = tx.Exec(ctx, `insert into order_lines (order_id, item_id, item_type, name, unit_price, quantity, store_id, salesman_id,
				grants, activation_type, start_on, validity_value, validity_unit)
			select $1, i.id, i.type, i.name, i.price, $3, $4, nullif($5, 0), i.quantity, i.activation_type,
			       case when i.activation_type = 'ADMIN_CUSTOM' then i.admin_start_date else $6::date end,
			       i.validity_value, i.validity_unit
			  from items i where i.id = $2`, orderID, l.ItemID, l.Quantity, l.StoreID, l.SalesmanID, start)
	} else {
		_, err = tx.Exec(ctx, `insert into order_lines (order_id, course_id, schedule_id, name, unit_price, quantity, store_id, salesman_id)
			select $1, c.id, nullif($3, 0), c.name, c.min_price, $4, c.store_id, nullif($5, 0) from courses c where c.id = $2`,
			orderID, l.CourseID, l.ScheduleID, l.Quantity, l.SalesmanID)
	}
	return err
}

// PriceChangedMessage is storefront.CodePriceChanged's message: the price now.
func PriceChangedMessage(price int) string {
	return fmt.Sprintf(storefront.TextPriceChanged, rules.Thousands(price))
}

// AddOrderEvent records a move of order id from state from to state to
// (the same state: an event that keeps it), with c's cause, digest and
// time.
func (t *Tx) AddOrderEvent(id int64, from, to string, c Change) error {
	return dbErr(addEvent(t.ctx, t.tx, id, from, to, c))
}

func addEvent(ctx context.Context, tx pgx.Tx, id int64, from, to string, c Change) error {
	_, err := tx.Exec(ctx, `insert into order_events (order_id, at, from_state, to_state, cause, payload_digest)
		values ($1, $2, $3, $4, $5, $6)`, id, c.At, from, to, rules.Truncate(c.Cause, 500), c.Digest)
	return err
}

// Change is one state change asked of an order by a provider's message
// or the buyer: its cause, the digest of the provider's payload ("" none)
// and when.
type Change struct {
	Number string
	Cause  string
	Digest string
	At     time.Time
}

// LockOrder loads order number (of any brand) with its lines and locks
// its row for the transaction: every change of an order starts here.
// Unknown is storefront.CodeOrderNotFound.
func (t *Tx) LockOrder(number string) (*Order, error) {
	return orderIn(t.ctx, t.tx, "", number, true)
}

// SetOrderState applies a move the order state table decided (rules.OrderNext)
// to order id, from state from: its state and time, the end of any confirm
// lease, and its event.
func (t *Tx) SetOrderState(id int64, from, to string, c Change) error {
	if _, err := t.tx.Exec(t.ctx, `update orders set state = $2, updated_at = $3, confirming_until = null where id = $1`, id, to, c.At); err != nil {
		return dbErr(err)
	}
	return t.AddOrderEvent(id, from, to, c)
}

// Handoff is what a provider gave before payment: LINE Pay's
// transactionId and the URLs where the buyer approves it.
type Handoff struct {
	TradeNo        string
	WebURL, AppURL string
}

// SetHandoff records what the provider gave when the buyer was handed to
// it (nothing when h has no trade number).
func (t *Tx) SetHandoff(id int64, h Handoff) error {
	if h.TradeNo == "" {
		return nil
	}
	_, err := t.tx.Exec(t.ctx, `update orders set provider_trade_no = $2, pay_url_web = $3, pay_url_app = $4 where id = $1`,
		id, h.TradeNo, h.WebURL, h.AppURL)
	return dbErr(err)
}

// SetFailure records why order id's payment failed, for the buyer.
func (t *Tx) SetFailure(id int64, failure string) error {
	_, err := t.tx.Exec(t.ctx, `update orders set failure = $2 where id = $1`, id, rules.Truncate(failure, 200))
	return dbErr(err)
}

// Payment is a provider's word that an order was paid, after its
// signature verified.
type Payment struct {
	Change
	Provider  string
	TradeNo   string // the provider's trade number
	Amount    int    // TWD, as the provider says
	CardLast4 string // "" when unknown
}

// MarkPaid records payment p of order id: paid at p.At, the provider's
// trade number and the card's last 4 digits, no failure.
func (t *Tx) MarkPaid(id int64, p Payment) error {
	var last4 *string
	if p.CardLast4 != "" {
		last4 = &p.CardLast4
	}
	var trade *string
	if p.TradeNo != "" {
		trade = &p.TradeNo
	}
	_, err := t.tx.Exec(t.ctx, `update orders set state = 'paid', paid_at = $2, provider_trade_no = coalesce($3, provider_trade_no),
			card_last4 = $4, failure = '' where id = $1`, id, p.At, trade, last4)
	return dbErr(err)
}

// CreateHoldings creates what every line of paid order o sold (their
// periods by rules.ActivationOnSettle), books a term order's held
// sessions and settles an overdue card's debt. o is the order as locked
// (its state the one before the payment).
func (t *Tx) CreateHoldings(o *Order, paid time.Time) error {
	for i := range o.Lines {
		if err := createHoldings(t.ctx, t.tx, o, &o.Lines[i], paid); err != nil {
			return dbErr(err)
		}
	}
	return nil
}

// ReleaseTermSeats gives back the seats held by term order id, failed,
// cancelled or expired.
func (t *Tx) ReleaseTermSeats(id int64, at time.Time) error {
	return dbErr(releaseTermHolds(t.ctx, t.tx, id, at))
}

// SetConfirmLease holds order id for one LINE Pay confirm until until.
func (t *Tx) SetConfirmLease(id int64, until, at time.Time) error {
	_, err := t.tx.Exec(t.ctx, `update orders set confirming_until = $2, updated_at = $3 where id = $1`, id, until, at)
	return dbErr(err)
}

// User loads member id in the transaction (whom a mail goes to).
func (t *Tx) User(id int64) (*User, error) {
	u, err := scanUser(t.tx.QueryRow(t.ctx, `select `+userColumns+` from users where id = $1`, id))
	return u, dbErr(err)
}

// OrderOf loads the order of id, unlocked, in the transaction.
func (t *Tx) OrderOf(id int64) (*Order, error) {
	var number string
	if err := t.tx.QueryRow(t.ctx, `select number from orders where id = $1`, id).Scan(&number); err != nil {
		return nil, dbErr(err)
	}
	return orderIn(t.ctx, t.tx, "", number, false)
}

// createHoldings creates what line l of paid order o sold, quantity
// times, and records its period on the line. A course seat creates no
// holding (booking links it).
func createHoldings(ctx context.Context, tx pgx.Tx, o *Order, l *OrderLine, paid time.Time) error {
	switch {
	case l.termClassID != nil:
		return bookTermHold(ctx, tx, o, paid)
	case l.countingPasscardID != nil:
		return settleOverdue(ctx, tx, o, l, paid)
	}
	if l.ItemID == nil {
		return nil
	}
	var chosen rules.TaipeiDay
	if l.StartOn != nil {
		chosen, _ = rules.ParseDay(*l.StartOn)
	}
	vv, vu := 0, ""
	if l.validityValue != nil {
		vv, vu = *l.validityValue, *l.validityUnit
	}
	a := rules.ActivationOnSettle(settlement(o.PayWay), l.ActivationType, o.CreatedAt, paid, chosen, vv, vu)
	var starts, ends *string
	if a.Active {
		s := a.Start.String()
		starts = &s
		if !a.End.IsZero() {
			e := a.End.String()
			ends = &e
		}
	}
	grants := 0
	if l.grants != nil {
		grants = *l.grants
	}
	n := l.Quantity
	var err error
	switch l.ItemType {
	case ItemPasscard:
		_, err = tx.Exec(ctx, `insert into member_passcards (brand_id, user_id, item_id, name, activation_type, starts_on, ends_on,
				purchased_at, validity_value, validity_unit, order_id)
			select $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11 from generate_series(1, $12::int)`,
			o.BrandID, o.UserID, *l.ItemID, l.Name, l.ActivationType, starts, ends, paid, l.validityValue, l.validityUnit, o.ID, n)
	case ItemQuantityPasscard, ItemPoint:
		ticketType := itemTicketType(l.ItemType)
		_, err = tx.Exec(ctx, `insert into member_tickets (brand_id, user_id, item_id, name, activation_type, starts_on, ends_on,
				purchased_at, validity_value, validity_unit, order_id, ticket_type, total, remain)
			select $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $13 from generate_series(1, $14::int)`,
			o.BrandID, o.UserID, *l.ItemID, l.Name, l.ActivationType, starts, ends, paid, l.validityValue, l.validityUnit, o.ID,
			ticketType, grants, n)
	case ItemCountingPasscard:
		_, err = tx.Exec(ctx, `insert into member_counting_passcards (brand_id, user_id, item_id, name, activated_on, ends_on,
				purchased_at, order_id, total_minutes, remain_minutes)
			select $1, $2, $3, $4, $5, $6, $7, $8, $9, $9 from generate_series(1, $10::int)`,
			o.BrandID, o.UserID, *l.ItemID, l.Name, starts, ends, paid, o.ID, grants, n)
	default:
		return fmt.Errorf("order %s: item type %q", o.Number, l.ItemType)
	}
	if err != nil {
		return err
	}
	l.StartsOn, l.EndsOn = starts, ends
	_, err = tx.Exec(ctx, `update order_lines set starts_on = $2, ends_on = $3 where id = $1`, l.id, starts, ends)
	return err
}

// DueOrders lists up to limit orders still unpaid at now past their
// expiry and held by no confirm: the expiry worker settles or expires
// each (ExpireOrder). Orders whose provider it has not asked yet come
// first, then those it asked longest ago (ExpiryAsked), oldest due first.
func (db *DB) DueOrders(ctx context.Context, now time.Time, limit int) ([]string, error) {
	return queryList(ctx, db, func(r pgx.Row, n *string) error { return r.Scan(n) },
		`select number from orders where state in ('created', 'awaiting_payment') and expires_at <= $1
		   and (confirming_until is null or confirming_until <= $1)
		 order by expiry_asked_at nulls first, expires_at limit $2`, now, limit)
}

// ExpiryAsked notes that the expiry worker could not ask order number's
// provider at at: the order goes behind the others in the next round.
func (db *DB) ExpiryAsked(ctx context.Context, number string, at time.Time) error {
	_, err := db.Pool.Exec(ctx, `update orders set expiry_asked_at = $2 where number = $1`, number, at)
	return dbErr(err)
}

// ReleaseConfirm lets go of the confirm lease of order number, still
// awaiting payment (the provider could not be asked: the next confirm may
// try at once).
func (db *DB) ReleaseConfirm(ctx context.Context, number string) error {
	_, err := db.Pool.Exec(ctx, `update orders set confirming_until = null where number = $1 and state = 'awaiting_payment'`, number)
	return dbErr(err)
}

// Callback is one message a provider sent us (verified or not), as the
// audit keeps it: never the card number.
type Callback struct {
	Provider, Kind string // kind: notify, return, confirm, cancel
	OrderNumber    string
	Digest         string // SHA-256 of the raw payload, hex
	Verified       bool
	Status         string
	Amount         *int
	TradeNo        string
	Outcome        string
	At             time.Time
}

// RecordCallback keeps c and reports whether the same payload (digest)
// came before: a replay.
func (db *DB) RecordCallback(ctx context.Context, c Callback) (repeat bool, err error) {
	err = db.Pool.QueryRow(ctx, `with prior as (select exists (select 1 from provider_callbacks where provider = $1 and digest = $4))
		insert into provider_callbacks (provider, kind, order_number, digest, verified, status, amount, trade_no, outcome, received_at)
		values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) returning (select * from prior)`,
		c.Provider, c.Kind, rules.Truncate(c.OrderNumber, 64), c.Digest, c.Verified, rules.Truncate(c.Status, 64), c.Amount,
		rules.Truncate(c.TradeNo, 64), rules.Truncate(c.Outcome, 200), c.At).Scan(&repeat)
	return repeat, dbErr(err)
}

// OrderEvents lists the state changes of order number, oldest first, as
// "from→to: cause" (tests and audits).
func (db *DB) OrderEvents(ctx context.Context, number string) ([]string, error) {
	return queryList(ctx, db, func(r pgx.Row, s *string) error { return r.Scan(s) },
		`select e.from_state || '→' || e.to_state || ': ' || e.cause from order_events e join orders o on o.id = e.order_id
		 where o.number = $1 order by e.id`, number)
}
