// Command bench measures the storefront against two baselines measured in
// the same run on the same machine and page: Node rendering the same server
// bundle with the same props (Baseline N) and Go's http.FileServer sending
// the same HTML bytes (Baseline S). It prints a table with every budget of
// the performance issue marked met or missed. Run it with `make bench`
// (which builds first); it needs wrk (a Debian package).
package main

import (
	"bytes"
	"context"
	"crypto/md5"
	"encoding/hex"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptrace"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/jackc/pgx/v5"

	"storefront/data"
	"storefront/renderer"
)

var (
	rounds   = flag.Int("rounds", 3, "rounds of each load measurement (the median is reported)")
	duration = flag.Duration("duration", 8*time.Second, "length of each load round")
	conns    = flag.Int("conns", 64, "connections of the cached-page load")
	renders  = flag.Int("renders", 300, "renders timed in goja and in Node")
	dbServer = flag.String("db", data.DefaultServer, "PostgreSQL server for the benchmark's database")
	benchDB  = flag.String("dbname", "storefront_bench", "the benchmark's database (dropped and created): another name lets two runs share a server")
	poolSize = flag.Int("pool", 0, "database connections of each host (pool_max_conns in its DATABASE_URL); 0: the host's default")
)

// The brand home measured: brand demo, served on its custom domain in the
// production environment (as a visitor reaches it).
const (
	benchHost = "fit.demo.test"
)

// browser-like request headers for every load
var loadHeaders = []string{"Host: " + benchHost, "Accept-Encoding: br, gzip", "Accept: text/html"}

func main() {
	if dir := os.Getenv(fileServerEnv); dir != "" {
		serveFileServer(dir)
		return
	}
	flag.Parse()
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "bench:", err)
		os.Exit(1)
	}
}

type row struct {
	what, value, baseline, budget, verdict string
}

