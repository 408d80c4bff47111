package lang

import "testing"

// An argument set to null is as if it were not written (HCL's and
// Terraform's convention): a literal null, a variable whose default is
// null, and a conditional that yields null leave the argument unset and
// its default in force; a required argument set to null is missing.
func TestNullIsUnset(t *testing.T) {
	dir := writeFiles(t, map[string]string{"d.topo.hcl": `
variable "model" {
  type    = string
  default = null
}
variable "fast" {
  type    = bool
  default = false
}
fabric "a" {
  fat_tree {
    k            = 4
    link_rate    = "400Gb/s"
    switch_model = var.model
    host_rate    = var.fast ? "800Gb/s" : null
    core_rate    = null
  }
}
`})
	cfg, diags := Load([]string{dir}, Options{})
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	ft := cfg.Fabrics[0].FatTree
	if ft.SwitchModel.Set || ft.HostRate.Set || ft.CoreRate.Set || !ft.LinkRate.Set {
		t.Errorf("fat_tree %+v; want switch_model, host_rate and core_rate unset", ft)
	}
	diags = loadSrc(t, `
fabric "a" {
  fat_tree {
    k         = null
    link_rate = "400Gb/s"
  }
}
`)
	wantErrors(t, diags, "hcl-schema 3")
}
