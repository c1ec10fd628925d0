package main

import (
	"flag"
	"fmt"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

var edgeOnly = flag.Bool("edge-only", false, "measure the edge rows only (identity and compressed warm pages against the file server)")

// edgeRows: the warm brand home without Accept-Encoding
// against http.FileServer sending the same uncompressed bytes, and with
// "br, gzip" against it sending the same brotli bytes.
func edgeRows(home, dir string, add func(row)) error {
	if err := varnishRow(strings.TrimSuffix(home, "/"), dir, add); err != nil {
		return err
	}
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
		sRPS, rps, p50, p99 := loadRoundsBeside(static.URL+"/"+c.file, home, *conns, "Accept-Encoding: "+c.enc)
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

// varnishRow: the warm brand home through Varnish
// (deploy/varnish/storefront.vcl, with xkey) in front of the host, beside
// the host's own warm brand home, same URL, headers and connections.
func varnishRow(base, dir string, add func(row)) error {
	if _, err := exec.LookPath("varnishd"); err != nil {
		return fmt.Errorf("varnishd is not installed (apt-get install -y varnish varnish-modules)")
	}
	vcl, err := os.ReadFile("deploy/varnish/storefront.vcl")
	if err != nil {
		return err
	}
	u, _ := url.Parse(base)
	if !strings.Contains(string(vcl), `.port = "8080";`) {
		return fmt.Errorf("the VCL's backend port is no longer the one the bench replaces")
	}
	file := filepath.Join(dir, "storefront.vcl")
	if err := os.WriteFile(file, []byte(strings.Replace(string(vcl), `.port = "8080";`, `.port = "`+u.Port()+`";`, 1)), 0o644); err != nil {
		return err
	}
	addr := fmt.Sprintf("127.0.0.1:%d", freePort())
	cmd := exec.Command("varnishd", "-F", "-j", "none", "-n", filepath.Join(dir, "varnish"), "-a", addr, "-T", "127.0.0.1:0",
		"-f", file, "-s", "malloc,64m")
	if err := startAndWait(cmd, "http://"+addr+"/healthz"); err != nil {
		return fmt.Errorf("varnishd: %w", err)
	}
	defer func() { cmd.Process.Kill(); cmd.Wait() }()
	home, edgeHome := base+"/", "http://"+addr+"/"
	hdr := []string{"Host", benchHost, "Accept-Encoding", "br, gzip"}
	for range 2 { // into the page cache, then into Varnish
		fetch(home, hdr...)
		fetch(edgeHome, hdr...)
	}
	h := []string{"Host: " + benchHost, "Accept-Encoding: br, gzip"}
	hRPS, hP50, hP99 := loadRounds(home, *conns, h...)
	vRPS, vP50, vP99 := loadRounds(edgeHome, *conns, h...)
	add(row{what: fmt.Sprintf("8. warm brand home, the host itself, %d conns", *conns), value: fmtLoad(hRPS, hP50, hP99)})
	add(row{
		what:     fmt.Sprintf("8. warm brand home through Varnish, %d conns", *conns),
		value:    fmtLoad(vRPS, vP50, vP99),
		baseline: fmt.Sprintf("host %.0f rps", hRPS),
		budget:   "reported beside the host's",
		verdict:  fmt.Sprintf("%.2f× the host", vRPS/max(hRPS, 1)),
	})
	return nil
}
