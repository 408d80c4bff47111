package compiler

import (
	"fmt"
	"strings"

	"github.com/hashicorp/hcl/v2"

	"github.com/topoc/topoc/compiler/ir"
	"github.com/topoc/topoc/compiler/training"
	"github.com/topoc/topoc/lang"
	"github.com/topoc/topoc/lang/diag"
	"github.com/topoc/topoc/lang/units"
)

// defaultDtype is the number format of weights, activations and
// gradients when a model block names none: BF16 mixed-precision training,
// as Megatron-LM and the Llama 3 and DeepSeek-V3 reports train (a
// modelling default; write the dtypes the job uses).
const defaultDtype = "bf16"

// deriveFromModel turns the workload's model block into collectives
// (appended to wl before the written ones) and, unless compute_time is
// written, the compute time (compiler/training). A model argument that does not fit the parallelism is
// a workload-parallelism error at it; a derived collective whose name a
// written one reuses is duplicate-name.
func (s *state) deriveFromModel(w *lang.Workload, wl *ir.Workload) bool {
	lm := w.Model
	m := trainingModel(lm)
	ranges := rangesOf(lm)
	if w.Parallelism != nil {
		ranges["parallelism.context"] = w.Parallelism.DeclRange
		if w.Parallelism.Context.Set {
			ranges["parallelism.context"] = w.Parallelism.Context.Range
		}
	}
	cols, step, ok := s.deriveStep(w, m, wl.Parallelism, wl.Routing, lm.DeclRange, ranges)
	if !ok {
		return false
	}
	if lm.Experts.Set && lm.Experts.V > 0 && !lm.ExpertParameters.Set {
		// Without the split, every parameter's gradient is reduced as a
		// dense one: over data rather than expert_data, and not divided
		// over the expert ranks.
		s.diags = append(s.diags, diag.Warning(diag.WorkloadParallelism, lm.Experts.Range, "Routed experts without expert_parameters",
			fmt.Sprintf("Workload %q: the model has %d routed experts but no expert_parameters, so all %s parameters are reduced as dense ones over the data-parallel group: the dense gradient traffic is overstated and the expert gradients' reduction over the expert-data group is left out. Give expert_parameters, the parameters in routed experts (DeepSeek-V3: 58 MoE layers × 256 experts × 3 matrices of 7,168 × 2,048 ≈ 654B of 671B, examples/deepseek-v3-mpft).",
				w.Name, lm.Experts.V, units.Count(int(m.Parameters)))))
	}
	written := map[string]*lang.Collective{}
	for _, c := range w.Collectives {
		written[c.Name] = c
	}
	for _, c := range cols {
		if wc, dup := written[c.Name]; dup {
			s.diags = append(s.diags, diag.Error(diag.DuplicateName, wc.DeclRange, fmt.Sprintf("Collective %q is also derived from the model", c.Name),
				fmt.Sprintf("Workload %q's model block derives a collective named %q (%s); rename the written one, or drop it to use the derived one.", w.Name, c.Name, c.Op)))
			return false
		}
	}
	wl.Collectives = append(wl.Collectives, cols...)
	if !w.ComputeTime.Set && step.ComputeTimeS > 0 {
		wl.ComputeTimeS, wl.ComputeDerivation = step.ComputeTimeS, step.ComputeFormula
	}
	wl.BackwardTimeS = wl.ComputeTimeS * training.BackwardShare(m)
	wl.Overlap = m.Overlap
	if m.Overlap > 0 && wl.ComputeTimeS == 0 {
		s.diags = append(s.diags, diag.Error(diag.InvalidValue, lm.Overlap.Range, "Overlap needs a compute time",
			fmt.Sprintf("Workload %q: overlap hides gradient sync behind the backward pass, which needs the step's compute time; give gpu_peak and utilization, or compute_time.", w.Name)))
		return false
	}
	return true
}

