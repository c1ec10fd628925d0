package data

import (
	"context"
	"errors"
	"storefront"
	"time"

	"github.com/jackc/pgx/v5"

	"storefront/rules"
)

// Counting passcards (分鐘計費卡) that went below zero (
// migration 011): what they owe, by the brand's charging setting, and
// paying it through an order of kind overdue, whose payment adds the
// minutes owed back to the card once (in the paying transaction: Tx.CreateHoldings).

// ChargingSetting is how a brand charges the minutes a counting passcard
// owes: every started block of UnitMinutes costs UnitPrice.
type ChargingSetting struct {
	UnitMinutes int `json:"unitMinutes"`
	UnitPrice   int `json:"unitPrice"`
}

var errNoChargingSetting = &storefront.Error{Kind: storefront.KindNotFound, Code: storefront.CodeNotFound, Message: storefront.TextNoChargingSetting}

// ChargingSetting is the brand's; a brand without one is not found.
func (db *DB) ChargingSetting(ctx context.Context, brandID string) (*ChargingSetting, error) {
	return chargingSetting(ctx, db.Pool, brandID)
}

func chargingSetting(ctx context.Context, q querier, brandID string) (*ChargingSetting, error) {
	c := &ChargingSetting{}
	err := q.QueryRow(ctx, `select unit_minutes, unit_price from counting_charging_settings where brand_id = $1`, brandID).
		Scan(&c.UnitMinutes, &c.UnitPrice)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, errNoChargingSetting
	}
	return c, dbErr(err)
}

// OverdueCard is a counting passcard below zero: the minutes it owes and
// what they cost now.
type OverdueCard struct {
	ID            int64   `json:"id"`
	Name          string  `json:"name"`
	RemainMinutes int     `json:"remainMinutes"` // below zero
	OwedMinutes   int     `json:"owedMinutes"`
	Amount        int     `json:"amount"` // TWD, rules.OverdueAmount
	EndsOn        *string `json:"endsOn" tstype:"string | null,required"`
}

// OverdueCards lists member userID's counting passcards of the brand that
// owe minutes, with their amount by the charging setting (none owed: an
// empty list; owing without a setting: not found).
func (db *DB) OverdueCards(ctx context.Context, brandID string, userID, cardID int64) ([]OverdueCard, error) {
	cards, err := queryList(ctx, db, func(r pgx.Row, c *OverdueCard) error {
		return r.Scan(&c.ID, &c.Name, &c.RemainMinutes, &c.EndsOn)
	}, `select id, name, remain_minutes, to_char(ends_on, 'YYYY-MM-DD') from member_counting_passcards
		 where brand_id = $1 and user_id = $2 and remain_minutes < 0 and ($3 = 0 or id = $3)
		 order by purchased_at desc, id desc limit $4`, brandID, userID, cardID, holdingsLimit)
	if err != nil || len(cards) == 0 {
		return cards, err
	}
	set, err := db.ChargingSetting(ctx, brandID)
	if err != nil {
		return nil, err
	}
	for i := range cards {
		cards[i].OwedMinutes = -cards[i].RemainMinutes
		cards[i].Amount = rules.OverdueAmount(cards[i].OwedMinutes, set.UnitMinutes, set.UnitPrice)
	}
	return cards, nil
}

// OverdueCard is one card of member userID that owes minutes; a card that
// owes nothing is storefront.CodeNothingOwed, another member's or unknown not found.
func (db *DB) OverdueCard(ctx context.Context, brandID string, userID, cardID int64) (*OverdueCard, error) {
	var owner int64
	var remain int
	err := db.Pool.QueryRow(ctx, `select user_id, remain_minutes from member_counting_passcards where brand_id = $1 and id = $2`,
		brandID, cardID).Scan(&owner, &remain)
	if errors.Is(err, pgx.ErrNoRows) || err == nil && owner != userID {
		return nil, errCardNotFound
	} else if err != nil {
		return nil, dbErr(err)
	}
	if remain >= 0 {
		return nil, &storefront.Error{Kind: storefront.KindConflict, Code: storefront.CodeNothingOwed}
	}
	l, err := db.OverdueCards(ctx, brandID, userID, cardID)
	if err != nil {
		return nil, err
	}
	return &l[0], nil
}

var errCardNotFound = &storefront.Error{Kind: storefront.KindNotFound, Code: storefront.CodeNotFound, Message: storefront.TextCountingCardNotFound}

// CountingUse is one line of a counting passcard's history: minutes used
// (negative: a booking or a visit) or added back (positive: a settled
// debt), the amount paid, what it was, and the card's name.
type CountingUse struct {
	At      time.Time `json:"at"`
	Minutes int       `json:"minutes"`
	Amount  int       `json:"amount"`
	Note    string    `json:"note"`
	Card    string    `json:"card"`
}

