// Package gen holds topoc's fabric generators: pure functions from a
// family's parameters to nodes and links appended to an ir.Graph. They know
// nothing of HCL; the compiler validates parameters through each family's
// Validate method and maps a ParamError back to the attribute's range.
package gen

import "strconv"

// ParamError reports an impossible family parameter: Param is the HCL
// argument name ("k", "g"), Msg says what is wrong and what to do.
type ParamError struct {
	Param string
	Msg   string
	// Radix marks a parameter set that needs more ports than the named
	// model has, which the compiler reports as radix-exceeded (as for
	// fat_tree and dragonfly) rather than invalid-parameter.
	Radix bool
}

func (e ParamError) Error() string { return e.Param + ": " + e.Msg }

// Indexed returns role followed by i, zero-padded to the width of the
// largest index n-1 (docs/reference/design-brief.md "Names"): Indexed("leaf", 7, 8) = "leaf7",
// Indexed("node", 5, 32) = "node05".
func Indexed(role string, i, n int) string {
	w := len(strconv.Itoa(max(n-1, 0)))
	s := strconv.Itoa(i)
	for len(s) < w {
		s = "0" + s
	}
	return role + s
}
