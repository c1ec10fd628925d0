package host

import (
	_ "embed"
	"net/http"
)

// openAPIDoc is the one API reference of the booking calls, kept beside
// the route list (server.go) and checked against it by
// TestOpenAPIMatchesRoutes. It is served at /api/openapi.json in dev.
//
//go:embed openapi.json
var openAPIDoc []byte

func (s *Server) openAPI(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Write(openAPIDoc)
}
