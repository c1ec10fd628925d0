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
	out, err := rewriteRenderToString(reactServer(t))
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

// TestRewriteComponentStack checks the rewrite applies to the installed
// React: no component stack is built and no component name is looked up
// for the key path; a React of another shape fails the build.
func TestRewriteComponentStack(t *testing.T) {
	out, err := rewriteComponentStack(reactServer(t))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out, "function pushComponentStack(task) {\n  return;") || strings.Contains(out, "name = getComponentNameFromType(type),") {
		t.Fatal("React still builds its component stack or names each element's component")
	}
	if _, err := rewriteComponentStack("function pushComponentStack(task) {}"); err == nil {
		t.Fatal("a changed React was rewritten silently")
	}
}

// reactServer is the installed React's legacy server renderer, which the
// build rewrites.
func reactServer(t *testing.T) string {
	src, err := os.ReadFile(filepath.Join("..", "..", "node_modules", "react-dom", "cjs", "react-dom-server-legacy.browser.production.js"))
	if err != nil {
		t.Skip("node_modules not installed")
	}
	return string(src)
}

// TestRewriteOwnKeys checks the rewrite applies to the installed React:
// no for-in over an element's props is left, each loop walks Object.keys,
// and a React with another count of these loops fails the build.
func TestRewriteOwnKeys(t *testing.T) {
	src := reactServer(t)
	out, err := rewriteOwnKeys(src)
	if err != nil {
		t.Fatal(err)
	}
	if ownKeysLoop.MatchString(out) || strings.Count(out, "Object.keys(")-strings.Count(src, "Object.keys(") != ownKeysLoops {
		t.Fatal("a for-in over own keys is left")
	}
	if !strings.Contains(out, "for (var propKey, propKey$k = Object.keys(props), propKey$i = 0; propKey$i < propKey$k.length; propKey$i++)") {
		t.Fatal("pushStartGenericElement's loop not rewritten")
	}
	if _, err := rewriteOwnKeys("for (propKey in props)\n  if (hasOwnProperty.call(props, propKey)) {}"); err == nil {
		t.Fatal("a changed React was rewritten silently")
	}
}

// TestRewriteEscape checks the rewrite applies to the installed React:
// escapeTextForBrowser asks the host's __htmlSafe first when there is one,
// and a React of another shape fails the build.
func TestRewriteEscape(t *testing.T) {
	out, err := rewriteEscape(reactServer(t))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out, `htmlSafe = typeof __htmlSafe === "function" ? __htmlSafe : null;`) || !strings.Contains(out, "htmlSafe !== null && htmlSafe(text) ? null : matchHtmlRegExp.exec(text)") {
		t.Fatal("escapeTextForBrowser does not ask the host")
	}
	if _, err := rewriteEscape("function escapeTextForBrowser(text) {}"); err == nil {
		t.Fatal("a changed React was rewritten silently")
	}
}

// TestRewriteAttributeSwitch checks the rewrite applies to the installed
// React: an attribute none of pushAttribute's cases names goes to the
// default clause before the switch, every case label is in the Set, and a
// React of another shape fails the build.
func TestRewriteAttributeSwitch(t *testing.T) {
	src := reactServer(t)
	out, err := rewriteAttributeSwitch(src)
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{`"className"`, `"src"`, `"xmlSpace"`, `"itemScope"`} {
		if !strings.Contains(out, name+",") && !strings.Contains(out, name+"]") {
			t.Errorf("%s not in pushAttributeCases", name)
		}
	}
	if !strings.Contains(out, "function pushAttribute(target, name, value) {\n  if (!pushAttributeCases.has(name)) {\n") {
		t.Fatal("pushAttribute not rewritten")
	}
	if _, err := rewriteAttributeSwitch("function pushAttribute(target, name, value) {\n  switch (name) {\n  }\n}\n"); err == nil {
		t.Fatal("a changed React was rewritten silently")
	}
}

// TestRewritePreloadOnly checks the rewrite applies to the installed
// React: an img marked __preloadOnly writes no element, and a React of
// another shape fails the build.
func TestRewritePreloadOnly(t *testing.T) {
	out, err := rewritePreloadOnly(reactServer(t))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out, `return true === props.__preloadOnly ? null : pushSelfClosing(target$jscomp$0, props, "img", formatContext);`) {
		t.Fatal("an img marked __preloadOnly is still written")
	}
	if _, err := rewritePreloadOnly("function pushStartInstance() {}"); err == nil {
		t.Fatal("a changed React was rewritten silently")
	}
}

// TestRewriteImagePreloads checks the rewrite applies to the installed
// React: an image's preload link comes from imagePreloadChunks, defined
// once, and a React of another shape fails the build.
func TestRewriteImagePreloads(t *testing.T) {
	out, err := rewriteImagePreloads(reactServer(t))
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(out, imagePreloadLink) || strings.Count(out, "function imagePreloadChunks(") != 1 || !strings.Contains(out, "(resource$jscomp$1 = imagePreloadChunks(") {
		t.Fatal("the image preload link is still written by React each time")
	}
	if _, err := rewriteImagePreloads("function pushLinkImpl(target, props) {\n}"); err == nil {
		t.Fatal("a changed React was rewritten silently")
	}
}

// TestRewriteTreeContext checks the rewrite applies to the installed React:
// the module ends giving the current task's tree context, and a React of
// another shape fails the build.
func TestRewriteTreeContext(t *testing.T) {
	out, err := rewriteTreeContext(reactServer(t))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out, "globalThis.__reactTreeContext = function (set) {") {
		t.Fatal("no __reactTreeContext")
	}
	if _, err := rewriteTreeContext("function renderWithHooks(request, task) {\n  currentlyRenderingTask = task;\n}"); err == nil {
		t.Fatal("a changed React was rewritten silently")
	}
}
