// Command storefront serves the multi-brand storefront (see host.Run).
package main

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/signal"
	"runtime/debug"
	"syscall"

	"storefront/data"
	"storefront/data/demo"
	"storefront/host"
	"storefront/host/config"
)

// Garbage-collector defaults, from the benchmark (bench/): rendering in goja
// allocates heavily, and collecting less often (GOGC 400) made renders about
// 9% faster than Go's default of 100, while the host stayed near 70 MB.
// The memory limit keeps the heap well under the 400 MB budget when it
// grows. GOGC and GOMEMLIMIT in the environment override both.
const (
	defaultGOGC        = 400
	defaultMemoryLimit = 320 << 20
)

func main() {
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(defaultGOGC)
	}
	if os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(defaultMemoryLimit)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if len(os.Args) > 1 && os.Args[1] == "catalogue" {
		if err := catalogueCommand(ctx, os.Args[2:], os.Getenv, os.Stdout, os.Stderr); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		return
	}
	if len(os.Args) > 1 && os.Args[1] == "brand" {
		if err := brandCommand(ctx, os.Args[2:], os.Getenv, os.Stdin, os.Stdout, os.Stderr); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		return
	}
	if len(os.Args) > 1 && os.Args[1] == "freeze" {
		if err := freezeCommand(ctx, os.Args[2:], os.Getenv, os.Stdout, os.Stderr); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		return
	}
	if err := host.Run(ctx, os.Getenv, os.Stderr, nil, host.Fixtures{Static: demo.Folders, LoadIfEmpty: demo.LoadIfEmpty}); err != nil {
		fmt.Fprintln(os.Stderr, "storefront:", err)
		os.Exit(1)
	}
}

// openDB loads the environment's configuration and opens its database,
// logging its warnings to stderr: what the operators' commands share.
func openDB(ctx context.Context, getenv func(string) string, stderr io.Writer) (*config.Config, *data.DB, error) {
	cfg, err := config.Load(getenv)
	if err != nil {
		return nil, nil, err
	}
	db, err := data.Open(ctx, cfg.DatabaseURL, cfg.VarDir, slog.New(slog.NewTextHandler(stderr, &slog.HandlerOptions{Level: slog.LevelWarn})))
	if err != nil {
		return nil, nil, fmt.Errorf("database: %w", err)
	}
	return &cfg, db, nil
}