func run() error {
	for _, tool := range []string{"wrk", "node"} {
		if _, err := exec.LookPath(tool); err != nil {
			return fmt.Errorf("%s is not installed (apt-get install -y wrk nodejs)", tool)
		}
	}
	if _, err := os.Stat("bin/storefront"); err != nil {
		return fmt.Errorf("bin/storefront missing: run make build")
	}
	ctx := context.Background()
	out, err := os.MkdirTemp("", "bench")
	if err != nil {
		return err
	}
	defer os.RemoveAll(out)
	imagesDir = filepath.Join(out, "images")
	logDir = out

	dbURL, err := freshDatabase(ctx)
	if err != nil {
		return err
	}
	cached, err := startHost(dbURL, map[string]string{"STOREFRONT_PAGE_CACHE": "1"})
	if err != nil {
		return err
	}
	defer cached.stop()
	cold, err := startHost(dbURL, map[string]string{"STOREFRONT_PAGE_CACHE": "0"})
	if err != nil {
		return err
	}
	defer cold.stop()
	home := cached.url + "/"
	coldHome := cold.url + "/"

	// the page's bytes and props, for the baselines
	doc, err := fetch(home, "Host", benchHost)
	if err != nil {
		return err
	}
	props, err := fetch(coldHome, "Host", benchHost, "X-Storefront-Props", "1")
	if err != nil {
		return err
	}
	propsFile := filepath.Join(out, "props.json")
	os.WriteFile(propsFile, props, 0o644)
	// not index.html: http.FileServer answers that name with a redirect to "./"
	os.WriteFile(filepath.Join(out, "home.html"), doc, 0o644)
	fmt.Printf("brand home: %d bytes of HTML, %d bytes of props\n", len(doc), len(props))

	var rows []row
	add := func(r row) {
		rows = append(rows, r)
		fmt.Printf("  %-46s %s\n", r.what, r.value)
	}

	if *serveOnly {
		if err := serveRows(dbURL, out, add); err != nil {
			return err
		}
		printTable(rows)
		return nil
	}

	if *edgeOnly {
		if err := edgeRows(home, out, add); err != nil {
			return err
		}
		printTable(rows)
		return nil
	}

	if *warmOnly {
		if err := warmRow(ctx, dbURL, cached.url, add); err != nil {
			return err
		}
		if err := expiryRow(ctx, dbURL, cached.url, add); err != nil {
			return err
		}
		printTable(rows)
		return nil
	}

	if *scaleOnly {
		if err := scaleRows(ctx, dbURL, cold.url, out, add); err != nil {
			return err
		}
		printTable(rows)
		return nil
	}

	if *lighthouseOnly {
		if err := lighthouseRows(cached.url, add); err != nil {
			return err
		}
		printTable(rows)
		return nil
	}

	if *weightOnly {
		if err := weightRows(cached.url, add); err != nil {
			return err
		}
		printTable(rows)
		return nil
	}

	if *catalogueOnly {
		if err := catalogueRow(dbURL, cached.url, out, add); err != nil {
			return err
		}
		printTable(rows)
		return nil
	}

	if *renderOnly {
		if err := coldRenderRows(ctx, dbURL, cached.url, cold, out, add); err != nil {
			return err
		}
		printTable(rows)
		return nil
	}

	// Baseline S: the same bytes from http.FileServer
	static, err := startFileServer(out, "")
	if err != nil {
		return err
	}
	defer static.Close()
	if b, err := fetch(static.URL + "/home.html"); err != nil || !bytes.Equal(b, doc) {
		return fmt.Errorf("baseline S does not serve the page's HTML: %v", err)
	}
	sRPS, sP50, sP99 := loadRounds(static.URL+"/home.html", *conns)
	add(row{what: "Baseline S: http.FileServer, same HTML", value: fmtLoad(sRPS, sP50, sP99)})

	if *bookingOnly {
		if err := bookingRows(ctx, dbURL, cached, fmt.Sprintf("S %.0f rps", sRPS), add); err != nil {
			return err
		}
		printTable(rows)
		return nil
	}

	// Baseline N: Node rendering the same bundle with the same props
	nodePort := freePort()
	node := exec.Command("node", "bench/node-ssr.mjs", "serve", "renderer/dist/server.js", propsFile, strconv.Itoa(nodePort))
	if err := startAndWait(node, fmt.Sprintf("http://127.0.0.1:%d/", nodePort)); err != nil {
		return fmt.Errorf("node baseline: %w", err)
	}
	defer node.Process.Kill()
	nRPS, nP50, nP99 := loadRounds(fmt.Sprintf("http://127.0.0.1:%d/", nodePort), *conns)
	add(row{what: "Baseline N: Node react-dom/server, node:http", value: fmtLoad(nRPS, nP50, nP99)})

	// 1. warm cached brand home
	fetch(home, "Host", benchHost) // warm
	rps, p50, p99 := loadRounds(home, *conns)
	add(row{
		what:     fmt.Sprintf("1. brand home, page cache warm, %d conns", *conns),
		value:    fmtLoad(rps, p50, p99),
		baseline: fmt.Sprintf("S %.0f rps, N %.0f rps", sRPS, nRPS),
		budget:   "≥ 0.5×S and ≥ 3×N rps; p99 < 20 ms",
		verdict:  verdict(rps >= 0.5*sRPS && rps >= 3*nRPS && p99 < 20, fmt.Sprintf("%.2f×S, %.1f×N, p99 %.1f ms", rps/sRPS, rps/nRPS, p99)),
	})

	// 4. warm brand home without compression and with br, in each
	// logging configuration
	if err := serveRows(dbURL, out, add); err != nil {
		return err
	}
	// 8. the same through Varnish
	if err := edgeRows(home, out, add); err != nil {
		return err
	}

	// 15.5. a crawl right after a catalogue change
	if err := warmRow(ctx, dbURL, cached.url, add); err != nil {
		return err
	}
	// 15.7. a cached list at its session's start
	if err := expiryRow(ctx, dbURL, cached.url, add); err != nil {
		return err
	}

	// 2. page cache off: throughput at the renderers' own concurrency, and
	// the renderer's time per render (goja) against Node's
	cRPS, cP50, cP99 := loadRounds(coldHome, 4)
	add(row{what: "2. brand home, page cache off, 4 conns", value: fmtLoad(cRPS, cP50, cP99), baseline: fmt.Sprintf("N %.0f rps", nRPS)})
	g50, g99, err := gojaRenderTimes(props)
	if err != nil {
		return err
	}
	n50, n99, err := nodeRenderTimes(propsFile)
	if err != nil {
		return err
	}
	add(row{
		what:     "2. render time per render (goja)",
		value:    fmt.Sprintf("p50 %.2f ms, p99 %.2f ms", g50, g99),
		baseline: fmt.Sprintf("N p50 %.2f ms, p99 %.2f ms", n50, n99),
		budget:   "goja p50 ≤ 8× Node",
		verdict:  verdict(g50 <= 8*n50, fmt.Sprintf("%.1f× Node", g50/n50)),
	})

	// emotion: what styling costs per element in goja
	stat, dyn, err := emotionCost()
	if err != nil {
		return err
	}
	add(row{what: "2. emotion per element in goja", value: fmt.Sprintf("static class +%.1f µs, css() per element +%.1f µs", stat, dyn),
		budget: "the cheaper way in the app", verdict: verdict(stat < dyn, "the app uses static classes")})

	// 5. the activity list, cached and not
	aRPS, aP50, aP99 := loadRounds(cached.url+"/activitys", *conns)
	add(row{what: "5. activity list, page cache warm", value: fmtLoad(aRPS, aP50, aP99)})
	acRPS, acP50, acP99 := loadRounds(cold.url+"/activitys", 4)
	add(row{what: "5. activity list, page cache off, 4 conns", value: fmtLoad(acRPS, acP50, acP99)})
	session, err := login(cached.url)
	if err != nil {
		return err
	}
	mRPS, mP50, mP99 := loadRounds(cached.url+"/user", 4, "Cookie: web_ec_sessionId="+session)
	add(row{what: "5. member centre, logged in (never cached), 4 conns", value: fmtLoad(mRPS, mP50, mP99)})

	// 9. checkout: whole purchases through a dev host (payment sandboxes on)
	shop, err := startHost(dbURL, map[string]string{"STOREFRONT_ENV": "dev"})
	if err != nil {
		return err
	}
	defer shop.stop()
	oRate, o50, o99, err := checkoutRate(ctx, dbURL, shop.url, 4, *duration)
	if err != nil && oRate == 0 {
		return fmt.Errorf("checkout: %w", err)
	}
	add(row{what: "9. checkout: precheck, order, sandbox payment, 4 buyers",
		value:    fmt.Sprintf("%.1f orders/s, a purchase p50 %.0f ms, p99 %.0f ms", oRate, o50, o99),
		baseline: fmt.Sprintf("S %.0f rps, member centre %.0f rps", sRPS, mRPS)})

	// 6. time to first byte of a cold render
	t50, t99, full50, err := ttfb(coldHome, 200)
	if err != nil {
		return err
	}
	add(row{
		what:    "6. cold render: time to first byte",
		value:   fmt.Sprintf("p50 %.2f ms, p99 %.2f ms (whole page p50 %.2f ms)", t50, t99, full50),
		budget:  "p50 < 5 ms, head before the render",
		verdict: verdict(t50 < 5 && t50 < full50, fmt.Sprintf("p50 %.2f ms", t50)),
	})

	// 7. client JavaScript
	js, err := jsSizes()
	if err != nil {
		return err
	}
	add(row{
		what:    "7. first-visit JS of brand home",
		value:   fmt.Sprintf("%.1f KB gzip, %.1f KB brotli (%d files)", kb(js.homeGz), kb(js.homeBr), js.homeFiles),
		budget:  "≤ 100 KB gzip",
		verdict: verdict(js.homeGz <= 100*1024, fmt.Sprintf("%.1f KB", kb(js.homeGz))),
	})
	worst, worstPage := 0, ""
	for _, p := range js.pages {
		if p.gz > worst {
			worst, worstPage = p.gz, p.name
		}
		add(row{what: "7. extra JS of page " + p.name, value: fmt.Sprintf("%.1f KB gzip, %.1f KB brotli", kb(p.gz), kb(p.br))})
	}
	add(row{what: "7. largest extra JS of a further page", value: worstPage, budget: "≤ 30 KB gzip",
		verdict: verdict(worst <= 30*1024, fmt.Sprintf("%.1f KB", kb(worst)))})

	// overload: page cache off, 4× the renderers' capacity offered
	ov, err := overload(coldHome, 4*cRPS)
	if err != nil {
		return err
	}
	alive := cold.alive()
	add(row{
		what:   fmt.Sprintf("overload: %.0f req/s offered (4× %.0f)", 4*cRPS, cRPS),
		value:  fmt.Sprintf("%d ok, %d refused 503 (Retry-After %v), %d other; ok p99 ≤ %.0f ms, max %.0f ms", ov.ok, ov.refused, ov.retryAfter, ov.other, ov.okP99, ov.max),
		budget: "bounded wait then 503 + Retry-After; accepted latency bounded; no crash",
		verdict: verdict(ov.refused > 0 && ov.retryAfter && ov.other == 0 && ov.okP99 < 1500 && alive,
			fmt.Sprintf("alive %v", alive)),
	})

	for _, r := range queryMemoryRows(cached) {
		add(r)
	}

	// 11. bookings
	if err := bookingRows(ctx, dbURL, cached, fmt.Sprintf("S %.0f rps, N %.0f rps", sRPS, nRPS), add); err != nil {
		return err
	}

	// 15. uncached renders
	if err := coldRenderRows(ctx, dbURL, cached.url, cold, out, add); err != nil {
		return err
	}

	// 9. the 50× catalogue beside the demo one
	if err := scaleRows(ctx, dbURL, cold.url, out, add); err != nil {
		return err
	}

	// 6. first paint on a phone
	if err := lighthouseRows(cached.url, add); err != nil {
		return err
	}

	if err := weightRows(cached.url, add); err != nil {
		return err
	}

	// 8. peak RSS
	rssA, rssB := cached.peakRSS(), cold.peakRSS()
	add(row{what: "8. peak RSS of the host", value: fmt.Sprintf("cached %d MB, uncached %d MB", rssA/1024, rssB/1024),
		budget: "< 400 MB", verdict: verdict(max(rssA, rssB) < 400*1024, fmt.Sprintf("%d MB", max(rssA, rssB)/1024))})

	printTable(rows)
	return nil
}

