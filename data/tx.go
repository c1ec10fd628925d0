package data

import (
	"context"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"

	"storefront/rules"
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
//
// Writes whose answer the flow does not need (the outbox's jobs and
// mails, a waiting list's entry closed, a booking whose id was reserved,
// the idempotency key's answer) wait in the transaction and go to
// PostgreSQL with its next statement, in the same round trip where that
// one is a batch or an Exec, else just before it, and at the latest before
// the commit: every statement still sees them, and a booking holds its
// session's lock for fewer round trips. One that fails loses the
// transaction: every later statement and InTx return its error.
type Tx struct {
	ctx context.Context
	tx  *pipe
	// read ahead by LockForBooking for the reminders and notices queued
	// after it
	reminders map[string]rules.Reminder // by brand
	channels  map[channelKey]channel    // by brand, member and kind
}

// InTx runs fn in one transaction (see Tx): committed when fn returns
// nil, rolled back otherwise. The transaction begins with fn's first
// statement, in the same round trip when that is a batch or an Exec.
func (db *DB) InTx(ctx context.Context, fn func(t *Tx) error) error {
	p := &pipe{pool: db.Pool}
	defer p.rollback(ctx) // after the commit: nothing
	if err := fn(&Tx{ctx: ctx, tx: p}); err != nil {
		return dbErr(err)
	}
	return dbErr(p.commit(ctx))
}

// later is a write waiting in the transaction; check, when set, turns its
// outcome into the flow's error (a guard that must change a row).
type later struct {
	sql   string
	args  []any
	check func(pgconn.CommandTag, error) error
}

// pipe is the transaction under Tx: it sends the waiting writes ahead of
// any statement.
type pipe struct {
	pgx.Tx // nil until the first statement
	pool   *pgxpool.Pool
	later  []later
	err    error // a waiting write's failure: the transaction is lost
}

// begin begins the transaction unless it has begun.
func (p *pipe) begin(ctx context.Context) error {
	if p.Tx == nil && p.err == nil {
		p.Tx, p.err = p.pool.Begin(ctx)
	}
	return p.err
}

func (p *pipe) commit(ctx context.Context) error {
	if err := p.flush(ctx); err != nil || p.Tx == nil {
		return err
	}
	return p.Tx.Commit(ctx)
}

func (p *pipe) rollback(ctx context.Context) {
	if p.Tx != nil {
		p.Tx.Rollback(ctx)
	}
}

// queue queues a write (see Tx).
func (t *Tx) queue(check func(pgconn.CommandTag, error) error, sql string, args ...any) {
	t.tx.later = append(t.tx.later, later{sql: sql, args: args, check: check})
}

// deferBatch queues b's statements, none checked.
func (t *Tx) deferBatch(b *pgx.Batch) {
	for _, q := range b.QueuedQueries {
		t.queue(nil, q.SQL, q.Arguments...)
	}
}

// send sends the waiting writes followed by b's statements in one round
// trip, reads the writes' outcomes and returns b's results.
func (p *pipe) send(ctx context.Context, b *pgx.Batch) pgx.BatchResults {
	if p.err != nil {
		return pgx.FailedBatchResults(b, p.err)
	}
	if len(p.later) == 0 && p.Tx != nil {
		return p.Tx.SendBatch(ctx, b)
	}
	ls := p.later
	p.later = nil
	all := &pgx.Batch{}
	if p.Tx == nil {
		all.BeginTx(pgx.TxOptions{})
		ls = append([]later{{}}, ls...) // the begin's result first
	}
	for _, l := range ls[len(all.QueuedQueries):] {
		all.Queue(l.sql, l.args...)
	}
	all.QueuedQueries = append(all.QueuedQueries, b.QueuedQueries...)
	var br pgx.BatchResults
	if p.Tx == nil {
		br = p.pool.SendBatch(ctx, all)
		p.Tx = br.Tx()
	} else {
		br = p.Tx.SendBatch(ctx, all)
	}
	for _, l := range ls {
		tag, err := br.Exec()
		if l.check != nil {
			err = l.check(tag, err)
		}
		if err != nil {
			br.Close()
			p.err = dbErr(err)
			return pgx.FailedBatchResults(b, p.err)
		}
	}
	return br
}

// ready makes the transaction ready for a statement of its own: begun,
// the waiting writes sent.
func (p *pipe) ready(ctx context.Context) error {
	if err := p.flush(ctx); err != nil {
		return err
	}
	return p.begin(ctx)
}

// flush sends the waiting writes.
func (p *pipe) flush(ctx context.Context) error {
	if p.err != nil || len(p.later) == 0 {
		return p.err
	}
	return p.send(ctx, &pgx.Batch{}).Close()
}

func (p *pipe) SendBatch(ctx context.Context, b *pgx.Batch) pgx.BatchResults { return p.send(ctx, b) }

func (p *pipe) Exec(ctx context.Context, sql string, args ...any) (pgconn.CommandTag, error) {
	if len(p.later) == 0 && p.err == nil && p.Tx != nil {
		return p.Tx.Exec(ctx, sql, args...)
	}
	b := &pgx.Batch{}
	b.Queue(sql, args...)
	br := p.send(ctx, b)
	tag, err := br.Exec()
	if cerr := br.Close(); err == nil {
		err = cerr
	}
	return tag, err
}

func (p *pipe) Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error) {
	if err := p.ready(ctx); err != nil {
		return nil, err
	}
	return p.Tx.Query(ctx, sql, args...)
}

func (p *pipe) QueryRow(ctx context.Context, sql string, args ...any) pgx.Row {
	if err := p.ready(ctx); err != nil {
		return errRow{err}
	}
	return p.Tx.QueryRow(ctx, sql, args...)
}

func (p *pipe) Begin(ctx context.Context) (pgx.Tx, error) {
	if err := p.ready(ctx); err != nil {
		return nil, err
	}
	return p.Tx.Begin(ctx)
}

func (p *pipe) CopyFrom(ctx context.Context, table pgx.Identifier, cols []string, src pgx.CopyFromSource) (int64, error) {
	if err := p.ready(ctx); err != nil {
		return 0, err
	}
	return p.Tx.CopyFrom(ctx, table, cols, src)
}

type errRow struct{ err error }

func (r errRow) Scan(...any) error { return r.err }
