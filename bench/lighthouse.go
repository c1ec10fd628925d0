package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os/exec"
	"regexp"
)

var lighthouseOnly = flag.Bool("lighthouse-only", false, "run the Lighthouse row only (first paint on a phone)")

// lighthouseRows: Lighthouse's mobile preset in Debian's
// Chromium on brand home, the activity list, a course and an item page of
// the demo brand as the production-mode host serves them; performance must
// reach 90. Each page is run three times (LIGHTHOUSE_RUNS) and the
// median run is reported, as Lighthouse's documentation advises for its
// run-to-run variance.
//
// The brand is served on its custom domain (benchHost), as a visitor
// reaches it: Chromium resolves that name to the host under test.
func lighthouseRows(base string, add func(row)) error {
	// a phone has a CJK system font, which draws the text until the web
	// font comes (app/lib/fonts.ts); without one Chromium searches its
	// fallbacks for every character, which no phone does
	if out, _ := exec.Command("fc-list", ":lang=zh-tw").Output(); len(bytes.TrimSpace(out)) == 0 {
		return fmt.Errorf("lighthouse: no CJK font installed (apt-get install -y fonts-noto-cjk)")
	}
	home, err := fetch(base+"/", "Host", benchHost)
	if err != nil {
		return err
	}
	course := regexp.MustCompile(`href="(/activity/\d+/\d+)"`).FindSubmatch(home)
	item := regexp.MustCompile(`href="(/(?:passcard|point|countingPasscard|quantityPasscard)/\d+)"`).FindSubmatch(home)
	if course == nil || item == nil {
		return fmt.Errorf("lighthouse: brand home links no course or no item")
	}
	pages := []benchPage{
		{"brand home", "/"}, {"activity list", "/activitys"}, {"course", string(course[1])}, {"item", string(item[1])},
	}
	out, err := nodeOnPages("bench/lighthouse.mjs", "LIGHTHOUSE_RESOLVE", base, pages)
	if err != nil {
		return fmt.Errorf("lighthouse: %w", err)
	}
	sc := bufio.NewScanner(bytes.NewReader(out))
	for i := 0; sc.Scan() && i < len(pages); i++ {
		var r struct {
			Performance, SEO, Accessibility int
			LCP, TBT                        string
			UnusedJS, UnusedCSS             int
			Runs                            []int
		}
		if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
			return fmt.Errorf("lighthouse: %w: %s", err, sc.Text())
		}
		add(row{
			what: "6. Lighthouse mobile, " + pages[i].name,
			value: fmt.Sprintf("performance %d, median of runs %v; SEO %d, accessibility %d (LCP %s, TBT %s, unused JS %d KB, CSS %d KB)",
				r.Performance, r.Runs, r.SEO, r.Accessibility, r.LCP, r.TBT, r.UnusedJS/1024, r.UnusedCSS/1024),
			budget:  "performance ≥ 90",
			verdict: verdict(r.Performance >= 90, fmt.Sprint(r.Performance)),
		})
	}
	return nil
}
