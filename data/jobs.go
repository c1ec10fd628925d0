package data

import (
	"context"
	"encoding/json"
	"errors"
	"time"

	"github.com/jackc/pgx/v5"

	"storefront"
)

// JobMail is the kind of the outbox's mail jobs (payload: Mail).
const JobMail = "mail"

// Job is a job of the outbox claimed for running (see the jobs table,
// migration 019).
type Job struct {
	ID      int64
	Kind    string
	Key     string // "" none (a mail)
	Payload json.RawMessage
	// Attempts counts the claims so far, this one included: the claim's
	// fencing token (JobDone and JobFailed of an expired claim record
	// nothing).
	Attempts int
}

// QueueJob queues a job of kind in the outbox, in the transaction of the
// change that asks for it; payload is stored JSON-encoded. (kind, key)
// names the job: queuing it again (a replayed use case) is a no-op, even
// once it is done. The payload stays in the table after the job is done
// (only a mail's body is blanked): it holds no secret.
func (t *Tx) QueueJob(kind, key string, payload any) error {
	if kind == "" || key == "" {
		return &storefront.Error{Kind: storefront.KindInternal, Err: errors.New("data: a job needs a kind and a key")}
	}
	p, err := json.Marshal(payload)
	if err != nil {
		return &storefront.Error{Kind: storefront.KindInternal, Err: err}
	}
	t.queue(nil, `insert into jobs (kind, key, payload) values ($1, $2, $3::jsonb)
		on conflict (kind, key) do nothing`, kind, key, p)
	return nil
}

// ClaimJobs takes up to limit jobs of the given kinds due at now (the
// host's clock, as every due time: migration 040), the oldest first. Each
// claimed job counts an attempt and is not due again before lease has
// passed, so a process that dies mid-job leaves it to be run
// then by any host; jobs another host is claiming are skipped (FOR UPDATE
// SKIP LOCKED). It reads the oldest due jobs of each kind (jobs_due), not
// the jobs of other kinds: a claim follows every booking, and jobs no host
// here handles may pile up (NoteUnhandled).
func (db *DB) ClaimJobs(ctx context.Context, kinds []string, limit int, lease time.Duration, now time.Time) ([]Job, error) {
	rows, err := db.Pool.Query(ctx, `
		update jobs set attempts = attempts + 1, next_at = $4::timestamptz + $3::interval
		where id in (select j.id from unnest($1::text[]) k (kind) cross join lateral (
				select id, next_at from jobs where kind = k.kind and done_at is null and dead_at is null and next_at <= $4
				order by next_at, id limit $2 for update skip locked) j
			order by j.next_at, j.id limit $2)
		returning id, kind, coalesce(key, ''), payload, attempts`,
		kinds, limit, lease, now)
	if err != nil {
		return nil, dbErr(err)
	}
	js, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (Job, error) {
		var j Job
		err := row.Scan(&j.ID, &j.Kind, &j.Key, &j.Payload, &j.Attempts)
		return j, err
	})
	return js, dbErr(err)
}

// NoteUnhandled notes, once, in last_error that no handler took the jobs
// due at now of kinds other than kinds: they stay queued for a host that
// knows their kind.
func (db *DB) NoteUnhandled(ctx context.Context, kinds []string, now time.Time) error {
	_, err := db.Pool.Exec(ctx, `update jobs set last_error = 'no handler for this kind'
		where done_at is null and dead_at is null and next_at <= $2 and kind <> all($1) and last_error is null`, kinds, now)
	return dbErr(err)
}

// JobDone records a claimed job as done. A done mail keeps its envelope but
// not its body, which may hold a token's link; a done LINE push neither
// its text nor its fallback mail.
func (db *DB) JobDone(ctx context.Context, j Job) error {
	_, err := db.Pool.Exec(ctx, `update jobs set done_at = now(), last_error = null,
			payload = case when kind = $3 then payload - '{text,html}'::text[] #- '{attachment,content}'
				when kind = $4 then payload - '{text,mail}'::text[] else payload end
		where id = $1 and attempts = $2 and done_at is null and dead_at is null`, j.ID, j.Attempts, JobMail, JobLine)
	return dbErr(err)
}

// JobFailed records a failed attempt of a claimed job: its error, and its
// next attempt at retryAt; dead, the job is given up (kept, not run
// again).
func (db *DB) JobFailed(ctx context.Context, j Job, cause string, retryAt time.Time, dead bool) error {
	if len(cause) > 1000 {
		cause = cause[:1000]
	}
	_, err := db.Pool.Exec(ctx, `update jobs set last_error = $3, next_at = $4,
			dead_at = case when $5 then now() end
		where id = $1 and attempts = $2 and done_at is null and dead_at is null`, j.ID, j.Attempts, cause, retryAt, dead)
	return dbErr(err)
}

// JobCount is how many jobs of one kind wait or were given up.
type JobCount struct {
	Queued int64 // not done, not dead: due, running or waiting for a retry
	Due    int64 // queued and due, not taken by a worker: the backlog
	Dead   int64 // given up after failing too often
}

// JobCounts counts the open jobs per kind at now (kinds without any are
// absent).
func (db *DB) JobCounts(ctx context.Context, now time.Time) (map[string]JobCount, error) {
	rows, err := db.Pool.Query(ctx, `select kind,
			count(*) filter (where dead_at is null),
			count(*) filter (where dead_at is null and next_at <= $1),
			count(*) filter (where dead_at is not null)
		from jobs where done_at is null group by kind`, now)
	if err != nil {
		return nil, dbErr(err)
	}
	counts := map[string]JobCount{}
	var kind string
	var c JobCount
	_, err = pgx.ForEachRow(rows, []any{&kind, &c.Queued, &c.Due, &c.Dead}, func() error {
		counts[kind] = c
		return nil
	})
	return counts, dbErr(err)
}
