package host

import (
	"encoding/xml"
	"fmt"
	"strings"
	"testing"
	"time"
)

// TestSitemapSplits: a brand sitemap past a file's limits (lowered here
// from the protocol's 50,000 URLs and 50 MB) becomes an index of parts,
// each within the limits, which together list exactly the URLs of the
// whole sitemap, in order; on a custom domain too; a part past the last
// is not found.
func TestSitemapSplits(t *testing.T) {
	ts := newTestServer(t, withRealClock())
	get := func(t *testing.T, path string, v any, header ...string) string {
		t.Helper()
		w := ts.get(t, path, header...)
		if w.Code != 200 {
			t.Fatalf("GET %s = %d", path, w.Code)
		}
		if err := xml.Unmarshal(w.Body.Bytes(), v); err != nil {
			t.Fatalf("GET %s: %v", path, err)
		}
		return w.Body.String()
	}
	var whole urlset
	get(t, "/demo/sitemap.xml", &whole)
	if len(whole.URLs) < 7 {
		t.Fatalf("the demo's sitemap has %d URLs; the test needs more than two parts' worth", len(whole.URLs))
	}

	for _, c := range []struct {
		name   string
		limits sitemapLimits
		host   []string
		prefix string
	}{
		{name: "by URLs", limits: sitemapLimits{urls: 3, bytes: sitemapMax.bytes}, host: nil, prefix: "http://example.com/demo/"},
		{name: "by bytes", limits: sitemapLimits{urls: sitemapMax.urls, bytes: 1200}, host: nil, prefix: "http://example.com/demo/"},
		{name: "on a custom domain", limits: sitemapLimits{urls: 3, bytes: sitemapMax.bytes}, host: []string{"Host", "fit.demo.test"}, prefix: "https://fit.demo.test/"},
	} {
		t.Run(c.name, func(t *testing.T) {
			ts.sitemapLimits = c.limits
			defer func() { ts.sitemapLimits = sitemapMax }()
			path := "/demo/sitemap.xml"
			if c.host != nil {
				path = "/sitemap.xml"
			}
			var idx sitemapIndex
			body := get(t, path, &idx, c.host...)
			if !strings.Contains(body, "<sitemapindex") || len(idx.Sitemaps) < 2 {
				t.Fatalf("not split into an index:\n%s", body)
			}
			var all []sitemapURL
			for i, sm := range idx.Sitemaps {
				if want := fmt.Sprintf("%s%d-sitemap.xml", c.prefix, i+1); sm.Loc != want {
					t.Fatalf("part %d at %s, want %s", i+1, sm.Loc, want)
				}
				var part urlset
				raw := get(t, strings.TrimSuffix(path, "sitemap.xml")+fmt.Sprintf("%d-sitemap.xml", i+1), &part, c.host...)
				if len(part.URLs) == 0 || len(part.URLs) > c.limits.urls || len(raw) > c.limits.bytes {
					t.Errorf("part %d: %d URLs, %d bytes; limits %+v", i+1, len(part.URLs), len(raw), c.limits)
				}
				all = append(all, part.URLs...)
			}
			if fmt.Sprint(all) != fmt.Sprint(whole.URLs) && c.host == nil {
				t.Errorf("the parts list\n%v\nthe whole sitemap lists\n%v", all, whole.URLs)
			}
			if c.host != nil && len(all) != len(whole.URLs) {
				t.Errorf("the parts list %d URLs, the whole sitemap %d", len(all), len(whole.URLs))
			}
			past := strings.TrimSuffix(path, "sitemap.xml") + fmt.Sprintf("%d-sitemap.xml", len(idx.Sitemaps)+1)
			if w := ts.get(t, past, c.host...); w.Code != 404 {
				t.Errorf("GET %s = %d, want 404", past, w.Code)
			}
		})
	}
	// under the limits: one file, and no parts
	if w := ts.get(t, "/demo/1-sitemap.xml"); w.Code != 404 {
		t.Errorf("a part of an unsplit sitemap: %d, want 404", w.Code)
	}
}

