package report

import (
	"bytes"
	"testing"

	"github.com/topoc/topoc/analyzers/results"
)

// A requirement's line writes the values it read from several elements
// of one list once per field, with the indices ("0..2" for a run),
// and every other value as it is, in the order first read.
func TestRequirementValuesGrouped(t *testing.T) {
	var b bytes.Buffer
	WriteRequirements(&b, []results.Requirement{{Name: "r", Status: results.RequirementMet, Values: []results.Value{
		{Ref: "workload.w.collectives[0].congestion_factor", Value: 1.5},
		{Ref: "workload.w.collectives[0].name", Value: "pipeline"},
		{Ref: "workload.w.collectives[1].congestion_factor", Value: 1.0},
		{Ref: "workload.w.collectives[1].name", Value: "dispatch"},
		{Ref: "workload.w.collectives[2].congestion_factor", Value: 1.0},
		{Ref: "workload.w.collectives[2].name", Value: "combine"},
		{Ref: "fabric.f.bisection.ratio", Value: 0.875},
		{Ref: "workload.w.collectives[4].name", Value: "gradients"},
		{Ref: "flow.x.paths[1].hops", Value: 3.0},
		{Ref: "flow.x.paths[3].hops", Value: 4.0},
	}}})
	want := `requirement "r": ok (workload.w.collectives[0..2].congestion_factor = [1.500, 1, 1], ` +
		`workload.w.collectives[0,1,2,4].name = [pipeline, dispatch, combine, gradients], fabric.f.bisection.ratio = 0.875, ` +
		`flow.x.paths[1,3].hops = [3, 4])` + "\n"
	if got := b.String(); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}
