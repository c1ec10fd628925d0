package main

import (
	"fmt"
	"net/http"
	"os"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"
)

// Query strings must not grow the host's memory. The
// first row sends 1,000 requests with 400 KB query strings (refused while
// their head is read, 431) and compares the resident set before and after:
// the budget. The second goes on with 1,000 with a distinct
// unknown parameter just under the 8 KiB URL limit (the page cache ignores
// it: one entry) and 1,000 with a distinct value of a parameter the page
// reads, also just under the limit (renders, and cache entries bounded by
// bytes), and reports the growth over all 3,000.

const queryBudgetMB = 64

func queryMemoryRows(h *hostProc) []row {
	before := h.rss()
	statuses := map[int]int{}
	var mu sync.Mutex
	send := func(n int, target func(i int) string) {
		var wg sync.WaitGroup
		next := make(chan int)
		for w := 0; w < 8; w++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for i := range next {
					req, _ := http.NewRequest(http.MethodGet, h.url+target(i), nil)
					req.Host = benchHost
					req.Header.Set("Accept-Encoding", "br, gzip")
					code := 0
					if resp, err := http.DefaultClient.Do(req); err == nil {
						code = resp.StatusCode
						resp.Body.Close()
					}
					mu.Lock()
					statuses[code]++
					mu.Unlock()
				}
			}()
		}
		for i := 0; i < n; i++ {
			next <- i
		}
		close(next)
		wg.Wait()
	}
	big := strings.Repeat("q", 400<<10)
	under := strings.Repeat("q", 8000)
	send(1000, func(i int) string { return "/?x=" + strconv.Itoa(i) + big })
	afterBig := h.rss()
	send(1000, func(i int) string { return "/?x=" + strconv.Itoa(i) + under })
	send(1000, func(i int) string { return "/?projectType=" + strconv.Itoa(i) + under })
	after := h.rss()
	var seen []string
	for code, n := range statuses {
		seen = append(seen, fmt.Sprintf("%d×%d", n, code))
	}
	sort.Strings(seen)
	growth := (afterBig - before) / 1024
	return []row{{
		what:    "2. RSS, 1,000 requests with 400 KB query strings",
		value:   fmt.Sprintf("%d MB -> %d MB (+%d MB)", before/1024, afterBig/1024, growth),
		budget:  fmt.Sprintf("< %d MB growth", queryBudgetMB),
		verdict: verdict(growth < queryBudgetMB && afterBig > 0, fmt.Sprintf("+%d MB", growth)),
	}, {
		what:  "2. RSS, then 2,000 more just under the URL limit",
		value: fmt.Sprintf("%d MB -> %d MB (+%d MB over all 3,000); answers %s", before/1024, after/1024, (after-before)/1024, strings.Join(seen, ", ")),
	}}
}

// rss is the process's current resident set in KB.
func (h *hostProc) rss() int {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", h.cmd.Process.Pid))
	if err != nil {
		return 0
	}
	m := regexp.MustCompile(`VmRSS:\s+(\d+) kB`).FindSubmatch(b)
	if m == nil {
		return 0
	}
	n, _ := strconv.Atoi(string(m[1]))
	return n
}
