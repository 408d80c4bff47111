// Package training derives one training step's collectives and compute
// time from a model and its parallelism: what a workload's `model` block
// stands for. It knows transformer training (dense and mixture-of-experts)
// as Megatron-LM and DeepSpeed/FSDP run it, and nothing about fabrics:
// the compiler turns its output into the workload's collectives, which
// the congestion analyzer routes like hand-written ones.
//
// Every count and size is per GPU and per training step, in the
// nccl-tests convention of docs/workloads.md (a collective's size is one
// rank's whole buffer; for AllGather the gathered result). The formulas
// and their sources:
//
//   - Tensor parallelism (Shoeybi et al., "Megatron-LM", arXiv
//     1909.08053, §3; Narayanan et al., SC21, arXiv 2104.04473, §3.1): two
//     AllReduces in each layer's forward pass (after attention, after the
//     MLP) and two in its backward pass, each of the layer's activations,
//     b·s·h elements. With sequence parallelism (Korthikanti et al.,
//     "Reducing Activation Recomputation in Large Transformer Models",
//     arXiv 2205.05198, §4.2.2) each AllReduce becomes an AllGather and a
//     ReduceScatter of the same buffer. Full activation recomputation
//     runs the forward pass again: two more of each per layer.
//   - Pipeline parallelism (Narayanan et al. 2021, §2.2 and §4.1): per
//     micro-batch, one point-to-point transfer of b·s·h elements forward
//     (activations) and one backward (their gradients) at every stage
//     boundary, cut to b·s·h/t per GPU by the scatter/gather optimization
//     (Megatron-LM's default); an interleaved schedule with v model chunks
//     per GPU sends v times as many. Bubble: (p−1)/m of the ideal compute
//     time for 1F1B, (p−1)/(v·m) interleaved.
//   - Data parallelism and ZeRO (Rajbhandari et al., "ZeRO", SC20, arXiv
//     1910.02054, §7): plain data parallelism AllReduces the gradients of
//     the GPU's parameter shard once per step (2Ψ of traffic); ZeRO-1 and
//     -2 ReduceScatter the gradients and AllGather the updated parameters
//     (the same 2Ψ); ZeRO-3 AllGathers the parameters before each forward
//     and each backward pass and ReduceScatters the gradients (3Ψ at one
//     micro-batch).
//   - Context parallelism (NVIDIA, Megatron-Core documentation,
//     docs/source/api-guide/context_parallel.rst; Liu et al., "Ring
//     Attention", arXiv 2310.01889): the c ranks of a context group each
//     hold s/c of every sequence, so every other collective above and
//     below carries s/c tokens; attention needs the keys and values of
//     the whole sequence, so each layer AllGathers them in its forward
//     pass, AllGathers them again in its backward pass (only the local
//     chunk is kept) and ReduceScatters their gradients, over the ranks
//     that share the tensor rank. A rank's keys and values are
//     2·b·(s/c)·h_kv/t elements, h_kv = h × kv_heads ÷ attention_heads
//     (grouped-query attention exchanges fewer). Megatron-Core runs them
//     as point-to-point transfers around a ring, whose link loads are a
//     ring AllGather's and ReduceScatter's. Gradients are reduced over the
//     data and context ranks together (they hold the same parameters).
//   - Mixture of experts (Lepikhin et al., "GShard", arXiv 2006.16668, §2;
//     DeepSeek-AI, "DeepSeek-V3 Technical Report", arXiv 2412.19437,
//     §3.2): per MoE layer and micro-batch, an AllToAll dispatching each
//     token to its top-k experts and one combining their outputs, each of
//     top-k × tokens × h elements (× the capacity factor when slots are
//     padded), both again in the backward pass; the routed experts'
//     gradients are reduced among the ranks that hold the same experts.
//   - Compute: per token, 6 FLOPs per active parameter for a training
//     step (Kaplan et al., "Scaling Laws for Neural Language Models",
//     arXiv 2001.08361, §2.1: 2 forward, 4 backward) plus 12·L·s·h for
//     attention, whose scores and weighted values cost 4·s·h per layer
//     forward (Chowdhery et al., "PaLM", arXiv 2204.02311, App. B, the
//     model FLOPs that MFU counts; Narayanan et al. 2021 §5.1), 8 and
//     16 with full recomputation (one more forward pass), run at a stated
//     peak and utilization. The attention term assumes heads × head
//     dimension = h, and counts the causal mask's skipped half as MFU
//     does.
//
// Modelling assumptions, each stated where it applies: parameters are
// spread evenly over the tensor and pipeline ranks (embeddings and layer
// norms are not singled out); expert parameters are split over the expert
// ranks and, like the rest, over the tensor ranks; without sequence
// parallelism every tensor rank dispatches all of its micro-batch's
// tokens.
package training

