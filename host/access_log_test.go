package host

import (
	"bytes"
	"context"
	"log/slog"
	"math/rand/v2"
	"testing"
	"time"
)

// TestAccessLineIsSlogs: the access line made by hand is, byte for byte,
// the line slog's text and JSON handlers write for the same attributes,
// for values that need no quoting and for every kind that does (spaces,
// '=', quotes, backslashes, control characters, invalid UTF-8, U+2028,
// non-printable and wide characters, the empty string), and for random
// bytes.
func TestAccessLineIsSlogs(t *testing.T) {
	values := []string{"GET", "/demo/activitys", "brandId-index", "GET /api/brand/{brandId}/stores", "", "a b", "a=b",
		`say "hi"`, `back\slash`, "new\nline", "tab\t", "\x00\x1f\x7f", "bad \xff utf-8", "line\u2028sep\u2029", "課程 瑜伽",
		"\u00a0nbsp", "\u200bzero-width", "emoji 🧘", "<script>&", "192.0.2.1:5555", "lb-7f3a9c21-0001"}
	r := rand.New(rand.NewPCG(1, 2))
	for range 200 {
		b := make([]byte, r.IntN(12))
		for i := range b {
			b[i] = byte(r.UintN(256))
		}
		values = append(values, string(b))
	}
	at := []time.Time{time.Date(2026, 11, 28, 5, 13, 9, 123456789, time.UTC), time.Date(2026, 11, 28, 13, 0, 0, 0, time.FixedZone("CST", 8*3600)), time.Now()}
	for i, v := range values {
		l := &accessLine{time: at[i%len(at)], level: []slog.Level{slog.LevelInfo, slog.LevelWarn}[i%2], id: v, method: values[(i+1)%len(values)],
			path: values[(i+2)%len(values)], route: values[(i+3)%len(values)], status: 200 + i, bytes: int64(i) * 977,
			took: time.Duration(i) * 1234567, remote: values[(i+4)%len(values)], client: values[(i+5)%len(values)]}
		for _, format := range []string{"text", "json"} {
			var want, got bytes.Buffer
			opts := &slog.HandlerOptions{Level: slog.LevelDebug}
			var h slog.Handler = slog.NewTextHandler(&want, opts)
			if format == "json" {
				h = slog.NewJSONHandler(&want, opts)
			}
			rec := slog.NewRecord(l.time, l.level, "request", 0)
			rec.AddAttrs(slog.String("request_id", l.id), slog.String("method", l.method), slog.String("path", l.path),
				slog.String("route", l.route), slog.Int("status", l.status), slog.Int64("bytes", l.bytes),
				slog.Duration("took", l.took), slog.String("remote", l.remote), slog.String("client", l.client))
			if err := h.Handle(context.Background(), rec); err != nil {
				t.Fatal(err)
			}
			writeAccess(&got, format, l)
			if got.String() != want.String() {
				t.Fatalf("%s line of %q:\n got %s\nwant %s", format, v, got.String(), want.String())
			}
		}
	}
}
