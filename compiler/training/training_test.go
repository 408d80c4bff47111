package training

import (
	"math"
	"strings"
	"testing"
)

// byName returns the derived collective called name, failing the test
// when it is absent.
func byName(t *testing.T, st Step, name string) Collective {
	t.Helper()
	for _, c := range st.Collectives {
		if c.Name == name {
			return c
		}
	}
	t.Fatalf("no collective %q in %+v", name, st.Collectives)
	return Collective{}
}

func derive(t *testing.T, m Model, p Parallelism) Step {
	t.Helper()
	st, probs := Derive(m, p)
	if len(probs) > 0 {
		t.Fatalf("%+v %+v: %v", m, p, probs)
	}
	return st
}

// dense is a 7B-class model trained in BF16.
func denseModel() Model {
	return Model{Parameters: 7e9, Layers: 32, Hidden: 4096, SequenceLength: 2048, MicroBatch: 2,
		GlobalBatch: 2 * 4 * 3, WeightBytes: 2, ActivationBytes: 2, GradientBytes: 2}
}

// Megatron-LM tensor parallelism (Shoeybi et al. 2019 §3): 4 AllReduces of
// b·s·h elements per layer per micro-batch (2 forward, 2 backward), 6 with
// full recomputation; sequence parallelism (Korthikanti et al. 2022)
// turns each into an AllGather and a ReduceScatter of the same buffer.
func TestTensorParallel(t *testing.T) {
	p := Parallelism{Data: 4, Tensor: 8, Pipeline: 1, Expert: 1}
	m := denseModel()
	act := 2.0 * 2048 * 4096 * 2 // b·s·h × 2 B
	st := derive(t, m, p)
	if st.MicroBatches != 3 {
		t.Fatalf("micro-batches %d, want 24 / (2 × 4) = 3", st.MicroBatches)
	}
	a := byName(t, st, "activations")
	if a.Op != "allreduce" || a.Group != "tensor" || a.SizeBytes != act || a.PerStep != 4*32*3 {
		t.Errorf("activations %+v, want allreduce of %g × 384", a, act)
	}
	m.FullRecompute = true
	if a := byName(t, derive(t, m, p), "activations"); a.PerStep != 6*32*3 {
		t.Errorf("with recomputation %g per step, want 576", a.PerStep)
	}
	m.FullRecompute, m.SequenceParallel = false, true
	st = derive(t, m, p)
	ag, rs := byName(t, st, "activations_gather"), byName(t, st, "activations_scatter")
	if ag.Op != "allgather" || rs.Op != "reducescatter" || ag.SizeBytes != act || rs.SizeBytes != act || ag.PerStep != 384 || rs.PerStep != 384 {
		t.Errorf("sequence parallel %+v %+v", ag, rs)
	}
	for _, c := range st.Collectives {
		if c.Name == "activations" {
			t.Error("sequence parallelism still derives the AllReduce")
		}
	}
	// One tensor rank: no tensor collective at all.
	one := denseModel()
	one.GlobalBatch = 2 * 32
	for _, c := range derive(t, one, Parallelism{Data: 32, Tensor: 1, Pipeline: 1, Expert: 1}).Collectives {
		if c.Group == "tensor" {
			t.Errorf("tensor = 1 derived %+v", c)
		}
	}
}

// Pipeline parallelism (Narayanan et al. 2021 §2.2, §4.1): b·s·h ÷ t per
// GPU each way per micro-batch, v times as often interleaved; bubble
// (p−1)/m for 1F1B, (p−1)/(v·m) interleaved.
func TestPipelineParallel(t *testing.T) {
	m := Model{Parameters: 175e9, Layers: 96, Hidden: 12288, SequenceLength: 2048, MicroBatch: 1,
		GlobalBatch: 1 * 8 * 16, WeightBytes: 2, ActivationBytes: 2, GradientBytes: 2}
	p := Parallelism{Data: 8, Tensor: 8, Pipeline: 8, Expert: 1}
	st := derive(t, m, p)
	pp := byName(t, st, "pipeline")
	if want := 2048.0 * 12288 * 2 / 8; pp.Op != "sendrecv" || pp.Group != "pipeline" || pp.SizeBytes != want || pp.PerStep != 16 {
		t.Errorf("pipeline %+v, want sendrecv of %g × 16", pp, want)
	}
	if st.Bubble != 7.0/16 {
		t.Errorf("1F1B bubble %g, want 7/16", st.Bubble)
	}
	if a := byName(t, st, "activations"); a.PerStep != 4*12*16 {
		t.Errorf("tensor AllReduces per step %g, want 4 × 96/8 layers × 16", a.PerStep)
	}
	m.VirtualStages = 2
	st = derive(t, m, p)
	if pp := byName(t, st, "pipeline"); pp.PerStep != 32 || st.Bubble != 7.0/32 {
		t.Errorf("interleaved: %g per step, bubble %g; want 32 and 7/32", pp.PerStep, st.Bubble)
	}
}