import (
	"fmt"
	"math"

	"github.com/topoc/topoc/lang/units"
)

// Model is a transformer and how it is trained. Counts are plain numbers,
// sizes bytes per element; zero values mean "not given" where the field
// says so.
type Model struct {
	// Parameters is the total parameter count.
	Parameters float64
	// ActiveParameters is the count a token passes through (dense: all;
	// MoE: the shared part plus top-k experts). 0 means Parameters.
	ActiveParameters float64
	// ExpertParameters is the count in routed experts (0 for a dense
	// model): their gradients are reduced over the expert-data groups.
	ExpertParameters float64
	// Layers is the transformer layer count; MoELayers how many of them
	// have routed experts (0 for a dense model).
	Layers, MoELayers int
	// Hidden is the model dimension h.
	Hidden int
	// SequenceLength s, MicroBatch b and GlobalBatch are in tokens per
	// sequence and sequences.
	SequenceLength, MicroBatch, GlobalBatch int
	// WeightBytes, ActivationBytes, GradientBytes and DispatchBytes are
	// the bytes of one element of each (2 for BF16); DispatchBytes 0
	// means ActivationBytes.
	WeightBytes, ActivationBytes, GradientBytes, DispatchBytes float64
	// Experts is the routed experts per MoE layer, TopK how many each
	// token reaches, CapacityFactor the padding of expert slots (0 means
	// 1: no padding).
	Experts, TopK  int
	CapacityFactor float64
	// AttentionHeads and KVHeads are the query and key-value heads (0:
	// not given, read as multi-head attention, KVHeads = AttentionHeads).
	AttentionHeads, KVHeads int
	// ZeROStage is 0 (plain data parallelism) to 3.
	ZeROStage int
	// SequenceParallel turns on Megatron-LM sequence parallelism.
	SequenceParallel bool
	// FullRecompute recomputes every layer's forward pass in backward.
	FullRecompute bool
	// VirtualStages is v, the model chunks per GPU of an interleaved
	// pipeline schedule; 1 is plain 1F1B.
	VirtualStages int
	// PeakFLOPS is one GPU's peak throughput in the training number
	// format (FLOP/s) and Utilization the fraction of it achieved,
	// counting every FLOP executed (hardware FLOPs utilization: the
	// recomputed forward pass included; MFU without recomputation,
	// Chowdhery et al. 2022 App. B); both 0 means no compute time is
	// derived.
	PeakFLOPS, Utilization float64
	// Overlap is the fraction, 0 to 1, of the data-parallel gradient
	// sync that runs during the backward pass (PyTorch DDP's bucketed
	// AllReduce, Li et al., VLDB 2020, arXiv 2006.15704 §3.2.3; Megatron-LM's
	// overlapped gradient reduce). 0: none, the sync follows the pass.
	Overlap float64
}

// Parallelism holds the group sizes (each ≥ 1), as ir.Parallelism;
// Context 0 reads as 1.
type Parallelism struct {
	Data, Tensor, Pipeline, Expert, Context int
}

// Collective is one derived collective: op and group as ir.Collective,
// SizeBytes and PerStep per GPU and step, and Formula, the arithmetic
// with its source, for reports.
type Collective struct {
	Name, Op, Group string
	SizeBytes       float64
	PerStep         float64
	Formula         string
}

