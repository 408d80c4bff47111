package diag

// The resilience codes (risk_group blocks, `topoc whatif`,
// docs/resilience.md).
const (
	// RiskGroupEmpty: a declared risk group matches no device or link, so failing
	// it would fail nothing.
	RiskGroupEmpty Code = "risk-group-empty"
	// FailurePolicyUnsatisfiable: a failure_policy rule cannot be drawn
	// as the design stands (it matches no group, or chooses more groups
	// than it matches or than weigh above 0).
	FailurePolicyUnsatisfiable Code = "failure-policy-unsatisfiable"
)

// resilienceCodes are the resilience codes.
var resilienceCodes = []Code{RiskGroupEmpty, FailurePolicyUnsatisfiable, WhatifWorst}

// WhatifWorst: the worst scenario of one what-if sweep (`topoc whatif
// --format sarif`), at the design line of the failed group's first
// device.
const WhatifWorst Code = "whatif-worst"
