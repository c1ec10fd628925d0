// Package build bundles the React app with esbuild's Go API: a server bundle
// for goja (one IIFE, edge-light condition, ES2017) and a client bundle for
// browsers (ES modules split per page, content-hashed names), plus the
// manifest the host reads. No Node process runs at any point.
package build

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/evanw/esbuild/pkg/api"

	"storefront/renderer"
)

// Options say where the app is and where the bundles go.
type Options struct {
	Root   string // project root (holds app/ and node_modules/)
	OutDir string // renderer/dist
}

// Run builds both bundles and writes OutDir/server.js, OutDir/client/... and
// OutDir/manifest.json. Returns the manifest.
func Run(o Options) (*renderer.Manifest, error) {
	root, err := filepath.Abs(o.Root)
	if err != nil {
		return nil, err
	}
	out, err := filepath.Abs(o.OutDir)
	if err != nil {
		return nil, err
	}
	if _, err := os.Stat(filepath.Join(root, "node_modules", "react")); err != nil {
		return nil, errors.New("node_modules is missing: run npm ci")
	}
	// start clean so old hashed files do not pile up
	for _, p := range []string{"client", "server.js", "client-meta.json", renderer.ManifestFile} {
		os.RemoveAll(filepath.Join(out, p))
	}
	if err := os.MkdirAll(out, 0o755); err != nil {
		return nil, err
	}
	server, err := buildServer(root)
	if err != nil {
		return nil, err
	}
	if err := os.WriteFile(filepath.Join(out, "server.js"), server, 0o644); err != nil {
		return nil, err
	}
	m, err := buildClient(root, filepath.Join(out, "client"))
	if err != nil {
		return nil, err
	}
	h := sha256.New()
	h.Write(server)
	h.Write([]byte(m.Entry.File))
	for _, p := range sortedKeys(m.Pages) {
		h.Write([]byte(m.Pages[p].File))
	}
	m.BuildID = hex.EncodeToString(h.Sum(nil))[:12]
	if err := compressTree(filepath.Join(out, "client")); err != nil {
		return nil, err
	}
	b, _ := json.MarshalIndent(m, "", "  ")
	if err := os.WriteFile(filepath.Join(out, renderer.ManifestFile), b, 0o644); err != nil {
		return nil, err
	}
	return m, nil
}

// define is what each bundle's code reads as constants: SERVER (app/server.d.ts)
// lets server-only code drop out of the browser's bundle.
func define(server bool) map[string]string {
	return map[string]string{"process.env.NODE_ENV": `"production"`, "SERVER": strconv.FormatBool(server)}
}

func buildServer(root string) ([]byte, error) {
	res := api.Build(api.BuildOptions{
		AbsWorkingDir: root,
		EntryPoints:   []string{"app/entry-server.tsx"},
		Bundle:        true,
		Format:        api.FormatIIFE,
		Platform:      api.PlatformNeutral,
		MainFields:    []string{"module", "main"},
		Conditions:    []string{"edge-light"},
		// goja runs modern JavaScript natively (faster than esbuild's
		// lowered helpers) but cannot parse async generators or for await
		Target:            api.ESNext,
		Supported:         map[string]bool{"async-generator": false, "for-await": false},
		Define:            define(true),
		JSX:               api.JSXAutomatic,
		MinifySyntax:      true,
		MinifyWhitespace:  true,
		LegalComments:     api.LegalCommentsNone,
		Loader:            map[string]api.Loader{".css": api.LoaderEmpty, ".woff2": api.LoaderEmpty},
		Plugins:           []api.Plugin{reactServerRewrites},
		Outfile:           "server.js",
		Write:             false,
		LogLevel:          api.LogLevelSilent,
		TreeShaking:       api.TreeShakingTrue,
		IgnoreAnnotations: false,
	})
	if err := buildErrors(res); err != nil {
		return nil, fmt.Errorf("server bundle: %w", err)
	}
	for _, f := range res.OutputFiles {
		if strings.HasSuffix(f.Path, ".js") {
			return f.Contents, nil
		}
	}
	return nil, errors.New("server bundle: no output")
}