// Step is a derived training step.
type Step struct {
	// Collectives in a fixed order: tensor, context, pipeline, experts,
	// data.
	Collectives []Collective
	// MicroBatches is m, micro-batches per step per pipeline.
	MicroBatches int
	// ComputeTimeS is one step's compute on one GPU, with the pipeline
	// bubble, in seconds (0 when PeakFLOPS is not given); ComputeFormula
	// says how it was reached.
	ComputeTimeS   float64
	ComputeFormula string
	// Bubble is the pipeline bubble as a fraction of the ideal compute.
	Bubble float64
}

// Problem is a model argument that cannot hold with the parallelism:
// Param names the argument ("parallelism.context" for one of the
// parallelism block's), Msg says why and what to do.
type Problem struct {
	Param, Msg string
}

// Derive returns the step of model m under parallelism p, or the
// problems that prevent it (no step then).
func Derive(m Model, p Parallelism) (Step, []Problem) {
	if probs := check(m, p); len(probs) > 0 {
		return Step{}, probs
	}
	var st Step
	b, s, h := float64(m.MicroBatch), float64(m.SequenceLength), float64(m.Hidden)
	t, pp, d, e, cp := p.Tensor, p.Pipeline, p.Data, p.Expert, max(p.Context, 1)
	st.MicroBatches = m.GlobalBatch / (m.MicroBatch * d)
	mb := float64(st.MicroBatches)
	v := max(m.VirtualStages, 1)
	layersPerStage := float64(m.Layers) / float64(pp) // on average: a schedule may give stages different numbers
	// sc is the tokens of a sequence on one rank: s, or s/c with context
	// parallelism, which every collective but the key-value exchange
	// carries.
	sc, seqText := s, fmt.Sprintf("%d", m.SequenceLength)
	if cp > 1 {
		sc, seqText = s/float64(cp), fmt.Sprintf("%d ÷ %d", m.SequenceLength, cp)
	}
	act := math.Round(b * sc * h * m.ActivationBytes)
	recompute := ""
	passes := 4.0 // two forward, two backward per layer
	if m.FullRecompute {
		passes, recompute = 6, " (4, +2 for the recomputed forward)"
	}
	add := func(c Collective) { st.Collectives = append(st.Collectives, c) }

	if t > 1 {
		n := passes * layersPerStage * mb
		shape := fmt.Sprintf("b·s·h = %d × %s × %d elements × %g B = %s", m.MicroBatch, seqText, m.Hidden, m.ActivationBytes, units.Size(act))
		per := fmt.Sprintf("%g per layer per micro-batch%s × %g layers per stage (on average) × %d micro-batches = %g per step", passes, recompute, layersPerStage, st.MicroBatches, n)
		if m.SequenceParallel {
			add(Collective{Name: "activations_gather", Op: "allgather", Group: "tensor", SizeBytes: act, PerStep: n,
				Formula: "sequence-parallel AllGather of a layer's activations, " + shape + "; " + per + " (Korthikanti et al. 2022, §4.2.2)"})
			add(Collective{Name: "activations_scatter", Op: "reducescatter", Group: "tensor", SizeBytes: act, PerStep: n,
				Formula: "sequence-parallel ReduceScatter of a layer's activations, " + shape + "; " + per + " (Korthikanti et al. 2022, §4.2.2)"})
		} else {
			add(Collective{Name: "activations", Op: "allreduce", Group: "tensor", SizeBytes: act, PerStep: n,
				Formula: "tensor-parallel AllReduce of a layer's activations, " + shape + "; " + per + " (Megatron-LM: Shoeybi et al. 2019 §3, Narayanan et al. 2021 §3.1)"})
		}
	}
	if cp > 1 {
		st.Collectives = append(st.Collectives, contextParallel(m, t, cp, layersPerStage, st.MicroBatches)...)
	}
	if pp > 1 {
		n := mb * float64(v)
		sched := "1F1B"
		if v > 1 {
			sched = fmt.Sprintf("interleaved, v = %d model chunks per GPU", v)
		}
		add(Collective{Name: "pipeline", Op: "sendrecv", Group: "pipeline", SizeBytes: math.Round(act / float64(t)), PerStep: n,
			Formula: fmt.Sprintf("activations forward and their gradients backward at each stage boundary, b·s·h ÷ t = %s ÷ %d = %s per GPU (scatter/gather); %d micro-batches × %d (%s) = %g per step (Narayanan et al. 2021, §2.2, §4.1)",
				units.Size(act), t, units.Size(act/float64(t)), st.MicroBatches, v, sched, n)})
		st.Bubble = float64(pp-1) / (float64(v) * mb)
	}
	if m.Experts > 0 && e > 1 && m.MoELayers > 0 {
		tokens := b * s
		tokText := fmt.Sprintf("b·s = %d tokens", m.MicroBatch*m.SequenceLength)
		if m.SequenceParallel && t > 1 {
			tokens /= float64(t)
			tokText = fmt.Sprintf("b·s ÷ t = %g tokens (sequence parallel)", tokens)
		}
		cf := m.CapacityFactor
		if cf == 0 {
			cf = 1
		}
		db := m.DispatchBytes
		if db == 0 {
			db = m.ActivationBytes
		}
		size := math.Round(cf * float64(m.TopK) * tokens * h * db)
		back := math.Round(cf * float64(m.TopK) * tokens * h * m.ActivationBytes)
		moePerStage := float64(m.MoELayers) / float64(pp) // on average: stages may hold different numbers
		runs := 2.0                                       // forward and backward
		rc := ""
		if m.FullRecompute {
			runs, rc = 3, ", +1 recomputed"
		}
		n := runs * moePerStage * mb
		shape := fmt.Sprintf("capacity %g × top-k %d × %s × h %d × %g B = %s", cf, m.TopK, tokText, m.Hidden, db, units.Size(size))
		per := fmt.Sprintf("%g per MoE layer per micro-batch (forward, backward%s) × %g MoE layers per stage (on average) × %d micro-batches = %g per step", runs, rc, moePerStage, st.MicroBatches, n)
		add(Collective{Name: "dispatch", Op: "alltoall", Group: "expert", SizeBytes: size, PerStep: n,
			Formula: "AllToAll sending each token to its top-k experts, " + shape + "; " + per + " (GShard, Lepikhin et al. 2020 §2; DeepSeek-V3 §3.2)"})
		backShape := fmt.Sprintf("capacity %g × top-k %d × %s × h %d × %g B = %s", cf, m.TopK, tokText, m.Hidden, m.ActivationBytes, units.Size(back))
		add(Collective{Name: "combine", Op: "alltoall", Group: "expert", SizeBytes: back, PerStep: n,
			Formula: "AllToAll returning the experts' outputs in the activation format, " + backShape + "; " + per + " (GShard, Lepikhin et al. 2020 §2; DeepSeek-V3 §3.3: FP8 dispatch, BF16 combine)"})
	}
	dense := (m.Parameters - m.ExpertParameters) / float64(t*pp)
	shard := fmt.Sprintf("N ÷ (t·p) = %s parameters per GPU", countText(dense))
	if m.ExpertParameters > 0 {
		shard = fmt.Sprintf("(N − N_experts) ÷ (t·p) = %s parameters per GPU", countText(dense))
	}
	dpGroup, dpRanks := "data", d
	if cp > 1 {
		dpGroup, dpRanks = "data_context", d*cp
		shard += fmt.Sprintf(", reduced over the %d data × %d context ranks that hold them", d, cp)
	}
	st.Collectives = append(st.Collectives, dataParallel("", dpGroup, dpRanks, dense, m, mb, shard)...)
	if m.ExpertParameters > 0 && m.Experts > 0 {
		shard := m.ExpertParameters / float64(t*pp*e)
		// Expert parallelism with context parallelism is refused (check),
		// so with cp > 1 every rank of a data × context group holds all
		// the experts, whose gradients are reduced over that group, as the
		// dense ones are (Megatron-Core folds the context ranks into the
		// expert-data-parallel group).
		group, ranks := "expert_data", d/e
		if cp > 1 {
			group, ranks = "data_context", d*cp
		}
		st.Collectives = append(st.Collectives, dataParallel("expert_", group, ranks, shard, m, mb,
			fmt.Sprintf("N_experts ÷ (t·p·e) = %s expert parameters per GPU, reduced among the %d ranks holding the same experts", countText(shard), ranks))...)
	}
	if m.PeakFLOPS > 0 {
		active := m.ActiveParameters
		if active == 0 {
			active = m.Parameters
		}
		// Per token: 6N for the weights (2 forward, 4 backward) and 12·L·s·h
		// for attention's scores and weighted values (4·s·h per layer
		// forward); one more forward pass with full recomputation.
		perTok, attnPerTok := 6.0, 12.0
		if m.FullRecompute {
			perTok, attnPerTok = 8, 16
		}
		flopsPerToken := perTok*active + attnPerTok*float64(m.Layers)*s*h
		gpus := float64(d * t * pp * cp)
		tokens := float64(m.GlobalBatch) * s
		ideal := flopsPerToken * tokens / (gpus * m.PeakFLOPS * m.Utilization)
		st.ComputeTimeS = ideal * (1 + st.Bubble)
		st.ComputeFormula = fmt.Sprintf("(%g × %s active parameters + %g·L·s·h of attention, L %d, s %d, h %d) = %.4g FLOPs per token × %s tokens ÷ (%s GPUs × %s × %g utilization) = %s, × (1 + bubble %.4g) = %s (Kaplan et al. 2020 §2.1 for 6N; Chowdhery et al. 2022 App. B and Narayanan et al. 2021 §5.1 for 12·L·s·h; bubble (p−1)/(v·m), Narayanan et al. 2021 §2.2)",
			perTok, countText(active), attnPerTok, m.Layers, m.SequenceLength, m.Hidden, flopsPerToken, countText(tokens), units.Count(d*t*pp*cp), units.Compute(m.PeakFLOPS), m.Utilization, units.Seconds(ideal, 4), st.Bubble, units.Seconds(st.ComputeTimeS, 4))
	}
	return st, nil
}

