package build

import (
	"bytes"
	"compress/gzip"
	"io/fs"
	"os"
	"path/filepath"

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