// ZeRO (Rajbhandari et al. 2020 §7): stages 1 and 2 move the same 2Ψ per
// step as plain data parallelism, stage 3 moves 3Ψ at one micro-batch.
// Volumes are per rank under ring algorithms: AllReduce 2(n−1)/n × size,
// AllGather and ReduceScatter (n−1)/n × size (Thakur et al. 2005).
func TestZeROTraffic(t *testing.T) {
	p := Parallelism{Data: 16, Tensor: 2, Pipeline: 1, Expert: 1}
	n := 16.0
	traffic := func(st Step) float64 {
		sum := 0.0
		for _, c := range st.Collectives {
			if c.Group != "data" {
				continue
			}
			f := (n - 1) / n
			if c.Op == "allreduce" {
				f *= 2
			}
			sum += f * c.SizeBytes * c.PerStep
		}
		return sum
	}
	m := denseModel()
	m.GlobalBatch = 2 * 16 // one micro-batch per rank
	psi := 7e9 / 2 * 2     // parameters per GPU × 2 B
	dp := traffic(derive(t, m, p))
	if g := byName(t, derive(t, m, p), "gradients"); g.Op != "allreduce" || g.SizeBytes != psi {
		t.Errorf("plain data parallel %+v, want AllReduce of %g", g, psi)
	}
	// At one micro-batch per step ZeRO-2 moves what ZeRO-1 does; it
	// reduces every micro-batch (each rank keeps only its gradient
	// shard), checked below.
	for stage, ratio := range map[int]float64{1: 1, 2: 1, 3: 1.5} {
		m.ZeROStage = stage
		if got := traffic(derive(t, m, p)) / dp; math.Abs(got-ratio) > 1e-12 {
			t.Errorf("ZeRO-%d moves %g × plain data parallelism, want %g", stage, got, ratio)
		}
	}
	// ZeRO-3 gathers the parameters before each forward and backward pass
	// of every micro-batch.
	m.ZeROStage, m.GlobalBatch = 2, 2*16*4
	if g := byName(t, derive(t, m, p), "gradients"); g.PerStep != 4 {
		t.Errorf("ZeRO-2 over 4 micro-batches: %g ReduceScatters, want 4", g.PerStep)
	}
	m.ZeROStage = 3
	st := derive(t, m, p)
	if ag, rs := byName(t, st, "parameters"), byName(t, st, "gradients"); ag.PerStep != 8 || rs.PerStep != 4 {
		t.Errorf("ZeRO-3 over 4 micro-batches: %g AllGathers, %g ReduceScatters; want 8 and 4", ag.PerStep, rs.PerStep)
	}
}