// contextParallel returns the key-value exchange of context parallelism
// over cp ranks (see the package comment): per layer and micro-batch an
// AllGather of the keys and values in the forward pass and again in the
// backward pass (once more with full recomputation), and a ReduceScatter
// of their gradients in the backward pass, each of the gathered
// 2·b·s·h_kv/t elements in the activation format.
func contextParallel(m Model, t, cp int, layersPerStage float64, microBatches int) []Collective {
	heads, kv := m.AttentionHeads, m.KVHeads
	if heads == 0 {
		heads = 1
	}
	if kv == 0 {
		kv = heads
	}
	hkv := float64(m.Hidden) * float64(kv) / float64(heads)
	elems := 2 * float64(m.MicroBatch) * float64(m.SequenceLength) * hkv / float64(t)
	size := math.Round(elems * m.ActivationBytes)
	kvText := fmt.Sprintf("h_kv = h = %d", m.Hidden)
	if kv != heads {
		kvText = fmt.Sprintf("h_kv = h × kv_heads ÷ attention_heads = %d × %d ÷ %d = %g", m.Hidden, kv, heads, hkv)
	}
	shape := fmt.Sprintf("keys and values of the whole sequence, 2·b·s·h_kv ÷ t = 2 × %d × %d × %g ÷ %d elements (%s) × %g B = %s, s ÷ %d of it from each context rank",
		m.MicroBatch, m.SequenceLength, hkv, t, kvText, m.ActivationBytes, units.Size(size), cp)
	mb := float64(microBatches)
	gathers, rc := 2.0, ""
	if m.FullRecompute {
		gathers, rc = 3, ", +1 recomputed"
	}
	src := " (Megatron-Core, context_parallel.rst; ring attention, Liu et al. 2023)"
	return []Collective{
		{Name: "context_kv", Op: "allgather", Group: "context", SizeBytes: size, PerStep: gathers * layersPerStage * mb,
			Formula: fmt.Sprintf("context-parallel AllGather of the %s; %g per layer per micro-batch (forward, backward%s) × %g layers per stage (on average) × %d micro-batches = %g per step%s",
				shape, gathers, rc, layersPerStage, microBatches, gathers*layersPerStage*mb, src)},
		{Name: "context_dkv", Op: "reducescatter", Group: "context", SizeBytes: size, PerStep: layersPerStage * mb,
			Formula: fmt.Sprintf("context-parallel ReduceScatter of the gradients of the %s; 1 per layer per micro-batch (backward) × %g layers per stage (on average) × %d micro-batches = %g per step%s",
				shape, layersPerStage, microBatches, layersPerStage*mb, src)},
	}
}

