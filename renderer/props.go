package renderer

import (
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"hash/maphash"
	"math"
	"reflect"
	"strconv"

	"github.com/dop251/goja"
	"github.com/valyala/fastjson"
)

// propsReader gives a page's props (one JSON value) to its runtime as
// the runtime's own objects, keys in their order, as JSON.parse would.
// goja's JSON.parse reads token by token through encoding/json and took
// 1.5 ms of an activity list's render (30 KB of props); fastjson's parse
// and this walk took about 0.6 ms (bench: BenchmarkPropsValue). An array
// of objects or arrays is given lazily (lazyArray): an element becomes
// goja's objects when the render first reads it, and a part the runtime
// kept is put in without reading its props (partKey hashes their JSON),
// so a list of 30 kept cards costs little more than its parse.
//
// The parser is reused from one render to the next (a new one grows its
// values' slice on every parse), so a lazy array of an earlier render
// must not read the parser's values any more: read retires them, and an
// element of an earlier render's props that was never read throws (the
// bundle keeps no props from one render to the next).
type propsReader struct {
	rt     *goja.Runtime
	parser fastjson.Parser
	lazies []*lazyArray
}

// read parses props and gives them to the runtime.
func (r *propsReader) read(props []byte) (goja.Value, *fastjson.Value, error) {
	for i, a := range r.lazies {
		a.src, a.elems = nil, nil
		r.lazies[i] = nil
	}
	r.lazies = r.lazies[:0]
	v, err := r.parser.ParseBytes(props)
	if err != nil {
		return nil, nil, fmt.Errorf("page props: %w", err)
	}
	return r.value(v), v, nil
}

// keySeeds seed the two halves of a render key (hash/maphash: this
// process's own keys, which is all a runtime's kept parts need).
var keySeeds = [2]maphash.Seed{maphash.MakeSeed(), maphash.MakeSeed()}

// hash128 writes bytes into both halves of a render key.
type hash128 [2]maphash.Hash

func newHash128() *hash128 {
	var h hash128
	for i := range h {
		h[i].SetSeed(keySeeds[i])
	}
	return &h
}

func (h *hash128) write(b []byte) {
	for i := range h {
		h[i].Write(b)
	}
}

func (h *hash128) writeString(s string) {
	for i := range h {
		h[i].WriteString(s)
	}
}

func (h *hash128) sum() string { return hex128(h[0].Sum64(), h[1].Sum64()) }