func TestSitemapsAndRobots(t *testing.T) {
	ts := newTestServer(t, withRealClock(), withEnvHosts("production.example.com"))
	ids := lookupIDs(t, ts)
	sitemap := func(t *testing.T, path string, header ...string) urlset {
		t.Helper()
		w := ts.get(t, path, header...)
		var u urlset
		if w.Code != 200 || !strings.HasPrefix(w.Header().Get("Content-Type"), "application/xml") {
			t.Fatalf("GET %s = %d %s", path, w.Code, w.Header().Get("Content-Type"))
		}
		if err := xml.Unmarshal(w.Body.Bytes(), &u); err != nil || !strings.Contains(w.Body.String(), `xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"`) {
			t.Fatalf("GET %s: %v\n%s", path, err, w.Body.String())
		}
		for _, x := range u.URLs {
			if _, err := time.Parse(time.RFC3339, x.LastMod); err != nil {
				t.Errorf("%s: lastmod %q", x.Loc, x.LastMod)
			}
		}
		return u
	}
	locs := func(u urlset) string {
		var b strings.Builder
		for _, x := range u.URLs {
			b.WriteString(x.Loc + "\n")
		}
		return b.String()
	}

	t.Run("brand sitemap", func(t *testing.T) {
		got := locs(sitemap(t, "/yoga/sitemap.xml"))
		for _, want := range []string{"http://example.com/yoga\n", "http://example.com/yoga/activitys\n", "http://example.com/yoga/timetable\n", "/yoga/activity/", "/yoga/quantityPasscard/"} {
			if !strings.Contains(got, want) {
				t.Errorf("yoga sitemap lacks %s:\n%s", want, got)
			}
		}
		if strings.Contains(got, "termSchedule") || strings.Contains(got, "type=plan") {
			t.Errorf("yoga sitemap lists pages its modules hide:\n%s", got)
		}
	})
	t.Run("custom domain sitemap", func(t *testing.T) {
		got := locs(sitemap(t, "/sitemap.xml", "Host", "fit.demo.test"))
		for _, want := range []string{"https://fit.demo.test/\n", fmt.Sprintf("https://fit.demo.test/activity/%d/%d\n", ids.courseStore, ids.course),
			fmt.Sprintf("https://fit.demo.test/passcard/%d\n", ids.passcard), fmt.Sprintf("https://fit.demo.test/termSchedule/%d/%d\n", ids.term, ids.class)} {
			if !strings.Contains(got, want) {
				t.Errorf("custom domain sitemap lacks %s", want)
			}
		}
		if strings.Contains(got, fmt.Sprintf("/passcard/%d\n", ids.offShelf)) {
			t.Error("sitemap lists the off-shelf item")
		}
	})
	t.Run("term brand sitemap keeps from=app", func(t *testing.T) {
		got := locs(sitemap(t, "/term/sitemap.xml"))
		if !strings.Contains(got, "/term/termSchedule?from=app\n") || strings.Contains(got, "http://example.com/term\n") {
			t.Errorf("term sitemap:\n%s", got)
		}
	})
	t.Run("brand with a custom domain redirects its sitemap there", func(t *testing.T) {
		w := ts.get(t, "/demo/sitemap.xml", "Host", "production.example.com")
		if w.Code != 301 || w.Header().Get("Location") != "https://fit.demo.test/sitemap.xml" {
			t.Fatalf("= %d %s", w.Code, w.Header().Get("Location"))
		}
	})
	t.Run("no shop, no sitemap", func(t *testing.T) {
		if w := ts.get(t, "/noshop/sitemap.xml"); w.Code != 404 {
			t.Fatalf("noshop sitemap = %d", w.Code)
		}
	})
	t.Run("sitemap index", func(t *testing.T) {
		w := ts.get(t, "/sitemap.xml")
		body := w.Body.String()
		if w.Code != 200 || !strings.Contains(body, "<sitemapindex") || !strings.Contains(body, "http://example.com/yoga/sitemap.xml") ||
			strings.Contains(body, "/noshop/") || strings.Contains(body, "/closed/") {
			t.Fatalf("index = %d\n%s", w.Code, body)
		}
		w = ts.get(t, "/sitemap.xml", "Host", "production.example.com")
		if strings.Contains(w.Body.String(), "/demo/sitemap.xml") {
			t.Fatal("the index lists a brand served on its custom domain in this environment")
		}
	})
	t.Run("robots", func(t *testing.T) {
		w := ts.get(t, "/robots.txt", "Host", "fit.demo.test")
		if w.Code != 200 || !strings.Contains(w.Body.String(), "Sitemap: https://fit.demo.test/sitemap.xml") || !strings.Contains(w.Body.String(), "Disallow: /api/") {
			t.Fatalf("robots = %d\n%s", w.Code, w.Body.String())
		}
		if w := ts.get(t, "/robots.txt"); !strings.Contains(w.Body.String(), "Sitemap: http://example.com/sitemap.xml") {
			t.Fatalf("robots on the shared host:\n%s", w.Body.String())
		}
	})
}
