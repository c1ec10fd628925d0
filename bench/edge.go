package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
)

var edgeOnly = flag.Bool("edge-only", false, "measure the edge rows only (issue 15: identity and compressed warm pages against the file server)")

// edgeRows (issue 15, goal 4): the warm brand home without Accept-Encoding
// against http.FileServer sending the same uncompressed bytes, and with
// "br, gzip" against it sending the same brotli bytes.
func edgeRows(home, dir string, add func(row)) error {
	plain, err := fetch(home, "Host", benchHost, "Accept-Encoding", "identity")
	if err != nil {
		return err
	}
	br, err := fetch(home, "Host", benchHost, "Accept-Encoding", "br") // set by hand: the client leaves it encoded
	if err != nil {
		return err
	}
	os.WriteFile(filepath.Join(dir, "plain.html"), plain, 0o644)
	os.WriteFile(filepath.Join(dir, "home.br"), br, 0o644)
	static, err := serveStatic(dir)
	if err != nil {
		return err
	}
	defer static.Close()
	for _, c := range []struct {
		name, file, enc string
	}{
		{"no Accept-Encoding", "plain.html", "identity"},
		{"br, gzip", "home.br", "br, gzip"},
	} {
		sRPS, _, _ := loadRounds(static.URL+"/"+c.file, *conns, "Accept-Encoding: "+c.enc)
		rps, p50, p99 := loadRounds(home, *conns, "Accept-Encoding: "+c.enc)
		add(row{
			what:     fmt.Sprintf("4. warm brand home, %s, %d conns", c.name, *conns),
			value:    fmtLoad(rps, p50, p99),
			baseline: fmt.Sprintf("S %.0f rps (same %d bytes)", sRPS, map[bool]int{true: len(plain), false: len(br)}[c.file == "plain.html"]),
			budget:   "≥ 0.8×S",
			verdict:  verdict(rps >= 0.8*sRPS, fmt.Sprintf("%.2f×S", rps/sRPS)),
		})
	}
	return nil
}
