package lang

import (
	"strings"
	"testing"
)

// A fabric with no family block is told to add one, and one with two is
// told which it has (an empty fabric read "One family block per fabric",
// as if it had too many; trial 34).
func TestFabricFamilyBlockCount(t *testing.T) {
	for _, c := range []struct{ src, summary, detail string }{
		{"fabric \"x\" {\n}\n", "Fabric without a family block", "Add one family block: clos"},
		{"fabric \"x\" {\n  clos {}\n  fat_tree {}\n}\n", "One family block per fabric", "already has a clos block"},
	} {
		diags := loadSrc(t, c.src)
		wantErrors(t, diags, "hcl-schema "+map[bool]string{true: "1", false: "3"}[c.summary == "Fabric without a family block"])
		if d := diags[0]; d.Summary != c.summary || !strings.Contains(d.Detail, c.detail) {
			t.Errorf("%q: %s: %s", c.src, d.Summary, d.Detail)
		}
	}
}
