package host

import (
	"context"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"storefront/data/dbtest"
)

// edge is Debian's Varnish with xkey running deploy/varnish/storefront.vcl
// in front of a host.
type edge struct {
	url  string
	host string // the Host the requests name (the tests' public origin)
}

func freeAddr(t testing.TB) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().String()
}

// startVarnish runs varnishd on addr in front of backend (host:port) until
// the test ends.
func startVarnish(t *testing.T, addr, backend string) *edge {
	t.Helper()
	if _, err := exec.LookPath("varnishd"); err != nil {
		t.Skip("varnishd is not installed (Debian: apt-get install -y varnish varnish-modules; .ci/run does this)")
	}
	vcl, err := os.ReadFile("../deploy/varnish/storefront.vcl")
	if err != nil {
		t.Fatal(err)
	}
	_, port, _ := net.SplitHostPort(backend)
	if !strings.Contains(string(vcl), `.port = "8080";`) {
		t.Fatal("the VCL's backend port is no longer the one this test replaces")
	}
	dir := t.TempDir()
	file := filepath.Join(dir, "storefront.vcl")
	if err := os.WriteFile(file, []byte(strings.Replace(string(vcl), `.port = "8080";`, `.port = "`+port+`";`, 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("varnishd", "-F", "-j", "none", "-n", filepath.Join(dir, "work"), "-a", addr, "-T", "127.0.0.1:0",
		"-f", file, "-s", "malloc,64m")
	var logs strings.Builder
	cmd.Stdout, cmd.Stderr = &logs, &logs
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	e := &edge{url: "http://" + addr, host: "example.com"}
	deadline := time.Now().Add(30 * time.Second)
	for {
		if resp, err := http.Get(e.url + "/healthz"); err == nil {
			resp.Body.Close()
			if resp.StatusCode == 200 {
				return e
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("varnishd did not start: %s", logs.String())
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// get asks the edge for path; header is name, value, ...
func (e *edge) get(t *testing.T, path string, header ...string) (*http.Response, string) {
	t.Helper()
	req, _ := http.NewRequest(http.MethodGet, e.url+path, nil)
	req.Host = e.host
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	resp, err := http.DefaultTransport.RoundTrip(req) // no redirects followed, no cookie jar
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp, string(b)
}

// Varnish in front of a host: the cacheable pages are shared from the
// edge, a catalogue change shows through it within a second (the host
// purges the brand's xkey on the database's notification), and neither a
// member's page nor an answer that sets a cookie reaches another visitor.
func TestVarnishInFront(t *testing.T) {
	varnishAddr := freeAddr(t)
	ts := newTestServer(t, func(d *Deps) {
		d.Config.EdgePurgeURL = "http://" + varnishAddr + "/"
		d.Now = time.Now // Varnish ages the pages by the real clock
	})
	origin := httptest.NewServer(ts.Server)
	defer origin.Close()
	e := startVarnish(t, varnishAddr, strings.TrimPrefix(origin.URL, "http://"))
	ctx, stop := context.WithCancel(context.Background())
	defer stop()
	go ts.db.ListenBrandChanges(ctx, func(id string) { ts.BrandChanged(ctx, id) }) // what run.go does
	dbtest.WaitListening(t, ts.db, "brand_changed")

	// a page is shared once the host's page cache has it
	var resp *http.Response
	for i := 0; i < 3; i++ {
		resp, _ = e.get(t, "/yoga")
	}
	if got := resp.Header.Get("X-Edge-Cache"); got != "hit" {
		t.Fatalf("third request for /yoga: X-Edge-Cache %q; want hit", got)
	}
	if resp.Header.Get("Xkey") != "" {
		t.Error("the edge hands out the surrogate keys")
	}

	// a catalogue change shows through the edge within a second
	if _, err := ts.db.Pool.Exec(ctx, `update items set price = 2345 where brand_id = 'yoga' and type = 'passcard'`); err != nil {
		t.Fatal(err)
	}
	changed := time.Now()
	for {
		_, body := e.get(t, "/yoga")
		if strings.Contains(body, "NT$ 2,345") {
			break
		}
		if time.Since(changed) > time.Second {
			t.Fatal("the new price did not show through the edge within a second")
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Logf("the change showed through the edge after %v", time.Since(changed))

	// a member's pages are never stored or served to another visitor
	_, sid := login(t, (&memberServer{testServer: ts}).browser(), "demo", "member@example.com", "demo1234")
	member := []string{"Cookie", "web_ec_sessionId=" + sid}
	for _, path := range []string{"/demo", "/demo/user", "/demo/activitys"} {
		for i := 0; i < 2; i++ {
			resp, body := e.get(t, path, member...)
			if resp.StatusCode != 200 || !strings.Contains(body, "member@example.com") {
				t.Fatalf("the member's %s: %d, theirs: %v", path, resp.StatusCode, strings.Contains(body, "member@example.com"))
			}
			if got := resp.Header.Get("X-Edge-Cache"); got == "hit" {
				t.Fatalf("the member's %s came from the edge", path)
			}
		}
		for i := 0; i < 3; i++ {
			resp, body := e.get(t, path)
			if strings.Contains(body, "member@example.com") {
				t.Fatalf("a visitor's %s (%d, X-Edge-Cache %q) shows the member's page", path, resp.StatusCode, resp.Header.Get("X-Edge-Cache"))
			}
		}
	}

	// an answer that sets a cookie is private and never comes from the edge
	for i := 0; i < 3; i++ {
		resp, _ := e.get(t, "/yoga/activitys?from=app")
		if resp.Header.Get("Set-Cookie") == "" {
			t.Fatalf("request %d for app mode: no Set-Cookie; want each visitor's own answer (X-Edge-Cache %q)", i+1, resp.Header.Get("X-Edge-Cache"))
		}
		if cc := resp.Header.Get("Cache-Control"); !strings.Contains(cc, "private") || resp.Header.Get("X-Edge-Cache") == "hit" {
			t.Fatalf("an answer setting a cookie: Cache-Control %q, X-Edge-Cache %q", cc, resp.Header.Get("X-Edge-Cache"))
		}
	}
}