func kb(n int) float64 { return float64(n) / 1024 }

func verdict(ok bool, detail string) string {
	if ok {
		return "met (" + detail + ")"
	}
	return "MISSED (" + detail + ")"
}

func fmtLoad(rps, p50, p99 float64) string {
	return fmt.Sprintf("%.0f req/s, p50 %.2f ms, p99 %.2f ms", rps, p50, p99)
}

func printTable(rows []row) {
	fmt.Println()
	fmt.Println("| Measurement | Result | Baseline (same run) | Budget | Verdict |")
	fmt.Println("|---|---|---|---|---|")
	for _, r := range rows {
		fmt.Printf("| %s | %s | %s | %s | %s |\n", r.what, r.value, r.baseline, r.budget, r.verdict)
	}
}

// freshDatabase drops and creates the benchmark's database.
func freshDatabase(ctx context.Context) (string, error) {
	conn, err := pgx.Connect(ctx, *dbServer)
	if err != nil {
		return "", fmt.Errorf("PostgreSQL: %w", err)
	}
	defer conn.Close(ctx)
	if _, err := conn.Exec(ctx, "drop database if exists "+pgx.Identifier{*benchDB}.Sanitize()+" with (force)"); err != nil {
		return "", err
	}
	if err := data.EnsureDatabase(ctx, *dbServer, *benchDB); err != nil {
		return "", err
	}
	u := strings.Replace(*dbServer, "/postgres?", "/"+*benchDB+"?", 1)
	return u, nil
}

