package host

import (
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"storefront"
	"strings"
	"testing"
)

// TestBadInputIs400: text PostgreSQL cannot take (a NUL byte, broken
// UTF-8) and ids past int4, in any query or body, answer 400 with a
// Traditional Chinese message, never a failed query.
func TestBadInputIs400(t *testing.T) {
	ts := newFuzzServer(t)
	bad := func(path, msg string) scenario {
		return scenario{Name: path, Path: path, Status: 400, Code: storefront.CodeBadRequest, Message: msg}
	}
	badBody := func(path, body, msg string) scenario {
		return scenario{Name: path + " " + body, Method: http.MethodPost, Path: path, Body: body, Status: 400, Code: storefront.CodeBadRequest, Message: msg}
	}
	runScenarios(t, ts, []scenario{
		bad("/api/search/ticketList?brandId=demo&keyword=%00", "參數 keyword 含有無效的字元"),
		bad("/api/search/passcardList?brandId=demo&keyword=a%00b", "參數 keyword 含有無效的字元"),
		bad("/api/search/searchEventList?brandId=demo&keyword=%00", "參數 keyword 含有無效的字元"),
		bad("/api/v2/ec/brands/demo/commodity/list?keyword=%00", "參數 keyword 含有無效的字元"),
		bad("/api/search/activityList?brandId=demo&keyword=%ff", "參數 keyword 含有無效的字元"),
		bad("/api/search/ticketList?brandId=demo&%00=1", "參數  含有無效的字元"),
		bad("/api/brand/demo/salesman/list?storeId=2147483648", "門市格式錯誤"),
		bad("/api/schedule?brandId=demo&storeId=9223372036854775808", ""),
		{Name: "a page", Path: "/demo/search/result?keyword=%00", Status: 400, Contains: []string{"發生錯誤，請稍後再試"}},
		badBody("/api/session/register", `{"brandId":"demo","email":"a@example.com","name":"a\u0000b"}`, "欄位 name 含有無效的字元"),
		badBody("/api/session/login", `{"brandId":"demo\u0000","email":"a@example.com"}`, "欄位 brandId 含有無效的字元"),
		badBody("/api/session/register", `{"brandId":"demo","customFields":{"phone":"\u0000"}}`, "欄位 customFields 含有無效的字元"),
		badBody("/api/session/register", `{"brandId":"demo","customFields":{"\u0000":"1"}}`, "欄位 customFields 含有無效的字元"),
	})
}

// newFuzzServer is a test server that can queue mails (so no call fails
// for want of a mailer).
func newFuzzServer(t testing.TB) *testServer {
	m, _ := testMailer(t)
	return newTestServer(t, func(d *Deps) { d.Mailer = m })
}

func (ts *testServer) post(t testing.TB, target, body string) *httptest.ResponseRecorder {
	w := httptest.NewRecorder()
	ts.ServeHTTP(w, scenario{Method: http.MethodPost, Path: target, Body: body}.request())
	return w
}

// apiRoutes lists every API route registered in host/*.go ("GET /api/..."
// and "POST /api/..." patterns), wildcards filled with demo values.
func apiRoutes(t testing.TB) (gets, posts []string) {
	files, _ := filepath.Glob("*.go")
	pat := regexp.MustCompile(`"(GET|POST) (/api/[^"]*)"`)
	fill := strings.NewReplacer("{brandId}", "demo", "{targetType}", "USER", "{itemType}", "passcard",
		"{itemId}", "1", "{userId}", "1")
	seen := map[string]bool{}
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range pat.FindAllStringSubmatch(string(src), -1) {
			p := fill.Replace(m[2])
			if seen[m[1]+p] {
				continue
			}
			seen[m[1]+p] = true
			if m[1] == "GET" {
				gets = append(gets, p)
			} else {
				posts = append(posts, p)
			}
		}
	}
	sort.Strings(gets)
	sort.Strings(posts)
	if len(gets) < 20 || len(posts) < 15 {
		t.Fatalf("found %d GET and %d POST API routes: the pattern no longer matches server_routes.go", len(gets), len(posts))
	}
	return gets, posts
}

