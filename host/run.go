package host

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"maps"
	"net"
	"os"
	"time"

	"storefront/cache"
	"storefront/checkout"
	"storefront/data"
	"storefront/econtract"
	"storefront/host/config"
	"storefront/mail"
	"storefront/mail/devbox"
	"storefront/outbox"
	"storefront/renderer"
)

// Fixtures are what the binary brings besides the code: the demo
// catalogue (data/demo), given by cmd/storefront so that host does not
// depend on it.
type Fixtures struct {
	// Static are folders of files served at /_static/{name}/.
	Static map[string]fs.FS
	// LoadIfEmpty fills an empty database (with STOREFRONT_DEMO), its
	// images stored in the given directory (STOREFRONT_CATALOGUE_IMAGES),
	// and reports whether it did.
	LoadIfEmpty func(ctx context.Context, db *data.DB, imageDir string) (bool, error)
}

// Run starts the storefront and serves until ctx ends, then shuts down
// gracefully. ready, when not nil, receives the listening address.
func Run(ctx context.Context, getenv func(string) string, stderr io.Writer, ready chan<- string, fx Fixtures) error {
	cfg, err := config.Load(getenv)
	if err != nil {
		return err
	}
	logs := newLogBuffer(stderr)
	defer logs.Close() // last: every line out
	log := newLogger(cfg, logs)
	if getenv("STOREFRONT_DEVICE_KEY") == "" && cfg.Env != "dev" {
		log.Warn("STOREFRONT_DEVICE_KEY is not set: known devices are forgotten at restart and not shared between hosts")
	}
	if getenv("STOREFRONT_ACH_KEY") == "" && cfg.ACH.MerchantID != "" {
		log.Warn("STOREFRONT_ACH_KEY is not set: ACH account numbers are sealed with a key of this process, which no other process or restart can open")
	}
	switch {
	case getenv("STOREFRONT_CREDENTIALS_KEY") == "" && cfg.Env == "dev":
		log.Warn("STOREFRONT_CREDENTIALS_KEY is not set: the brands' merchant credentials are sealed with a key of this process; those stored by the command or another process do not open")
	case getenv("STOREFRONT_CREDENTIALS_KEY") == "":
		log.Warn("STOREFRONT_CREDENTIALS_KEY is not set: no brand's own merchant credentials open, so brands pay only where the platform collects (STOREFRONT_PLATFORM_COLLECTS)")
	}
	if getenv("STOREFRONT_CHECKIN_KEY") == "" && cfg.Env != "dev" {
		log.Warn("STOREFRONT_CHECKIN_KEY is not set: check-in QR codes shown by one host do not verify on another")
	}

	bundle, err := renderer.Embedded()
	if err != nil {
		return err
	}
	db, err := data.Open(ctx, cfg.DatabaseURL, cfg.VarDir, log)
	if err != nil {
		if errors.Is(err, data.ErrNoPostgres) {
			return err
		}
		return fmt.Errorf("database: %w", err)
	}
	defer db.Close()
	if cfg.Demo && fx.LoadIfEmpty != nil {
		loaded, err := fx.LoadIfEmpty(ctx, db, cfg.CatalogueImages)
		if err != nil {
			return fmt.Errorf("demo catalogue: %w", err)
		}
		if loaded {
			log.Info("loaded the demo catalogue", "brands", "demo yoga plan term noshop closed")
		}
	}
	c, err := cache.New(cache.Options{RedisURL: cfg.RedisURL, Log: log, Prefix: "sf:"})
	if err != nil {
		// the parser's message may quote the URL: never its password
		return fmt.Errorf("REDIS_URL=%s: %s", redactURL(cfg.RedisURL), scrubURL(err.Error(), cfg.RedisURL))
	}
	defer c.Close()
	pool, err := renderer.NewPool(bundle.Server, renderer.Options{
		Size: cfg.Renderers, Deadline: cfg.RenderTimeout, QueueWait: cfg.RenderQueue, Log: log,
		Pages: bundle.Manifest.PageNames(),
	})
	if err != nil {
		return err
	}
	defer pool.Close()
	mailer, mailbox, err := startMail(cfg, log)
	if err != nil {
		return err
	}
	if mailbox != nil {
		defer mailbox.Close()
	}
	ln, err := net.Listen("tcp", ":"+cfg.Port)
	if err != nil {
		return err
	}
	defer ln.Close()
	if cfg.Env == "dev" && getenv("STOREFRONT_PUBLIC_URL") == "" && cfg.Port == "0" {
		_, port, _ := net.SplitHostPort(ln.Addr().String())
		cfg.PublicURL = "http://localhost:" + port // dev's default, on the port picked
	}
	srv, err := NewServer(ctx, Deps{Config: cfg, DB: db, Cache: c, Pool: pool, Bundle: bundle, Log: log, AccessLog: logs, Mailer: mailer, Mailbox: mailbox, Static: withCatalogueImages(fx.Static, cfg.CatalogueImages)})
	if err != nil {
		return err
	}
	if n, err := srv.members.HashDeletedPhones(ctx); err != nil {
		return err
	} else if n > 0 {
		log.Info("deleted accounts' phones replaced by their keyed hash", "accounts", n)
	}
	// the outbox's worker, before the first request
	srv.outbox = startJobs(db, mailer, outbox.Options{Log: log, Observed: srv.jobAttempt, Now: srv.now})
	srv.handleJobs(srv.outbox)
	defer srv.outbox.Stop()
	expirer := checkout.StartExpirer(srv.checkout, time.Minute) // unpaid orders past their time
	defer expirer.Stop()
	listenCtx, stopListening := context.WithCancel(ctx)
	defer stopListening()
	go db.ListenBrandChanges(listenCtx, func(id string) { srv.BrandChanged(listenCtx, id) })
	go db.ListenSessionRevocations(listenCtx, srv.SessionRevoked)
	go srv.sweep(listenCtx, purgeEvery, "purging the deleted accounts past retention", srv.members.PurgeDeleted)
	go srv.sweep(listenCtx, noShowEvery, "marking the no-shows", srv.bookings.MarkNoShows)

	hs := httpServer(srv, log)
	log.Info("storefront listening", "addr", ln.Addr().String(), "env", cfg.Env, "renderers", pool.Size(),
		"redis", c.HasRedis(), "build", bundle.Manifest.BuildID)
	if mailbox != nil {
		_, port, _ := net.SplitHostPort(ln.Addr().String())
		log.Info("no SMTP_HOST: the members' e-mails go to the development mailbox", "url", "http://localhost:"+port+"/dev/mailbox")
	}
	if ready != nil {
		ready <- ln.Addr().String()
	}
	errc := make(chan error, 1)
	go func() { errc <- hs.Serve(ln) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	log.Info("shutting down")
	shutdownCtx, cancel := context.WithTimeout(context.Background(), 15*time.Second)
	defer cancel()
	return hs.Shutdown(shutdownCtx)
}

// startMail returns the mailer of SMTP_HOST; without one, in the dev
// environment, a development mailbox and a mailer sending to it; else no
// mailer (members' e-mails then fail with a clear message).
func startMail(cfg config.Config, log *slog.Logger) (*mail.Mailer, *devbox.Box, error) {
	if cfg.SMTP.Host != "" {
		m, err := mail.New(cfg.SMTP)
		if err != nil {
			return nil, nil, fmt.Errorf("SMTP: %w", err)
		}
		return m, nil, nil
	}
	if cfg.Env != "dev" {
		log.Warn("SMTP_HOST is not set: members' e-mails cannot be sent")
		return nil, nil, nil
	}
	box, err := devbox.Start(devbox.Options{Log: log})
	if err != nil {
		return nil, nil, fmt.Errorf("development mailbox: %w", err)
	}
	m, err := mail.New(mail.Config{Host: box.Host(), Port: box.Port(), From: cfg.SMTP.From, TLS: mail.TLSNone})
	if err != nil {
		box.Close()
		return nil, nil, err
	}
	return m, box, nil
}

func newLogger(cfg config.Config, w io.Writer) *slog.Logger {
	opts := &slog.HandlerOptions{Level: cfg.LogLevel}
	if cfg.LogFormat == "json" {
		return slog.New(slog.NewJSONHandler(w, opts))
	}
	return slog.New(slog.NewTextHandler(w, opts))
}

// withCatalogueImages adds the imported catalogue images (dir) to the
// static folders, as "catalogue": /_static/catalogue/{brand}/{hash}/{name}.
func withCatalogueImages(static map[string]fs.FS, dir string) map[string]fs.FS {
	out := maps.Clone(static)
	if out == nil {
		out = map[string]fs.FS{}
	}
	out["catalogue"] = os.DirFS(dir)
	return out
}

// startJobs starts the outbox's worker with the handler of every job
// kind; without a mailer, mails stay queued.
func startJobs(db *data.DB, mailer *mail.Mailer, o outbox.Options) *outbox.Worker {
	w := outbox.Start(db, o)
	if mailer != nil {
		w.Handle(data.JobMail, outbox.SendMail(mailer))
	}
	return w
}

// handleJobs has w run the jobs the server's flows queue (the mails are
// startJobs').
func (s *Server) handleJobs(w *outbox.Worker) {
	w.Handle(econtract.JobSigned, s.econtract.MailSigned)
	s.handleInvoiceJobs(w)
	w.Handle(data.JobEndPlan, func(ctx context.Context, p json.RawMessage) error { return s.checkout.EndPlan(ctx, p) })
	w.Handle(checkout.JobApproveRefund, func(ctx context.Context, p json.RawMessage) error { return s.checkout.SendApproved(ctx, p) })
	w.Handle(data.JobFreezeDecided, func(ctx context.Context, p json.RawMessage) error {
		return s.members.MailFreezeDecision(ctx, s.contractShop, p)
	})
	w.Handle(data.JobFreezeStart, func(ctx context.Context, p json.RawMessage) error { return s.checkout.FreezePlans(ctx, p, true) })
	w.Handle(data.JobFreezeEnd, func(ctx context.Context, p json.RawMessage) error { return s.checkout.FreezePlans(ctx, p, false) })
	w.Handle(data.JobReminder, s.remind)
	w.Handle(data.JobRenewal, func(ctx context.Context, p json.RawMessage) error { return s.checkout.RemindRenewal(ctx, p) })
	w.Handle(data.JobLine, outbox.PushLine(s.db, s.lineBot, s.now, s.log))
}

// purgeEvery is how often a host removes the deleted accounts past
// retention (any host may: the removal is one statement, repeatable).
const purgeEvery = 24 * time.Hour

// noShowEvery is how often a host marks the no-shows of the classes that
// ended (booking.Flows.MarkNoShows; any host may: the marking is one
// statement, repeatable).
const noShowEvery = time.Minute

// sweep runs fn now and then every every until ctx ends, logging its
// failure and, when it did something, how many rows it changed (what:
// what it does).
func (s *Server) sweep(ctx context.Context, every time.Duration, what string, fn func(context.Context) (int64, error)) {
	for {
		if n, err := fn(ctx); err != nil && ctx.Err() == nil {
			s.log.Error(what, "err", err)
		} else if n > 0 {
			s.log.Info(what+": done", "rows", n)
		}
		select {
		case <-ctx.Done():
			return
		case <-time.After(every):
		}
	}
}
