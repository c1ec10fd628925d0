package data

import (
	"context"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// TestPrivateCluster starts the embedded default's private cluster in a
// temporary directory, opens and migrates a database on it, and stops it.
func TestPrivateCluster(t *testing.T) {
	if findServerBin() == "" {
		t.Skip("PostgreSQL server programs (initdb, pg_ctl) are not installed")
	}
	dir, err := os.MkdirTemp("", "sfpg")
	if err != nil {
		t.Fatal(err)
	}
	defer os.RemoveAll(dir)
	os.Chmod(dir, 0o755) // the postgres user must reach it when tests run as root
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	log := slog.New(slog.NewTextHandler(io.Discard, nil))

	c, err := startCluster(ctx, filepath.Join(dir, "postgres"), log)
	if err != nil {
		t.Fatal(err)
	}
	stopped := false
	defer func() {
		if !stopped {
			c.stop()
		}
	}()
	if err := EnsureDatabase(ctx, c.url("postgres"), DefaultDatabase); err != nil {
		t.Fatal(err)
	}
	db, err := Open(ctx, c.url(DefaultDatabase), "", log)
	if err != nil {
		t.Fatal(err)
	}
	if ok, err := db.HasBrands(ctx); err != nil || ok {
		t.Fatalf("HasBrands on a new cluster = %v, %v", ok, err)
	}
	db.Close()
	c.stop()
	stopped = true
	if _, err := os.Stat(filepath.Join(dir, "postgres", "postmaster.pid")); !os.IsNotExist(err) {
		t.Fatalf("server still running after stop: %v", err)
	}
}
