package host

import (
	"encoding/xml"
	"fmt"
	"strings"
	"testing"
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
		{"by URLs", sitemapLimits{urls: 3, bytes: sitemapMax.bytes}, nil, "http://example.com/demo/"},
		{"by bytes", sitemapLimits{urls: sitemapMax.urls, bytes: 1200}, nil, "http://example.com/demo/"},
		{"on a custom domain", sitemapLimits{urls: 3, bytes: sitemapMax.bytes}, []string{"Host", "fit.demo.test"}, "https://fit.demo.test/"},
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
