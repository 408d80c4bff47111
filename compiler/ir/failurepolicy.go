package ir

// FailurePolicy is a compiled `failure_policy` block: how a Monte Carlo
// run draws failures (docs/resilience.md "Failure policies"). Each draw
// picks one mode with probability Weight ÷ the sum of the modes' weights
// and fails the union of what its rules select.
type FailurePolicy struct {
	Name  string
	Modes []FailureMode
	// Iterations (0: the default) and Seed are the draws and PCG seed
	// the block gives.
	Iterations int
	Seed       uint64
	Origin     OriginID
}

// FailureMode is one mode of a policy; a mode without rules fails nothing.
type FailureMode struct {
	Name string
	// Weight is ≥ 0; the policy's weights sum to more than 0.
	Weight float64
	Rules  []FailureRule
	Origin OriginID
}

// Selection is how a rule picks among the groups it matches.
type Selection string

// The selections of a rule (lang.FailureSelections).
const (
	// SelectAll fails every matching group.
	SelectAll Selection = "all"
	// SelectChoice fails Count distinct matching groups.
	SelectChoice Selection = "choice"
	// SelectRandom fails each matching group on its own with Probability.
	SelectRandom Selection = "random"
)

// FailureWeight is what a choice's chance per group is proportional to
// (lang.FailureWeights); WeightUniform gives every group the same.
type FailureWeight string

// The weights of a choice.
const (
	WeightUniform  FailureWeight = ""
	WeightLinks    FailureWeight = "links"
	WeightCapacity FailureWeight = "capacity"
	WeightDevices  FailureWeight = "devices"
	WeightGPUs     FailureWeight = "gpus"
)

// FailureRule selects risk groups of one class.
type FailureRule struct {
	// Class is a risk-group class of the design (DerivedRiskClasses or a
	// declared RiskGroup's Class).
	Class  string
	Select Selection
	// Count is a choice's number of distinct groups (≥ 1).
	Count int
	// Probability is a random rule's chance per group, in [0, 1].
	Probability float64
	// Match holds path.Match globs over group names; nil matches all.
	Match    []string
	WeightBy FailureWeight
	Origin   OriginID
}

// Policy returns the failure policy named name, nil when there is none.
func (g *Graph) Policy(name string) *FailurePolicy {
	for i := range g.FailurePolicies {
		if g.FailurePolicies[i].Name == name {
			return &g.FailurePolicies[i]
		}
	}
	return nil
}
