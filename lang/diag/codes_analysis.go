package diag

// The analyzers' codes.
const (
	// RequirementFailed: a requirement's condition is false.
	RequirementFailed Code = "requirement-failed"
	// RequirementInvalid: a requirement's condition or message cannot be
	// evaluated (it names a result that does not exist, or is not a bool).
	RequirementInvalid Code = "requirement-invalid"
	// RequirementUnproven: a requirement reads a bounded result (a proven
	// interval, such as a bisection whose bounds do not meet) and holds
	// at one end but not the other, so it is neither met nor failed.
	RequirementUnproven Code = "requirement-unproven"
	// RequirementVacuous: a requirement is met by reading a what-if
	// class none of whose scenarios fails anything of the fabric it
	// names, so it holds by default.
	RequirementVacuous Code = "requirement-vacuous"
)

// The bisection analyzer's codes.
const (
	// IndivisibleSplit: a tiered fabric with no oversubscribed switch
	// falls short of full bisection because a tier's links cannot split
	// evenly over the units (informational).
	IndivisibleSplit Code = "indivisible-split"
)

// The PCIe path analyzer's codes.
const (
	// NICPCIeBottleneck: a NIC's PCIe link carries less than one of its
	// ports' line rate.
	NICPCIeBottleneck Code = "nic-pcie-bottleneck"
	// GPUWithoutLocalNIC: in a node model with PCIe switches, a GPU has no
	// compute NIC under its PCIe switch (no PIX path).
	GPUWithoutLocalNIC Code = "gpu-without-local-nic"
)

// analysisCodes are the codes of the analyzers (bisection, oversubscription, PCIe paths, requirements).
var analysisCodes = []Code{IndivisibleSplit, RequirementFailed, RequirementInvalid, RequirementUnproven, RequirementVacuous, NICPCIeBottleneck, GPUWithoutLocalNIC}
