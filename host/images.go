package host

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"image"
	_ "image/jpeg" // decoders of the source images
	_ "image/png"
	"io/fs"
	"maps"
	"net/http"
	"path"
	"slices"
	"storefront"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/chai2010/webp"
	"golang.org/x/image/draw"
)

// Images are served at /_img/{version}/{width}/{path}: the source image at
// path (a JPEG or PNG under a static folder: the catalogue images the
// import stored, the demo's among them, under _static/catalogue/) scaled
// down to width, never up, as WebP at quality 70 (spec section 9). The
// encoded image is kept in the cache after the first encode. Widths are a
// fixed set, so the cache stays bounded. The version
// (wire.PageProps.ImageVersion) is a hash of the sources, so the URL never names
// other bytes and is cached as immutable; a URL with another version is
// sent to the current one.

// ImageWidths are the widths a page may ask for (app/ui/images.ts).
var ImageWidths = []int{160, 320, 480, 640, 960, 1280}

// ImageQuality is the WebP quality of spec section 9.
const ImageQuality = 70

const imageTTL = 24 * time.Hour

// immutable is the Cache-Control of a resized image at its current version.
const immutable = "public, max-age=31536000, immutable"

// catalogueFolder is the static folder of imported catalogue images
// (withCatalogueImages): their names carry their content's hash, so they
// are left out of the version and may arrive while the host runs.
const catalogueFolder = "catalogue"

// imageEncodes counts encodes (tests see the cache work).
var imageEncodes atomic.Int64

// sourceHashes keeps each source file's content hash, the version in its
// ETag and cache key.
var sourceHashes sync.Map

func (s *Server) image(w http.ResponseWriter, r *http.Request) {
	width, err := strconv.Atoi(r.PathValue("width"))
	src, name, ok := s.imageSource(r.PathValue("path"))
	if err != nil || !slices.Contains(ImageWidths, width) || !ok {
		http.NotFound(w, r)
		return
	}
	raw, err := fs.ReadFile(src, name)
	if err != nil {
		http.NotFound(w, r)
		return
	}
	h := w.Header()
	if r.PathValue("version") != s.imageVersion {
		h.Set("Cache-Control", "no-cache")
		http.Redirect(w, r, imageURL(s.imageVersion, width, r.PathValue("path")), http.StatusTemporaryRedirect)
		return
	}
	hash := sourceHash(r.PathValue("path"), raw)
	etag := fmt.Sprintf(`"%s-%d"`, hash, width)
	h.Set("ETag", etag)
	h.Set("Cache-Control", immutable)
	if r.Header.Get("If-None-Match") == etag {
		w.WriteHeader(http.StatusNotModified)
		return
	}
	var out []byte
	key := fmt.Sprintf("img:%s:%d", hash, width)
	err = s.cache.Once(r.Context(), key, &out, imageTTL, func() (any, error) { return encodeWebP(raw, width) })
	if err != nil {
		s.log.Error("image", "path", r.URL.Path, "err", err)
		http.Error(w, storefront.TextImageUnprocessable, http.StatusUnprocessableEntity)
		return
	}
	h.Set("Content-Type", "image/webp")
	h.Set("Content-Length", strconv.Itoa(len(out)))
	w.Write(out)
}

// imageSource finds the file system and name of an image path; only JPEG
// and PNG files under /_static/{name}/ (Deps.Static) qualify.
func (s *Server) imageSource(p string) (fs.FS, string, bool) {
	ext := strings.ToLower(p[strings.LastIndex(p, ".")+1:])
	if ext != "jpg" && ext != "jpeg" && ext != "png" {
		return nil, "", false
	}
	dir, name, _ := strings.Cut(strings.TrimPrefix(p, "_static/"), "/")
	if fsys, ok := s.static[dir]; ok && strings.HasPrefix(p, "_static/") && fs.ValidPath(name) {
		return fsys, name, true
	}
	return nil, "", false
}

// imageURL is the address of the image at path (under _static/) resized to width.
func imageURL(version string, width int, path string) string {
	return "/_img/" + version + "/" + strconv.Itoa(width) + "/" + path
}

// imageVersionOf hashes the names and bytes of every JPEG and PNG in the
// static folders but the catalogue's: the version in resized images' URLs.
func imageVersionOf(static map[string]fs.FS) (string, error) {
	sum := sha256.New()
	for _, folder := range slices.Sorted(maps.Keys(static)) {
		if folder == catalogueFolder {
			continue
		}
		err := fs.WalkDir(static[folder], ".", func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			if ext := strings.ToLower(path.Ext(p)); ext != ".jpg" && ext != ".jpeg" && ext != ".png" {
				return nil
			}
			raw, err := fs.ReadFile(static[folder], p)
			if err != nil {
				return err
			}
			fmt.Fprintf(sum, "%s/%s\x00%d\x00", folder, p, len(raw))
			sum.Write(raw)
			return nil
		})
		if err != nil {
			return "", fmt.Errorf("image version: %w", err)
		}
	}
	return hex.EncodeToString(sum.Sum(nil)[:6]), nil
}

func sourceHash(p string, raw []byte) string {
	if h, ok := sourceHashes.Load(p); ok {
		return h.(string)
	}
	sum := sha256.Sum256(raw)
	h := hex.EncodeToString(sum[:6])
	sourceHashes.Store(p, h)
	return h
}

// encodeWebP scales the image in raw down to width (keeping its aspect
// ratio; an image narrower than width keeps its size) and encodes it as
// WebP at ImageQuality.
func encodeWebP(raw []byte, width int) ([]byte, error) {
	imageEncodes.Add(1)
	src, _, err := image.Decode(bytes.NewReader(raw))
	if err != nil {
		return nil, err
	}
	b := src.Bounds()
	if b.Dx() > width {
		dst := image.NewRGBA(image.Rect(0, 0, width, b.Dy()*width/b.Dx()))
		draw.CatmullRom.Scale(dst, dst.Bounds(), src, b, draw.Src, nil)
		src = dst
	}
	var buf bytes.Buffer
	if err := webp.Encode(&buf, src, &webp.Options{Quality: ImageQuality}); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}
