package outbox_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"storefront/data"
	"storefront/data/dbtest"
	"storefront/outbox"
)

// TestJobDoneOnceByRacingWorkers: two workers on one database (as two
// hosts) share the queue: every job runs, and runs once.
func TestJobDoneOnceByRacingWorkers(t *testing.T) {
	db := dbtest.New(t)
	const n = 40
	err := db.InTx(context.Background(), func(tx *data.Tx) error {
		for i := range n {
			if err := tx.QueueJob("count", fmt.Sprint("job-", i), map[string]int{"n": i}); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	runs := map[int]int{}
	byWorker := map[string]int{}
	handler := func(name string) outbox.Handler {
		return func(_ context.Context, payload json.RawMessage) error {
			var p struct{ N int }
			if err := json.Unmarshal(payload, &p); err != nil {
				return err
			}
			time.Sleep(2 * time.Millisecond) // a job takes a while: the other worker claims meanwhile
			mu.Lock()
			runs[p.N]++
			byWorker[name]++
			mu.Unlock()
			return nil
		}
	}
	for _, name := range []string{"a", "b"} {
		w := outbox.Start(db, fast())
		t.Cleanup(w.Stop)
		w.Handle("count", handler(name))
	}
	eventually(t, "every job done", func() bool {
		var open int
		db.Pool.QueryRow(context.Background(), `select count(*) from jobs where done_at is null`).Scan(&open)
		return open == 0
	})
	mu.Lock()
	defer mu.Unlock()
	for i := range n {
		if runs[i] != 1 {
			t.Errorf("job %d ran %d times; want once", i, runs[i])
		}
	}
	if byWorker["a"] == 0 || byWorker["b"] == 0 {
		t.Logf("one worker ran every job (%v): the race was not exercised this time", byWorker)
	}
}

// TestFailingJobBacksOffThenDies: a job that keeps failing is retried
// after growing waits, then given up: dead, kept with its error and
// payload, counted, and never run again.
func TestFailingJobBacksOffThenDies(t *testing.T) {
	db := dbtest.New(t)
	queue(t, db, "flaky", "k", map[string]string{"order": "A1"})
	var mu sync.Mutex
	var at []time.Time
	var outcomes []outbox.Outcome
	o := fast()
	o.MaxAttempts = 4
	o.Observed = func(kind string, oc outbox.Outcome) {
		mu.Lock()
		outcomes = append(outcomes, oc)
		mu.Unlock()
	}
	w := outbox.Start(db, o)
	t.Cleanup(w.Stop)
	w.Handle("flaky", func(context.Context, json.RawMessage) error {
		mu.Lock()
		at = append(at, time.Now())
		mu.Unlock()
		return errors.New("provider down")
	})
	eventually(t, "the job dead", func() bool { return jobOf(t, db, "flaky", "k").Dead })
	time.Sleep(3 * o.MaxWait / 2) // long enough for another attempt, were one made
	mu.Lock()
	defer mu.Unlock()
	if len(at) != 4 {
		t.Fatalf("%d attempts; want 4 (MaxAttempts)", len(at))
	}
	for i := 1; i < len(at); i++ {
		if gap, least := at[i].Sub(at[i-1]), outbox.Backoff(o.Backoff, o.MaxWait, i); gap < least {
			t.Errorf("attempt %d came %v after the one before; want at least %v", i+1, gap, least)
		}
	}
	if want := []outbox.Outcome{outbox.Failed, outbox.Failed, outbox.Failed, outbox.Dead}; fmt.Sprint(outcomes) != fmt.Sprint(want) {
		t.Errorf("outcomes %v; want %v", outcomes, want)
	}
	if j := jobOf(t, db, "flaky", "k"); j.LastError != "provider down" || j.Done || j.Attempts != 4 {
		t.Errorf("dead job = %+v", j)
	}
	var payload string
	db.Pool.QueryRow(context.Background(), `select payload->>'order' from jobs where kind = 'flaky'`).Scan(&payload)
	if payload != "A1" {
		t.Errorf("the dead job's payload is %q; want it kept", payload)
	}
	counts, err := db.JobCounts(context.Background(), time.Now())
	if err != nil || counts["flaky"] != (data.JobCount{Dead: 1}) {
		t.Errorf("counts = %+v, %v; want one dead flaky job", counts, err)
	}
}

// TestQueueJobTwiceRunsOnce: a replayed use case queues its job again
// under the same key: one job, run once, even when the replay comes after
// the job is done.
func TestQueueJobTwiceRunsOnce(t *testing.T) {
	db := dbtest.New(t)
	queue(t, db, "invoice", "order-7", map[string]int{"amount": 100})
	queue(t, db, "invoice", "order-7", map[string]int{"amount": 999})
	queue(t, db, "refund", "order-7", map[string]int{"amount": 50}) // another kind: another job
	var mu sync.Mutex
	var got []string
	w := outbox.Start(db, fast())
	t.Cleanup(w.Stop)
	record := func(ctx context.Context, payload json.RawMessage) error {
		mu.Lock()
		got = append(got, string(payload))
		mu.Unlock()
		return nil
	}
	w.Handle("invoice", record)
	w.Handle("refund", record)
	eventually(t, "both jobs done", func() bool {
		return jobOf(t, db, "invoice", "order-7").Done && jobOf(t, db, "refund", "order-7").Done
	})
	queue(t, db, "invoice", "order-7", map[string]int{"amount": 100})
	w.Kick()
	time.Sleep(200 * time.Millisecond)
	mu.Lock()
	defer mu.Unlock()
	if len(got) != 2 || got[0] != `{"amount": 100}` && got[1] != `{"amount": 100}` {
		t.Errorf("runs %q; want the invoice once with the first payload, and the refund", got)
	}
	if err := db.InTx(context.Background(), func(tx *data.Tx) error { return tx.QueueJob("invoice", "", 1) }); err == nil {
		t.Error("a job without a key was queued")
	}
}

// TestCrashedJobRunsAgainAfterItsLease: a host that claimed a job and died
// mid-job (claimed, never answered) holds it for its lease only; then
// another worker runs it. The dead host's late answer records nothing.
func TestCrashedJobRunsAgainAfterItsLease(t *testing.T) {
	db := dbtest.New(t)
	ctx := context.Background()
	queue(t, db, "remind", "r1", "hello")
	const lease = time.Second
	crashed, err := db.ClaimJobs(ctx, []string{"remind"}, 10, lease, time.Now())
	if err != nil || len(crashed) != 1 {
		t.Fatalf("claim = %v, %v", crashed, err)
	}
	claimed := time.Now()
	var mu sync.Mutex
	var ranAt []time.Time
	w := outbox.Start(db, fast())
	t.Cleanup(w.Stop)
	w.Handle("remind", func(context.Context, json.RawMessage) error {
		mu.Lock()
		ranAt = append(ranAt, time.Now())
		mu.Unlock()
		return nil
	})
	eventually(t, "the job done", func() bool { return jobOf(t, db, "remind", "r1").Done })
	mu.Lock()
	if len(ranAt) != 1 || ranAt[0].Sub(claimed) < lease-50*time.Millisecond {
		t.Errorf("runs at %v, claimed by the crashed host at %v with a lease of %v", ranAt, claimed, lease)
	}
	mu.Unlock()
	// the crashed host's answer arrives late: the job stays done
	if err := db.JobFailed(ctx, crashed[0], "late", time.Now(), true); err != nil {
		t.Fatal(err)
	}
	if j := jobOf(t, db, "remind", "r1"); !j.Done || j.Dead || j.LastError != "" || j.Attempts != 2 {
		t.Errorf("after a late answer of the expired claim: %+v", j)
	}
}

// TestUnknownKindStaysQueued: a job no handler takes (a kind this host
// does not know yet) is not lost: it stays queued, not dead, with an
// error saying why, and runs once a handler for its kind exists.
func TestUnknownKindStaysQueued(t *testing.T) {
	db := dbtest.New(t)
	queue(t, db, "line", "m1", map[string]string{"to": "U123"})
	w := outbox.Start(db, fast())
	t.Cleanup(w.Stop)
	w.Handle("other", func(context.Context, json.RawMessage) error { return nil })
	eventually(t, "the job noted as unhandled", func() bool { return jobOf(t, db, "line", "m1").LastError != "" })
	time.Sleep(100 * time.Millisecond)
	if j := jobOf(t, db, "line", "m1"); j.Done || j.Dead || j.Attempts != 0 || j.LastError != "no handler for this kind" {
		t.Errorf("unhandled job = %+v", j)
	}
	counts, _ := db.JobCounts(context.Background(), time.Now())
	if counts["line"].Queued != 1 || counts["line"].Due != 1 {
		t.Errorf("counts %+v; want the job queued and due", counts["line"])
	}
	ran := make(chan string, 1)
	w.Handle("line", func(_ context.Context, p json.RawMessage) error { ran <- string(p); return nil })
	select {
	case p := <-ran:
		if p != `{"to": "U123"}` {
			t.Errorf("payload %s", p)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the job did not run once its kind had a handler")
	}
	eventually(t, "the job done", func() bool { j := jobOf(t, db, "line", "m1"); return j.Done && j.LastError == "" })
}

// TestPanickingJobFails: a handler's panic is that job's failure, not the
// process's.
func TestPanickingJobFails(t *testing.T) {
	db := dbtest.New(t)
	queue(t, db, "bad", "b1", 1)
	w := outbox.Start(db, fast())
	t.Cleanup(w.Stop)
	w.Handle("bad", func(context.Context, json.RawMessage) error { panic("nil map") })
	eventually(t, "the failure recorded", func() bool { return jobOf(t, db, "bad", "b1").LastError == "panic: nil map" })
}

// TestJobsFallDueByTheWorkersClock: a job queued for a time falls due by
// the worker's clock (the host's, which the flows that queue jobs for a
// time read), not the database's. On a clock a day behind the database's,
// a job queued for an hour later on that clock (long past on the
// database's) waits for that hour, while a job queued without a time runs
// at once.
func TestJobsFallDueByTheWorkersClock(t *testing.T) {
	db := dbtest.New(t)
	ctx := context.Background()
	var mu sync.Mutex
	clock := time.Now().Add(-24 * time.Hour)
	now := func() time.Time { mu.Lock(); defer mu.Unlock(); return clock }
	at := now().Add(time.Hour)
	if err := db.InTx(ctx, func(tx *data.Tx) error { return tx.QueueJobAt("remind", "later", 1, at) }); err != nil {
		t.Fatal(err)
	}
	queue(t, db, "remind", "at-once", 2)
	o := fast()
	o.Now = now
	w := outbox.Start(db, o)
	t.Cleanup(w.Stop)
	w.Handle("remind", func(context.Context, json.RawMessage) error { return nil })
	// one job at a time, the earliest due first: were the later one due,
	// it would have run before the other
	eventually(t, "the job without a time done", func() bool { return jobOf(t, db, "remind", "at-once").Done })
	if j := jobOf(t, db, "remind", "later"); j.Done || j.Attempts != 0 {
		t.Fatalf("the job due an hour later on the worker's clock ran: %+v", j)
	}
	if counts, err := db.JobCounts(ctx, now()); err != nil || counts["remind"] != (data.JobCount{Queued: 1}) {
		t.Errorf("counts %+v, %v; want one queued, none due", counts["remind"], err)
	}
	mu.Lock()
	clock = at
	mu.Unlock()
	w.Kick()
	eventually(t, "the later job done once its time came on the worker's clock", func() bool { return jobOf(t, db, "remind", "later").Done })
}
