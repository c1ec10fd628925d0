package data_test

import (
	"context"
	"slices"
	"strconv"
	"sync"
	"testing"
	"time"

	"storefront/data"
	"storefront/data/dbtest"
)

func newMember(email string) data.NewUser {
	return data.NewUser{BrandID: "demo", Email: email, Name: "X", PasswordDigest: "0123456789abcdef0123456789abcdef", CustomValues: map[string]string{}}
}

// TestClaimJobs: claims of queued mails are exclusive across concurrent
// claimers (as two hosts would be), a claimed mail waits out its lease, a
// failure sets the next attempt, a sent mail is never claimed again.
func TestClaimJobs(t *testing.T) {
	db := dbtest.NewDemo(t)
	ctx := context.Background()
	for i := range 20 {
		err := db.InTx(ctx, func(t *data.Tx) error {
			return t.QueueMail(data.Mail{To: string(rune('a'+i)) + "@example.com", Subject: "驗證", Text: "code"})
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	mails := []string{data.JobMail}
	var mu sync.Mutex
	seen := map[int64]int{}
	var wg sync.WaitGroup
	for range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				ms, err := db.ClaimJobs(ctx, mails, 3, time.Hour, time.Now())
				if err != nil {
					t.Error(err)
					return
				}
				if len(ms) == 0 {
					return
				}
				mu.Lock()
				for _, m := range ms {
					seen[m.ID]++
				}
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	if len(seen) != 20 {
		t.Fatalf("claimed %d distinct mails; want 20", len(seen))
	}
	for id, n := range seen {
		if n != 1 {
			t.Fatalf("mail %d claimed %d times", id, n)
		}
	}
	if d := mailDepth(t, db); d != 20 {
		t.Fatalf("depth %d; want 20 (claimed is not sent)", d)
	}
	// leases run out: everything is due again
	db.Pool.Exec(ctx, `update jobs set next_at = now() - interval '1 second'`)
	ms, err := db.ClaimJobs(ctx, mails, 100, time.Hour, time.Now())
	if err != nil || len(ms) != 20 || ms[0].Attempts != 2 {
		t.Fatalf("reclaim = %d mails (attempts %v), %v", len(ms), ms[0].Attempts, err)
	}
	if err := db.JobDone(ctx, ms[0]); err != nil {
		t.Fatal(err)
	}
	if err := db.JobFailed(ctx, ms[1], "smtp down", time.Now(), false); err != nil {
		t.Fatal(err)
	}
	ms, err = db.ClaimJobs(ctx, mails, 100, time.Hour, time.Now())
	if err != nil || len(ms) != 1 || ms[0].ID == 0 {
		t.Fatalf("after one sent and one failed (retry now): %d claimed, %v", len(ms), err)
	}
	if n := dbtest.Count(t, db, `select count(*) from mail_outbox where last_error = 'smtp down'`); n != 1 {
		t.Fatalf("last error recorded %d times", n)
	}
	if d := mailDepth(t, db); d != 19 {
		t.Fatalf("depth %d; want 19", d)
	}
}

func mailDepth(t *testing.T, db *data.DB) int64 {
	t.Helper()
	n, err := db.JobCounts(context.Background(), time.Now())
	if err != nil {
		t.Fatal(err)
	}
	return n[data.JobMail].Queued
}

// TestClaimJobsOldestOfTheKinds: a claim takes the oldest due jobs of the
// kinds asked, across those kinds, and none of another kind however old
// or many (they stay queued, untouched until NoteUnhandled notes them).
func TestClaimJobsOldestOfTheKinds(t *testing.T) {
	db := dbtest.New(t)
	ctx := context.Background()
	err := db.InTx(ctx, func(tx *data.Tx) error {
		for i := range 50 {
			if err := tx.QueueJob("other", strconv.Itoa(i), i); err != nil {
				return err
			}
		}
		for i, kind := range []string{"b", "a", "b", "a"} {
			if err := tx.QueueJob(kind, strconv.Itoa(i), i); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	// due in the order queued above, the other kind's first
	if _, err := db.Pool.Exec(ctx, `update jobs set next_at = now() - interval '1 hour' + id * interval '1 second'`); err != nil {
		t.Fatal(err)
	}
	js, err := db.ClaimJobs(ctx, []string{"a", "b"}, 3, time.Hour, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, j := range js {
		got = append(got, j.Kind+j.Key)
	}
	if want := []string{"b0", "a1", "b2"}; !slices.Equal(got, want) {
		t.Errorf("claimed %v; want the oldest three of a and b, %v", got, want)
	}
	if n := dbtest.Count(t, db, `select count(*) from jobs where kind = 'other' and attempts = 0 and last_error is null`); n != 50 {
		t.Errorf("%d of the other kind's 50 jobs untouched", n)
	}
	if err := db.NoteUnhandled(ctx, []string{"a", "b"}, time.Now()); err != nil {
		t.Fatal(err)
	}
	if n := dbtest.Count(t, db, `select count(*) from jobs where kind = 'other' and attempts = 0 and last_error = 'no handler for this kind'`); n != 50 {
		t.Errorf("%d of the other kind's 50 jobs noted unhandled", n)
	}
	if n := dbtest.Count(t, db, `select count(*) from jobs where kind = 'a' and last_error is not null`); n != 0 {
		t.Errorf("%d jobs of a handled kind noted unhandled", n)
	}
}