// Mixture of experts (GShard §2; DeepSeek-V3 §3.2): dispatch and combine
// AllToAlls of top-k × tokens × h elements per MoE layer per micro-batch,
// forward and backward; routed experts' gradients over the ranks that
// hold the same experts. DeepSeek-V3's 4,096-token micro-batch with h =
// 7,168, top-8 and FP8 dispatch is 235 MB.
func TestMixtureOfExperts(t *testing.T) {
	m := Model{Parameters: 671e9, ActiveParameters: 37e9, ExpertParameters: 650e9, Layers: 64, MoELayers: 56,
		Hidden: 7168, SequenceLength: 4096, MicroBatch: 1, GlobalBatch: 128 * 2, WeightBytes: 2, ActivationBytes: 2,
		GradientBytes: 4, DispatchBytes: 1, Experts: 256, TopK: 8}
	p := Parallelism{Data: 128, Tensor: 1, Pipeline: 16, Expert: 64}
	st := derive(t, m, p)
	d, c := byName(t, st, "dispatch"), byName(t, st, "combine")
	want := 8.0 * 4096 * 7168 * 1
	// DeepSeek-V3 §3.3: dispatch in FP8, combine in BF16.
	if d.Op != "alltoall" || d.Group != "expert" || d.SizeBytes != want || c.SizeBytes != 2*want {
		t.Errorf("dispatch %+v, combine %+v; want AllToAlls of %g and %g", d, c, want, 2*want)
	}
	if d.PerStep != 2*(56.0/16)*2 {
		t.Errorf("dispatch %g per step, want 2 × 3.5 MoE layers per stage × 2 micro-batches", d.PerStep)
	}
	eg := byName(t, st, "expert_gradients")
	if eg.Group != "expert_data" || eg.SizeBytes != 650e9/(16*64)*4 {
		t.Errorf("expert gradients %+v, want %g over expert_data", eg, 650e9/(16*64)*4)
	}
	if g := byName(t, st, "gradients"); g.SizeBytes != (671e9-650e9)/16*4 {
		t.Errorf("dense gradients %+v", g)
	}
	m.CapacityFactor = 1.25
	if d := byName(t, derive(t, m, p), "dispatch"); d.SizeBytes != 1.25*want {
		t.Errorf("capacity 1.25: %g, want %g", d.SizeBytes, 1.25*want)
	}
}

// Compute: 6 FLOPs per active parameter per token (Kaplan et al. 2020),
// 8 with full recomputation, at peak × utilization, plus the bubble.
func TestComputeTime(t *testing.T) {
	m := denseModel()
	m.PeakFLOPS, m.Utilization = 989e12, 0.4
	p := Parallelism{Data: 4, Tensor: 8, Pipeline: 1, Expert: 1}
	st := derive(t, m, p)
	// Per token 6N for the weights and 12·L·s·h for attention (PaLM,
	// App. B): 6 × 7e9 + 12 × 32 × 2048 × 4096 = 4.5221e10 FLOPs.
	perTok := 6*7e9 + 12*32*2048*4096.0
	want := perTok * 24 * 2048 / (32 * 989e12 * 0.4)
	if math.Abs(st.ComputeTimeS-want) > 1e-12*want || !strings.Contains(st.ComputeFormula, "Kaplan") || !strings.Contains(st.ComputeFormula, "4.522e+10 FLOPs per token") {
		t.Errorf("compute %g (%s), want %g", st.ComputeTimeS, st.ComputeFormula, want)
	}
	m.FullRecompute = true
	if got, w := derive(t, m, p).ComputeTimeS, (8*7e9+16*32*2048*4096.0)*24*2048/(32*989e12*0.4); math.Abs(got-w) > 1e-9 {
		t.Errorf("with recomputation %g, want %g", got, w)
	}
	m.FullRecompute, m.Layers, m.GlobalBatch = false, 32, 2*2*4
	pp := derive(t, m, Parallelism{Data: 2, Tensor: 4, Pipeline: 4, Expert: 1})
	ideal := perTok * 16 * 2048 / (32 * 989e12 * 0.4)
	if math.Abs(pp.ComputeTimeS-ideal*(1+3.0/4)) > 1e-9 {
		t.Errorf("with a 4-stage pipeline over 4 micro-batches %g, want %g × (1 + 3/4)", pp.ComputeTimeS, ideal)
	}
}

