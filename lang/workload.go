package lang

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/agext/levenshtein"
	"github.com/hashicorp/hcl/v2"

	"github.com/topoc/topoc/lang/diag"
)

// Workload is `workload "name" { ... }`: a training job placed on the
// design's GPUs, with its parallelism, its compute time per step and its
// collectives. References stay unevaluated (GPUs) and names stay strings
// (Fabric, Nodes, Units): the compiler resolves them and reports a
// dangling one at its range.
type Workload struct {
	// Name is the block's label.
	Name string
	// GPUs is the pool: node_group.<g>.gpus (a list of them for several
	// groups, pooled in order), or fabric.<f>.endpoints alone for a
	// fabric of implicit hosts or an nvlink_domain.
	GPUs []*Ref
	// Nodes narrows the pool to the named servers.
	Nodes Val[[]string]
	// Units narrows the pool to the servers of the named units ("su0",
	// "pod1").
	Units Val[[]string]
	// GPUCount is how many of the pool the job uses (default: all).
	GPUCount Val[int64]
	// Placement is "packed" (default), "spread" or "random".
	Placement Val[string]
	// Seed seeds random placement (default 1).
	Seed Val[int64]
	// Fabric names the scale-out fabric between servers (default: the one
	// fabric that the pool's compute NICs attach to).
	Fabric Val[string]
	// ComputeTime is the compute time of one step on one GPU, seconds.
	ComputeTime Val[float64]
	// Routing is the routing of every collective that does not name its
	// own, derived ones included (RoutingModes); unset, the fabric's
	// protocol decides (compiler: "pinned" on InfiniBand, else "ecmp").
	Routing Val[string]
	// Parallelism is the `parallelism` block, nil when absent.
	Parallelism *Parallelism
	// Collectives are the collective blocks, in source order.
	Collectives []*Collective
	// Model is the `model` block, nil when absent: the compiler derives
	// collectives and the compute time from it (compiler/training).
	Model *TrainingModel
	// Levers are the `lever` blocks, in source order: variants of the
	// model's training choices, each evaluated beside the job as it is.
	Levers []*Lever
	// DeclRange is the block header's range.
	DeclRange hcl.Range
}

// TrainingModel is a workload's `model { ... }` block: the transformer a
// job trains and how (docs/language.md, "model"). Counts are plain
// numbers; dtypes are names from Dtypes.
type TrainingModel struct {
	Parameters, ActiveParameters, ExpertParameters Val[float64]
	Layers, MoELayers, Hidden                      Val[int64]
	SequenceLength, MicroBatch, GlobalBatch        Val[int64]
	Experts, TopK                                  Val[int64]
	// AttentionHeads and KVHeads are the query heads and the key-value
	// heads (query groups of grouped-query attention); they size the
	// keys and values context parallelism exchanges.
	AttentionHeads, KVHeads Val[int64]
	CapacityFactor          Val[float64]
	GPUPeak                 Val[float64]
	Utilization             Val[float64]
	// TrainingChoices are the arguments a lever may also set.
	TrainingChoices
	// DeclRange is the block header's range.
	DeclRange hcl.Range
}

// TrainingChoices are how a model is trained, as a model block sets them
// and a lever block changes them: number formats, ZeRO stage, sequence
// parallelism, recomputation, interleaving and overlap.
type TrainingChoices struct {
	WeightDtype, ActivationDtype, GradientDtype, DispatchDtype Val[string]
	ZeROStage, VirtualStages                                   Val[int64]
	SequenceParallel                                           Val[bool]
	Recompute                                                  Val[string]
	Overlap                                                    Val[float64]
}

// trainingChoiceArgs are TrainingChoices' argument names.
var trainingChoiceArgs = []string{"weight_dtype", "activation_dtype", "gradient_dtype", "dispatch_dtype", "zero_stage",
	"virtual_stages", "sequence_parallel", "recompute", "overlap"}

