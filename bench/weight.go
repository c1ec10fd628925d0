package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"regexp"
	"sort"
	"strings"
)

var weightOnly = flag.Bool("weight-only", false, "run the first-visit weight rows only")

// weightBudget is the most a first visit of brand home or a course page
// may transfer on a phone, headers included.
const weightBudget = 350 * 1024

// weightRows: the first visit of brand home and of a course page of the
// demo brand on its custom domain (benchHost), as a phone with an empty
// cache sees it until the network is idle (bench/weight.mjs): every byte
// transferred, headers included, against weightBudget.
func weightRows(base string, add func(row)) error {
	home, err := fetch(base+"/", "Host", benchHost)
	if err != nil {
		return err
	}
	course := regexp.MustCompile(`href="(/activity/\d+/\d+)"`).FindSubmatch(home)
	if course == nil {
		return fmt.Errorf("weight: brand home links no course")
	}
	pages := []benchPage{{"brand home", "/"}, {"course", string(course[1])}}
	out, err := nodeOnPages("bench/weight.mjs", "WEIGHT_RESOLVE", base, pages)
	if err != nil {
		return fmt.Errorf("weight: %w", err)
	}
	sc := bufio.NewScanner(bytes.NewReader(out))
	for i := 0; sc.Scan() && i < len(pages); i++ {
		var r struct {
			Status, Total, Requests int
			ByType                  map[string]int
		}
		if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
			return fmt.Errorf("weight: %w: %s", err, sc.Text())
		}
		if r.Status != 200 {
			return fmt.Errorf("weight: %s answered %d", pages[i].path, r.Status)
		}
		types := make([]string, 0, len(r.ByType))
		for t := range r.ByType {
			types = append(types, t)
		}
		sort.Slice(types, func(a, b int) bool { return r.ByType[types[a]] > r.ByType[types[b]] })
		parts := make([]string, len(types))
		for j, t := range types {
			parts[j] = fmt.Sprintf("%s %.1f", t, kb(r.ByType[t]))
		}
		add(row{
			what:    "first visit on a phone, " + pages[i].name,
			value:   fmt.Sprintf("%.1f KB in %d requests (KB: %s)", kb(r.Total), r.Requests, strings.Join(parts, ", ")),
			budget:  "≤ 350 KB, headers included",
			verdict: verdict(r.Total <= weightBudget, fmt.Sprintf("%.1f KB", kb(r.Total))),
		})
	}
	return nil
}

// benchPage is a page of the demo brand measured in the browser: its name
// in the table and its path on the brand's custom domain.
type benchPage struct{ name, path string }

// nodeOnPages runs script with node on pages, the brand's custom domain
// (benchHost) resolved to the host under test at base through the host
// resolver rules the script reads from the environment variable resolve;
// its output is one line per page.
func nodeOnPages(script, resolve, base string, pages []benchPage) ([]byte, error) {
	args := []string{script}
	for _, p := range pages {
		args = append(args, "http://"+benchHost+p.path)
	}
	cmd := exec.Command("node", args...)
	cmd.Env = append(os.Environ(), resolve+"=MAP "+benchHost+" "+strings.TrimPrefix(base, "http://"))
	cmd.Stderr = os.Stderr
	return cmd.Output()
}
