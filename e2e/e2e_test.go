// Package e2e runs the browser tests: each playwright-core test file
// (e2e/*.test.mjs) is a subtest with a storefront of its own, on a fresh
// database with the demo catalogue, run by node's test runner in Debian's
// Chromium; a few files run side by side (E2E_PARALLEL).
package e2e

import (
	"bytes"
	"cmp"
	"context"
	"fmt"
	"math"
	"net"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"storefront/data/dbtest"
	"storefront/data/demo"
	"storefront/host"
)

// Chromium is where the tests find the browser (Debian's package).
const Chromium = "/usr/bin/chromium"

// parallel is how many browser files run at once by default: each is a
// node process, a Chromium and a storefront, and a third beside two no
// longer shortens the run on two cores (E2E_PARALLEL overrides it).
const parallel = 2

// A test is not a latency budget: a storefront under test renders and
// queues for as long as a loaded machine needs, and a render that never
// ends still fails within the run.
const (
	renderTimeout = "1m"
	renderQueue   = "1m"
	startCeiling  = 5 * time.Minute
)

// longest are the browser files that run longest (measured: a11y about
// four times the others), started first so that none is left running
// alone at the end; the others follow, the largest first.
var longest = []string{"a11y.test.mjs", "catalogue.test.mjs"}

// TestBrowser runs the browser files side by side, E2E_PARALLEL at a time
// (the longest first), or only those E2E_ONLY names (comma-separated, as
// booking.test.mjs).
func TestBrowser(t *testing.T) {
	if _, err := os.Stat(Chromium); err != nil {
		t.Fatalf("Chromium is not installed at %s (apt-get install -y chromium)", Chromium)
	}
	if _, err := exec.LookPath("node"); err != nil {
		t.Fatal("node is not installed")
	}
	files, err := browserFiles(os.Getenv("E2E_ONLY"))
	if err != nil {
		t.Fatal(err)
	}
	n, err := parallelism(os.Getenv("E2E_PARALLEL"))
	if err != nil {
		t.Fatal(err)
	}
	slots := make(chan struct{}, n)
	var wg sync.WaitGroup
	for _, f := range files {
		slots <- struct{}{}
		wg.Go(func() {
			defer func() { <-slots }()
			t.Run(f, func(t *testing.T) { runFile(t, f) })
		})
	}
	wg.Wait()
}

// runFile runs one browser file against a storefront of its own.
func runFile(t *testing.T, file string) {
	log := &logBuffer{}
	env := startHost(t, log)
	// the fixtures' one connection and psql (lib.mjs sql) take no pool setting
	dbURL := withoutPoolSize(env["DATABASE_URL"])
	if fx := fixtures[file]; fx != nil {
		if err := fx(t.Context(), dbURL); err != nil {
			t.Fatalf("the fixtures of %s: %v", file, err)
		}
	}
	cmd := exec.CommandContext(t.Context(), "node", "--test", file)
	// DATABASE_URL: tests arrange what no page can (a changed price, an
	// off-shelf item) in the storefront's own database (lib.mjs sql)
	cmd.Env = append(os.Environ(), "STOREFRONT_URL="+env["STOREFRONT_URL"], "CHROMIUM="+Chromium,
		"DATABASE_URL="+dbURL, "SCANNER_TOKEN="+scannerToken, "CHECKIN_KEY="+checkInKey)
	out := t.Output() // one writer: exec then copies both streams in one goroutine
	cmd.Stdout, cmd.Stderr = out, out
	cmd.WaitDelay = time.Minute // a browser left behind does not hold the run
	if err := cmd.Run(); err != nil {
		t.Errorf("%s failed: %v\nthe storefront's log:\n%s", file, err, log)
	}
}

// withoutPoolSize is a database URL without pgx's pool_max_conns, which
// a single connection and psql refuse.
func withoutPoolSize(u string) string {
	p, err := url.Parse(u)
	if err != nil {
		return u
	}
	q := p.Query()
	q.Del("pool_max_conns")
	p.RawQuery = q.Encode()
	return p.String()
}

// startHost starts a storefront on a free port with a fresh database and
// image directory, stopped when t ends, and returns its environment with
// STOREFRONT_URL, its address.
func startHost(t *testing.T, log *logBuffer) map[string]string {
	env := map[string]string{
		"DATABASE_URL":    dbtest.URL(t),
		"PORT":            "0",
		"STOREFRONT_DEMO": "1",
		"LOG_LEVEL":       "warn",
		"STOREFRONT_ENV":  "dev",
		// the demo's pictures, stored by its load
		"STOREFRONT_CATALOGUE_IMAGES":      t.TempDir(),
		"STOREFRONT_CHECKIN_SCANNER_TOKEN": scannerToken,
		"STOREFRONT_CHECKIN_KEY":           checkInKey,
		"STOREFRONT_RENDER_TIMEOUT":        renderTimeout,
		"STOREFRONT_RENDER_QUEUE":          renderQueue,
	}
	ctx, cancel := context.WithCancel(context.Background())
	ready := make(chan string, 1)
	done := make(chan error, 1)
	go func() {
		done <- host.Run(ctx, func(k string) string { return env[k] }, log, ready, host.Fixtures{Static: demo.Folders, LoadIfEmpty: demo.LoadIfEmpty})
	}()
	select {
	case addr := <-ready:
		_, port, _ := net.SplitHostPort(addr)
		env["STOREFRONT_URL"] = "http://127.0.0.1:" + port
	case err := <-done:
		cancel()
		t.Fatalf("storefront did not start: %v\n%s", err, log)
	case <-time.After(startCeiling):
		cancel()
		t.Fatalf("storefront did not start within %v\n%s", startCeiling, log)
	}
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("storefront: %v", err)
		}
	})
	return env
}

// browserFiles are the test files to run, the longest first; only names
// the ones to run (comma-separated), or all when empty.
func browserFiles(only string) ([]string, error) {
	all, err := filepath.Glob("*.test.mjs")
	if err != nil {
		return nil, err
	}
	files := all
	if only != "" {
		files = nil
		for _, f := range strings.Split(only, ",") {
			f = filepath.Base(strings.TrimSpace(f))
			if !slices.Contains(all, f) {
				return nil, fmt.Errorf("E2E_ONLY: no browser test file %q in e2e/", f)
			}
			files = append(files, f)
		}
	}
	rank := map[string]int64{}
	for _, f := range files {
		fi, err := os.Stat(f)
		if err != nil {
			return nil, err
		}
		rank[f] = fi.Size()
		if i := slices.Index(longest, f); i >= 0 {
			rank[f] = math.MaxInt64 - int64(i)
		}
	}
	slices.SortStableFunc(files, func(a, b string) int { return cmp.Compare(rank[b], rank[a]) })
	return files, nil
}

// parallelism is E2E_PARALLEL (v), a positive number, or parallel.
func parallelism(v string) (int, error) {
	if v == "" {
		return parallel, nil
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < 1 {
		return 0, fmt.Errorf("E2E_PARALLEL=%q: want a positive number of browser files run at once", v)
	}
	return n, nil
}

// logBuffer keeps a storefront's log lines (written by its goroutines),
// shown when its browser file fails.
type logBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *logBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *logBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}
