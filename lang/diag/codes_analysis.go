package diag

// The analyzers' codes.
const (
	// RequirementFailed: a requirement's condition is false.
	RequirementFailed Code = "requirement-failed"
	// RequirementInvalid: a requirement's condition or message cannot be
	// evaluated (it names a result that does not exist, or is not a bool).
	RequirementInvalid Code = "requirement-invalid"
)

// analysisCodes are the codes of the analyzers (bisection, oversubscription, PCIe paths, requirements).
var analysisCodes = []Code{RequirementFailed, RequirementInvalid}