// BackwardShare is the backward pass's share of a step's compute: 4 of
// the 6 FLOPs per parameter and token (Kaplan et al. 2020 §2.1: 2N
// forward, 4N backward), and 8 of attention's 12 likewise; 6 of 8 (12
// of 16) with full recomputation (the recomputed forward runs during the
// backward pass).
func BackwardShare(m Model) float64 {
	if m.FullRecompute {
		return 6.0 / 8
	}
	return 4.0 / 6
}

// dataParallel returns the gradient (and parameter) collectives of a
// shard of params parameters per GPU over groups of size n (none when
// n = 1), by ZeRO stage; prefix and group name the expert variant.
func dataParallel(prefix, group string, n int, params float64, m Model, mb float64, shard string) []Collective {
	if n <= 1 || params <= 0 {
		return nil
	}
	g, w := math.Round(params*m.GradientBytes), math.Round(params*m.WeightBytes)
	src := "(Rajbhandari et al. 2020, §7)"
	grad := fmt.Sprintf("%s × %g B = %s", shard, m.GradientBytes, units.Size(g))
	wt := fmt.Sprintf("%s × %g B = %s", shard, m.WeightBytes, units.Size(w))
	switch m.ZeROStage {
	case 0:
		return []Collective{{Name: prefix + "gradients", Op: "allreduce", Group: group, SizeBytes: g, PerStep: 1,
			Formula: "data-parallel AllReduce of the gradients once per step, " + grad + " (2Ψ of traffic) " + src}}
	case 1:
		return []Collective{
			{Name: prefix + "gradients", Op: "reducescatter", Group: group, SizeBytes: g, PerStep: 1,
				Formula: fmt.Sprintf("ZeRO-1 ReduceScatter of the accumulated gradients once per step, %s %s", grad, src)},
			{Name: prefix + "parameters", Op: "allgather", Group: group, SizeBytes: w, PerStep: 1,
				Formula: fmt.Sprintf("ZeRO-1 AllGather of the updated parameters once per step, %s (with the ReduceScatter, the 2Ψ of plain data parallelism) %s", wt, src)},
		}
	case 2:
		return []Collective{
			{Name: prefix + "gradients", Op: "reducescatter", Group: group, SizeBytes: g, PerStep: mb,
				Formula: fmt.Sprintf("ZeRO-2 ReduceScatter of the gradients after each micro-batch's backward pass (each rank keeps only its gradient shard, so accumulation reduces every micro-batch: ZeRO §5.2), %s × %g micro-batches %s", grad, mb, src)},
			{Name: prefix + "parameters", Op: "allgather", Group: group, SizeBytes: w, PerStep: 1,
				Formula: fmt.Sprintf("ZeRO-2 AllGather of the updated parameters once per step, %s (2Ψ at one micro-batch) %s", wt, src)},
		}
	}
	return []Collective{
		{Name: prefix + "gradients", Op: "reducescatter", Group: group, SizeBytes: g, PerStep: mb,
			Formula: fmt.Sprintf("ZeRO-3 ReduceScatter of the gradients after each micro-batch's backward pass (FSDP without no_sync), %s × %g micro-batches %s", grad, mb, src)},
		{Name: prefix + "parameters", Op: "allgather", Group: group, SizeBytes: w, PerStep: 2 * mb,
			Formula: fmt.Sprintf("ZeRO-3 AllGather of the parameters before each forward and each backward pass, %s × 2 × %g micro-batches (3Ψ at one micro-batch) %s", wt, mb, src)},
	}
}

