package main

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/jackc/pgx/v5"

	"storefront/data/catalogue"
)

var scaleOnly = flag.Bool("scale-only", false, "measure the 50× catalogue rows only")

// scaleCopies is how many times the demo brand's courses are copied into
// the brand "demo50" (2,300 courses, 12,800 schedules).
const scaleCopies = 50

// scaleRows: brand home, activity list and a search on
// the demo brand and on demo50, its catalogue exported and its courses
// copied 50 times, imported into the bench's database; uncached (the host
// with the page cache off, at 4 connections), with the ratio of their
// throughputs and of their props.
func scaleRows(ctx context.Context, dbURL, coldURL, tmp string, add func(row)) error {
	dir := filepath.Join(tmp, "demo50")
	env := append(os.Environ(), "DATABASE_URL="+dbURL, "STOREFRONT_CATALOGUE_IMAGES="+imagesDir, "LOG_LEVEL=warn")
	export := exec.Command("bin/storefront", "catalogue", "export", "demo", dir, "--relative")
	export.Env = env
	if out, err := export.CombinedOutput(); err != nil {
		return fmt.Errorf("catalogue export: %v\n%s", err, out)
	}
	c, problems := catalogue.Read(os.DirFS(dir))
	if len(problems) > 0 {
		return fmt.Errorf("the exported demo catalogue: %v", problems)
	}
	c.Brand.ID, c.Brand.Domains = "demo50", nil
	c.Brand.Name += "（50 倍）"
	courses := c.Courses
	for k := 2; k <= scaleCopies; k++ {
		for _, co := range courses {
			co.ID, co.Name = fmt.Sprintf("%s-%d", co.ID, k), fmt.Sprintf("%s %d", co.Name, k)
			c.Courses = append(c.Courses, co)
		}
	}
	if err := catalogue.Write(dir, c); err != nil {
		return err
	}
	imp := exec.Command("bin/storefront", "catalogue", "import", dir)
	imp.Env = env
	if out, err := imp.CombinedOutput(); err != nil {
		return fmt.Errorf("catalogue import: %v\n%s", err, out)
	}
	conn, err := pgx.Connect(ctx, dbURL)
	if err != nil {
		return err
	}
	defer conn.Close(ctx)
	var nc, ns [2]int
	for i, b := range []string{"demo", "demo50"} {
		if err := conn.QueryRow(ctx, `select (select count(*) from courses where brand_id = $1),
			(select count(*) from course_schedules s join courses c on c.id = s.course_id where c.brand_id = $1)`, b).Scan(&nc[i], &ns[i]); err != nil {
			return err
		}
	}
	add(row{what: "9. catalogues compared", value: fmt.Sprintf("demo %d courses, %d schedules; demo50 %d courses, %d schedules", nc[0], ns[0], nc[1], ns[1])})

	keyword := url.QueryEscape("瑜珈")
	for _, p := range []struct{ name, path string }{
		{"brand home", "/"},
		{"activity list", "/activitys"},
		{"search 瑜珈", "/search/result?keyword=" + keyword},
	} {
		demo := []string{"Host: " + benchHost}
		propsDemo, err := fetch(coldURL+p.path, "Host", benchHost, "X-Storefront-Props", "1")
		if err != nil {
			return err
		}
		props50, err := fetch(coldURL+"/demo50"+p.path, "X-Storefront-Props", "1")
		if err != nil {
			return err
		}
		// cards shown: a page that shows more on the larger catalogue (a
		// search matching 50 times as many courses fills its page) grew,
		// and is reported, not held to the flat budget
		var cards [2]int
		for i, h := range [][]string{{"Host", benchHost}, nil} {
			page, err := fetch(coldURL+[]string{"", "/demo50"}[i]+p.path, h...)
			if err != nil {
				return err
			}
			cards[i] = bytes.Count(page, []byte(`data-testid="activity-card"`))
		}
		dRPS, dP50, _ := loadRounds(coldURL+p.path, 4, demo...)
		sRPS, sP50, _ := loadRounds(coldURL+"/demo50"+p.path, 4, "Host: "+strings.TrimPrefix(coldURL, "http://"))
		ratio := sRPS / max(dRPS, 1)
		r := row{
			what:     fmt.Sprintf("9. %s, 50× catalogue, page cache off, 4 conns", p.name),
			value:    fmt.Sprintf("%.0f req/s, p50 %.1f ms; props %.1f KB; %d cards", sRPS, sP50, kb(len(props50)), cards[1]),
			baseline: fmt.Sprintf("demo %.0f req/s, p50 %.1f ms; props %.1f KB; %d cards", dRPS, dP50, kb(len(propsDemo)), cards[0]),
			budget:   "flat: ≥ 0.8× the demo's req/s",
			verdict:  verdict(ratio >= 0.8, fmt.Sprintf("%.2f× the demo's req/s, props %.2f×", ratio, float64(len(props50))/float64(max(len(propsDemo), 1)))),
		}
		if cards[1] > cards[0]*6/5 { // a card more or less is the same page
			r.budget = "the page grew: reported"
			r.verdict = fmt.Sprintf("%.2f× the demo's req/s for %.1f× the cards", ratio, float64(cards[1])/float64(max(cards[0], 1)))
		}
		add(r)
	}
	return nil
}
