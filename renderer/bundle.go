// Package renderer runs the app's server bundle in a pool of goja runtimes
// and describes the client bundle (manifest) for the host. The bundles are
// built by renderer/build into renderer/dist and embedded in the binary.
package renderer

import (
	"embed"
	"encoding/json"
	"errors"
	"io/fs"
	"sort"
)

// AssetPrefix is the URL path the client bundle is served under.
const AssetPrefix = "/_assets/"

// ManifestFile is the manifest's name in dist.
const ManifestFile = "manifest.json"

// Chunk is an output file of the client bundle and the chunks it imports
// statically (to preload with it).
type Chunk struct {
	File    string   `json:"file"`
	Imports []string `json:"imports,omitempty"`
}

// Manifest describes a build: the client entry, each page's chunk (by page
// name, app/pages/{name}.tsx), the stylesheet (the font's faces, loaded
// after the page: app/lib/fonts.ts).
type Manifest struct {
	BuildID string           `json:"buildId"`
	Entry   Chunk            `json:"entry"`
	Pages   map[string]Chunk `json:"pages"`
	CSS     string           `json:"css,omitempty"`
}

// Preloads returns the module files a page needs, entry first, each once.
func (m *Manifest) Preloads(page string) []string {
	seen := map[string]bool{}
	var out []string
	add := func(files ...string) {
		for _, f := range files {
			if f != "" && !seen[f] {
				seen[f] = true
				out = append(out, f)
			}
		}
	}
	add(m.Entry.File)
	add(m.Entry.Imports...)
	if c, ok := m.Pages[page]; ok {
		add(c.File)
		add(c.Imports...)
	}
	return out
}

// PageNames lists the pages of the build, sorted.
func (m *Manifest) PageNames() []string {
	names := make([]string, 0, len(m.Pages))
	for n := range m.Pages {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

//go:embed all:dist
var dist embed.FS

// ErrNotBuilt means the binary was compiled without built bundles.
var ErrNotBuilt = errors.New("the app bundles are not built: run make build")

// Bundle is a built app: the server bundle's source, the manifest and the
// client files.
type Bundle struct {
	Server   string
	Manifest *Manifest
	Client   fs.FS // files under AssetPrefix
}

// Embedded returns the bundle compiled into the binary.
func Embedded() (*Bundle, error) {
	sub, _ := fs.Sub(dist, "dist")
	return Load(sub)
}

// Load reads a bundle from a dist directory.
func Load(fsys fs.FS) (*Bundle, error) {
	server, err := fs.ReadFile(fsys, "server.js")
	if err != nil {
		return nil, ErrNotBuilt
	}
	mb, err := fs.ReadFile(fsys, ManifestFile)
	if err != nil {
		return nil, ErrNotBuilt
	}
	var m Manifest
	if err := json.Unmarshal(mb, &m); err != nil {
		return nil, err
	}
	client, err := fs.Sub(fsys, "client")
	if err != nil {
		return nil, err
	}
	return &Bundle{Server: string(server), Manifest: &m, Client: client}, nil
}