// FuzzAPIInput sends fuzzed query strings to every GET API route and
// fuzzed bodies to every POST API route; none may answer 5xx.
func FuzzAPIInput(f *testing.F) {
	ts := newFuzzServer(f)
	gets, posts := apiRoutes(f)
	seeds := []struct{ query, body string }{
		{query: "brandId=demo&keyword=%00", body: `{"brandId":"demo","email":"member@example.com","keyword":"\u0000"}`},
		{query: "brandId=demo&storeId=2147483648", body: `{"brandId":"demo","userId":2147483648,"token":"x"}`},
		{query: "brandId=demo&storeId=9223372036854775808&pageSize=0", body: `{"brandId":"demo","userId":9223372036854775808}`},
		{query: "brandId=demo&keyword=%ff%fe&startDate=2026-02-30", body: `{"brandId":"demo","customFields":{"\u0000":"\u0000"}}`},
		{query: "brandId=../../etc&type=%00&itemType=x", body: `{"brandId":"demo","email":"a@example.com","password":"0123456789abcdef0123456789abcdef","name":"a","acceptTerms":true}`},
		{query: "brandId=demo&pageNumber=99999999999999999999&date=1-1-1", body: `[1,2,3]`},
		{query: "%zz", body: `{"brandId":"demo","code":"123456","email":"member@example.com","type":"forgotPassword"}`},
		{query: "brandId=demo", body: `null`},
		{query: "brandId=demo", body: `{"brandId":"demo","storeId":1} ]`},
	}
	for i, s := range seeds {
		f.Add(uint8(i), s.query, s.body)
	}
	f.Fuzz(func(t *testing.T, route uint8, rawQuery, body string) {
		g := gets[int(route)%len(gets)]
		req := httptest.NewRequest(http.MethodGet, "/", nil)
		req.URL.Path = g
		req.URL.RawQuery = rawQuery
		w := httptest.NewRecorder()
		ts.ServeHTTP(w, req)
		if w.Code >= 500 {
			t.Fatalf("GET %s?%s = %d %s", g, rawQuery, w.Code, w.Body.String())
		}
		p := posts[int(route)%len(posts)]
		if w := ts.post(t, p, body); w.Code >= 500 {
			t.Fatalf("POST %s %q = %d %s", p, body, w.Code, w.Body.String())
		}
	})
}

// TestBodiesThatAreNotOneObjectAre400: every POST API
// route that reads a JSON body answers 400 with CodeBadRequest to a body
// that is not exactly one JSON object (null, an array, a string, a number,
// data after the object; the providers' signed callbacks refuse it in
// their own words), sent with the member's session (the scanners'
// token to the check-in routes), before it looks anything up (null to
// precheck answered 404 "store not found").
func TestBodiesThatAreNotOneObjectAre400(t *testing.T) {
	ts := newFuzzServer(t)
	ts.cfg.ScannerToken = testScannerToken
	w := ts.post(t, "/api/session/login", `{"brandId":"demo","email":"member@example.com","password":"`+md5hex("demo1234")+`"}`)
	var session string
	for _, c := range w.Result().Cookies() {
		if c.Name == cookieSession {
			session = c.Value
		}
	}
	if session == "" {
		t.Fatalf("login = %d %s", w.Code, w.Body.String())
	}
	_, posts := apiRoutes(t)
	for _, p := range posts {
		for _, body := range []string{`null`, ` null `, `[]`, `[{"brandId":"demo"}]`, `"demo"`, `1`, `true`, `{"brandId":"demo"} x`, `{"brandId":"demo"}{}`, `{"brandId":"demo"} ]`} {
			auth := session
			if strings.HasPrefix(p, "/api/checkin/") {
				auth = "Bearer " + testScannerToken
			}
			req := scenario{Method: http.MethodPost, Path: p, Body: body, Header: []string{"Authorization", auth}}.request()
			w := httptest.NewRecorder()
			ts.ServeHTTP(w, req)
			json := strings.HasPrefix(w.Header().Get("Content-Type"), "application/json") // the providers' callbacks answer in text
			if w.Code != 400 || json && apiResult(t, w, nil).ErrorCode != storefront.CodeBadRequest {
				t.Errorf("POST %s %s = %d %s", p, body, w.Code, strings.TrimSpace(w.Body.String()))
			}
		}
	}
}