// CountingHistory lists card cardID's use, newest first (member userID's
// card only: another's or unknown is not found): its recorded use and
// settlements, and the bookings it paid.
func (db *DB) CountingHistory(ctx context.Context, brandID string, userID, cardID int64) ([]CountingUse, error) {
	var owner int64
	err := db.Pool.QueryRow(ctx, `select user_id from member_counting_passcards where brand_id = $1 and id = $2`, brandID, cardID).Scan(&owner)
	if errors.Is(err, pgx.ErrNoRows) || err == nil && owner != userID {
		return nil, errCardNotFound
	} else if err != nil {
		return nil, dbErr(err)
	}
	return db.countingUses(ctx, `m.id = $1`, cardID)
}

// MemberCountingUse lists the use of all member userID's counting
// passcards of the brand, newest first: the timing card's point records.
func (db *DB) MemberCountingUse(ctx context.Context, brandID string, userID int64) ([]CountingUse, error) {
	return db.countingUses(ctx, `m.brand_id = $1 and m.user_id = $4`, brandID, userID)
}

// countingUses lists the use of the cards m that cards ($1, and $4 if
// given) selects, newest first: recorded use and settlements, and the
// bookings they paid.
func (db *DB) countingUses(ctx context.Context, cards string, args ...any) ([]CountingUse, error) {
	args = append([]any{args[0], holdingsLimit, storefront.TextCountingBooking}, args[1:]...)
	return queryList(ctx, db, func(r pgx.Row, u *CountingUse) error {
		return r.Scan(&u.At, &u.Minutes, &u.Amount, &u.Note, &u.Card)
	}, `with m as (select id, name from member_counting_passcards m where `+cards+`)
		select h.at, h.minutes, h.amount, h.note, m.name from (
			select counting_passcard_id card, at, minutes, amount, note from counting_usage
			 where counting_passcard_id in (select id from m)
			union all
			select b.counting_passcard_id, b.starts_at, -b.consumed, 0, $3::text || c.name from bookings b
			  join course_schedules s on s.id = b.schedule_id join courses c on c.id = s.course_id
			 where b.counting_passcard_id in (select id from m) and b.status <> 'cancelled' and b.consumed > 0) h
		  join m on m.id = h.card
		order by h.at desc limit $2`, args...)
}

// insertOverdueLine writes order orderID's line paying what card
// l.CountingPasscardID owes: the card (locked) must be the order's
// member's and below zero; the amount comes from the charging setting,
// and one other than the page showed is storefront.CodePriceChanged.
func insertOverdueLine(ctx context.Context, tx pgx.Tx, brandID string, orderID int64, l NewOrderLine) error {
	var name string
	var remain int
	err := tx.QueryRow(ctx, `select m.name, m.remain_minutes from member_counting_passcards m join orders o on o.user_id = m.user_id
		 where o.id = $1 and m.brand_id = $2 and m.id = $3 for update of m`, orderID, brandID, l.CountingPasscardID).Scan(&name, &remain)
	if errors.Is(err, pgx.ErrNoRows) {
		return errCardNotFound
	} else if err != nil {
		return err
	}
	if remain >= 0 {
		return &storefront.Error{Kind: storefront.KindConflict, Code: storefront.CodeNothingOwed}
	}
	set, err := chargingSetting(ctx, tx, brandID)
	if err != nil {
		return err
	}
	amount := rules.OverdueAmount(-remain, set.UnitMinutes, set.UnitPrice)
	if amount != l.ShownPrice {
		return &storefront.Error{Kind: storefront.KindConflict, Code: storefront.CodePriceChanged, Message: PriceChangedMessage(amount)}
	}
	_, err = tx.Exec(ctx, `insert into order_lines (order_id, counting_passcard_id, overdue_minutes, name, unit_price, quantity, store_id)
		values ($1, $2, $3, $4, $5, 1, nullif($6, 0))`, orderID, l.CountingPasscardID, -remain, storefront.TextOverduePrefix+name, amount, l.StoreID)
	return err
}

// settleOverdue adds the minutes paid order o's line l owed back to its
// card (never above the card's total), makes the card available again
// once it owes nothing (a card in debt gives no minutes until the debt is
// paid), and records it in the card's history, once per order
// (counting_usage_order).
func settleOverdue(ctx context.Context, tx pgx.Tx, o *Order, l *OrderLine, at time.Time) error {
	if l.overdueMinutes == nil {
		return nil
	}
	if _, err := tx.Exec(ctx, `update member_counting_passcards set remain_minutes = least(total_minutes, remain_minutes + $2),
			available = available or remain_minutes + $2 >= 0 where id = $1`,
		*l.countingPasscardID, *l.overdueMinutes); err != nil {
		return err
	}
	_, err := tx.Exec(ctx, `insert into counting_usage (counting_passcard_id, at, minutes, amount, note, order_id)
		values ($1, $2, $3, $4, $6, $5)`, *l.countingPasscardID, at, *l.overdueMinutes, l.UnitPrice*l.Quantity, o.ID, storefront.TextOverdueSettled)
	return err
}
