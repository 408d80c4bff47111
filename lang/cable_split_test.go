package lang

import (
	"strings"
	"testing"
)

// A cable_model's splits and split_reach and a transceiver_model's
// split_rate are read as given; a split that does not divide max_rate,
// splits on copper, split_reach without splits or past reach, and a
// split_rate at or above the module's rate are invalid-value at their
// lines.
func TestCableSplits(t *testing.T) {
	cable := "cable_model \"c\" {\n  media       = \"%media\"\n  kind        = \"mmf\"\n  reach       = \"100m\"\n  max_rate    = \"400Gb/s\"\n  splits      = [%splits]\n  split_reach = \"%reach\"\n}\n"
	fill := func(media, splits, reach string) string {
		return strings.NewReplacer("%media", media, "%splits", splits, "%reach", reach).Replace(cable)
	}
	cfg, diags := Load([]string{writeFiles(t, map[string]string{"d.topo.hcl": fill("fiber", `"2x200Gb/s", "4x100Gb/s"`, "50m")})}, Options{})
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	for _, m := range cfg.CableModels {
		if m.Name == "c" && (len(m.Splits) != 2 || m.Splits[0].Lanes != 2 || m.Splits[0].LaneRate != 200e9 || m.Splits[1].Lanes != 4 || m.SplitReachM.V != 50) {
			t.Errorf("cable_model c: splits %+v, split_reach %v", m.Splits, m.SplitReachM)
		}
	}
	for _, tc := range []struct{ src, want, text string }{
		{fill("fiber", `"2x100Gb/s"`, "50m"), "invalid-value 6", "divides the medium's max_rate"},
		{fill("fiber", `"1x400Gb/s"`, "50m"), "invalid-value 6", "2 or more legs"},
		{fill("copper", `"2x200Gb/s"`, "50m"), "invalid-value 6", "named with \"splitter\""},
		{fill("fiber", `"2x200Gb/s"`, "150m"), "invalid-value 7", "at most reach"},
		{fill("fiber", ``, "50m"), "invalid-value 7", "needs splits"},
		{"transceiver_model \"t\" {\n  fits         = \"node\"\n  cable_models = [\"MMF-SR4-400G\"]\n  rate         = \"400Gb/s\"\n  split_rate   = \"400Gb/s\"\n}\n", "invalid-value 5", "below its rate"},
		{"transceiver_model \"t\" {\n  fits         = \"node\"\n  cable_models = [\"MMF-SR4-400G\"]\n  rate         = \"400Gb/s\"\n  split_power  = \"5W\"\n}\n", "invalid-value 5", "split_power is the power at split_rate"},
	} {
		diags := loadSrc(t, tc.src)
		wantErrors(t, diags, tc.want)
		if len(diags) > 0 && !strings.Contains(diags[0].Detail, tc.text) {
			t.Errorf("%q: %s", tc.want, diags[0].Detail)
		}
	}
}
