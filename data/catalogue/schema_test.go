package catalogue

import (
	"encoding/json"
	"reflect"
	"slices"
	"strings"
	"testing"

	"storefront/data"
)

// The published schema names exactly the fields the reader accepts, and
// the module keys the checker knows.
func TestSchemaFollowsTheFormat(t *testing.T) {
	var s struct {
		Defs map[string]json.RawMessage `json:"$defs"`
	}
	if err := json.Unmarshal(Schema, &s); err != nil {
		t.Fatal(err)
	}
	type obj struct {
		Properties map[string]json.RawMessage `json:"properties"`
		Items      *obj                       `json:"items"`
	}
	props := func(raw json.RawMessage, path ...string) []string {
		var o obj
		json.Unmarshal(raw, &o)
		for _, p := range path {
			if p == "[]" {
				o = *o.Items
				continue
			}
			var next obj
			json.Unmarshal(o.Properties[p], &next)
			o = next
		}
		var keys []string
		for k := range o.Properties {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		return keys
	}
	fields := func(v any) []string {
		var keys []string
		rt := reflect.TypeOf(v)
		for i := range rt.NumField() {
			keys = append(keys, strings.Split(rt.Field(i).Tag.Get("json"), ",")[0])
		}
		slices.Sort(keys)
		return keys
	}
	for _, c := range []struct {
		def  string
		path []string
		v    any
	}{
		{"brandFile", nil, Brand{}},
		{"brandFile", []string{"domains", "[]"}, Domain{}},
		{"brandFile", []string{"customFields", "[]"}, CustomField{}},
		{"storesFile", []string{"[]"}, Store{}},
		{"teachersFile", []string{"[]"}, Teacher{}},
		{"itemsFile", []string{"[]"}, Item{}},
		{"itemsFile", []string{"[]", "validity"}, Validity{}},
		{"coursesFile", []string{"[]"}, Course{}},
		{"coursesFile", []string{"[]", "booking"}, Booking{}},
		{"coursesFile", []string{"[]", "schedules", "[]"}, Schedule{}},
		{"termSchedulesFile", []string{"[]"}, Term{}},
		{"termSchedulesFile", []string{"[]", "classes", "[]"}, TermClass{}},
		{"termSchedulesFile", []string{"[]", "classes", "[]", "sessions", "[]"}, Session{}},
		{"bannersFile", []string{"[]"}, Banner{}},
		{"salesmenFile", []string{"[]"}, Salesman{}},
	} {
		if got, want := props(s.Defs[c.def], c.path...), fields(c.v); !slices.Equal(got, want) {
			t.Errorf("schema %s %v has %v, the format %v", c.def, c.path, got, want)
		}
	}
	var brand struct {
		Properties struct {
			Modules struct {
				Items struct {
					Enum []string `json:"enum"`
				} `json:"items"`
			} `json:"modules"`
		} `json:"properties"`
	}
	json.Unmarshal(s.Defs["brandFile"], &brand)
	if !slices.Equal(brand.Properties.Modules.Items.Enum, data.AllModules) {
		t.Errorf("schema modules %v, data.AllModules %v", brand.Properties.Modules.Items.Enum, data.AllModules)
	}
}