// deriveLevers compiles the workload's lever blocks, after its written
// collectives (which every lever keeps). A lever needs a model block.
func (s *state) deriveLevers(w *lang.Workload, wl *ir.Workload) bool {
	if len(w.Levers) > 0 && w.Model == nil {
		s.diags = append(s.diags, diag.Error(diag.InvalidValue, w.Levers[0].DeclRange, "A lever needs a model",
			fmt.Sprintf("Lever %q changes how workload %q trains its model, but the workload has no model block; describe the model (docs/language.md, \"model\") or remove the lever.", w.Levers[0].Name, w.Name)))
		return false
	}
	for _, lv := range w.Levers {
		l, ok := s.lever(w, lv, trainingModel(w.Model), *wl)
		if !ok {
			return false
		}
		wl.Levers = append(wl.Levers, l)
	}
	return true
}

// trainingModel reads a model block into compiler/training's terms,
// with the documented defaults (docs/language.md, "model").
func trainingModel(lm *lang.TrainingModel) training.Model {
	dflt := lang.Dtypes[defaultDtype]
	m := training.Model{
		Parameters: lm.Parameters.V, ActiveParameters: lm.ActiveParameters.V, ExpertParameters: lm.ExpertParameters.V,
		Layers: int(lm.Layers.V), MoELayers: int(lm.MoELayers.V), Hidden: int(lm.Hidden.V),
		SequenceLength: int(lm.SequenceLength.V), MicroBatch: int(lm.MicroBatch.V), GlobalBatch: int(lm.GlobalBatch.V),
		WeightBytes: dflt, ActivationBytes: dflt, GradientBytes: dflt,
		Experts: int(lm.Experts.V), TopK: int(lm.TopK.V), CapacityFactor: lm.CapacityFactor.V,
		AttentionHeads: int(lm.AttentionHeads.V), KVHeads: int(lm.KVHeads.V),
		PeakFLOPS: lm.GPUPeak.V, Utilization: lm.Utilization.V,
	}
	applyChoices(&m, lm.TrainingChoices)
	if m.Experts > 0 && !lm.MoELayers.Set {
		m.MoELayers = m.Layers
	}
	if m.Experts > 0 && !lm.TopK.Set {
		m.TopK = 1 // Switch Transformer routing (Fedus et al. 2021): one expert per token
	}
	return m
}

// applyChoices sets the training choices of c that are set on m (the
// model block's over the defaults, or a lever's over the model's) and
// says what it set, one "argument = value" each.
func applyChoices(m *training.Model, c lang.TrainingChoices) []string {
	var changes []string
	set := func(name string, v any) { changes = append(changes, fmt.Sprintf("%s = %v", name, v)) }
	for _, d := range []struct {
		name string
		v    lang.Val[string]
		dst  *float64
	}{{"weight_dtype", c.WeightDtype, &m.WeightBytes}, {"activation_dtype", c.ActivationDtype, &m.ActivationBytes},
		{"gradient_dtype", c.GradientDtype, &m.GradientBytes}, {"dispatch_dtype", c.DispatchDtype, &m.DispatchBytes}} {
		if d.v.Set {
			*d.dst = lang.Dtypes[d.v.V]
			set(d.name, d.v.V)
		}
	}
	if c.ZeROStage.Set {
		m.ZeROStage = int(c.ZeROStage.V)
		set("zero_stage", m.ZeROStage)
	}
	if c.VirtualStages.Set {
		m.VirtualStages = int(c.VirtualStages.V)
		set("virtual_stages", m.VirtualStages)
	}
	if c.SequenceParallel.Set {
		m.SequenceParallel = c.SequenceParallel.V
		set("sequence_parallel", m.SequenceParallel)
	}
	if c.Recompute.Set {
		m.FullRecompute = c.Recompute.V == "full"
		set("recompute", c.Recompute.V)
	}
	if c.Overlap.Set {
		m.Overlap = c.Overlap.V
		set("overlap", m.Overlap)
	}
	return changes
}

