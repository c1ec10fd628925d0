package storefront

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"unicode"
)

// hanSkipped are the folders whose Go files may hold Chinese: the app's
// (its texts are its own, one place per area), the browser tests' and the
// benchmark's fixtures.
var hanSkipped = []string{"app", "e2e", "bench", "node_modules", "var"}

// hanException is a literal outside texts*.go that may hold Chinese.
type hanException struct {
	file  string            // a path.Match pattern from the module root
	allow func(string) bool // the literal's value; nil: every literal of the file
	why   string
}

// hanExceptions are the Go files, or literals of them, that keep Chinese
// where they are, each for its reason.
var hanExceptions = []hanException{
	{file: "providers/*sandbox*.go", why: "a sandbox imitates a provider's own pages, in the provider's words"},
	{file: "data/catalogue/*.go", why: "the catalogue import's report to the catalogue's author (an operator-facing command), in its own words"},
	{file: "rules/hours.go", allow: hanOnly("週周星期禮拜一二三四五六日天至到每全年平假末"),
		why: "the words that parse a store's opening hours: what Go reads, not what it sends"},
	{file: "data/courses.go", allow: hanOnly("伽珈"), why: "the search folds 伽 into 珈 (in Go and in SQL): a spelling rule"},
	{file: "data/items.go", allow: hanOnly("伽珈"), why: "the search folds 伽 into 珈 in SQL: a spelling rule"},
	{file: "mail/templates.go", allow: isTemplate, why: "the mails' layout is a template (its texts come in through texts_mail.go)"},
	{file: "host/checkout_pages.go", allow: isTemplate, why: "the page that posts the buyer to the gateway is a template"},
	{file: "host/config/config.go", allow: hanOnly("藍新金流中租零卡分期"),
		why: "the providers' own names in the configuration's help text (English, for the operator)"},
}

// hanOnly allows a literal whose Chinese characters are all of chars.
func hanOnly(chars string) func(string) bool {
	return func(lit string) bool {
		for _, r := range lit {
			if unicode.Is(unicode.Han, r) && !strings.ContainsRune(chars, r) {
				return false
			}
		}
		return true
	}
}

// isTemplate allows a text/template or html/template source.
func isTemplate(lit string) bool { return strings.Contains(lit, "{{") }

func matchesAny(patterns []string, file string) bool {
	for _, p := range patterns {
		if ok, _ := path.Match(p, file); ok {
			return true
		}
	}
	return false
}

// TestTextsAtRoot: every Traditional Chinese text Go sends is in the
// root's texts*.go, where it can be reviewed and reused; no other Go
// string literal holds a Han character, but the exceptions above.
func TestTextsAtRoot(t *testing.T) {
	var stray []string
	used := map[int]bool{}
	err := filepath.WalkDir(".", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		file := filepath.ToSlash(p)
		if d.IsDir() {
			if p != "." && (strings.HasPrefix(d.Name(), ".") || matchesAny(hanSkipped, file)) {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(file, ".go") || strings.HasSuffix(file, "_test.go") || matchesAny([]string{"texts.go", "texts_*.go"}, file) {
			return nil
		}
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, p, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		ast.Inspect(f, func(n ast.Node) bool {
			lit, ok := n.(*ast.BasicLit)
			if !ok || lit.Kind != token.STRING {
				return true
			}
			value, err := strconv.Unquote(lit.Value)
			if err != nil || strings.IndexFunc(value, func(r rune) bool { return unicode.Is(unicode.Han, r) }) < 0 {
				return true
			}
			for i, e := range hanExceptions {
				if ok, _ := path.Match(e.file, file); ok && (e.allow == nil || e.allow(value)) {
					used[i] = true
					return true
				}
			}
			at := fset.Position(lit.Pos())
			stray = append(stray, file+":"+strconv.Itoa(at.Line)+": "+strconv.Quote(firstLine(value)))
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range stray {
		t.Errorf("%s: a text Go sends belongs in texts*.go at the root", s)
	}
	for i, e := range hanExceptions {
		if !used[i] {
			t.Errorf("exception %s (%s) matches no literal any more: remove it", e.file, e.why)
		}
	}
}

// firstLine shortens a literal to its first line, for the report.
func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i] + "…"
	}
	return s
}
