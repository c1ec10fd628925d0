package outbox_test

import (
	"context"
	"testing"
	"time"

	"storefront/data"
	"storefront/outbox"
)

// queue queues one job in its own transaction, as a use case would.
func queue(t *testing.T, db *data.DB, kind, key string, payload any) {
	t.Helper()
	if err := db.InTx(context.Background(), func(tx *data.Tx) error { return tx.QueueJob(kind, key, payload) }); err != nil {
		t.Fatal(err)
	}
}

// job is the row of one job as the tests read it.
type job struct {
	Attempts  int
	LastError string
	Done      bool
	Dead      bool
}

func jobOf(t *testing.T, db *data.DB, kind, key string) job {
	t.Helper()
	var j job
	err := db.Pool.QueryRow(context.Background(), `select attempts, coalesce(last_error, ''), done_at is not null, dead_at is not null
		from jobs where kind = $1 and key = $2`, kind, key).Scan(&j.Attempts, &j.LastError, &j.Done, &j.Dead)
	if err != nil {
		t.Fatal(err)
	}
	return j
}

// eventually waits up to 10s for ok, on a loaded machine as on an idle one.
func eventually(t *testing.T, what string, ok func() bool) {
	t.Helper()
	for end := time.Now().Add(10 * time.Second); !ok(); {
		if time.Now().After(end) {
			t.Fatalf("after 10s: not %s", what)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// fast are worker options for tests: short polls and waits.
func fast() outbox.Options {
	return outbox.Options{Poll: 20 * time.Millisecond, Backoff: 100 * time.Millisecond, MaxWait: time.Second}
}
