package diag

// The diagnostic codes. Each is documented, with an example and the fix,
// in docs/diagnostics.md; a test fails when one is missing there.
const (
	// HCLSyntax: HCL could not parse the file.
	HCLSyntax Code = "hcl-syntax"
	// HCLSchema: a block or argument is not allowed, missing, or of the
	// wrong type (HCL's decoder).
	HCLSchema Code = "hcl-schema"
	// NoInput: the path holds no *.topo.hcl file, or cannot be read.
	NoInput Code = "no-input"
	// FileTooLarge: an input file exceeds the size cap.
	FileTooLarge Code = "file-too-large"
	// DuplicateName: two blocks of one kind share a name.
	DuplicateName Code = "duplicate-name"
	// InvalidUnit: a rate, size or length literal is malformed.
	InvalidUnit Code = "invalid-unit"
	// InvalidValue: a value has the wrong type or is out of range.
	InvalidValue Code = "invalid-value"
	// UndeclaredVariable: --var or a var file sets a variable that no
	// variable block declares.
	UndeclaredVariable Code = "undeclared-variable"
	// MissingVariable: a variable has no default and no value was given.
	MissingVariable Code = "missing-variable"
	// VariableValidation: a variable's validation condition is false.
	VariableValidation Code = "variable-validation"
	// LocalCycle: locals refer to each other in a cycle.
	LocalCycle Code = "local-cycle"
	// UnknownReference: a reference names something that does not exist
	// (a model, node group, NIC role, unit, switch, variable).
	UnknownReference Code = "unknown-reference"
	// InvalidParameter: a fabric family's parameters are impossible
	// (odd k, g > a*h+1, non-positive counts).
	InvalidParameter Code = "invalid-parameter"
	// ExpansionLimit: a design would expand past the endpoint or element cap.
	ExpansionLimit Code = "expansion-limit"
	// EvaluationLimit: evaluating the design's expressions would take more
	// steps or build larger values than the evaluation budget allows.
	EvaluationLimit Code = "evaluation-limit"
	// RadixExceeded: a switch or NIC is given more links than it has ports.
	RadixExceeded Code = "radix-exceeded"
	// RateInBytes: a network link's rate written in bytes per second
	// ("200GB/s", 1.6 Tb/s), where network rates are written in bits
	// ("200Gb/s"): a warning, since such a link can be meant.
	RateInBytes Code = "rate-in-bytes"
	// RateMismatch: a link's rate differs from its port's rate and no
	// breakout of the port model produces it.
	RateMismatch Code = "rate-mismatch"
	// Disconnected: a fabric falls apart into pieces, or an endpoint
	// cannot reach the others.
	Disconnected Code = "disconnected"
	// NoUplinks: a switch below the top tier has no uplinks.
	NoUplinks Code = "no-uplinks"
	// UnevenStriping: a switch's uplinks are not spread evenly over the
	// switches of the tier above.
	UnevenStriping Code = "uneven-striping"
	// NoCommonAncestor: two lowest-tier switches of one connected tiered
	// fabric share no switch above them, so up/down routing has no path
	// between their endpoints.
	NoCommonAncestor Code = "no-common-ancestor"
	// CheckSkipped: a structural check could not run at the design's size
	// and was skipped, so its absence proves nothing.
	CheckSkipped Code = "check-skipped"
	// RailMisalignment: in a rail-optimized fabric, a NIC of rail i is
	// cabled to a leaf of another rail.
	RailMisalignment Code = "rail-misalignment"
	// RailsNotGrouped: a clos sets rails, but no tier groups its switches
	// by rail, so every leaf takes NICs of every rail (top-of-rack
	// wiring, not rail-optimized).
	RailsNotGrouped Code = "rails-not-grouped"
	// NVLinkBudget: an NVLink domain asks for more GPU or NVSwitch links
	// than the parts have.
	NVLinkBudget Code = "nvlink-budget"
	// ProtocolMismatch: a NIC or a switch is cabled to a switch of
	// another protocol (InfiniBand and Ethernet); an error.
	ProtocolMismatch Code = "protocol-mismatch"
	// UnusedPorts: switch ports left free (informational).
	UnusedPorts Code = "unused-ports"
	// SingleHomedPorts: NICs or hosts with several ports on a fabric
	// whose ports all reach one switch (informational).
	SingleHomedPorts Code = "single-homed-ports"
	// EmptyDesign: the design declares no fabric and no node group.
	EmptyDesign Code = "empty-design"
	// UnusedGlobalPort: a dragonfly global port left free because g*a*h
	// is odd (informational).
	UnusedGlobalPort Code = "unused-global-port"
	// NICPCIDropped: a node model's nic block replaces its base's, which
	// had PCI bus ids, with one that has none.
	NICPCIDropped Code = "nic-pci-dropped"
	// GPUsOutsideDomains: a block of NVLink domains that pick servers by
	// pattern leaves some servers of its node groups in none (a warning).
	GPUsOutsideDomains Code = "gpus-outside-domains"
)

// Catalogue lists every code: the compiler's (coreCodes) and then each
// area's, declared beside its constants in codes_<area>.go so that areas
// grow without touching one shared list.
var Catalogue = concat(coreCodes, analysisCodes, emitCodes, ncclCodes, workloadCodes, asbuiltCodes, resilienceCodes)

func concat(lists ...[]Code) []Code {
	var out []Code
	for _, l := range lists {
		out = append(out, l...)
	}
	return out
}

// coreCodes are the loader's and compiler's codes.
var coreCodes = []Code{
	HCLSyntax, HCLSchema, NoInput, FileTooLarge, DuplicateName, InvalidUnit,
	InvalidValue, UndeclaredVariable, MissingVariable, VariableValidation,
	LocalCycle, UnknownReference, InvalidParameter, ExpansionLimit, EvaluationLimit,
	RadixExceeded, RateMismatch, RateInBytes, Disconnected, NoUplinks, UnevenStriping, NoCommonAncestor, CheckSkipped,
	RailMisalignment, RailsNotGrouped, ProtocolMismatch, NVLinkBudget, UnusedPorts, SingleHomedPorts, UnusedGlobalPort, EmptyDesign,
	NICPCIDropped, GPUsOutsideDomains,
}
