package congestion_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hashicorp/hcl/v2"

	"github.com/topoc/topoc/analyzers/congestion"
	"github.com/topoc/topoc/compiler"
	"github.com/topoc/topoc/compiler/compiletest"
	"github.com/topoc/topoc/compiler/ir"
	"github.com/topoc/topoc/lang"
	"github.com/topoc/topoc/lang/diag"
)

// compile loads and compiles the design files or directories at paths.
func compile(t testing.TB, paths ...string) *ir.Graph {
	t.Helper()
	cfg, diags := lang.Load(paths, lang.Options{})
	var g *ir.Graph
	if !diags.HasErrors() {
		var d hcl.Diagnostics
		g, d = compiler.Compile(cfg, compiler.Options{})
		diags = append(diags, d...)
	}
	if diags.HasErrors() {
		for _, d := range diags {
			t.Errorf("%s: %s: %s", d.Subject, d.Summary, d.Detail)
		}
		t.FailNow()
	}
	return g
}

func analyze(t testing.TB, g *ir.Graph) (*congestion.Result, []*hcl.Diagnostic) {
	var ds []*hcl.Diagnostic
	res := congestion.Analyze(g, func(d *hcl.Diagnostic) { ds = append(ds, d) })
	return res, ds
}

func collective(t testing.TB, res *congestion.Result, workload, name string) congestion.Collective {
	t.Helper()
	for _, w := range res.Workloads {
		if w.Name != workload {
			continue
		}
		for _, c := range w.Collectives {
			if c.Name == name {
				return c
			}
		}
	}
	t.Fatalf("no collective %s/%s", workload, name)
	return congestion.Collective{}
}

func near(a, b, rel float64) bool {
	return math.Abs(a-b) <= rel*math.Max(math.Abs(a), math.Abs(b))
}

const gib = 1 << 30

// nccl-tests busbw factors (doc/PERFORMANCE.md), designs.md acceptance
// case 22: n = 8 and algbw 100 GB/s give AllReduce 175, AllGather,
// ReduceScatter and AllToAll 87.5, NVLS AllReduce 77.8; AllToAll over 64
// ranks at algbw 50 gives 49.22.
func TestBusBWFactors(t *testing.T) {
	for _, tc := range []struct {
		op, alg string
		n       int
		algbw   float64
		want    float64
	}{
		{ir.OpAllReduce, "ring", 8, 100, 175},
		{ir.OpAllGather, "ring", 8, 100, 87.5},
		{ir.OpReduceScatter, "ring", 8, 100, 87.5},
		{ir.OpAllToAll, "direct", 8, 100, 87.5},
		{ir.OpAllReduce, "nvls", 8, 100, 77.78},
		{ir.OpSendRecv, "direct", 8, 100, 100},
		{ir.OpAllToAll, "direct", 64, 50, 49.22},
	} {
		got := tc.algbw * congestion.BusBWFactor(tc.op, tc.alg, tc.n)
		if math.Abs(got-tc.want) > 0.005 {
			t.Errorf("%s/%s n=%d: busbw %.3f, want %.2f", tc.op, tc.alg, tc.n, got, tc.want)
		}
	}
}

// designs.md acceptance case 23: ring AllReduce of 1 GiB over 8 ranks at
// 450 GB/s per direction: 2·(7/8)·S/B = 4.176 ms, plus 14α.
func TestRingAllReduceFormula(t *testing.T) {
	bw := congestion.RingAllReduceTime(8, gib, 450e9, 0)
	if math.Abs(bw-4.176e-3) > 0.5e-6 {
		t.Fatalf("bandwidth term %.6f ms, want 4.176 ms", bw*1e3)
	}
	if d := congestion.RingAllReduceTime(8, gib, 450e9, 1e-6) - bw; !near(d, 14e-6, 1e-12) {
		t.Fatalf("latency term %g, want 14α", d)
	}
}

