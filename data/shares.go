package data

import (
	"context"
	"encoding/json"
	"errors"
	"storefront"
	"time"

	"github.com/jackc/pgx/v5"
)

// Plan sharing (issue 14, module PLAN_SHARING): a member gives points of
// a point ticket they hold to another member of the brand (migration 012:
// point_shares).

// shareableTypes are the ticket types whose points may be shared: the
// point kinds a member holds for themself (not a private coach's).
const shareableTypes = `('onlinePoint', 'point', 'couponPoint')`

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
		 where user_id = $1 and remain > 0 and (ends_on is null or ends_on >= $2::date) and ticket_type in `+shareableTypes+`
		 order by ends_on nulls last, id limit $3`,
		userID, today, holdingsLimit)
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

// ShareRequest is a share to make: points of the sender's ticket to
// another member of the same brand.
type ShareRequest struct {
	BrandID          string
	FromUser, ToUser int64
	TicketID         int64
	Points           int
	Key              string // the Idempotency-Key: a repeat answers the first answer
	Today            string
	Now              time.Time
}

// ShareResult is what a share did: the share and the sender's points left
// on the ticket.
type ShareResult struct {
	ShareID int64 `json:"shareId"`
	Remain  int   `json:"remain"`
	Points  int   `json:"points"`
}

// SharePoints makes the share in one transaction, once per key: it locks
// the sender's ticket, refuses more points than it holds
// (storefront.CodeNotEnoughPoints), takes them and gives the receiver a ticket of
// the same name, type, start and end holding them.
func (db *DB) SharePoints(ctx context.Context, r ShareRequest) (*ShareResult, error) {
	var res *ShareResult
	err := db.InTx(ctx, func(t *Tx) error {
		answer, claimed, err := t.Claim(r.FromUser, "share:"+r.Key)
		if err != nil || !claimed {
			if err == nil {
				res = &ShareResult{}
				err = json.Unmarshal(answer, res)
			}
			return err
		}
		if _, err := t.LockMembers(r.BrandID, []int64{r.FromUser}); err != nil {
			return err
		}
		var remain int
		err = t.tx.QueryRow(ctx, `select remain from member_tickets
			where id = $1 and user_id = $2 and brand_id = $3 and ticket_type in `+shareableTypes+`
			  and (ends_on is null or ends_on >= $4::date) for update`,
			r.TicketID, r.FromUser, r.BrandID, r.Today).Scan(&remain)
		if errors.Is(err, pgx.ErrNoRows) {
			return &storefront.Error{Kind: storefront.KindNotFound, Code: storefront.CodeNotFound, Message: "查無可分享的點數票券"}
		}
		if err != nil {
			return dbErr(err)
		}
		if r.Points > remain {
			return &storefront.Error{Kind: storefront.KindConflict, Code: storefront.CodeNotEnoughPoints}
		}
		res = &ShareResult{Remain: remain - r.Points, Points: r.Points}
		err = t.tx.QueryRow(ctx, `
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
			returning id`, r.TicketID, r.ToUser, r.Points, r.BrandID, r.Now, r.FromUser).Scan(&res.ShareID)
		if err != nil {
			return dbErr(err)
		}
		answer, _ = json.Marshal(res)
		return t.Finish(nil, r.FromUser, "share:"+r.Key, answer)
	})
	return res, err
}