// decodeTrainingChoices reads and checks the TrainingChoices arguments.
func decodeTrainingChoices(a *attrs) TrainingChoices {
	c := TrainingChoices{WeightDtype: a.str("weight_dtype"), ActivationDtype: a.str("activation_dtype"), GradientDtype: a.str("gradient_dtype"),
		DispatchDtype: a.str("dispatch_dtype"), ZeROStage: a.int("zero_stage"), VirtualStages: a.int("virtual_stages"),
		SequenceParallel: a.boolean("sequence_parallel"), Recompute: a.str("recompute"), Overlap: a.number("overlap")}
	for _, v := range []struct {
		name string
		val  Val[string]
	}{{"weight_dtype", c.WeightDtype}, {"activation_dtype", c.ActivationDtype}, {"gradient_dtype", c.GradientDtype}, {"dispatch_dtype", c.DispatchDtype}} {
		oneOf(a, v.val, v.name, DtypeNames)
	}
	oneOf(a, c.Recompute, "recompute", Recomputes)
	if c.Overlap.Set && !(c.Overlap.V >= 0 && c.Overlap.V <= 1) {
		a.diags = append(a.diags, diag.Error(diag.InvalidValue, c.Overlap.Range, "Invalid overlap",
			fmt.Sprintf("overlap is %g; it is the fraction of the data-parallel gradient sync hidden behind the backward pass, 0 (none) to 1 (all of it, as far as the backward pass lasts).", c.Overlap.V)))
	}
	if c.ZeROStage.Set && (c.ZeROStage.V < 0 || c.ZeROStage.V > 3) {
		a.diags = append(a.diags, diag.Error(diag.InvalidValue, c.ZeROStage.Range, "Invalid zero_stage",
			fmt.Sprintf("zero_stage is %d; write 0 (plain data parallelism), 1, 2 or 3 (ZeRO stages, Rajbhandari et al. 2020).", c.ZeROStage.V)))
	}
	if c.VirtualStages.Set && (c.VirtualStages.V < 1 || c.VirtualStages.V > maxModelLayers) {
		a.diags = append(a.diags, diag.Error(diag.InvalidValue, c.VirtualStages.Range, "Invalid virtual_stages",
			fmt.Sprintf("virtual_stages is %d; it must be from 1 to %d.", c.VirtualStages.V, maxModelLayers)))
	}
	return c
}

// Lever is a workload's `lever "name" { ... }` block: a what-if that
// changes some of the model's training choices (the rest stay), or the
// expert-parallel size, or uses in-network reduction where the parts
// offer it. Unset fields keep the job's value.
type Lever struct {
	// Name is the block's label.
	Name string
	// TrainingChoices are the model's choices the lever changes (unset:
	// the model's).
	TrainingChoices
	// Expert is the expert-parallel size (parallelism.expert).
	Expert Val[int64]
	// Context is the context-parallel size (parallelism.context); the
	// data-parallel size takes up the change.
	Context Val[int64]
	// InNetwork uses SHARP or NVLS for every AllReduce that the parts
	// reduce in the network, where it is faster.
	InNetwork Val[bool]
	// DeclRange is the block header's range.
	DeclRange hcl.Range
}

// Dtypes maps the number formats a model block names to their bytes per
// element (IEEE 754 and OCP 8-bit formats).
var Dtypes = map[string]float64{"fp32": 4, "tf32": 4, "bf16": 2, "fp16": 2, "fp8": 1, "int8": 1}

// DtypeNames lists Dtypes' keys in the order the docs give them.
var DtypeNames = []string{"fp32", "tf32", "bf16", "fp16", "fp8", "int8"}

// Bounds of a model block's values: far beyond any model trained (the
// largest published have about 2e12 parameters, 128 layers, hidden
// 16,384), low enough that derived sizes and times stay finite and
// printable. Guards, not modelling values.
const (
	maxModelParameters = 1e15
	maxModelLayers     = 100_000
	maxModelDim        = 1 << 24
	maxModelBatch      = 1 << 30
	maxCapacityFactor  = 64
	// minUtilization keeps a derived compute time below 1,000 × the
	// ideal one.
	minUtilization = 0.001
)