// countText writes a parameter or token count with thousands separators when
// whole, else in short scientific form.
func countText(x float64) string {
	if x == float64(int64(x)) && x < 1e18 {
		return units.Count(int(x))
	}
	return fmt.Sprintf("%.4g", x)
}

// check reports the model arguments that do not fit the parallelism.
func check(m Model, p Parallelism) []Problem {
	var out []Problem
	bad := func(param, format string, args ...any) {
		out = append(out, Problem{param, fmt.Sprintf(format, args...)})
	}
	for _, c := range []struct {
		name string
		v    float64
	}{{"parameters", m.Parameters}, {"layers", float64(m.Layers)}, {"hidden", float64(m.Hidden)},
		{"sequence_length", float64(m.SequenceLength)}, {"micro_batch", float64(m.MicroBatch)}, {"global_batch", float64(m.GlobalBatch)}} {
		if c.v <= 0 {
			bad(c.name, "%s must be positive (got %g)", c.name, c.v)
		}
	}
	if len(out) > 0 {
		return out
	}
	if m.GlobalBatch%(m.MicroBatch*p.Data) != 0 {
		bad("global_batch", "global_batch %d is not a whole number of micro-batches of %d for each of the %d data-parallel ranks (micro_batch × data = %d); make it a multiple of %d",
			m.GlobalBatch, m.MicroBatch, p.Data, m.MicroBatch*p.Data, m.MicroBatch*p.Data)
	}
	v := max(m.VirtualStages, 1)
	if m.Layers < p.Pipeline*v {
		bad("layers", "%d layers cannot fill %d pipeline stages × %d model chunks; use fewer stages or chunks", m.Layers, p.Pipeline, v)
	}
	if v > 1 && p.Pipeline > 1 && (m.Layers%(p.Pipeline*v) != 0 || (m.GlobalBatch/(m.MicroBatch*p.Data))%p.Pipeline != 0) {
		bad("virtual_stages", "an interleaved schedule needs layers divisible by pipeline × virtual_stages (%d × %d) and micro-batches per step (%d) divisible by the pipeline size (Megatron-LM's checks)", p.Pipeline, v, m.GlobalBatch/max(m.MicroBatch*p.Data, 1))
	}
	if m.SequenceParallel {
		switch {
		case p.Tensor == 1:
			bad("sequence_parallel", "sequence parallelism splits the sequence over the tensor ranks; with tensor = 1 it does nothing: set parallelism.tensor > 1 or drop it")
		case p.Context <= 1 && m.SequenceLength%p.Tensor != 0:
			bad("sequence_parallel", "sequence parallelism splits the %d-token sequence over %d tensor ranks; use a sequence length divisible by %d", m.SequenceLength, p.Tensor, p.Tensor)
		case p.Context > 1 && m.SequenceLength%(p.Context*p.Tensor) != 0:
			bad("sequence_parallel", "sequence parallelism splits each context rank's %d ÷ %d tokens over %d tensor ranks; use a sequence length divisible by context × tensor = %d", m.SequenceLength, p.Context, p.Tensor, p.Context*p.Tensor)
		}
	}
	if m.Experts > 0 && p.Expert > 1 && p.Tensor > 1 && !m.SequenceParallel {
		bad("sequence_parallel", "expert parallelism with tensor parallelism needs sequence_parallel = true (Megatron-Core's rule; without it every tensor rank would dispatch all its tokens)")
	}
	if m.Experts == 0 && p.Expert > 1 {
		bad("experts", "parallelism.expert = %d, but the model has no routed experts; give experts (and top_k) or set expert = 1", p.Expert)
	}
	if v > 1 && p.Pipeline == 1 {
		bad("virtual_stages", "an interleaved schedule (virtual_stages = %d) needs pipeline parallelism; set parallelism.pipeline > 1 or drop virtual_stages", v)
	}
	if m.ActiveParameters > m.Parameters {
		bad("active_parameters", "active_parameters (%g) cannot exceed parameters (%g)", m.ActiveParameters, m.Parameters)
	}
	if m.ExpertParameters >= m.Parameters {
		bad("expert_parameters", "expert_parameters (%g) must be below parameters (%g): the attention and shared layers hold the rest", m.ExpertParameters, m.Parameters)
	}
	if m.Experts > 0 {
		switch {
		case m.TopK < 1 || m.TopK > m.Experts:
			bad("top_k", "top_k must be from 1 to experts = %d (got %d)", m.Experts, m.TopK)
		case m.Experts%p.Expert != 0:
			bad("experts", "%d experts do not split evenly over %d expert-parallel ranks; choose an expert size that divides %d", m.Experts, p.Expert, m.Experts)
		case m.MoELayers > m.Layers:
			bad("moe_layers", "moe_layers (%d) must be at most layers (%d)", m.MoELayers, m.Layers)
		}
	} else if m.ExpertParameters > 0 || m.TopK > 0 || m.MoELayers > 0 || m.CapacityFactor > 0 || m.DispatchBytes > 0 {
		bad("experts", "expert_parameters, top_k, moe_layers, capacity_factor and dispatch_dtype describe routed experts; give experts too, or drop them for a dense model")
	}
	cp := max(p.Context, 1)
	if cp > 1 {
		switch {
		case m.SequenceLength%(2*cp) != 0:
			bad("sequence_length", "context parallelism cuts each sequence into 2 × context = %d chunks (two per rank, for balance under the causal mask: Megatron-LM's get_batch_on_this_cp_rank); use a sequence length divisible by %d", 2*cp, 2*cp)
		case m.Experts > 0 && p.Expert > 1:
			bad("parallelism.context", "expert parallelism with context parallelism is not modelled yet (how Megatron-Core folds expert groups into the data × context ranks); set parallelism.context = 1 or expert = 1")
		}
	}
	if m.AttentionHeads > 0 {
		kv := m.KVHeads
		if kv == 0 {
			kv = m.AttentionHeads
		}
		switch {
		case m.Hidden%m.AttentionHeads != 0:
			bad("attention_heads", "hidden %d does not split into %d heads; the head dimension h ÷ attention_heads must be whole", m.Hidden, m.AttentionHeads)
		case m.AttentionHeads%kv != 0 || kv > m.AttentionHeads:
			bad("kv_heads", "kv_heads (%d) must divide attention_heads (%d): each key-value head serves a whole group of query heads", kv, m.AttentionHeads)
		case m.AttentionHeads%p.Tensor != 0:
			bad("attention_heads", "tensor parallelism splits the heads over %d ranks; attention_heads (%d) must divide by it (Megatron-LM's checks)", p.Tensor, m.AttentionHeads)
		case kv%p.Tensor != 0:
			bad("kv_heads", "tensor parallelism splits the key-value heads over %d ranks; kv_heads (%d) must divide by it (Megatron-LM's checks)", p.Tensor, kv)
		}
	} else if m.KVHeads > 0 {
		bad("kv_heads", "kv_heads (%d) needs attention_heads, the query heads it groups", m.KVHeads)
	}
	if m.ZeROStage < 0 || m.ZeROStage > 3 {
		bad("zero_stage", "zero_stage is 0 (plain data parallelism) to 3 (got %d)", m.ZeROStage)
	}
	if m.Overlap < 0 || m.Overlap > 1 {
		bad("overlap", "overlap is the fraction of the gradient sync hidden behind the backward pass, 0 to 1 (got %g)", m.Overlap)
	}
	if (m.PeakFLOPS > 0) != (m.Utilization > 0) {
		bad("gpu_peak", "give gpu_peak and utilization together to derive the compute time")
	}
	return out
}
