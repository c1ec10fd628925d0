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
	"net/http"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/chai2010/webp"
	"golang.org/x/image/draw"
)

// Images are served at /_img/{width}/{path}: the source image at path (a
// JPEG or PNG under a static folder: the catalogue images the import
// stored, the demo's among them, under _static/catalogue/) scaled down to
// width, never up, as WebP at quality 70 (spec section 9). The encoded
// image is kept in the cache after the first encode. Widths are a fixed
// set, so the cache stays bounded.

// ImageWidths are the widths a page may ask for (app/ui/images.ts).
var ImageWidths = []int{160, 320, 480, 640, 960, 1280}

// ImageQuality is the WebP quality of spec section 9.
const ImageQuality = 70

const imageTTL = 24 * time.Hour

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
	hash := sourceHash(r.PathValue("path"), raw)
	etag := fmt.Sprintf(`"%s-%d"`, hash, width)
	h := w.Header()
	h.Set("ETag", etag)
	h.Set("Cache-Control", "public, max-age=86400")
	if r.Header.Get("If-None-Match") == etag {
		w.WriteHeader(http.StatusNotModified)
		return
	}
	var out []byte
	key := fmt.Sprintf("img:%s:%d", hash, width)
	err = s.cache.Once(r.Context(), key, &out, imageTTL, func() (any, error) { return encodeWebP(raw, width) })
	if err != nil {
		s.log.Error("image", "path", r.URL.Path, "err", err)
		http.Error(w, "圖片無法處理", http.StatusUnprocessableEntity)
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
