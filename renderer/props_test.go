package renderer

import (
	"os"
	"testing"

	"github.com/dop251/goja"
	"github.com/valyala/fastjson"
)

// TestPropsValueIsJSONParse: the props a runtime is given are what the
// bundle's JSON.parse would make of the same JSON: the same values, keys in
// the same order, escapes and non-ASCII text read alike, a key named
// __proto__ kept as a key; bad JSON is an error.
func TestPropsValueIsJSONParse(t *testing.T) {
	docs := []string{
		`{"b":1,"a":[1,2.5,-3e2,{"z":null,"y":true,"x":false}],"c":"","d":{},"e":[]}`,
		`{"name":"林小安 \u003cscript\u003e \"引號\" \\ \n\t é 𝄞 \ud83d\ude00","n":9007199254740993,"f":0.1}`,
		`{"query":{"__proto__":"x","constructor":"y"},"2":"two","1":"one"}`,
		`[["a"],[],[[{"k":"v"}]]]`,
		`"just text"`,
		`null`,
	}
	rt := goja.New()
	var p fastjson.Parser
	stringify, _ := goja.AssertFunction(rt.Get("JSON").ToObject(rt).Get("stringify"))
	parse, _ := goja.AssertFunction(rt.Get("JSON").ToObject(rt).Get("parse"))
	keys, _ := goja.AssertFunction(mustRun(t, rt, `(function keys(v) { return v && typeof v === 'object' ? Object.keys(v).join(',') + '|' + Object.values(v).map(keys).join(';') : '' })`))
	for _, doc := range docs {
		got, _, err := propsValue(rt, &p, []byte(doc))
		if err != nil {
			t.Fatalf("%s: %v", doc, err)
		}
		want, err := parse(goja.Undefined(), rt.ToValue(doc))
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range []goja.Callable{stringify, keys} {
			g, _ := f(goja.Undefined(), got)
			w, _ := f(goja.Undefined(), want)
			if g.String() != w.String() {
				t.Errorf("%s:\n got %s\nwant %s", doc, g, w)
			}
		}
	}
	rt.Set("q", mustValue(t, rt, &p, `{"__proto__":"x"}`))
	if v := mustRun(t, rt, `Object.prototype.hasOwnProperty.call(q, '__proto__') && Object.getPrototypeOf(q) === Object.prototype`); !v.ToBoolean() {
		t.Error("a key named __proto__ set the prototype instead of being a key")
	}
	for _, bad := range []string{``, `{`, `{"a":}`, `[1,]`, `{"a":1} x`} {
		if _, _, err := propsValue(rt, &p, []byte(bad)); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
}

func mustValue(t *testing.T, rt *goja.Runtime, p *fastjson.Parser, doc string) goja.Value {
	t.Helper()
	v, _, err := propsValue(rt, p, []byte(doc))
	if err != nil {
		t.Fatal(err)
	}
	return v
}

func mustRun(t *testing.T, rt *goja.Runtime, js string) goja.Value {
	t.Helper()
	v, err := rt.RunString(js)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// BenchmarkPropsValue reads the props in $RENDER_PROPS into a runtime.
func BenchmarkPropsValue(b *testing.B) {
	props, err := os.ReadFile(os.Getenv("RENDER_PROPS"))
	if err != nil {
		b.Skip("set RENDER_PROPS to a props JSON file")
	}
	rt := goja.New()
	var p fastjson.Parser
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if _, _, err := propsValue(rt, &p, props); err != nil {
			b.Fatal(err)
		}
	}
}

// TestRenderKeys: the shell key covers every prop but the page's data and
// the member's details (whether there is a member counts); the page key
// covers the whole props.
func TestRenderKeys(t *testing.T) {
	keys := func(doc string) (shell, page string) {
		var p fastjson.Parser
		v, err := p.Parse(doc)
		if err != nil {
			t.Fatal(err)
		}
		shell, page, _ = renderKeys(v, []byte(doc), nil)
		return shell, page
	}
	base := `{"page":"brand-home","query":{"tab":"1"},"user":null,"data":{"items":[1,2]}}`
	s0, p0 := keys(base)
	if len(s0) != 32 || len(p0) != 32 {
		t.Fatalf("keys %q %q: want 128 bits in hex", s0, p0)
	}
	for _, c := range []struct {
		doc               string
		sameShell, samePg bool
	}{
		{doc: base, sameShell: true, samePg: true},
		{doc: `{"page":"brand-home","query":{"tab":"1"},"user":null,"data":{"items":[1,3]}}`, sameShell: true, samePg: false},
		{doc: `{"page":"brand-home","query":{"tab":"2"},"user":null,"data":{"items":[1,2]}}`, sameShell: false, samePg: false},
		{doc: `{"page":"activities","query":{"tab":"1"},"user":null,"data":{"items":[1,2]}}`, sameShell: false, samePg: false},
		{doc: `{"page":"brand-home","query":{"tab":"1"},"user":{"name":"甲"},"data":{"items":[1,2]}}`, sameShell: false, samePg: false},
	} {
		s, p := keys(c.doc)
		if (s == s0) != c.sameShell || (p == p0) != c.samePg {
			t.Errorf("%s: same shell key %v, same page key %v; want %v, %v", c.doc, s == s0, p == p0, c.sameShell, c.samePg)
		}
	}
	// two members: the same shell, each page their own
	s1, p1 := keys(`{"page":"member-centre","user":{"name":"甲"},"data":{}}`)
	s2, p2 := keys(`{"page":"member-centre","user":{"name":"乙"},"data":{}}`)
	if s1 != s2 || p1 == p2 {
		t.Errorf("two members: shell keys equal %v (want true), page keys equal %v (want false)", s1 == s2, p1 == p2)
	}
}
