package build

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/evanw/esbuild/pkg/api"
)

// reactServerRewrites rewrites React's legacy server renderer where an
// interpreter pays for its shape: renderToString collects its output chunks
// in an array and joins them once (rewriteRenderToString), and no component
// stack is built (rewriteComponentStack).
//
// The array join: React builds the string with result += chunk; goja has no
// rope strings, so that is quadratic in the page size (a 30-card page:
// 36 ms -> 11 ms per render). The build fails if React's code no longer has
// the expected shape, so an upgrade cannot silently drop a rewrite.
var reactServerRewrites = api.Plugin{
	Name: "react-server-rewrites",
	Setup: func(b api.PluginBuild) {
		b.OnLoad(api.OnLoadOptions{Filter: `react-dom-server-legacy\.browser\.production\.js$`},
			func(args api.OnLoadArgs) (api.OnLoadResult, error) {
				src, err := os.ReadFile(args.Path)
				if err != nil {
					return api.OnLoadResult{}, err
				}
				out := string(src)
				for _, rewrite := range reactServerRewriteSteps {
					if out, err = rewrite(out); err != nil {
						break
					}
				}
				if err != nil {
					return api.OnLoadResult{}, fmt.Errorf("%s: %w", args.Path, err)
				}
				return api.OnLoadResult{Contents: &out, Loader: api.LoaderJS}, nil
			})
	},
}

// reactServerRewriteSteps are the rewrites of React's server renderer, in
// the order they apply.
var reactServerRewriteSteps = []func(string) (string, error){
	rewriteRenderToString, rewriteComponentStack, rewriteOwnKeys, rewriteEscape,
	rewriteAttributeSwitch, rewritePreloadOnly, rewriteImagePreloads, rewriteTreeContext,
}

// rewriteRenderToString applies the rewrite to the source of React's legacy
// server renderer.
func rewriteRenderToString(src string) (string, error) {
	start := strings.Index(src, "function renderToStringImpl(")
	if start < 0 {
		return "", fmt.Errorf("renderToStringImpl not found")
	}
	end := strings.Index(src[start:], "\nexports.")
	if end < 0 {
		return "", fmt.Errorf("end of renderToStringImpl not found")
	}
	fn := src[start : start+end]
	for _, r := range []struct{ old, new string }{
		{`result = "",`, `result = [],`},
		{`null !== chunk && (result += chunk);`, `null !== chunk && result.push(chunk);`},
		{"return result;\n}", `return result.join("");` + "\n}"},
	} {
		if strings.Count(fn, r.old) != 1 {
			return "", fmt.Errorf("renderToStringImpl: expected exactly one %q", r.old)
		}
		fn = strings.Replace(fn, r.old, r.new, 1)
	}
	return src[:start] + fn + src[start+end:], nil
}

// rewriteComponentStack drops two things React's server renderer does for
// every element and the storefront never reads: the component stack it
// builds (an object per element, read only to describe an error to an
// onError callback, which renderToString has not) and the component name
// it puts in each element's key path (read only by useActionState's
// postback keys, which the app does not use). They took 7% of a member
// centre's goja render. Like the array join, the build fails if React's
// code no longer has this shape.
func rewriteComponentStack(src string) (string, error) {
	for _, r := range []struct{ old, new string }{
		{"function pushComponentStack(task) {\n  var node = task.node;\n", "function pushComponentStack(task) {\n  return;\n  var node = task.node;\n"},
		{"            name = getComponentNameFromType(type),\n", "            name = null,\n"},
	} {
		if strings.Count(src, r.old) != 1 {
			return "", fmt.Errorf("react-dom/server: expected exactly one %q", r.old)
		}
		src = strings.Replace(src, r.old, r.new, 1)
	}
	return src, nil
}

// ownKeysLoop is React's loop over an element's props (and a style
// object's names): for-in, keeping the own properties (the names in the
// for-in and in the hasOwnProperty call must agree: see ownKeys).
var ownKeysLoop = regexp.MustCompile(`for \((?:var )?([\w$]+) in ([\w$]+)\)\n(\s*)if \(hasOwnProperty\.call\(([\w$]+), ([\w$]+)\)\)`)