// The same case routed on the IR: one DGX H100, whose GPUs each have 18
// NVLinks of 25 GB/s per direction (450 GB/s) over 4 NVSwitches split
// 4/5/5/4. The routed ring's bandwidth term must equal the formula, its
// latency NCCL's ring constants (8.4 µs + 14 × 3.4 µs, Simple protocol),
// and every GPU's NVLinks must be exactly full.
func TestRingAllReduceOneDGX(t *testing.T) {
	res, ds := analyze(t, compile(t, "testdata/dgx1.topo.hcl"))
	if len(ds) > 0 {
		t.Fatalf("diagnostics: %v", ds)
	}
	c := collective(t, res, "node", "ring")
	want := 2 * 7.0 / 8 * gib / 450e9
	if !near(c.BandwidthTimeS, want, 1e-9) {
		t.Errorf("bandwidth term %.6f ms, want %.6f ms", c.BandwidthTimeS*1e3, want*1e3)
	}
	lat := congestion.BaseRingS + 14*congestion.NVLinkRingS
	if !near(c.LatencyS, lat, 1e-9) || !near(c.TimeS, want+lat, 1e-9) {
		t.Errorf("latency %g s, time %g s; want %g and %g", c.LatencyS, c.TimeS, lat, want+lat)
	}
	if !near(c.CongestionFactor, 1, 1e-9) || c.Ranks != 8 || c.Groups != 1 {
		t.Errorf("congestion %g over %d ranks in %d groups; want 1, 8, 1", c.CongestionFactor, c.Ranks, c.Groups)
	}
	if !near(c.BusBWBPS, c.AlgBWBPS*1.75, 1e-12) || !near(c.AlgBWBPS, 8*gib/c.TimeS, 1e-12) {
		t.Errorf("algbw %g, busbw %g", c.AlgBWBPS, c.BusBWBPS)
	}
	// NVLS: every GPU sends S into the switches and receives S back.
	if c.InNetwork == nil || c.InNetwork.Kind != "nvls" {
		t.Fatalf("in_network = %+v, want nvls", c.InNetwork)
	}
	nv := collective(t, res, "node", "nvls")
	if !near(nv.BandwidthTimeS, gib/450e9, 1e-9) || !near(nv.TimeS, c.InNetwork.TimeS, 1e-12) {
		t.Errorf("NVLS bandwidth term %g, want %g; time %g vs in_network %g", nv.BandwidthTimeS, gib/450e9, nv.TimeS, c.InNetwork.TimeS)
	}
	if !near(nv.BusBWFactor, 7.0/9, 1e-12) {
		t.Errorf("NVLS busbw factor %g, want 7/9", nv.BusBWFactor)
	}
	// AllGather: (n−1)/n·S per rank, n−1 steps.
	ag := collective(t, res, "node", "gather")
	if w := 7.0 / 8 * gib / 450e9; !near(ag.BandwidthTimeS, w, 1e-9) {
		t.Errorf("AllGather bandwidth term %g, want %g", ag.BandwidthTimeS, w)
	}
	if !near(ag.LatencyS, congestion.BaseRingS+7*congestion.NVLinkRingS, 1e-9) {
		t.Errorf("AllGather latency %g", ag.LatencyS)
	}
	// Tree inside one server: NCCL's two chains, each carrying S/2 both
	// ways, so a GPU inner to both sends 2S: the 2S/B bandwidth term of
	// designs.md §7 (NCCL models tree algbw as half the busbw); latency
	// base + 2(ppn−1) NVLink tree steps.
	tr := collective(t, res, "node", "tree")
	if !near(tr.BandwidthTimeS, 2*gib/450e9, 1e-9) || !near(tr.LatencyS, congestion.BaseTreeS+14*congestion.NVLinkTreeS, 1e-9) {
		t.Errorf("tree: bandwidth term %g, want %g; latency %g", tr.BandwidthTimeS, 2*gib/450e9, tr.LatencyS)
	}
}

// DGX H100 SuperPOD, 4 SU (1,016 GPUs on 8 rails): a ring AllReduce over
// every GPU in NCCL's rail-aware order leaves each server once per channel
// on the channel's rail, so no link is loaded past its capacity
// (congestion factor 1.0: the NIC links are exactly full) and the
// bandwidth term is the NICs' 8 × 50 GB/s per server. In naive rank order
// every server boundary crosses from rail 7 to rail 0 through the spines,
// where static ECMP hashing collides: congestion above 1, on leaf-spine
// links named with the transfers that load them.
func TestSuperPODRailAwareVsNaive(t *testing.T) {
	res, ds := analyze(t, compile(t, "../../examples/dgx-h100-superpod", "testdata/superpod-orders.topo.hcl"))
	ra := collective(t, res, "orders", "rail_aware")
	if !near(ra.CongestionFactor, 1, 1e-9) {
		t.Errorf("rail-aware congestion factor %g, want 1.0", ra.CongestionFactor)
	}
	n := 1016.0
	if w := 2 * (n - 1) / n * gib / (8 * 50e9); !near(ra.BandwidthTimeS, w, 1e-9) {
		t.Errorf("rail-aware bandwidth term %g, want %g (NIC-bound)", ra.BandwidthTimeS, w)
	}
	if ra.Flows != 8*1016 {
		t.Errorf("rail-aware flows %d, want 8 channels × 1016", ra.Flows)
	}
	nv := collective(t, res, "orders", "naive")
	if nv.CongestionFactor <= 1 {
		t.Fatalf("naive congestion factor %g, want > 1", nv.CongestionFactor)
	}
	h := nv.HotLinks[0]
	if h.Kind != "leaf_spine" || !near(h.Utilization, nv.CongestionFactor, 1e-12) || h.Flows < 2 || len(h.TopFlows) == 0 {
		t.Fatalf("naive hot link %+v", h)
	}
	if f := h.TopFlows[0]; f.Src[len(f.Src)-4:] != "gpu7" || f.Dst[len(f.Dst)-4:] != "gpu0" {
		t.Errorf("naive hot link carries %s -> %s; want a server's last GPU to the next server's first", f.Src, f.Dst)
	}
	if e := nv.ECMP; e == nil || math.Abs(float64(e.CollisionFree)-e.ExpectedCollisionFree) > 4*e.StddevCollisionFree+1 {
		t.Errorf("ECMP statistics %+v stray from the closed form", nv.ECMP)
	}
	// Hierarchical: ReduceScatter over each server's 8 GPUs (NVLink), an
	// AllReduce ring of each GPU's S/8 shard over the 127 servers on its
	// rail (NIC-bound), AllGather over NVLink.
	hr := collective(t, res, "hierarchical", "allreduce")
	want := 2*7.0/8*gib/450e9 + 2*126.0/127*gib/8/50e9
	if len(hr.Phases) != 3 || !near(hr.BandwidthTimeS, want, 1e-9) || !near(hr.CongestionFactor, 1, 1e-9) {
		t.Errorf("hierarchical: %d phases, bandwidth term %g (want %g), congestion %g", len(hr.Phases), hr.BandwidthTimeS, want, hr.CongestionFactor)
	}
	warned := false
	for _, d := range ds {
		warned = warned || diag.CodeOf(d) == diag.CollectiveCongested
	}
	if !warned {
		t.Error("no collective-congested warning for the naive order")
	}
}

