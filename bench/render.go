package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/dop251/goja"

	"storefront/renderer"
)

// The cost of a page that misses the cache.
var (
	renderOnly = flag.Bool("render-only", false, "measure the uncached-render rows only")
	profileDir = flag.String("profile", "", "write goja CPU profiles (pprof) of each measured page's render, and its props, into this directory")
	overloadOn = flag.Bool("overload", true, "measure the overload row (15.3, about ten minutes) after the uncached pages; -overload=false for the CPU rows alone, e.g. to compare two builds in turns")
)

// The budget of server CPU per uncached page, as a ratio to Node's
// renderToString of the same page measured in the same run (issue 35:
// this machine's speed drifts between days, so milliseconds hold only on
// the day they were set), and the uncached brand home's rate the issue
// measured before it (req/s, 4 conns).
const (
	cpuNodeBudget = 3.0
	homeRPSBefore = 178.0
)

// coldPage is a page measured with the page cache off.
type coldPage struct {
	name, path string
	header     []string // extra request headers ("Name: value")
}

// renderRows measures the uncached pages: the host's CPU per page beside
// Node's renderToString of the same bundle and props, the brand home's
// rate at 4 connections beside Node's, and shedding at 4× that rate.
func renderRows(base, propsDir string, pid int, session string, add func(row)) error {
	pages := []coldPage{
		{name: "brand home", path: "/"},
		{name: "activity list (30 cards)", path: "/activitys"},
		{name: "member centre, logged in", path: "/user", header: []string{"Cookie: web_ec_sessionId=" + session}},
	}
	var homeRPS, homeNodeRPS, homeCores float64
	for i, p := range pages {
		hdr := []string{"Host", benchHost}
		for _, h := range p.header {
			k, v, _ := strings.Cut(h, ": ")
			hdr = append(hdr, k, v)
		}
		props, err := fetch(base+p.path, append(hdr, propsHeaderName, "1")...)
		if err != nil {
			return fmt.Errorf("%s: %w", p.name, err)
		}
		propsFile := filepath.Join(propsDir, fmt.Sprintf("props-%d.json", i))
		if err := os.WriteFile(propsFile, props, 0o644); err != nil {
			return err
		}
		if *profileDir != "" { // beside the profile: BenchmarkRender's RENDER_PROPS
			os.MkdirAll(*profileDir, 0o755)
			os.WriteFile(filepath.Join(*profileDir, strings.Fields(p.name)[0]+".json"), props, 0o644)
		}
		s, cpu, n50, ratio, err := cpuBesideNode(base+p.path, pid, propsFile, p.header...)
		if err != nil {
			return fmt.Errorf("%s: %w", p.name, err)
		}
		rps, p50, p99 := s.medians()
		g50, _, err := gojaRenderTimesOf(props, *profileDir, strings.Fields(p.name)[0])
		if err != nil {
			return fmt.Errorf("%s: goja: %w", p.name, err)
		}
		add(row{
			what:     fmt.Sprintf("15.1 %s, page cache off: CPU per page", p.name),
			value:    fmt.Sprintf("%.2f ms CPU (%s; goja render p50 %.2f ms; %d KB props)", cpu, fmtLoad(rps, p50, p99), g50, len(props)/1024),
			baseline: fmt.Sprintf("N renderToString p50 %.2f ms (rounds in turn with the host's)", n50),
			budget:   fmt.Sprintf("≤ %.0f× Node", cpuNodeBudget),
			verdict:  verdict(ratio <= cpuNodeBudget, fmt.Sprintf("%.1f× Node, the median round", ratio)),
		})
		if i == 0 {
			homeRPS, homeCores = rps, cpu*rps/1000
			nodePort := freePort()
			node := exec.Command("node", "bench/node-ssr.mjs", "serve", "renderer/dist/server.js", propsFile, strconv.Itoa(nodePort))
			if err := startAndWait(node, fmt.Sprintf("http://127.0.0.1:%d/", nodePort)); err != nil {
				return fmt.Errorf("node baseline: %w", err)
			}
			homeNodeRPS, _, _ = loadRounds(fmt.Sprintf("http://127.0.0.1:%d/", nodePort), 4)
			node.Process.Kill()
			node.Wait()
		}
	}
	add(row{
		what:     "15.2 brand home, page cache off, 4 conns",
		value:    fmt.Sprintf("%.0f req/s", homeRPS),
		baseline: fmt.Sprintf("before %.0f req/s; N %.0f req/s at 4 conns", homeRPSBefore, homeNodeRPS),
		budget:   "≥ 3× before and ≥ 0.1×N",
		verdict:  verdict(homeRPS >= 3*homeRPSBefore && homeRPS >= 0.1*homeNodeRPS, fmt.Sprintf("%.1f× before, %.2f×N", homeRPS/homeRPSBefore, homeRPS/homeNodeRPS)),
	})

	if !*overloadOn {
		return nil
	}
	// 4× the sustainable rate offered: what succeeds, how fast, and how
	// much CPU the host and the load generator took (they share two cores).
	// This machine's rate drifts by ±10% from one ten-second window to the
	// next, so one overload window against one earlier sustainable figure
	// read anywhere from 0.8 to 1.1 for the same build. The windows take
	// turns: sustainable (4 connections), 4× that offered, sustainable
	// again, and so on; each overload round is compared with the mean of
	// the sustainable windows either side of it, and the row reports the
	// median of overloadRounds rounds.
	// The host's CPU in each window gives its rate per core as well: what
	// refusing costs the renders, apart from what the load generator
	// takes of the two cores the host shares with it.
	type overloadRound struct {
		sustained, asked, sustainedPerCore float64
		*overloadReport
		hostCPU float64
	}
	type window struct{ rps, perCore float64 }
	sustain := func() (window, error) {
		t0 := cpuTicks(pid)
		rps, _, _, _, err := wrk(base+"/", 4)
		return window{rps, rps / max(coresSince(pid, t0, duration.Seconds()), 0.01)}, err
	}
	var ovs []overloadRound
	before, err := sustain()
	if err != nil {
		return err
	}
	for range overloadRounds {
		t0 := cpuTicks(pid)
		ov, err := overload(base+"/", 4*before.rps)
		if err != nil {
			return err
		}
		cpu := coresSince(pid, t0, overloadSeconds)
		settle() // the renders the load generator left behind finish first
		after, err := sustain()
		if err != nil {
			return err
		}
		ovs = append(ovs, overloadRound{(before.rps + after.rps) / 2, 4 * before.rps, (before.perCore + after.perCore) / 2, ov, cpu})
		before = after
	}
	ratio := func(o overloadRound) float64 { return float64(o.ok) / overloadSeconds / o.sustained }
	sort.Slice(ovs, func(i, j int) bool { return ratio(ovs[i]) < ratio(ovs[j]) })
	ov := ovs[len(ovs)/2]
	okRate := float64(ov.ok) / overloadSeconds
	var each, perCore []string
	good, sent := true, 1.0 // sent: the least share of the rate asked the load generator sent in a round
	for _, o := range ovs {
		each = append(each, fmt.Sprintf("%.2f", ratio(o)))
		perCore = append(perCore, fmt.Sprintf("%.2f", float64(o.ok)/overloadSeconds/max(o.hostCPU, 0.01)/o.sustainedPerCore))
		good = good && o.okP99 < 1000 && o.other == 0
		sent = min(sent, o.offered/o.asked)
	}
	add(row{
		what: fmt.Sprintf("15.3 overload: 4× sustainable offered, median of %d rounds", len(ovs)),
		value: fmt.Sprintf("%.0f ok/s of %.0f req/s offered (%d ok, %d refused 503, %d other; %.0f req/s sent); ok p99 ≤ %.0f ms; CPU: host %.2f, load generator %.2f of 2 cores; %.0f ok/s per host core; rounds ok/sustainable %s; per host core %s",
			okRate, ov.asked, ov.ok, ov.refused, ov.other, ov.offered, ov.okP99, ov.hostCPU, ov.loadCPU, okRate/max(ov.hostCPU, 0.01), strings.Join(each, ", "), strings.Join(perCore, ", ")),
		baseline: fmt.Sprintf("sustainable %.0f req/s either side, %.0f req/s per host core (15.2: %.0f req/s, host %.2f cores: %.0f req/s per core)", ov.sustained, ov.sustainedPerCore, homeRPS, homeCores, homeRPS/max(homeCores, 0.01)),
		budget:   "ok ≥ 0.9× sustainable; ok p99 < 1 s; only 200 and 503; the load generator sends ≥ 0.95× the rate asked (every round)",
		verdict: verdict(ratio(ov) >= 0.9 && good && sent >= 0.95, fmt.Sprintf("%.2f× sustainable, p99 %.0f ms, %.2f× the rate asked sent at least",
			ratio(ov), ov.okP99, sent)),
	})
	return nil
}

