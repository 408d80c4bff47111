// Package all lists topoc's analyzers, for the driver and `topoc check
// --analyzers`.
package all

import (
	"fmt"
	"strings"

	"github.com/topoc/topoc/analyzers/analysis"
	"github.com/topoc/topoc/analyzers/bisection"
	"github.com/topoc/topoc/analyzers/congestion"
	"github.com/topoc/topoc/analyzers/flow"
	"github.com/topoc/topoc/analyzers/inventory"
	"github.com/topoc/topoc/analyzers/oversub"
	"github.com/topoc/topoc/analyzers/pcie"
	"github.com/topoc/topoc/analyzers/requirements"
	"github.com/topoc/topoc/analyzers/resilience"
)

// Analyzers lists every analyzer, in the order `topoc check` requests
// them by default.
var Analyzers = []*analysis.Analyzer{
	inventory.Analyzer,
	bisection.Analyzer,
	oversub.Analyzer,
	pcie.Analyzer,
	congestion.Analyzer,
	resilience.Analyzer,
	flow.Analyzer,
	requirements.Analyzer,
}

// Select returns the analyzers named in a comma-separated list, or every
// analyzer for "" or "all". An unknown name is an error that lists the
// known ones.
func Select(list string) ([]*analysis.Analyzer, error) {
	if list == "" || list == "all" {
		return Analyzers, nil
	}
	var out []*analysis.Analyzer
	for _, name := range strings.Split(list, ",") {
		name = strings.TrimSpace(name)
		found := false
		for _, a := range Analyzers {
			if a.Name == name {
				out = append(out, a)
				found = true
			}
		}
		if !found {
			return nil, fmt.Errorf("unknown analyzer %q; known: %s", name, strings.Join(analysis.Names(Analyzers), ", "))
		}
	}
	return out, nil
}
