package host

import (
	"math"
	"net/url"
	"reflect"
	"storefront"
	"storefront/rules"
	"strings"
	"unicode/utf8"
)

// Edge checks shared by every query and body decoder: PostgreSQL refuses a
// NUL byte in text, and its int4 columns and parameters refuse numbers past
// 2^31-1, so such input is a 400 here, never a failed query.

// maxID is the largest id a query may name.
const maxID = math.MaxInt32

// badText reports whether s cannot be stored or searched as text.
func badText(s string) bool { return strings.IndexByte(s, 0) >= 0 || !utf8.ValidString(s) }

// checkValues is the first query parameter holding bad text, as a 400.
func checkValues(v url.Values) error {
	for k, vs := range v {
		bad := badText(k)
		for _, s := range vs {
			bad = bad || badText(s)
		}
		if bad {
			return badRequest(storefront.TextBadParamChars(rules.Truncate(strings.ToValidUTF8(strings.ReplaceAll(k, "\x00", ""), ""), 32)))
		}
	}
	return nil
}

// checkStrings is a 400 when any string in the decoded body v (structs,
// maps, slices, pointers) holds a NUL byte.
func checkStrings(v any) error {
	if path, found := nulPath(reflect.ValueOf(v), ""); found {
		if path == "" {
			return badRequest(storefront.TextBadDataChars)
		}
		return badRequest(storefront.TextBadFieldChars(strings.TrimPrefix(path, ".")))
	}
	return nil
}

// nulPath finds a string holding NUL in v and names its field.
func nulPath(v reflect.Value, path string) (string, bool) {
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface:
		if !v.IsNil() {
			return nulPath(v.Elem(), path)
		}
	case reflect.String:
		return path, strings.IndexByte(v.String(), 0) >= 0
	case reflect.Struct:
		t := v.Type()
		for i := range v.NumField() {
			f := t.Field(i)
			if !f.IsExported() && !f.Anonymous {
				continue
			}
			name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
			if name == "" && !f.Anonymous {
				name = f.Name
			}
			if p, ok := nulPath(v.Field(i), joinPath(path, name)); ok {
				return p, true
			}
		}
	case reflect.Map:
		for it := v.MapRange(); it.Next(); {
			if p, ok := nulPath(it.Key(), path); ok {
				return p, true
			}
			if p, ok := nulPath(it.Value(), path); ok {
				return p, true
			}
		}
	case reflect.Slice, reflect.Array:
		for i := range v.Len() {
			if p, ok := nulPath(v.Index(i), path); ok {
				return p, true
			}
		}
	}
	return "", false
}

func joinPath(path, name string) string {
	if name == "" || name == "-" {
		return path
	}
	return path + "." + name
}
