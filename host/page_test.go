package host

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"storefront/host/config"
	"storefront/host/wire"
	"strconv"
	"strings"
	"testing"
	"time"
)

func newRec() *httptest.ResponseRecorder { return httptest.NewRecorder() }

// propsOf extracts and decodes the props script of a document.
func propsOf(t *testing.T, body string) wire.PageProps {
	t.Helper()
	const open = `<script id="__PROPS__" type="application/json"` // then the nonce
	i := strings.Index(body, open)
	if i < 0 {
		t.Fatal("no props script")
	}
	i += strings.Index(body[i:], ">") + 1
	j := strings.Index(body[i:], "</script>")
	if j < 0 {
		t.Fatal("no props script")
	}
	var p wire.PageProps
	if err := json.Unmarshal([]byte(body[i:i+j]), &p); err != nil {
		t.Fatalf("props: %v", err)
	}
	return p
}

func TestDocumentShell(t *testing.T) {
	ts := newTestServer(t)
	body := ts.get(t, "/demo?from=app&privateToken=x").Body.String()
	for _, want := range []string{
		`<html lang="zh-Hant">`, `<meta charset="utf-8">`, `name="viewport"`, `<meta name="theme-color" content="#1B8A7A">`,
		`<link rel="modulepreload" href="/_assets/entry-client-`, `<link rel="modulepreload" href="/_assets/chunks/brand-home-`,
		`<style data-emotion="css `, `<div id="root">`,
		`<script type="module" src="/_assets/entry-client-`, `<meta name="robots" content="noindex, nofollow"/>`,
	} {
		if !strings.Contains(body, want) {
			t.Errorf("document lacks %s", want)
		}
	}
	// demo draws in the system's CJK font; yoga wants the web font, after the page
	if strings.Contains(body, "data-fonts=") || strings.Contains(body, "<noscript><link") {
		t.Error("the web font is loaded for a brand that does not want it")
	}
	yoga := ts.get(t, "/yoga").Body.String()
	for _, want := range []string{`<noscript><link rel="stylesheet" href="/_assets/entry-client-`, ` data-fonts="/_assets/entry-client-`} {
		if !strings.Contains(yoga, want) {
			t.Errorf("yoga's document lacks %s", want)
		}
	}
	head := body[:strings.Index(body, "</head>")]
	if strings.Count(head, "<title>") != 1 || !strings.Contains(head, "<title>森活運動館") {
		t.Error("the page title is not in the head exactly once")
	}
	if strings.Contains(body, "<header") {
		t.Error("header shown on a private link")
	}
	p := propsOf(t, body)
	if p.Route != "brandId-index" || !p.Webview || p.Brand.Colour != "#1B8A7A" || p.Year != 2026 {
		t.Errorf("props = %+v", p)
	}
}

// TestPropsCannotBreakOut: text in the props may hold </script> and U+2028;
// neither can end the script element.
func TestPropsCannotBreakOut(t *testing.T) {
	ts := newTestServer(t)
	_, err := ts.db.Pool.Exec(context.Background(),
		`update items set name = $1 where brand_id = 'yoga' and type = 'passcard'`, "無限卡</script><script>alert(1)</script>\u2028")
	if err != nil {
		t.Fatal(err)
	}
	ts.BrandChanged(context.Background(), "yoga")
	body := ts.get(t, "/yoga").Body.String()
	if strings.Contains(body, "<script>alert(1)") {
		t.Fatal("item name broke out of its element")
	}
	script := body[strings.Index(body, `<script id="__PROPS__"`):]
	script = script[:strings.Index(script, "</script>")]
	if strings.Contains(script, "\u2028") || strings.Contains(script, "<script>") {
		t.Fatal("the props script holds a raw U+2028 or tag")
	}
	found := false
	for _, it := range propsOf(t, body).Data.(map[string]any)["items"].(map[string]any)["passcardProjectInfoList"].([]any) {
		if strings.HasPrefix(it.(map[string]any)["name"].(string), "無限卡</script>") {
			found = true
		}
	}
	if !found {
		t.Fatal("the name did not survive the round trip")
	}
}

func TestPropsRequest(t *testing.T) {
	ts := newTestServer(t)
	w := ts.get(t, "/yoga", propsHeader, "1")
	if ct := w.Header().Get("Content-Type"); !strings.HasPrefix(ct, "application/json") {
		t.Fatalf("Content-Type = %q", ct)
	}
	var p wire.PageProps
	if err := json.Unmarshal(w.Body.Bytes(), &p); err != nil || p.Page != "brand-home" || p.Brand.BrandID != "yoga" {
		t.Fatalf("props = %+v, %v", p, err)
	}
	if !strings.Contains(w.Header().Get("Vary"), propsHeader) {
		t.Fatal("props and documents share a cache entry")
	}
	w = ts.get(t, "/noshop", propsHeader, "1")
	if err := json.Unmarshal(w.Body.Bytes(), &p); err != nil || w.Code != 404 || p.Page != "error" || p.Error.Message != "找不到頁面" {
		t.Fatalf("guarded props = %d %+v, %v", w.Code, p, err)
	}
}

