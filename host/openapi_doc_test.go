package host

import (
	"maps"
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

// openAPIDocument builds the API's document: one operation per
// declaration of apiDocs, the schemas generated from the Go types by
// kin-openapi's openapi3gen (as encoding/json writes them), each named
// type once under components.
func openAPIDocument(t testing.TB) *openapi3.T {
	b := &openAPIBuilder{t: t, schemas: openapi3.Schemas{}, gen: openapi3gen.NewGenerator(
		openapi3gen.CreateComponentSchemas(openapi3gen.ExportComponentSchemasOptions{ExportComponentSchemas: true, ExportTopLevelSchema: true, ExportGenerics: true}),
		openapi3gen.UseAllExportedFields(), openapi3gen.CreateTypeNameGenerator(schemaName))}
	b.envelope = b.schema(wire.Envelope{})
	b.schemas["ErrorCode"] = openapi3.NewSchemaRef("", errorCodeSchema())
	b.schemas["Envelope"].Value.Properties["errorCode"] = openapi3.NewSchemaRef("#/components/schemas/ErrorCode", nil)
	doc := &openapi3.T{
		OpenAPI: "3.0.3",
		Info: &openapi3.Info{Title: "Storefront API", Version: "1",
			Description: "由 host/api_docs_test.go 的宣告與 Go 型別產生（make contract），請勿手動編輯。每個 JSON 回覆皆為 {errorCode, message, data}（Envelope）；" +
				"錯誤碼見 ErrorCode。格式錯誤的內容回覆 400 與繁體中文說明。會員的呼叫以 " + cookieSession + " cookie 或 Authorization 標頭帶入登入狀態。"},
		Paths: openapi3.NewPaths(),
		Components: &openapi3.Components{Schemas: b.schemas,
			Responses: openapi3.ResponseBodies{"Error": {Value: openapi3.NewResponse().
				WithDescription("錯誤：errorCode 與繁體中文的 message").WithJSONSchemaRef(b.envelope)}},
			SecuritySchemes: openapi3.SecuritySchemes{
				"session":       {Value: &openapi3.SecurityScheme{Type: "apiKey", In: "cookie", Name: cookieSession}},
				"authorization": {Value: &openapi3.SecurityScheme{Type: "apiKey", In: "header", Name: "Authorization"}},
			}},
	}
	for _, pattern := range slices.Sorted(maps.Keys(apiDocs)) {
		method, path, _ := strings.Cut(pattern, " ")
		doc.AddOperation(path, method, b.operation(pattern, apiDocs[pattern]))
	}
	return doc
}

// openAPIBuilder makes the operations and keeps their schemas.
type openAPIBuilder struct {
	t        testing.TB
	gen      *openapi3gen.Generator
	schemas  openapi3.Schemas
	envelope *openapi3.SchemaRef
}

// schema is the schema of v's type (a $ref for a named struct).
func (b *openAPIBuilder) schema(v any) *openapi3.SchemaRef {
	r, err := b.gen.NewSchemaRefForValue(v, b.schemas)
	if err != nil {
		b.t.Fatalf("schema of %T: %v", v, err)
	}
	return r
}

var pathParam = regexp.MustCompile(`\{(\w+)\}`)

func (b *openAPIBuilder) operation(pattern string, d apiDoc) *openapi3.Operation {
	op := &openapi3.Operation{Summary: d.Summary, OperationID: operationID(pattern), Responses: openapi3.NewResponses()}
	for _, m := range pathParam.FindAllStringSubmatch(pattern, -1) {
		about, ok := pathParams[m[1]]
		if !ok {
			b.t.Fatalf("%s: the path parameter {%s} has no text in pathParams", pattern, m[1])
		}
		op.AddParameter(openapi3.NewPathParameter(m[1]).WithDescription(about).WithSchema(openapi3.NewStringSchema()))
	}
	for _, p := range d.Params {
		s := openapi3.NewStringSchema()
		if p.Integer {
			s = openapi3.NewIntegerSchema()
		}
		op.AddParameter((&openapi3.Parameter{Name: p.Name, In: p.In, Description: p.About, Required: p.Required}).WithSchema(s))
	}
	switch {
	case d.Body != nil:
		op.RequestBody = &openapi3.RequestBodyRef{Value: openapi3.NewRequestBody().WithRequired(true).WithJSONSchemaRef(b.schema(d.Body))}
	case d.Form != nil:
		op.RequestBody = &openapi3.RequestBodyRef{Value: openapi3.NewRequestBody().WithRequired(true).
			WithSchemaRef(b.schema(d.Form), []string{"application/x-www-form-urlencoded"})}
	}
	if d.Raw == "" {
		ok := openapi3.NewSchema()
		ok.AllOf = openapi3.SchemaRefs{b.envelope, openapi3.NewSchemaRef("", openapi3.NewObjectSchema().WithPropertyRef("data", b.answer(d.Answer)))}
		op.Responses.Set("200", &openapi3.ResponseRef{Value: openapi3.NewResponse().WithDescription("成功：envelope 的 data").WithJSONSchema(ok)})
		op.Responses.Set("default", &openapi3.ResponseRef{Ref: "#/components/responses/Error"})
		return op
	}
	if d.Raw == rawRedirect {
		op.Responses.Set("303", &openapi3.ResponseRef{Value: openapi3.NewResponse().WithDescription("到頁面（Location）")})
	} else {
		body := openapi3.NewStringSchema()
		if d.Raw != "text/plain" {
			body.Format = "binary"
		}
		op.Responses.Set("200", &openapi3.ResponseRef{Value: openapi3.NewResponse().WithDescription("成功：" + d.Raw).
			WithContent(openapi3.NewContentWithSchema(body, []string{d.Raw}))})
	}
	op.Responses.Set("default", &openapi3.ResponseRef{Value: openapi3.NewResponse().
		WithDescription("錯誤：API 呼叫者得到 envelope；供應商的回呼得到純文字說明").
		WithContent(openapi3.Content{"application/json": openapi3.NewMediaType().WithSchemaRef(b.envelope),
			"text/plain": openapi3.NewMediaType().WithSchema(openapi3.NewStringSchema())})})
	return op
}

// answer is the schema of an envelope's data: null without one, one of
// several types for a oneOf.
func (b *openAPIBuilder) answer(a any) *openapi3.SchemaRef {
	switch a := a.(type) {
	case nil:
		s := openapi3.NewObjectSchema()
		s.Nullable, s.Description = true, "不帶資料：null"
		return openapi3.NewSchemaRef("", s)
	case oneOf:
		s := openapi3.NewSchema()
		for _, v := range a {
			s.OneOf = append(s.OneOf, b.schema(v))
		}
		return openapi3.NewSchemaRef("", s)
	}
	return b.schema(a)
}

// errorCodeSchema is the envelope's errorCode: 0 or a code of codes.go.
func errorCodeSchema() *openapi3.Schema {
	s := openapi3.NewIntegerSchema()
	s.Description = "錯誤碼（codes.go）：0 為成功"
	names := []string{"OK"}
	s.Enum = []any{0}
	for _, c := range errorCodes() {
		n, _ := strconv.Atoi(c[1])
		s.Enum = append(s.Enum, n)
		names = append(names, c[0])
	}
	s.Extensions = map[string]any{"x-enum-varnames": names}
	return s
}

// schemaName names a Go type's schema: the wire types (and host's) by
// their own name, the others by package and name (data.Item); a generic
// type by its arguments (data.PageOfItem).
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

var nonWord = regexp.MustCompile(`[^A-Za-z0-9]+`)

// operationID is a pattern's method and path as one word
// ("GET /api/user/bookingList" -> get_api_user_bookingList).
func operationID(pattern string) string {
	method, path, _ := strings.Cut(pattern, " ")
	return strings.ToLower(method) + strings.TrimRight(nonWord.ReplaceAllString(path, "_"), "_")
}
