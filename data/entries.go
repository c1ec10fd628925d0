package data

import (
	"errors"
	"storefront"
	"time"

	"github.com/jackc/pgx/v5"

	"storefront/rules"
)

// Entries at the studio's door: the scanner reads a member's
// holding QR and takes one visit of a count card, or opens or closes a
// visit on the timing card (migration 012: timing_visits). Package
// booking runs the rules inside one Tx; a token read twice answers
// the first answer (Tx.Claim).

// LockCountTicket locks one of the member's count-kind tickets (a
// quantity passcard) of the brand as an entitlement; not found when it is
// not theirs, not a count ticket, or ended before today.
func (t *Tx) LockCountTicket(brandID string, userID, id int64, today string) (*Held, error) {
	h := &Held{}
	err := scanHeld(t.tx.QueryRow(t.ctx, heldSelect(rules.KindTicket)+` and x.id = $4 and x.brand_id = $5
		and x.ticket_type in ('count', 'couponCount', 'privateCount', 'privateCouponCount') for update`,
		userID, int64(0), today, id, brandID), h)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, &storefront.Error{Kind: storefront.KindNotFound, Code: storefront.CodeNotFound, Message: storefront.TextPassNotFound}
	}
	return h, dbErr(err)
}

// UseVisit takes one visit from a count ticket (guarded: only while it
// has one) and, when p is active, starts its period (an ATTEND ticket's
// first entry).
func (t *Tx) UseVisit(h *Held, p rules.Period) error {
	b := &pgx.Batch{}
	if p.Active {
		queuePeriod(b, h.Kind, h.ID, p, &h.StartsOn)
	}
	queueSpend(b, h, 1, true)
	var left int
	b.Queue(`select remain from member_tickets where id = $1`, h.ID)
	if err := sendBatch(t.ctx, t.tx, b, &left); err != nil {
		return err
	}
	if left != h.Remain-1 {
		return ErrHoldingChanged
	}
	return nil
}

// TimingVisit is a visit on the timing card.
type TimingVisit struct {
	ID        int64      `json:"id"`
	StartedAt time.Time  `json:"startedAt"`
	EndedAt   *time.Time `json:"endedAt" tstype:"string | null,required"`
	Minutes   int        `json:"minutes"` // its length, rounded up (0 while open)
	Charged   int        `json:"charged"` // taken from the timing cards
	Overdue   int        `json:"overdue"` // not covered by them
}

// OpenVisit locks the member's open visit (nil: none).
func (t *Tx) OpenVisit(userID int64) (*TimingVisit, error) {
	v := &TimingVisit{}
	err := t.tx.QueryRow(t.ctx, `select id, started_at from timing_visits where user_id = $1 and ended_at is null for update`,
		userID).Scan(&v.ID, &v.StartedAt)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, nil
	}
	return v, dbErr(err)
}

// LockTimingCards locks the member's timing cards not ended by today and
// not suspended, the one ending first first (no end last), then oldest.
func (t *Tx) LockTimingCards(userID int64, today string) ([]Held, error) {
	rows, err := t.tx.Query(t.ctx, heldSelect(rules.KindTiming)+` and x.available
		order by x.ends_on nulls last, x.id for update`, userID, int64(0), today)
	if err != nil {
		return nil, dbErr(err)
	}
	defer rows.Close()
	var out []Held
	for rows.Next() {
		var h Held
		if err := scanHeld(rows, &h); err != nil {
			return nil, dbErr(err)
		}
		out = append(out, h)
	}
	return out, dbErr(rows.Err())
}

// StartVisit opens a visit at now and activates the timing card activate
// (0: none) from today.
func (t *Tx) StartVisit(brandID string, userID int64, now time.Time, activate int64, today string) (*TimingVisit, error) {
	if activate != 0 {
		if _, err := t.tx.Exec(t.ctx, `update member_counting_passcards set activated_on = $2::date where id = $1 and activated_on is null`,
			activate, today); err != nil {
			return nil, dbErr(err)
		}
	}
	v := &TimingVisit{StartedAt: now}
	err := t.tx.QueryRow(t.ctx, `insert into timing_visits (brand_id, user_id, started_at) values ($1, $2, $3) returning id`,
		brandID, userID, now).Scan(&v.ID)
	return v, dbErr(err)
}

// EndVisit closes the visit at now: take[i] minutes from cards[i], the
// rest of minutes overdue.
func (t *Tx) EndVisit(v *TimingVisit, now time.Time, minutes int, cards []Held, take []int, overdue int) error {
	b := &pgx.Batch{}
	for i := range cards {
		queueSpend(b, &cards[i], take[i], true)
	}
	v.EndedAt, v.Minutes, v.Charged, v.Overdue = &now, minutes, minutes-overdue, overdue
	b.Queue(`update timing_visits set ended_at = $2, minutes = $3, charged = $4, overdue = $5 where id = $1`,
		v.ID, now, minutes, v.Charged, overdue)
	return sendBatch(t.ctx, t.tx, b)
}
