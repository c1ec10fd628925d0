package build

import (
	"fmt"
	"os"
	"strings"

	"github.com/evanw/esbuild/pkg/api"
)

// arrayJoinRenderToString rewrites React's renderToString to collect its
// output chunks in an array and join them once. React builds the string with
// result += chunk; goja has no rope strings, so that is quadratic in the
// page size (a 30-card page: 36 ms -> 11 ms per render). The build fails if
// React's code no longer has the expected shape, so an upgrade cannot
// silently drop the rewrite.
var arrayJoinRenderToString = api.Plugin{
	Name: "array-join-render-to-string",
	Setup: func(b api.PluginBuild) {
		b.OnLoad(api.OnLoadOptions{Filter: `react-dom-server-legacy\.browser\.production\.js$`},
			func(args api.OnLoadArgs) (api.OnLoadResult, error) {
				src, err := os.ReadFile(args.Path)
				if err != nil {
					return api.OnLoadResult{}, err
				}
				out, err := rewriteRenderToString(string(src))
				if err != nil {
					return api.OnLoadResult{}, fmt.Errorf("%s: %w", args.Path, err)
				}
				return api.OnLoadResult{Contents: &out, Loader: api.LoaderJS}, nil
			})
	},
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
