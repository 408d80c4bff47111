package ir

import "strings"

// Workload is a compiled `workload` block: a training job's candidate
// GPUs (or implicit hosts), how many of them it uses and how they are
// chosen, its parallelism, its per-step compute time and its collectives.
// The compiler resolves every reference to node ids; the ranks are chosen
// from Pool by Workload.Ranks (Placement.Place, placement.go), which every
// analysis and hand-off shares; analyzers/congestion also places smaller
// copies of the job for its scaling table.
type Workload struct {
	// Name is the block's label.
	Name string
	// Pool lists the nodes the job may run on, in rank order before
	// placement: GPUs (node_group.<g>.gpus, server by server, GPU index
	// within a server) or implicit hosts (fabric.<f>.endpoints), already
	// narrowed to the workload's `nodes` and `units` when those are given.
	Pool []NodeID
	// Placement chooses the ranks from Pool.
	Placement Placement
	// Fabric is the scale-out fabric that carries traffic between servers
	// (None when the job fits in one NVLink domain or has no fabric).
	Fabric FabricID
	// Routing is how the workload's collectives use equal-cost paths
	// unless one names its own ("ecmp", "ideal", "pinned"): the
	// workload's routing argument, else "pinned" on an InfiniBand fabric
	// (a subnet manager's forwarding tables route by destination) and
	// "ecmp" elsewhere.
	Routing string
	// Parallelism gives the group sizes: Data × Tensor × Pipeline equals
	// Placement.Count and Expert divides Data (checked by the compiler).
	Parallelism Parallelism
	// ComputeTimeS is the compute time of one training step on one GPU,
	// seconds; 0 when not given (no step-time model).
	ComputeTimeS float64
	// ComputeDerivation says how a model block's compute time was reached
	// (compiler/training), "" when compute_time was written or absent.
	ComputeDerivation string
	// BackwardTimeS is the backward pass's part of ComputeTimeS (a model
	// block's derivation; 0 otherwise), and Overlap the fraction, 0 to 1,
	// of the data-parallel collectives' time that runs during it.
	BackwardTimeS, Overlap float64
	// Levers are the workload's what-ifs (`lever` blocks), in source
	// order.
	Levers []Lever
	// Collectives are the collective blocks, in source order.
	Collectives []Collective
	// Switches holds the catalogue facts of every switch model in the
	// graph that routing may cross, sorted by model name.
	Switches []SwitchFacts
	// NVLS reports that the NVSwitches of the job's NVLink domains do
	// in-switch reduction (NVLink SHARP): either their switch model says
	// sharp = true, or they are in-server NVSwitches next to GPUs of
	// compute capability 9.0 or later (NCCL env.rst: NVLS needs NVSwitch
	// and Hopper or later; designs.md §4).
	NVLS bool
	// Origin is the workload block's range.
	Origin OriginID
}

// Lever is one what-if of a workload (a `lever` block): the same job with
// some training choices changed, its collectives derived again from the
// model (compiler/training), evaluated beside the job as it is.
type Lever struct {
	// Name is the block's label.
	Name string
	// Changes says what the lever sets, one "argument = value" each, in
	// argument order.
	Changes []string
	// Parallelism, Collectives, ComputeTimeS, BackwardTimeS and Overlap
	// are the lever's job, as the Workload fields of the same names.
	Parallelism                          Parallelism
	Collectives                          []Collective
	ComputeTimeS, BackwardTimeS, Overlap float64
	// InNetwork reduces every AllReduce in the network (SHARP, NVLS)
	// where the parts can and it is faster.
	InNetwork bool
	// Origin is the lever block's range.
	Origin OriginID
}

// Placement strategies (Placement.Strategy).
const (
	// PlacePacked takes the first Count nodes of the pool: whole servers
	// first, as a scheduler that packs jobs does.
	PlacePacked = "packed"
	// PlaceSpread deals ranks round-robin over the pool's servers: one
	// GPU of every server, then the second of every server, and so on.
	PlaceSpread = "spread"
	// PlaceRandom draws Count pool nodes uniformly without replacement
	// with a seeded generator and keeps them in pool order.
	PlaceRandom = "random"
)

// Placement is how a workload's ranks are chosen from its pool.
type Placement struct {
	// Strategy is PlacePacked, PlaceSpread or PlaceRandom.
	Strategy string
	// Count is the number of ranks (1 ≤ Count ≤ len(Pool)).
	Count int
	// Seed seeds PlaceRandom.
	Seed uint64
}

