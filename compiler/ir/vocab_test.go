package ir

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestNoVocabularyLiterals keeps the IR's kinds, families and roles
// spelled through vocab.go's constants (issue 17): outside compiler/ir and
// tests, a string literal of one of their values compared with, assigned
// to or switched on against a Kind, Family or Role field fails. lang/ is
// left out: its strings are the HCL language's keywords, which the
// compiler maps to these constants.
func TestNoVocabularyLiterals(t *testing.T) {
	vocab := map[string]bool{}
	for _, k := range []LinkKind{LinkTerminal, LinkLocal, LinkGlobal, LinkHostEdge, LinkEdgeAggregation,
		LinkAggregationCore, LinkNodeLeaf, LinkLeafSpine, LinkSpineSuperSpine, LinkGPUNVSwitch, LinkNVLink,
		LinkPCIe, LinkC2C, LinkCPUCPU, LinkCustom} {
		vocab[k.String()] = true
	}
	for _, f := range []Family{FamilyFatTree, FamilyClos, FamilyDragonfly, FamilyNVLinkDomain, FamilyCustom} {
		vocab[string(f)] = true
	}
	for _, r := range []Role{RoleNone, RoleCompute, RoleStorage, RoleServer, RoleUFM} {
		vocab[string(r)] = true
	}
	field := func(e ast.Expr) bool {
		if s, ok := e.(*ast.SelectorExpr); ok {
			switch s.Sel.Name {
			case "Kind", "Family", "Role":
				return true
			}
		}
		return false
	}
	lit := func(e ast.Expr) bool {
		b, ok := e.(*ast.BasicLit)
		if !ok || b.Kind != token.STRING {
			return false
		}
		v, err := strconv.Unquote(b.Value)
		return err == nil && vocab[v]
	}
	root := filepath.Join("..", "..")
	fset := token.NewFileSet()
	var bad []string
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		if d.IsDir() {
			if rel == "lang" || rel == filepath.Join("compiler", "ir") || d.Name() == "testdata" || strings.HasPrefix(d.Name(), ".") && rel != "." {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, 0)
		if err != nil {
			return err
		}
		report := func(n ast.Node) { bad = append(bad, fset.Position(n.Pos()).String()) }
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.BinaryExpr:
				if (n.Op == token.EQL || n.Op == token.NEQ) && (field(n.X) && lit(n.Y) || field(n.Y) && lit(n.X)) {
					report(n)
				}
			case *ast.KeyValueExpr:
				if id, ok := n.Key.(*ast.Ident); ok && (id.Name == "Kind" || id.Name == "Family" || id.Name == "Role") && lit(n.Value) {
					report(n)
				}
			case *ast.AssignStmt:
				for i, l := range n.Lhs {
					if i < len(n.Rhs) && len(n.Lhs) == len(n.Rhs) && field(l) && lit(n.Rhs[i]) {
						report(n)
					}
				}
			case *ast.SwitchStmt:
				if n.Tag == nil || !field(n.Tag) {
					return true
				}
				for _, c := range n.Body.List {
					for _, e := range c.(*ast.CaseClause).List {
						if lit(e) {
							report(e)
						}
					}
				}
			}
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range bad {
		t.Errorf("%s: a string literal of an IR kind, family or role; use the constant in compiler/ir/vocab.go", b)
	}
}