func TestErrorPageTexts(t *testing.T) {
	ts := newTestServer(t)
	// the error page of the status the path names (/404), for a request
	// of /demo/x
	errorPages := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		status, _ := strconv.Atoi(strings.TrimPrefix(r.URL.Path, "/"))
		req := httptest.NewRequest(http.MethodGet, "/demo/x", nil)
		ts.errorPage(w, &reqCtx{r: req, site: resolveSite(req, nil, "dev", "http://example.com", nil), query: req.URL.Query()}, status, "")
	})
	runScenarios(t, errorPages, []scenario{
		{Name: "404", Path: "/404", Status: 404, Contains: []string{"<title>Not Found</title>", "您造訪的頁面已失效", ">404<"}},
		{Name: "400", Path: "/400", Status: 400, Contains: []string{"<title>An error occurred</title>", "發生錯誤，請稍後再試", ">400<"}},
		{Name: "503", Path: "/503", Status: 503, Contains: []string{"<title>An error occurred</title>", "伺服器發生錯誤，請稍後再試", ">503<"}},
		{Name: "500", Path: "/500", Status: 500, Contains: []string{"<title>An error occurred</title>", "伺服器發生錯誤，請稍後再試", ">500<"}},
	})
}

// TestDatabaseDownShowsErrorPage: a brand that cannot be loaded because the
// database is gone shows the error page with a 5xx, not a crash.
func TestDatabaseDownShowsErrorPage(t *testing.T) {
	ts := newTestServer(t)
	ts.db.Pool.Close()
	w := ts.get(t, "/yoga")
	if w.Code < 500 || !strings.Contains(w.Body.String(), "伺服器發生錯誤，請稍後再試") {
		t.Fatalf("GET /yoga with the database down = %d\n%s", w.Code, w.Body.String())
	}
	if w := ts.get(t, "/readyz"); w.Code != http.StatusServiceUnavailable {
		t.Fatalf("/readyz with the database down = %d", w.Code)
	}
}

func TestBadHexColourFallsBack(t *testing.T) {
	ts := newTestServer(t)
	if _, err := ts.db.Pool.Exec(context.Background(), `update brands set web_base_background_color = 'FFZZZ' where id = 'yoga'`); err != nil {
		t.Fatal(err)
	}
	ts.BrandChanged(context.Background(), "yoga")
	body := ts.get(t, "/yoga").Body.String()
	// the kit draws #91C423 darkened to #577615 for AA contrast (app/ui/contrast.ts)
	if !strings.Contains(body, `<meta name="theme-color" content="#91C423">`) || !strings.Contains(body, "--brand:#577615") {
		t.Fatal("a bad colour did not fall back to #91C423")
	}
	if !strings.Contains(ts.log.String(), "Bad Hex") {
		t.Fatal("the bad colour was not logged as Bad Hex")
	}
}

// A bundle that throws for brand home, spins for the activity list and
// renders everything else.
const flakyBundle = `
globalThis.renderPage = function (p) {
	if (p.route === 'brandId-index') throw new Error('render bug');
	if (p.route === 'brandId-activitys') { for (;;) {} }
	return { html: '<title>' + p.route + '</title><p>' + (p.error ? 'error ' + p.error.status : p.route) + '</p>' };
};`

func TestRenderFailures(t *testing.T) {
	ts := newTestServer(t, withBundle(flakyBundle), withDeadline(100*time.Millisecond))
	errorPage := []string{"<p>error 500</p>", `<meta name="robots" content="noindex">`}
	// the error page is whole and carries the error page's props
	whole := func(t *testing.T, w *httptest.ResponseRecorder) {
		body := w.Body.String()
		if !strings.HasSuffix(body, "</html>") {
			t.Errorf("the document is cut short:\n%s", body)
		}
		if p := propsOf(t, body); p.Page != "error" || p.Error.Status != 500 {
			t.Errorf("props = %+v; want the error page's", p)
		}
	}
	runScenarios(t, ts, []scenario{
		{Name: "a render that throws", Path: "/demo", Contains: errorPage, Check: whole},
		{Name: "a render past its deadline", Path: "/demo/activitys", Contains: errorPage, Check: whole},
		{Name: "renders after the failures", Path: "/demo/search/result", Contains: []string{"<p>brandId-search-result</p>"}},
	})
	if ts.pool.Replaced() < 2 {
		t.Fatalf("replaced %d runtimes; want the thrown and the timed-out ones replaced", ts.pool.Replaced())
	}
}

// TestSlowRenderServedOnTestServer: on a loaded machine a render could
// run past the production deadline. A test server waits for a render as long as
// the machine needs: here one that runs half a second past that deadline.
func TestSlowRenderServedOnTestServer(t *testing.T) {
	prod, err := config.Load(func(string) string { return "" })
	if err != nil {
		t.Fatal(err)
	}
	slow := fmt.Sprintf(`
globalThis.renderPage = function (p) {
	if (p.route === 'brandId-search-result') { const end = Date.now() + %d; while (Date.now() < end) {} }
	return { html: '<title>' + p.route + '</title><p>' + p.route + '</p>' };
};`, (prod.RenderTimeout + 500*time.Millisecond).Milliseconds())
	ts := newTestServer(t, withBundle(slow))
	runScenarios(t, ts, []scenario{
		{Name: "a render past the production deadline", Path: "/demo/search/result", Contains: []string{"<p>brandId-search-result</p>"}},
	})
	if n := ts.pool.Replaced(); n != 0 {
		t.Fatalf("replaced %d runtimes: the slow render was cut off", n)
	}
}