// Recomputes are the activation recomputation modes: none, or every
// layer's forward pass again in backward.
var Recomputes = []string{"none", "full"}

// Parallelism is the `parallelism { data, tensor, pipeline, expert,
// context }` block: group sizes of the job's decomposition.
type Parallelism struct {
	// Data, Tensor, Pipeline, Expert and Context are the group sizes
	// (unset: the compiler's defaults).
	Data, Tensor, Pipeline, Expert, Context Val[int64]
	// Order is the rank order, fastest first: ParallelOrderDims joined
	// by "-" in some order (unset: "tp-cp-dp-pp", Megatron-Core's).
	Order Val[string]
	// DeclRange is the block header's range.
	DeclRange hcl.Range
}

// Collective is one `collective "name" { ... }` block of a workload.
type Collective struct {
	// Name is the block's label.
	Name string
	// Op is "allreduce", "allgather", "reducescatter", "alltoall" or
	// "sendrecv".
	Op Val[string]
	// Algorithm is one of Algorithms[Op] (unset: the compiler's default).
	Algorithm Val[string]
	// Size is bytes, nccl-tests convention (docs/workloads.md).
	Size Val[float64]
	// Group is one of ParallelGroups.
	Group Val[string]
	// Order is "rail_aware" (default) or "naive".
	Order Val[string]
	// Routing is "ecmp", "ideal" or "pinned"; unset, the workload's
	// routing (Workload.Routing).
	Routing Val[string]
	// Path is "minimal" (default), "valiant" or "ugal".
	Path Val[string]
	// FlowsPerPair is the queue pairs per GPU pair (default 1).
	FlowsPerPair Val[int64]
	// Seed seeds ECMP hashing and Valiant/UGAL choices (default 1).
	Seed Val[int64]
	// PerStep is how many times one training step runs it (default 1).
	PerStep Val[int64]
	// Direction is "forward", "backward" or "both" (sendrecv only).
	Direction Val[string]
	// DeclRange is the block header's range.
	DeclRange hcl.Range
}

// Allowed values of the workload's enumerated arguments, in the order the
// docs list them. The first entry of each is not necessarily the default:
// defaults depend on the operation (docs/language.md, "workload").
var (
	PlacementStrategies = []string{"packed", "spread", "random"}
	CollectiveOps       = []string{"allreduce", "allgather", "reducescatter", "alltoall", "sendrecv"}
	Algorithms          = map[string][]string{
		"allreduce":     {"ring", "tree", "hierarchical", "nvls"},
		"allgather":     {"ring"},
		"reducescatter": {"ring"},
		"alltoall":      {"direct"},
		"sendrecv":      {"direct"},
	}
	ParallelGroups = []string{"data", "tensor", "pipeline", "expert", "expert_data", "context", "data_context", "all"}
	RankOrders     = []string{"rail_aware", "naive"}
	RoutingModes   = []string{"ecmp", "ideal", "pinned"}
	PathPolicies   = []string{"minimal", "valiant", "ugal"}
	Directions     = []string{"forward", "backward", "both"}
)

var workloadSchema = schemaOf([]string{"gpus", "nodes", "units", "gpu_count", "placement", "seed", "fabric", "compute_time", "routing"},
	hcl.BlockHeaderSchema{Type: "parallelism"},
	hcl.BlockHeaderSchema{Type: "model"},
	hcl.BlockHeaderSchema{Type: "lever", LabelNames: []string{"name"}},
	hcl.BlockHeaderSchema{Type: "collective", LabelNames: []string{"name"}})

var modelSchema = schemaOf(append([]string{"parameters", "active_parameters", "expert_parameters", "layers", "moe_layers", "hidden",
	"attention_heads", "kv_heads", "sequence_length", "micro_batch", "global_batch", "experts", "top_k", "capacity_factor", "gpu_peak", "utilization"}, trainingChoiceArgs...))

