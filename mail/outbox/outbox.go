// Package outbox sends the mails of the outbox table (data.Mail): one
// worker per process claims due rows (several hosts may share the
// database: claims skip rows another host holds), sends each through the
// mailer and retries a failed one with growing waits until it is sent.
package outbox

import (
	"context"
	"log/slog"
	"sync"
	"time"

	"storefront/data"
	"storefront/mail"
)

// Sender sends one mail (mail.Mailer).
type Sender interface {
	Send(ctx context.Context, msg mail.Message) error
}

// Options configure a Worker; zero values take the defaults.
type Options struct {
	Poll     time.Duration // how often to look for due mails without a Kick (default 2s)
	Backoff  time.Duration // wait after the first failure, doubled each time (default 5s)
	MaxWait  time.Duration // longest wait between attempts (default 15m)
	Batch    int           // mails claimed at once (default 10)
	Log      *slog.Logger
	Observed func(sent bool) // called after each attempt (metrics), may be nil
}

// Worker sends the outbox's mails until Stop.
type Worker struct {
	db     *data.DB
	sender Sender
	o      Options
	kick   chan struct{}
	cancel context.CancelFunc
	done   chan struct{}
	once   sync.Once
}

// lease is how long a claimed mail stays with its claimer: longer than one
// send may take, so only a dead process's claims are retried.
const lease = 2*mail.SendTimeout + 10*time.Second

// Start starts a worker sending through sender.
func Start(db *data.DB, sender Sender, o Options) *Worker {
	if o.Poll <= 0 {
		o.Poll = 2 * time.Second
	}
	if o.Backoff <= 0 {
		o.Backoff = 5 * time.Second
	}
	if o.MaxWait <= 0 {
		o.MaxWait = 15 * time.Minute
	}
	if o.Batch <= 0 {
		o.Batch = 10
	}
	if o.Log == nil {
		o.Log = slog.New(slog.DiscardHandler)
	}
	ctx, cancel := context.WithCancel(context.Background())
	w := &Worker{db: db, sender: sender, o: o, kick: make(chan struct{}, 1), cancel: cancel, done: make(chan struct{})}
	go w.loop(ctx)
	return w
}

// Kick makes the worker look for due mails now (after a mail was queued).
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

// Stop stops the worker, waiting for a send under way. Unsent mails stay
// queued for the next start or another host.
func (w *Worker) Stop() {
	w.once.Do(func() {
		w.cancel()
		<-w.done
	})
}

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
		case <-w.kick:
		}
	}
}

// round sends one batch of due mails; true when the batch was full (more
// may be due).
func (w *Worker) round(ctx context.Context) bool {
	ms, err := w.db.ClaimMails(ctx, w.o.Batch, lease)
	if err != nil {
		if ctx.Err() == nil {
			w.o.Log.Warn("mail outbox: claim", "err", err)
		}
		return false
	}
	for _, m := range ms {
		w.send(ctx, m)
	}
	return len(ms) == w.o.Batch && ctx.Err() == nil
}

func (w *Worker) send(ctx context.Context, m data.QueuedMail) {
	// a send under way finishes even when the worker stops
	sendCtx := context.WithoutCancel(ctx)
	err := w.sender.Send(sendCtx, mail.Message{To: m.To, FromName: m.FromName, Subject: m.Subject, Text: m.Text, HTML: m.HTML,
		AttachName: m.Attachment.Name, AttachType: m.Attachment.ContentType, Attachment: m.Attachment.Content,
		Unsubscribe: m.Unsubscribe})
	if w.o.Observed != nil {
		w.o.Observed(err == nil)
	}
	if err == nil {
		if err := w.db.MailSent(sendCtx, m.ID); err != nil {
			w.o.Log.Error("mail outbox: record sent", "id", m.ID, "err", err)
		}
		return
	}
	wait := Backoff(w.o.Backoff, w.o.MaxWait, m.Attempts)
	w.o.Log.Warn("mail outbox: send failed, will retry", "id", m.ID, "attempts", m.Attempts, "retry_in", wait, "err", err)
	if err := w.db.MailFailed(sendCtx, m.ID, err.Error(), wait); err != nil {
		w.o.Log.Error("mail outbox: record failure", "id", m.ID, "err", err)
	}
}

// Backoff is the wait after attempt number attempts (1 = the first)
// failed: base, doubled per further attempt, at most max.
//
// Worked example with base 5s, max 15m: 5s, 10s, 20s, 40s, ... 10m40s, 15m, 15m.
func Backoff(base, max time.Duration, attempts int) time.Duration {
	d := base
	for i := 1; i < attempts && d < max; i++ {
		d *= 2
	}
	return min(d, max)
}
