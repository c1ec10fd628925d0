// Command build bundles the React app (see renderer/build).
package main

import (
	"fmt"
	"os"

	"storefront/renderer/build"
)

func main() {
	m, err := build.Run(build.Options{Root: ".", OutDir: "renderer/dist"})
	if err != nil {
		fmt.Fprintln(os.Stderr, "build:", err)
		os.Exit(1)
	}
	fmt.Printf("built %s: entry %s, %d pages\n", m.BuildID, m.Entry.File, len(m.Pages))
}
