package eval

import (
	"os"
	"sort"
	"strings"
	"testing"
)

func TestFunctionTableSorted(t *testing.T) {
	table := functionTable()
	names := make([]string, len(table))
	for i, f := range table {
		names[i] = f.name
	}
	if !sort.StringsAreSorted(names) {
		t.Errorf("function table is not sorted: %v", names)
	}
	if m := Functions(); len(m) != len(table) {
		t.Errorf("%d functions in the map, %d in the table: a duplicate name", len(m), len(table))
	}
}

func TestFunctionsFresh(t *testing.T) {
	a := Functions()
	delete(a, "format")
	a["mine"] = a["upper"]
	b := Functions()
	if _, ok := b["format"]; !ok {
		t.Error("deleting from one map changed the next")
	}
	if _, ok := b["mine"]; ok {
		t.Error("adding to one map changed the next")
	}
}

// TestFunctionsDocumented checks that the language reference lists every
// function.
func TestFunctionsDocumented(t *testing.T) {
	var doc []byte
	for _, p := range []string{"../../docs/language-eval.md", "../../docs/language.md"} {
		if b, err := os.ReadFile(p); err == nil {
			doc = append(doc, b...)
		}
	}
	if len(doc) == 0 {
		t.Skip("no language reference found")
	}
	for _, f := range functionTable() {
		if !strings.Contains(string(doc), "`"+f.name+"`") {
			t.Errorf("function %s is not documented", f.name)
		}
	}
}
