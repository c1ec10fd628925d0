package catalogue

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// node is a JSON value of a file with the offset of its first byte.
type node struct {
	off  int
	kind byte // '{' object, '[' array, '"' string, '0' number, 't' boolean, 'n' null
	text string
	keys []string // an object's members, in the file's order
	koff []int    // where each key starts
	vals []*node  // an object's values (by keys) or an array's elements
}

// parse reads raw (one JSON value) into nodes; a syntax error says in
// words what is wrong at the offending character.
func parse(raw []byte) (*node, *syntaxError) {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	p := &parser{dec: dec, raw: raw}
	n, err := p.value()
	if err == nil {
		if off := p.start(); p.more() {
			err = &syntaxError{off, "檔案在完整的 JSON 之後還有內容（多了一段，或少了開頭的 [ 或 {）"}
		}
	}
	return n, err
}

// syntaxError is where a file's JSON breaks, and how.
type syntaxError struct {
	off int
	msg string
}

type parser struct {
	dec *json.Decoder
	raw []byte
}

// start is where the next token begins.
func (p *parser) start() int {
	i := int(p.dec.InputOffset())
	for i < len(p.raw) && strings.IndexByte(" \t\r\n,:", p.raw[i]) >= 0 {
		i++
	}
	return i
}

func (p *parser) more() bool {
	_, err := p.dec.Token()
	return err != io.EOF
}

func (p *parser) token() (json.Token, *syntaxError) {
	t, err := p.dec.Token()
	if err == nil {
		return t, nil
	}
	var se *json.SyntaxError
	if errors.As(err, &se) {
		return nil, &syntaxError{int(se.Offset), syntaxMessage(se.Error(), p.raw, int(se.Offset))}
	}
	return nil, &syntaxError{len(p.raw), "檔案在結構完整之前就結束了：少了結尾的 ]、} 或 \""}
}

func (p *parser) value() (*node, *syntaxError) {
	n := &node{off: p.start()}
	t, err := p.token()
	if err != nil {
		return nil, err
	}
	switch t := t.(type) {
	case json.Delim:
		n.kind = byte(t)
		if t != '{' && t != '[' {
			return nil, &syntaxError{n.off, fmt.Sprintf("這裡不該有 %c", t)}
		}
		for p.dec.More() {
			if t == '{' {
				n.koff = append(n.koff, p.start())
				k, err := p.token()
				if err != nil {
					return nil, err
				}
				n.keys = append(n.keys, k.(string))
			}
			v, err := p.value()
			if err != nil {
				return nil, err
			}
			n.vals = append(n.vals, v)
		}
		if _, err := p.token(); err != nil {
			return nil, err
		}
	case string:
		n.kind, n.text = '"', t
	case json.Number:
		n.kind, n.text = '0', t.String()
	case bool:
		n.kind, n.text = 't', strconv.FormatBool(t)
	case nil:
		n.kind = 'n'
	}
	return n, nil
}

// syntaxMessage says in words what encoding/json's syntax error msg at
// off means.
func syntaxMessage(msg string, raw []byte, off int) string {
	got := "結尾"
	if off < len(raw) {
		r, _ := utf8.DecodeRune(raw[off:])
		got = fmt.Sprintf("「%c」", r)
	}
	for _, m := range []struct{ in, say string }{
		{"after array element", "清單的兩個元素之間少了逗號，或清單少了結尾的 ]"},
		{"after object key:value pair", "兩個欄位之間少了逗號，或物件少了結尾的 }"},
		{"after object key", "欄位名稱之後應為冒號 :"},
		{"looking for beginning of object key string", "應為以雙引號括住的欄位名稱（最後一個欄位之後不可有逗號）"},
		{"looking for beginning of value", "應為一個值：文字須以雙引號 \" 括住，最後一個元素之後不可有逗號"},
		{"in string literal", "文字裡不可直接換行或放控制字元（換行請寫 \\n）；或是前一段文字少了結尾的雙引號"},
		{"in string escape code", "反斜線 \\ 之後只能是 \" \\ / b f n r t u（反斜線本身請寫 \\\\）"},
		{"in literal", "只能寫 true、false 或 null（文字須以雙引號括住）"},
		{"in numeric literal", "數字的寫法不對"},
	} {
		if strings.Contains(msg, m.in) {
			return fmt.Sprintf("JSON 語法錯誤：這裡是%s，%s", got, m.say)
		}
	}
	return fmt.Sprintf("JSON 語法錯誤：這裡是%s", got)
}