// imagesDir is the catalogue images' directory (STOREFRONT_CATALOGUE_IMAGES)
// of every host and catalogue command the bench runs: where the demo's
// images go when a host loads it, and where an export finds them.
var imagesDir string

// logDir holds the hosts' logs.
var logDir string

// started are the hosts the bench started, for the CPU they all spend on
// work (the booking rows: each host's outbox worker may run any booking's
// notice).
var started []*hostProc

type hostProc struct {
	cmd *exec.Cmd
	url string
	log string // the file its stderr (its log) goes to
}

// startHost runs bin/storefront in production mode on the demo catalogue,
// configured as production runs it (access log on, at info) but for env;
// its log goes to a file, as production's goes to a pipe or a journal.
func startHost(dbURL string, env map[string]string) (*hostProc, error) {
	return startHostOn("", dbURL, env)
}

// startHostOn is startHost on the CPUs listed (taskset -c; "": any).
func startHostOn(cpus, dbURL string, env map[string]string) (*hostProc, error) {
	port := freePort()
	cmd := onCPUs(cpus, "./bin/storefront")
	if *poolSize > 0 {
		dbURL += "&pool_max_conns=" + strconv.Itoa(*poolSize)
	}
	cmd.Env = append(os.Environ(), "PORT="+strconv.Itoa(port), "DATABASE_URL="+dbURL, "STOREFRONT_ENV=production",
		"STOREFRONT_DEMO=1", "STOREFRONT_PUBLIC_URL=http://127.0.0.1:"+strconv.Itoa(port),
		"STOREFRONT_CATALOGUE_IMAGES="+imagesDir,
		"STOREFRONT_MEMBER_KEY=YmVuY2gtbWVtYmVyLWtleS1ub3Qtc2VjcmV0LTMyYnk=") // the bench's, not secret
	for k, v := range env {
		cmd.Env = append(cmd.Env, k+"="+v)
	}
	h := &hostProc{cmd: cmd, url: fmt.Sprintf("http://127.0.0.1:%d", port), log: filepath.Join(logDir, fmt.Sprintf("host-%d.log", port))}
	f, err := os.Create(h.log)
	if err != nil {
		return nil, err
	}
	defer f.Close() // the child holds its own
	cmd.Stderr = f
	if err := startAndWait(cmd, h.url+"/readyz"); err != nil {
		b, _ := os.ReadFile(h.log)
		return nil, fmt.Errorf("%w: %s", err, b[max(0, len(b)-4096):])
	}
	started = append(started, h)
	return h, nil
}

