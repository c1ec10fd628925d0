package host

import (
	"io"
	"log/slog"
	"strconv"
	"sync"
	"time"
	"unicode"
	"unicode/utf8"
)

// The access log: one line a request, written as slog's handler of the
// process's format (LOG_FORMAT: text or json) writes a record with these
// attributes, byte for byte (TestAccessLineIsSlogs), but made by hand
// into a pooled buffer. Through slog a line took 2.4-3.4 µs of a warm
// hit's 25-29 µs of CPU (the record, its caller's frame, each attribute's
// value and quoting in turn); by hand it takes a fraction, for the same
// line. The other log lines go through slog as before.

// accessLine is one request's line.
type accessLine struct {
	time                                    time.Time
	level                                   slog.Level
	id, method, path, route, remote, client string
	status                                  int
	bytes                                   int64
	took                                    time.Duration
}

var accessBufs = sync.Pool{New: func() any { b := make([]byte, 0, 512); return &b }}

// writeAccess writes l to w as one line in format ("json", else text).
func writeAccess(w io.Writer, format string, l *accessLine) {
	bp := accessBufs.Get().(*[]byte)
	b := (*bp)[:0]
	if format == "json" {
		b = l.appendJSON(b)
	} else {
		b = l.appendText(b)
	}
	w.Write(b)
	*bp = b
	accessBufs.Put(bp)
}

// appendText is slog.TextHandler's line of l.
func (l *accessLine) appendText(b []byte) []byte {
	b = append(b, "time="...)
	b = appendRFC3339Millis(b, l.time)
	b = append(b, " level="...)
	b = append(b, l.level.String()...)
	b = append(b, " msg=request request_id="...)
	b = appendTextString(b, l.id)
	b = append(b, " method="...)
	b = appendTextString(b, l.method)
	b = append(b, " path="...)
	b = appendTextString(b, l.path)
	b = append(b, " route="...)
	b = appendTextString(b, l.route)
	b = append(b, " status="...)
	b = strconv.AppendInt(b, int64(l.status), 10)
	b = append(b, " bytes="...)
	b = strconv.AppendInt(b, l.bytes, 10)
	b = append(b, " took="...)
	b = append(b, l.took.String()...)
	b = append(b, " remote="...)
	b = appendTextString(b, l.remote)
	b = append(b, " client="...)
	b = appendTextString(b, l.client)
	return append(b, '\n')
}

// appendJSON is slog.JSONHandler's line of l.
func (l *accessLine) appendJSON(b []byte) []byte {
	b = append(b, `{"time":"`...)
	b = l.time.Round(0).AppendFormat(b, time.RFC3339Nano)
	b = append(b, `","level":"`...)
	b = append(b, l.level.String()...)
	b = append(b, `","msg":"request","request_id":"`...)
	b = appendJSONString(b, l.id)
	b = append(b, `","method":"`...)
	b = appendJSONString(b, l.method)
	b = append(b, `","path":"`...)
	b = appendJSONString(b, l.path)
	b = append(b, `","route":"`...)
	b = appendJSONString(b, l.route)
	b = append(b, `","status":`...)
	b = strconv.AppendInt(b, int64(l.status), 10)
	b = append(b, `,"bytes":`...)
	b = strconv.AppendInt(b, l.bytes, 10)
	b = append(b, `,"took":`...)
	b = strconv.AppendInt(b, int64(l.took), 10)
	b = append(b, `,"remote":"`...)
	b = appendJSONString(b, l.remote)
	b = append(b, `","client":"`...)
	b = appendJSONString(b, l.client)
	return append(b, "\"}\n"...)
}

// appendRFC3339Millis is t as slog's text handler writes it: RFC 3339
// with exactly three digits of the second's fraction.
func appendRFC3339Millis(b []byte, t time.Time) []byte {
	const prefixLen = len("2006-01-02T15:04:05.000")
	n := len(b)
	t = t.Round(0).Truncate(time.Millisecond).Add(time.Millisecond / 10)
	b = t.AppendFormat(b, time.RFC3339Nano)
	return append(b[:n+prefixLen], b[n+prefixLen+1:]...) // drop the fourth digit
}

// jsonSafe: an ASCII byte a JSON string holds as it is (slog's safeSet).
func jsonSafe(c byte) bool { return c >= ' ' && c < utf8.RuneSelf && c != '"' && c != '\\' }

// appendTextString is s as slog's text handler writes a value: as it is,
// or quoted (Go syntax) when empty or holding a space, '=', a quote, a
// control character or anything not printable.
func appendTextString(b []byte, s string) []byte {
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c != '\\' && (c == ' ' || c == '=' || !jsonSafe(c)) {
				return strconv.AppendQuote(b, s)
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError || unicode.IsSpace(r) || !unicode.IsPrint(r) {
			return strconv.AppendQuote(b, s)
		}
		i += size
	}
	if s == "" {
		return append(b, `""`...)
	}
	return append(b, s...)
}

// appendJSONString is s escaped as slog's JSON handler escapes a string
// (without its quotes): quotes, backslashes and control characters
// escaped, invalid UTF-8 as U+FFFD, U+2028 and U+2029 escaped.
func appendJSONString(b []byte, s string) []byte {
	const hex = "0123456789abcdef"
	start := 0
	for i := 0; i < len(s); {
		if c := s[i]; c < utf8.RuneSelf {
			if jsonSafe(c) {
				i++
				continue
			}
			b = append(b, s[start:i]...)
			switch c {
			case '\\', '"':
				b = append(b, '\\', c)
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			case '\t':
				b = append(b, '\\', 't')
			default:
				b = append(b, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xF])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			b = append(append(b, s[start:i]...), `\ufffd`...)
			i += size
			start = i
			continue
		}
		if r == '\u2028' || r == '\u2029' {
			b = append(append(b, s[start:i]...), '\\', 'u', '2', '0', '2', hex[r&0xF])
			i += size
			start = i
			continue
		}
		i += size
	}
	return append(b, s[start:]...)
}
