package renderer

import (
	"reflect"
	"slices"
	"unicode/utf16"
	"unicode/utf8"
	"unsafe"

	"github.com/dop251/goja"
)

// u16 is the type of goja's strings that hold a character outside ASCII: a
// slice of UTF-16 code units after a 0xFEFF mark.
var u16 = reflect.TypeFor[[]uint16]()

// utf16Units are the code units of x when it is one of goja's UTF-16
// strings (its 0xFEFF mark first), read in place.
func utf16Units(x goja.Value) ([]uint16, bool) {
	rv := reflect.ValueOf(x)
	if rv.Kind() != reflect.Slice || !rv.Type().ConvertibleTo(u16) {
		return nil, false
	}
	return rv.Convert(u16).Interface().([]uint16), true
}

// goString is x.String() without its copy through a []rune: a page's HTML
// (48 KB, in Chinese) is a UTF-16 string in goja, and String() decodes it
// into four bytes a character before encoding it, about 250 KB of garbage
// a render. This encodes the code units straight into UTF-8, as
// utf16.Decode does (a lone surrogate is U+FFFD), and falls back to
// String() for any other kind of value.
func goString(x goja.Value) string {
	u, ok := utf16Units(x)
	if !ok || len(u) == 0 || u[0] != 0xFEFF {
		return x.String()
	}
	u = u[1:]
	if len(u) == 0 {
		return ""
	}
	b := appendUTF8(nil, u)
	return unsafe.String(&b[0], len(b))
}

// appendUTF8 appends the UTF-8 of the code units u to b, as utf16.Decode
// would decode them (a lone surrogate is U+FFFD): grown once to its
// length, then into place, a run of ASCII (most of a page: its markup)
// four code units a step (asciiRun), any other a code unit at a time
// (strings.Builder's WriteByte and WriteRune cost several times these
// stores).
func appendUTF8(b []byte, u []uint16) []byte {
	j, n := len(b), utf8Len(u)
	b = slices.Grow(b, n)[:j+n]
	for i := 0; i < len(u); i++ {
		for end := asciiRun(u, i); i < end; i, j = i+4, j+4 {
			w, d := u[i:i+4:i+4], b[j:j+4:j+4]
			d[0], d[1], d[2], d[3] = byte(w[0]), byte(w[1]), byte(w[2]), byte(w[3])
		}
		if i == len(u) {
			break
		}
		c := u[i]
		switch {
		case c < utf8.RuneSelf:
			b[j] = byte(c)
			j++
		case c < 0x800:
			b[j] = 0xC0 | byte(c>>6)
			b[j+1] = 0x80 | byte(c&0x3F)
			j += 2
		case !utf16.IsSurrogate(rune(c)):
			b[j] = 0xE0 | byte(c>>12)
			b[j+1] = 0x80 | byte(c>>6&0x3F)
			b[j+2] = 0x80 | byte(c&0x3F)
			j += 3
		default:
			r := utf8.RuneError
			if i+1 < len(u) {
				if d := utf16.DecodeRune(rune(c), rune(u[i+1])); d != utf8.RuneError {
					r = d
					i++
				}
			}
			j += utf8.EncodeRune(b[j:], r)
		}
	}
	return b
}

// asciiRun is where the ASCII code units of u from i end, found four at a
// step: i plus a multiple of four (the last three or fewer are left to the
// caller's loop of one code unit at a time).
func asciiRun(u []uint16, i int) int {
	for ; i+4 <= len(u); i += 4 {
		if w := u[i : i+4 : i+4]; w[0]|w[1]|w[2]|w[3] >= utf8.RuneSelf {
			break
		}
	}
	return i
}

// utf8Len is the length in UTF-8 of the UTF-16 code units u (goString's),
// a run of ASCII four code units a step (asciiRun).
func utf8Len(u []uint16) int {
	n := 0
	for i := 0; i < len(u); i++ {
		end := asciiRun(u, i)
		n, i = n+end-i, end
		if i == len(u) {
			break
		}
		c := rune(u[i])
		switch {
		case c < utf8.RuneSelf:
			n++
		case utf16.IsSurrogate(c) && i+1 < len(u) && utf16.DecodeRune(c, rune(u[i+1])) != utf8.RuneError:
			n += 4
			i++
		case utf16.IsSurrogate(c):
			n += 3 // a lone one: U+FFFD
		default:
			n += utf8.RuneLen(c)
		}
	}
	return n
}

// appendString appends the UTF-8 of the JS string x to b, or of its code
// units from..to when to >= 0 (as x.slice(from, to) would give them), read
// in place: slicing or joining a string in goja copies it whole (and scans
// it for ASCII), a page's worth of copies a render.
func appendString(b []byte, x goja.Value, from, to int) []byte {
	if u, ok := utf16Units(x); ok && len(u) > 0 && u[0] == 0xFEFF {
		u = u[1:]
		if to >= 0 {
			u = u[from:to]
		}
		return appendUTF8(b, u)
	}
	if rv := reflect.ValueOf(x); rv.Kind() == reflect.String { // ASCII
		if to >= 0 {
			return append(b, rv.String()[from:to]...)
		}
		return append(b, rv.String()...)
	}
	if to < 0 {
		return append(b, x.String()...)
	}
	return appendUTF8(b, utf16.Encode([]rune(x.String()))[from:to]) // any other kind of string
}
