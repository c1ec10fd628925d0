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

// The changes of an order (migration 007): creating it, handing it to a
// provider, paying it (with its holdings and receipt), failing, cancelling
// and expiring it, and the audit of what the providers sent. Every change
// is one transaction that locks the order row and records an order_events
// row. The wire types are in orders.go.

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
}

// newOrderNumber is a random order number: 26 characters of base32
// (128 bits), fit for NewebPay's MerchantOrderNo and LINE Pay's orderId.
func newOrderNumber() string { return rand.Text() }

// errOrderNotFound is the spec's -78000000: also for another member's order.
var errOrderNotFound = &storefront.Error{Kind: storefront.KindNotFound, Code: storefront.CodeOrderNotFound}

// CreateOrder creates an order in state created with its lines, reading
// each line's name, price and terms from the database in the same
// transaction: an item off the shelf is storefront.CodeItemOffShelf, a price other
// than the one shown storefront.CodePriceChanged.
func (db *DB) CreateOrder(ctx context.Context, n NewOrder, now time.Time) (*Order, error) {
	var number string
	err := db.inTx(ctx, func(tx pgx.Tx) (err error) {
		_, number, err = createOrderIn(ctx, tx, n, now)
		return err
	})
	if err != nil {
		return nil, err
	}
	return db.Order(ctx, n.BrandID, number)
}

// createOrderIn creates order n in transaction tx; it returns its id and
// number.
func createOrderIn(ctx context.Context, tx pgx.Tx, n NewOrder, now time.Time) (int64, string, error) {
	number := newOrderNumber()
	var id int64
	err := tx.QueryRow(ctx, `insert into orders (brand_id, user_id, number, kind, amount, pay_way, provider, expires_at, created_at, updated_at)
		values ($1, $2, $3, $4, 0, $5, $6, $7, $8, $8) returning id`,
		n.BrandID, n.UserID, number, n.Kind, n.PayWay, n.Provider, n.ExpiresAt, now).Scan(&id)
	if err != nil {
		return 0, "", err
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
			return 0, "", err
		}
	}
	if _, err := tx.Exec(ctx, `update orders set amount = (select coalesce(sum(unit_price * quantity), 0) from order_lines where order_id = $1)
		where id = $1`, id); err != nil {
		return 0, "", err
	}
	return id, number, addEvent(ctx, tx, id, "", OrderCreated, "order created", "", now)
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
		return &storefront.Error{Kind: storefront.KindNotFound, Code: storefront.CodeItemOffShelf, Message: "找不到這項商品"}
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
	return fmt.Sprintf("商品價格已變更為 NT$%s，請重新確認後再結帳", rules.Thousands(price))
}

