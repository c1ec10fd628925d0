package data

import (
	"context"
	"errors"
	"storefront"
	"time"

	"github.com/jackc/pgx/v5"

	"storefront/rules"
)

// Plan sharing (module PLAN_SHARING): a member gives points of a point
// ticket they hold to another member of the brand (migration 012:
// point_shares). The flow is members.SharePoints; the rules are
// rules.CheckShare's.

// PointShare is one share as its sender or receiver sees it.
type PointShare struct {
	ID        int64     `json:"id"`
	Name      string    `json:"name"`   // the ticket's
	Points    int       `json:"points"` // points given
	Direction string    `json:"direction" tstype:"'sent' | 'received'"`
	Other     string    `json:"other"` // the other member's name, masked
	CreatedAt time.Time `json:"createdAt"`
}

// ShareableTickets lists the member's point tickets with points left and
// not ended by today, the one ending first first.
func (db *DB) ShareableTickets(ctx context.Context, userID int64, today string) ([]MemberTicket, error) {
	out, err := queryList(ctx, db, func(r pgx.Row, t *MemberTicket) error {
		err := r.Scan(&t.ID, &t.Name, &t.TicketType, &t.Total, &t.Remain, &t.ActivationType, &t.StartsOn, &t.EndsOn)
		t.Status = holdingState(t.StartsOn, t.EndsOn, today)
		return err
	}, `
		select id, name, ticket_type, total, remain, activation_type, to_char(starts_on, 'YYYY-MM-DD'), to_char(ends_on, 'YYYY-MM-DD')
		  from member_tickets
		 where user_id = $1 and remain > 0 and (ends_on is null or ends_on >= $2::date) and ticket_type = any($3)
		 order by ends_on nulls last, id limit $4`,
		userID, today, rules.ShareableTicketTypes, holdingsLimit)
	for i := range out {
		out[i].TicketKind = 1
	}
	return out, err
}

// PointShares lists the member's shares, sent and received, newest first;
// the other member's name comes as it is (the caller masks it).
func (db *DB) PointShares(ctx context.Context, userID int64) ([]PointShare, error) {
	return queryList(ctx, db, func(r pgx.Row, s *PointShare) error {
		return r.Scan(&s.ID, &s.Name, &s.Points, &s.Direction, &s.Other, &s.CreatedAt)
	}, `
		select s.id, s.name, s.points, case when s.from_user = $1 then 'sent' else 'received' end, u.name, s.created_at
		  from point_shares s join users u on u.id = case when s.from_user = $1 then s.to_user else s.from_user end
		 where s.from_user = $1 or s.to_user = $1
		 order by s.created_at desc, s.id desc limit $2`,
		userID, holdingsLimit)
}

// ShareResult is what a share did: the share and the sender's points left
// on the ticket.
type ShareResult struct {
	ShareID int64 `json:"shareId"`
	Remain  int   `json:"remain"`
	Points  int   `json:"points"`
}

// LockShareTicket locks the member's ticket id of the brand, the one a
// share takes from, and returns it as rules.CheckShare reads it (its type,
// points left and last day); a missing one, or another's, is not found.
func (t *Tx) LockShareTicket(brandID string, userID, id int64) (rules.Share, error) {
	var s rules.Share
	var ends *string
	err := t.tx.QueryRow(t.ctx, `select ticket_type, remain, to_char(ends_on, 'YYYY-MM-DD') from member_tickets
		where id = $1 and user_id = $2 and brand_id = $3 for update`, id, userID, brandID).Scan(&s.TicketType, &s.Remain, &ends)
	if errors.Is(err, pgx.ErrNoRows) {
		return s, &storefront.Error{Kind: storefront.KindNotFound, Code: storefront.CodeNotFound, Message: storefront.TextNoShareableTicket}
	}
	s.Ends = dayOf(ends)
	return s, dbErr(err)
}

// GivePoints takes points from the sender's ticket (locked by
// LockShareTicket) and gives the receiver a ticket of the same name, type,
// start and end holding them, recording the share; it returns the share's
// id.
func (t *Tx) GivePoints(brandID string, fromUser, ticketID, toUser int64, points int, now time.Time) (int64, error) {
	var id int64
	err := t.tx.QueryRow(t.ctx, `
		with took as (
		  update member_tickets set remain = remain - $3 where id = $1 and remain >= $3
		  returning brand_id, item_id, name, ticket_type, activation_type, starts_on, ends_on, validity_value, validity_unit),
		gave as (
		  insert into member_tickets (brand_id, user_id, item_id, name, ticket_type, total, remain, activation_type,
		                              starts_on, ends_on, validity_value, validity_unit, purchased_at)
		  select brand_id, $2, item_id, name, ticket_type, $3, $3, activation_type, starts_on, ends_on,
		         validity_value, validity_unit, $5 from took
		  returning id, name)
		insert into point_shares (brand_id, from_user, to_user, from_ticket, to_ticket, name, points, created_at)
		select $4, $6, $2, $1, gave.id, gave.name, $3, $5 from gave
		returning id`, ticketID, toUser, points, brandID, now, fromUser).Scan(&id)
	return id, dbErr(err)
}