// ownKeysLoops is how many of them React's server renderer has.
const ownKeysLoops = 20

// rewriteOwnKeys turns each ownKeysLoop into an indexed loop over
// Object.keys (the same names in the same order: for-in's own enumerable
// string keys). goja pays for for-in's enumeration and for a
// hasOwnProperty call per name: over an element's props the loop took half
// the time (4.3 against 2.0 µs an object of four props), and React runs it
// once per element it writes: renders took 2-7% less (member centre 2.78
// -> 2.74 ms, activity list 4.55 -> 4.24 ms; runs taken in turn). The
// build fails if React's count of these loops changes.
func rewriteOwnKeys(src string) (string, error) {
	var b strings.Builder
	n, last := 0, 0
	for _, m := range ownKeysLoop.FindAllStringSubmatchIndex(src, -1) {
		name, obj, indent := src[m[2]:m[3]], src[m[4]:m[5]], src[m[6]:m[7]]
		if src[m[8]:m[9]] != obj || src[m[10]:m[11]] != name {
			continue
		}
		b.WriteString(src[last:m[0]])
		fmt.Fprintf(&b, "for (var %[1]s, %[1]s$k = Object.keys(%[2]s), %[1]s$i = 0; %[1]s$i < %[1]s$k.length; %[1]s$i++)\n%[3]sif (((%[1]s = %[1]s$k[%[1]s$i]), true))", name, obj, indent)
		last = m[1]
		n++
	}
	if n != ownKeysLoops {
		return "", fmt.Errorf("react-dom/server: expected %d for-in loops over own keys, found %d", ownKeysLoops, n)
	}
	return b.String() + src[last:], nil
}

// rewriteEscape lets escapeTextForBrowser, which React runs on every
// attribute value and text it writes, ask the host whether a string holds
// a character to escape (renderer/globals.go __htmlSafe) before it runs
// its regular expression: goja's regular expressions take about 13 ns a
// character (6 µs for an image's srcset), the host's check a fraction of
// that. Where the host gives no such function (Node's baseline) the
// regular expression runs as before. The build fails if React's code no
// longer has this shape.
func rewriteEscape(src string) (string, error) {
	const old = "  var match = matchHtmlRegExp.exec(text);\n"
	if strings.Count(src, old) != 1 {
		return "", fmt.Errorf("react-dom/server: expected exactly one %q", old)
	}
	const re = "  matchHtmlRegExp = /[\"'&<>]/;\n"
	if strings.Count(src, re) != 1 {
		return "", fmt.Errorf("react-dom/server: expected exactly one %q", re)
	}
	src = strings.Replace(src, old, "  var match = htmlSafe !== null && htmlSafe(text) ? null : matchHtmlRegExp.exec(text);\n", 1)
	return strings.Replace(src, re, re[:len(re)-2]+",\n  htmlSafe = typeof __htmlSafe === \"function\" ? __htmlSafe : null;\n", 1), nil
}

// attributeCase is a case label of pushAttribute's switch.
var attributeCase = regexp.MustCompile(`(?m)^    case ("[A-Za-z]+"):\n`)

// rewriteAttributeSwitch sends an attribute that none of pushAttribute's
// cases names (srcSet, alt, id, data-*, aria-*: most of them) straight to
// the switch's default clause. goja runs a switch as one comparison after
// another, about 75 of them before the default clause, for each attribute
// React writes (an element's and an image preload's); a Set lookup is
// one call. The default clause is the last one and ends the function, so
// it runs the same either way. The build fails if React's code no longer
// has this shape.
func rewriteAttributeSwitch(src string) (string, error) {
	const head = "function pushAttribute(target, name, value) {\n  switch (name) {\n"
	const dflt = "    default:\n"
	const end = "\n  }\n}\n"
	start := strings.Index(src, head)
	if start < 0 || strings.Count(src, head) != 1 {
		return "", fmt.Errorf("react-dom/server: expected exactly one %q", head)
	}
	fn := src[start:]
	fn = fn[:strings.Index(fn, end)+len(end)]
	d := strings.Index(fn, dflt)
	if d < 0 || strings.Count(fn, dflt) != 1 {
		return "", errors.New("react-dom/server: pushAttribute's default clause not found")
	}
	var labels []string
	for _, m := range attributeCase.FindAllStringSubmatch(fn[:d], -1) {
		labels = append(labels, m[1])
	}
	if len(labels) < 50 || strings.Count(fn[:d], "case ") != len(labels) {
		return "", fmt.Errorf("react-dom/server: pushAttribute's %d case labels not all read", strings.Count(fn[:d], "case "))
	}
	body := fn[d+len(dflt) : len(fn)-len(end)]
	out := "var pushAttributeCases = new Set([" + strings.Join(labels, ", ") + "]);\n" +
		"function pushAttribute(target, name, value) {\n  if (!pushAttributeCases.has(name)) {\n" + body + "\n    return;\n  }\n" + fn[len("function pushAttribute(target, name, value) {\n"):]
	return src[:start] + out + src[start+len(fn):], nil
}