func (h *hostProc) stop() {
	h.cmd.Process.Signal(os.Interrupt)
	h.cmd.Wait()
}

func (h *hostProc) alive() bool {
	_, err := fetch(h.url + "/healthz")
	return err == nil
}

// peakRSS is the process's high-water resident set in KB.
func (h *hostProc) peakRSS() int {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", h.cmd.Process.Pid))
	if err != nil {
		return 0
	}
	m := regexp.MustCompile(`VmHWM:\s+(\d+) kB`).FindSubmatch(b)
	if m == nil {
		return 0
	}
	n, _ := strconv.Atoi(string(m[1]))
	return n
}

func startAndWait(cmd *exec.Cmd, readyURL string) error {
	if err := cmd.Start(); err != nil {
		return err
	}
	deadline := time.Now().Add(60 * time.Second)
	for time.Now().Before(deadline) {
		if resp, err := http.Get(readyURL); err == nil {
			resp.Body.Close()
			if resp.StatusCode == 200 {
				return nil
			}
		}
		time.Sleep(100 * time.Millisecond)
	}
	cmd.Process.Kill()
	return fmt.Errorf("%s did not become ready", cmd.Path)
}

func freePort() int {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		panic(err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}

func fetch(url string, header ...string) ([]byte, error) {
	b, _, err := fetchWithHeader(url, header...)
	return b, err
}

// fetchWithHeader is fetch, giving the answer's header too.
func fetchWithHeader(url string, header ...string) ([]byte, http.Header, error) {
	req, _ := http.NewRequest(http.MethodGet, url, nil)
	for i := 0; i+1 < len(header); i += 2 {
		if header[i] == "Host" {
			req.Host = header[i+1]
		} else {
			req.Header.Set(header[i], header[i+1])
		}
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return nil, nil, err
	}
	defer resp.Body.Close()
	if resp.StatusCode != 200 {
		return nil, nil, fmt.Errorf("GET %s: %s", url, resp.Status)
	}
	b, err := io.ReadAll(resp.Body)
	return b, resp.Header, err
}

// loadSamples collects wrk rounds: each round's rate and p50/p99 latency,
// and the requests answered over all rounds; with cpuOf set, the CPU time
// the server used over them (cpuOf: the server's CPU time so far).
type loadSamples struct {
	cpus          string // wrk's CPUs (taskset -c), "" for any
	rps, p50, p99 []float64
	n             int
	cpuOf         func() time.Duration
	cpu           time.Duration
}

// take runs one wrk round on url (a failed round is reported and left out).
func (s *loadSamples) take(url string, c int, header ...string) {
	var cpu0 time.Duration
	if s.cpuOf != nil {
		cpu0 = s.cpuOf()
	}
	r, x, y, n, err := wrkOn(s.cpus, url, c, header...)
	if err != nil {
		fmt.Fprintln(os.Stderr, "wrk:", err)
		return
	}
	if s.cpuOf != nil {
		s.cpu += s.cpuOf() - cpu0
	}
	s.rps, s.p50, s.p99 = append(s.rps, r), append(s.p50, x), append(s.p99, y)
	s.n += n
}

// cpuPerRequest is the server's CPU time per answered request, in µs (0
// when not measured): on a busy shared machine it drifts less than the
// rate, which is the share of the machine the server got.
func (s *loadSamples) cpuPerRequest() float64 {
	if s.n == 0 {
		return 0
	}
	return float64(s.cpu) / float64(time.Microsecond) / float64(s.n)
}

// cpu is the host process's CPU time so far.
func (h *hostProc) cpu() time.Duration { return ticksDuration(cpuTicks(h.cmd.Process.Pid)) }

func (s *loadSamples) medians() (rps, p50, p99 float64) {
	return median(s.rps), median(s.p50), median(s.p99)
}

// loadRounds runs wrk for several rounds and returns the medians of
// requests per second and p50/p99 latency (ms).
func loadRounds(url string, c int, header ...string) (rps, p50, p99 float64) {
	s := takeRounds(url, c, header...)
	return s.medians()
}

// takeRounds runs wrk for several rounds on url.
func takeRounds(url string, c int, header ...string) *loadSamples {
	var s loadSamples
	for range *rounds {
		s.take(url, c, header...)
	}
	return &s
}

// loadRoundsBeside is takeRounds of a baseline and a target, their rounds
// taken in turn (baseline, target, baseline, …), so that a drift of this
// shared machine's speed falls on both alike; baseCPU and targetCPU are
// their servers' CPU time so far.
func loadRoundsBeside(cpus, baseline, target string, baseCPU, targetCPU func() time.Duration, c int, header ...string) (base, s *loadSamples) {
	base, s = &loadSamples{cpus: cpus, cpuOf: baseCPU}, &loadSamples{cpus: cpus, cpuOf: targetCPU}
	for range *rounds {
		base.take(baseline, c, header...)
		s.take(target, c, header...)
	}
	return base, s
}

func median(xs []float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	s := append([]float64(nil), xs...)
	sort.Float64s(s)
	return s[len(s)/2]
}

var (
	wrkRPS = regexp.MustCompile(`Requests/sec:\s+([\d.]+)`)
	wrkN   = regexp.MustCompile(`(\d+) requests in`)
	wrkPct = regexp.MustCompile(`(?m)^\s+(50|99)(?:\.000)?%\s+([\d.]+)(us|ms|s)`)
	wrkBad = regexp.MustCompile(`Non-2xx or 3xx responses: (\d+)`)
)

func wrk(url string, c int, header ...string) (rps, p50, p99 float64, n int, err error) {
	return wrkOn("", url, c, header...)
}

// wrkOn is wrk on the CPUs listed (taskset -c; "": any), a thread a CPU.
func wrkOn(cpus, url string, c int, header ...string) (rps, p50, p99 float64, n int, err error) {
	return wrkWith(cpus, "", nil, url, c, header...)
}

// wrkWith is wrkOn running a script (wrk -s; "": none), which finds env
// (NAME=value) and its thread count ($THREADS) in its environment.
func wrkWith(cpus, script string, env []string, url string, c int, header ...string) (rps, p50, p99 float64, n int, err error) {
	threads := 2
	if cpus != "" {
		threads = cpuCount(cpus)
	}
	args := []string{"-t" + strconv.Itoa(threads), fmt.Sprintf("-c%d", c), "-d" + duration.String(), "--latency"}
	if script != "" {
		args = append(args, "-s", script)
	}
	for _, h := range loadHeaders {
		if name, _, _ := strings.Cut(h, ":"); !slices.ContainsFunc(header, func(x string) bool { return strings.HasPrefix(x, name+":") }) {
			args = append(args, "-H", h) // a default the caller does not replace
		}
	}
	for _, h := range header {
		args = append(args, "-H", h)
	}
	cmd := onCPUs(cpus, "wrk", append(args, url)...)
	cmd.Env = append(append(os.Environ(), env...), "THREADS="+strconv.Itoa(threads))
	out, err := cmd.CombinedOutput()
	if err != nil {
		return 0, 0, 0, 0, fmt.Errorf("%v: %s", err, out)
	}
	if m := wrkBad.FindSubmatch(out); m != nil {
		return 0, 0, 0, 0, fmt.Errorf("%s non-2xx answers from %s", m[1], url)
	}
	m := wrkRPS.FindSubmatch(out)
	if m == nil {
		return 0, 0, 0, 0, fmt.Errorf("no rate in: %s", out)
	}
	rps, _ = strconv.ParseFloat(string(m[1]), 64)
	if m := wrkN.FindSubmatch(out); m != nil {
		n, _ = strconv.Atoi(string(m[1]))
	}
	for _, p := range wrkPct.FindAllSubmatch(out, -1) {
		v, _ := strconv.ParseFloat(string(p[2]), 64)
		switch string(p[3]) {
		case "us":
			v /= 1000
		case "s":
			v *= 1000
		}
		if string(p[1]) == "50" {
			p50 = v
		} else {
			p99 = v
		}
	}
	return rps, p50, p99, n, nil
}

// login logs the demo member in (README: member@example.com, demo1234)
// and returns the session id.
func login(base string) (string, error) { return loginAs(base, demoMember) }

// demoMember is the demo brand's member (README), whose centre the member
// centre rows show.
const demoMember = "member@example.com"

// loginAs logs a member of the demo brand with the demo's password in.
func loginAs(base, email string) (string, error) {
	sum := md5.Sum([]byte("demo1234")) // the client sends the password's MD5 (spec section 5)
	body := fmt.Sprintf(`{"brandId":"demo","email":%q,"password":"%s"}`, email, hex.EncodeToString(sum[:]))
	resp, err := http.Post(base+"/api/session/login", "application/json", strings.NewReader(body))
	if err != nil {
		return "", err
	}
	defer resp.Body.Close()
	for _, c := range resp.Cookies() {
		if c.Name == "web_ec_sessionId" && c.Value != "" {
			return c.Value, nil
		}
	}
	b, _ := io.ReadAll(resp.Body)
	return "", fmt.Errorf("login of %s failed: %s %s", email, resp.Status, b)
}

// gojaRenderTimes renders the page's props in a goja runtime of the built
// bundle, after a warm-up, and returns p50 and p99 in ms.
func gojaRenderTimes(props []byte) (float64, float64, error) {
	b, err := renderer.Load(os.DirFS("renderer/dist"))
	if err != nil {
		return 0, 0, err
	}
	pool, err := renderer.NewPool(b.Server, renderer.Options{Size: 1, Deadline: 10 * time.Second, Pages: b.Manifest.PageNames()})
	if err != nil {
		return 0, 0, err
	}
	defer pool.Close()
	for i := 0; i < 30; i++ {
		l, _ := pool.Acquire(context.Background())
		if _, err := l.Render(props); err != nil {
			return 0, 0, err
		}
	}
	pool.Stats().Reset()
	for i := 0; i < *renders; i++ {
		l, _ := pool.Acquire(context.Background())
		if _, err := l.Render(props); err != nil {
			return 0, 0, err
		}
	}
	_, p50, p99 := pool.Stats().Snapshot()
	return ms(p50), ms(p99), nil
}

func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }

