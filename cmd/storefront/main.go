// Command storefront serves the multi-brand storefront (see host.Run).
package main

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"runtime/debug"
	"syscall"

	"storefront/data/demo"
	"storefront/host"
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
	if err := host.Run(ctx, os.Getenv, os.Stderr, nil, host.Fixtures{Static: demo.Folders, LoadIfEmpty: demo.LoadIfEmpty}); err != nil {
		fmt.Fprintln(os.Stderr, "storefront:", err)
		os.Exit(1)
	}
}
