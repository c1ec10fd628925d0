package host

import (
	"bytes"
	"fmt"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"testing"
	"time"

	"storefront/data/dbtest"
	"storefront/rules"
)

// TestGoldenPages keeps the server-rendered HTML of four pages (brand
// home, course detail, the member centre, the timetable) in host/testdata/golden, so that
// a change of markup shows in review. go test ./host -run TestGoldenPages
// -update rewrites them. The demo catalogue is loaded as if on a fixed day
// and the clock stands still on it, so the pages are the same every day;
// what changes by itself (content-hashed asset names, nonces, request ids)
// is masked.
func TestGoldenPages(t *testing.T) {
	day := time.Date(2026, 11, 23, 9, 0, 0, 0, rules.Taipei) // a Monday
	ts := newMemberServer(t, func(d *Deps) { d.DB = dbtest.NewDemoAt(t, day) })
	ts.clock.t = day
	ids := lookupIDs(t, ts.testServer)
	b := ts.browser()
	login(t, b, "demo", "member@example.com", "demo1234")
	// golden: the masked page equals testdata/golden/name.html
	golden := func(name string) func(*testing.T, *httptest.ResponseRecorder) {
		return func(t *testing.T, w *httptest.ResponseRecorder) {
			got := maskGolden(w.Body.Bytes())
			file := filepath.Join("testdata", "golden", name+".html")
			if *update {
				if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(file, got, 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(file)
			if err != nil {
				t.Fatalf("%v (go test ./host -run TestGoldenPages -update writes it)", err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("%s differs: review the change, then rerun with -update\n%s", file, firstDiff(want, got))
			}
		}
	}
	runScenarios(t, b, []scenario{
		{Name: "brand-home", Path: "/demo", Status: 200, Check: golden("brand-home")},
		{Name: "course", Path: fmt.Sprintf("/demo/activity/%d/%d", ids.courseStore, ids.course), Status: 200, Check: golden("course")},
		{Name: "member-centre", Path: "/demo/user", Status: 200, Check: golden("member-centre")},
		{Name: "timetable", Path: "/demo/timetable", Status: 200, Check: golden("timetable")},
	})
}

var goldenMasks = []struct {
	re   *regexp.Regexp
	with string
}{
	{re: regexp.MustCompile(`/_assets/[A-Za-z0-9_./-]+`), with: "/_assets/{asset}"},
	{re: regexp.MustCompile(`nonce="[^"]*"`), with: `nonce="{nonce}"`},
	{re: regexp.MustCompile(`"buildId":"[^"]*"`), with: `"buildId":"{build}"`},
	// the demo images' version (images.go): changes with any demo picture
	{re: regexp.MustCompile(`/_img/[0-9a-f]{12}/`), with: "/_img/{images}/"},
	{re: regexp.MustCompile(`"imageVersion":"[^"]*"`), with: `"imageVersion":"{images}"`},
	// rows' own change times (the columns' default, not the demo's clock)
	{re: regexp.MustCompile(`"(updatedAt|dateModified)":"[^"]*"`), with: `"$1":"{changed}"`},
}

// maskGolden masks what changes from run to run.
func maskGolden(b []byte) []byte {
	for _, m := range goldenMasks {
		b = m.re.ReplaceAll(b, []byte(m.with))
	}
	return b
}

// firstDiff shows where got first differs from want, with some context.
func firstDiff(want, got []byte) string {
	i := 0
	for i < len(want) && i < len(got) && want[i] == got[i] {
		i++
	}
	from := max(0, i-120)
	return fmt.Sprintf("at byte %d:\n- %s\n+ %s", i, want[from:min(len(want), i+120)], got[from:min(len(got), i+120)])
}
