package renderer

import (
	"strings"
	"sync"

	"github.com/dop251/goja"
)

// styleTable holds emotion's rules of the bundle in insertion order, so the
// critical CSS of a page is picked in Go: the rules of the class names its
// HTML uses, plus every global rule (what @emotion/server's extractCritical
// does, without scanning the page in goja).
type styleTable struct {
	mu     sync.RWMutex
	index  map[string]int // id -> position
	rules  []rule
	global []int // positions of global rules
}

type rule struct {
	id, css string
}

func newStyleTable() *styleTable { return &styleTable{index: map[string]int{}} }

// add records rules given as [id, css, global] triples.
func (t *styleTable) add(rt *goja.Runtime, v goja.Value) {
	if v == nil || goja.IsUndefined(v) || goja.IsNull(v) {
		return
	}
	var triples [][]any
	if err := rt.ExportTo(v, &triples); err != nil {
		return
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	for _, tr := range triples {
		if len(tr) != 3 {
			continue
		}
		id, _ := tr[0].(string)
		css, _ := tr[1].(string)
		global, _ := tr[2].(bool)
		if _, ok := t.index[id]; ok || id == "" {
			continue
		}
		t.index[id] = len(t.rules)
		if global {
			t.global = append(t.global, len(t.rules))
		}
		t.rules = append(t.rules, rule{id, css})
	}
}

// critical returns the space-separated ids and the CSS a page's HTML needs.
func (t *styleTable) critical(html string) (ids, css string) {
	t.mu.RLock()
	defer t.mu.RUnlock()
	// marks by position, read in order: the rules in insertion order
	// without a map or a sort
	used := make([]bool, len(t.rules))
	for _, i := range t.global {
		used[i] = true
	}
	for rest := html; ; {
		i := strings.Index(rest, "css-")
		if i < 0 {
			break
		}
		rest = rest[i+4:]
		j := 0
		for j < len(rest) && isIDByte(rest[j]) {
			j++
		}
		if k, ok := t.index[rest[:j]]; ok {
			used[k] = true
		}
		rest = rest[j:]
	}
	// sized first: grown by doubling, the CSS was copied several times
	nb, nc := 0, 0
	for k, u := range used {
		if u {
			nb, nc = nb+len(t.rules[k].id)+1, nc+len(t.rules[k].css)
		}
	}
	var b, c strings.Builder
	b.Grow(nb)
	c.Grow(nc)
	for k, u := range used {
		if !u {
			continue
		}
		if b.Len() > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(t.rules[k].id)
		c.WriteString(t.rules[k].css)
	}
	return b.String(), c.String()
}

func isIDByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_'
}

// splitHead cuts the head tags React 19 hoists to the front of
// renderToString's output (<title>, <meta>, <link>, <base>) from the body.
func splitHead(out string) (head, body string) {
	i := 0
	for {
		rest := out[i:]
		switch {
		case strings.HasPrefix(rest, "<title"):
			end := strings.Index(rest, "</title>")
			if end < 0 {
				return out[:i], out[i:]
			}
			i += end + len("</title>")
		case strings.HasPrefix(rest, "<meta"), strings.HasPrefix(rest, "<link"), strings.HasPrefix(rest, "<base"):
			end := strings.IndexByte(rest, '>')
			if end < 0 {
				return out[:i], out[i:]
			}
			i += end + 1
		default:
			return out[:i], out[i:]
		}
	}
}
