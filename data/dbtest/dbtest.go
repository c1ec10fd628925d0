// Package dbtest gives each test a fresh, migrated database on the real
// PostgreSQL server and drops it when the test ends.
package dbtest

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"storefront/data"
	"storefront/data/demo"
)

// ServerURL is the server tests use: TEST_DATABASE_URL, default the local
// PostgreSQL of data.DefaultServer.
func ServerURL() string {
	if u := os.Getenv("TEST_DATABASE_URL"); u != "" {
		return u
	}
	return data.DefaultServer
}

var (
	templateOnce sync.Once
	templateName string
	templateErr  error
	counter      atomic.Int64
)

// New returns a migrated empty database for t.
func New(t testing.TB) *data.DB {
	t.Helper()
	return newDB(t)
}

// ImageDir is where the demo loads of tests store the demo's images (a
// test server serves it at /_static/catalogue/). The images' names carry
// their content's hash, so every test shares it.
var ImageDir = filepath.Join(os.TempDir(), "storefront-test-images")

// NewDemo returns a migrated database holding the demo catalogue.
func NewDemo(t testing.TB) *data.DB {
	t.Helper()
	db := newDB(t)
	if _, err := demo.LoadIfEmpty(context.Background(), db, ImageDir); err != nil {
		t.Fatalf("load demo: %v", err)
	}
	return db
}

// NewDemoAt is NewDemo with the demo's dates relative to now instead of
// today: the same catalogue on any day.
func NewDemoAt(t testing.TB, now time.Time) *data.DB {
	t.Helper()
	db := newDB(t)
	if _, err := demo.LoadAt(context.Background(), db, now, ImageDir); err != nil {
		t.Fatalf("load demo: %v", err)
	}
	return db
}

// URL creates a migrated empty database for t and returns its URL; it is
// dropped when t ends.
func URL(t testing.TB) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	templateOnce.Do(func() { templateName, templateErr = makeTemplate(ctx) })
	if templateErr != nil {
		t.Fatalf("test database template: %v", templateErr)
	}
	name := fmt.Sprintf("sf_test_%d_%d", os.Getpid(), counter.Add(1))
	if err := exec(ctx, fmt.Sprintf("create database %s template %s", name, templateName)); err != nil {
		t.Fatalf("create test database: %v", err)
	}
	t.Cleanup(func() {
		exec(context.Background(), fmt.Sprintf("drop database if exists %s with (force)", name))
	})
	u := withDB(ServerURL(), name)
	if strings.Contains(u, "?") {
		return u + "&pool_max_conns=" + strconv.Itoa(testPoolConns)
	}
	return u + "?pool_max_conns=" + strconv.Itoa(testPoolConns)
}

// testPoolConns bounds each test database's pool below the production
// default (data.DefaultPoolConns): test runs open many pools at once on
// one PostgreSQL.
const testPoolConns = 4

func newDB(t testing.TB) *data.DB {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	url := URL(t)
	db, err := data.Open(ctx, url, "", slog.New(slog.NewTextHandler(io.Discard, nil)))
	if err != nil {
		t.Fatalf("open test database: %v", err)
	}
	t.Cleanup(db.Close)
	return db
}

// makeTemplate creates and migrates a template database for this process.
func makeTemplate(ctx context.Context) (string, error) {
	name := fmt.Sprintf("sf_tmpl_%d", os.Getpid())
	exec(ctx, fmt.Sprintf("drop database if exists %s with (force)", name))
	if err := exec(ctx, "create database "+name); err != nil {
		return "", err
	}
	db, err := data.Open(ctx, withDB(ServerURL(), name), "", slog.New(slog.NewTextHandler(io.Discard, nil)))
	if err != nil {
		return "", err
	}
	db.Close()
	dropStaleDatabases(ctx)
	return name, nil
}

// dropStaleDatabases drops test databases left by runs that were killed.
func dropStaleDatabases(ctx context.Context) {
	conn, err := pgx.Connect(ctx, ServerURL())
	if err != nil {
		return
	}
	defer conn.Close(ctx)
	rows, err := conn.Query(ctx, `select datname from pg_database where datname ~ '^sf_(test|tmpl)_[0-9]+'`)
	if err != nil {
		return
	}
	names, _ := pgx.CollectRows(rows, pgx.RowTo[string])
	for _, n := range names {
		var pid int
		fmt.Sscanf(n[len("sf_test_"):], "%d", &pid)
		if pid == os.Getpid() || processAlive(pid) {
			continue
		}
		conn.Exec(ctx, fmt.Sprintf("drop database if exists %s with (force)", pgx.Identifier{n}.Sanitize()))
	}
}

func processAlive(pid int) bool {
	_, err := os.Stat(fmt.Sprintf("/proc/%d", pid))
	return err == nil
}

func exec(ctx context.Context, sql string) error {
	conn, err := pgx.Connect(ctx, ServerURL())
	if err != nil {
		return err
	}
	defer conn.Close(ctx)
	_, err = conn.Exec(ctx, sql)
	return err
}

func withDB(serverURL, name string) string {
	u, err := url.Parse(serverURL)
	if err != nil {
		return serverURL
	}
	u.Path = "/" + name
	return u.String()
}

// WaitListening waits until a session of db's database listens on channel
// (data's listeners: "brand_changed", "session_revoked"): its LISTEN has
// run to its end. A test that starts a listener waits for this before it
// notifies, on a loaded machine as on an idle one.
func WaitListening(t testing.TB, db *data.DB, channel string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	stmt := "listen " + pgx.Identifier{channel}.Sanitize()
	for {
		var listening bool
		err := db.Pool.QueryRow(ctx, `select exists (select from pg_stat_activity
			where datname = current_database() and state = 'idle' and query = $1)`, stmt).Scan(&listening)
		if err != nil {
			t.Fatalf("waiting for a listener on %s: %v", channel, err)
		}
		if listening {
			return
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// Count runs a query of one integer (a count, a sum, an id) on db.
func Count(t testing.TB, db *data.DB, sql string, args ...any) int {
	t.Helper()
	var n int
	if err := db.Pool.QueryRow(context.Background(), sql, args...).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}
