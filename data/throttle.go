package data

import (
	"context"
	"errors"
	"time"

	"github.com/jackc/pgx/v5"

	"storefront/rules"
)

// Throttle returns the wrong-password state of key ('account:...' or
// 'address:...'); a key never seen has the zero state.
func (db *DB) Throttle(ctx context.Context, key string) (rules.Throttle, error) {
	t, err := scanThrottle(db.Pool.QueryRow(ctx, throttleQuery, key))
	if errors.Is(err, pgx.ErrNoRows) {
		return rules.Throttle{}, nil
	}
	return t, dbErr(err)
}

const throttleQuery = `select failures, window_start, last_failure_at, locked_until from login_throttle where key = $1`

func scanThrottle(row pgx.Row) (rules.Throttle, error) {
	var t rules.Throttle
	var locked *time.Time
	err := row.Scan(&t.Failures, &t.WindowStart, &t.LastFailure, &locked)
	if locked != nil {
		t.LockedUntil = *locked
	}
	return t, err
}

// RecordFailure records a wrong password for key under limits at now.
func (db *DB) RecordFailure(ctx context.Context, key string, limits rules.ThrottleLimits, now time.Time) error {
	return db.inTx(ctx, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `insert into login_throttle (key, window_start, last_failure_at) values ($1, $2, $2)
			on conflict (key) do nothing`, key, now); err != nil {
			return dbErr(err)
		}
		t, err := scanThrottle(tx.QueryRow(ctx, throttleQuery+` for update`, key))
		if err != nil {
			return dbErr(err)
		}
		t = limits.Fail(t, now)
		var locked *time.Time
		if !t.LockedUntil.IsZero() {
			locked = &t.LockedUntil
		}
		_, err = tx.Exec(ctx, `update login_throttle set failures = $2, window_start = $3, last_failure_at = $4, locked_until = $5 where key = $1`,
			key, t.Failures, t.WindowStart, t.LastFailure, locked)
		if err != nil {
			return dbErr(err)
		}
		return nil
	})
}

// ClearThrottle forgets key's failures (after a right password).
func (db *DB) ClearThrottle(ctx context.Context, key string) error {
	_, err := db.Pool.Exec(ctx, `delete from login_throttle where key = $1`, key)
	return dbErr(err)
}

// AccountThrottleKey is the throttle key of an account's wrong passwords.
func AccountThrottleKey(brandID, email string) string { return "account:" + brandID + ":" + email }