// Dragonfly p=2 a=4 h=2 (designs.md acceptance case 14), group i sending
// to group i+1: minimally, the 8 terminals of a group share the one global
// link to the next group, 1/8 of their injection rate.
func TestDragonflyMinimal(t *testing.T) {
	res, _ := analyze(t, compile(t, "../../examples/dragonfly-small", "testdata/dragonfly-shift.topo.hcl"))
	mn := collective(t, res, "shift", "minimal")
	if !near(mn.Throughput, 1.0/8, 1e-12) || mn.HotLinks[0].Kind != "global" || mn.HotLinks[0].Flows != 8 {
		t.Errorf("minimal: throughput %g on %+v; want 1/8 on a global link shared by 8 flows", mn.Throughput, mn.HotLinks[0])
	}
	val := collective(t, res, "shift", "valiant")
	ugal := collective(t, res, "shift", "ugal")
	// Valiant: two global hops per packet bound it by 1/2; routed, 7/16
	// (TestDragonflyValiantGlobalLinks derives it).
	if !near(val.Throughput, 7.0/16, 1e-9) {
		t.Errorf("Valiant throughput %g, want 7/16 (about 1/2)", val.Throughput)
	}
	if ugal.Throughput <= mn.Throughput || ugal.Throughput > val.Throughput+1e-12 {
		t.Errorf("UGAL throughput %g, want between minimal %g and Valiant %g", ugal.Throughput, mn.Throughput, val.Throughput)
	}
}

// The numbers quoted in examples/dgx-h100-superpod/README.md ("Workload")
// and docs/workloads.md: the llm-70b workload's collectives and its
// scaling table, within their rounding.
func TestSuperPODExampleWorkload(t *testing.T) {
	res, ds := analyze(t, compile(t, "../../examples/dgx-h100-superpod"))
	for _, d := range ds {
		t.Errorf("diagnostic on the example: %s: %s", d.Summary, d.Detail)
	}
	g := collective(t, res, "llm-70b", "gradients")
	if g.Groups != 8 || g.Ranks != 127 || !near(g.CongestionFactor, 1, 1e-9) || math.Abs(g.TimeS-0.698) > 0.0005 ||
		math.Abs(g.BusBWBPS/8e9-49.7) > 0.05 || g.InNetwork == nil || g.InNetwork.Kind != "sharp" || math.Abs(g.InNetwork.Speedup-1.99) > 0.005 {
		t.Errorf("gradients: %+v (in-network %+v)", g, g.InNetwork)
	}
	a := collective(t, res, "llm-70b", "activations")
	if a.Groups != 127 || a.Ranks != 8 || !near(a.CongestionFactor, 1, 1e-9) || math.Abs(a.TimeS*1e3-0.317) > 0.0005 ||
		math.Abs(a.BusBWBPS/8e9-370) > 0.5 || a.InNetwork == nil || a.InNetwork.Kind != "nvls" {
		t.Errorf("activations: %+v (in-network %+v)", a, a.InNetwork)
	}
	w := res.Workloads[0]
	// Compute from the model: (6 × 70e9 + 12 × 80 × 4,096 × 8,192) ×
	// (1,016 sequences × 4,096 tokens) ÷ (1,016 GPUs × 989 TFLOP/s × 0.4)
	// = 4.6822 s: the weights' 6N and attention's 12·L·s·h per token.
	compute := (6*70e9 + 12*80*4096*8192.0) * 4096 / (989e12 * 0.4)
	if w.Step == nil || math.Abs(w.Step.CommTimeS-1.509) > 0.0005 || math.Abs(w.Step.OverlapTimeS-compute) > 1e-9 || !strings.Contains(w.ComputeDerivation, "Kaplan") {
		t.Fatalf("step %+v", w.Step)
	}
	want := []struct {
		gpus       int
		comm, step float64
		speedup    float64
		eff        float64
	}{
		{8, 0.811, 5.494, 1.0, 1.000},
		{64, 1.424, 6.106, 7.2, 0.900},
		{256, 1.490, 6.173, 28.5, 0.890},
		{1016, 1.509, 6.192, 112.7, 0.887},
	}
	if len(w.Scaling) != len(want) {
		t.Fatalf("scaling rows %+v", w.Scaling)
	}
	for i, r := range w.Scaling {
		x := want[i]
		if r.GPUs != x.gpus || math.Abs(r.CommTimeS-x.comm) > 0.0005 || math.Abs(r.StepTimeS-x.step) > 0.0005 ||
			math.Abs(r.Speedup-x.speedup) > 0.05 || math.Abs(r.Efficiency-x.eff) > 0.0005 ||
			!near(r.IdealSpeedup, float64(x.gpus)/8, 1e-12) || !near(r.OverlapEfficiency, 1, 1e-9) {
			t.Errorf("row %d: %+v, want %+v", i, r, x)
		}
	}
}

