package build

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestRewriteRenderToString checks the rewrite applies to the installed
// React and turns the string concatenation into an array join.
func TestRewriteRenderToString(t *testing.T) {
	p := filepath.Join("..", "..", "node_modules", "react-dom", "cjs", "react-dom-server-legacy.browser.production.js")
	src, err := os.ReadFile(p)
	if err != nil {
		t.Skip("node_modules not installed")
	}
	out, err := rewriteRenderToString(string(src))
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(out, "result += chunk") || !strings.Contains(out, `result.join("")`) {
		t.Fatal("renderToString still concatenates")
	}
	if _, err := rewriteRenderToString("function renderToStringImpl(){}\nexports.x=1"); err == nil {
		t.Fatal("a changed React was rewritten silently")
	}
}

func TestInRanges(t *testing.T) {
	for _, c := range []struct {
		r    rune
		list string
		want bool
	}{
		{'森', "U+4e00-9fff", true},
		{'森', "U+3401,U+4e00-4e3f", false},
		{0x3401, "U+3401, U+3441", true},
	} {
		if got := inRanges(c.r, c.list); got != c.want {
			t.Errorf("inRanges(%U, %q) = %v", c.r, c.list, got)
		}
	}
}
