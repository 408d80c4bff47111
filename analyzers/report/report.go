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
	// Requirements lists the outcome of every requirement block, in source
	// order (empty when the design has none or did not compile).
	Requirements []Requirement `json:"requirements"`
}

// Requirement is the outcome of one requirement block: the "requirements"
// array of the JSON report.
type Requirement struct {
	Name string `json:"name"`
	// OK is true when the condition held. A requirement that could not be
	// evaluated is not OK (and has an error diagnostic).
	OK bool `json:"ok"`
	// Message is the evaluated error_message of a failed requirement.
	Message string `json:"message,omitempty"`
	// Values are the results the condition refers to, as evaluated
	// ("fabric.compute.bisection.ratio" → 0.333), in source order.
	Values []Value `json:"values"`
}

// Value is one named result a requirement read.
type Value struct {
	Ref   string `json:"ref"`
	Value any    `json:"value"`
}
