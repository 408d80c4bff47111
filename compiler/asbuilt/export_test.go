package asbuilt

import "github.com/topoc/topoc/compiler/ir"

// EOSPortNumber exports eosPortNumber to the external tests.
var EOSPortNumber = eosPortNumber

// SONiCPortNumber exports sonicPortNumber to the external tests.
var SONiCPortNumber = sonicPortNumber

// EOSPortName exports eosPortName to the external tests.
var EOSPortName = eosPortName

// SONiCPortName exports sonicPortName to the external tests.
var SONiCPortName = sonicPortName

// SwitchNameWithin runs switchNameWithin over the names of fabric 0 of
// g ("" when s holds none).
func SwitchNameWithin(s string, g *ir.Graph) string {
	name, _ := switchNameWithin(s, g, designNames(g, designDevices(g, 0), nicNetNames(g)))
	return name
}
