package resilience

import "testing"

// TestWorstRestartsFirst: trial 56's leaf sweep. A frontend leaf and a
// backend rail leaf each degrade 256 ranks; the frontend's residual
// bound is looser (61.8%) but only the backend leaf restarts the
// training job, so it is the sweep's worst. The frontend fabric's own
// worst leaves the workloads out.
func TestWorstRestartsFirst(t *testing.T) {
	os := []Outcome{
		{Group: "plane0/su0/leaf0", Fabrics: []FabricOutcome{{Fabric: "frontend", RanksDegraded: 256, LowerPercent: 61.8}},
			Workloads: []WorkloadOutcome{{Workload: "llm", Status: StatusUnaffected}}},
		{Group: "su0/leaf0", Fabrics: []FabricOutcome{{Fabric: "backend", RanksDegraded: 256, LowerPercent: 96.9}},
			Workloads: []WorkloadOutcome{{Workload: "llm", Status: StatusRestart}}},
	}
	if i := worst(os); i != 1 {
		t.Errorf("worst is %s; want su0/leaf0, which restarts the job", os[i].Group)
	}
	if i := worstIn(os, "frontend"); i != 0 {
		t.Errorf("frontend's worst is %d; want plane0/su0/leaf0", i)
	}
	os[1].Workloads[0].Status = StatusSlowed
	if i := worst(os); i != 0 {
		t.Errorf("with no restart the worst is %s; want the lower residual, plane0/su0/leaf0", os[i].Group)
	}
}