// Arguments that cannot hold with the parallelism name the argument.
func TestProblems(t *testing.T) {
	dense := Parallelism{Data: 4, Tensor: 2, Pipeline: 2, Expert: 1}
	moe := Parallelism{Data: 4, Tensor: 1, Pipeline: 2, Expert: 2}
	for _, c := range []struct {
		mod   func(*Model)
		p     Parallelism
		param string
	}{
		{func(m *Model) { m.GlobalBatch = 10 }, dense, "global_batch"},
		{func(m *Model) { m.Layers = 1 }, dense, "layers"},
		{func(m *Model) { m.Experts, m.TopK = 8, 9 }, moe, "top_k"},
		{func(m *Model) { m.Experts, m.TopK = 7, 1 }, moe, "experts"},
		{func(m *Model) { m.TopK = 2 }, dense, "experts"},
		{func(m *Model) { m.CapacityFactor = 1.25 }, dense, "experts"},
		{func(m *Model) {}, moe, "experts"}, // expert parallelism on a dense model
		{func(m *Model) { m.ZeROStage = 4 }, dense, "zero_stage"},
		{func(m *Model) { m.PeakFLOPS = 1e15 }, dense, "gpu_peak"},
		{func(m *Model) { m.Hidden = 0 }, dense, "hidden"},
		{func(m *Model) { m.Experts, m.TopK, m.ExpertParameters = 8, 2, 8e9 }, Parallelism{Data: 4, Tensor: 1, Pipeline: 2, Expert: 1}, "expert_parameters"},
		{func(m *Model) { m.ActiveParameters = 8e9 }, dense, "active_parameters"},
		{func(m *Model) { m.SequenceParallel = true }, Parallelism{Data: 4, Tensor: 1, Pipeline: 2, Expert: 1}, "sequence_parallel"},
		{func(m *Model) { m.SequenceParallel, m.SequenceLength = true, 2047 }, dense, "sequence_parallel"},
		// Megatron-Core: expert with tensor parallelism needs sequence
		// parallelism.
		{func(m *Model) { m.Experts, m.TopK = 8, 2 }, Parallelism{Data: 4, Tensor: 2, Pipeline: 2, Expert: 2}, "sequence_parallel"},
		// Interleaved: 32 layers over 2 stages × 3 chunks, and 3
		// micro-batches over 2 stages, fail Megatron-LM's checks.
		{func(m *Model) { m.VirtualStages = 3 }, dense, "virtual_stages"},
		// Context parallelism: 2048 tokens in 2 × 3 chunks do not divide;
		// with experts it is not modelled.
		{func(m *Model) {}, Parallelism{Data: 4, Tensor: 2, Pipeline: 1, Expert: 1, Context: 3}, "sequence_length"},
		{func(m *Model) { m.Experts, m.TopK = 8, 2 }, Parallelism{Data: 4, Tensor: 1, Pipeline: 2, Expert: 2, Context: 2}, "parallelism.context"},
		// Sequence parallelism with context: each rank's 2048 ÷ 2 tokens
		// over 8 tensor ranks is whole, 8200 ÷ 2 is not (8200 ÷ 8 is).
		{func(m *Model) { m.SequenceParallel, m.SequenceLength = true, 8200 }, Parallelism{Data: 1, Tensor: 8, Pipeline: 1, Expert: 1, Context: 2}, "sequence_parallel"},
		// Heads: 4096 over 3 heads; 32 heads in groups of 5; 2 key-value
		// heads over 4 tensor ranks; key-value heads without query heads.
		{func(m *Model) { m.AttentionHeads = 3 }, dense, "attention_heads"},
		{func(m *Model) { m.AttentionHeads, m.KVHeads = 32, 5 }, dense, "kv_heads"},
		{func(m *Model) { m.AttentionHeads, m.KVHeads = 32, 2 }, Parallelism{Data: 2, Tensor: 4, Pipeline: 2, Expert: 1}, "kv_heads"},
		{func(m *Model) { m.AttentionHeads, m.KVHeads = 2, 2 }, Parallelism{Data: 2, Tensor: 4, Pipeline: 2, Expert: 1}, "attention_heads"},
		{func(m *Model) { m.KVHeads = 8 }, dense, "kv_heads"},
	} {
		m := denseModel()
		c.mod(&m)
		_, probs := Derive(m, c.p)
		if len(probs) != 1 || probs[0].Param != c.param {
			t.Errorf("%+v %+v: problems %v, want one on %s", m, c.p, probs, c.param)
		}
	}
	m := denseModel()
	m.VirtualStages, m.GlobalBatch = 2, 16
	if _, probs := Derive(m, Parallelism{Data: 8, Tensor: 2, Pipeline: 1, Expert: 1}); len(probs) == 0 || probs[0].Param != "virtual_stages" {
		t.Errorf("interleaving without a pipeline: %v", probs)
	}
}

