package data_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strings"
	"testing"

	"storefront/data"
)

// TestEveryModuleIsActedOn: every key of data.AllModules (the keys the
// catalogue import accepts) is read by some code of the storefront beyond
// its declaration, so no module is declared and checked nowhere.
func TestEveryModuleIsActedOn(t *testing.T) {
	names := map[string]string{} // constant name -> key
	fset := token.NewFileSet()
	used := map[string]bool{}
	root := ".."
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == "node_modules" || strings.HasPrefix(d.Name(), ".")) && p != root {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(p, ".go") || strings.HasSuffix(p, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, p, nil, 0)
		if err != nil {
			return err
		}
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.GenDecl:
				declares := false
				for _, s := range n.Specs {
					vs, ok := s.(*ast.ValueSpec)
					if !ok || len(vs.Names) != 1 || len(vs.Values) != 1 {
						continue
					}
					name := vs.Names[0].Name
					if filepath.Base(p) == "modules.go" && (strings.HasPrefix(name, "Module") || name == "AllModules") {
						declares = true
						if lit, ok := vs.Values[0].(*ast.BasicLit); ok && n.Tok == token.CONST {
							names[name] = strings.Trim(lit.Value, `"`)
						}
					}
				}
				return !declares
			case *ast.SelectorExpr:
				if x, ok := n.X.(*ast.Ident); ok && x.Name == "data" {
					used[n.Sel.Name] = true
				}
			case *ast.Ident:
				used[n.Name] = true
			}
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(names) != len(data.AllModules) {
		t.Fatalf("read %d module constants; data.AllModules has %d", len(names), len(data.AllModules))
	}
	for name, key := range names {
		if !used[name] {
			t.Errorf("module %s (%s) is declared and acted on nowhere: check it where it gates, or take it out of data.AllModules", key, name)
		}
	}
}
