package host

import (
	"context"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5/pgxpool"

	"storefront/data"
	"storefront/host/config"
)

// TestRequestIDAndAccessLog: every answer carries an X-Request-Id (a
// trusted proxy's when it is a sane token, else a new one) and one access-log
// line with it, the route (never the raw path as a route) and the status;
// the 5xx error page shows it, other error pages do not.
func TestRequestIDAndAccessLog(t *testing.T) {
	ts := newTestServer(t, func(d *Deps) {
		d.Config.AccessLog = true
		d.Config.TrustedProxies, _ = config.ParsePrefixes("192.0.2.0/24") // httptest's peer: a proxy in front
	})
	idPat := regexp.MustCompile(`^[A-Za-z0-9._:-]{8,64}$`)
	// logged: the answer's X-Request-Id is a sane token, the one sent when
	// kept, and one access-log line names it with the route and status
	logged := func(sent string, keep bool, route string) func(*testing.T, *httptest.ResponseRecorder) {
		return func(t *testing.T, w *httptest.ResponseRecorder) {
			id := w.Header().Get("X-Request-Id")
			if !idPat.MatchString(id) || (keep && id != sent) || (!keep && id == sent) {
				t.Fatalf("X-Request-Id %q (sent %q)", id, sent)
			}
			var line string
			for _, l := range strings.Split(ts.log.String(), "\n") {
				if strings.Contains(l, "request_id="+id) && strings.Contains(l, "msg=request") {
					line = l
				}
			}
			if line == "" || !strings.Contains(line, `route="`+route+`"`) && !strings.Contains(line, "route="+route+" ") ||
				!strings.Contains(line, "status="+strconv.Itoa(w.Code)) {
				t.Fatalf("access log line %q; want route %q status %d", line, route, w.Code)
			}
		}
	}
	noID := []string{"錯誤編號"} // shown on 5xx pages only
	runScenarios(t, ts, []scenario{
		{Name: "new id", Path: "/demo", Status: 200, Absent: noID, Check: logged("", false, "brandId-index")},
		{Name: "caller's id", Path: "/demo/activitys", Header: []string{"X-Request-Id", "lb-7f3a9c21-0001"}, Status: 200, Absent: noID, Check: logged("lb-7f3a9c21-0001", true, "brandId-activitys")},
		{Name: "id with a newline", Path: "/demo", Header: []string{"X-Request-Id", "abcdefgh\nlevel=ERROR"}, Status: 200, Absent: noID, Check: logged("abcdefgh\nlevel=ERROR", false, "brandId-index")},
		{Name: "too short", Path: "/demo", Header: []string{"X-Request-Id", "abc"}, Status: 200, Absent: noID, Check: logged("abc", false, "brandId-index")},
		{Name: "API", Path: "/api/brand/demo/stores", Status: 200, Absent: noID, Check: logged("", false, "GET /api/brand/{brandId}/stores")},
		{Name: "unknown page", Path: "/demo/no/such/page", Status: 404, Absent: noID, Check: logged("", false, "/")},
	})

	// a client that is not a trusted proxy cannot name its request
	ts.cfg.TrustedProxies = nil
	if id := ts.get(t, "/demo", "X-Request-Id", "lb-7f3a9c21-0001").Header().Get("X-Request-Id"); id == "lb-7f3a9c21-0001" || !idPat.MatchString(id) {
		t.Errorf("an untrusted client's X-Request-Id was kept: %q", id)
	}
	ts.cfg.TrustedProxies, _ = config.ParsePrefixes("192.0.2.0/24")

	// the 5xx page shows the id
	pool, err := pgxpool.New(context.Background(), "postgres://postgres@"+closedPort(t)+"/x?connect_timeout=1&sslmode=disable")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(pool.Close)
	ts.Server.db = &data.DB{Pool: pool}
	w := ts.get(t, "/demo/search/result?keyword=a", "X-Request-Id", "member-report-42")
	if w.Code != 503 || !strings.Contains(w.Body.String(), "錯誤編號：<!-- -->member-report-42") && !strings.Contains(w.Body.String(), "錯誤編號：member-report-42") {
		t.Fatalf("5xx page = %d without its request id:\n%s", w.Code, w.Body.String())
	}
	if !strings.Contains(ts.log.String(), "request_id=member-report-42") {
		t.Fatal("the 5xx's error log lacks the request id")
	}
}

