package renderer

import (
	"os"
	"strings"
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
		`{"list":[{"b":1,"a":[{"c":[[1],[2,{"d":"丁"}]]}]},{"__proto__":"x"},[]],"n":[[]]}`,
		`"just text"`,
		`null`,
	}
	rt := goja.New()
	stringify, _ := goja.AssertFunction(rt.Get("JSON").ToObject(rt).Get("stringify"))
	parse, _ := goja.AssertFunction(rt.Get("JSON").ToObject(rt).Get("parse"))
	keys, _ := goja.AssertFunction(mustRun(t, rt, `(function keys(v) { return v && typeof v === 'object' ? Object.keys(v).join(',') + '|' + Object.values(v).map(keys).join(';') : '' })`))
	for _, doc := range docs {
		got, _, err := readProps(rt, []byte(doc))
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
	rt.Set("q", mustValue(t, rt, `{"__proto__":"x"}`))
	if v := mustRun(t, rt, `Object.prototype.hasOwnProperty.call(q, '__proto__') && Object.getPrototypeOf(q) === Object.prototype`); !v.ToBoolean() {
		t.Error("a key named __proto__ set the prototype instead of being a key")
	}
	for _, bad := range []string{``, `{`, `{"a":}`, `[1,]`, `{"a":1} x`} {
		if _, _, err := readProps(rt, []byte(bad)); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
}

func mustValue(t *testing.T, rt *goja.Runtime, doc string) goja.Value {
	t.Helper()
	v, _, err := readProps(rt, []byte(doc))
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
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if _, _, err := readProps(rt, props); err != nil {
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

func readProps(rt *goja.Runtime, props []byte) (goja.Value, *fastjson.Value, error) {
	return (&propsReader{rt: rt}).read(props)
}

// TestLazyArray: an array of objects given lazily reads like any array
// (its elements the same object each time, map, spread, writes), and an
// element of an earlier render's props never read throws rather than read
// the parser's reused values.
func TestLazyArray(t *testing.T) {
	rt := goja.New()
	r := &propsReader{rt: rt}
	v, _, err := r.read([]byte(`{"list":[{"n":1,"tags":[{"t":"甲"}]},{"n":2,"tags":[]},{"n":3}]}`))
	if err != nil {
		t.Fatal(err)
	}
	rt.Set("p", v)
	got := mustRun(t, rt, `[
		Array.isArray(p.list), p.list.length, p.list[0] === p.list[0], p.list[5] === undefined,
		p.list.map((x) => x.n).join(), [...p.list].length, p.list[0].tags[0].t, JSON.stringify(p.list),
		Object.keys(p.list).join(), p.list.indexOf(p.list[1]),
	].join('|')`).String()
	want := `true|3|true|true|1,2,3|3|甲|[{"n":1,"tags":[{"t":"甲"}]},{"n":2,"tags":[]},{"n":3}]|0,1,2|1`
	if got != want {
		t.Errorf("reading a lazy array:\n got %s\nwant %s", got, want)
	}
	if got := mustRun(t, rt, `p.list.push({n: 4}); p.list.length = 5; p.list[4] = 'x'; p.list.map((x) => x.n ?? x).join()`).String(); got != "1,2,3,4,x" {
		t.Errorf("writing into a lazy array: %s", got)
	}

	v, _, err = r.read([]byte(`{"list":[{"n":1},{"n":2}]}`))
	if err != nil {
		t.Fatal(err)
	}
	rt.Set("q", v)
	mustRun(t, rt, `q.list[0]`)
	if _, _, err := r.read([]byte(`{"list":[{"n":9},{"n":8}]}`)); err != nil {
		t.Fatal(err)
	}
	if got := mustRun(t, rt, `q.list[0].n`).String(); got != "1" {
		t.Errorf("an element read in its render: %s, want 1", got)
	}
	if _, err := rt.RunString(`q.list[1].n`); err == nil || !strings.Contains(err.Error(), "earlier render") {
		t.Errorf("an earlier render's element never read: err %v, want a TypeError", err)
	}
}

// TestPartKey: a kept part's key is alike for props whose JSON is alike
// (a lazy array's or the same data as the page's own objects; what
// JSON.stringify leaves out, left out) and differs otherwise, and hashing
// reads no element of a lazy array.
func TestPartKey(t *testing.T) {
	rt := goja.New()
	r := &propsReader{rt: rt}
	v, _, err := r.read([]byte(`{"orders":[{"no":"A1","amount":100,"item":"月卡"},{"no":"A2","amount":200.5,"item":"十堂課"}],"other":[{"no":"A1","amount":100,"item":"月卡"},{"no":"A2","amount":200.5,"item":"十堂課"}]}`))
	if err != nil {
		t.Fatal(err)
	}
	rt.Set("p", v)
	k := newPartKeyer(rt)
	key := func(name, js string) string {
		t.Helper()
		return k.key(name, mustRun(t, rt, js))
	}
	orders := key("List", `({orders: p.orders})`)
	if len(orders) != 32 {
		t.Fatalf("key %q: want 128 bits in hex", orders)
	}
	for i, a := range r.lazies {
		for j, e := range a.vals {
			if e != nil {
				t.Errorf("lazy array %d: element %d read to hash the key", i, j)
			}
		}
	}
	alike := [][2]string{
		{`({orders: p.orders})`, `({orders: p.other})`},
		{`({a: 1, b: 'x', f() {}, u: undefined})`, `({a: 1.0, b: 'x'})`},
		{`({a: [1, undefined, null]})`, `({a: [1, null, null]})`},
		{`({d: new Date(0)})`, `({d: new Date(0)})`},
		{`({s: '林小安 \u{1F600}'})`, `({s: '林小安 😀'})`},
		{`null`, `undefined`},
	}
	for _, c := range alike {
		if a, b := key("X", c[0]), key("X", c[1]); a != b {
			t.Errorf("%s and %s: keys differ", c[0], c[1])
		}
	}
	differ := [][2]string{
		{`({orders: p.orders})`, `({orders: p.orders.slice(1)})`},
		{`({a: 1})`, `({a: '1'})`},
		{`({a: 'x', b: 'y'})`, `({b: 'y', a: 'x'})`},
		{`({a: 'xy'})`, `({a: 'x', y: undefined, b: 'y'})`},
		{`({a: ['x', 'y']})`, `({a: ['xy']})`},
		{`({a: [[]]})`, `({a: [[], []]})`},
		{`({a: {}})`, `({a: []})`},
		{`({a: true})`, `({a: 1})`},
		{`({a: null})`, `({a: false})`},
		{`({s: '甲'})`, `({s: '乙'})`},
		{`({d: new Date(0)})`, `({d: new Date(1)})`},
	}
	for _, c := range differ {
		if a, b := key("X", c[0]), key("X", c[1]); a == b {
			t.Errorf("%s and %s: the same key", c[0], c[1])
		}
	}
	if key("X", `({a: 1})`) == key("Y", `({a: 1})`) {
		t.Error("two parts' names: the same key")
	}
}
