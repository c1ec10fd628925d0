package data

import (
	"context"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"net/url"
	"path/filepath"
	"storefront"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/jackc/tern/v2/migrate"
)

// DefaultServer is where the embedded default looks for PostgreSQL when
// DATABASE_URL is unset.
const DefaultServer = "postgres://postgres@127.0.0.1:5432/postgres?connect_timeout=2&sslmode=disable"

// DefaultDatabase is the database the embedded default creates and uses.
const DefaultDatabase = "storefront"

// DefaultPoolConns is the most connections a process opens when
// DATABASE_URL sets no pool_max_conns (the one way to change it). pgx's
// own default, max(4, CPUs), kept 100 members booking at once on a
// two-core host waiting in line for 4 connections that PostgreSQL mostly
// left idle: a transaction holds its connection for its round trips and
// its commit's WAL flush, not for CPU, so more of them under way raise the
// rate until PostgreSQL's CPUs are busy, and commits flushed together cost
// one flush. 16 covers the renderers (one a CPU, each loading a page's
// data) and the API's transactions beside them; two hosts take 32 of
// PostgreSQL's default max_connections of 100 (README: capacity).
const DefaultPoolConns = 16

// ErrNoPostgres is returned by Open when DATABASE_URL is unset, nothing
// answers on 127.0.0.1:5432 and no PostgreSQL server programs are installed.
var ErrNoPostgres = errors.New("no PostgreSQL: install it (Debian: apt-get install postgresql) or set DATABASE_URL=postgres://user@host:5432/db")

//go:embed migrations/*.sql
var migrations embed.FS

// DB is the application's database: a pgx pool on a migrated schema.
type DB struct {
	Pool    *pgxpool.Pool
	cluster *cluster // the private cluster started by Open, if any
}

// Open connects to databaseURL and runs the migrations. With databaseURL
// empty it uses the embedded default: PostgreSQL on 127.0.0.1:5432 (creating
// database storefront when missing), else a private cluster of its own under
// varDir/postgres when initdb and pg_ctl are installed, else ErrNoPostgres.
func Open(ctx context.Context, databaseURL, varDir string, log *slog.Logger) (*DB, error) {
	db := &DB{}
	if databaseURL == "" {
		u, c, err := embeddedDefault(ctx, varDir, log)
		if err != nil {
			return nil, err
		}
		databaseURL, db.cluster = u, c
	}
	cfg, err := pgxpool.ParseConfig(databaseURL)
	if err != nil {
		db.Close()
		return nil, fmt.Errorf("DATABASE_URL: %w", err)
	}
	if db.cluster == nil {
		if err := createIfMissing(ctx, cfg.ConnConfig, log); err != nil {
			return nil, err
		}
	}
	if !strings.Contains(databaseURL, "pool_max_conns=") {
		cfg.MaxConns = DefaultPoolConns
	}
	cfg.MaxConnIdleTime = 5 * time.Minute
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		db.Close()
		return nil, fmt.Errorf("connect: %w", err)
	}
	db.Pool = pool
	if err := db.Migrate(ctx); err != nil {
		db.Close()
		return nil, err
	}
	return db, nil
}

// Close closes the pool and stops the private cluster if Open started one.
func (db *DB) Close() {
	if db.Pool != nil {
		db.Pool.Close()
	}
	if db.cluster != nil {
		db.cluster.stop()
	}
}

// Ping reports whether the database answers.
func (db *DB) Ping(ctx context.Context) error { return db.Pool.Ping(ctx) }

// Migrate applies the embedded migrations not yet recorded in the table
// schema_version, each in its own transaction.
func (db *DB) Migrate(ctx context.Context) error {
	conn, err := db.Pool.Acquire(ctx)
	if err != nil {
		return fmt.Errorf("migrate: %w", err)
	}
	defer conn.Release()
	m, err := migrator(ctx, conn.Conn())
	if err == nil {
		err = m.Migrate(ctx)
	}
	if err != nil {
		return fmt.Errorf("migrate: %w", err)
	}
	return nil
}

// migrator is the migrator of the embedded migrations on conn.
func migrator(ctx context.Context, conn *pgx.Conn) (*migrate.Migrator, error) {
	m, err := migrate.NewMigrator(ctx, conn, "schema_version")
	if err != nil {
		return nil, err
	}
	sub, _ := fs.Sub(migrations, "migrations")
	return m, m.LoadMigrations(sub)
}

