package compiler

import (
	"fmt"

	"github.com/topoc/topoc/compiler/ir"
	"github.com/topoc/topoc/compiler/training"
	"github.com/topoc/topoc/lang"
	"github.com/topoc/topoc/lang/diag"
)

// defaultDtype is the number format of weights, activations and
// gradients when a model block names none: BF16 mixed-precision training,
// as Megatron-LM and the Llama 3 and DeepSeek-V3 reports train (a
// modelling default; write the dtypes the job uses).
const defaultDtype = "bf16"

// deriveFromModel turns the workload's model block into collectives
// (appended to wl before the written ones) and, unless compute_time is
// written, the compute time (compiler/training). A model argument that
// does not fit the parallelism is a workload-parallelism error at it; a
// derived collective whose name a written one reuses is duplicate-name.
func (s *state) deriveFromModel(w *lang.Workload, wl *ir.Workload) bool {
	lm := w.Model
	bytes := func(v lang.Val[string], dflt float64) float64 {
		if !v.Set {
			return dflt
		}
		return lang.Dtypes[v.V]
	}
	act := bytes(lm.ActivationDtype, lang.Dtypes[defaultDtype])
	m := training.Model{
		Parameters: lm.Parameters.V, ActiveParameters: lm.ActiveParameters.V, ExpertParameters: lm.ExpertParameters.V,
		Layers: int(lm.Layers.V), MoELayers: int(lm.MoELayers.V), Hidden: int(lm.Hidden.V),
		SequenceLength: int(lm.SequenceLength.V), MicroBatch: int(lm.MicroBatch.V), GlobalBatch: int(lm.GlobalBatch.V),
		WeightBytes: bytes(lm.WeightDtype, lang.Dtypes[defaultDtype]), ActivationBytes: act,
		GradientBytes: bytes(lm.GradientDtype, lang.Dtypes[defaultDtype]), DispatchBytes: bytes(lm.DispatchDtype, act),
		Experts: int(lm.Experts.V), TopK: int(lm.TopK.V), CapacityFactor: lm.CapacityFactor.V,
		ZeROStage: int(lm.ZeROStage.V), SequenceParallel: lm.SequenceParallel.V, FullRecompute: lm.Recompute.V == "full",
		VirtualStages: int(lm.VirtualStages.V), PeakFLOPS: lm.GPUPeak.V, Utilization: lm.Utilization.V,
	}
	if m.Experts > 0 && !lm.MoELayers.Set {
		m.MoELayers = m.Layers
	}
	if m.Experts > 0 && !lm.TopK.Set {
		m.TopK = 1 // Switch Transformer routing (Fedus et al. 2021): one expert per token
	}
	par := wl.Parallelism
	step, probs := training.Derive(m, training.Parallelism{Data: par.Data, Tensor: par.Tensor, Pipeline: par.Pipeline, Expert: par.Expert})
	ranges := map[string]lang.Val[int64]{"global_batch": lm.GlobalBatch, "layers": lm.Layers, "virtual_stages": lm.VirtualStages,
		"top_k": lm.TopK, "experts": lm.Experts, "moe_layers": lm.MoELayers, "zero_stage": lm.ZeROStage}
	for _, p := range probs {
		rng := lm.DeclRange
		if v, ok := ranges[p.Param]; ok && v.Set {
			rng = v.Range
		}
		s.diags = append(s.diags, diag.Error(diag.WorkloadParallelism, rng, "Model does not fit the parallelism",
			fmt.Sprintf("Workload %q: %s.", w.Name, p.Msg)))
	}
	if len(probs) > 0 {
		return false
	}
	written := map[string]*lang.Collective{}
	for _, c := range w.Collectives {
		written[c.Name] = c
	}
	origin := s.g.Origin(lm.DeclRange)
	for _, c := range step.Collectives {
		if wc, dup := written[c.Name]; dup {
			s.diags = append(s.diags, diag.Error(diag.DuplicateName, wc.DeclRange, fmt.Sprintf("Collective %q is also derived from the model", c.Name),
				fmt.Sprintf("Workload %q's model block derives a collective named %q (%s); rename the written one, or drop it to use the derived one.", w.Name, c.Name, c.Op)))
			return false
		}
		col := ir.Collective{Name: c.Name, Op: c.Op, Group: c.Group, SizeBytes: c.SizeBytes, PerStep: c.PerStep,
			Order: "rail_aware", Routing: "ecmp", Path: "minimal", FlowsPerPair: 1, Seed: 1, Direction: "both",
			Derivation: c.Formula, Origin: origin}
		switch c.Op {
		case ir.OpAllReduce, ir.OpAllGather, ir.OpReduceScatter:
			col.Algorithm = "ring"
		default:
			col.Algorithm = "direct"
		}
		wl.Collectives = append(wl.Collectives, col)
	}
	if !w.ComputeTime.Set && step.ComputeTimeS > 0 {
		wl.ComputeTimeS, wl.ComputeDerivation = step.ComputeTimeS, step.ComputeFormula
	}
	return true
}
