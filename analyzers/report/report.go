// Package report assembles the per-fabric JSON report of `topoc check
// --format json` (field names fixed by DESIGN.md, documented in
// docs/json.md) from whichever analyzers ran. Requirements read the same
// object, so a condition names exactly what the JSON report shows:
// fabric.compute.bisection.ratio is the "ratio" field of the "bisection"
// object of the fabric named "compute".
package report

import (
	"github.com/topoc/topoc/analyzers/analysis"
	"github.com/topoc/topoc/analyzers/inventory"
	"github.com/topoc/topoc/lang/diag"
)

// Fabric is one entry of the report's "fabrics" array: the inventory
// fields inline, then one object per analysis that ran (absent otherwise).
type Fabric struct {
	inventory.Fabric
}

// Fabrics assembles the report for every fabric from the results of the
// analyzers that ran; of returns an analyzer's result or nil. It returns
// nil when the inventory did not run.
func Fabrics(of func(*analysis.Analyzer) any) []Fabric {
	inv, ok := of(inventory.Analyzer).([]inventory.Fabric)
	if !ok {
		return nil
	}
	out := make([]Fabric, len(inv))
	for i := range inv {
		out[i] = Fabric{Fabric: inv[i]}
	}
	return out
}

// Check is the object `topoc check --format json` prints.
type Check struct {
	OK          bool                  `json:"ok"`
	Diagnostics []diag.JSONDiagnostic `json:"diagnostics"`
	Fabrics     []Fabric              `json:"fabrics"`
}