// Parallelism is the job's decomposition, Megatron-Core style: by
// default ranks are numbered tensor-fastest, then context, then data,
// then pipeline (rank = t + T·(c + C·(d + D·p)), with t < Tensor,
// c < Context, d < Data, p < Pipeline, and rank r the r-th node of
// Workload.Ranks), or in the order Order gives;
// expert-parallel groups split each data-parallel group into consecutive
// blocks of Expert ranks. Parallelism.Groups lists the groups of each
// dimension.
type Parallelism struct {
	// Data, Tensor, Pipeline and Expert are the group sizes (each ≥ 1).
	Data, Tensor, Pipeline, Expert int
	// Context is the context-parallel size: the ranks that split each
	// sequence between them. 0 reads as 1 (ContextSize).
	Context int
	// Order is the rank order, fastest dimension first, in
	// Megatron-Core's spelling: a permutation of "tp", "cp", "dp" and
	// "pp" joined by "-" (lang.ParallelOrderDims), with "ep" optionally
	// next to "dp". Expert groups are always carved from the data
	// dimension: "ep-dp" (or no "ep") makes them consecutive data ranks,
	// "dp-ep" strided ones (ExpertOuter). "" is DefaultOrder.
	Order string
}

// DefaultOrder is Megatron-Core's default rank order (parallel_state.py,
// "tp-cp-ep-dp-pp", with expert groups inside the data dimension).
const DefaultOrder = "tp-cp-dp-pp"

// ExpertOuter reports whether Order puts "ep" after "dp" ("dp-ep"): the
// expert index is then the slower part of the data coordinate, d =
// k + (D/E)·e, rather than the faster, d = e + E·k (Megatron-Core's
// RankGenerator, parallel_state.py, numbers ranks in the order given).
func (p Parallelism) ExpertOuter() bool { return strings.Contains(p.Order, "dp-ep") }

// ContextSize is Context, or 1 when it is not set.
func (p Parallelism) ContextSize() int { return max(p.Context, 1) }

// Strides returns each coordinate's weight in a rank number: rank =
// t·st + c·sc + d·sd + p·sp, the product of the sizes of the dimensions
// before it in Order. The language checks that Order permutes
// OrderDims; a dimension it leaves out counts after the others, in
// DefaultOrder's order.
func (p Parallelism) Strides() (st, sc, sd, sp int) {
	size := map[string]int{"tp": p.Tensor, "cp": p.ContextSize(), "dp": p.Data, "pp": p.Pipeline}
	stride := map[string]int{}
	w := 1
	for _, d := range append(strings.Split(p.Order, "-"), strings.Split(DefaultOrder, "-")...) {
		if _, known := size[d]; known && stride[d] == 0 {
			stride[d] = w
			w *= size[d]
		}
	}
	return stride["tp"], stride["cp"], stride["dp"], stride["pp"]
}

// Collective operations (Collective.Op).
const (
	OpAllReduce     = "allreduce"
	OpAllGather     = "allgather"
	OpReduceScatter = "reducescatter"
	OpAllToAll      = "alltoall"
	OpSendRecv      = "sendrecv"
)

// Collective is one `collective` block of a workload.
type Collective struct {
	// Name is the block's label.
	Name string
	// Op is one of the Op* constants.
	Op string
	// Algorithm is "ring", "tree", "hierarchical" or "nvls" for
	// AllReduce, "ring" for AllGather and ReduceScatter, "direct" for
	// AllToAll and SendRecv.
	Algorithm string
	// SizeBytes is the message size in the nccl-tests convention: the
	// whole buffer of one rank (for AllGather, the gathered result).
	SizeBytes float64
	// Group is the parallel dimension the collective runs over, one of
	// Parallelism.Groups' dimensions ("data", "tensor", "pipeline",
	// "expert", "expert_data", "context", "data_context" or "all"). One
	// instance runs in every group of that dimension, all at the same
	// time.
	Group string
	// Order is "rail_aware" (NCCL's topology-aware rings and PXN rail
	// matching) or "naive" (ranks in placement order, each GPU through its
	// own NIC).
	Order string
	// Routing is how flows use equal-cost next hops: "ecmp" (static
	// per-QP hashing), "ideal" (even split, as packet spraying or
	// adaptive routing approaches) or "pinned" (one route per destination).
	Routing string
	// Path is "minimal", "valiant" or "ugal" (non-minimal paths exist on
	// dragonflies only).
	Path string
	// FlowsPerPair is the number of queue pairs (flows) per GPU pair;
	// under "ecmp" each is hashed on its own.
	FlowsPerPair int
	// Seed seeds the ECMP hash and the Valiant/UGAL choices.
	Seed uint64
	// PerStep is how many times one training step runs the collective.
	PerStep float64
	// Direction is "forward", "backward" or "both" (SendRecv only).
	Direction string
	// Derivation is the arithmetic and source of a collective derived
	// from the workload's model block (compiler/training), "" for a
	// written collective block.
	Derivation string
	// Origin is the collective block's range (the model block's for a
	// derived one).
	Origin OriginID
}

// SwitchFacts are the catalogue numbers of one switch model that the
// collective cost model needs.
type SwitchFacts struct {
	// Model is the switch_model name.
	Model string
	// LatencyS is the port-to-port latency in seconds (0 = not published).
	LatencyS float64
	// SHARP reports in-network reduction support.
	SHARP bool
}