var leverSchema = schemaOf(append([]string{"expert", "context", "in_network"}, trainingChoiceArgs...))

var parallelismSchema = schemaOf([]string{"data", "tensor", "pipeline", "expert", "context", "order"})

// ParallelOrderDims are the dimensions a parallelism block's order
// permutes, in Megatron-Core's spelling: tensor, context, data and
// pipeline. Expert groups are carved from data, so "ep" is optional and
// only says, next to "dp", whether they are its fast ("ep-dp",
// consecutive data ranks) or slow ("dp-ep", strided) part.
var ParallelOrderDims = []string{"tp", "cp", "dp", "pp"}

var collectiveSchema = schemaOf([]string{"op", "algorithm", "size", "group", "order", "routing", "path",
	"flows_per_pair", "seed", "per_step", "direction"})

func decodeWorkload(b *hcl.Block, ctx *hcl.EvalContext, diags *hcl.Diagnostics) *Workload {
	c := content(b, workloadSchema, diags)
	a := newAttrs(c, ctx, b.DefRange)
	w := &Workload{Name: b.Labels[0], DeclRange: b.DefRange,
		GPUs: a.refs("gpus", "node_group.dgx.gpus"), Nodes: a.strs("nodes"), Units: a.strs("units"), GPUCount: a.int("gpu_count"),
		Placement: a.str("placement"), Seed: a.int("seed"), Fabric: a.str("fabric")}
	if _, ok := a.get("gpus"); !ok {
		a.diags = append(a.diags, diag.Error(diag.HCLSchema, b.DefRange, "Missing required argument",
			"A workload needs the argument \"gpus\": the GPUs it may run on, such as node_group.dgx.gpus."))
	}
	w.ComputeTime = a.duration("compute_time")
	w.Routing = a.str("routing")
	oneOf(a, w.Placement, "placement", PlacementStrategies)
	oneOf(a, w.Routing, "routing", RoutingModes)
	if w.GPUCount.Set && w.GPUCount.V < 1 {
		a.diags = append(a.diags, diag.Error(diag.InvalidValue, w.GPUCount.Range, "Invalid gpu_count",
			fmt.Sprintf("gpu_count is %d; a workload runs on at least one GPU.", w.GPUCount.V)))
	}
	*diags = append(*diags, a.diags...)
	names := map[string]hcl.Range{}
	levers := map[string]hcl.Range{}
	for _, blk := range c.Blocks {
		switch blk.Type {
		case "parallelism":
			if w.Parallelism != nil {
				*diags = append(*diags, diag.Error(diag.HCLSchema, blk.DefRange, "Duplicate parallelism block",
					fmt.Sprintf("A workload has one parallelism block; the first is at %s.", w.Parallelism.DeclRange)))
				continue
			}
			w.Parallelism = decodeParallelism(blk, ctx, diags)
		case "model":
			if w.Model != nil {
				*diags = append(*diags, diag.Error(diag.HCLSchema, blk.DefRange, "Duplicate model block",
					fmt.Sprintf("A workload trains one model; the first model block is at %s.", w.Model.DeclRange)))
				continue
			}
			w.Model = decodeModel(blk, ctx, diags)
		case "lever":
			name := blk.Labels[0]
			if first, dup := levers[name]; dup {
				*diags = append(*diags, diag.Error(diag.DuplicateName, blk.LabelRanges[0], fmt.Sprintf("Duplicate lever %q", name),
					fmt.Sprintf("Workload %q already has a lever named %q at %s; rename one.", w.Name, name, first)))
				continue
			}
			levers[name] = blk.DefRange
			w.Levers = append(w.Levers, decodeLever(blk, ctx, diags))
		case "collective":
			name := blk.Labels[0]
			if first, dup := names[name]; dup {
				*diags = append(*diags, diag.Error(diag.DuplicateName, blk.LabelRanges[0],
					fmt.Sprintf("Duplicate collective %q", name),
					fmt.Sprintf("Workload %q already has a collective named %q at %s; rename one.", w.Name, name, first)))
				continue
			}
			names[name] = blk.DefRange
			w.Collectives = append(w.Collectives, decodeCollective(blk, ctx, diags))
		}
	}
	return w
}

