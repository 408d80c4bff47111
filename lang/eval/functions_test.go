package eval

import (
	"os"
	"sort"
	"strings"
	"testing"

	"github.com/zclconf/go-cty/cty"
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

// alltrue and anytrue fold a list of bools as Terraform's do; a null
// element is an error, so a requirement over a result the report leaves
// null is never met nor failed silently.
func TestBoolFold(t *testing.T) {
	fns := Functions()
	for _, tc := range []struct {
		fn   string
		list []cty.Value
		want cty.Value
	}{
		{"alltrue", []cty.Value{cty.True, cty.True}, cty.True},
		{"alltrue", []cty.Value{cty.True, cty.False}, cty.False},
		{"anytrue", []cty.Value{cty.False, cty.True}, cty.True},
		{"anytrue", []cty.Value{cty.False, cty.False}, cty.False},
		{"alltrue", nil, cty.True},
		{"anytrue", nil, cty.False},
		{"alltrue", []cty.Value{cty.True, cty.UnknownVal(cty.Bool)}, cty.UnknownVal(cty.Bool)},
	} {
		list := cty.ListValEmpty(cty.Bool)
		if len(tc.list) > 0 {
			list = cty.ListVal(tc.list)
		}
		got, err := fns[tc.fn].Call([]cty.Value{list})
		if err != nil || !got.RawEquals(tc.want) {
			t.Errorf("%s(%#v) = %#v, %v; want %#v", tc.fn, tc.list, got, err, tc.want)
		}
	}
	if _, err := fns["alltrue"].Call([]cty.Value{cty.ListVal([]cty.Value{cty.True, cty.NullVal(cty.Bool)})}); err == nil || !strings.Contains(err.Error(), "element 1 is null") {
		t.Errorf("alltrue with a null element: %v; want an error naming element 1", err)
	}
}
