package host

import (
	_ "embed"
	"io"
	"io/fs"
	"mime"
	"net/http"
	"path"
	"strings"
	"time"

	"storefront/renderer"
)

// assets serves the client bundle: content-hashed files, cached for a year,
// precompressed (brotli, gzip) where the build wrote it.
func (s *Server) assets() http.Handler {
	return fileServer(s.bundle.Client, renderer.AssetPrefix, "public, max-age=31536000, immutable")
}

//go:embed static/favicon.svg
var favicon []byte

// ogImage is the storefront's own sharing picture (1200x630): the og:image
// of the pages of no brand (the site index, an unknown brand's 404). It
// was drawn once from favicon.svg and the service's name in Noto Sans TC.
//
//go:embed static/og-image.png
var ogImage []byte

// faviconHandler serves the storefront's own icon (an SVG, which browsers
// take at /favicon.ico too).
func faviconHandler(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "image/svg+xml")
	w.Header().Set("Cache-Control", "public, max-age=86400")
	w.Write(favicon)
}

// ogImageHandler serves ogImage at /og-image.png.
func ogImageHandler(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "image/png")
	w.Header().Set("Cache-Control", "public, max-age=86400")
	w.Write(ogImage)
}

// staticFiles serves the files of Deps.Static, each folder at
// /_static/{name}/.
func (s *Server) staticFiles() http.Handler {
	mux := http.NewServeMux()
	for name, fsys := range s.static {
		prefix := "/_static/" + name + "/"
		mux.Handle("GET "+prefix, fileServer(fsys, prefix, "public, max-age=86400"))
	}
	return mux
}

func fileServer(fsys fs.FS, prefix, cacheControl string) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		name := strings.TrimPrefix(r.URL.Path, prefix)
		if name == r.URL.Path || name == "" || !fs.ValidPath(name) || strings.HasSuffix(name, ".br") || strings.HasSuffix(name, ".gz") {
			http.NotFound(w, r)
			return
		}
		f, enc := openEncoded(fsys, name, r.Header.Get("Accept-Encoding"))
		if f == nil {
			http.NotFound(w, r)
			return
		}
		defer f.Close()
		h := w.Header()
		ctype := mime.TypeByExtension(path.Ext(name))
		if ctype == "" {
			ctype = "application/octet-stream"
		}
		h.Set("Content-Type", ctype)
		h.Set("Cache-Control", cacheControl)
		h.Set("Vary", "Accept-Encoding")
		if enc != "" {
			h.Set("Content-Encoding", enc)
		}
		rs, ok := f.(io.ReadSeeker)
		if !ok {
			io.Copy(w, f)
			return
		}
		http.ServeContent(w, r, "", time.Time{}, rs)
	})
}

// openEncoded opens name's brotli or gzip copy when the client accepts it
// and it exists, else name itself.
func openEncoded(fsys fs.FS, name, acceptEncoding string) (fs.File, string) {
	for _, e := range []struct{ enc, ext string }{{"br", ".br"}, {"gzip", ".gz"}} {
		if accepts(acceptEncoding, e.enc) {
			if f, err := fsys.Open(name + e.ext); err == nil {
				return f, e.enc
			}
		}
	}
	f, err := fsys.Open(name)
	if err != nil {
		return nil, ""
	}
	if st, err := f.Stat(); err != nil || st.IsDir() {
		f.Close()
		return nil, ""
	}
	return f, ""
}

// accepts reports whether an Accept-Encoding header allows enc.
func accepts(header, enc string) bool {
	for header != "" {
		var part string
		part, header, _ = strings.Cut(header, ",")
		token, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		if strings.TrimSpace(token) != enc {
			continue
		}
		q := strings.ReplaceAll(params, " ", "")
		return q != "q=0" && q != "q=0.0" && q != "q=0.00" && q != "q=0.000"
	}
	return false
}