const propsHeaderName = "X-Storefront-Props"

// clockTicks is the kernel's USER_HZ, the unit of /proc/PID/stat's times.
const clockTicks = 100

// ticksDuration is a CPU time in clock ticks as a duration.
func ticksDuration(ticks int64) time.Duration { return time.Duration(ticks) * time.Second / clockTicks }

// cpuTicks is a process's user plus system CPU time in clock ticks.
func cpuTicks(pid int) int64 {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0
	}
	// the fields after the command name (which may hold spaces), from 3 on
	s := string(b)
	f := strings.Fields(s[strings.LastIndexByte(s, ')')+1:])
	if len(f) < 13 {
		return 0
	}
	u, _ := strconv.ParseInt(f[11], 10, 64)
	st, _ := strconv.ParseInt(f[12], 10, 64)
	return u + st
}

// coresSince is the cores process pid used on average over the seconds
// since its CPU time was ticks0 (cpuTicks).
func coresSince(pid int, ticks0 int64, seconds float64) float64 {
	return float64(cpuTicks(pid)-ticks0) / clockTicks / seconds
}

// settle waits (a minute at most) until the machine is quiet: under 10%
// of its CPU busy over half a second. The rows before may leave work
// behind (the hosts' page-cache warm-up after the bookings' changes, the
// database's autovacuum), and the CPU rows measure one process's time on
// a machine they assume otherwise idle.
func settle() {
	busy := func() (busy, all int64) {
		b, _ := os.ReadFile("/proc/stat")
		f := strings.Fields(strings.SplitN(string(b), "\n", 2)[0])
		for i, v := range f[1:] {
			n, _ := strconv.ParseInt(v, 10, 64)
			all += n
			if i != 3 && i != 4 { // idle, iowait
				busy += n
			}
		}
		return busy, all
	}
	t0 := time.Now()
	for {
		b0, a0 := busy()
		time.Sleep(500 * time.Millisecond)
		b1, a1 := busy()
		share := float64(b1-b0) / float64(max(a1-a0, 1))
		if share < 0.1 || time.Since(t0) > time.Minute {
			fmt.Printf("  (settled after %.1f s: %.0f%% busy)\n", time.Since(t0).Seconds(), share*100)
			return
		}
	}
}