// renderKeys are the keys entry-server keeps a page's parts by (lib/
// page-context's kept), 128-bit hashes in hex: shell, of every prop but
// the page's data and the member's details (only whether there is a
// member), the brand shell's key; page, of the whole props, the key of
// the parts a page has once (its head tags, brand home's sections, a
// list's grid). Built in JavaScript (JSON.stringify of the props, of each
// part's props), they took 15-25% of brand home's and the activity list's
// renders.
func renderKeys(v *fastjson.Value, props []byte, buf []byte) (shell, page string, _ []byte) {
	h := newHash128()
	write := func(b []byte) {
		h.write(b)
		h.write([]byte{0})
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
	return h.sum(), hex128(maphash.Bytes(keySeeds[0], props), maphash.Bytes(keySeeds[1], props)), buf
}

func hex128(a, b uint64) string {
	var x [16]byte
	binary.LittleEndian.PutUint64(x[:8], a)
	binary.LittleEndian.PutUint64(x[8:], b)
	return hex.EncodeToString(x[:])
}

func (r *propsReader) value(v *fastjson.Value) goja.Value {
	rt := r.rt
	switch v.Type() {
	case fastjson.TypeObject:
		o := rt.NewObject()
		obj, _ := v.Object()
		obj.Visit(func(k []byte, e *fastjson.Value) {
			// defined, not set: a key named __proto__ stays a key, as in JSON.parse
			o.DefineDataProperty(string(k), r.value(e), goja.FLAG_TRUE, goja.FLAG_TRUE, goja.FLAG_TRUE)
		})
		return o
	case fastjson.TypeArray:
		arr, _ := v.Array()
		if len(arr) > 0 && (arr[0].Type() == fastjson.TypeObject || arr[0].Type() == fastjson.TypeArray) {
			a := &lazyArray{r: r, src: v, elems: arr, vals: make([]goja.Value, len(arr))}
			r.lazies = append(r.lazies, a)
			return rt.NewDynamicArray(a)
		}
		a := make([]any, len(arr))
		for i, e := range arr {
			a[i] = r.value(e)
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

// lazyArray is a props array whose elements become goja values when the
// render first reads them (each once: the same object every time). Until
// the page writes into it (props are not written; should it happen, the
// array is read whole first) or its render ends, src is its JSON.
type lazyArray struct {
	r     *propsReader
	src   *fastjson.Value // nil once written into or retired
	elems []*fastjson.Value
	vals  []goja.Value
}

func (a *lazyArray) Len() int { return len(a.vals) }

func (a *lazyArray) Get(i int) goja.Value {
	if i < 0 || i >= len(a.vals) {
		return nil
	}
	if a.vals[i] == nil {
		if a.elems == nil {
			panic(a.r.rt.NewTypeError("renderer: an element of an earlier render's props was read"))
		}
		a.vals[i] = a.r.value(a.elems[i])
	}
	return a.vals[i]
}

// whole reads every element, before a write changes the array.
func (a *lazyArray) whole() {
	for i := range a.vals {
		a.Get(i)
	}
	a.src, a.elems = nil, nil
}

func (a *lazyArray) Set(i int, v goja.Value) bool {
	if i < 0 {
		return false
	}
	a.whole()
	for i >= len(a.vals) {
		a.vals = append(a.vals, goja.Undefined())
	}
	a.vals[i] = v
	return true
}

func (a *lazyArray) SetLen(n int) bool {
	if n < 0 {
		return false
	}
	a.whole()
	for n > len(a.vals) {
		a.vals = append(a.vals, goja.Undefined())
	}
	a.vals = a.vals[:n]
	return true
}

// partKeyer hashes a kept part's props (entry-server's __partKey) into a
// 128-bit key in hex, without making a lazy array's elements goja values:
// its source JSON is hashed. Two props hash alike only when their JSON
// (as JSON.stringify writes it, with a lazy array's JSON as the host sent
// it) is the same. Everything but plain objects, arrays, strings, numbers,
// booleans and null is hashed as JSON.stringify gives it.
type partKeyer struct {
	rt        *goja.Runtime
	stringify goja.Callable
	buf       []byte
}

func newPartKeyer(rt *goja.Runtime) *partKeyer {
	stringify, _ := goja.AssertFunction(rt.Get("JSON").ToObject(rt).Get("stringify"))
	return &partKeyer{rt: rt, stringify: stringify}
}

// key is __partKey(name, props).
func (k *partKeyer) key(name string, props goja.Value) string {
	h := newHash128()
	h.writeString(name)
	h.write([]byte{0})
	k.write(h, props)
	return h.sum()
}

// tags of the kinds of value in a key's bytes
const (
	tagNull byte = iota + 1
	tagFalse
	tagTrue
	tagNumber
	tagString
	tagArray
	tagObject
	tagJSON // a lazy array's source JSON, or JSON.stringify's text
	tagEnd
)

func (k *partKeyer) write(h *hash128, v goja.Value) {
	switch {
	case v == nil || goja.IsUndefined(v):
		h.write([]byte{tagNull}) // as JSON.stringify writes undefined in an array
		return
	case goja.IsNull(v):
		h.write([]byte{tagNull})
		return
	}
	o, ok := v.(*goja.Object)
	if !ok {
		switch v.ExportType() {
		case typeBool:
			if v.ToBoolean() {
				h.write([]byte{tagTrue})
			} else {
				h.write([]byte{tagFalse})
			}
		case typeInt, typeFloat:
			k.number(h, v.ToFloat())
		case typeString:
			k.string(h, goString(v))
		default: // a symbol or a bigint: as JSON.stringify has it
			k.json(h, v)
		}
		return
	}
	// ExportType first: Export of a plain object copies all of it into Go maps
	if o.ExportType() == typeLazyArray {
		if a := o.Export().(*lazyArray); a.src != nil {
			k.buf = a.src.MarshalTo(append(k.buf[:0], tagJSON))
			k.buf = binary.LittleEndian.AppendUint64(k.buf, uint64(len(k.buf)))
			h.write(k.buf)
			return
		}
	}
	switch o.ClassName() {
	case "Array":
		n := int(o.Get("length").ToInteger())
		h.write([]byte{tagArray})
		for i := 0; i < n; i++ {
			e := o.Get(strconv.Itoa(i))
			if isFunc(e) {
				e = nil // JSON.stringify writes null for a function in an array
			}
			k.write(h, e)
		}
		h.write([]byte{tagEnd})
	case "Object":
		if f := o.Get("toJSON"); isFunc(f) {
			k.json(h, v)
			return
		}
		h.write([]byte{tagObject})
		for _, name := range o.Keys() {
			e := o.Get(name)
			if e == nil || goja.IsUndefined(e) || isFunc(e) {
				continue // JSON.stringify leaves these out
			}
			k.string(h, name)
			k.write(h, e)
		}
		h.write([]byte{tagEnd})
	case "Function":
		h.write([]byte{tagNull})
	default: // a Date, a Map, a boxed value...: as JSON.stringify writes it
		k.json(h, v)
	}
}

var (
	typeBool   = reflect.TypeFor[bool]()
	typeInt    = reflect.TypeFor[int64]()
	typeFloat  = reflect.TypeFor[float64]()
	typeString = reflect.TypeFor[string]()

	typeLazyArray = reflect.TypeFor[*lazyArray]()
)

func isFunc(v goja.Value) bool {
	_, ok := goja.AssertFunction(v)
	return ok
}

func (k *partKeyer) number(h *hash128, f float64) {
	k.buf = append(k.buf[:0], tagNumber)
	k.buf = binary.LittleEndian.AppendUint64(k.buf, math.Float64bits(f+0)) // -0 as 0
	h.write(k.buf)
}

func (k *partKeyer) string(h *hash128, s string) {
	k.buf = append(k.buf[:0], tagString)
	k.buf = binary.LittleEndian.AppendUint64(k.buf, uint64(len(s)))
	h.write(k.buf)
	h.writeString(s)
}

func (k *partKeyer) json(h *hash128, v goja.Value) {
	s, err := k.stringify(goja.Undefined(), v)
	if err != nil {
		panic(err)
	}
	h.write([]byte{tagJSON})
	if goja.IsUndefined(s) {
		h.write([]byte{tagNull})
		return
	}
	k.string(h, goString(s))
}
