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
