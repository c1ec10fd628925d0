// Package host is the storefront's HTTP side: brand resolution, the page
// route table and its guards, the JSON API, streamed server-rendered pages
// and the static assets.
package host

import (
	"context"
	"io"
	"io/fs"
	"log/slog"
	"net/http"
	"sync/atomic"
	"time"

	"github.com/hashicorp/golang-lru/v2/expirable"

	"storefront/booking"
	"storefront/cache"
	"storefront/checkout"
	"storefront/data"
	"storefront/econtract"
	"storefront/host/config"
	"storefront/mail"
	"storefront/mail/devbox"
	"storefront/members"
	"storefront/outbox"
	"storefront/providers"
	"storefront/renderer"
)

// Server holds the dependencies of every handler.
type Server struct {
	cfg    config.Config
	db     *data.DB
	cache  *cache.Cache
	pool   *renderer.Pool
	bundle *renderer.Bundle
	log    *slog.Logger
	// accessLog receives the access log's lines (Deps.AccessLog)
	accessLog io.Writer
	now       func() time.Time
	domains   atomic.Pointer[map[string]data.Domain]
	pages     *pageCache // nil: the page cache is off
	brands    *expirable.LRU[string, *data.Brand]
	views     *expirable.LRU[string, any] // catalogue reads, decoded (viewed)
	// lineBotInfo keeps the LINE Official Accounts' identities (line_notify.go)
	lineBotInfo *expirable.LRU[string, providers.LineBotInfo]
	handler     http.Handler
	gz          http.Handler // see gzipped
	mailer      *mail.Mailer // nil: no SMTP server configured
	mailbox     *devbox.Box  // the development mailbox, when mails go there
	static      map[string]fs.FS
	// imageVersion is the version in resized images' URLs (images.go)
	imageVersion string
	outbox       *outbox.Worker
	members      *members.Flows   // the members' account flows
	bookings     *booking.Flows   // the booking flows
	checkout     *checkout.Flows  // the purchase flows
	econtract    *econtract.Flows // the e-contract flows
	revoked      revocations      // sessions revoked lately: refused from any cache
	metrics      *metrics
	// sitemapLimits bound a sitemap file (sitemapMax; tests lower them)
	sitemapLimits sitemapLimits
	// the payment providers' local sandboxes (dev), when mounted
	newebpaySandbox  *providers.NewebPaySandbox
	linepaySandbox   *providers.LinePaySandbox
	lineLoginSandbox *providers.LineLoginSandbox
	lineBotSandbox   *providers.LineBotSandbox
	achSandbox       *providers.ACHSandbox
	chaileaseSandbox *providers.ChaileaseSandbox
	ezpaySandbox     *providers.EzPaySandbox
	sandboxClient    *http.Client
	// patterns are the patterns routes() registered (the API's
	// declarations are held against them: api_docs_test.go)
	patterns []string
}

// Deps are what NewServer builds a Server from.
type Deps struct {
	Config config.Config
	DB     *data.DB
	Cache  *cache.Cache
	Pool   *renderer.Pool
	Bundle *renderer.Bundle
	Log    *slog.Logger
	// AccessLog is where the access log's lines go (access_log.go), the
	// writer Log writes to; nil: no access log.
	AccessLog io.Writer
	Now       func() time.Time // default time.Now
	// Mailer sends the members' e-mails; nil when none can be sent.
	Mailer *mail.Mailer
	// Mailbox, when set, is shown at /dev/mailbox (the dev environment's
	// development mailbox).
	Mailbox *devbox.Box
	// Static are folders of files served at /_static/{name}/ (images also
	// resized at /_img/): the demo catalogue's pictures, given by the
	// binary (cmd/storefront), not known to host.
	Static map[string]fs.FS
	// Outbox, when set, is told when a job was queued (it runs them).
	Outbox *outbox.Worker
	// SandboxClient sends the NewebPay sandbox's notifications (nil: a
	// client with a 20 s timeout; tests route it to their server).
	SandboxClient *http.Client
}