// embeddedDefault finds or starts a server and returns the URL of database
// storefront on it.
func embeddedDefault(ctx context.Context, varDir string, log *slog.Logger) (string, *cluster, error) {
	if err := EnsureDatabase(ctx, DefaultServer, DefaultDatabase); err == nil {
		return withDatabase(DefaultServer, DefaultDatabase), nil, nil
	} else if !isUnreachable(err) {
		return "", nil, fmt.Errorf("PostgreSQL on 127.0.0.1:5432: %w", err)
	}
	c, err := startCluster(ctx, filepath.Join(varDir, "postgres"), log)
	if err != nil {
		return "", nil, err
	}
	server := c.url("postgres")
	if err := EnsureDatabase(ctx, server, DefaultDatabase); err != nil {
		c.stop()
		return "", nil, err
	}
	log.Info("using private PostgreSQL cluster", "dir", c.dir)
	return c.url(DefaultDatabase), c, nil
}

// EnsureDatabase connects to serverURL and creates database name if missing.
func EnsureDatabase(ctx context.Context, serverURL, name string) error {
	conn, err := pgx.Connect(ctx, serverURL)
	if err != nil {
		return err
	}
	defer conn.Close(ctx)
	var exists bool
	if err := conn.QueryRow(ctx, "select exists(select 1 from pg_database where datname = $1)", name).Scan(&exists); err != nil {
		return err
	}
	if exists {
		return nil
	}
	return createDatabase(ctx, conn, name)
}

// createDatabase creates database name; one created meanwhile by another
// process is not an error.
func createDatabase(ctx context.Context, conn *pgx.Conn, name string) error {
	_, err := conn.Exec(ctx, "create database "+pgx.Identifier{name}.Sanitize())
	if err != nil && storefront.AsError(err).Kind == storefront.KindConflict {
		return nil
	}
	return err
}

// createIfMissing creates the database a DATABASE_URL names when its server
// answers that it does not exist (SQLSTATE 3D000), as the embedded default
// does, so that a fresh machine's first run does not stop there; creating
// it needs the CREATEDB privilege, and without it the error says what to do.
func createIfMissing(ctx context.Context, cc *pgx.ConnConfig, log *slog.Logger) error {
	conn, err := pgx.ConnectConfig(ctx, cc.Copy())
	if err == nil {
		return conn.Close(ctx)
	}
	var pgErr *pgconn.PgError
	if !errors.As(err, &pgErr) || pgErr.Code != "3D000" {
		return nil // the pool reports it, with the pool's own retries
	}
	server := cc.Copy()
	server.Database = "postgres"
	admin, err := pgx.ConnectConfig(ctx, server)
	if err != nil {
		return fmt.Errorf("DATABASE_URL names database %q, which does not exist, and the server's database postgres cannot be reached to create it: %w", cc.Database, err)
	}
	defer admin.Close(ctx)
	if err := createDatabase(ctx, admin, cc.Database); err != nil {
		return fmt.Errorf("DATABASE_URL names database %q, which does not exist; creating it failed (create it, or grant CREATEDB): %w", cc.Database, err)
	}
	if log != nil {
		log.Info("created the database DATABASE_URL names", "database", cc.Database)
	}
	return nil
}

// withDatabase returns serverURL with its database replaced by name.
func withDatabase(serverURL, name string) string {
	u, err := url.Parse(serverURL)
	if err != nil {
		return serverURL
	}
	u.Path = "/" + name
	return u.String()
}

// isUnreachable reports whether err means no server answered (as opposed to
// a server that answered with an error).
func isUnreachable(err error) bool {
	var pgErr interface{ SQLState() string }
	return !errors.As(err, &pgErr)
}

// queryList runs sql and reads every row with scan: an empty slice, not
// nil, when there is none.
func queryList[T any](ctx context.Context, db *DB, scan func(pgx.Row, *T) error, sql string, args ...any) ([]T, error) {
	rows, err := db.Pool.Query(ctx, sql, args...)
	if err != nil {
		return nil, dbErr(err)
	}
	defer rows.Close()
	out := []T{}
	for rows.Next() {
		var v T
		if err := scan(rows, &v); err != nil {
			return nil, dbErr(err)
		}
		out = append(out, v)
	}
	return out, dbErr(rows.Err())
}

// inTx runs fn in one transaction: committed when fn returns nil, rolled
// back otherwise. One use case is one call of inTx.
func (db *DB) inTx(ctx context.Context, fn func(tx pgx.Tx) error) error {
	return dbErr(pgx.BeginFunc(ctx, db.Pool, fn))
}

// querier is a pool or a transaction.
type querier interface {
	QueryRow(ctx context.Context, sql string, args ...any) pgx.Row
	Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error)
}

// dbErr maps a database error to a *storefront.Error (see
// storefront.AsError), keeping nil nil.
func dbErr(err error) error {
	if err == nil {
		return nil
	}
	return storefront.AsError(err)
}
