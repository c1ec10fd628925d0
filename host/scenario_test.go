package host

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"storefront/host/wire"
	"strings"
	"testing"
)

// scenario is one request through the real handler and what must come
// back: the one shape of the host's scenario tables (PocketBase's
// ApiScenario style). Zero fields check nothing. Run through a *browser,
// the rows of a table share its cookies, as pages visited one after another.
type scenario struct {
	Name   string
	Method string   // GET when empty
	Path   string   // path and query
	Header []string // name, value pairs; "Host" sets the request's host
	Body   any      // sent as JSON; a string is sent as it is

	Status     int      // the HTTP status
	Location   string   // the redirect's Location
	WantHeader []string // name, value pairs the answer's header equals ("": not sent)
	Code       int      // the envelope's errorCode (0: not checked)
	Message    string   // the envelope's message, exactly
	Contains   []string // in the body (decoded when compressed)
	Absent     []string // not in the body (decoded when compressed)
	// Check, when set, looks at the answer further.
	Check func(t *testing.T, w *httptest.ResponseRecorder)
}

// request is the scenario's request.
func (sc scenario) request() *http.Request {
	method := sc.Method
	if method == "" {
		method = http.MethodGet
	}
	var body []byte
	switch v := sc.Body.(type) {
	case nil:
	case string:
		body = []byte(v)
	default:
		body, _ = json.Marshal(v)
	}
	req := httptest.NewRequest(method, sc.Path, bytes.NewReader(body))
	if sc.Body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	for i := 0; i+1 < len(sc.Header); i += 2 {
		if sc.Header[i] == "Host" {
			req.Host = sc.Header[i+1]
		} else {
			req.Header.Set(sc.Header[i], sc.Header[i+1])
		}
	}
	return req
}

// run sends the scenario's request to h and checks the answer.
func (sc scenario) run(t *testing.T, h http.Handler) *httptest.ResponseRecorder {
	t.Helper()
	req := sc.request()
	method, w := req.Method, httptest.NewRecorder()
	h.ServeHTTP(w, req)
	if sc.Status != 0 && w.Code != sc.Status {
		t.Fatalf("%s %s = %d; want %d\n%.600s", method, sc.Path, w.Code, sc.Status, w.Body.String())
	}
	if sc.Location != "" && w.Header().Get("Location") != sc.Location {
		t.Errorf("%s %s: Location = %q; want %q", method, sc.Path, w.Header().Get("Location"), sc.Location)
	}
	for i := 0; i+1 < len(sc.WantHeader); i += 2 {
		if name, v := sc.WantHeader[i], w.Header().Get(sc.WantHeader[i]); v != sc.WantHeader[i+1] {
			t.Errorf("%s %s: %s = %q; want %q", method, sc.Path, name, v, sc.WantHeader[i+1])
		}
	}
	if sc.Code != 0 || sc.Message != "" {
		var env wire.Envelope
		if err := json.Unmarshal(w.Body.Bytes(), &env); err != nil {
			t.Fatalf("%s %s: not an envelope: %v\n%.300s", method, sc.Path, err, w.Body.String())
		}
		if sc.Code != 0 && env.ErrorCode != sc.Code {
			t.Errorf("%s %s: errorCode = %d; want %d (%q)", method, sc.Path, env.ErrorCode, sc.Code, env.Message)
		}
		if sc.Message != "" && env.Message != sc.Message {
			t.Errorf("%s %s: message = %q; want %q", method, sc.Path, env.Message, sc.Message)
		}
	}
	if len(sc.Contains)+len(sc.Absent) > 0 {
		got := decode(t, w, w.Body.Bytes())
		for _, s := range sc.Contains {
			if !strings.Contains(got, s) {
				t.Errorf("%s %s: the answer lacks %q", method, sc.Path, s)
			}
		}
		for _, s := range sc.Absent {
			if strings.Contains(got, s) {
				t.Errorf("%s %s: the answer holds %q", method, sc.Path, s)
			}
		}
	}
	if sc.Check != nil {
		sc.Check(t, w)
	}
	return w
}

// runScenarios runs each scenario as a subtest.
func runScenarios(t *testing.T, h http.Handler, scs []scenario) {
	t.Helper()
	for _, sc := range scs {
		t.Run(sc.Name, func(t *testing.T) { sc.run(t, h) })
	}
}