func nodeRenderTimes(propsFile string) (float64, float64, error) {
	out, err := exec.Command("node", "bench/node-ssr.mjs", "render", "renderer/dist/server.js", propsFile, strconv.Itoa(*renders)).Output()
	if err != nil {
		return 0, 0, fmt.Errorf("node render: %w", err)
	}
	var r struct{ P50, P99 float64 }
	if err := json.Unmarshal(out, &r); err != nil {
		return 0, 0, err
	}
	return r.P50, r.P99, nil
}

// ttfb requests url n times in a row and returns the p50 and p99 time to
// first byte and the p50 time to the whole page, in ms.
func ttfb(url string, n int) (float64, float64, float64, error) {
	var first, full []float64
	client := &http.Client{Transport: &http.Transport{DisableCompression: false}}
	for i := 0; i < n; i++ {
		var start, got time.Time
		req, _ := http.NewRequest(http.MethodGet, url, nil)
		req.Host = benchHost
		req = req.WithContext(httptrace.WithClientTrace(req.Context(), &httptrace.ClientTrace{
			GotFirstResponseByte: func() { got = time.Now() },
		}))
		start = time.Now()
		resp, err := client.Do(req)
		if err != nil {
			return 0, 0, 0, err
		}
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		first = append(first, ms(got.Sub(start)))
		full = append(full, ms(time.Since(start)))
	}
	sort.Float64s(first)
	return median(first), first[len(first)*99/100], median(full), nil
}

