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
	if len(os.Args) > 1 {
		if command, ok := commands[os.Args[1]]; ok {
			if err := command(ctx, os.Args[2:], os.Getenv, os.Stdin, os.Stdout, os.Stderr); err != nil {
				fmt.Fprintln(os.Stderr, err)
				os.Exit(1)
			}
			return
		}
	}
	if err := host.Run(ctx, os.Getenv, os.Stderr, nil, host.Fixtures{Static: demo.Folders, LoadIfEmpty: demo.LoadIfEmpty}); err != nil {
		fmt.Fprintln(os.Stderr, "storefront:", err)
		os.Exit(1)
	}
}

// command is an operator's command of the one binary: storefront NAME ARGS.
type command func(ctx context.Context, args []string, getenv func(string) string, stdin io.Reader, stdout, stderr io.Writer) error

// commands are the operators' commands by name; without one, the binary
// serves the storefront.
var commands = map[string]command{
	"catalogue": func(ctx context.Context, args []string, getenv func(string) string, _ io.Reader, stdout, stderr io.Writer) error {
		return catalogueCommand(ctx, args, getenv, stdout, stderr)
	},
	"brand": brandCommand,
	"refund": func(ctx context.Context, args []string, getenv func(string) string, _ io.Reader, stdout, stderr io.Writer) error {
		return refundCommand(ctx, args, getenv, stdout, stderr)
	},
	"freeze": func(ctx context.Context, args []string, getenv func(string) string, _ io.Reader, stdout, stderr io.Writer) error {
		return freezeCommand(ctx, args, getenv, stdout, stderr)
	},
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
