package renderer

import (
	"reflect"
	"strings"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/dop251/goja"
)

// u16 is the type of goja's strings that hold a character outside ASCII: a
// slice of UTF-16 code units after a 0xFEFF mark.
var u16 = reflect.TypeFor[[]uint16]()

// goString is x.String() without its copy through a []rune: a page's HTML
// (48 KB, in Chinese) is a UTF-16 string in goja, and String() decodes it
// into four bytes a character before encoding it, about 250 KB of garbage
// a render. This encodes the code units straight into UTF-8, as
// utf16.Decode does (a lone surrogate is U+FFFD), and falls back to
// String() for any other kind of value.
func goString(x goja.Value) string {
	rv := reflect.ValueOf(x)
	if rv.Kind() != reflect.Slice || rv.Type().Elem().Kind() != reflect.Uint16 || !rv.Type().ConvertibleTo(u16) {
		return x.String()
	}
	u := rv.Convert(u16).Interface().([]uint16)
	if len(u) == 0 || u[0] != 0xFEFF {
		return x.String()
	}
	u = u[1:]
	var b strings.Builder
	b.Grow(utf8Len(u))
	for i := 0; i < len(u); i++ {
		c := rune(u[i])
		switch {
		case c < utf8.RuneSelf:
			b.WriteByte(byte(c))
			continue
		case utf16.IsSurrogate(c):
			if i+1 < len(u) {
				if r := utf16.DecodeRune(c, rune(u[i+1])); r != utf8.RuneError {
					c = r
					i++
					break
				}
			}
			c = utf8.RuneError
		}
		b.WriteRune(c)
	}
	return b.String()
}

// utf8Len is the length in UTF-8 of the UTF-16 code units u (goString's).
func utf8Len(u []uint16) int {
	n := 0
	for i := 0; i < len(u); i++ {
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
