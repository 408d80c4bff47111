package lang

import (
	"strings"
	"testing"
)

// A cable_model's kg_per_m is read as given, and a value no cable has (0,
// negative, or past 5 kg/m: grams or pounds per foot by mistake) is
// invalid-value at the attribute's line.
func TestCableModelKgPerM(t *testing.T) {
	src := "cable_model \"c\" {\n  media    = \"fiber\"\n  kind     = \"mmf\"\n  reach    = \"30m\"\n  max_rate = \"400Gb/s\"\n  kg_per_m = %s\n}\n"
	cfg, diags := Load([]string{writeFiles(t, map[string]string{"d.topo.hcl": strings.Replace(src, "%s", "0.009", 1)})}, Options{})
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	found := false
	for _, m := range cfg.CableModels {
		if m.Name == "c" {
			found = m.KgPerM.Set && m.KgPerM.V == 0.009
		}
	}
	if !found {
		t.Errorf("cable_model c: kg_per_m not read as 0.009")
	}
	for _, v := range []string{"0", "-1", "9"} {
		diags := loadSrc(t, strings.Replace(src, "%s", v, 1))
		wantErrors(t, diags, "invalid-value 6")
		if !strings.Contains(diags[0].Detail, "kilograms per metre") {
			t.Errorf("kg_per_m = %s: %s", v, diags[0].Detail)
		}
	}
}
