package renderer

import (
	"fmt"

	"github.com/dop251/goja"
	"github.com/valyala/fastjson"
)

// propsValue gives a page's props (one JSON value) to the runtime as its
// own objects, keys in their order, as JSON.parse would. goja's JSON.parse
// reads token by token through encoding/json and took 1.5 ms of an
// activity list's render (30 KB of props); fastjson's parse and this walk
// take about 0.6 ms (bench: BenchmarkPropsValue).
func propsValue(rt *goja.Runtime, p *fastjson.Parser, props []byte) (goja.Value, error) {
	v, err := p.ParseBytes(props)
	if err != nil {
		return nil, fmt.Errorf("page props: %w", err)
	}
	return jsValue(rt, v), nil
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
