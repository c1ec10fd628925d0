package data

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5"

	"storefront/rules"
)

// The late-cancel and no-show policy's side of the database (migration
// 029, rules/policy.go): the brand's suspension rule, a member's strikes
// (late cancels and no-shows), and the no-show worker's sweep.

// strikePolicy reads the brand's suspension rule (brand.json "suspension").
func strikePolicy(ctx context.Context, q querier, brandID string) (rules.StrikePolicy, error) {
	var p rules.StrikePolicy
	return p, scanStrikePolicy(q.QueryRow(ctx, strikePolicySQL, brandID), &p)
}

// strikePolicySQL reads brand $1's suspension rule.
const strikePolicySQL = `select suspension_strikes, suspension_within_days, suspension_days from brands where id = $1`

func scanStrikePolicy(r pgx.Row, p *rules.StrikePolicy) error {
	return dbErr(r.Scan(&p.Strikes, &p.WithinDays, &p.SuspendDays))
}

// strikesSQL reads member $1's strikes.
const strikesSQL = `select case when late_cancel then cancelled_at else ends_at end from bookings
	where user_id = $1 and (late_cancel or no_show_at is not null)`

// strikes reads the moments of the member's strikes: each late cancel's,
// each no-show's class end.
func strikes(ctx context.Context, q querier, userID int64) ([]time.Time, error) {
	rows, err := q.Query(ctx, strikesSQL, userID)
	if err != nil {
		return nil, dbErr(err)
	}
	at, err := pgx.CollectRows(rows, pgx.RowTo[time.Time])
	return at, dbErr(err)
}

// suspension is the member's suspension of online booking at now, if any.
func suspension(ctx context.Context, q querier, brandID string, userID int64, now time.Time) (rules.StrikePolicy, *rules.Suspension, error) {
	p, err := strikePolicy(ctx, q, brandID)
	if err != nil || !p.On() {
		return p, nil, err
	}
	at, err := strikes(ctx, q, userID)
	if err != nil {
		return p, nil, err
	}
	if s, ok := rules.Suspended(p, at, now); ok {
		return p, &s, nil
	}
	return p, nil, nil
}

// Suspension is the member's suspension of online booking at now (nil:
// none) and the brand's rule that made it, read under the member's lock
// (LockMembers) so a booking and a strike do not pass each other.
func (t *Tx) Suspension(brandID string, userID int64, now time.Time) (rules.StrikePolicy, *rules.Suspension, error) {
	return suspension(t.ctx, t.tx, brandID, userID, now)
}

// Suspension is the member's suspension at now, for the member centre.
func (db *DB) Suspension(ctx context.Context, brandID string, userID int64, now time.Time) (rules.StrikePolicy, *rules.Suspension, error) {
	return suspension(ctx, db.Pool, brandID, userID, now)
}

// MarkNoShows marks as no-shows the bookings still booked (not checked
// in, not cancelled) whose class ended by now, of the courses that count
// no-shows (rules.NoShow), and returns how many it marked. One statement:
// hosts sweeping at once mark each booking once (the second waits on the
// first's row locks and then finds it marked).
func (db *DB) MarkNoShows(ctx context.Context, now time.Time) (int64, error) {
	tag, err := db.Pool.Exec(ctx, `update bookings b set no_show_at = $1
		from course_schedules s join courses c on c.id = s.course_id
		where s.id = b.schedule_id and c.no_show = $2
		  and b.status = 'booked' and b.no_show_at is null and b.ends_at <= $1`, now, rules.NoShowCounted)
	return tag.RowsAffected(), dbErr(err)
}
