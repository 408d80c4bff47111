package report

import (
	"strings"
	"testing"

	"github.com/topoc/topoc/analyzers/congestion"
	"github.com/topoc/topoc/analyzers/inventory"
	"github.com/topoc/topoc/analyzers/results"
)

func TestCompareKeysCountsByName(t *testing.T) {
	old := &results.Check{OK: true, Fabrics: []results.Fabric{{Fabric: inventory.Fabric{Name: "f", Switches: 24,
		SwitchesByTier: []inventory.Count{{Name: "leaf", Count: 16}, {Name: "spine", Count: 8}}}}, {Fabric: inventory.Fabric{Name: "gone"}}}}
	new := &results.Check{OK: true, Fabrics: []results.Fabric{{Fabric: inventory.Fabric{Name: "f", Switches: 23,
		// Reordered, and one spine fewer: only the spine count changed.
		SwitchesByTier: []inventory.Count{{Name: "spine", Count: 7}, {Name: "leaf", Count: 16}}}}}}
	d, err := Compare(old, new, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Fabrics) != 2 || d.Fabrics[0].Status != "changed" || d.Fabrics[1].Status != "removed" {
		t.Fatalf("fabrics = %+v", d.Fabrics)
	}
	got := map[string]float64{}
	for _, c := range d.Fabrics[0].Changes {
		if c.Delta == nil {
			t.Errorf("%s: no delta for a numeric change", c.Path)
			continue
		}
		got[c.Path] = *c.Delta
	}
	want := map[string]float64{"switches": -1, "switches_by_tier.spine": -1}
	if len(got) != len(want) {
		t.Errorf("changes = %v, want %v", got, want)
	}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("delta %s = %v, want %v", k, got[k], v)
		}
	}
	if d.Empty() {
		t.Error("Empty() on a diff with changes")
	}
	same, _ := Compare(new, new, nil)
	if !same.Empty() {
		t.Errorf("a design compared with itself differs: %+v", same)
	}
}

func TestFormatDelta(t *testing.T) {
	if got := FormatDelta("links", -128); got != "−128" {
		t.Errorf("FormatDelta = %q", got)
	}
}

// Per-unit changes shared by many units fold into one line; certificate
// name runs are left out of the text.
func TestSummarize(t *testing.T) {
	var cs []Change
	for _, u := range []string{"rack00", "rack01", "rack02"} {
		cs = append(cs, Change{Path: "oversubscription.unit_detail." + u + ".ratio", Old: 3.0, New: 4.0})
	}
	cs = append(cs, Change{Path: "bisection.certificate.sides.0.runs.0.count", Old: 768.0, New: 192.0},
		Change{Path: "links", Old: 4096.0, New: 3840.0})
	got := summarize(cs)
	if len(got) != 2 || got[0].Path != "oversubscription.unit_detail[3×].ratio" || got[1].Path != "links" {
		t.Fatalf("summarize = %+v", got)
	}
	if v := results.FormatValue(got[0].Path, got[0].New); v != "4:1" {
		t.Errorf("folded ratio formats as %q, want 4:1", v)
	}
}

// A workload change alone is a difference: its collectives pair by name,
// the per-link detail is left out, and an added workload is listed.
func TestCompareWorkloads(t *testing.T) {
	wl := func(tensor int, size float64, hot string) congestion.Workload {
		return congestion.Workload{Name: "llm", Parallelism: congestion.Parallelism{Data: 64 / tensor, Tensor: tensor, Pipeline: 1, Expert: 1, Context: 1},
			Collectives: []congestion.Collective{{Name: "gradients", SizeBytes: size, HotLinks: []congestion.HotLink{{Link: hot}}}}}
	}
	old := &results.Check{OK: true, Workloads: []congestion.Workload{wl(8, 17.5e9, "a -> b")}}
	new := &results.Check{OK: true, Workloads: []congestion.Workload{wl(4, 35e9, "c -> d"), {Name: "moe"}}}
	d, err := Compare(old, new, nil)
	if err != nil {
		t.Fatal(err)
	}
	if d.Empty() || len(d.Workloads) != 2 || d.Workloads[0].Status != "changed" || d.Workloads[1].Status != "added" {
		t.Fatalf("workloads = %+v", d.Workloads)
	}
	got := map[string]float64{}
	for _, c := range d.Workloads[0].Changes {
		got[c.Path] = *c.Delta
	}
	want := map[string]float64{"parallelism.tensor": -4, "parallelism.data": 8, "collectives.gradients.size_bytes": 17.5e9}
	if len(got) != len(want) {
		t.Errorf("changes = %v, want %v (hot links left out)", got, want)
	}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("delta %s = %v, want %v", k, got[k], v)
		}
	}
	var text strings.Builder
	WriteDiffText(&text, d)
	if !strings.Contains(text.String(), "collectives.gradients.size_bytes  17.5GB → 35GB (+17.5GB)") || !strings.Contains(text.String(), `workload "moe": added`) {
		t.Errorf("text:\n%s", text.String())
	}
}

// TestDiffTextLongValue: a value too long for its quantity's line (a
// bisection formula) goes on lines of its own, was above now; a short one
// stays on the line with its arrow (trial 34: the formula ran on for
// 200 characters).
func TestDiffTextLongValue(t *testing.T) {
	long := "the whole-leaf hose lower bound meets the cut found (the whole-leaf hose bound's least split)"
	var text strings.Builder
	writeChangeLines(&text, []Change{
		{Path: "bisection.formula", Old: "the hose lower bound meets the cut found (structure-aligned halves)", New: long},
		{Path: "bisection.method", Old: "bounded", New: "exact"},
	})
	want := "  bisection.formula\n      was  the hose lower bound meets the cut found (structure-aligned halves)\n      now  " + long + "\n" +
		"  bisection.method   bounded → exact\n"
	if text.String() != want {
		t.Errorf("text:\n%s\nwant:\n%s", text.String(), want)
	}
}

// TestDiffAbsentEqualsNull: a quantity absent on one side and null on the
// other has no value on either, and is no change (trial 50: it printed
// "— → —").
func TestDiffAbsentEqualsNull(t *testing.T) {
	got := changes(map[string]any{"a": 1.0}, map[string]any{"a": 1.0, "whatif.plane.ratio": nil, "b": 2.0})
	if len(got) != 1 || got[0].Path != "b" {
		t.Errorf("changes = %+v, want only b added", got)
	}
}