// Same design, same result, byte for byte (the planes route concurrently,
// and nothing may depend on goroutine or map order).
func TestDeterministic(t *testing.T) {
	var out [2][]byte
	for i := range out {
		res, _ := analyze(t, compile(t, "../../examples/dgx-h100-superpod", "testdata/superpod-orders.topo.hcl"))
		b, err := json.Marshal(res.Workloads)
		if err != nil {
			t.Fatal(err)
		}
		out[i] = b
	}
	if !bytes.Equal(out[0], out[1]) {
		t.Fatal("two analyses of one design differ")
	}
}

// GPUs of one server without NVLink talk over PCIe: a ring of 4 GPUs on
// Gen5 x16 links to one CPU (63 GB/s per direction, designs.md §6) moves
// 2·(3/4)·S through every GPU's link.
func TestRingOverPCIe(t *testing.T) {
	res, ds := analyze(t, compile(t, "testdata/pcie-only.topo.hcl"))
	if len(ds) > 0 {
		t.Fatalf("diagnostics: %v", ds)
	}
	c := collective(t, res, "w", "ring")
	want := 2 * 0.75 * 1e9 / 63.015e9
	if !near(c.BandwidthTimeS, want, 1e-3) || c.HotLinks[0].Kind != "pcie" {
		t.Errorf("bandwidth term %g, want %g; hot link %+v", c.BandwidthTimeS, want, c.HotLinks[0])
	}
}

// The lever table of examples/dgx-h100-superpod/README.md ("Levers") is
// topoc's own output: every row, formatted as the README writes it, is in
// the README. Beside it, the closed forms each lever must meet: overlap
// hides min(0.9 × the gradient AllReduce, the backward pass = 2/3 of the
// compute); FP8 gradients halve the AllReduce's bandwidth term; SHARP and
// NVLS replace each AllReduce by its in-network time.
func TestSuperPODLevers(t *testing.T) {
	res, _ := analyze(t, compile(t, "../../examples/dgx-h100-superpod"))
	w := res.Workloads[0]
	readme, err := os.ReadFile("../../examples/dgx-h100-superpod/README.md")
	if err != nil {
		t.Fatal(err)
	}
	if len(w.Levers) != 4 {
		t.Fatalf("levers %+v", w.Levers)
	}
	g, a := collective(t, res, "llm-70b", "gradients"), collective(t, res, "llm-70b", "activations")
	for _, l := range w.Levers {
		row := fmt.Sprintf("| %s | %s | %.3f s | %.3f s | %.3f s | %.2f× |", l.Name, strings.Join(l.Changes, ", "),
			l.ComputeTimeS, l.CommTimeS, l.StepTimeS, l.Speedup)
		if !strings.Contains(string(readme), row) {
			t.Errorf("README lacks the row %s", row)
		}
		base := w.Step.TimeS
		switch l.Name {
		case "overlap":
			hidden := math.Min(0.9*g.TimeS, w.Step.ComputeTimeS*4/6)
			if math.Abs(l.StepTimeS-(base-hidden)) > 1e-9 {
				t.Errorf("overlap step %g, want %g − %g", l.StepTimeS, base, hidden)
			}
		case "fp8_gradients":
			if want := w.Step.CommTimeS - (g.BandwidthTimeS / 2); math.Abs(l.CommTimeS-want) > 1e-6 {
				t.Errorf("FP8 gradients: communication %g, want %g (half the bandwidth term)", l.CommTimeS, want)
			}
		case "in_network":
			if want := g.InNetwork.TimeS + 2560*a.InNetwork.TimeS; math.Abs(l.CommTimeS-want) > 1e-9 {
				t.Errorf("in-network communication %g, want %g", l.CommTimeS, want)
			}
		}
	}
}

// A model-derived pipeline of 4 stages over 32 DGX H100: each stage's
// NIC carries its forward and backward sends at once (direction "both"),
// 1.5× its 400 Gb/s. That is the schedule's doing, not the fabric's: an
// info that says so, not a warning whose remedy the user cannot apply
// (a derived collective's direction cannot be written).
func TestDerivedPipelineSendsInfo(t *testing.T) {
	data, err := os.ReadFile(filepath.Join(compiletest.Root(t), "examples", "dgx-h100-superpod", "superpod.topo.hcl"))
	if err != nil {
		t.Fatal(err)
	}
	src := strings.Replace(strings.Replace(string(data), "tensor = 8 # data = 1,016 / 8 = 127", "tensor   = 8\n    pipeline = 4", 1),
		"gpus = node_group.dgx.gpus\n", "gpus      = node_group.dgx.gpus\n  gpu_count = 256\n", 1)
	src = strings.Replace(src, "global_batch    = 8 * local.nodes # 8 micro-batches per data-parallel rank", "global_batch    = 64", 1)
	g := compiletest.Source(t, src, "scalable_units=2")
	res, ds := analyze(t, g)
	if c := collective(t, res, "llm-70b", "pipeline"); !near(c.CongestionFactor, 1.5, 1e-9) {
		t.Errorf("pipeline congestion %g, want 1.5", c.CongestionFactor)
	}
	found := 0
	for _, d := range ds {
		if diag.CodeOf(d) == diag.CollectiveCongested && strings.Contains(d.Detail, `"pipeline"`) {
			found++
			if diag.SeverityOf(d) != diag.SevInfo || !strings.Contains(d.Detail, "1F1B") {
				t.Errorf("%s: %s; want an info naming the 1F1B schedule", diag.SeverityOf(d), d.Detail)
			}
		}
	}
	if found != 1 {
		t.Errorf("%d collective-congested findings for the pipeline, want 1", found)
	}
}

