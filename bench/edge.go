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

var edgeOnly = flag.Bool("edge-only", false, "measure the edge row only (the warm brand home through Varnish beside the host's own)")

// edgeRows: the warm brand home through Varnish beside the host's own.
func edgeRows(home, dir string, add func(row)) error {
	return varnishRow(strings.TrimSuffix(home, "/"), dir, add)
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
