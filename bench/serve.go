package main

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
)

var serveOnly = flag.Bool("serve-only", false, "measure the warm-path rows only: the warm brand home of each logging configuration against the file server")

// serveConfigs are the configurations a user chooses between, each a host
// of its own: the default first (access log on, text lines at info, as
// production runs), then the access log off and JSON lines.
var serveConfigs = []struct {
	name string
	env  map[string]string
}{
	{"default: access log on, text", nil},
	{"access log off", map[string]string{"STOREFRONT_ACCESS_LOG": "0"}},
	{"JSON logs", map[string]string{"LOG_FORMAT": "json"}},
}

// serveRows: the warm brand home of each configuration, without
// Accept-Encoding and with "br, gzip", each beside http.FileServer sending
// the same bytes in rounds taken in turn; each configuration is a host of
// its own on the same database, on the servers' half of the CPUs (pin).
func serveRows(dbURL, dir string, add func(row)) error {
	servers, load := cpuHalves()
	for _, c := range serveConfigs {
		h, err := startHostOn(servers, dbURL, c.env)
		if err != nil {
			return err
		}
		err = serveRowsOf(h, c.name, dir, servers, load, add)
		h.stop()
		if err != nil {
			return err
		}
	}
	return nil
}

// serveRowsOf measures one host's warm brand home against the file
// server, the servers on the CPUs servers, wrk on load ("": any).
func serveRowsOf(h *hostProc, name, dir, servers, load string, add func(row)) error {
	home := h.url + "/"
	fetch(home, "Host", benchHost, "Accept-Encoding", "br") // into the page cache
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
	static, err := startFileServer(dir, servers)
	if err != nil {
		return err
	}
	defer static.Close()
	pinned := "sharing every CPU with wrk"
	if servers != "" {
		pinned = fmt.Sprintf("servers on CPU %s, wrk on %s", servers, load)
	}
	for _, c := range []struct {
		name, file, enc string
		size            int
	}{
		{"no Accept-Encoding", "plain.html", "identity", len(plain)},
		{"br, gzip", "home.br", "br, gzip", len(br)},
	} {
		before := h.logLines()
		base, s := loadRoundsBeside(load, static.URL+"/"+c.file, home, static.cpu, h.cpu, *conns, "Accept-Encoding: "+c.enc)
		logged := h.logLines() - before
		sRPS, sP50, sP99 := base.medians()
		rps, p50, p99 := s.medians()
		add(row{
			what:     fmt.Sprintf("4. warm brand home, %s, %s, %d conns", name, c.name, *conns),
			value:    fmtLoad(rps, p50, p99) + fmt.Sprintf(", %.1f µs CPU a request (%d requests, %d log lines; %s)", s.cpuPerRequest(), s.n, logged, pinned),
			baseline: fmt.Sprintf("S %s, %.1f µs CPU a request (same %d bytes)", fmtLoad(sRPS, sP50, sP99), base.cpuPerRequest(), c.size),
			budget:   "≥ 1.0×S; p99 < 10 ms",
			verdict: verdict(rps >= sRPS && p99 < 10, fmt.Sprintf("%.2f×S, p99 %.1f ms (S %.1f ms); CPU a request %.2f×S",
				rps/sRPS, p99, sP99, s.cpuPerRequest()/max(base.cpuPerRequest(), 0.001))),
		})
	}
	return nil
}

// logLines counts the lines the host has written to its log so far.
func (h *hostProc) logLines() int {
	f, err := os.Open(h.log)
	if err != nil {
		return 0
	}
	defer f.Close()
	n, buf := 0, make([]byte, 1<<20)
	for {
		k, err := f.Read(buf)
		n += bytes.Count(buf[:k], []byte("\n"))
		if err != nil {
			return n
		}
	}
}