// A collective with transfers that have no path never completes: it is
// reported unroutable with its count, and neither it nor the step that
// holds it has a time, a bandwidth or a scaling row. Two DGX H100 with
// no fabric (docs/diagnostics.md's example): the rail-aware ring has 8
// channels, one per GPU of a server, and each leaves each of the 2
// servers once, so 16 transfers have no path; the 8 × 14 inside the
// servers route.
func TestUnroutableHasNoTime(t *testing.T) {
	dir := t.TempDir()
	design := `
node_group "dgx" {
  model = "DGX-H100"
  count = 2
}

workload "llm" {
  gpus         = node_group.dgx.gpus
  compute_time = "1s"
  collective "gradients" {
    op   = "allreduce"
    size = "1GB"
  }
}
`
	if err := os.WriteFile(filepath.Join(dir, "d.topo.hcl"), []byte(design), 0o644); err != nil {
		t.Fatal(err)
	}
	res, ds := analyze(t, compile(t, dir))
	errs := 0
	for _, d := range ds {
		if diag.CodeOf(d) == diag.CollectiveUnroutable {
			errs++
		}
	}
	c := collective(t, res, "llm", "gradients")
	if errs != 1 || c.Unroutable != 16 || c.Flows != 8*14 {
		t.Errorf("%d collective-unroutable errors, %d unroutable transfers, %d routed; want 1, 16, 112", errs, c.Unroutable, c.Flows)
	}
	if c.TimeS != 0 || c.BusBWBPS != 0 || c.AlgBWBPS != 0 || c.Throughput != 0 || c.InNetwork != nil {
		t.Errorf("time %g, busbw %g, algbw %g, throughput %g, in-network %v: want none for a collective that never completes",
			c.TimeS, c.BusBWBPS, c.AlgBWBPS, c.Throughput, c.InNetwork)
	}
	// In JSON the times and bandwidths are null, so a requirement that
	// reads one cannot pass on a 0; so are an unroutable lever's.
	b, err := json.Marshal(c)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{`"time_s":null`, `"busbw_bps":null`, `"algbw_bps":null`, `"throughput":null`, `"latency_s":null`, `"bandwidth_time_s":null`, `"unroutable":16`} {
		if !strings.Contains(string(b), f) {
			t.Errorf("JSON lacks %s: %s", f, b)
		}
	}
	if b, _ := json.Marshal(congestion.Collective{Name: "x", Unroutable: 16}); !strings.Contains(string(b), `"congestion_factor":null`) {
		t.Errorf("nothing routed, yet a congestion factor: %s", b)
	}
	if b, _ := json.Marshal(congestion.LeverRow{Name: "x", Unroutable: 3, ComputeTimeS: 1}); !strings.Contains(string(b), `"step_time_s":null`) || !strings.Contains(string(b), `"speedup":null`) {
		t.Errorf("unroutable lever: %s", b)
	}
	wl := res.Workloads[0]
	if wl.Step != nil || len(wl.Scaling) != 0 {
		t.Errorf("step %+v, %d scaling rows: want neither", wl.Step, len(wl.Scaling))
	}
	var text bytes.Buffer
	congestion.WriteText(&text, res.Workloads)
	if s := text.String(); !strings.Contains(s, "unroutable: 16 transfers with no path") || strings.Contains(s, "busbw") ||
		strings.Contains(s, "step: compute") || !strings.Contains(s, `step: none: collective "gradients" never completes`) {
		t.Errorf("text:\n%s\nwant the unroutable count, no busbw and no step time", s)
	}
}

// An AllToAll's transfers with no path are counted in pairs, as its flows
// are: 2 and 3 DGX H100 with no fabric leave the 16 × 8 and 24 × 16
// pairs across servers unroutable and route the 16 × 7 and 24 × 7 inside
// them.
func TestUnroutableAllToAllPairs(t *testing.T) {
	for _, c := range []struct{ servers, unroutable, flows int }{{2, 16 * 8, 16 * 7}, {3, 24 * 16, 24 * 7}} {
		dir := t.TempDir()
		design := fmt.Sprintf(`node_group "dgx" {
  model = "DGX-H100"
  count = %d
}
workload "w" {
  gpus = node_group.dgx.gpus
  collective "a2a" {
    op    = "alltoall"
    size  = "1GB"
    group = "all"
  }
}
`, c.servers)
		if err := os.WriteFile(filepath.Join(dir, "d.topo.hcl"), []byte(design), 0o644); err != nil {
			t.Fatal(err)
		}
		res, _ := analyze(t, compile(t, dir))
		got := collective(t, res, "w", "a2a")
		if got.Unroutable != c.unroutable || got.Flows != int64(c.flows) {
			t.Errorf("%d servers: %d unroutable, %d flows; want %d, %d", c.servers, got.Unroutable, got.Flows, c.unroutable, c.flows)
		}
	}
}

