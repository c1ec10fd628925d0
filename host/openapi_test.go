package host

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// openAPIBlocks are the comments that open the blocks of server.go whose
// calls openapi.json documents (each block ends at the next comment or blank
// line); openAPIRouteFuncs are the route functions of api_*.go it documents
// whole.
var (
	openAPIBlocks = []string{"// booking " + documented, "// recurring card payments and card change " + documented,
		"// term schedules and counting passcards " + documented, "// point shares, the ticket list, joining a brand " + documented,
		"// an activity card's more schedules " + documented}
	documented        = "(host/openapi.json documents each call)"
	openAPIRouteFuncs = []string{"deferredRoutes"}
)

// documentedBlocks is the source of the routes openapi.json must document,
// with each "METHOD "+pathConstant written out as one literal.
func documentedBlocks(t *testing.T, server string) string {
	var block strings.Builder
	for _, m := range openAPIBlocks {
		i := strings.Index(server, m)
		if i < 0 {
			t.Fatalf("server.go has no block %q", m)
		}
		b := server[i+len(m):]
		b = b[strings.Index(b, "\n"):]
		if end := regexp.MustCompile(`\n\s*(//|\n)`).FindStringIndex(b); end != nil {
			b = b[:end[0]]
		}
		block.WriteString(b + "\n")
	}
	files, _ := filepath.Glob("*.go")
	consts := map[string]string{}
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range regexp.MustCompile(`(\w+)\s*=\s*"(/api/[^"]+)"`).FindAllStringSubmatch(string(src), -1) {
			consts[c[1]] = c[2]
		}
		for _, fn := range openAPIRouteFuncs {
			if i := strings.Index(string(src), "func (s *Server) "+fn+"("); i >= 0 {
				b := string(src)[i:]
				block.WriteString(b[:strings.Index(b, "\n}\n")] + "\n")
			}
		}
	}
	return regexp.MustCompile(`"(GET|POST) "\s*\+\s*(\w+)`).ReplaceAllStringFunc(block.String(), func(m string) string {
		p := regexp.MustCompile(`"(GET|POST) "\s*\+\s*(\w+)`).FindStringSubmatch(m)
		return `"` + p[1] + " " + consts[p[2]] + `"`
	})
}

// TestOpenAPIMatchesRoutes: every call of the documented blocks of
// server.go (openAPIBlocks, openAPIRouteFuncs) is in openapi.json, and every
// documented call is served.
func TestOpenAPIMatchesRoutes(t *testing.T) {
	src, err := os.ReadFile("server.go")
	if err != nil {
		t.Fatal(err)
	}
	block := documentedBlocks(t, string(src))
	routes := regexp.MustCompile(`"(GET|POST) (/api/[^"]+)"`).FindAllStringSubmatch(block+"\nmux.Handle(\"GET /api/schedule\"", -1)
	var doc struct {
		Paths map[string]map[string]json.RawMessage `json:"paths"`
	}
	if err := json.Unmarshal(openAPIDoc, &doc); err != nil {
		t.Fatal(err)
	}
	registered := map[string]bool{}
	for _, r := range routes {
		if r[2] == "/api/openapi.json" {
			continue
		}
		registered[r[1]+" "+r[2]] = true
		if _, ok := doc.Paths[r[2]][strings.ToLower(r[1])]; !ok {
			t.Errorf("%s %s is not in openapi.json", r[1], r[2])
		}
	}
	ts := newTestServer(t)
	for path, ops := range doc.Paths {
		for method := range ops {
			if !registered[strings.ToUpper(method)+" "+path] {
				t.Errorf("openapi.json documents %s %s, not in server.go's documented blocks", method, path)
			}
			req := httptest.NewRequest(strings.ToUpper(method), strings.ReplaceAll(path, "{bookingId}", "1"), strings.NewReader("{}"))
			req.Header.Set("Authorization", "nobody")
			w := httptest.NewRecorder()
			ts.ServeHTTP(w, req)
			if w.Code == http.StatusMethodNotAllowed || strings.Contains(w.Body.String(), "找不到此 API") {
				t.Errorf("%s %s is not served: %d %s", method, path, w.Code, w.Body.String())
			}
		}
	}
	scenario{Path: "/api/openapi.json", Status: 200, Contains: []string{`"openapi": "3.1.0"`}}.run(t, ts)
}
