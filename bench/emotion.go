package main

import (
	"errors"
	"fmt"
	"os"
	"time"

	"github.com/dop251/goja"
	"github.com/evanw/esbuild/pkg/api"
)

// emotionCost renders 100 elements in goja three ways (no class, a static
// class, css() per element) and returns the extra µs per element that
// styling adds over no class, for the static class and for css().
func emotionCost() (static, perElement float64, err error) {
	root, err := os.Getwd()
	if err != nil {
		return 0, 0, err
	}
	res := api.Build(api.BuildOptions{
		AbsWorkingDir: root,
		EntryPoints:   []string{"bench/emotion/entry.tsx"}, Bundle: true, Format: api.FormatIIFE,
		Platform: api.PlatformNeutral, MainFields: []string{"module", "main"}, Conditions: []string{"edge-light"},
		Target: api.ESNext, Supported: map[string]bool{"async-generator": false, "for-await": false},
		Define: map[string]string{"process.env.NODE_ENV": `"production"`}, JSX: api.JSXAutomatic,
		Outfile: "emotion.js", Write: false, LogLevel: api.LogLevelSilent,
	})
	if len(res.Errors) > 0 {
		return 0, 0, errors.New(res.Errors[0].Text)
	}
	rt := goja.New()
	rt.Set("globalThis", rt.GlobalObject())
	if _, err := rt.RunString(`globalThis.TextEncoder = class { encode(s) { return new Uint8Array(0); } };
		globalThis.console = { log() {}, warn() {}, error() {} };`); err != nil {
		return 0, 0, err
	}
	if _, err := rt.RunString(string(res.OutputFiles[0].Contents)); err != nil {
		return 0, 0, err
	}
	per := map[string]float64{}
	for _, name := range []string{"plain", "staticClass", "cssPerElement"} {
		fn, _ := goja.AssertFunction(rt.Get(name))
		for i := 0; i < 20; i++ {
			fn(goja.Undefined())
		}
		const n = 100
		start := time.Now()
		for i := 0; i < n; i++ {
			if _, err := fn(goja.Undefined()); err != nil {
				return 0, 0, fmt.Errorf("%s: %w", name, err)
			}
		}
		per[name] = float64(time.Since(start).Microseconds()) / n / 100 // µs per element
	}
	return per["staticClass"] - per["plain"], per["cssPerElement"] - per["plain"], nil
}