// A dual-port NIC sends on both ports (NCCL's merged device stripes its
// queue pairs over them; routing/sendports.go): on Alibaba HPN's pod
// (examples/alibaba-hpn, one segment of 128 hosts, each GPU's 2 × 200G
// NIC with port p in plane p), the data-parallel ring AllReduce of 1 GB
// over the 128 GPUs of a rail loads each port at exactly its 200 Gb/s
// (it loaded one port at 400 Gb/s, congestion 2.0, when a queue pair
// took one port), and moves 2·127/128 × 1 GB at 400 Gb/s: 39.69 ms
// before latency. So does the AllToAll over the same groups.
func TestDualPortNICBothPorts(t *testing.T) {
	src, err := os.ReadFile("../../examples/alibaba-hpn/hpn.topo.hcl")
	if err != nil {
		t.Fatal(err)
	}
	g := compiletest.Source(t, string(src), "segments=1") // the example's workload dp
	res, _ := analyze(t, g)
	for _, name := range []string{"gradients", "experts"} {
		c := collective(t, res, "dp", name)
		if c.Groups != 8 || c.Ranks != 128 || !near(c.CongestionFactor, 1, 1e-9) {
			t.Errorf("%s: %d groups of %d ranks, congestion %g; want 8 of 128, exactly 1 (both NIC ports at 200G)", name, c.Groups, c.Ranks, c.CongestionFactor)
		}
		if len(c.HotLinks) == 0 || !near(c.HotLinks[0].LoadBPS, 200e9, 1e-9) {
			t.Errorf("%s: hot links %+v; want 200G on a 200G port", name, c.HotLinks)
		}
	}
	if c := collective(t, res, "dp", "gradients"); c.TimeS-c.LatencyS < 0 || !near(c.TimeS-c.LatencyS, 2*127.0/128*1e9*8/400e9, 1e-3) {
		t.Errorf("gradients: %g s with %g s of latency; want 2·127/128 × 1 GB ÷ 400 Gb/s = 39.69 ms besides", c.TimeS, c.LatencyS)
	}
}

// Both ports of a dual-port NIC on one ToR (one plane, the tiered
// engine): a queue pair arrives by the receiver's port as it leaves by
// the sender's, so the ring of 4 hosts loads each ToR→NIC link at its
// 200 Gb/s under the hash, destination pinning and the ideal split
// alike (trial 32: the last hop was left to the ToR, 2.0 under the hash
// and pinned), and the ring moves 2·3/4 GB at 400 Gb/s, 30 ms.
func TestDualPortNICOneToR(t *testing.T) {
	for _, routing := range []string{"ecmp", "pinned", "ideal"} {
		g := compiletest.Source(t, fmt.Sprintf(`
switch_model "S" {
  radix     = 64
  port_rate = "200Gb/s"
  protocol  = "ethernet"
}
nic_model "N2" {
  ports      = 2
  port_rate  = "200Gb/s"
  pcie_gen   = 5
  pcie_width = 16
  protocol   = "ethernet"
}
node_model "hh" {
  base = "HGX-H100"
  nic "compute" {
    model = "N2"
    count = 8
  }
}
node_group "host" {
  model = "hh"
  count = 4
}
fabric "backend" {
  clos {
    endpoints = node_group.host.nics.compute
    tier "tor" {
      model = "S"
      per   = ["rail"]
      down  = 8
      up    = 4
    }
    tier "agg" {
      model = "S"
      count = 4
      down  = 16
    }
  }
}
workload "w" {
  gpus = node_group.host.gpus
  parallelism {
    tensor = 8
  }
  collective "g" {
    op      = "allreduce"
    size    = "1GB"
    group   = "data"
    routing = %q
  }
}
`, routing))
		res, _ := analyze(t, g)
		c := collective(t, res, "w", "g")
		if !near(c.CongestionFactor, 1, 1e-9) || !near(c.TimeS-c.LatencyS, 2*3.0/4*1e9*8/400e9, 1e-3) {
			t.Errorf("%s: congestion %g, %g s with %g s of latency; want 1 and 2·3/4 GB ÷ 400 Gb/s = 30 ms besides", routing, c.CongestionFactor, c.TimeS, c.LatencyS)
		}
	}
}

// Two NICs of a server on one rail (8 NICs, rails = 4: NICs i and i+4
// on rail i): PXN relays to the local NIC of the destination NIC's index,
// as NCCL's channels pair NICs (ncclTopoGetIntermediateRank, src/graph/
// paths.cc), so both NICs of a rail carry traffic
// and a 64-rank AllToAll of 64 MB per rank takes 56/64 × 64 MB at one
// NIC's 400 Gb/s, 1.12 ms, besides latency. Keying the relay by the
// rail label sent each rail's traffic through one NIC: twice the time
// (stop 47 review).
func TestPXNMatchesNICIndex(t *testing.T) {
	g := compiletest.Source(t, `
node_group "dgx" {
  model = "DGX-H100"
  count = 8
}
fabric "compute" {
  clos {
    endpoints      = node_group.dgx.nics.compute
    rails          = 4
    server_transit = ["nvlink"]
    tier "leaf" {
      model = "QM9700"
      per   = ["rail"]
      down  = 16
    }
  }
}
workload "moe" {
  gpus = node_group.dgx.gpus
  parallelism {
    expert = 64
  }
  collective "dispatch" {
    op      = "alltoall"
    size    = "64MB"
    group   = "expert"
    routing = "ideal"
  }
}
`)
	res, _ := analyze(t, g)
	c := collective(t, res, "moe", "dispatch")
	if want := 56.0 / 64 * 64e6 * 8 / 400e9; !near(c.TimeS-c.LatencyS, want, 1e-3) {
		t.Errorf("dispatch: %g s besides %g s of latency; want 56/64 × 64 MB ÷ 400 Gb/s = %g s", c.TimeS-c.LatencyS, c.LatencyS, want)
	}
}

