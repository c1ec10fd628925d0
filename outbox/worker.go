// Package outbox runs the jobs of the outbox table (data.Tx.QueueJob, and
// the mails data queues as jobs of kind data.JobMail): one worker per
// process claims due jobs of the kinds it has handlers for (several hosts
// may share the database: a claim skips jobs another host holds, and holds
// its own for a lease), runs each, and retries a failed one with growing
// waits until it is done or, after too many attempts, dead (kept, counted
// in /metrics, never deleted).
//
// A job runs at least once, normally exactly once: only a process dying
// mid-job, or a job outliving its lease, runs it again. So a handler that
// reaches outside makes its call safe to repeat: the flow puts in the
// payload what makes it so (the idempotency key a provider takes).
package outbox

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"maps"
	"slices"
	"sync"
	"time"

	"storefront/data"
)

// Handler runs one job of its kind; an error has it retried later. The
// context ends after Options.Timeout.
type Handler func(ctx context.Context, payload json.RawMessage) error

// Outcome is how one attempt of a job ended (Options.Observed).
type Outcome string

const (
	Done   Outcome = "done"
	Failed Outcome = "failed" // will be retried
	Dead   Outcome = "dead"   // failed for the last time
)

// Options configure a Worker; zero values take the defaults.
type Options struct {
	Poll        time.Duration // how often to look for due jobs without a Kick (default 2s)
	Backoff     time.Duration // wait after the first failure, doubled each time (default 5s)
	MaxWait     time.Duration // longest wait between attempts (default 15m)
	MaxAttempts int           // attempts before a job is dead (default 100: about a day at the default waits)
	Timeout     time.Duration // longest one job may run (default 30s)
	Log         *slog.Logger
	Observed    func(kind string, o Outcome) // called after each attempt (metrics), may be nil
	// Now is the clock jobs fall due by (default time.Now): the host's,
	// which the flows that queue jobs for a time read too.
	Now func() time.Time
}

// Worker runs the outbox's jobs until Stop.
type Worker struct {
	db     *data.DB
	o      Options
	lease  time.Duration
	mu     sync.RWMutex
	kinds  map[string]Handler
	kick   chan struct{}
	cancel context.CancelFunc
	done   chan struct{}
	once   sync.Once
}

// leaseMargin is how much longer than a job's timeout its claim lasts, so
// that only a dead process's claims are taken again.
const leaseMargin = 10 * time.Second

// Start starts a worker; it runs the jobs of the kinds given to Handle.
func Start(db *data.DB, o Options) *Worker {
	if o.Poll <= 0 {
		o.Poll = 2 * time.Second
	}
	if o.Backoff <= 0 {
		o.Backoff = 5 * time.Second
	}
	if o.MaxWait <= 0 {
		o.MaxWait = 15 * time.Minute
	}
	if o.MaxAttempts <= 0 {
		o.MaxAttempts = 100
	}
	if o.Timeout <= 0 {
		o.Timeout = 30 * time.Second
	}
	if o.Log == nil {
		o.Log = slog.New(slog.DiscardHandler)
	}
	if o.Now == nil {
		o.Now = time.Now
	}
	ctx, cancel := context.WithCancel(context.Background())
	w := &Worker{db: db, o: o, lease: o.Timeout + leaseMargin, kinds: map[string]Handler{},
		kick: make(chan struct{}, 1), cancel: cancel, done: make(chan struct{})}
	go w.loop(ctx)
	return w
}

// Handle has the worker run the jobs of kind with fn (replacing an earlier
// handler of kind).
func (w *Worker) Handle(kind string, fn Handler) {
	w.mu.Lock()
	w.kinds[kind] = fn
	w.mu.Unlock()
	w.Kick()
}

// Kick makes the worker look for due jobs now (after a job was queued).
// A nil worker ignores it.
func (w *Worker) Kick() {
	if w == nil {
		return
	}
	select {
	case w.kick <- struct{}{}:
	default:
	}
}

// Stop stops the worker, waiting for a job under way. Jobs not run stay
// queued for the next start or another host.
func (w *Worker) Stop() {
	w.once.Do(func() {
		w.cancel()
		<-w.done
	})
}

// loop runs the due jobs at each poll and kick; at each poll it also
// notes the due jobs no handler here takes (not at each kick: one follows
// every booking, and those jobs may be many).
func (w *Worker) loop(ctx context.Context) {
	defer close(w.done)
	t := time.NewTicker(w.o.Poll)
	defer t.Stop()
	for {
		for w.round(ctx) {
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			if err := w.db.NoteUnhandled(ctx, w.handled(), w.o.Now()); err != nil && ctx.Err() == nil {
				w.o.Log.Warn("outbox: note unhandled jobs", "err", err)
			}
		case <-w.kick:
		}
	}
}

// handled are the kinds the worker has handlers for.
func (w *Worker) handled() []string {
	w.mu.RLock()
	defer w.mu.RUnlock()
	return slices.Sorted(maps.Keys(w.kinds))
}

// round runs one due job; true when there was one (more may be due). A
// worker claims one job at a time: a claim's lease must outlast the job,
// and jobs claimed together would wait for each other within it.
func (w *Worker) round(ctx context.Context) bool {
	kinds := w.handled()
	if len(kinds) == 0 {
		return false
	}
	js, err := w.db.ClaimJobs(ctx, kinds, 1, w.lease, w.o.Now())
	if err != nil {
		if ctx.Err() == nil {
			w.o.Log.Warn("outbox: claim", "err", err)
		}
		return false
	}
	for _, j := range js {
		w.run(ctx, j)
	}
	return len(js) > 0 && ctx.Err() == nil
}

func (w *Worker) run(ctx context.Context, j data.Job) {
	w.mu.RLock()
	fn := w.kinds[j.Kind]
	w.mu.RUnlock()
	// a job under way finishes even when the worker stops
	runCtx := context.WithoutCancel(ctx)
	err := call(runCtx, w.o.Timeout, fn, j.Payload)
	outcome := Done
	switch {
	case err == nil:
		if err := w.db.JobDone(runCtx, j); err != nil {
			w.o.Log.Error("outbox: record done", "id", j.ID, "kind", j.Kind, "err", err)
		}
	case j.Attempts >= w.o.MaxAttempts:
		outcome = Dead
		w.o.Log.Error("outbox: job failed too often, given up", "id", j.ID, "kind", j.Kind, "attempts", j.Attempts, "err", err)
		if err := w.db.JobFailed(runCtx, j, err.Error(), w.o.Now(), true); err != nil {
			w.o.Log.Error("outbox: record dead", "id", j.ID, "kind", j.Kind, "err", err)
		}
	default:
		outcome = Failed
		wait := Backoff(w.o.Backoff, w.o.MaxWait, j.Attempts)
		w.o.Log.Warn("outbox: job failed, will retry", "id", j.ID, "kind", j.Kind, "attempts", j.Attempts, "retry_in", wait, "err", err)
		if err := w.db.JobFailed(runCtx, j, err.Error(), w.o.Now().Add(wait), false); err != nil {
			w.o.Log.Error("outbox: record failure", "id", j.ID, "kind", j.Kind, "err", err)
		}
	}
	if w.o.Observed != nil {
		w.o.Observed(j.Kind, outcome)
	}
}

// call runs fn within timeout; a panic is the job's failure, not the
// process's.
func call(ctx context.Context, timeout time.Duration, fn Handler, payload json.RawMessage) (err error) {
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("panic: %v", p)
		}
	}()
	return fn(ctx, payload)
}
