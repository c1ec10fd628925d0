// Package e2e runs the browser tests: it starts the real storefront on a
// fresh database with the demo catalogue and runs the playwright-core tests
// (e2e/*.test.mjs) in Debian's Chromium against it.
package e2e

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"storefront/data/dbtest"
	"storefront/data/demo"
	"storefront/host"
)

// Chromium is where the tests find the browser (Debian's package).
const Chromium = "/usr/bin/chromium"

func TestBrowser(t *testing.T) {
	if _, err := os.Stat(Chromium); err != nil {
		t.Fatalf("Chromium is not installed at %s (apt-get install -y chromium)", Chromium)
	}
	if _, err := exec.LookPath("node"); err != nil {
		t.Fatal("node is not installed")
	}
	env := map[string]string{
		"DATABASE_URL":    dbtest.URL(t),
		"PORT":            "0",
		"STOREFRONT_DEMO": "1",
		"LOG_LEVEL":       "warn",
		"STOREFRONT_ENV":  "dev",
		// the demo's pictures, stored by its load
		"STOREFRONT_CATALOGUE_IMAGES": t.TempDir(),
	}
	for k, v := range extraEnv() {
		env[k] = v
	}
	ctx, cancel := context.WithCancel(context.Background())
	ready := make(chan string, 1)
	done := make(chan error, 1)
	go func() {
		done <- host.Run(ctx, func(k string) string { return env[k] }, os.Stderr, ready, host.Fixtures{Static: demo.Folders, LoadIfEmpty: demo.LoadIfEmpty})
	}()
	var addr string
	select {
	case addr = <-ready:
	case err := <-done:
		t.Fatalf("storefront did not start: %v", err)
	case <-time.After(time.Minute):
		t.Fatal("storefront did not start within a minute")
	}
	defer func() {
		cancel()
		<-done
	}()
	if err := soonSessions(ctx, env["DATABASE_URL"]); err != nil {
		t.Fatalf("the booking journey's sessions: %v", err)
	}
	_, port, _ := splitPort(addr)
	tests, _ := filepath.Glob("*.test.mjs")
	args := append([]string{"--test", "--test-concurrency=1"}, tests...)
	if only := os.Getenv("E2E_ONLY"); only != "" {
		args = []string{"--test", only}
	}
	cmd := exec.CommandContext(ctx, "node", args...)
	// DATABASE_URL: tests arrange what no page can (a changed price, an
	// off-shelf item) in the storefront's own database (lib.mjs sql)
	cmd.Env = append(os.Environ(), "STOREFRONT_URL=http://127.0.0.1:"+port, "CHROMIUM="+Chromium, "DATABASE_URL="+env["DATABASE_URL"], "SCANNER_TOKEN="+scannerToken)
	cmd.Stdout, cmd.Stderr = os.Stdout, os.Stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("browser tests failed: %v", err)
	}
}
