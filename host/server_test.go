package host

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"net/http/httptest"
	"os"
	"sync"
	"testing"
	"time"

	"storefront/cache"
	"storefront/data"
	"storefront/data/dbtest"
	"storefront/data/demo"
	"storefront/host/config"
	"storefront/host/wire"
	"storefront/renderer"
	"storefront/rules"
)

// testServer is a Server on a fresh demo database with the real app bundle.
type testServer struct {
	*Server
	db     *data.DB
	log    *syncBuffer
	prefix string // its key space in Redis
}

type serverOpt func(*Deps)

// testRenderWait is the test servers' render deadline and queue wait: a
// test is not a latency budget, and a loaded machine (tests of several
// packages at once) may take many times the production deadline to render
// a page; a render that never ends still fails within the run.
const testRenderWait = time.Minute

func withEnv(env string) serverOpt   { return func(d *Deps) { d.Config.Env = env } }
func withRedis(url string) serverOpt { return func(d *Deps) { d.Config.RedisURL = url } }
func withBundle(js string) serverOpt {
	return func(d *Deps) {
		d.Bundle = &renderer.Bundle{Server: js, Manifest: d.Bundle.Manifest, Client: d.Bundle.Client}
	}
}

// withEnvHosts lists host names that choose the environment of the
// custom-domain redirect (STOREFRONT_ENV_HOSTS).
func withEnvHosts(hosts string) serverOpt {
	return func(d *Deps) { d.Config.EnvHosts, _ = config.EnvHosts(hosts) }
}

// withRenderers gives the test server n runtimes (one by default).
func withRenderers(n int) serverOpt { return func(d *Deps) { d.Config.Renderers = n } }

func withDeadline(t time.Duration) serverOpt {
	return func(d *Deps) { d.Config.RenderTimeout = t }
}

// syncBuffer collects log lines from concurrent handlers.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

var appBundle = sync.OnceValues(renderer.Embedded)

func newTestServer(t testing.TB, opts ...serverOpt) *testServer {
	t.Helper()
	bundle, err := appBundle()
	if err != nil {
		t.Fatalf("%v (the tests need the built bundles: make build)", err)
	}
	cfg, err := config.Load(func(string) string { return "" })
	if err != nil {
		t.Fatal(err)
	}
	// the trusted public origin of the tests: httptest's default Host, so
	// the tests that send another Host show it is not echoed
	cfg.PublicURL = "http://example.com"
	cfg.RenderTimeout, cfg.RenderQueue = testRenderWait, testRenderWait
	// one runtime: starting one (its bundle and every page module loaded
	// for the styles) is most of a test server's start; a test of
	// concurrent renders asks for more (withRenderers)
	cfg.Renderers = 1
	logs := &syncBuffer{}
	log := slog.New(slog.NewTextHandler(logs, &slog.HandlerOptions{Level: slog.LevelInfo}))
	// the server's clock is fixed, and the demo is loaded as on a fixed day
	// two days later (its sessions, passes and bookings are dated from the
	// day it is loaded): the same data whatever day the tests run. Loaded at
	// the server's own time, a demo session would start at that very time,
	// and a page listing it would expire at once (rules.PageExpiry)
	now := time.Date(2026, 11, 22, 10, 0, 0, 0, rules.Taipei)
	d := Deps{Config: cfg, DB: dbtest.NewDemoAt(t, now.AddDate(0, 0, 2)), Bundle: bundle, Log: log, AccessLog: logs, Static: withCatalogueImages(demo.Folders, dbtest.ImageDir),
		Now: func() time.Time { return now }}
	for _, o := range opts {
		o(&d)
	}
	// a key space of its own: test runs share the Redis
	prefix := fmt.Sprintf("test:%d:%p:", os.Getpid(), &d)
	d.Cache, err = cache.New(cache.Options{RedisURL: d.Config.RedisURL, Log: log, Prefix: prefix})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { d.Cache.Close() })
	d.Pool, err = renderer.NewPool(d.Bundle.Server, renderer.Options{Size: d.Config.Renderers, Deadline: d.Config.RenderTimeout, QueueWait: d.Config.RenderQueue, Log: log, Pages: d.Bundle.Manifest.PageNames()})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(d.Pool.Close)
	s, err := NewServer(context.Background(), d)
	if err != nil {
		t.Fatal(err)
	}
	return &testServer{Server: s, db: d.DB, log: logs, prefix: prefix}
}

// get sends a GET through the real handler.
func (ts *testServer) get(t *testing.T, target string, header ...string) *httptest.ResponseRecorder {
	t.Helper()
	return scenario{Path: target, Header: header}.run(t, ts)
}

// apiResult decodes an API answer's envelope.
func apiResult(t *testing.T, w *httptest.ResponseRecorder, data any) wire.Envelope {
	t.Helper()
	var env struct {
		ErrorCode int             `json:"errorCode"`
		Message   string          `json:"message"`
		Field     string          `json:"field"`
		Data      json.RawMessage `json:"data"`
	}
	if err := json.Unmarshal(w.Body.Bytes(), &env); err != nil {
		t.Fatalf("not an envelope: %v: %s", err, w.Body.String())
	}
	if data != nil && len(env.Data) > 0 && string(env.Data) != "null" {
		if err := json.Unmarshal(env.Data, data); err != nil {
			t.Fatalf("data: %v", err)
		}
	}
	return wire.Envelope{ErrorCode: env.ErrorCode, Message: env.Message, Field: env.Field}
}
