package data

import (
	"context"
	"errors"
	"time"

	"github.com/jackc/pgx/v5"

	"storefront"
	"storefront/rules"
)

// Freeze states (migration 027).
const (
	FreezeRequested = "requested"
	FreezeApproved  = "approved"
	FreezeRejected  = "rejected"
	FreezeEnded     = "ended"
)

// The outbox jobs of an approved freeze (payload: FreezeJob; key: the
// freeze's id): the decision's mail (due at once), the member's recurring
// plans suspended at NewebPay (due on the freeze's first day) and
// restarted (due the day after its last, which also ends the freeze).
const (
	JobFreezeDecided = "freeze-decided"
	JobFreezeStart   = "freeze-start"
	JobFreezeEnd     = "freeze-end"
)

// FreezeJob is the payload of the freeze jobs.
type FreezeJob struct {
	FreezeID int64    `json:"freezeId"`
	BrandID  string   `json:"brandId"`
	Plans    []string `json:"plans,omitempty"` // the recurring orders to suspend and restart
	// EndedEarly: a JobFreezeDecided job mailing that the operator ended
	// the freeze early (its last day now the freeze's end).
	EndedEarly bool `json:"endedEarly,omitempty"`
}

// Freeze is a member's freeze request and its decision.
type Freeze struct {
	ID          int64
	BrandID     string
	UserID      int64
	Reason      string
	Evidence    string
	Start, End  string // YYYY-MM-DD, both frozen
	State       string
	DecidedAt   *time.Time
	DecidedNote string
	CreatedAt   time.Time
	// Email and Name are the member's (the operator's list).
	Email, Name string
	// PlanFailing is, in the operator's list, the last error of the
	// freeze's suspension or restart of the plans at NewebPay while the
	// outbox retries it ("" none failing).
	PlanFailing string
}

const freezeCols = `f.id, f.brand_id, f.user_id, f.reason, f.evidence, to_char(f.starts_on, 'YYYY-MM-DD'),
	to_char(f.ends_on, 'YYYY-MM-DD'), f.state, f.decided_at, f.decided_note, f.created_at, u.email, u.name,
	coalesce((select j.kind || ' (' || j.attempts || ' attempts' || case when j.dead_at is not null then ', dead' else '' end || '): ' || j.last_error
		from jobs j where j.kind in ('` + JobFreezeStart + `', '` + JobFreezeEnd + `') and j.key = f.id::text and j.done_at is null
		and j.last_error is not null order by j.kind limit 1), '')`

func scanFreezes(rows pgx.Rows, err error) ([]Freeze, error) {
	if err != nil {
		return nil, dbErr(err)
	}
	list, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (Freeze, error) {
		var f Freeze
		err := r.Scan(&f.ID, &f.BrandID, &f.UserID, &f.Reason, &f.Evidence, &f.Start, &f.End, &f.State,
			&f.DecidedAt, &f.DecidedNote, &f.CreatedAt, &f.Email, &f.Name, &f.PlanFailing)
		return f, err
	})
	return list, dbErr(err)
}

// FreezeCaps are brand's caps on freezes (brand.json "freeze").
func (t *Tx) FreezeCaps(brandID string) (rules.FreezeCaps, error) {
	var c rules.FreezeCaps
	err := t.tx.QueryRow(t.ctx, `select freeze_abroad_months, freeze_voluntary_min_days, freeze_voluntary_max_days,
		freeze_voluntary_per_year from brands where id = $1`, brandID).
		Scan(&c.AbroadMonths, &c.VoluntaryMinDays, &c.VoluntaryMaxDays, &c.VoluntaryPerYear)
	return c, dbErr(err)
}

