package catalogue

import (
	"encoding/json"
	"fmt"
	"reflect"
	"strconv"
	"strings"
	"unicode/utf8"

	"storefront/rules"
)

// Report is what an import changed (or would change, in a dry run).
type Report struct {
	Brand    string
	Added    []Change
	Changed  []Change
	OffShelf []Change // taken off the shelf: members hold or booked it
	Removed  []Change // deleted: nobody held or booked it
}

// Change is one entry an import adds, changes, takes off the shelf or
// deletes.
type Change struct {
	File   string   // courses.json
	Kind   string   // what it is counted under: 課程, 課程的時段
	Entry  string   // 課程「hatha」, 課程「hatha」的時段「2026-12-01 07:00」
	Fields []string // of a changed entry: "name：「哈達瑜珈」 -> 「哈達瑜珈基礎」"
}

func (c Change) String() string { return c.File + "：" + c.Entry }

// Empty reports whether nothing changed.
func (r *Report) Empty() bool {
	return len(r.Added)+len(r.Changed)+len(r.OffShelf)+len(r.Removed) == 0
}

// listed is how many entries of one kind a report lists per mark; the
// rest are counted.
const listed = 20

// String is the report for the operator: the totals, one line per kind,
// then the entries (at most listed of a kind per mark), a changed one
// with its fields' old and new values.
func (r *Report) String() string {
	var b strings.Builder
	marks := []struct {
		mark, word string
		list       []Change
	}{{"+", "新增", r.Added}, {"~", "變更", r.Changed}, {"↓", "下架", r.OffShelf}, {"-", "刪除", r.Removed}}
	fmt.Fprintf(&b, "品牌 %s：新增 %s、變更 %s、下架 %s、刪除 %s\n", r.Brand, rules.Thousands(len(r.Added)),
		rules.Thousands(len(r.Changed)), rules.Thousands(len(r.OffShelf)), rules.Thousands(len(r.Removed)))
	var kinds []string
	counts := map[string][]int{}
	for i, m := range marks {
		for _, c := range m.list {
			k := c.File + " " + c.Kind
			if counts[k] == nil {
				kinds = append(kinds, k)
				counts[k] = make([]int, len(marks))
			}
			counts[k][i]++
		}
	}
	for _, k := range kinds {
		var parts []string
		for i, m := range marks {
			if n := counts[k][i]; n > 0 {
				parts = append(parts, m.word+" "+rules.Thousands(n))
			}
		}
		fmt.Fprintf(&b, "  %s：%s\n", k, strings.Join(parts, "、"))
	}
	for i, m := range marks {
		shown := map[string]int{}
		for _, c := range m.list {
			k := c.File + " " + c.Kind
			if shown[k]++; shown[k] > listed {
				continue
			}
			fmt.Fprintf(&b, "%s %s\n", m.mark, c)
			for _, f := range c.Fields {
				fmt.Fprintf(&b, "    %s\n", f)
			}
		}
		for _, k := range kinds {
			if n := counts[k][i]; n > listed {
				fmt.Fprintf(&b, "%s %s：另 %s 筆未列出\n", m.mark, k, rules.Thousands(n-listed))
			}
		}
	}
	return b.String()
}

// kind is where an entry is and how it is named: its file, what the
// report counts it under and the name its key follows (課程「hatha」的時段).
type kind struct{ file, group, name string }

// top is the kind of a file's own entries.
func top(file, name string) kind { return kind{file, name, name} }

func (k kind) change(key string, fields ...string) Change {
	return Change{File: k.file, Kind: k.group, Entry: fmt.Sprintf("%s「%s」", k.name, key), Fields: fields}
}

// fieldChanges lists the fields of the entries old and new (structs of
// the format) whose values differ, as "field：old -> new"; the lists of
// entries inside an entry (a course's schedules) are compared on their
// own and left out.
func fieldChanges(old, new any) []string {
	var out []string
	var walk func(prefix string, o, n reflect.Value)
	walk = func(prefix string, o, n reflect.Value) {
		for i := range o.NumField() {
			f := o.Type().Field(i)
			name := prefix + strings.Split(f.Tag.Get("json"), ",")[0]
			ov, nv := o.Field(i), n.Field(i)
			switch {
			case f.Type.Kind() == reflect.Slice && f.Type.Elem().Kind() == reflect.Struct:
			case f.Type.Kind() == reflect.Struct:
				walk(name+".", ov, nv)
			case f.Type.Kind() == reflect.Pointer && f.Type.Elem().Kind() == reflect.Struct && !ov.IsNil() && !nv.IsNil():
				walk(name+".", ov.Elem(), nv.Elem())
			case !reflect.DeepEqual(ov.Interface(), nv.Interface()):
				out = append(out, fmt.Sprintf("%s：%s -> %s", name, show(ov), show(nv)))
			}
		}
	}
	walk("", reflect.ValueOf(old), reflect.ValueOf(new))
	return out
}

// show writes a field's value for the report: text in 「」 (long text
// cut), a list in [ ], none as （無）.
func show(v reflect.Value) string {
	switch v.Kind() {
	case reflect.Pointer:
		if v.IsNil() {
			return "（無）"
		}
		if v.Elem().Kind() == reflect.Struct {
			b, _ := json.Marshal(v.Interface())
			return string(b)
		}
		return show(v.Elem())
	case reflect.String:
		s := v.String()
		if utf8.RuneCountInString(s) > 40 {
			s = string([]rune(s)[:40]) + "…"
		}
		return "「" + s + "」"
	case reflect.Slice:
		parts := make([]string, v.Len())
		for i := range parts {
			parts[i] = show(v.Index(i))
		}
		return "[" + strings.Join(parts, "、") + "]"
	case reflect.Int:
		return strconv.FormatInt(v.Int(), 10)
	}
	return fmt.Sprint(v.Interface())
}