func decodeModel(b *hcl.Block, ctx *hcl.EvalContext, diags *hcl.Diagnostics) *TrainingModel {
	a := newAttrs(content(b, modelSchema, diags), ctx, b.DefRange)
	m := &TrainingModel{DeclRange: b.DefRange,
		Parameters: a.number("parameters"), ActiveParameters: a.number("active_parameters"), ExpertParameters: a.number("expert_parameters"),
		Layers: a.int("layers"), MoELayers: a.int("moe_layers"), Hidden: a.int("hidden"),
		SequenceLength: a.int("sequence_length"), MicroBatch: a.int("micro_batch"), GlobalBatch: a.int("global_batch"),
		Experts: a.int("experts"), TopK: a.int("top_k"), CapacityFactor: a.number("capacity_factor"),
		AttentionHeads: a.int("attention_heads"), KVHeads: a.int("kv_heads"),
		GPUPeak: a.compute("gpu_peak"), Utilization: a.number("utilization"), TrainingChoices: decodeTrainingChoices(a)}
	for _, n := range []string{"parameters", "layers", "hidden", "sequence_length", "micro_batch", "global_batch"} {
		_, ok := a.get(n)
		requireSet(a, n, ok, "model")
	}
	for _, v := range []struct {
		name string
		val  Val[int64]
		max  int64
	}{{"layers", m.Layers, maxModelLayers}, {"hidden", m.Hidden, maxModelDim}, {"sequence_length", m.SequenceLength, maxModelDim},
		{"micro_batch", m.MicroBatch, maxModelBatch}, {"global_batch", m.GlobalBatch, maxModelBatch}, {"experts", m.Experts, maxModelDim},
		{"top_k", m.TopK, maxModelDim}, {"moe_layers", m.MoELayers, maxModelLayers},
		{"attention_heads", m.AttentionHeads, maxModelDim}, {"kv_heads", m.KVHeads, maxModelDim}} {
		if v.val.Set && (v.val.V < 1 || v.val.V > v.max) {
			a.diags = append(a.diags, diag.Error(diag.InvalidValue, v.val.Range, "Invalid "+v.name,
				fmt.Sprintf("%s is %d; it must be from 1 to %d.", v.name, v.val.V, v.max)))
		}
	}
	for _, v := range []struct {
		name     string
		val      Val[float64]
		min, max float64
		hint     string
	}{{"parameters", m.Parameters, 1, maxModelParameters, "a count of parameters, 70e9 for a 70B model"},
		{"active_parameters", m.ActiveParameters, 1, maxModelParameters, "the parameters one token passes through, 37e9 for DeepSeek-V3"},
		{"expert_parameters", m.ExpertParameters, 1, maxModelParameters, "the parameters in routed experts"},
		{"capacity_factor", m.CapacityFactor, 1, maxCapacityFactor, "expert slots per token routed, 1 for no padding"}} {
		if v.val.Set && !(v.val.V >= v.min && v.val.V <= v.max) {
			a.diags = append(a.diags, diag.Error(diag.InvalidValue, v.val.Range, "Invalid "+v.name,
				fmt.Sprintf("%s is %g; it must be from %g to %g (%s).", v.name, v.val.V, v.min, v.max, v.hint)))
		}
	}
	if m.GPUPeak.Set && !(m.GPUPeak.V > 0) {
		a.diags = append(a.diags, diag.Error(diag.InvalidValue, m.GPUPeak.Range, "Invalid gpu_peak",
			"gpu_peak is zero; give the GPU's datasheet peak in the training format, e.g. \"989TFLOP/s\" (H100 SXM, dense BF16)."))
	}
	if m.Utilization.Set && !(m.Utilization.V >= minUtilization && m.Utilization.V <= 1) {
		a.diags = append(a.diags, diag.Error(diag.InvalidValue, m.Utilization.Range, "Invalid utilization",
			fmt.Sprintf("utilization is %g; it is the fraction of gpu_peak the GPUs run at, every FLOP counted (hardware FLOPs utilization; MFU without recomputation), from %g to 1.", m.Utilization.V, minUtilization)))
	}
	peak, hasPeak := a.get("gpu_peak")
	util, hasUtil := a.get("utilization")
	if hasPeak != hasUtil {
		var rng hcl.Range
		if hasPeak {
			rng = peak.Range
		} else {
			rng = util.Range
		}
		a.diags = append(a.diags, diag.Error(diag.InvalidValue, rng, "gpu_peak and utilization go together",
			"The compute time is (6 × active parameters + 12 × layers × sequence_length × hidden) × tokens ÷ (GPUs × gpu_peak × utilization); give both (gpu_peak = \"989TFLOP/s\", utilization = 0.4), or neither and set the workload's compute_time."))
	}
	*diags = append(*diags, a.diags...)
	return m
}