// LockFreezesOf locks member userID of brandID for a freeze request (two
// requests of the member never pass the overlap check together) and
// tells whether one of their requested or approved freezes overlaps start
// to end, and how many voluntary freezes (not rejected) they have in year.
func (t *Tx) LockFreezesOf(brandID string, userID int64, start, end string, year int) (overlaps bool, voluntary int, err error) {
	err = t.tx.QueryRow(t.ctx, `select
			exists (select 1 from freezes where user_id = u.id and state in ('requested', 'approved')
				and starts_on <= $4::date and ends_on >= $3::date),
			(select count(*) from freezes where user_id = u.id and reason = 'voluntary' and state <> 'rejected'
				and extract(year from starts_on) = $5)
		from users u where u.brand_id = $1 and u.id = $2 and u.deleted_at is null for update`,
		brandID, userID, start, end, year).Scan(&overlaps, &voluntary)
	if errors.Is(err, pgx.ErrNoRows) {
		return false, 0, codeErr(storefront.KindNotFound, storefront.CodeMemberNotFound)
	}
	return overlaps, voluntary, dbErr(err)
}

// AddFreeze records freeze request f (requested) at now and returns its id.
func (t *Tx) AddFreeze(f Freeze, now time.Time) (int64, error) {
	var id int64
	err := t.tx.QueryRow(t.ctx, `insert into freezes (brand_id, user_id, reason, evidence, starts_on, ends_on, created_at)
		values ($1, $2, $3, $4, $5::date, $6::date, $7) returning id`,
		f.BrandID, f.UserID, f.Reason, f.Evidence, f.Start, f.End, now).Scan(&id)
	return id, dbErr(err)
}

// LockFreeze loads freeze id of brandID ("": of any brand, the
// operators' command) for its decision.
func (t *Tx) LockFreeze(brandID string, id int64) (*Freeze, error) {
	list, err := scanFreezes(t.tx.Query(t.ctx, `select `+freezeCols+` from freezes f join users u on u.id = f.user_id
		where f.id = $1 and ($2 = '' or f.brand_id = $2) for update of f`, id, brandID))
	if err != nil {
		return nil, err
	}
	if len(list) == 0 {
		return nil, codeErr(storefront.KindNotFound, storefront.CodeFreezeNotFound)
	}
	return &list[0], nil
}

// SetFreezeState moves freeze id to state (a decision: at and note).
func (t *Tx) SetFreezeState(id int64, state, note string, at time.Time) error {
	_, err := t.tx.Exec(t.ctx, `update freezes set state = $2,
			decided_at = coalesce(decided_at, $4), decided_note = case when state = 'requested' then $3 else decided_note end
		where id = $1`, id, state, note, at)
	return dbErr(err)
}

// freezeHoldings are the holding tables a freeze moves, by their kind in
// freeze_holdings, with the column of their start.
var freezeHoldings = []struct{ kind, table, start string }{
	{"passcard", "member_passcards", "starts_on"},
	{"ticket", "member_tickets", "starts_on"},
	{"counting", "member_counting_passcards", "activated_on"},
}

// ShiftHoldings moves by days the end of every holding of member userID
// still valid on freeze freezeID's first day start (and started by its
// last day end, or not started): what the freeze suspends. Each holding
// moved is recorded with the freeze (freeze_holdings), for an early end.
func (t *Tx) ShiftHoldings(freezeID, userID int64, start, end string, days int) error {
	for _, h := range freezeHoldings {
		if _, err := t.tx.Exec(t.ctx, `with moved as (update `+h.table+` set ends_on = ends_on + $4::int
				where user_id = $1 and ends_on >= $2::date and (`+h.start+` is null or `+h.start+` <= $3::date) returning id)
			insert into freeze_holdings (freeze_id, kind, holding_id) select $5, $6, id from moved on conflict do nothing`,
			userID, start, end, days, freezeID, h.kind); err != nil {
			return dbErr(err)
		}
	}
	return nil
}

// UnshiftHoldings moves back by days the end of the holdings freeze
// freezeID moved (ShiftHoldings): the days an early end does not freeze.
func (t *Tx) UnshiftHoldings(freezeID int64, days int) error {
	for _, h := range freezeHoldings {
		if _, err := t.tx.Exec(t.ctx, `update `+h.table+` set ends_on = ends_on - $2::int
			where id in (select holding_id from freeze_holdings where freeze_id = $1 and kind = $3)`, freezeID, days, h.kind); err != nil {
			return dbErr(err)
		}
	}
	return nil
}