func buildClient(root, outDir string) (*renderer.Manifest, error) {
	res := api.Build(api.BuildOptions{
		AbsWorkingDir:     root,
		EntryPoints:       []string{"app/entry-client.tsx"},
		Bundle:            true,
		Splitting:         true,
		Format:            api.FormatESModule,
		Platform:          api.PlatformBrowser,
		Target:            api.ES2020,
		Define:            define(false),
		JSX:               api.JSXAutomatic,
		MinifySyntax:      true,
		MinifyWhitespace:  true,
		MinifyIdentifiers: true,
		LegalComments:     api.LegalCommentsExternal,
		Loader:            map[string]api.Loader{".woff2": api.LoaderFile, ".svg": api.LoaderFile, ".png": api.LoaderFile},
		Outdir:            outDir,
		EntryNames:        "[name]-[hash]",
		ChunkNames:        "chunks/[name]-[hash]",
		AssetNames:        "files/[name]-[hash]",
		PublicPath:        renderer.AssetPrefix,
		Plugins:           []api.Plugin{withSharedChunk(root, sharedChunk)},
		Sourcemap:         api.SourceMapLinked,
		Metafile:          true,
		Write:             true,
		LogLevel:          api.LogLevelSilent,
	})
	if err := buildErrors(res); err != nil {
		return nil, fmt.Errorf("client bundle: %w", err)
	}
	// kept beside the bundle for size analysis (e.g. esbuild's analyzer)
	if err := os.WriteFile(filepath.Join(filepath.Dir(outDir), "client-meta.json"), []byte(res.Metafile), 0o644); err != nil {
		return nil, err
	}
	return manifestFrom(root, outDir, res.Metafile)
}

func buildErrors(res api.BuildResult) error {
	if len(res.Errors) == 0 {
		return nil
	}
	msgs := api.FormatMessages(res.Errors, api.FormatMessagesOptions{Kind: api.ErrorMessage})
	return errors.New(strings.Join(msgs, "\n"))
}

// metafile is the part of esbuild's metafile the manifest needs.
type metafile struct {
	Outputs map[string]struct {
		EntryPoint string `json:"entryPoint"`
		CSSBundle  string `json:"cssBundle"`
		Imports    []struct {
			Path string `json:"path"`
			Kind string `json:"kind"`
		} `json:"imports"`
	} `json:"outputs"`
}

// manifestFrom maps the entry and every page (app/pages/{name}.tsx) to its
// output file and the chunks it imports statically (to preload them).
func manifestFrom(root, outDir, meta string) (*renderer.Manifest, error) {
	var mf metafile
	if err := json.Unmarshal([]byte(meta), &mf); err != nil {
		return nil, err
	}
	url := func(out string) string {
		rel, _ := filepath.Rel(outDir, filepath.Join(root, out))
		return renderer.AssetPrefix + filepath.ToSlash(rel)
	}
	var closure func(out string, seen map[string]bool) []string
	closure = func(out string, seen map[string]bool) []string {
		var list []string
		for _, imp := range mf.Outputs[out].Imports {
			if imp.Kind != "import-statement" || seen[imp.Path] {
				continue
			}
			seen[imp.Path] = true
			list = append(list, url(imp.Path))
			list = append(list, closure(imp.Path, seen)...)
		}
		return list
	}
	m := &renderer.Manifest{Pages: map[string]renderer.Chunk{}}
	for out, o := range mf.Outputs {
		if !strings.HasSuffix(out, ".js") {
			continue
		}
		switch {
		case o.EntryPoint == "app/entry-client.tsx":
			m.Entry = renderer.Chunk{File: url(out), Imports: closure(out, map[string]bool{})}
			if o.CSSBundle != "" {
				m.CSS = url(o.CSSBundle)
			}
		case strings.HasPrefix(o.EntryPoint, "app/pages/"):
			name := strings.TrimSuffix(strings.TrimPrefix(o.EntryPoint, "app/pages/"), ".tsx")
			m.Pages[name] = renderer.Chunk{File: url(out), Imports: closure(out, map[string]bool{})}
		}
	}
	if m.Entry.File == "" {
		return nil, errors.New("client bundle: no entry output")
	}
	return m, nil
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
