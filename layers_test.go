package storefront

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// layers are the project's packages from the bottom up (design.md section
// 1): a package imports only packages of a lower layer, and within its own
// layer only its own family (data/catalogue may import data; data may not
// import providers, nor checkout booking). A new package must be given a
// layer here: where it stands is a decision, not an accident.
var layers = [][]string{
	{"storefront"}, // the domain kernel: errors, codes, texts
	{"rules"},      // pure decisions
	{"data", "data/catalogue", "data/demo", "data/dbtest", "providers", "mail", "mail/devbox", "cache", "renderer", "renderer/build", "host/shell"},
	{"booking", "checkout", "econtract", "members", "outbox"}, // flows: each use case owns its transaction
	{"host", "host/config", "host/wire"},                      // HTTP
	{"cmd/storefront", "cmd/build", "bench", "e2e"},           // programs and the tests from outside
}

// family is a package's top folder: the unit inside which one layer's
// packages may import each other.
func family(pkg string) string {
	top, _, _ := strings.Cut(pkg, "/")
	return top
}

// TestLayersImportDownward fails when a non-test file imports a package of
// its own layer's other families or of a layer above, or when a package
// has no layer.
func TestLayersImportDownward(t *testing.T) {
	layer := map[string]int{}
	for i, ps := range layers {
		for _, p := range ps {
			layer[p] = i
		}
	}
	imports := map[string]map[string]bool{} // package -> the project's packages it imports
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && path != "." && (strings.HasPrefix(d.Name(), ".") || d.Name() == "node_modules" || d.Name() == "testdata" || d.Name() == "app") {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.ImportsOnly)
		if err != nil {
			return err
		}
		pkg := "storefront"
		if dir := filepath.ToSlash(filepath.Dir(path)); dir != "." {
			pkg = dir
		}
		if imports[pkg] == nil {
			imports[pkg] = map[string]bool{}
		}
		for _, im := range f.Imports {
			p := strings.Trim(im.Path.Value, `"`)
			if p == "storefront" || strings.HasPrefix(p, "storefront/") {
				imports[pkg][strings.TrimPrefix(p, "storefront/")] = true
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	var problems []string
	for pkg, ims := range imports {
		from, ok := layer[pkg]
		if !ok {
			problems = append(problems, pkg+" has no layer: add it to layers in layers_test.go")
			continue
		}
		for im := range ims {
			to, ok := layer[im]
			switch {
			case !ok:
				problems = append(problems, pkg+" imports "+im+", which has no layer")
			case to > from:
				problems = append(problems, pkg+" imports "+im+", a layer above it")
			case to == from && family(im) != family(pkg):
				problems = append(problems, pkg+" imports "+im+", of its own layer but another family")
			}
		}
	}
	for _, ps := range layers {
		for _, p := range ps {
			if _, err := os.Stat(p); p != "storefront" && err != nil {
				problems = append(problems, p+" is in layers but not in the tree")
			}
		}
	}
	sort.Strings(problems)
	for _, p := range problems {
		t.Error(p)
	}
}

// dataFuncParams are the only exported functions and methods of data that
// take a function: the one transaction runner and the LISTEN
// subscriptions. Work from above (composing a mail, rendering a PDF,
// sealing a secret) is done by the flow, never handed down to data.
var dataFuncParams = map[string]bool{"InTx": true, "ListenBrandChanges": true, "ListenSessionRevocations": true}

// TestDataTakesNoCallbacks fails when an exported function or method of
// data (not its tests) takes a parameter of a function type, or of a named
// function type data declares, but those of dataFuncParams.
func TestDataTakesNoCallbacks(t *testing.T) {
	fset := token.NewFileSet()
	files, err := filepath.Glob("data/*.go")
	if err != nil {
		t.Fatal(err)
	}
	var parsed []*ast.File
	funcTypes := map[string]bool{} // data's named function types
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		parsed = append(parsed, f)
		for _, d := range f.Decls {
			if g, ok := d.(*ast.GenDecl); ok && g.Tok == token.TYPE {
				for _, s := range g.Specs {
					if ts := s.(*ast.TypeSpec); isFuncType(ts.Type) {
						funcTypes[ts.Name.Name] = true
					}
				}
			}
		}
	}
	for _, f := range parsed {
		for _, d := range f.Decls {
			fn, ok := d.(*ast.FuncDecl)
			if !ok || !fn.Name.IsExported() || dataFuncParams[fn.Name.Name] {
				continue
			}
			for _, p := range fn.Type.Params.List {
				id, named := p.Type.(*ast.Ident)
				if isFuncType(p.Type) || named && funcTypes[id.Name] {
					t.Errorf("%s: data.%s takes a function: the flow above does that work itself", fset.Position(fn.Pos()), fn.Name.Name)
				}
			}
		}
	}
}

func isFuncType(e ast.Expr) bool {
	_, ok := e.(*ast.FuncType)
	return ok
}