type jsReport struct {
	homeGz, homeBr, homeFiles int
	pages                     []pageJS
}

type pageJS struct {
	name   string
	gz, br int
}

// jsSizes reads the manifest: brand home's first-visit JS (entry, page
// and what they import) and each other page's extra chunks.
func jsSizes() (*jsReport, error) {
	b, err := os.ReadFile("renderer/dist/manifest.json")
	if err != nil {
		return nil, err
	}
	var m renderer.Manifest
	if err := json.Unmarshal(b, &m); err != nil {
		return nil, err
	}
	size := func(f, ext string) int {
		st, err := os.Stat(filepath.Join("renderer/dist/client", strings.TrimPrefix(f, renderer.AssetPrefix)+ext))
		if err != nil {
			return 0
		}
		return int(st.Size())
	}
	home := map[string]bool{}
	r := &jsReport{}
	for _, f := range m.Preloads("brand-home") {
		home[f] = true
		r.homeGz += size(f, ".gz")
		r.homeBr += size(f, ".br")
		r.homeFiles++
	}
	names := make([]string, 0, len(m.Pages))
	for name := range m.Pages {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		if name == "brand-home" {
			continue
		}
		p := pageJS{name: name}
		for _, f := range m.Preloads(name) {
			if !home[f] {
				p.gz += size(f, ".gz")
				p.br += size(f, ".br")
			}
		}
		r.pages = append(r.pages, p)
	}
	return r, nil
}