// An AllToAll among the 72 GPUs of one GB200 NVL72 rack stays on the
// rack's NVLink domain, whose 18 trays are different servers (NCCL's
// multi-node NVLink): trial 59 found it routed over the ConnectX NICs,
// 6.04 ms where NVLink takes a tenth of that. Each GPU sends 71/72 of
// 256 MiB over 18 NVLink5 links of 50 GB/s; across the two racks (data
// = 2) the pairs do take the fabric.
func TestAllToAllInsideMultiNodeNVLinkDomain(t *testing.T) {
	g := compile(t, "../../examples/gb200-nvl72-2rack/cluster.topo.hcl", "testdata/nvl72-workloads.topo.hcl")
	res, _ := analyze(t, g)
	in := collective(t, res, "ep", "a2a_tensor")
	if len(in.HotLinks) == 0 || in.HotLinks[0].Kind != "gpu_nvswitch" {
		t.Fatalf("tensor AllToAll's hot links %+v, want an NVLink link first", in.HotLinks)
	}
	for _, h := range in.HotLinks {
		if h.Kind == "node_leaf" || h.Kind == "leaf_spine" {
			t.Errorf("tensor AllToAll loads the fabric: %+v", h)
		}
	}
	want := 256 * (1 << 20) * 71.0 / 72 / (18 * 50e9)
	if !near(in.BandwidthTimeS, want, 1e-9) || !near(in.CongestionFactor, 1, 1e-9) {
		t.Errorf("tensor AllToAll bandwidth time %g s, congestion %g; want %g s, 1", in.BandwidthTimeS, in.CongestionFactor, want)
	}
	across := collective(t, res, "ep", "a2a_data")
	if len(across.HotLinks) == 0 || across.HotLinks[0].Kind == "gpu_nvswitch" {
		t.Errorf("data AllToAll's hot links %+v, want the fabric", across.HotLinks)
	}
}

// A rail-aware ring over the 144 GPUs of two NVL72 racks runs one channel
// per GPU of a rack (NCCL fuses a multi-node NVLink domain into one
// node, shared/reference/nccl-topo-xml.md §9): each of the 72 channels
// leaves the rack through its own NIC, so the NICs carry 1/72 of the
// buffer each and every GPU's 18 NVLink5 links are the bottleneck, 2(n−1)/n
// of 1 GiB at 900 GB/s. Grouped per tray (trial 59) the ring had 4
// channels and its NIC links were the bottleneck, 3.5 times slower.
func TestRingOverMultiNodeNVLinkDomains(t *testing.T) {
	g := compile(t, "../../examples/gb200-nvl72-2rack/cluster.topo.hcl", "testdata/nvl72-workloads.topo.hcl")
	res, _ := analyze(t, g)
	c := collective(t, res, "dp", "ring")
	want := 2 * 143.0 / 144 * (1 << 30) / (18 * 50e9)
	if len(c.HotLinks) == 0 || c.HotLinks[0].Kind != "gpu_nvswitch" || !near(c.BandwidthTimeS, want, 1e-9) || !near(c.CongestionFactor, 1, 1e-9) {
		t.Errorf("ring: bandwidth time %g s, congestion %g, hot links %+v; want %g s on NVLink at 1", c.BandwidthTimeS, c.CongestionFactor, c.HotLinks, want)
	}
}

// Pinned routing is destination-mod-k as Zahavi (2010) defines it on a
// fat-tree: the edge switch takes digit d mod 2 of its 2 uplinks, the
// aggregation switch ⌊d/2⌋ mod 2, so that every core carries traffic and
// a shift permutation is non-blocking. With the same digit at every tier
// (oracle trial 62) only two of a k = 4 fat-tree's four cores carried
// any, and the ring i → i+4 (a shift by one pod) read congestion 2, the
// AllToAll 1.6; both are 1 at the hosts' links, as under ideal routing.
func TestPinnedIsDestinationModK(t *testing.T) {
	g := compiletest.Source(t, `
fabric "ft" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}
workload "job" {
  gpus = fabric.ft.endpoints
  parallelism {
    tensor = 4
  }
  collective "shift" {
    op      = "allreduce"
    size    = "1GiB"
    group   = "data"
    routing = "pinned"
  }
  collective "a2a" {
    op      = "alltoall"
    size    = "1GiB"
    group   = "all"
    routing = "pinned"
  }
}`)
	res, _ := analyze(t, g)
	for _, name := range []string{"shift", "a2a"} {
		c := collective(t, res, "job", name)
		if !near(c.CongestionFactor, 1, 1e-9) || len(c.HotLinks) == 0 || c.HotLinks[0].Kind != "host_edge" {
			t.Errorf("%s: congestion %g at %+v, want 1 at a host link", name, c.CongestionFactor, c.HotLinks)
		}
	}
}