// cpuBesideNode measures the host's CPU per page of url (wrk at 4
// connections, the host's process pid) and Node's renderToString of the
// same props in turns: a wrk round, Node's renders, the next round…, so
// a drift of this shared machine's speed falls on both alike. It returns
// the rounds, the medians of the host's CPU and Node's p50 (ms), and the
// median of the rounds' ratios (the verdict's).
func cpuBesideNode(url string, pid int, propsFile string, header ...string) (s *loadSamples, cpu, node, ratio float64, err error) {
	s = &loadSamples{}
	var cpus, nodes, ratios []float64
	for range *rounds {
		t0, n0 := cpuTicks(pid), s.n
		s.take(url, 4, header...)
		if s.n == n0 {
			continue // a failed round (reported)
		}
		c := float64(cpuTicks(pid)-t0) * 1000 / clockTicks / float64(s.n-n0)
		n50, _, err := nodeRenderTimes(propsFile)
		if err != nil {
			return nil, 0, 0, 0, err
		}
		cpus, nodes, ratios = append(cpus, c), append(nodes, n50), append(ratios, c/n50)
	}
	if len(ratios) == 0 {
		return nil, 0, 0, 0, fmt.Errorf("no wrk round of %s succeeded", url)
	}
	return s, median(cpus), median(nodes), median(ratios), nil
}

// gojaRenderTimesOf is gojaRenderTimes, writing a goja CPU profile of the
// timed renders to dir/name.pprof when dir is set.
func gojaRenderTimesOf(props []byte, dir, name string) (float64, float64, error) {
	if dir == "" {
		return gojaRenderTimes(props)
	}
	b, err := renderer.Load(os.DirFS("renderer/dist"))
	if err != nil {
		return 0, 0, err
	}
	pool, err := renderer.NewPool(b.Server, renderer.Options{Size: 1, Deadline: 10 * time.Second, Pages: b.Manifest.PageNames()})
	if err != nil {
		return 0, 0, err
	}
	defer pool.Close()
	once := func() error {
		l, _ := pool.Acquire(context.Background())
		_, err := l.Render(props)
		return err
	}
	for i := 0; i < 30; i++ {
		if err := once(); err != nil {
			return 0, 0, err
		}
	}
	os.MkdirAll(dir, 0o755)
	f, err := os.Create(filepath.Join(dir, name+".pprof"))
	if err != nil {
		return 0, 0, err
	}
	defer f.Close()
	pool.Stats().Reset()
	if err := goja.StartProfile(f); err != nil {
		return 0, 0, err
	}
	for i := 0; i < *renders; i++ {
		if err := once(); err != nil {
			goja.StopProfile()
			return 0, 0, err
		}
	}
	goja.StopProfile()
	_, p50, p99 := pool.Stats().Snapshot()
	return ms(p50), ms(p99), nil
}

// overloadSeconds is how long the overload row offers its load.
const overloadSeconds = 10

// overloadRounds is how many overload windows the row takes (its median).
const overloadRounds = 7

// coldRenderRows gives the demo member its order history, logs it in on
// the host at base and runs renderRows against the uncached host cold.
func coldRenderRows(ctx context.Context, dbURL, base string, cold *hostProc, tmp string, add func(row)) error {
	if err := giveOrderHistory(ctx, dbURL, *historyOrders); err != nil {
		return err
	}
	session, err := login(base)
	if err != nil {
		return err
	}
	settle()
	if err := renderRows(cold.url, tmp, cold.cmd.Process.Pid, session, add); err != nil {
		return err
	}
	return visitorRow(ctx, dbURL, cold.url, tmp, cold.cmd.Process.Pid, add)
}