func decodeLever(b *hcl.Block, ctx *hcl.EvalContext, diags *hcl.Diagnostics) *Lever {
	a := newAttrs(content(b, leverSchema, diags), ctx, b.DefRange)
	l := &Lever{Name: b.Labels[0], DeclRange: b.DefRange, TrainingChoices: decodeTrainingChoices(a),
		Expert: a.int("expert"), Context: a.int("context"), InNetwork: a.boolean("in_network")}
	for _, v := range []struct {
		name string
		val  Val[int64]
	}{{"expert", l.Expert}, {"context", l.Context}} {
		if v.val.Set && v.val.V < 1 {
			a.diags = append(a.diags, diag.Error(diag.InvalidValue, v.val.Range, "Invalid "+v.name,
				fmt.Sprintf("%s is %d; it must be at least 1.", v.name, v.val.V)))
		}
	}
	if attrs, _ := b.Body.JustAttributes(); len(attrs) == 0 && len(a.m) == 0 {
		a.diags = append(a.diags, diag.Error(diag.InvalidValue, b.DefRange, "Empty lever",
			fmt.Sprintf("Lever %q changes nothing; set what it tries, e.g. gradient_dtype = \"fp8\", zero_stage = 3, overlap = 0.9 or in_network = true.", l.Name)))
	}
	*diags = append(*diags, a.diags...)
	return l
}

func decodeParallelism(b *hcl.Block, ctx *hcl.EvalContext, diags *hcl.Diagnostics) *Parallelism {
	a := newAttrs(content(b, parallelismSchema, diags), ctx, b.DefRange)
	p := &Parallelism{DeclRange: b.DefRange, Data: a.int("data"), Tensor: a.int("tensor"),
		Pipeline: a.int("pipeline"), Expert: a.int("expert"), Context: a.int("context"), Order: a.str("order")}
	if p.Order.Set && !isOrder(p.Order.V) {
		a.diags = append(a.diags, diag.Error(diag.InvalidValue, p.Order.Range, "Invalid order",
			fmt.Sprintf("order is %q; write the dimensions %s at most once each, fastest first, joined by \"-\" (those of size 1 may be left out), and \"ep\" if you like right before or after \"dp\" (expert groups are carved from the data-parallel ranks): \"tp-cp-ep-dp-pp\" (Megatron-Core's default) or \"tp-cp-pp-dp\" (Llama 3's, data-parallel replicas outermost).", p.Order.V, quoteAll(ParallelOrderDims))))
	}
	for _, v := range []struct {
		name string
		val  Val[int64]
	}{{"data", p.Data}, {"tensor", p.Tensor}, {"pipeline", p.Pipeline}, {"expert", p.Expert}, {"context", p.Context}} {
		if v.val.Set && v.val.V < 1 {
			a.diags = append(a.diags, diag.Error(diag.InvalidValue, v.val.Range, "Invalid parallel size",
				fmt.Sprintf("%s is %d; a parallel group holds at least one rank.", v.name, v.val.V)))
		}
	}
	*diags = append(*diags, a.diags...)
	return p
}