// NewServer builds the server and loads the custom-domain table.
func NewServer(ctx context.Context, d Deps) (*Server, error) {
	s := &Server{cfg: d.Config, db: d.DB, cache: d.Cache, pool: d.Pool, bundle: d.Bundle, log: d.Log, accessLog: d.AccessLog, now: d.Now,
		mailer: d.Mailer, mailbox: d.Mailbox, static: d.Static, outbox: d.Outbox, sitemapLimits: sitemapMax}
	if s.now == nil {
		s.now = time.Now
	}
	s.members = &members.Flows{DB: s.db, Now: s.now, Queued: func() { s.outbox.Kick() }, PhoneKey: s.cfg.MemberKey}
	s.bookings = &booking.Flows{DB: s.db, Now: s.now, Queued: func() { s.outbox.Kick() }}
	s.econtract = &econtract.Flows{DB: s.db, Now: s.now, Shop: s.contractShop, Queued: func() { s.outbox.Kick() }}
	if s.outbox != nil {
		s.handleJobs(s.outbox)
	}
	var err error
	if s.imageVersion, err = imageVersionOf(d.Static); err != nil {
		return nil, err
	}
	if err := s.loadDomains(ctx); err != nil {
		return nil, err
	}
	if err := s.loadRevocations(ctx); err != nil {
		return nil, err
	}
	s.brands = expirable.NewLRU[string, *data.Brand](1024, nil, brandLocalTTL)
	s.views = expirable.NewLRU[string, any](viewLocalKeep, nil, viewLocalTTL)
	s.lineBotInfo = expirable.NewLRU[string, providers.LineBotInfo](1024, nil, lineBotInfoTTL)
	if s.cfg.PageCache {
		s.pages = newPageCache(pageLocalBytes)
	}
	s.metrics = newMetrics(s)
	sb := s.cfg.Sandboxes() // on the settled public origin
	if sb.NewebPay {
		s.newebpaySandbox = providers.NewNewebPaySandbox(s.cfg.NewebPay, d.SandboxClient)
		s.newebpaySandbox.Now = s.now
	}
	if sb.LinePay {
		s.linepaySandbox = providers.NewLinePaySandbox(s.cfg.LinePay.ChannelID, s.cfg.LinePay.ChannelSecret)
		s.linepaySandbox.URL, s.linepaySandbox.Now = s.cfg.LinePay.URL, s.now
	}
	if sb.LineLogin {
		s.lineLoginSandbox = providers.NewLineLoginSandbox(s.cfg.LineLogin.ChannelID, s.cfg.LineLogin.ChannelSecret)
		s.lineLoginSandbox.Now = s.now
	}
	if sb.LineBot {
		s.lineBotSandbox = providers.NewLineBotSandbox(s.cfg.LineBot.ChannelID, s.cfg.LineBot.AccessToken)
		s.lineBotSandbox.SetSecret(s.cfg.LineBot.ChannelID, s.cfg.LineBot.ChannelSecret)
		s.lineBotSandbox.Now, s.lineBotSandbox.Webhooks, s.lineBotSandbox.Client = s.now, s.sandboxWebhooks, d.SandboxClient
		if s.lineLoginSandbox != nil { // the Login channel's linked LINE Official Account
			s.lineLoginSandbox.Bot, s.lineLoginSandbox.BotChannel = s.lineBotSandbox, s.cfg.LineBot.ChannelID
		}
	}
	s.addSandboxMerchants()
	s.sandboxClient = d.SandboxClient
	s.mountDeferredSandboxes(sb)
	s.mountInvoiceSandbox(sb)
	s.checkout = s.checkoutFlows() // after the sandboxes settled the providers' URLs
	s.handler = s.routes()
	return s, nil
}

// ServeHTTP serves every request.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) { s.handler.ServeHTTP(w, r) }

// loadDomains reads the custom-domain table.
func (s *Server) loadDomains(ctx context.Context) error {
	ds, err := s.db.Domains(ctx)
	if err != nil {
		return err
	}
	m := make(map[string]data.Domain, len(ds))
	for _, d := range ds {
		m[d.Host] = d
	}
	s.domains.Store(&m)
	return nil
}

// SessionRevoked drops a session revoked by any process from this
// process's cache and refuses any cached copy of it from now on (key: the
// session's hash in hex; "" when notices may have been missed: the recent
// revocations are read again).
func (s *Server) SessionRevoked(key string) {
	if key == "" { // notices may have been missed
		if err := s.loadRevocations(context.Background()); err != nil {
			s.log.Warn("reload session revocations", "err", err)
		}
		return
	}
	s.revoked.add(key)
	s.cache.DeleteLocal(sessionCacheKey(key))
}

// BrandChanged drops what is cached about a brand ("" for any brand) and
// reloads the custom-domain table. It runs on each database notification.
func (s *Server) BrandChanged(ctx context.Context, brandID string) {
	if brandID != "" {
		s.brands.Remove(brandID)
		s.cache.Delete(ctx, brandKey(brandID))
	} else {
		s.brands.Purge()
	}
	if err := s.loadDomains(ctx); err != nil {
		s.log.Warn("reload custom domains", "err", err)
	}
	s.warmBrand(brandID)
	s.purgeEdge(brandID)
}

func (s *Server) healthz(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Write([]byte("ok\n"))
}

func (s *Server) readyz(w http.ResponseWriter, r *http.Request) {
	ctx, cancel := context.WithTimeout(r.Context(), 2*time.Second)
	defer cancel()
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	if err := s.db.Ping(ctx); err != nil {
		w.WriteHeader(http.StatusServiceUnavailable)
		w.Write([]byte("database unreachable\n"))
		return
	}
	w.Write([]byte("ready\n"))
}
