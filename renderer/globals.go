package renderer

import (
	"fmt"
	"log/slog"
	"strings"
	"unicode/utf8"

	"github.com/dop251/goja"
)

// installGlobals gives a runtime what the server bundle expects of its host
// and goja lacks: console, TextEncoder and TextDecoder (React's edge build
// encodes its constants at load).
func installGlobals(rt *goja.Runtime, log *slog.Logger) {
	rt.Set("globalThis", rt.GlobalObject())
	console := rt.NewObject()
	logf := func(level slog.Level) func(goja.FunctionCall) goja.Value {
		return func(c goja.FunctionCall) goja.Value {
			parts := make([]string, len(c.Arguments))
			for i, a := range c.Arguments {
				parts[i] = a.String()
			}
			log.Log(nil, level, "renderer console", "msg", strings.Join(parts, " "))
			return goja.Undefined()
		}
	}
	console.Set("log", logf(slog.LevelDebug))
	console.Set("info", logf(slog.LevelDebug))
	console.Set("debug", logf(slog.LevelDebug))
	console.Set("warn", logf(slog.LevelWarn))
	console.Set("error", logf(slog.LevelError))
	rt.Set("console", console)

	rt.Set("__utf8Encode", func(s string) goja.ArrayBuffer { return rt.NewArrayBuffer([]byte(s)) })
	rt.Set("__utf8Decode", func(b goja.Value) string {
		var buf []byte
		switch x := b.Export().(type) {
		case []byte:
			buf = x
		case goja.ArrayBuffer:
			buf = x.Bytes()
		default:
			panic(rt.NewTypeError(fmt.Sprintf("TextDecoder: cannot decode %T", x)))
		}
		if !utf8.Valid(buf) {
			return strings.ToValidUTF8(string(buf), "\uFFFD")
		}
		return string(buf)
	})
	if _, err := rt.RunString(`
		globalThis.TextEncoder = class TextEncoder {
			get encoding() { return 'utf-8'; }
			encode(s) { return new Uint8Array(__utf8Encode(s === undefined ? '' : String(s))); }
		};
		globalThis.TextDecoder = class TextDecoder {
			get encoding() { return 'utf-8'; }
			decode(b) { return b === undefined ? '' : __utf8Decode(b); }
		};
	`); err != nil {
		panic(err) // our own constant source: cannot fail
	}
}