// TestLogsHidePathSecrets: a session id or a member's e-mail in an API
// path (spec section 7's userInfo path, the term checks' {account}) never
// reaches the logs: the access log and the error log show {sessionId} and
// {account} in their place.
func TestLogsHidePathSecrets(t *testing.T) {
	ts := newMemberServer(t, func(d *Deps) { d.Config.AccessLog = true })
	b := ts.browser()
	_, id := login(t, b, "demo", "member@example.com", "demo1234")
	uid := b.cookies[cookieUserID].Value
	lineOf := func(w *httptest.ResponseRecorder) string {
		for _, l := range strings.Split(ts.log.String(), "\n") {
			if strings.Contains(l, "request_id="+w.Header().Get("X-Request-Id")) && strings.Contains(l, "msg=request") {
				return l
			}
		}
		t.Fatalf("no access-log line for %s", w.Header().Get("X-Request-Id"))
		return ""
	}
	wantPath := func(w *httptest.ResponseRecorder, path string) {
		t.Helper()
		if l := lineOf(w); !strings.Contains(l, "path="+path+" ") && !strings.Contains(l, `path="`+path+`"`) {
			t.Errorf("access log %q; want path %s", l, path)
		}
	}
	w := b.get(t, "/api/user/userInfo/demo/"+id+"/"+uid)
	wantCode(t, w, 200, 0)
	wantPath(w, "/api/user/userInfo/demo/{sessionId}/"+uid)
	wantPath(b.get(t, "/api/brand/demo/termSchedule/1/check/trial/member@example.com"), "/api/brand/demo/termSchedule/1/check/trial/{account}")
	wantPath(b.get(t, "/api/brand/demo/termSchedule/1/check/join/member%40example.com"), "/api/brand/demo/termSchedule/1/check/join/{account}")
	// paths no route takes: the secret route's path with another method, a
	// trailing slash or a segment short
	for _, c := range []struct{ method, path, logged string }{
		{method: "POST", path: "/api/user/userInfo/demo/" + id + "/" + uid, logged: "/api/user/userInfo/demo/{hidden}/" + uid},
		{method: "GET", path: "/api/user/userInfo/demo/" + id + "/" + uid + "/", logged: "/api/user/userInfo/demo/{hidden}/" + uid + "/"},
		{method: "GET", path: "/api/user/userInfo/demo/" + id, logged: "/api/user/userInfo/demo/{hidden}"},
		{method: "GET", path: "/api/brand/demo/termSchedule/1/check/trial/member@example.com/x", logged: "/api/brand/demo/termSchedule/1/check/trial/{hidden}/x"},
	} {
		r := httptest.NewRequest(c.method, c.path, strings.NewReader("{}"))
		r.Header.Set("Content-Type", "application/json")
		w := httptest.NewRecorder()
		ts.ServeHTTP(w, r)
		if w.Code != 404 && w.Code != 405 {
			t.Errorf("%s %s = %d; want no route", c.method, c.path, w.Code)
		}
		wantPath(w, c.logged)
	}

	// the error log of a call that fails on our side
	pool, err := pgxpool.New(context.Background(), "postgres://postgres@"+closedPort(t)+"/x?connect_timeout=1&sslmode=disable")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(pool.Close)
	ts.Server.db = &data.DB{Pool: pool}
	unknown := data.NewSecret(32) // not cached: its lookup needs the database
	w = ts.browser().get(t, "/api/user/userInfo/demo/"+unknown+"/"+uid)
	if w.Code < 500 {
		t.Fatalf("userInfo with the database down = %d; want 5xx", w.Code)
	}
	wantPath(w, "/api/user/userInfo/demo/{sessionId}/"+uid)
	if !strings.Contains(ts.log.String(), "msg=api") {
		t.Fatal("the failure was not logged")
	}
	for _, secret := range []string{id, unknown, "member@example.com", "member%40example.com"} {
		for _, l := range strings.Split(ts.log.String(), "\n") {
			if strings.Contains(l, secret) {
				t.Errorf("a log line carries %q: %s", secret, l)
			}
		}
	}
}

