package lang

import (
	_ "embed"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclparse"
)

// builtinCatalogue is topoc's catalogue of common parts, written in the
// design language itself so that users read (and override) it in the same
// terms. Every number in it names its source in a comment and in
// docs/catalog.md.
//
//go:embed catalog/builtin.topo.hcl
var builtinCatalogue []byte

// BuiltinFilename is the file name diagnostics use for the built-in catalogue.
const BuiltinFilename = "<builtin>/catalog.topo.hcl"

// BuiltinSource returns the built-in catalogue's HCL source.
func BuiltinSource() []byte { return builtinCatalogue }

func builtinFile(p *hclparse.Parser) (*hcl.File, hcl.Diagnostics) {
	return p.ParseHCL(builtinCatalogue, BuiltinFilename)
}
