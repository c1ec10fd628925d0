package data

import (
	"context"

	"github.com/jackc/pgx/v5"

	"storefront/rules"
)

// What a member holds, as the member centre shows it. Dates are
// YYYY-MM-DD in Taiwan time; statuses are computed for the day given.

// holdingsLimit caps each list: a member centre page never loads more.
const holdingsLimit = 100

// MemberPasscard is a passcard the member bought.
type MemberPasscard struct {
	ID             int64   `json:"id"`
	Name           string  `json:"name"`
	ActivationType string  `json:"activationType"`
	StartsOn       *string `json:"startsOn" tstype:"string | null,required"`
	EndsOn         *string `json:"endsOn" tstype:"string | null,required"`
	// Status is active, notActive (waiting for its start) or expired.
	Status string `json:"status" tstype:"'active' | 'notActive' | 'expired'"`
	// RecurringOrderNo is the recurring (payment way '1') order that
	// pays it period by period (its card can be changed); PaymentFailed:
	// a period was declined and not paid since.
	RecurringOrderNo string `json:"recurringOrderNo,omitempty"`
	PaymentFailed    bool   `json:"paymentFailed,omitempty"`
}

// MemberTicket is a stored-value ticket or count card.
type MemberTicket struct {
	ID         int64  `json:"id"`
	Name       string `json:"name"`
	TicketType string `json:"ticketType"`
	TicketKind int    `json:"ticketKind"`
	Total      int    `json:"total"`
	Remain     int    `json:"remain"`
	// ActivationType is the start type it was sold with (spec section 4);
	// a BOOKING or ATTEND ticket has no StartsOn until its first use.
	ActivationType string  `json:"activationType"`
	StartsOn       *string `json:"startsOn" tstype:"string | null,required"`
	EndsOn         *string `json:"endsOn" tstype:"string | null,required"`
	// Status is active, notActive (waiting for its start) or expired.
	Status string `json:"status" tstype:"'active' | 'notActive' | 'expired'"`
}

// CountingPasscard is a counting (timing) passcard record with the field
// names of spec section 3.
type CountingPasscard struct {
	ID                 int64   `json:"id"`
	Name               string  `json:"name"`
	TotalMinutes       int     `json:"totalMinutes"`
	ActivatedOn        *string `json:"activatedOn" tstype:"string | null,required"`
	EndsOn             *string `json:"endsOn" tstype:"string | null,required"`
	rules.TimingRecord `tstype:",extends,required"`
}

// MemberSummary counts what a member holds that is usable today.
type MemberSummary struct {
	Passcards         int `json:"passcards"`
	Tickets           int `json:"tickets"`
	CountingPasscards int `json:"countingPasscards"`
	UpcomingBookings  int `json:"upcomingBookings"`
}

// MemberPasscards lists the member's passcards, newest first.
func (db *DB) MemberPasscards(ctx context.Context, userID int64, today string) ([]MemberPasscard, error) {
	return queryList(ctx, db, func(r pgx.Row, p *MemberPasscard) error {
		err := r.Scan(&p.ID, &p.Name, &p.ActivationType, &p.StartsOn, &p.EndsOn, &p.RecurringOrderNo, &p.PaymentFailed)
		p.Status = holdingState(p.StartsOn, p.EndsOn, today)
		return err
	}, `
		select id, name, activation_type, to_char(starts_on, 'YYYY-MM-DD'), to_char(ends_on, 'YYYY-MM-DD'),
		       coalesce((select o.number from orders o join recurring_plans r on r.order_id = o.id where o.id = p.order_id), ''),
		       p.payment_failed
		  from member_passcards p where user_id = $1 and revoked_at is null
		 order by purchased_at desc, id desc limit $2`,
		userID, holdingsLimit)
}

// MemberTickets lists the member's tickets, newest first.
func (db *DB) MemberTickets(ctx context.Context, userID int64, today string) ([]MemberTicket, error) {
	return queryList(ctx, db, func(r pgx.Row, t *MemberTicket) error {
		err := r.Scan(&t.ID, &t.Name, &t.TicketType, &t.Total, &t.Remain, &t.ActivationType, &t.StartsOn, &t.EndsOn)
		t.TicketKind = rules.TicketKind(t.TicketType)
		t.Status = holdingState(t.StartsOn, t.EndsOn, today)
		return err
	}, `
		select id, name, ticket_type, total, remain, activation_type, to_char(starts_on, 'YYYY-MM-DD'), to_char(ends_on, 'YYYY-MM-DD')
		  from member_tickets where user_id = $1 and revoked_at is null
		 order by purchased_at desc, id desc limit $2`,
		userID, holdingsLimit)
}

// MemberCountingPasscards lists the member's counting passcard records,
// newest first.
func (db *DB) MemberCountingPasscards(ctx context.Context, userID int64, today string) ([]CountingPasscard, error) {
	return queryList(ctx, db, func(r pgx.Row, c *CountingPasscard) error {
		return r.Scan(&c.ID, &c.Name, &c.TotalMinutes, &c.CountingPasscardRemainAmt, &c.ActivatedOn, &c.EndsOn,
			&c.ExpiredStatus, &c.ActiveStatus, &c.AvailableStatus)
	}, `
		select id, name, total_minutes, remain_minutes, to_char(activated_on, 'YYYY-MM-DD'), to_char(ends_on, 'YYYY-MM-DD'),
		       coalesce(ends_on < $2::date, false), activated_on is not null and activated_on <= $2::date, available
		  from member_counting_passcards where user_id = $1 and revoked_at is null
		 order by purchased_at desc, id desc limit $3`,
		userID, today, holdingsLimit)
}

// holdingState is rules.HoldingState of a holding's dates as the queries
// give them (YYYY-MM-DD; nil: none) on today.
func holdingState(starts, ends *string, today string) string {
	return rules.HoldingState(dayOf(starts), dayOf(ends), dayOf(&today))
}

// dayOf is a day as the queries give it (YYYY-MM-DD; nil: the zero day).
func dayOf(s *string) rules.TaipeiDay {
	var d rules.TaipeiDay
	if s != nil {
		d, _ = rules.ParseDay(*s)
	}
	return d
}

// memberSummarySQL counts member $1's usable holdings at $2 ($3: its
// date in Taiwan) into a MemberSummary (scanMemberSummary).
const memberSummarySQL = `select
		(select count(*) from member_passcards where user_id = $1 and revoked_at is null and (ends_on is null or ends_on >= $3::date)),
		(select count(*) from member_tickets where user_id = $1 and revoked_at is null and remain > 0 and (ends_on is null or ends_on >= $3::date)),
		(select count(*) from member_counting_passcards where user_id = $1 and revoked_at is null and remain_minutes > 0 and (ends_on is null or ends_on >= $3::date)),
		(select count(*) from bookings where user_id = $1 and status = 'booked' and starts_at >= $2)`

func scanMemberSummary(r pgx.Row, s *MemberSummary) error {
	return r.Scan(&s.Passcards, &s.Tickets, &s.CountingPasscards, &s.UpcomingBookings)
}