// addEvent records a state change of order id.
func addEvent(ctx context.Context, tx pgx.Tx, id int64, from, to, cause, digest string, at time.Time) error {
	_, err := tx.Exec(ctx, `insert into order_events (order_id, at, from_state, to_state, cause, payload_digest)
		values ($1, $2, $3, $4, $5, $6)`, id, at, from, to, rules.Truncate(cause, 500), digest)
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

// transition moves order number to state to in one transaction when its
// state is one of from, else leaves it. It returns the order after and
// whether it changed; set, when given, runs in the transaction before the
// state is written (to set the order's other columns).
func (db *DB) transition(ctx context.Context, c Change, to string, from []string, set func(tx pgx.Tx, o *Order) error) (*Order, bool, error) {
	var o *Order
	changed := false
	err := db.inTx(ctx, func(tx pgx.Tx) (err error) {
		if o, err = orderIn(ctx, tx, "", c.Number, true); err != nil {
			return err
		}
		allowed := false
		for _, f := range from {
			allowed = allowed || o.State == f
		}
		if !allowed {
			return nil
		}
		was := o.State
		if set != nil {
			if err := set(tx, o); err != nil {
				return err
			}
		}
		if o.Kind == OrderKindTerm && (to == OrderFailed || to == OrderCancelled || to == OrderExpired) {
			if err := releaseTermHolds(ctx, tx, o.ID, c.At); err != nil {
				return err
			}
		}
		if _, err := tx.Exec(ctx, `update orders set state = $2, updated_at = $3, confirming_until = null where id = $1`, o.ID, to, c.At); err != nil {
			return err
		}
		if err := addEvent(ctx, tx, o.ID, was, to, c.Cause, c.Digest, c.At); err != nil {
			return err
		}
		changed = true
		return nil
	})
	if err != nil || !changed {
		return o, false, err
	}
	o, err = db.Order(ctx, "", c.Number)
	return o, true, err
}

// Handoff is what a provider gave before payment: LINE Pay's
// transactionId and the URLs where the buyer approves it.
type Handoff struct {
	TradeNo        string
	WebURL, AppURL string
}

// AwaitPayment records that the buyer was handed to the provider: created
// (or already awaiting) → awaiting_payment, with what the provider gave
// (h). A paid, failed, cancelled or expired order is NotPayable.
func (db *DB) AwaitPayment(ctx context.Context, c Change, h Handoff) (*Order, error) {
	o, _, err := db.transition(ctx, c, OrderAwaitingPayment, []string{OrderCreated, OrderAwaitingPayment}, func(tx pgx.Tx, o *Order) error {
		if h.TradeNo == "" {
			return nil
		}
		_, err := tx.Exec(ctx, `update orders set provider_trade_no = $2, pay_url_web = $3, pay_url_app = $4 where id = $1`,
			o.ID, h.TradeNo, h.WebURL, h.AppURL)
		return err
	})
	if err == nil && o.State != OrderAwaitingPayment {
		return o, NotPayable(o)
	}
	return o, err
}

// NotPayable is the error for paying order o in its state.
func NotPayable(o *Order) error {
	msg := map[string]string{
		OrderPaid:      "此訂單已付款完成",
		OrderFailed:    "此訂單付款失敗，請重新結帳",
		OrderCancelled: "此訂單已取消，請重新結帳",
		OrderExpired:   "此訂單已逾時，請重新結帳",
	}[o.State]
	code := storefront.CodeOrderExpired
	if o.State == OrderPaid {
		code = storefront.CodePaymentFailed
	}
	return &storefront.Error{Kind: storefront.KindConflict, Code: code, Message: msg}
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

// ErrAmountMismatch: a payment whose amount is not the order's; the order
// is left as it was.
var ErrAmountMismatch = &storefront.Error{Kind: storefront.KindInvalid, Code: storefront.CodePaymentFailed, Message: "付款金額與訂單金額不符"}

// ReceiptMail composes the receipt of order o, paid, for member u, inside
// the transaction that marks it paid.
type ReceiptMail func(o *Order, u *User) (Mail, error)

// PayOrder marks an order paid once: in one transaction it locks the
// order, creates the holdings of every line (their periods by
// rules.ActivationOnPayment), records the provider's trade number, the
// card's last 4 digits and the event, and queues the receipt (compose nil:
// none). An order already paid is returned unchanged (changed false),
// however often the provider repeats itself. An amount other than the
// order's is ErrAmountMismatch and changes nothing. A payment for an order
// that failed, was cancelled or expired is still taken (the money moved).
func (db *DB) PayOrder(ctx context.Context, p Payment, compose ReceiptMail) (o *Order, changed bool, err error) {
	return db.payOrder(ctx, p, compose, nil)
}

// payOrder is PayOrder; also, when given, runs in the paying transaction
// once the provider and amount checked out (a refusal rolls it all back).
func (db *DB) payOrder(ctx context.Context, p Payment, compose ReceiptMail, also func(tx pgx.Tx, o *Order) error) (o *Order, changed bool, err error) {
	from := []string{OrderCreated, OrderAwaitingPayment, OrderFailed, OrderCancelled, OrderExpired}
	o, changed, err = db.transition(ctx, p.Change, OrderPaid, from, func(tx pgx.Tx, o *Order) error {
		if o.Provider != p.Provider {
			return &storefront.Error{Kind: storefront.KindInvalid, Code: storefront.CodePaymentFailed, Message: "付款方式與訂單不符"}
		}
		if p.Amount != o.Amount {
			return ErrAmountMismatch
		}
		if also != nil {
			if err := also(tx, o); err != nil {
				return err
			}
		}
		var last4 *string
		if p.CardLast4 != "" {
			last4 = &p.CardLast4
		}
		var trade *string
		if p.TradeNo != "" {
			trade = &p.TradeNo
		}
		if _, err := tx.Exec(ctx, `update orders set state = 'paid', paid_at = $2, provider_trade_no = coalesce($3, provider_trade_no),
				card_last4 = $4, failure = '' where id = $1`, o.ID, p.At, trade, last4); err != nil {
			return err
		}
		for i := range o.Lines {
			if err := createHoldings(ctx, tx, o, &o.Lines[i], p.At); err != nil {
				return err
			}
		}
		if compose == nil {
			return nil
		}
		u, err := scanUser(tx.QueryRow(ctx, `select `+userColumns+` from users where id = $1`, o.UserID))
		if err != nil {
			return err
		}
		o.State, o.PaidAt = OrderPaid, &p.At
		if p.CardLast4 != "" {
			o.MaskedCard = "**** " + p.CardLast4
		}
		m, err := compose(o, u)
		if err != nil {
			return err
		}
		m.UserID, m.Purpose = 0, ""
		return enqueue(ctx, tx, m)
	})
	return o, changed, err
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
		ticketType := "count" // a quantity passcard is a count ticket of its visits
		if l.ItemType == ItemPoint {
			ticketType = "onlinePoint"
		}
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

// FailOrder records a payment the provider refused: created or awaiting →
// failed with the reason for the buyer. A paid order stays paid.
func (db *DB) FailOrder(ctx context.Context, c Change, failure string) (*Order, bool, error) {
	return db.failOrder(ctx, c, failure, nil)
}

// failOrder is FailOrder; also, when given, runs in its transaction.
func (db *DB) failOrder(ctx context.Context, c Change, failure string, also func(tx pgx.Tx, o *Order) error) (*Order, bool, error) {
	return db.transition(ctx, c, OrderFailed, []string{OrderCreated, OrderAwaitingPayment}, func(tx pgx.Tx, o *Order) error {
		if also != nil {
			if err := also(tx, o); err != nil {
				return err
			}
		}
		_, err := tx.Exec(ctx, `update orders set failure = $2 where id = $1`, o.ID, rules.Truncate(failure, 200))
		return err
	})
}

// CancelOrder records that the buyer gave up paying: created or awaiting →
// cancelled; an order a confirm holds (ClaimConfirm) is ErrConfirming.
func (db *DB) CancelOrder(ctx context.Context, c Change) (*Order, bool, error) {
	return db.transition(ctx, c, OrderCancelled, []string{OrderCreated, OrderAwaitingPayment}, func(tx pgx.Tx, o *Order) error {
		return confirming(o, c.At)
	})
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

// ExpireOrder expires an unpaid order whose time is up (created or
// awaiting → expired); one paid meanwhile stays paid, one a confirm holds
// is ErrConfirming.
func (db *DB) ExpireOrder(ctx context.Context, c Change) (*Order, bool, error) {
	return db.transition(ctx, c, OrderExpired, []string{OrderCreated, OrderAwaitingPayment}, func(tx pgx.Tx, o *Order) error {
		if o.ExpiresAt.After(c.At) {
			return errNotDue
		}
		return confirming(o, c.At)
	})
}

var errNotDue = &storefront.Error{Kind: storefront.KindConflict, Message: "訂單尚未逾時"}

// ErrConfirming is an order whose LINE Pay confirm is in progress on
// another request: it answers "processing".
var ErrConfirming = &storefront.Error{Kind: storefront.KindConflict, Code: storefront.CodePaymentFailed, Message: "付款確認中，請稍候"}

// confirming is ErrConfirming when a confirm holds o at at.
func confirming(o *Order, at time.Time) error {
	if o.ConfirmingUntil != nil && o.ConfirmingUntil.After(at) {
		return ErrConfirming
	}
	return nil
}

// ClaimConfirm claims order c.Number, awaiting the payment of provider's
// transaction tradeNo, for one confirm until until: one short transaction
// that locks the order, sets its lease and records the event; the caller
// then speaks to the provider with no lock held and settles (PayOrder,
// FailOrder) or lets go (ReleaseConfirm). An order of another provider or
// transaction is storefront.CodeOrderNotFound; one held by a live lease is returned
// with ErrConfirming; one not awaiting payment is returned unclaimed.
func (db *DB) ClaimConfirm(ctx context.Context, c Change, provider, tradeNo string, until time.Time) (o *Order, claimed bool, err error) {
	err = db.inTx(ctx, func(tx pgx.Tx) (err error) {
		if o, err = orderIn(ctx, tx, "", c.Number, true); err != nil {
			return err
		}
		switch {
		case o.Provider != provider || o.ProviderTradeNo == "" || o.ProviderTradeNo != tradeNo:
			return errOrderNotFound
		case o.State != OrderAwaitingPayment:
			return nil
		}
		if err := confirming(o, c.At); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `update orders set confirming_until = $2, updated_at = $3 where id = $1`, o.ID, until, c.At); err != nil {
			return err
		}
		o.ConfirmingUntil, claimed = &until, true
		return addEvent(ctx, tx, o.ID, o.State, o.State, c.Cause, c.Digest, c.At)
	})
	if errors.Is(err, ErrConfirming) {
		return o, false, err
	}
	if err != nil {
		return nil, false, err
	}
	return o, claimed, nil
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
