package renderer

import (
	"regexp"
	"testing"

	"github.com/dop251/goja"
)

// TestGoStringIsString: goString gives what goja's String() gives, for
// ASCII, Chinese, characters outside the BMP (surrogate pairs), lone
// surrogates of either half at any place, and values that are not strings.
func TestGoStringIsString(t *testing.T) {
	rt := goja.New()
	for _, src := range []string{
		`""`, `"plain ASCII <b>&amp;</b>"`, `"課程：瑜伽入門 NT$1,200"`, `"emoji 😀 and 𠮷野家"`,
		`"\ud83d"`, `"\ude00 tail"`, `"a\ud83d b"`, `"end \ud83d"`, `"\ude00\ud83d"`, `"\ud83d\ud83d\ude00"`,
		`"課".repeat(5000) + "x"`, `"ab課cde😀fghi\ud83djklmn課opqrstu\ude00vwxyzABC"`, `12.5`, `null`, `undefined`, `({toString() { return "物件" }})`,
	} {
		v, err := rt.RunString(src)
		if err != nil {
			t.Fatal(src, err)
		}
		if got, want := goString(v), v.String(); got != want {
			t.Errorf("%s: goString %q, String %q", src, got, want)
		}
	}
}

// TestAppendStringIsSlice: appendString of a string's code units from..to
// gives what goja's s.slice(from, to) gives, at every cut of ASCII,
// Chinese and surrogate pairs (a pair cut in half gives U+FFFD, as the
// lone surrogate slice leaves), and appends to what b holds.
func TestAppendStringIsSlice(t *testing.T) {
	rt := goja.New()
	for _, src := range []string{`"plain <b>ASCII</b>"`, `"課程：瑜伽入門 NT$1,200"`, `"a😀b𠮷c"`, `"\ud83d x"`,
		`"ab課cde😀fghi\ud83djklmn課opqrstu\ude00vwxyzABC"`} { // ASCII runs of every length mod 4 (appendUTF8 steps by 4)
		v, err := rt.RunString(src)
		if err != nil {
			t.Fatal(src, err)
		}
		s := v.(goja.String)
		for from := 0; from <= s.Length(); from++ {
			for to := from; to <= s.Length(); to++ {
				want := "<" + s.Substring(from, to).String()
				if got := string(appendString([]byte("<"), v, from, to)); got != want {
					t.Errorf("%s [%d:%d]: %q, slice %q", src, from, to, got, want)
				}
			}
		}
		if got := string(appendString(nil, v, 0, -1)); got != v.String() {
			t.Errorf("%s whole: %q", src, got)
		}
	}
}

// BenchmarkGoString: a page's HTML as goja holds it, its markup ASCII
// (most of a page's characters) and its text Chinese, against goja's own
// String().
func BenchmarkGoString(b *testing.B) {
	rt := goja.New()
	v, err := rt.RunString(`'<div class="css-1k2x9qa"><a href="/demo/course/12" class="css-8ztb0m">課程：瑜伽入門</a> NT$1,200</div>'.repeat(450)`)
	if err != nil {
		b.Fatal(err)
	}
	b.Run("goString", func(b *testing.B) {
		b.ReportAllocs()
		for range b.N {
			goString(v)
		}
	})
	b.Run("String", func(b *testing.B) {
		b.ReportAllocs()
		for range b.N {
			_ = v.String()
		}
	})
}

// TestHTMLSafe: htmlSafe is true exactly for the strings React's escaping
// leaves as they are (its regular expression finds nothing), ASCII or
// not, and false for a value that is not a string.
func TestHTMLSafe(t *testing.T) {
	rt := goja.New()
	for _, src := range []string{
		`""`, `"plain ASCII"`, `"a & b"`, `"<b>"`, `"say \"hi\""`, `"it's"`, `"x>"`, `"課程：瑜伽入門 NT$1,200"`,
		`"課程 & 瑜伽"`, `"課程 <b>"`, `"emoji 😀 ' "`, `"課".repeat(5000) + "x"`, `12`, `null`, `({})`,
	} {
		v, err := rt.RunString(src)
		if err != nil {
			t.Fatal(src, err)
		}
		_, isString := v.Export().(string)
		want := isString && !regexp.MustCompile(`["'&<>]`).MatchString(v.String())
		if got := htmlSafe(v); got != want {
			t.Errorf("%s: htmlSafe %v, want %v", src, got, want)
		}
	}
}
