package host

import (
	"bytes"
	"context"
	"encoding/json"
	"maps"
	"net/http"
	"net/http/httptest"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"
)

// openAPIFile is the generated document, embedded by openapi.go.
const openAPIFile = "openapi.json"

// TestOpenAPI generates the API's OpenAPI document (openapi.json, served
// at /api/openapi.json in dev) from the declarations of api_docs_test.go and
// the Go types they name, checks it is valid OpenAPI 3, and fails when the
// committed file is stale; go test ./host -run TestOpenAPI -update
// rewrites it (make contract).
func TestOpenAPI(t *testing.T) {
	doc := openAPIDocument(t)
	b, err := json.MarshalIndent(doc, "", " ")
	if err != nil {
		t.Fatal(err)
	}
	b = append(b, '\n')
	// validated as read back: the loader resolves the $refs
	loaded, err := openapi3.NewLoader().LoadFromData(b)
	if err == nil {
		err = loaded.Validate(context.Background())
	}
	if err != nil {
		t.Fatalf("the generated document is not valid OpenAPI: %v", err)
	}
	if *update {
		if err := os.WriteFile(openAPIFile, b, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	if !bytes.Equal(b, openAPIDoc) {
		t.Errorf("host/%s is stale: run make contract", openAPIFile)
	}
}

// TestOpenAPIMatchesRoutes: every pattern routes() registers is either an
// API route declared in apiDocs (so in the document) or listed in notAPI
// with its reason; every declaration and every notAPI entry is a
// registered pattern; every declared call is served (not the API's 404
// or 405); and dev serves the document.
func TestOpenAPIMatchesRoutes(t *testing.T) {
	_, box := testMailer(t)
	ts := newTestServer(t, func(d *Deps) { d.Mailbox = box }) // the dev mailbox's routes too
	registered := map[string]bool{}
	for _, p := range ts.patterns {
		registered[p] = true
		_, declared := apiDocs[p]
		if _, listed := notAPI[p]; declared == listed {
			t.Errorf("%s: declare it in apiDocs (api_docs_test.go) or list it in notAPI with the reason (declared %v, listed %v)", p, declared, listed)
		}
	}
	for p := range notAPI {
		if !registered[p] {
			t.Errorf("notAPI lists %s, which routes() does not register", p)
		}
	}
	param := regexp.MustCompile(`\{[^}]*\}`)
	for _, p := range slices.Sorted(maps.Keys(apiDocs)) {
		if !registered[p] {
			t.Errorf("apiDocs declares %s, which routes() does not register", p)
			continue
		}
		method, path, _ := strings.Cut(p, " ")
		req := httptest.NewRequest(method, param.ReplaceAllString(path, "1"), strings.NewReader("{}"))
		req.Header.Set("Authorization", "nobody")
		w := httptest.NewRecorder()
		ts.ServeHTTP(w, req)
		if w.Code == http.StatusMethodNotAllowed || strings.Contains(w.Body.String(), "找不到此 API") {
			t.Errorf("%s is not served: %d %s", p, w.Code, w.Body.String())
		}
	}
	scenario{Path: "/api/openapi.json", Status: 200, Contains: []string{`"openapi": "3.0.3"`, `"/api/schedule/booking"`}}.run(t, ts)
}