// position is the line and column (in characters, from 1) of off in raw.
func position(raw []byte, off int) (line, col int) {
	off = min(off, len(raw))
	before := raw[:off]
	line = bytes.Count(before, []byte("\n")) + 1
	return line, utf8.RuneCount(before[bytes.LastIndexByte(before, '\n')+1:]) + 1
}

// schemaNode is the part of JSON Schema the format uses.
type schemaNode struct {
	Ref        string                 `json:"$ref"`
	Type       string                 `json:"type"`
	Properties map[string]*schemaNode `json:"properties"`
	Required   []string               `json:"required"`
	Items      *schemaNode            `json:"items"`
	Enum       []string               `json:"enum"`
	Default    json.RawMessage        `json:"default"`
}

var schemaDefs = func() map[string]*schemaNode {
	var s struct {
		Defs map[string]*schemaNode `json:"$defs"`
	}
	if err := json.Unmarshal(Schema, &s); err != nil {
		panic("catalogue: schema.json: " + err.Error())
	}
	return s.Defs
}()

func (s *schemaNode) resolve() *schemaNode {
	for s.Ref != "" {
		s = schemaDefs[strings.TrimPrefix(s.Ref, "#/$defs/")]
	}
	return s
}

// shaper checks one file's nodes against its schema (fields, required
// fields, types, allowed values) and fills the schema's defaults; it is
// the one reading of schema.json.
type shaper struct {
	file, kind string
	raw        []byte
	probs      *Problems
}

func (sh *shaper) add(off int, entry, field, format string, args ...any) {
	line, col := position(sh.raw, off)
	*sh.probs = append(*sh.probs, Problem{File: sh.file, Line: line, Col: col, Entry: entry, Field: field,
		Message: fmt.Sprintf(format, args...)})
}

// entryName names an element of a list by its id (or key), else by its
// position and measure word: 課程「hatha」, 第 3 筆商品, 第 1 個時段.
func entryName(n *node, kind string, i int, measure string) string {
	for _, k := range []string{"id", "key", "host"} {
		if j := slices.Index(n.keys, k); j >= 0 && n.vals[j].kind == '"' && n.vals[j].text != "" {
			return fmt.Sprintf("%s「%s」", kind, n.vals[j].text)
		}
	}
	return fmt.Sprintf("第 %d %s%s", i+1, measure, kind)
}

// nestedKinds name the elements of the lists inside an entry.
var nestedKinds = map[string]string{"schedules": "時段", "classes": "班級", "sessions": "課堂", "domains": "網域",
	"customFields": "自訂欄位"}

// shape checks n against s: entry names the entry, field the path inside
// it. It returns n as plain values with the defaults filled in.
func (sh *shaper) shape(n *node, s *schemaNode, entry, field string) any {
	s = s.resolve()
	want := s.Type
	if want == "" && s.Enum != nil {
		want = "string"
	}
	if !sh.typeOK(n, want, entry, field) {
		return nil
	}
	switch want {
	case "object":
		out := make(map[string]any, len(n.keys))
		for i, k := range n.keys {
			ps, ok := s.Properties[k]
			f := join(field, k)
			switch {
			case !ok:
				sh.add(n.koff[i], entry, f, "沒有這個欄位%s（可用的欄位：%s）", didYouMean(k, keysOf(s.Properties)), strings.Join(keysOf(s.Properties), "、"))
			case slices.Contains(n.keys[:i], k):
				sh.add(n.koff[i], entry, f, "同一筆裡寫了兩次")
			case n.vals[i].kind != 'n':
				out[k] = sh.shape(n.vals[i], ps, entry, f)
			}
		}
		for _, k := range s.Required {
			if _, ok := out[k]; !ok && !sh.misspelt(n, s, k) {
				sh.add(n.off, entry, join(field, k), "必填，這一筆沒有寫")
			}
		}
		fillDefaults(out, s)
		return out
	case "array":
		out := make([]any, len(n.vals))
		items := s.Items.resolve()
		for i, v := range n.vals {
			switch kind := nestedKinds[lastKey(field)]; {
			case entry == "":
				out[i] = sh.shape(v, items, entryName(v, sh.kind, i, "筆"), "")
			case kind != "" && v.kind == '{':
				out[i] = sh.shape(v, items, entry+"的"+entryName(v, kind, i, "個"), "")
			default:
				out[i] = sh.shape(v, items, entry, fmt.Sprintf("%s 第 %d 個", field, i+1))
			}
		}
		return out
	case "string":
		if s.Enum != nil && !slices.Contains(s.Enum, n.text) {
			sh.add(n.off, entry, field, "「%s」不是可用的值（可用：%s）", n.text, strings.Join(s.Enum, "、"))
		}
		return n.text
	case "boolean":
		return n.text == "true"
	default:
		return json.Number(n.text)
	}
}

