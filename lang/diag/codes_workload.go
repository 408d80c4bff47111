package diag

// The codes of workloads (compiler/workloads.go) and of the collective
// congestion analysis (analyzers/congestion).
const (
	// WorkloadPlacement: a workload's pool or placement cannot be
	// satisfied (unknown server or unit, gpu_count larger than the pool,
	// an empty pool, a pool reference that is not a GPU list).
	WorkloadPlacement Code = "workload-placement"
	// WorkloadParallelism: the parallel group sizes do not multiply to the
	// number of GPUs, or expert does not divide data.
	WorkloadParallelism Code = "workload-parallelism"
	// WorkloadFabric: the workload's fabric is unknown, ambiguous, or does
	// not reach the servers it must join.
	WorkloadFabric Code = "workload-fabric"
	// WorkloadAlgorithm: a collective asks for something its fabric or
	// parts cannot do (Valiant or UGAL off a dragonfly, NVLS without
	// NVLink SHARP, a sendrecv without pipeline stages).
	WorkloadAlgorithm Code = "workload-algorithm"
	// CollectiveCongested: some link would carry more than its capacity
	// (congestion_factor > 1), so the collective runs slower than its
	// ports allow (warning).
	CollectiveCongested Code = "collective-congested"
	// CollectiveUnroutable: two ranks of a collective have no path
	// between them on the fabric.
	CollectiveUnroutable Code = "collective-unroutable"
	// CollectiveTrivial: a collective's groups hold one rank each, so it
	// moves no data (informational).
	CollectiveTrivial Code = "collective-trivial"
)

// workloadCodes are the codes of the workloads and collective congestion.
var workloadCodes = []Code{
	WorkloadPlacement, WorkloadParallelism, WorkloadFabric, WorkloadAlgorithm,
	CollectiveCongested, CollectiveUnroutable, CollectiveTrivial,
}
