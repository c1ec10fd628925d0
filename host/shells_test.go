package host

import (
	"bytes"
	"context"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"

	"storefront/renderer"
)

// TestShellsRenderTheWholePage: a page rendered from its brand's cached
// shell (the page and the member's account area rendered into it)
// is byte for byte the page rendered whole, head tags included, for
// anonymous visitors and a member, on the default and the bare layout,
// for the first render (which makes the shell) and the next ones (which
// use it), on pages with React ids (useId) and eager images in the shell.
// So the client's whole-tree hydration finds exactly what a whole render
// would have sent. The same holds once each runtime keeps the page's cards
// and head tags (entry-server's kept parts): the last render puts them all in.
func TestShellsRenderTheWholePage(t *testing.T) {
	ts := newMemberServer(t)
	ids := lookupIDs(t, ts.testServer)
	whole := wholePool(t, ts.testServer)
	paths := []string{
		"/demo",
		"/demo?projectType=2",
		"/demo/activitys",
		"/demo/activitys?pageNumber=2",
		"/demo/activitys?privateToken=abc", // no header
		"/demo/activitys?from=app",         // the webview: no header, the app's account bar
		fmt.Sprintf("/demo/activity/%d/%d", ids.courseStore, ids.course), // the booking panel's useId
		fmt.Sprintf("/demo/passcard/%d", ids.passcard),
		"/demo/search/result?keyword=瑜珈", // useId
		"/demo/termSchedule",
		"/demo/no/such/page", // the error page
		"/yoga",
		"/term/termSchedule?from=app",
	}
	anon := ts.browser()
	member := ts.browser()
	login(t, member, "demo", "member@example.com", "demo1234")
	memberPaths := append([]string{"/demo/user", "/demo/user/passcard", "/demo/bookingRecord/bookingRecordList"}, paths[:4]...)
	mobile := []string{"User-Agent", "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148"}
	type visit struct {
		who    string
		b      *browser
		path   string
		header []string
	}
	var visits []visit
	for _, p := range paths {
		visits = append(visits, visit{who: "visitor", b: anon, path: p, header: nil}, visit{who: "visitor on a phone", b: anon, path: p, header: mobile})
	}
	for _, p := range memberPaths {
		visits = append(visits, visit{who: "member", b: member, path: p, header: nil})
	}
	for _, v := range visits {
		t.Run(v.who+" "+v.path, func(t *testing.T) {
			w := v.b.get(t, v.path, append([]string{propsHeader, "1"}, v.header...)...)
			if w.Code != 200 && w.Code != 404 {
				t.Fatalf("props of %s: %d", v.path, w.Code)
			}
			props := w.Body.Bytes()
			want := renderOnce(t, whole, props)
			// cards, grids of cards, brand home's sections and the page's
			// head tags render in place in each runtime until it keeps them;
			// parts with eager images (preloaded in the head) are kept too.
			// Brand home puts in its three sections (the brand and banners,
			// the activities, the items), the activity list and search
			// results their grid, other pages each item card; a member's
			// page its menu (MemberTabs), the member centre its profile card,
			// holdings, freeze form and order list; the activity list its
			// trail, heading and search bar, and its page links.
			cards := strings.Count(want.HTML, `data-testid="item-card"`)
			if strings.Contains(string(props), `"page":"brand-home"`) {
				cards = 2 // HomeTop, HomeItems
			}
			if strings.Contains(want.HTML, `data-testid="activity-card"`) {
				cards++ // ActivityGrid or HomeActivities
			}
			cards += len(memberTabs.FindAllStringIndex(want.HTML, -1))
			// the member centre's profile card, holdings, freeze form and
			// order list (one part however many orders)
			if strings.Contains(string(props), `"page":"member-centre"`) {
				cards++ // MemberHoldings
			}
			cards += strings.Count(want.HTML, `aria-label="會員資料"`) + strings.Count(want.HTML, `data-testid="freeze-section"`) +
				min(1, strings.Count(want.HTML, `data-testid="member-order"`))
			// the activity list's trail, heading and search bar, and its page links
			if strings.Contains(string(props), `"page":"activities"`) {
				cards += 2 // ActivitiesTop, ActivitiesPagination
			}
			parts := cards + strings.Count(want.Head, "<title") // PageHead
			// the shell made, then used; the cards met, learned, then put in
			// (a part is learned the second time a runtime meets it)
			last := 2 * ts.pool.Size()
			for i := range last + 1 {
				got := renderOnce(t, ts.pool, props)
				if !got.Shell {
					t.Errorf("render %d: rendered whole, not into its shell", i)
				}
				if i == last && got.Kept != parts {
					t.Errorf("render %d: %d parts put in from the kept renders; want %d (%d cards, grids or sections and the head)", i, got.Kept, parts, cards)
				}
				if got.Head != want.Head {
					t.Errorf("render %d: head differs:\nshell: %s\nwhole: %s", i, got.Head, want.Head)
				}
				if got.HTML != want.HTML {
					t.Errorf("render %d: body differs from the whole render\n%s", i, firstDiff([]byte(want.HTML), []byte(got.HTML)))
				}
			}
		})
	}
}

// TestKeptCardsFollowTheirData: once a runtime keeps a page's cards and
// sections, a card whose data changed (a renamed course, a new price) is
// rendered anew, with the grid or section around it, and the page is still
// byte for byte the whole render of its new props: on the activity list
// and on brand home.
func TestKeptCardsFollowTheirData(t *testing.T) {
	ts := newTestServer(t)
	whole := wholePool(t, ts)
	for _, path := range []string{"/demo/activitys", "/demo"} {
		t.Run(path, func(t *testing.T) {
			props := ts.get(t, path, propsHeader, "1").Body.Bytes()
			for range 2 * ts.pool.Size() { // every runtime keeps the cards, met twice
				renderOnce(t, ts.pool, props)
			}
			// the last course on the page, renamed, and a price changed
			i := bytes.LastIndex(props, []byte(`"courseName":"`))
			j := i + bytes.IndexByte(props[i+len(`"courseName":"`):], '"') + len(`"courseName":"`)
			changed := slices.Concat(props[:i], []byte(`"courseName":"改名的課程"`), props[j+1:])
			changed = bytes.Replace(changed, []byte(`"maxPrice":`), []byte(`"maxPrice":1`), 1)
			want := renderOnce(t, whole, changed)
			if !strings.Contains(want.HTML, "改名的課程") {
				t.Fatal("the renamed course is not on the page")
			}
			for i := range ts.pool.Size() {
				got := renderOnce(t, ts.pool, changed)
				if got.Kept == 0 {
					t.Errorf("render %d: no part put in from the kept renders", i)
				}
				if got.HTML != want.HTML {
					t.Errorf("render %d: body differs from the whole render of the changed props\n%s", i, firstDiff([]byte(want.HTML), []byte(got.HTML)))
				}
			}
		})
	}
}

// memberTabs is the member menu of a member's page (MemberTabs).
var memberTabs = regexp.MustCompile(`<nav class="[^"]*" aria-label="會員中心">`)

// wholePool renders every page whole: the reference the parts must match.
func wholePool(t *testing.T, ts *testServer) *renderer.Pool {
	t.Helper()
	whole, err := renderer.NewPool(ts.bundle.Server, renderer.Options{Size: 1, Whole: true, Pages: ts.bundle.Manifest.PageNames()})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(whole.Close)
	return whole
}

func renderOnce(t *testing.T, p *renderer.Pool, props []byte) *renderer.Result {
	t.Helper()
	l, err := p.Acquire(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	res, err := l.Render(props)
	if err != nil {
		t.Fatal(err)
	}
	return res
}
