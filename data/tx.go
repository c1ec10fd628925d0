package data

import (
	"context"

	"github.com/jackc/pgx/v5"
)

// Tx is one use case's transaction, the only way a flow (booking,
// checkout, econtract, members) changes rows: the flow opens it with InTx,
// asks rules/ between its reads and writes, and Tx's methods apply what the
// rule decided. The booking use cases (book, cancel and promote, check in,
// join or leave a waiting list, enter at the door) lock rows as follows. Every use case takes its locks in this one order, skipping the
// steps it does not need but never going back to an earlier one, so that
// two use cases never wait on each other crosswise (no deadlock):
//
//  1. the member's idempotency key (Claim);
//  2. the sessions it changes, by id (LockSessions), with their waiting
//     lists (Waiters);
//  3. the members whose bookings or entitlements it reads and changes, by
//     id (LockMembers): one use case at a time per member, so the
//     time-conflict check (Standing) sees every booking of the member;
//  4. the booking it changes (LockBooking);
//  5. the entitlements it spends (the guarded update of Record, or a
//     lock).
//
// Promotion from a waiting list thus locks the session, then the waiting
// members, as a booking of one of them does. The seat counter's check
// constraint is the last guard against oversell.
type Tx struct {
	ctx context.Context
	tx  pgx.Tx
}

// InTx runs fn in one transaction (see Tx).
func (db *DB) InTx(ctx context.Context, fn func(t *Tx) error) error {
	return db.inTx(ctx, func(tx pgx.Tx) error { return fn(&Tx{ctx: ctx, tx: tx}) })
}