// Context parallelism (Megatron-Core, context_parallel.rst): every rank
// holds s/c tokens, so the tensor and pipeline collectives shrink c-fold;
// each layer AllGathers the whole sequence's keys and values twice (forward,
// and again in backward) and ReduceScatters their gradients once, over the
// context group: 2·b·s·h_kv/t elements, h_kv = h × kv_heads ÷ heads.
// Gradients are reduced over the data × context ranks.
func TestContextParallel(t *testing.T) {
	m := denseModel() // b 2, s 2048, h 4096, 32 layers, BF16
	m.SequenceLength, m.GlobalBatch = 32768, 2*2*3
	m.AttentionHeads, m.KVHeads = 32, 8
	p := Parallelism{Data: 2, Tensor: 4, Pipeline: 2, Expert: 1, Context: 4}
	st := derive(t, m, p)
	if st.MicroBatches != 3 {
		t.Fatalf("micro-batches %d, want 12 / (2 × 2) = 3", st.MicroBatches)
	}
	layers, mb := 32.0/2, 3.0
	kv := 2 * 2 * 32768 * (4096 * 8 / 32) / 4 * 2.0 // 2·b·s·h_kv/t × 2 B
	g, r := byName(t, st, "context_kv"), byName(t, st, "context_dkv")
	if g.Op != "allgather" || g.Group != "context" || g.SizeBytes != kv || g.PerStep != 2*layers*mb {
		t.Errorf("context_kv %+v, want an AllGather over context of %g B, %g per step", g, kv, 2*layers*mb)
	}
	if r.Op != "reducescatter" || r.Group != "context" || r.SizeBytes != kv || r.PerStep != layers*mb {
		t.Errorf("context_dkv %+v, want a ReduceScatter over context of %g B, %g per step", r, kv, layers*mb)
	}
	// The tensor AllReduce carries b·(s/c)·h; the pipeline b·(s/c)·h/t.
	act := 2 * (32768 / 4) * 4096 * 2.0
	if a := byName(t, st, "activations"); a.SizeBytes != act {
		t.Errorf("activations %g B, want b·(s/c)·h × 2 B = %g", a.SizeBytes, act)
	}
	if pl := byName(t, st, "pipeline"); pl.SizeBytes != act/4 {
		t.Errorf("pipeline %g B, want %g", pl.SizeBytes, act/4)
	}
	if gr := byName(t, st, "gradients"); gr.Group != "data_context" || gr.SizeBytes != 7e9/(4*2)*2 {
		t.Errorf("gradients %+v, want over data_context, Ψ = N ÷ (t·p) × 2 B", gr)
	}
	// Routed experts without expert parallelism (e = 1): every rank of a
	// data × context group holds them all, so their gradients are reduced
	// over data_context too, not over the data ranks alone.
	moe := m
	moe.Experts, moe.TopK, moe.ExpertParameters = 8, 2, 4e9
	if eg := byName(t, derive(t, moe, p), "expert_gradients"); eg.Group != "data_context" || eg.SizeBytes != 4e9/(4*2)*2 {
		t.Errorf("expert_gradients %+v, want over data_context, N_experts ÷ (t·p) × 2 B", eg)
	}
	// Full recomputation gathers once more; multi-head attention
	// exchanges 4 times as much as 8 key-value heads of 32.
	m.FullRecompute = true
	if g := byName(t, derive(t, m, p), "context_kv"); g.PerStep != 3*layers*mb {
		t.Errorf("with recomputation %g per step, want %g", g.PerStep, 3*layers*mb)
	}
	m.FullRecompute, m.KVHeads, m.AttentionHeads = false, 0, 0
	if g := byName(t, derive(t, m, p), "context_kv"); g.SizeBytes != 4*kv {
		t.Errorf("multi-head %g B, want %g", g.SizeBytes, 4*kv)
	}
	// The compute time counts every GPU, context ranks included.
	m.PeakFLOPS, m.Utilization = 989e12, 0.4
	// Attention at s = 32,768 costs more than the weights: 12 × 32 ×
	// 32,768 × 4096 = 5.15e10 FLOPs per token against 6 × 7e9.
	want := (6*7e9 + 12*32*32768*4096.0) * 12 * 32768 / (64 * 989e12 * 0.4) * (1 + 1.0/3)
	if got := derive(t, m, p).ComputeTimeS; math.Abs(got-want) > 1e-9*want {
		t.Errorf("compute %g, want %g", got, want)
	}
	// Without context parallelism nothing of it is derived.
	p.Context, p.Data = 1, 8
	m.GlobalBatch = 2 * 8 * 3
	for _, c := range derive(t, m, p).Collectives {
		if c.Group == "context" || c.Group == "data_context" {
			t.Errorf("context = 1 derived %+v", c)
		}
	}
}