// Destination-mod-k on a three-tier fabric with parallel links (4 from
// each leaf to each of its unit's 2 spines): the digit's divisor grows by
// the switches above, not the links, and a packet descends the way its
// destination's own climb goes up. A pipeline SendRecv then loads no
// fabric link above the endpoints' own (1.5 at the NIC of a stage that
// exchanges both ways, as adaptive routing gives); dividing by the links
// and taking the digit again on the way down read 6.0 (a trial's
// 3,072-GPU fabric of the same shape read 12 against 1.5).
func TestPinnedDividesBySwitchesAndDescendsTheClimb(t *testing.T) {
	g := compiletest.Source(t, `
switch_model "S" {
  radix     = 64
  port_rate = "400Gb/s"
}
node_model "box" {
  gpu  = "H100"
  gpus = 2
  nic "compute" {
    model = "ConnectX-7"
    count = 2
  }
}
node_group "n" {
  model = "box"
  count = 32
  name  = format("su%02d/node%02d", floor(count.index / 8), count.index % 8)
}
fabric "c" {
  clos {
    endpoints = node_group.n.nics.compute
    rails     = 2
    unit "su" {
      nodes = 8
    }
    tier "leaf" {
      model = "S"
      per   = ["su", "rail"]
      down  = 8
      up    = 8
    }
    tier "spine" {
      model = "S"
      per   = ["su"]
      count = 2
      down  = 8
      up    = 8
      striping = "spread"
    }
    tier "core" {
      model = "S"
      count = 8
    }
  }
}
workload "r" {
  gpus = node_group.n.gpus
  parallelism {
    tensor   = 2
    pipeline = 4
  }
  collective "p_pinned" {
    op      = "sendrecv"
    size    = "16MiB"
    group   = "pipeline"
    routing = "pinned"
  }
}`)
	res, _ := analyze(t, g)
	c := collective(t, res, "r", "p_pinned")
	if !near(c.CongestionFactor, 1.5, 1e-9) || len(c.HotLinks) == 0 || c.HotLinks[0].Kind != "node_leaf" {
		t.Errorf("congestion %g at %+v, want 1.5 at a NIC's own link", c.CongestionFactor, c.HotLinks)
	}
}

// Destination-mod-k numbers a switch's up ports by port number, not by
// the order the links were made, and a switch off the destination's climb
// sends it to the switch the climb came up from where it can. The clos
// generator rotates each unit's spine–core links, so link order and port
// order differ on the spines: a 1:1 three-tier fabric's AllToAll read
// 1.94 and its pipeline 3.0 where destination-mod-k gives 1.0 and 1.5, as
// an even split does (oracle trial 65, reproduced from the documented
// rule).
func TestPinnedPortOrderOnRotatedWiring(t *testing.T) {
	g := compiletest.Source(t, `
fabric "f" {
  clos {
    hosts     = 32
    host_rate = "400Gb/s"
    unit "rack" {
      nodes = 4
    }
    unit "su" {
      units = 2
    }
    tier "leaf" {
      model = "QM9700"
      per   = ["rack"]
      down  = 4
      up    = 4
    }
    tier "spine" {
      model = "QM9700"
      per   = ["su"]
      count = 2
      down  = 4
      up    = 4
    }
    tier "core" {
      model = "QM9700"
      count = 8
    }
  }
}
workload "job" {
  gpus    = fabric.f.endpoints
  routing = "pinned"
  parallelism {
    pipeline = 4
  }
  collective "a2a" {
    op    = "alltoall"
    size  = "1GB"
    group = "all"
  }
  collective "pipe" {
    op    = "sendrecv"
    size  = "1GB"
    group = "pipeline"
  }
}`)
	res, _ := analyze(t, g)
	for name, want := range map[string]float64{"a2a": 1, "pipe": 1.5} {
		if c := collective(t, res, "job", name); !near(c.CongestionFactor, want, 1e-9) {
			t.Errorf("%s: congestion %g at %+v, want %g", name, c.CongestionFactor, c.HotLinks, want)
		}
	}
}

// The SHARP estimate routes each aggregation tree's stream above the
// leaves: eight concurrent groups of four hosts, one per rack, on leaves
// of 8 hosts with 2 uplinks (4:1) send eight streams of 1 GiB up each
// leaf over its 2 links of 400G, 8 × 2^30 × 8 ÷ (2 × 400e9) s plus the
// latency; oracle trial 62 found those links left out and the estimate
// four times too fast (21.5 ms, the 1:1 figure).
func TestSharpTreesLoadLeafUplinks(t *testing.T) {
	g := compiletest.Source(t, `
fabric "ls" {
  clos {
    hosts     = 32
    host_rate = "400Gb/s"
    unit "rack" {
      nodes = 8
    }
    tier "leaf" {
      model = "QM9700"
      per   = ["rack"]
      down  = 8
      up    = 2
    }
    tier "spine" {
      model = "QM9700"
      count = 2
    }
  }
}
workload "job" {
  gpus = fabric.ls.endpoints
  parallelism {
    tensor = 8
  }
  collective "grad" {
    op      = "allreduce"
    size    = "1GiB"
    group   = "data"
    routing = "ideal"
  }
}`)
	res, _ := analyze(t, g)
	c := collective(t, res, "job", "grad")
	bw := 8 * float64(1<<30) * 8 / (2 * 400e9)
	if c.InNetwork == nil || c.InNetwork.Kind != "sharp" || c.InNetwork.TimeS < bw || c.InNetwork.TimeS > bw*1.01 {
		t.Errorf("in-network estimate %+v, want SHARP at %g s plus latency", c.InNetwork, bw)
	}
}
