package data

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5"
)

// (Not in holdings.go: the host's contract test makes TypeScript of that
// file's types, and this one never leaves the host.)

// MemberCentre is what the member centre shows of its member: the usable
// holdings, the orders awaiting payment and the first MemberOrdersShown
// of the order history (More: older ones follow).
type MemberCentre struct {
	Summary MemberSummary
	Pending []PendingOrder
	Orders  []MemberOrder
	More    bool
}

// MemberCentre reads member userID's centre at now (today is now's date
// in Taiwan): its three reads in one round trip, as PendingOrders and
// MemberOrders read them.
func (db *DB) MemberCentre(ctx context.Context, userID int64, now time.Time, today string) (*MemberCentre, error) {
	c := &MemberCentre{}
	b := &pgx.Batch{}
	b.Queue(memberSummarySQL, userID, now, today).QueryRow(func(r pgx.Row) error { return scanMemberSummary(r, &c.Summary) })
	b.Queue(pendingOrdersSQL, userID, now).Query(func(rows pgx.Rows) (err error) {
		c.Pending, err = collectPendingOrders(rows)
		return err
	})
	b.Queue(memberOrdersSQL, userID, "", MemberOrdersShown+1).Query(func(rows pgx.Rows) (err error) {
		c.Orders, c.More, err = collectMemberOrders(rows, MemberOrdersShown)
		return err
	})
	if err := db.Pool.SendBatch(ctx, b).Close(); err != nil {
		return nil, dbErr(err)
	}
	return c, nil
}