type overloadReport struct {
	ok, refused, other int
	retryAfter         bool
	// okP99 bounds the accepted answers' p99 from above (bench/overload.lua)
	okP99, max float64
	// offered is the rate the load generator kept up, in requests a second
	offered float64
	// loadCPU is the CPU the load generator (wrk) used, in cores: on this
	// two-core machine it comes out of the host's
	loadCPU float64
}

var overloadLine = regexp.MustCompile(`overload ok=(\d+) refused=(\d+) other=(\d+) retry_after=(\d+) errors=(\d+) seconds=([\d.]+) ok_p99_at_most_ms=([\d.]+) max_ms=([\d.]+)`)

// overload offers rate requests per second for overloadSeconds, evenly
// spaced, with wrk and bench/overload.lua (each request leaves on its
// thread's schedule whether or not the earlier ones were answered, over
// enough connections that the answers do not hold it up), and sorts the
// answers. 64 connections are more than the host's renderers and queue
// hold at once (18 places on two cores) plus the refusals under way, and
// the row checks that the rate was kept; 256 made wrk take a third more
// CPU (epoll and its timers: 0.15 of the two cores against 0.11), which
// came out of the host's. hey's rate-limited workers all ticked at once:
// a burst larger than the queue was refused whole however idle the
// renderers were between bursts. vegeta paced well, but its Go client took
// 0.4 of the two cores the host needs.
func overload(url string, rate float64) (*overloadReport, error) {
	args := []string{"-t1", "-c64", fmt.Sprintf("-d%ds", overloadSeconds), "--timeout", "10s", "-s", "bench/overload.lua"}
	for _, h := range loadHeaders {
		args = append(args, "-H", h)
	}
	cmd := exec.Command("wrk", append(args, url)...)
	cmd.Env = append(os.Environ(), fmt.Sprintf("RATE=%.0f", rate))
	out, err := cmd.CombinedOutput()
	if err != nil {
		return nil, fmt.Errorf("wrk: %v: %s", err, out)
	}
	m := overloadLine.FindStringSubmatch(string(out))
	if m == nil {
		return nil, fmt.Errorf("wrk: no overload line in: %s", out)
	}
	n := make([]float64, len(m))
	for i := 1; i < len(m); i++ {
		n[i], _ = strconv.ParseFloat(m[i], 64)
	}
	rep := &overloadReport{ok: int(n[1]), refused: int(n[2]), other: int(n[3]) + int(n[5]), retryAfter: n[4] > 0 && n[4] == n[2],
		okP99: n[7], max: n[8]}
	all := n[1] + n[2] + n[3] + n[5]
	rep.offered = all / max(n[6], 0.001)
	if u, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
		rep.loadCPU = float64(u.Utime.Nano()+u.Stime.Nano()) / 1e9 / n[6]
	}
	return rep, nil
}