// SetFreezeEnd moves approved freeze id's last day to end (YYYY-MM-DD).
func (t *Tx) SetFreezeEnd(id int64, end string) error {
	_, err := t.tx.Exec(t.ctx, `update freezes set ends_on = $2::date where id = $1`, id, end)
	return dbErr(err)
}

// MoveJob makes job (kind, key), not done nor dead, due at at (at once
// when at has passed), whatever its attempts; false when there is no such
// job.
func (t *Tx) MoveJob(kind, key string, at time.Time) (bool, error) {
	tag, err := t.tx.Exec(t.ctx, `update jobs set next_at = $3 where kind = $1 and key = $2
		and done_at is null and dead_at is null`, kind, key, at)
	return tag.RowsAffected() == 1, dbErr(err)
}

// ActivePlans are the numbers of member userID's paid recurring orders
// with an active mandate at NewebPay.
func (t *Tx) ActivePlans(userID int64) ([]string, error) {
	rows, err := t.tx.Query(t.ctx, `select o.number from orders o where o.user_id = $1 and o.pay_way = $2 and o.state = 'paid'
		and exists (select 1 from recurring_mandates m where m.order_id = o.id and m.state = 'active') order by o.id`,
		userID, PayWayRecurring)
	if err != nil {
		return nil, dbErr(err)
	}
	list, err := pgx.CollectRows(rows, pgx.RowTo[string])
	return list, dbErr(err)
}

// QueueJobAt is QueueJob due at at (the host's clock; at once when at has
// passed) rather than at once.
func (t *Tx) QueueJobAt(kind, key string, payload any, at time.Time) error {
	if err := t.QueueJob(kind, key, payload); err != nil {
		return err
	}
	t.queue(nil, `update jobs set next_at = $3 where kind = $1 and key = $2 and attempts = 0 and done_at is null`,
		kind, key, at)
	return nil
}

// Frozen tells whether member userID has an approved freeze on day
// (YYYY-MM-DD).
func (t *Tx) Frozen(userID int64, day string) (bool, error) {
	until, err := t.FrozenUntil(userID, day)
	return until != "", err
}

// FrozenUntil is the last day (YYYY-MM-DD) of member userID's approved
// freeze over day, "" when none.
func (t *Tx) FrozenUntil(userID int64, day string) (string, error) {
	var until string
	err := t.tx.QueryRow(t.ctx, frozenUntilSQL, userID, day).Scan(&until)
	return until, dbErr(err)
}

// frozenUntilSQL is the last day of member $1's approved freeze over day
// $2, ” when none.
const frozenUntilSQL = `select coalesce(to_char(max(ends_on), 'YYYY-MM-DD'), '') from freezes
	where user_id = $1 and state = 'approved' and starts_on <= $2::date and ends_on >= $2::date`

// Freezes are member userID's freezes of brandID, latest first.
func (db *DB) Freezes(ctx context.Context, brandID string, userID int64) ([]Freeze, error) {
	return scanFreezes(db.Pool.Query(ctx, `select `+freezeCols+` from freezes f join users u on u.id = f.user_id
		where f.brand_id = $1 and f.user_id = $2 order by f.starts_on desc, f.id desc`, brandID, userID))
}

// BrandFreezes are brandID's freezes waiting for a decision, oldest first,
// then the decided ones not yet ended.
func (db *DB) BrandFreezes(ctx context.Context, brandID string) ([]Freeze, error) {
	return scanFreezes(db.Pool.Query(ctx, `select `+freezeCols+` from freezes f join users u on u.id = f.user_id
		where f.brand_id = $1 and f.state in ('requested', 'approved') order by f.state desc, f.created_at, f.id`, brandID))
}

// EndFreeze records approved freeze id of brandID ended (its plans
// restarted).
func (db *DB) EndFreeze(ctx context.Context, brandID string, id int64) error {
	_, err := db.Pool.Exec(ctx, `update freezes set state = 'ended' where id = $1 and brand_id = $2 and state = 'approved'`, id, brandID)
	return dbErr(err)
}
