package host

import (
	"context"
	"fmt"
	"testing"

	"storefront/renderer"
)

// TestShellsRenderTheWholePage: a page rendered from its brand's cached
// shell (the page and the member's account area rendered into it, issue 15)
// is byte for byte the page rendered whole, head tags included, for
// anonymous visitors and a member, on the default and the bare layout,
// for the first render (which makes the shell) and the next ones (which
// use it), on pages with React ids (useId) and eager images in the shell.
// So the client's whole-tree hydration finds exactly what a whole render
// would have sent.
func TestShellsRenderTheWholePage(t *testing.T) {
	ts := newMemberServer(t)
	ids := lookupIDs(t, ts.testServer)
	whole, err := renderer.NewPool(ts.bundle.Server, renderer.Options{Size: 1, Whole: true, Pages: ts.bundle.Manifest.PageNames()})
	if err != nil {
		t.Fatal(err)
	}
	defer whole.Close()
	render := func(p *renderer.Pool, props []byte) *renderer.Result {
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
		visits = append(visits, visit{"visitor", anon, p, nil}, visit{"visitor on a phone", anon, p, mobile})
	}
	for _, p := range memberPaths {
		visits = append(visits, visit{"member", member, p, nil})
	}
	for _, v := range visits {
		t.Run(v.who+" "+v.path, func(t *testing.T) {
			w := v.b.get(t, v.path, append([]string{propsHeader, "1"}, v.header...)...)
			if w.Code != 200 && w.Code != 404 {
				t.Fatalf("props of %s: %d", v.path, w.Code)
			}
			props := w.Body.Bytes()
			want := render(whole, props)
			for i := range 2 { // the shell made, then used
				got := render(ts.pool, props)
				if !got.Shell {
					t.Errorf("render %d: rendered whole, not into its shell", i)
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
