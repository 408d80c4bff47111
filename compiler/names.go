package compiler

import (
	"github.com/hashicorp/hcl/v2"

	"github.com/topoc/topoc/lang"
)

// badName is lang.CheckName for a device name of the given kind
// ("server", "switch", "host").
func badName(kind, name string, rng hcl.Range) *hcl.Diagnostic {
	return lang.CheckName(kind+" name", name, rng)
}