func decodeCollective(b *hcl.Block, ctx *hcl.EvalContext, diags *hcl.Diagnostics) *Collective {
	a := newAttrs(content(b, collectiveSchema, diags), ctx, b.DefRange)
	c := &Collective{Name: b.Labels[0], DeclRange: b.DefRange,
		Op: a.str("op"), Algorithm: a.str("algorithm"), Size: a.size("size"), Group: a.str("group"),
		Order: a.str("order"), Routing: a.str("routing"), Path: a.str("path"),
		FlowsPerPair: a.int("flows_per_pair"), Seed: a.int("seed"), PerStep: a.int("per_step"),
		Direction: a.str("direction")}
	requireSet(a, "op", c.Op.Set, "collective")
	requireSet(a, "size", c.Size.Set, "collective")
	oneOf(a, c.Op, "op", CollectiveOps)
	if algs, ok := Algorithms[c.Op.V]; ok && c.Op.Set {
		oneOf(a, c.Algorithm, "algorithm", algs)
	}
	oneOf(a, c.Group, "group", ParallelGroups)
	oneOf(a, c.Order, "order", RankOrders)
	oneOf(a, c.Routing, "routing", RoutingModes)
	oneOf(a, c.Path, "path", PathPolicies)
	oneOf(a, c.Direction, "direction", Directions)
	if c.Direction.Set && c.Op.V != "sendrecv" {
		a.diags = append(a.diags, diag.Error(diag.InvalidValue, c.Direction.Range, "direction applies to sendrecv only",
			fmt.Sprintf("Collective %q is %s; remove direction, which chooses the pipeline direction of a sendrecv.", c.Name, c.Op.V)))
	}
	if c.Size.Set && c.Size.V <= 0 {
		a.diags = append(a.diags, diag.Error(diag.InvalidValue, c.Size.Range, "Invalid size",
			"size must be positive, e.g. \"140GB\" (one FP16 gradient of a 70B-parameter model)."))
	}
	for _, v := range []struct {
		name string
		val  Val[int64]
	}{{"flows_per_pair", c.FlowsPerPair}, {"per_step", c.PerStep}} {
		if v.val.Set && v.val.V < 1 {
			a.diags = append(a.diags, diag.Error(diag.InvalidValue, v.val.Range, "Invalid "+v.name,
				fmt.Sprintf("%s is %d; it must be at least 1.", v.name, v.val.V)))
		}
	}
	if c.FlowsPerPair.Set && c.FlowsPerPair.V > MaxFlowsPerPair {
		a.diags = append(a.diags, diag.Error(diag.InvalidValue, c.FlowsPerPair.Range, "flows_per_pair too large",
			fmt.Sprintf("flows_per_pair is %d; at most %d queue pairs per GPU pair are modelled.", c.FlowsPerPair.V, MaxFlowsPerPair)))
	}
	*diags = append(*diags, a.diags...)
	return c
}

// MaxFlowsPerPair caps queue pairs per GPU pair. NCCL's
// NCCL_IB_QPS_PER_CONNECTION defaults to 1 and is rarely set above 8; 64
// leaves room while bounding the work of per-QP hashing. A modelling
// assumption.
const MaxFlowsPerPair = 64

