package build

import (
	"bytes"
	"compress/gzip"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"

	"github.com/andybalholm/brotli"
)

// compressTree writes a .br and a .gz beside every compressible file under
// dir, so the host serves them without compressing per request.
func compressTree(dir string) error {
	return filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		switch filepath.Ext(p) {
		case ".js", ".css", ".map", ".svg", ".json", ".txt":
		default:
			return nil
		}
		src, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		var br, gz bytes.Buffer
		bw := brotli.NewWriterLevel(&br, brotli.BestCompression)
		bw.Write(src)
		bw.Close()
		gw, _ := gzip.NewWriterLevel(&gz, gzip.BestCompression)
		gw.Write(src)
		gw.Close()
		if err := os.WriteFile(p+".br", br.Bytes(), 0o644); err != nil {
			return err
		}
		return os.WriteFile(p+".gz", gz.Bytes(), 0o644)
	})
}

var (
	fontFace  = regexp.MustCompile(`(?s)@font-face\s*\{(.*?)\}`)
	fontURL   = regexp.MustCompile(`url\("?([^")]+\.woff2)"?\)`)
	fontRange = regexp.MustCompile(`unicode-range:\s*([^;}]+)`)
)

// pickFont returns the URL of the font file to preload: of the subsets the
// font's stylesheet splits Noto Sans TC into, the one covering the most
// characters of the app's own texts (app/strings).
func pickFont(root, outDir, cssURL string) (string, error) {
	if cssURL == "" {
		return "", nil
	}
	css, err := os.ReadFile(filepath.Join(outDir, strings.TrimPrefix(cssURL, "/_assets/")))
	if err != nil {
		return "", err
	}
	sample := map[rune]bool{}
	files, _ := filepath.Glob(filepath.Join(root, "app", "strings", "*.ts"))
	for _, f := range files {
		b, _ := os.ReadFile(f)
		for _, r := range string(b) {
			if r > 0x2E80 { // CJK and beyond: what the subsets split
				sample[r] = true
			}
		}
	}
	best, bestN := "", -1
	for _, face := range fontFace.FindAllStringSubmatch(string(css), -1) {
		u, rg := fontURL.FindStringSubmatch(face[1]), fontRange.FindStringSubmatch(face[1])
		if u == nil || rg == nil {
			continue
		}
		n := 0
		for r := range sample {
			if inRanges(r, rg[1]) {
				n++
			}
		}
		if n > bestN {
			best, bestN = u[1], n
		}
	}
	return best, nil
}

// inRanges reports whether r is in a CSS unicode-range list such as
// "U+4e00-4e3f,U+4e5e".
func inRanges(r rune, list string) bool {
	for _, part := range strings.Split(list, ",") {
		part = strings.TrimPrefix(strings.TrimSpace(part), "U+")
		lo, hi, ok := strings.Cut(part, "-")
		if !ok {
			hi = lo
		}
		a, err1 := strconv.ParseInt(lo, 16, 32)
		b, err2 := strconv.ParseInt(hi, 16, 32)
		if err1 == nil && err2 == nil && int64(r) >= a && int64(r) <= b {
			return true
		}
	}
	return false
}
