package renderer

import (
	"fmt"
	"log/slog"
	"reflect"
	"strings"
	"unicode/utf8"

	"github.com/dop251/goja"
)

// installGlobals gives a runtime what the server bundle expects of its host
// and goja lacks: console, TextEncoder and TextDecoder (React's edge build
// encodes its constants at load), and __htmlSafe (React's escaping asks it
// first: renderer/build rewriteEscape).
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

	rt.Set("__htmlSafe", func(c goja.FunctionCall) goja.Value {
		return rt.ToValue(htmlSafe(c.Argument(0)))
	})

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

// htmlSafe reports whether x is a string without a character React's
// escapeTextForBrowser escapes (" ' & < >), read in place: an ASCII string
// is a Go string in goja, any other one UTF-16 code units (see goString).
// Any other value is not known safe (React then runs its own check).
func htmlSafe(x goja.Value) bool {
	if rv := reflect.ValueOf(x); rv.Kind() == reflect.String {
		return !strings.ContainsAny(rv.String(), `"'&<>`)
	}
	u, ok := utf16Units(x)
	if !ok {
		return false
	}
	for _, c := range u {
		switch c {
		case '"', '\'', '&', '<', '>':
			return false
		}
	}
	return true
}