// duration reads a duration literal such as "350ms" or "1.2s" (the
// grammar of switch_model latency) into seconds.
func (a *attrs) duration(name string) Val[float64] {
	s := a.str(name)
	if !s.Set {
		return Val[float64]{Range: s.Range}
	}
	if _, err := parseDuration(s.V); err != nil {
		a.diags = append(a.diags, diag.Error(diag.InvalidUnit, s.Range, "Invalid "+name, err.Error()))
		return Val[float64]{Range: s.Range}
	}
	// Scale in decimal (ParseFloat of "350e-3"), so "350ms" is the double
	// nearest 0.35 rather than 350 × 0.001.
	m := durationRE.FindStringSubmatch(s.V)
	exp := map[string]string{"ns": "e-9", "us": "e-6", "µs": "e-6", "ms": "e-3", "s": ""}[m[2]]
	v, _ := strconv.ParseFloat(m[1]+exp, 64)
	return Val[float64]{V: v, Range: s.Range, Set: true}
}

// isOrder reports whether order names dimensions of ParallelOrderDims
// at most once each, at least one, joined by "-", with "ep" at most once
// and next to "dp" (Megatron-Core's RankGenerator requires ep and dp
// adjacent, parallel_state.py). Dimensions left out are completed by
// CompleteOrder; the compiler requires them to be of size 1.
func isOrder(order string) bool {
	dims := strings.Split(order, "-")
	if i := slices.Index(dims, "ep"); i >= 0 {
		nextToDP := i > 0 && dims[i-1] == "dp" || i+1 < len(dims) && dims[i+1] == "dp"
		if !nextToDP {
			return false
		}
		dims = slices.Delete(dims, i, i+1)
	}
	if len(dims) == 0 {
		return false
	}
	for i, d := range dims {
		if !slices.Contains(ParallelOrderDims, d) || slices.Contains(dims[:i], d) {
			return false
		}
	}
	return true
}

// CompleteOrder returns order (isOrder) with the dimensions it leaves
// out put where Megatron-Core's default "tp-cp-dp-pp" puts them relative
// to their neighbours: tp first, cp right after tp (else first), dp
// right before pp (else last), pp last; and missing, the dimensions it
// added. A dimension of size 1 may sit anywhere; the compiler requires
// the missing ones to be of size 1 in the workload (a lever may change
// context, and cp is then where Megatron-Core puts it).
func CompleteOrder(order string) (full string, missing []string) {
	dims := strings.Split(order, "-")
	has := func(d string) bool { return slices.Contains(dims, d) }
	insertAt := func(i int, d string) { dims = slices.Insert(dims, i, d) }
	if !has("tp") {
		insertAt(0, "tp")
		missing = append(missing, "tp")
	}
	if !has("cp") {
		insertAt(slices.Index(dims, "tp")+1, "cp")
		missing = append(missing, "cp")
	}
	if !has("dp") {
		if i := slices.Index(dims, "pp"); i >= 0 {
			insertAt(i, "dp")
		} else {
			dims = append(dims, "dp")
		}
		missing = append(missing, "dp")
	}
	if !has("pp") {
		dims = append(dims, "pp")
		missing = append(missing, "pp")
	}
	return strings.Join(dims, "-"), missing
}

// oneOf reports a set string argument that is not one of allowed,
// suggesting the closest allowed value.

func oneOf(a *attrs, v Val[string], name string, allowed []string) {
	if !v.Set {
		return
	}
	for _, x := range allowed {
		if v.V == x {
			return
		}
	}
	hint := ""
	best, dist := "", 3
	for _, x := range allowed {
		if d := levenshtein.Distance(v.V, x, nil); d < dist {
			best, dist = x, d
		}
	}
	if best != "" {
		hint = fmt.Sprintf(" Did you mean %q?", best)
	}
	a.diags = append(a.diags, diag.Error(diag.InvalidValue, v.Range, "Invalid "+name,
		fmt.Sprintf("%s is %q; write one of %s.%s", name, v.V, quoteAll(allowed), hint)))
}

func quoteAll(xs []string) string {
	q := make([]string, len(xs))
	for i, x := range xs {
		q[i] = fmt.Sprintf("%q", x)
	}
	return strings.Join(q, ", ")
}