// fillDefaults gives the properties of s that out leaves out their
// defaults, and an object property without required fields the defaults
// inside it.
func fillDefaults(out map[string]any, s *schemaNode) {
	for k, ps := range s.Properties {
		if _, ok := out[k]; ok {
			continue
		}
		if ps.Default != nil {
			var v any
			json.Unmarshal(ps.Default, &v)
			out[k] = v
		} else if r := ps.resolve(); r.Type == "object" && len(r.Required) == 0 {
			inner := map[string]any{}
			if fillDefaults(inner, r); len(inner) > 0 {
				out[k] = inner
			}
		}
	}
}

// typeOK reports whether n is of the schema type want, and says what was
// expected when it is not.
func (sh *shaper) typeOK(n *node, want, entry, field string) bool {
	ok := false
	switch want {
	case "object":
		ok = n.kind == '{'
	case "array":
		ok = n.kind == '['
	case "string":
		ok = n.kind == '"'
	case "boolean":
		ok = n.kind == 't'
	case "integer":
		_, err := strconv.ParseInt(n.text, 10, 32)
		ok = n.kind == '0' && err == nil
		if n.kind == '0' && !ok && !strings.ContainsAny(n.text, ".eE") {
			sh.add(n.off, entry, field, "應為 -2147483648 到 2147483647 之間的整數，卻是 %s", n.text)
			return false
		}
	default:
		ok = true
	}
	if !ok {
		sh.add(n.off, entry, field, "應為%s，卻是%s", typeWords[want], describe(n))
	}
	return ok
}

var typeWords = map[string]string{
	"object": "物件 { … }", "array": "清單 [ … ]", "string": "以雙引號括住的文字", "boolean": "布林值 true 或 false",
	"integer": "整數",
}

// describe says what n is: 文字 "450", 數字 4.5, 清單.
func describe(n *node) string {
	switch n.kind {
	case '"':
		return "文字 " + strconv.Quote(n.text)
	case '0':
		return "數字 " + n.text
	case 't':
		return n.text
	case '[':
		return "清單 [ … ]"
	case '{':
		return "物件 { … }"
	}
	return "null"
}

// misspelt reports whether n has an unknown key that is likely key
// misspelt (its problem is already reported).
func (sh *shaper) misspelt(n *node, s *schemaNode, key string) bool {
	for _, k := range n.keys {
		if _, ok := s.Properties[k]; !ok && didYouMean(k, []string{key}) != "" {
			return true
		}
	}
	return false
}

// didYouMean suggests the option closest to s, when one is close.
func didYouMean(s string, options []string) string {
	best, dist := "", 3
	for _, o := range options {
		if d := editDistance(strings.ToLower(s), strings.ToLower(o)); d < dist {
			best, dist = o, d
		}
	}
	if best == "" {
		return ""
	}
	return "（是不是 " + best + "？）"
}

// editDistance is the number of characters to insert, delete, replace
// or swap with a neighbour to turn a into b (optimal string alignment).
func editDistance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	d := make([][]int, len(ra)+1)
	for i := range d {
		d[i] = make([]int, len(rb)+1)
		d[i][0] = i
	}
	for j := range d[0] {
		d[0][j] = j
	}
	for i := 1; i <= len(ra); i++ {
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			d[i][j] = min(d[i-1][j]+1, d[i][j-1]+1, d[i-1][j-1]+cost)
			if i > 1 && j > 1 && ra[i-1] == rb[j-2] && ra[i-2] == rb[j-1] {
				d[i][j] = min(d[i][j], d[i-2][j-2]+1)
			}
		}
	}
	return d[len(ra)][len(rb)]
}

func keysOf(m map[string]*schemaNode) []string {
	ks := make([]string, 0, len(m))
	for k := range m {
		ks = append(ks, k)
	}
	slices.Sort(ks)
	return ks
}

func join(field, k string) string {
	if field == "" {
		return k
	}
	return field + "." + k
}

func lastKey(field string) string {
	return field[strings.LastIndexByte(field, '.')+1:]
}