// rangesOf maps the model's argument names to their ranges, for the
// problems compiler/training reports.
func rangesOf(lm *lang.TrainingModel) map[string]hcl.Range {
	out := map[string]hcl.Range{}
	for name, v := range map[string]lang.Val[int64]{"global_batch": lm.GlobalBatch, "layers": lm.Layers, "virtual_stages": lm.VirtualStages,
		"top_k": lm.TopK, "experts": lm.Experts, "moe_layers": lm.MoELayers, "zero_stage": lm.ZeROStage, "hidden": lm.Hidden,
		"sequence_length": lm.SequenceLength, "attention_heads": lm.AttentionHeads, "kv_heads": lm.KVHeads} {
		if v.Set {
			out[name] = v.Range
		}
	}
	for name, v := range map[string]lang.Val[float64]{"active_parameters": lm.ActiveParameters, "expert_parameters": lm.ExpertParameters,
		"gpu_peak": lm.GPUPeak, "utilization": lm.Utilization, "overlap": lm.Overlap} {
		if v.Set {
			out[name] = v.Range
		}
	}
	if lm.SequenceParallel.Set {
		out["sequence_parallel"] = lm.SequenceParallel.Range
	}
	return out
}

// deriveStep runs compiler/training on m and par and returns the
// collectives as the IR holds them, reporting its problems at the ranges
// given (at block otherwise).
func (s *state) deriveStep(w *lang.Workload, m training.Model, par ir.Parallelism, routing string, block hcl.Range, ranges map[string]hcl.Range) ([]ir.Collective, training.Step, bool) {
	step, probs := training.Derive(m, training.Parallelism{Data: par.Data, Tensor: par.Tensor, Pipeline: par.Pipeline, Expert: par.Expert, Context: par.Context})
	for _, p := range probs {
		rng, ok := ranges[p.Param]
		if !ok {
			rng = block
		}
		s.diags = append(s.diags, diag.Error(diag.WorkloadParallelism, rng, "Model does not fit the parallelism",
			fmt.Sprintf("Workload %q: %s.", w.Name, p.Msg)))
	}
	if len(probs) > 0 {
		return nil, step, false
	}
	origin := s.g.Origin(block)
	var out []ir.Collective
	for _, c := range step.Collectives {
		col := ir.Collective{Name: c.Name, Op: c.Op, Group: c.Group, SizeBytes: c.SizeBytes, PerStep: c.PerStep,
			Order: "rail_aware", Routing: routing, Path: "minimal", FlowsPerPair: 1, Seed: 1, Direction: "both",
			Derivation: c.Formula, Origin: origin}
		switch c.Op {
		case ir.OpAllReduce, ir.OpAllGather, ir.OpReduceScatter:
			col.Algorithm = "ring"
		default:
			col.Algorithm = "direct"
		}
		out = append(out, col)
	}
	return out, step, true
}