// TestMetrics: /metrics speaks Prometheus's text format with requests by
// route pattern and status (never raw paths), page-cache hits and misses,
// render and renderer-queue times, the database pool, Redis errors and the
// mail outbox's depth.
func TestMetrics(t *testing.T) {
	ts := newTestServer(t)
	for _, p := range []string{"/demo", "/demo", "/demo/activitys?x=1", "/api/brand/demo/stores", "/api/brand/yoga/stores", "/demo/no/such/page"} {
		ts.get(t, p)
	}
	w := ts.get(t, "/metrics")
	body := w.Body.String()
	if w.Code != 200 || !strings.HasPrefix(w.Header().Get("Content-Type"), "text/plain") {
		t.Fatalf("/metrics = %d %q", w.Code, w.Header().Get("Content-Type"))
	}
	for _, want := range []string{
		`storefront_http_requests_total{route="brandId-index",status="200"} 2`,
		`storefront_http_requests_total{route="GET /api/brand/{brandId}/stores",status="200"} 2`,
		`storefront_http_requests_total{route="/",status="404"} 1`,
		`storefront_http_request_duration_seconds_count{route="brandId-activitys"} 1`,
		`storefront_page_cache_requests_total{result="miss"} 2`,
		`storefront_page_cache_requests_total{result="hit"} 1`,
		`storefront_page_render_seconds_count{page="brand-home"} 1`,
		`storefront_renderer_queue_wait_seconds_count`,
		`storefront_renderer_busy_total 0`,
		`storefront_db_pool_total_conns`,
		`storefront_db_pool_acquires_total`,
		`storefront_redis_errors_total 0`,
		`storefront_redis_up -1`,
		`storefront_mail_outbox_depth 0`,
		`go_goroutines`,
	} {
		if !strings.Contains(body, want) {
			t.Errorf("/metrics lacks %s", want)
		}
	}
	if strings.Contains(body, "/demo") || strings.Contains(body, "yoga") {
		t.Error("/metrics labels carry raw paths")
	}
	if t.Failed() {
		t.Log(body)
	}
	// a queued mail counts in the outbox depth
	err := ts.db.InTx(context.Background(), func(t *data.Tx) error {
		return t.QueueMail(data.Mail{To: "m@example.com", Subject: "s", Text: "t"})
	})
	if err != nil {
		t.Fatal(err)
	}
	if body := ts.get(t, "/metrics").Body.String(); !strings.Contains(body, "storefront_mail_outbox_depth 1") {
		t.Error("the outbox depth does not count a queued mail")
	}
}

// TestMetricsToken: with STOREFRONT_METRICS_TOKEN set, /metrics wants it.
func TestMetricsToken(t *testing.T) {
	ts := newTestServer(t, func(d *Deps) { d.Config.MetricsToken = "s3cret-token" })
	runScenarios(t, ts, []scenario{
		{Name: "without the token", Path: "/metrics", Status: 401},
		{Name: "with a wrong token", Path: "/metrics", Header: []string{"Authorization", "Bearer wrong"}, Status: 401},
		{Name: "with the token", Path: "/metrics", Header: []string{"Authorization", "Bearer s3cret-token"}, Status: 200, Contains: []string{"storefront_http_requests_total"}},
	})
}

// TestClientGoneNotLogged: a client that goes away cuts its request's
// queries short (context canceled). The request fails, but not by the
// server's fault, and nothing is logged as an error for it; the same
// request with its client still there is served.
func TestClientGoneNotLogged(t *testing.T) {
	ts := newTestServer(t)
	for _, path := range []string{"/demo/activitys", "/api/brand/demo/projectList"} {
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		w := httptest.NewRecorder()
		ts.ServeHTTP(w, httptest.NewRequest(http.MethodGet, path, nil).WithContext(ctx))
		if w.Code < 500 {
			t.Fatalf("GET %s, client gone: %d; want the failure of its cut-short queries", path, w.Code)
		}
		scenario{Path: path, Status: http.StatusOK}.run(t, ts)
	}
	if logs := ts.log.String(); strings.Contains(logs, "level=ERROR") {
		t.Fatalf("a client that went away was logged as an error:\n%s", logs)
	}
}
