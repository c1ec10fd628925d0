// Command storefront serves the multi-brand storefront (see host.Run).
package main

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"syscall"

	"storefront/host"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := host.Run(ctx, os.Getenv, os.Stderr, nil); err != nil {
		fmt.Fprintln(os.Stderr, "storefront:", err)
		os.Exit(1)
	}
}