// rewriteTreeContext gives entry-server globalThis.__reactTreeContext(set?):
// the tree context (React's place in the tree, which useId's ids are made
// from) of the component being rendered, set to set first when given. A
// page render reads the page's place once, in the whole tree around a
// stand-in, then renders the page alone in that place instead of inside
// the layout (the frame's dozen components took a fifth of a member
// centre's render). The build fails if React's code no longer has this
// shape.
func rewriteTreeContext(src string) (string, error) {
	const set = "  currentlyRenderingTask = task;\n"
	if strings.Count(src, set) != 1 || !strings.Contains(src, "getTreeId(currentlyRenderingTask.treeContext)") {
		return "", fmt.Errorf("react-dom/server: expected currentlyRenderingTask set once, and useId reading its treeContext")
	}
	return src + "\nglobalThis.__reactTreeContext = function (set) {\n  if (set) currentlyRenderingTask.treeContext = set;\n  return currentlyRenderingTask.treeContext;\n};\n", nil
}

// rewritePreloadOnly lets an <img> with the prop __preloadOnly (a kept
// part's stand-in in entry-server) do only what React does for its
// preload, without writing the element: its HTML is thrown away with the
// stand-in, and writing it (its srcset, escaped) cost about as much again
// as the preload. The build fails if React's code no longer has this
// shape.
func rewritePreloadOnly(src string) (string, error) {
	const old = `return pushSelfClosing(target$jscomp$0, props, "img", formatContext);`
	if strings.Count(src, old) != 1 {
		return "", fmt.Errorf("react-dom/server: expected exactly one %q", old)
	}
	return strings.Replace(src, old, `return true === props.__preloadOnly ? null : pushSelfClosing(target$jscomp$0, props, "img", formatContext);`, 1), nil
}

// imagePreloadLink is where React writes an image's preload link.
const imagePreloadLink = `((resource$jscomp$1 = []),
              pushLinkImpl(resource$jscomp$1, {
                rel: "preload",
                as: "image",
                href: srcSet ? void 0 : src,
                imageSrcSet: srcSet,
                imageSizes: sizes,
                crossOrigin: JSCompiler_inline_result$jscomp$8,
                integrity: props.integrity,
                type: props.type,
                fetchPriority: props.fetchPriority,
                referrerPolicy: props.referrerPolicy
              }),`

// imagePreloadChunks keeps the chunks of the image preload links the
// runtime wrote, by what they are written from, and gives a copy (React
// empties a resource's chunks as it writes them out): the same images'
// links, a srcset each, are written again on every render of a page, each
// attribute escaped. Only strings and undefined make a key; any other
// value is written as React writes it.
const imagePreloadChunks = `var imagePreloads = new Map();
function imagePreloadChunks(href, imageSrcSet, imageSizes, crossOrigin, integrity, type, fetchPriority, referrerPolicy) {
  var props = {
      rel: "preload",
      as: "image",
      href: href,
      imageSrcSet: imageSrcSet,
      imageSizes: imageSizes,
      crossOrigin: crossOrigin,
      integrity: integrity,
      type: type,
      fetchPriority: fetchPriority,
      referrerPolicy: referrerPolicy
    },
    values = [href, imageSrcSet, imageSizes, crossOrigin, integrity, type, fetchPriority, referrerPolicy],
    key = "",
    chunks;
  for (var i = 0; i < values.length; i++) {
    var value = values[i];
    if (void 0 === value) key += "\n";
    else if ("string" === typeof value) key += "\n=" + value;
    else return (chunks = []), pushLinkImpl(chunks, props), chunks;
  }
  chunks = imagePreloads.get(key);
  if (void 0 === chunks) {
    chunks = [];
    pushLinkImpl(chunks, props);
    1e3 <= imagePreloads.size && imagePreloads.clear();
    imagePreloads.set(key, chunks);
  }
  return chunks.slice();
}
`

