package renderer

import (
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"hash/maphash"

	"github.com/dop251/goja"
	"github.com/valyala/fastjson"
)

// propsValue gives a page's props (one JSON value) to the runtime as its
// own objects, keys in their order, as JSON.parse would. goja's JSON.parse
// reads token by token through encoding/json and took 1.5 ms of an
// activity list's render (30 KB of props); fastjson's parse and this walk
// take about 0.6 ms (bench: BenchmarkPropsValue).
func propsValue(rt *goja.Runtime, p *fastjson.Parser, props []byte) (goja.Value, *fastjson.Value, error) {
	v, err := p.ParseBytes(props)
	if err != nil {
		return nil, nil, fmt.Errorf("page props: %w", err)
	}
	return jsValue(rt, v), v, nil
}

// keySeeds seed the two halves of a render key (hash/maphash: this
// process's own keys, which is all a runtime's kept parts need).
var keySeeds = [2]maphash.Seed{maphash.MakeSeed(), maphash.MakeSeed()}

// renderKeys are the keys entry-server keeps a page's parts by (lib/
// page-context's kept), 128-bit hashes in hex: shell, of every prop but
// the page's data and the member's details (only whether there is a
// member), the brand shell's key; page, of the whole props, the key of
// the parts a page has once (its head tags, brand home's sections, a
// list's grid). Built in JavaScript (JSON.stringify of the props, of each
// part's props), they took 15-25% of brand home's and the activity list's
// renders.
func renderKeys(v *fastjson.Value, props []byte, buf []byte) (shell, page string, _ []byte) {
	var h [2]maphash.Hash
	for i := range h {
		h[i].SetSeed(keySeeds[i])
	}
	write := func(b []byte) {
		for i := range h {
			h[i].Write(b)
			h[i].WriteByte(0)
		}
	}
	if obj, err := v.Object(); err == nil {
		obj.Visit(func(k []byte, e *fastjson.Value) {
			switch string(k) {
			case "data":
				return
			case "user":
				write(k)
				write([]byte{byte(e.Type())})
				return
			}
			write(k)
			buf = e.MarshalTo(buf[:0])
			write(buf)
		})
	}
	return hex128(h[0].Sum64(), h[1].Sum64()), hex128(maphash.Bytes(keySeeds[0], props), maphash.Bytes(keySeeds[1], props)), buf
}

func hex128(a, b uint64) string {
	var x [16]byte
	binary.LittleEndian.PutUint64(x[:8], a)
	binary.LittleEndian.PutUint64(x[8:], b)
	return hex.EncodeToString(x[:])
}

func jsValue(rt *goja.Runtime, v *fastjson.Value) goja.Value {
	switch v.Type() {
	case fastjson.TypeObject:
		o := rt.NewObject()
		obj, _ := v.Object()
		obj.Visit(func(k []byte, e *fastjson.Value) {
			// defined, not set: a key named __proto__ stays a key, as in JSON.parse
			o.DefineDataProperty(string(k), jsValue(rt, e), goja.FLAG_TRUE, goja.FLAG_TRUE, goja.FLAG_TRUE)
		})
		return o
	case fastjson.TypeArray:
		arr, _ := v.Array()
		a := make([]any, len(arr))
		for i, e := range arr {
			a[i] = jsValue(rt, e)
		}
		return rt.NewArray(a...)
	case fastjson.TypeString:
		b, _ := v.StringBytes()
		return rt.ToValue(string(b))
	case fastjson.TypeNumber:
		return rt.ToValue(v.GetFloat64())
	case fastjson.TypeTrue:
		return rt.ToValue(true)
	case fastjson.TypeFalse:
		return rt.ToValue(false)
	default:
		return goja.Null()
	}
}
