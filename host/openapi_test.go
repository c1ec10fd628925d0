package host

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/getkin/kin-openapi/openapi3gen"

	"storefront/host/wire"
)

// openAPIFile is the generated document, embedded by openapi.go.
const openAPIFile = "openapi.json"

// TestOpenAPI generates the API's OpenAPI document (openapi.json, served
// at /api/openapi.json in dev) from the declarations of api_docs.go and
// the Go types they name, checks it is valid OpenAPI 3, and fails when the
// committed file is stale; go test ./host -run TestOpenAPI -update
// rewrites it (make contract).
func TestOpenAPI(t *testing.T) {
	doc, err := openAPIDocument()
	if err != nil {
		t.Fatal(err)
	}
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
			t.Errorf("%s: declare it in apiDocs (api_docs.go) or list it in notAPI with the reason (declared %v, listed %v)", p, declared, listed)
		}
	}
	for p := range notAPI {
		if !registered[p] {
			t.Errorf("notAPI lists %s, which routes() does not register", p)
		}
	}
	param := regexp.MustCompile(`\{[^}]*\}`)
	for _, p := range slices.Sorted(mapsKeys(apiDocs)) {
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

func mapsKeys[V any](m map[string]V) func(func(string) bool) {
	return func(yield func(string) bool) {
		for k := range m {
			if !yield(k) {
				return
			}
		}
	}
}

// openAPIDocument builds the document: one operation per declaration,
// its schemas generated from the Go types by kin-openapi's openapi3gen
// (json tags honoured), each named type once under components.
func openAPIDocument() (*openapi3.T, error) {
	schemas := openapi3.Schemas{}
	gen := openapi3gen.NewGenerator(
		openapi3gen.CreateComponentSchemas(openapi3gen.ExportComponentSchemasOptions{ExportComponentSchemas: true, ExportTopLevelSchema: true, ExportGenerics: true}),
		openapi3gen.CreateTypeNameGenerator(schemaName))
	schemaOf := func(v any) (*openapi3.SchemaRef, error) { return gen.NewSchemaRefForValue(v, schemas) }

	envelope, err := schemaOf(wire.Envelope{})
	if err != nil {
		return nil, err
	}
	codes := openapi3.NewIntegerSchema()
	codes.Description = "錯誤碼（codes.go）：0 為成功"
	names := []string{"OK"}
	codes.Enum = []any{0}
	for _, c := range errorCodes() {
		n, _ := strconv.Atoi(c[1])
		codes.Enum = append(codes.Enum, n)
		names = append(names, c[0])
	}
	codes.Extensions = map[string]any{"x-enum-varnames": names}
	schemas["ErrorCode"] = openapi3.NewSchemaRef("", codes)
	schemas["Envelope"].Value.Properties["errorCode"] = openapi3.NewSchemaRef("#/components/schemas/ErrorCode", nil)
	errorResponse := openapi3.NewResponse().WithDescription("錯誤：errorCode 與繁體中文的 message（HTTP 狀態見 errorCode）").
		WithJSONSchemaRef(envelope)
	rawError := openapi3.NewResponse().WithDescription("錯誤：API 呼叫者得到 envelope；供應商的回呼得到純文字說明").
		WithContent(openapi3.Content{"application/json": openapi3.NewMediaType().WithSchemaRef(envelope),
			"text/plain": openapi3.NewMediaType().WithSchema(openapi3.NewStringSchema())})

	doc := &openapi3.T{
		OpenAPI: "3.0.3",
		Info: &openapi3.Info{Title: "Storefront API", Version: "1",
			Description: "由 host/api_docs.go 的宣告與 Go 型別產生（make contract），請勿手動編輯。每個 JSON 回覆皆為 {errorCode, message, data}（Envelope）；" +
				"錯誤碼見 ErrorCode。格式錯誤的內容回覆 400 與繁體中文說明。會員的呼叫以 " + cookieSession + " cookie 或 Authorization 標頭帶入登入狀態。"},
		Paths: openapi3.NewPaths(),
		Components: &openapi3.Components{Schemas: schemas,
			Responses: openapi3.ResponseBodies{"Error": &openapi3.ResponseRef{Value: errorResponse}},
			SecuritySchemes: openapi3.SecuritySchemes{
				"session":       {Value: &openapi3.SecurityScheme{Type: "apiKey", In: "cookie", Name: cookieSession}},
				"authorization": {Value: &openapi3.SecurityScheme{Type: "apiKey", In: "header", Name: "Authorization"}},
			}},
	}
	pathParam := regexp.MustCompile(`\{(\w+)\}`)
	for _, pattern := range slices.Sorted(mapsKeys(apiDocs)) {
		d := apiDocs[pattern]
		method, path, _ := strings.Cut(pattern, " ")
		op := &openapi3.Operation{Summary: d.Summary, OperationID: operationID(pattern)}
		for _, m := range pathParam.FindAllStringSubmatch(path, -1) {
			about, ok := pathParams[m[1]]
			if !ok {
				return nil, fmt.Errorf("%s: path parameter {%s} has no text in pathParams", pattern, m[1])
			}
			op.AddParameter(openapi3.NewPathParameter(m[1]).WithDescription(about).WithSchema(openapi3.NewStringSchema()))
		}
		for _, p := range d.Params {
			s := openapi3.NewStringSchema()
			if p.Integer {
				s = openapi3.NewIntegerSchema()
			}
			q := &openapi3.Parameter{Name: p.Name, In: p.In, Description: p.About, Required: p.Required}
			op.AddParameter(q.WithSchema(s))
		}
		switch {
		case d.Body != nil:
			s, err := schemaOf(d.Body)
			if err != nil {
				return nil, err
			}
			op.RequestBody = &openapi3.RequestBodyRef{Value: openapi3.NewRequestBody().WithRequired(true).WithJSONSchemaRef(s)}
		case d.Form != nil:
			s, err := schemaOf(d.Form)
			if err != nil {
				return nil, err
			}
			op.RequestBody = &openapi3.RequestBodyRef{Value: openapi3.NewRequestBody().WithRequired(true).
				WithSchemaRef(s, []string{"application/x-www-form-urlencoded"})}
		}
		op.Responses = openapi3.NewResponses()
		switch d.Raw {
		case "":
			data, err := answerSchema(d.Answer, schemaOf)
			if err != nil {
				return nil, err
			}
			ok := openapi3.NewSchema()
			ok.AllOf = openapi3.SchemaRefs{envelope, openapi3.NewSchemaRef("", openapi3.NewObjectSchema().WithPropertyRef("data", data))}
			op.Responses.Set("200", &openapi3.ResponseRef{Value: openapi3.NewResponse().WithDescription("成功：envelope 的 data").WithJSONSchema(ok)})
			op.Responses.Set("default", &openapi3.ResponseRef{Ref: "#/components/responses/Error"})
		case rawRedirect:
			op.Responses.Set("303", &openapi3.ResponseRef{Value: openapi3.NewResponse().WithDescription("到頁面（Location）")})
			op.Responses.Set("default", &openapi3.ResponseRef{Value: rawError})
		default:
			body := openapi3.NewStringSchema()
			if d.Raw != "text/plain" {
				body.Format = "binary"
			}
			op.Responses.Set("200", &openapi3.ResponseRef{Value: openapi3.NewResponse().WithDescription("成功：" + d.Raw).
				WithContent(openapi3.NewContentWithSchema(body, []string{d.Raw}))})
			op.Responses.Set("default", &openapi3.ResponseRef{Value: rawError})
		}
		doc.AddOperation(path, method, op)
	}
	return doc, nil
}

// answerSchema is the schema of an envelope's data: null without one,
// either of several (oneOf).
func answerSchema(answer any, schemaOf func(any) (*openapi3.SchemaRef, error)) (*openapi3.SchemaRef, error) {
	switch a := answer.(type) {
	case nil:
		s := openapi3.NewObjectSchema()
		s.Nullable, s.Description = true, "不帶資料：null"
		return openapi3.NewSchemaRef("", s), nil
	case oneOf:
		s := openapi3.NewSchema()
		for _, v := range a {
			r, err := schemaOf(v)
			if err != nil {
				return nil, err
			}
			s.OneOf = append(s.OneOf, r)
		}
		return openapi3.NewSchemaRef("", s), nil
	}
	return schemaOf(answer)
}

// schemaName names a Go type's schema: the wire types by their own name,
// the others by package and name (data.Item); a generic type by its
// arguments (data.PageOfItem).
func schemaName(t reflect.Type) string {
	name, args, generic := strings.Cut(t.Name(), "[")
	if generic {
		for _, a := range strings.Split(strings.TrimSuffix(args, "]"), ",") {
			name += "Of" + a[strings.LastIndex(a, ".")+1:]
		}
	}
	pkg := t.PkgPath()[strings.LastIndex(t.PkgPath(), "/")+1:]
	if pkg == "wire" || pkg == "host" {
		return name
	}
	return pkg + "." + name
}

// operationID is a pattern's operation id: its method and path as one
// word ("GET /api/user/bookingList" -> get_api_user_bookingList).
func operationID(pattern string) string {
	return strings.Trim(regexp.MustCompile(`[^A-Za-z0-9]+`).ReplaceAllString(strings.ToLower(pattern[:strings.Index(pattern, " ")])+pattern[strings.Index(pattern, " "):], "_"), "_")
}
