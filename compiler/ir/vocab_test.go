package ir

import (
	"encoding/json"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
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
		LinkPCIe, LinkC2C, LinkCPUCPU, LinkCustom, LinkApplianceLeaf} {
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

// A link kind is its name: every constant reads back as itself, a new
// name gets one number for good (also when many goroutines ask at once),
// JSON carries the name both ways, and kinds sort by name.
func TestLinkKindNames(t *testing.T) {
	for k := LinkTerminal; k <= LinkApplianceLeaf; k++ {
		if k.String() == "" || LinkKindOf(k.String()) != k {
			t.Errorf("kind %d named %q reads back as %d", k, k, LinkKindOf(k.String()))
		}
	}
	if LinkKindOf("leaf_spine") != LinkLeafSpine || TierLinkKind("leaf", "spine") != LinkLeafSpine {
		t.Error("leaf_spine is not LinkLeafSpine")
	}
	var wg sync.WaitGroup
	got := make([]LinkKind, 8)
	for i := range got {
		wg.Add(1)
		go func() { defer wg.Done(); got[i] = TierLinkKind("tor", "agg_test") }()
	}
	wg.Wait()
	for _, k := range got {
		if k != got[0] || k.String() != "tor_agg_test" {
			t.Fatalf("kinds %v for one name", got)
		}
	}
	if _, ok := LookupLinkKind("never_named"); ok {
		t.Error("LookupLinkKind added a name")
	}
	b, err := json.Marshal(map[LinkKind]LinkKind{LinkPCIe: LinkNVLink})
	if err != nil || string(b) != `{"pcie":"nvlink"}` {
		t.Errorf("JSON %s, %v", b, err)
	}
	var back struct{ K LinkKind }
	if err := json.Unmarshal([]byte(`{"K":"global"}`), &back); err != nil || back.K != LinkGlobal {
		t.Errorf("unmarshalled %v, %v", back.K, err)
	}
	ks := []LinkKind{LinkTorus, LinkCustom, LinkC2C, got[0]}
	SortLinkKinds(ks)
	if ks[0] != LinkC2C || ks[1] != LinkCustom || ks[2] != got[0] || ks[3] != LinkTorus {
		t.Errorf("sorted %v", ks)
	}
}

// TestBuiltinLinkKind: every built-in kind says which links it names,
// and a kind a design adds (a Clos tier pair) is not built in.
func TestBuiltinLinkKind(t *testing.T) {
	if len(builtinLinkKindMeanings) != len(linkKindNames) {
		t.Fatalf("%d meanings for %d kinds", len(builtinLinkKindMeanings), len(linkKindNames))
	}
	for k := LinkTerminal; k <= LinkApplianceLeaf; k++ {
		if m, ok := BuiltinLinkKind(k.String()); !ok || m == "" {
			t.Errorf("%s: built in %v, meaning %q", k, ok, m)
		}
	}
	if m, ok := BuiltinLinkKind("node_leaf"); !ok || !strings.Contains(m, "servers and hosts") {
		t.Errorf("node_leaf: %v %q", ok, m)
	}
	for _, name := range []string{"", "tor_spine", TierLinkKind("rail", "spine").String()} {
		if _, ok := BuiltinLinkKind(name); ok {
			t.Errorf("%q taken for built in", name)
		}
	}
}