// rewriteImagePreloads writes an image's preload link from the chunks the
// runtime kept of it (imagePreloadChunks): a page's eager images (a kept
// part's stand-ins among them) are the same from one render to the next.
// The build fails if React's code no longer has this shape.
func rewriteImagePreloads(src string) (string, error) {
	if strings.Count(src, imagePreloadLink) != 1 {
		return "", errors.New("react-dom/server: the image preload link not found")
	}
	const at = "function pushLinkImpl(target, props) {\n"
	if strings.Count(src, at) != 1 {
		return "", fmt.Errorf("react-dom/server: expected exactly one %q", at)
	}
	src = strings.Replace(src, imagePreloadLink, `((resource$jscomp$1 = imagePreloadChunks(srcSet ? void 0 : src, srcSet, sizes, JSCompiler_inline_result$jscomp$8, props.integrity, props.type, props.fetchPriority, props.referrerPolicy)),`, 1)
	return strings.Replace(src, at, imagePreloadChunks+at, 1), nil
}

// sharedChunk lists the app's modules that most pages use, and those the
// entry imports that some pages import too (every page has the entry
// loaded anyway: lib/chunk, ui/dialog, lib/use-native-values). The client
// build makes every page and the entry import them, so that esbuild puts
// them all in one chunk every page loads instead of a small chunk per set of
// pages sharing them (per-chunk overhead cost about 5 KB gzip of brand
// home's first-visit JavaScript). Paths are relative to app/, without
// extension.
var sharedChunk = []string{
	"features/members/components/account-area",
	"features/members/api",
	"lib/api",
	"lib/chunk",
	"lib/format",
	"lib/json-ld",
	"lib/links",
	"lib/modules",
	"lib/navigation",
	"lib/page-context",
	"lib/page-head",
	"lib/query",
	"lib/ui-state",
	"lib/use-native-values",
	"strings/zh-hant",
	"ui/button",
	"ui/card",
	"ui/date",
	"ui/dialog",
	"ui/dialog-layer",
	"ui/empty-state",
	"ui/images",
	"ui/picture",
	"ui/section-title",
	"ui/theme",
}

// withSharedChunk appends an import of each of modules (see sharedChunk) to
// the client entry, to every page (app/pages/*.tsx) and to every dialog
// (app/features/*/dialogs/*-dialog.tsx, app/lib/dialogs/*-dialog.tsx), the
// modules loaded on demand.
func withSharedChunk(root string, modules []string) api.Plugin {
	return api.Plugin{
		Name: "shared-chunk",
		Setup: func(b api.PluginBuild) {
			b.OnLoad(api.OnLoadOptions{Filter: `app[/\\](entry-client|pages[/\\][^/\\]+|(features[/\\][^/\\]+|lib)[/\\]dialogs[/\\][^/\\]+-dialog)\.tsx$`},
				func(args api.OnLoadArgs) (api.OnLoadResult, error) {
					src, err := os.ReadFile(args.Path)
					if err != nil {
						return api.OnLoadResult{}, err
					}
					var sb strings.Builder
					sb.Write(src)
					sb.WriteString("\n// modules most pages use (renderer/build sharedChunk)\n")
					for _, m := range modules {
						fmt.Fprintf(&sb, "import %q;\n", filepath.ToSlash(filepath.Join(root, "app", m)))
					}
					out := sb.String()
					return api.OnLoadResult{Contents: &out, Loader: api.LoaderTSX}, nil
				})
		},
	}
}
