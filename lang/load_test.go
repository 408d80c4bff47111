package lang

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/topoc/topoc/lang/diag"
)

func writeFiles(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, src := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

const ftSrc = `fabric "ft" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}
`

// Files of a directory merge; a fabric declared in two files is one
// duplicate-name error at the second, naming the first file and line.
func TestDuplicateAcrossFiles(t *testing.T) {
	dir := writeFiles(t, map[string]string{"a.topo.hcl": ftSrc, "b.topo.hcl": "\n" + ftSrc, "notes.txt": "ignored"})
	_, diags := Load([]string{dir}, Options{})
	if len(diags) != 1 || diag.CodeOf(diags[0]) != diag.DuplicateName {
		t.Fatalf("diags %v, want one duplicate-name", diags)
	}
	d := diags[0]
	if filepath.Base(d.Subject.Filename) != "b.topo.hcl" || d.Subject.Start.Line != 2 {
		t.Errorf("at %s, want b.topo.hcl line 2", d.Subject)
	}
	if !strings.Contains(d.Detail, "a.topo.hcl:1") {
		t.Errorf("detail %q does not name the first declaration", d.Detail)
	}
}

// Units keep their ranges; variables reach fabric arguments.
func TestDecodeWithVariables(t *testing.T) {
	dir := writeFiles(t, map[string]string{"d.topo.hcl": `variable "k" {
  type    = number
  default = 8
}
fabric "ft" {
  fat_tree {
    k         = var.k
    link_rate = "1.6Tb/s"
  }
}
`})
	cfg, diags := Load([]string{dir}, Options{Vars: []string{"k=16"}, NoBuiltins: true})
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	ft := cfg.Fabrics[0].FatTree
	if ft.K.V != 16 || ft.LinkRate.V != 1.6e12 || ft.LinkRate.Range.Start.Line != 8 {
		t.Errorf("k=%d rate=%g at line %d", ft.K.V, ft.LinkRate.V, ft.LinkRate.Range.Start.Line)
	}
}

// A user model replaces the built-in model of the same name.
func TestUserModelOverridesBuiltin(t *testing.T) {
	dir := writeFiles(t, map[string]string{"d.topo.hcl": `switch_model "QM9700" {
  radix     = 32
  port_rate = "400Gb/s"
}
`})
	cfg, diags := Load([]string{dir}, Options{})
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	n := 0
	for _, m := range cfg.SwitchModels {
		if m.Name == "QM9700" {
			n++
			if m.Radix.V != 32 || m.Builtin {
				t.Errorf("QM9700 radix %d builtin %v, want the user's 32", m.Radix.V, m.Builtin)
			}
		}
	}
	if n != 1 {
		t.Errorf("%d QM9700 models, want 1", n)
	}
}

// The built-in catalogue loads without diagnostics.
func TestBuiltinCatalogueLoads(t *testing.T) {
	dir := writeFiles(t, map[string]string{"d.topo.hcl": ""})
	cfg, diags := Load([]string{dir}, Options{})
	if len(diags) > 0 {
		t.Fatal(diags)
	}
	if len(cfg.SwitchModels) < 5 || len(cfg.NodeModels) < 4 {
		t.Errorf("catalogue: %d switch models, %d node models", len(cfg.SwitchModels), len(cfg.NodeModels))
	}
}

// for_each over setproduct expands custom links with each.value.
func TestCustomForEach(t *testing.T) {
	dir := writeFiles(t, map[string]string{"d.topo.hcl": `fabric "x" {
  custom {
    switch "leaf" {
      count = 4
      model = "QM9700"
    }
    link {
      for_each = setproduct(range(4), range(2))
      a        = "leaf${each.value[0]}"
      b        = "spine${each.value[1]}"
      parallel = 2
    }
  }
}
`})
	cfg, diags := Load([]string{dir}, Options{NoBuiltins: true})
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	c := cfg.Fabrics[0].Custom
	if len(c.Switches) != 4 || c.Switches[3].Name.V != "leaf3" || len(c.Links) != 8 || c.Links[7].B.V != "spine1" || c.Links[0].Parallel.V != 2 {
		t.Errorf("switches %d links %d", len(c.Switches), len(c.Links))
	}
}