// lever derives the job of one lever block: the base model m with the
// lever's changes, the workload's written collectives kept as they are.
func (s *state) lever(w *lang.Workload, lv *lang.Lever, m training.Model, wl ir.Workload) (ir.Lever, bool) {
	l := ir.Lever{Name: lv.Name, Parallelism: wl.Parallelism, InNetwork: lv.InNetwork.V, Origin: s.g.Origin(lv.DeclRange)}
	base := m // training.Model holds no slice or map: == compares every argument
	l.Changes = applyChoices(&m, lv.TrainingChoices)

	set := func(name string, v any) { l.Changes = append(l.Changes, fmt.Sprintf("%s = %v", name, v)) }
	if lv.Expert.Set {
		l.Parallelism.Expert = int(lv.Expert.V)
		set("expert", l.Parallelism.Expert)
		if l.Parallelism.Data%l.Parallelism.Expert != 0 {
			s.diags = append(s.diags, diag.Error(diag.WorkloadParallelism, lv.Expert.Range, "expert does not divide data",
				fmt.Sprintf("Lever %q: expert-parallel groups split each data-parallel group of %d ranks; choose an expert size that divides %d.", lv.Name, l.Parallelism.Data, l.Parallelism.Data)))
			return l, false
		}
	}
	if lv.Context.Set {
		// The ranks stay: data takes up what context gives or takes.
		p := &l.Parallelism
		ranks := p.Data * p.ContextSize()
		c := int(lv.Context.V)
		if ranks%c != 0 {
			s.diags = append(s.diags, diag.Error(diag.WorkloadParallelism, lv.Context.Range, "context does not divide data × context",
				fmt.Sprintf("Lever %q: the workload's %d data × %d context ranks cannot be split into context groups of %d; choose a size that divides %d.", lv.Name, p.Data, p.ContextSize(), c, ranks)))
			return l, false
		}
		p.Context, p.Data = c, ranks/c
		set("context", c)
		if p.Data%p.Expert != 0 {
			s.diags = append(s.diags, diag.Error(diag.WorkloadParallelism, lv.Context.Range, "expert does not divide data",
				fmt.Sprintf("Lever %q: with context %d, data is %d, which expert groups of %d do not split; choose another context size.", lv.Name, c, p.Data, p.Expert)))
			return l, false
		}
	}
	if lv.InNetwork.Set {
		set("in_network", lv.InNetwork.V)
	}
	ranges := map[string]hcl.Range{"zero_stage": lv.ZeROStage.Range, "virtual_stages": lv.VirtualStages.Range, "experts": lv.Expert.Range,
		"overlap": lv.Overlap.Range, "sequence_parallel": lv.SequenceParallel.Range}
	if lv.Context.Set {
		// A model argument that no longer fits the context size is the
		// lever's doing.
		for _, k := range []string{"sequence_length", "global_batch", "parallelism.context", "sequence_parallel"} {
			ranges[k] = lv.Context.Range
		}
	}
	cols, step, ok := s.deriveStep(w, m, l.Parallelism, wl.Routing, lv.DeclRange, ranges)
	if !ok {
		return l, false
	}
	l.Collectives = cols
	// The written collectives stay as they are in every lever; one whose
	// name the lever's model now derives (a dispatch once the lever makes
	// the experts parallel) would be counted twice.
	for _, c := range wl.Collectives {
		if c.Derivation != "" {
			continue
		}
		for _, d := range cols {
			if d.Name == c.Name {
				s.diags = append(s.diags, diag.Error(diag.DuplicateName, s.g.Range(c.Origin), fmt.Sprintf("Collective %q is also derived in lever %q", c.Name, lv.Name),
					fmt.Sprintf("Lever %q of workload %q derives a collective named %q (%s) from the model; rename the written one, or drop it to use the derived one.", lv.Name, w.Name, c.Name, d.Op)))
				return l, false
			}
		}
		l.Collectives = append(l.Collectives, c)
	}
	l.ComputeTimeS, l.Overlap = wl.ComputeTimeS, m.Overlap
	if !w.ComputeTime.Set && step.ComputeTimeS > 0 {
		l.ComputeTimeS = step.ComputeTimeS
	}
	l.BackwardTimeS = l.ComputeTimeS * training.BackwardShare(m)
	if m.Overlap > 0 && l.ComputeTimeS == 0 {
		s.diags = append(s.diags, diag.Error(diag.InvalidValue, lv.DeclRange, "Overlap needs a compute time",
			fmt.Sprintf("Lever %q: overlap hides gradient sync behind the backward pass, which needs the step's compute time; give the model gpu_peak and utilization, or the workload compute_time.", lv.Name)))
		return l, false
	}
	// A lever whose every setting is the workload's own repeats its row:
	// most likely a value meant to differ.
	if m == base && l.Parallelism == wl.Parallelism && !l.InNetwork && len(l.Changes) > 0 {
		s.diags = append(s.diags, diag.Warning(diag.InvalidValue, lv.DeclRange, "Lever changes nothing",
			fmt.Sprintf("Lever %q of workload %q sets %s, each already the workload's own, so its row repeats the workload's. Give a value that differs, or remove the lever.", lv.Name, w.Name, strings.Join(l.Changes, ", "))))
	}
	return l, true
}
