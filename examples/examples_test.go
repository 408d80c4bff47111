// Package examples_test compiles every shipped example and asserts the
// numbers its source publishes (docs/reference/designs.md), or closed
// forms where none are published.
package examples_test

import (
	"math"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/hashicorp/hcl/v2"

	"github.com/topoc/topoc/analyzers/bisection"
	"github.com/topoc/topoc/analyzers/congestion"
	"github.com/topoc/topoc/analyzers/inventory"
	"github.com/topoc/topoc/analyzers/oversub"
	"github.com/topoc/topoc/compiler"
	"github.com/topoc/topoc/compiler/ir"
	"github.com/topoc/topoc/lang"
	"github.com/topoc/topoc/lang/diag"
)

// compile loads and compiles dir and fails the test on any error.
func compile(t *testing.T, dir string, vars ...string) []inventory.Fabric {
	t.Helper()
	return inventory.Summarize(compileGraph(t, dir, vars...))
}

func count(cs []inventory.Count, name string) int {
	for _, c := range cs {
		if c.Name == name {
			return c.Count
		}
	}
	return 0
}

func fabric(t *testing.T, fs []inventory.Fabric, name string) inventory.Fabric {
	t.Helper()
	for _, f := range fs {
		if f.Name == name {
			return f
		}
	}
	t.Fatalf("no fabric %q", name)
	return inventory.Fabric{}
}

// TestEveryExampleChecksClean: every folder under examples/ compiles with
// no error (docs/reference/design-brief.md "Examples").
func TestEveryExampleChecksClean(t *testing.T) {
	ents, err := os.ReadDir(".")
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, e := range ents {
		if e.IsDir() {
			n++
			t.Run(e.Name(), func(t *testing.T) { compile(t, e.Name()) })
		}
	}
	if n < 7 {
		t.Errorf("found %d examples, want at least 7", n)
	}
}

// Al-Fares et al. 2008 and designs.md acceptance cases 1–4.
func TestFatTrees(t *testing.T) {
	for _, tc := range []struct {
		dir                                   string
		hosts, edge, agg, core, switches, lnk int
	}{
		{"fat-tree-k8", 128, 32, 32, 16, 80, 384},
		{"fat-tree-k48", 27648, 1152, 1152, 576, 2880, 82944},
	} {
		f := compile(t, tc.dir)[0]
		if f.Endpoints != tc.hosts || f.Switches != tc.switches || f.Links != tc.lnk ||
			count(f.SwitchesByTier, "edge") != tc.edge || count(f.SwitchesByTier, "aggregation") != tc.agg || count(f.SwitchesByTier, "core") != tc.core {
			t.Errorf("%s: got %+v", tc.dir, f)
		}
		if f.SwitchPortsUsed != f.SwitchPorts {
			t.Errorf("%s: %d of %d ports used; a full fat-tree uses every port", tc.dir, f.SwitchPortsUsed, f.SwitchPorts)
		}
	}
}

// NVIDIA RA-11333-001 Table 4 (designs.md §3, acceptance cases 7 and 8):
// nodes, leaves, spines, compute+UFM cables, spine–leaf cables.
func TestDGXH100SuperPODTable4(t *testing.T) {
	for _, row := range []struct {
		sus, nodes, leaf, spine, compute, spineLeaf int
	}{
		{1, 31, 8, 4, 252, 256},
		{2, 63, 16, 8, 508, 512},
		{3, 95, 24, 16, 764, 768},
		{4, 127, 32, 16, 1020, 1024},
	} {
		f := fabric(t, compile(t, "dgx-h100-superpod", "scalable_units="+itoa(row.sus)), "compute")
		gpus := count(f.EndpointsByKind, "nic") // one 400G NIC per GPU
		if gpus != row.nodes*8 || count(f.EndpointsByKind, "ufm") != 4 || f.Endpoints != row.compute {
			t.Errorf("%d SU: endpoints %v, want %d NIC ports + 4 UFM = %d", row.sus, f.EndpointsByKind, row.nodes*8, row.compute)
		}
		if count(f.SwitchesByTier, "leaf") != row.leaf || count(f.SwitchesByTier, "spine") != row.spine {
			t.Errorf("%d SU: switches %v, want %d leaf %d spine", row.sus, f.SwitchesByTier, row.leaf, row.spine)
		}
		if got := count(f.LinksByKind, "node_leaf") + count(f.LinksByKind, "appliance_leaf"); got != row.compute {
			t.Errorf("%d SU: compute+UFM cables %d, want %d", row.sus, got, row.compute)
		}
		if got := count(f.LinksByKind, "leaf_spine"); got != row.spineLeaf {
			t.Errorf("%d SU: spine-leaf cables %d, want %d", row.sus, got, row.spineLeaf)
		}
	}
}

// B200 RA 16 SU row (designs.md acceptance case 9): 128 leaf, 128 spine,
// 64 core = 320 switches = 5H/k; 3 × 4,096 = 12,288 cables.
func TestDGXB200SuperPOD16SU(t *testing.T) {
	f := fabric(t, compile(t, "dgx-b200-superpod-16su"), "compute")
	if f.Endpoints != 4096 || count(f.SwitchesByTier, "leaf") != 128 || count(f.SwitchesByTier, "spine") != 128 ||
		count(f.SwitchesByTier, "core") != 64 || f.Switches != 5*4096/64 || f.Links != 3*4096 {
		t.Errorf("got %+v", f)
	}
	for _, k := range []string{"node_leaf", "leaf_spine", "spine_core"} {
		if count(f.LinksByKind, k) != 4096 {
			t.Errorf("%s links = %d, want 4096", k, count(f.LinksByKind, k))
		}
	}
}

// Kim et al. 2008 (designs.md acceptance case 14).
func TestDragonflySmall(t *testing.T) {
	f := compile(t, "dragonfly-small")[0]
	if f.Endpoints != 72 || f.Switches != 36 || f.Links != 162 ||
		count(f.LinksByKind, "terminal") != 72 || count(f.LinksByKind, "local") != 54 || count(f.LinksByKind, "global") != 36 {
		t.Errorf("got %+v", f)
	}
	if f.SwitchPorts != 36*7 || f.SwitchPortsUsed != 36*7 {
		t.Errorf("radix 7 routers: ports %d used %d, want 252", f.SwitchPorts, f.SwitchPortsUsed)
	}
}

// GB200 NVL72 (designs.md acceptance case 12): 72 GPUs, 18 NVSwitch chips,
// 1,296 GPU–switch links; 18 × 50 GB/s = 900 GB/s per GPU per direction;
// 72 scale-out NICs per rack.
func TestGB200NVL72(t *testing.T) {
	fs := compile(t, "gb200-nvl72")
	nv := fabric(t, fs, "nvl72")
	if nv.Endpoints != 72 || nv.Switches != 18 || nv.Links != 1296 {
		t.Errorf("nvl72: got %+v", nv)
	}
	if perGPU := nv.CapacityBPS / 72; perGPU != 900e9*8 {
		t.Errorf("NVLink per GPU = %g b/s, want 900 GB/s = 7.2e12 b/s per direction", perGPU)
	}
	if so := fabric(t, fs, "scale_out"); so.Endpoints != 72 {
		t.Errorf("scale-out endpoints %d, want 72", so.Endpoints)
	}
}

// Closed forms of the 2-plane, 3:1 leaf-spine (see its README).
func TestRoCELeafSpine(t *testing.T) {
	f := compile(t, "roce-leaf-spine-2plane")[0]
	if f.Endpoints != 3072 || count(f.SwitchesByTier, "leaf") != 64 || count(f.SwitchesByTier, "spine") != 16 ||
		count(f.LinksByKind, "node_leaf") != 3072 || count(f.LinksByKind, "leaf_spine") != 2*32*16 {
		t.Errorf("got %+v", f)
	}
}

func itoa(n int) string { return strconv.Itoa(n) }

// Two GB200 NVL72 racks as one cluster (see its README): each NVLink
// domain is the one-rack numbers of designs.md acceptance case 12 (72
// GPUs, 18 chips, 1,296 links); the scale-out fabric attaches the 72
// NICs of each rack, 144 in all, through one leaf per rail per rack
// (8 leaves, 18 up each: 144 leaf-spine links) and 3 spines; one job
// over both racks' 144 GPUs on 36 trays, tensor 72 (a rack's NVLink
// domain) × data 2 (across the racks, over the scale-out fabric).
func TestGB200NVL72TwoRacks(t *testing.T) {
	g := compileGraph(t, "gb200-nvl72-2rack")
	fs := inventory.Summarize(g)
	for _, name := range []string{"nvl72_rack0", "nvl72_rack1"} {
		if nv := fabric(t, fs, name); nv.Endpoints != 72 || nv.Switches != 18 || nv.Links != 1296 {
			t.Errorf("%s: got %+v", name, nv)
		}
	}
	so := fabric(t, fs, "scale_out")
	if so.Endpoints != 144 || count(so.SwitchesByTier, "leaf") != 8 || count(so.SwitchesByTier, "spine") != 3 ||
		count(so.LinksByKind, "leaf_spine") != 144 {
		t.Errorf("scale_out: got %+v", so)
	}
	res := congestion.Analyze(g, nil)
	if len(res.Workloads) != 1 {
		t.Fatalf("%d workloads; want one across both racks", len(res.Workloads))
	}
	if w := res.Workloads[0]; w.GPUs != 144 || w.Servers != 36 || w.Parallelism.Tensor != 72 || w.Parallelism.Data != 2 {
		t.Errorf("workload: %d GPUs on %d servers, parallelism %+v; want 144 on 36, tensor 72 × data 2", w.GPUs, w.Servers, w.Parallelism)
	}
}

// One GB200 NVL72 SU (see its README): 8 racks of 18 trays, one NVLink
// domain per rack by count (designs.md acceptance case 12 each: 72 GPUs,
// 18 chips, 1,296 links, 259.2 Tb/s), 576 compute NICs (the RA's 72 per
// rack) on 18 leaves of 32 down and 32 up with 576 leaf–spine links
// (designs.md §3's port arithmetic), 16 spines: 115.2 Tb/s, analytic;
// and one job over all 576 GPUs whose tensor groups stay in their racks.
func TestGB200NVL72SU(t *testing.T) {
	g := compileGraph(t, "gb200-nvl72-su")
	fs := inventory.Summarize(g)
	for r := range 8 {
		name := "nvl72-" + itoa(r)
		if nv := fabric(t, fs, name); nv.Endpoints != 72 || nv.Switches != 18 || nv.Links != 1296 {
			t.Errorf("%s: got %+v", name, nv)
		}
	}
	c := fabric(t, fs, "compute")
	if c.Endpoints != 576 || count(c.SwitchesByTier, "leaf") != 18 || count(c.SwitchesByTier, "spine") != 16 || count(c.LinksByKind, "leaf_spine") != 576 {
		t.Errorf("compute: got %+v", c)
	}
	for fi := range g.Fabrics {
		r := bisection.Compute(g, ir.FabricID(fi), bisection.Options{})
		want := 259.2e12
		if g.Fabrics[fi].Name == "compute" {
			want = 576 * 400e9 / 2
		}
		if r.Method != bisection.MethodAnalytic || r.BandwidthBPS != want {
			t.Errorf("%s bisection %s %g; want analytic %g", g.Fabrics[fi].Name, r.Method, r.BandwidthBPS, want)
		}
	}
	res := congestion.Analyze(g, nil)
	if w := res.Workloads[0]; w.GPUs != 576 || w.Servers != 144 || w.Parallelism.Tensor != 72 || w.Parallelism.Data != 8 {
		t.Errorf("workload: %d GPUs on %d servers, parallelism %+v; want 576 on 144, tensor 72 × data 8", w.GPUs, w.Servers, w.Parallelism)
	}
}

// DeepSeek-V3's multi-plane fat-tree (arXiv 2505.09343, §5.1 and Table 3):
// 16,384 GPUs on 768 switches of 64 × 400G. Per plane, a two-tier
// fat-tree of radix 64: 64 leaves (32 down, 32 up) and 32 spines, 2,048
// node links and 2,048 leaf–spine links (closed form); 8 planes. The
// planes meet only inside the servers, so the fabric is one piece only
// through server_transit, and its bisection, counted over NVLink, is
// proven non-blocking: 16,384 × 400 Gb/s ÷ 2.
func TestDeepSeekV3MPFT(t *testing.T) {
	g := compileGraph(t, "deepseek-v3-mpft")
	f := fabric(t, inventory.Summarize(g), "mpft")
	if f.Endpoints != 16384 || f.Switches != 768 || count(f.SwitchesByTier, "leaf") != 8*64 || count(f.SwitchesByTier, "spine") != 8*32 {
		t.Errorf("mpft: %d endpoints, %d switches (%v); want 16,384 and 768 (512 leaf, 256 spine)", f.Endpoints, f.Switches, f.SwitchesByTier)
	}
	if count(f.LinksByKind, "node_leaf") != 8*2048 || count(f.LinksByKind, "leaf_spine") != 8*2048 || f.SwitchPortsFree != 0 {
		t.Errorf("mpft links %v, %d free ports; want 16,384 of each kind and none free", f.LinksByKind, f.SwitchPortsFree)
	}
	r := bisection.Compute(g, 0, bisection.Options{})
	if r.Method != bisection.MethodAnalytic || r.LowerBoundBPS != r.UpperBoundBPS || r.BandwidthBPS != 16384*400e9/2 {
		t.Errorf("bisection %s %g..%g: want analytic %g", r.Method, r.LowerBoundBPS, r.UpperBoundBPS, 16384*400e9/2)
	}
}

// compileGraph loads and compiles dir and fails the test on any error.
func compileGraph(t *testing.T, dir string, vars ...string) *ir.Graph {
	t.Helper()
	cfg, diags := lang.Load([]string{dir}, lang.Options{Vars: vars})
	if !diags.HasErrors() {
		g, d := compiler.Compile(cfg, compiler.Options{})
		diags = append(diags, d...)
		if !diags.HasErrors() {
			return g
		}
	}
	for _, d := range diags {
		t.Errorf("%s: %s [%s] %s", d.Subject, d.Summary, diag.CodeOf(d), d.Detail)
	}
	t.FailNow()
	return nil
}

// A rail-only fabric (arXiv 2307.12169) over 64 DGX H100: 8 rail switches
// of 64 ports and 512 server links, no spine (a rail-optimized two-tier
// Clos of the same NICs takes 16 leaves and 8 spines). Joined only
// through the servers' NVLink, it is proven non-blocking: 512 × 400 Gb/s
// ÷ 2.
func TestRailOnly512(t *testing.T) {
	g := compileGraph(t, "rail-only-512")
	f := fabric(t, inventory.Summarize(g), "compute")
	if f.Endpoints != 512 || f.Switches != 8 || f.Links != 512 || f.SwitchPortsFree != 0 {
		t.Errorf("compute: got %+v", f)
	}
	r := bisection.Compute(g, 0, bisection.Options{})
	if r.Method != bisection.MethodAnalytic || r.LowerBoundBPS != r.UpperBoundBPS || r.BandwidthBPS != 512*400e9/2 {
		t.Errorf("bisection %s %g..%g: want analytic %g", r.Method, r.LowerBoundBPS, r.UpperBoundBPS, 512*400e9/2)
	}
}

// Meta's 24K-GPU Llama 3 cluster (arXiv 2407.21783 §3.3.1): 24,576 GPUs
// on 3,072 servers, one RTSW per rack of two servers (1,536), pods of
// 3,072 GPUs non-blocking inside, 1:7 above them. The CTSW and ATSW
// counts are the example's stated assumptions (16 a pod, 27), which give
// 192:27 at the CTSW; the cut between two halves of the pods is then
// 4 pods × 16 CTSW × 27 uplinks, proven.
func TestLlama3Cluster(t *testing.T) {
	g := compileGraph(t, "llama3-24k")
	f := fabric(t, inventory.Summarize(g), "backend")
	if f.Endpoints != 24576 || count(f.SwitchesByTier, "rtsw") != 1536 || count(f.SwitchesByTier, "ctsw") != 8*16 || count(f.SwitchesByTier, "atsw") != 27 {
		t.Errorf("backend: %d endpoints, switches %v; want 24,576 and 1,536 RTSW, 128 CTSW, 27 ATSW", f.Endpoints, f.SwitchesByTier)
	}
	if count(f.LinksByKind, "node_leaf") != 24576 || count(f.LinksByKind, "rtsw_ctsw") != 24576 || count(f.LinksByKind, "ctsw_atsw") != 8*16*27 {
		t.Errorf("backend links %v", f.LinksByKind)
	}
	o := oversub.Analyze(g, 0)
	seen := 0
	for _, u := range o.Units {
		want := map[string]float64{"rack": 1, "pod": 192.0 / 27}[u.Kind]
		if want != 0 {
			seen++
		}
		if want != 0 && (u.Max == nil || *u.Max != want || u.Count != map[string]int{"rack": 1536, "pod": 8}[u.Kind]) {
			t.Errorf("oversubscription per %s: %+v, want %g on every one", u.Kind, u, want)
		}
	}
	if seen != 2 {
		t.Errorf("oversubscription units %+v: want rack and pod", o.Units)
	}
	if o.EndToEnd == nil || *o.EndToEnd != 192.0/27 {
		t.Errorf("end to end %v, want 192:27", o.EndToEnd)
	}
	r := bisection.Compute(g, 0, bisection.Options{})
	if want := 4 * 16 * 27 * 400e9; r.Method != bisection.MethodAnalytic || r.LowerBoundBPS != want || r.UpperBoundBPS != want {
		t.Errorf("bisection %s %g..%g: want analytic %g", r.Method, r.LowerBoundBPS, r.UpperBoundBPS, want)
	}
}

// A Slingshot dragonfly of Frontier's shape (glennklockwood.com,
// "Frontier"): 74 groups of 32 64-port switches, 4 global links between
// every two groups, 9,408 nodes × 4 NICs. Counts by closed form: 4 ×
// 74·73/2 global and 74 × 32·31/2 local links; a group's 512 × 200G of
// injection over its 292 × 200G of global links is the published
// blocking factor 1.753. The bisection is an interval: the endpoints are
// not spread evenly over the switches, and the group-structure bound in
// its partially populated form proves 5,476 links (the full system's
// group cut) below the 5,594 of the cut found (one group split 24 | 8,
// its 8 routers on B reaching 21 groups: the concentrated group split).
func TestFrontierSlingshot(t *testing.T) {
	g := compileGraph(t, "frontier-slingshot")
	f := fabric(t, inventory.Summarize(g), "slingshot")
	if f.Endpoints != 37632 || f.Switches != 74*32 {
		t.Errorf("slingshot: %d endpoints, %d switches; want 37,632 and 2,368", f.Endpoints, f.Switches)
	}
	if count(f.LinksByKind, "global") != 4*74*73/2 || count(f.LinksByKind, "local") != 74*32*31/2 || count(f.LinksByKind, "terminal") != 37632 {
		t.Errorf("slingshot links %v", f.LinksByKind)
	}
	if want := 74*32 + 74*(512-292) + 256; f.SwitchPortsFree != want {
		t.Errorf("%d free ports, want %d (one spare per switch, the uncabled global ports, the empty endpoint slots)", f.SwitchPortsFree, want)
	}
	o := oversub.Analyze(g, 0)
	if o.GlobalTaper == nil || *o.GlobalTaper != 512.0/292 || o.EndToEnd == nil || *o.EndToEnd != 512.0/292 {
		t.Errorf("taper %v, end to end %v; want 512/292 = 1.753", o.GlobalTaper, o.EndToEnd)
	}
	r := bisection.Compute(g, 0, bisection.Options{})
	half := 37632 / 2 * 200e9
	if r.LowerBoundBPS > r.UpperBoundBPS || r.LowerBoundBPS < 0.28*half || r.UpperBoundBPS != 5594*200e9 {
		t.Errorf("bisection %s %g..%g: want a proven interval from above 0.28 × %g to the 5,594-link cut", r.Method, r.LowerBoundBPS, r.UpperBoundBPS, half)
	}
	if !strings.Contains(r.LowerBoundNote, "global arrangement") {
		t.Errorf("lower_bound_note %q: want it to say the bounds do not read the global arrangement (74 groups)", r.LowerBoundNote)
	}
	if r.LowerBoundBPS != 5476*200e9 || r.LowerBoundMethod != "dragonfly_group_structure" {
		t.Errorf("lower end %g by %s, want 5,476 links by the group-structure bound", r.LowerBoundBPS, r.LowerBoundMethod)
	}
}

// Llama 3 405B on 16,384 of the cluster's GPUs (Llama 3 §3.3.2 Table 4;
// architecture Table 3: 126 layers, h 16,384, 128 heads, 8 key-value
// heads), ranks in Meta's order [TP, CP, PP, DP]. The collectives are
// derived from the model (compiler/training) and must meet the closed
// forms: tensor AllReduce b·(s/c)·h × 2 B = 256 MiB in both stages (8,192
// tokens per rank), 4 × 126/16 × 16 micro-batches = 504 a step; the
// pipeline's b·(s/c)·h/t = 32 MiB, 16 a step; gradients Ψ = 405e9 ÷ (8 ×
// 16) × 2 B; at 128K the context AllGather of the whole sequence's keys
// and values, 2 × 131,072 × (16,384 × 8/128) ÷ 8 × 2 B = 64 MiB, 2 per
// layer and micro-batch (252 a step), and the ReduceScatter of their
// gradients (126), over 1,024 context groups of 16.
func TestLlama3Workloads(t *testing.T) {
	g := compileGraph(t, "llama3-24k")
	type want struct {
		op, group string
		size      float64
		perStep   float64
	}
	const mib = 1 << 20
	grads := 405e9 / (8 * 16) * 2
	for _, c := range []struct {
		workload string
		data     int
		cols     map[string]want
	}{
		{"llama3_405b_8k", 128, map[string]want{
			"activations": {"allreduce", "tensor", 256 * mib, 504},
			"pipeline":    {"sendrecv", "pipeline", 32 * mib, 16},
			"gradients":   {"allreduce", "data", grads, 1},
		}},
		{"llama3_405b_128k", 8, map[string]want{
			"activations": {"allreduce", "tensor", 256 * mib, 504},
			"context_kv":  {"allgather", "context", 64 * mib, 252},
			"context_dkv": {"reducescatter", "context", 64 * mib, 126},
			"pipeline":    {"sendrecv", "pipeline", 32 * mib, 16},
			"gradients":   {"allreduce", "data_context", grads, 1},
		}},
	} {
		var w *ir.Workload
		for i := range g.Workloads {
			if g.Workloads[i].Name == c.workload {
				w = &g.Workloads[i]
			}
		}
		if w == nil {
			t.Fatalf("no workload %s", c.workload)
		}
		if w.Parallelism.Data != c.data || w.Placement.Count != 16384 {
			t.Errorf("%s: data %d on %d GPUs, want %d on 16,384", c.workload, w.Parallelism.Data, w.Placement.Count, c.data)
		}
		if len(w.Collectives) != len(c.cols) {
			t.Errorf("%s: %d collectives, want %d", c.workload, len(w.Collectives), len(c.cols))
		}
		for _, col := range w.Collectives {
			x, ok := c.cols[col.Name]
			if !ok || col.Op != x.op || col.Group != x.group || col.SizeBytes != math.Round(x.size) || col.PerStep != x.perStep {
				t.Errorf("%s %s: %s over %s, %g B × %g; want %+v", c.workload, col.Name, col.Op, col.Group, col.SizeBytes, col.PerStep, x)
			}
		}
		// Meta's order: a pipeline stage's neighbour is T·C ranks away,
		// a data-parallel replica T·C·P.
		if st, sc, sd, sp := w.Parallelism.Strides(); st != 1 || sc != 8 || sp != 8*w.Parallelism.ContextSize() || sd != sp*16 {
			t.Errorf("%s: strides %d %d %d %d", c.workload, st, sc, sd, sp)
		}
	}
}

// DeepSeek's Fire-Flyer 2 (arXiv 2408.14158, §III-B): two zones, each a
// two-layer fat-tree of 40-port QM8700s with 20 spines and 40 leaves
// (800 host ports), joined by a few links; 180 storage servers with one
// NIC in each zone (§VI-B2). Each zone: 40 × 20 = 800 leaf–spine links,
// 610 compute + 180 storage endpoints, 1:1 at every leaf. The two zones
// are 120 switches (the paper counts 122; it does not say what the other
// two are). The composite's bisection is the joining links alone, 4 ×
// 200 Gb/s, proven: the storage servers do not forward between their
// NICs, so they do not join the zones (contracted into one vertex each,
// they carried 180 × 200 Gb/s across).
func TestFireFlyer2(t *testing.T) {
	g := compileGraph(t, "fire-flyer-2")
	fs := inventory.Summarize(g)
	for _, name := range []string{"zone0", "zone1"} {
		z := fabric(t, fs, name)
		if z.Endpoints != 790 || count(z.SwitchesByTier, "leaf") != 40 || count(z.SwitchesByTier, "spine") != 20 ||
			count(z.LinksByKind, "leaf_spine") != 800 || count(z.LinksByKind, "node_leaf") != 790 {
			t.Errorf("%s: %d endpoints, switches %v, links %v; want 790, 40 leaves, 20 spines, 800 leaf_spine, 790 node_leaf", name, z.Endpoints, z.SwitchesByTier, z.LinksByKind)
		}
	}
	c := fabric(t, fs, "cluster")
	if c.Endpoints != 2*610+2*180 || c.Switches != 120 || count(c.LinksByKind, "custom") != 4 {
		t.Errorf("cluster: %d endpoints, %d switches, links %v; want 1,580, 120 and 4 joining links", c.Endpoints, c.Switches, c.LinksByKind)
	}
	for fid, f := range g.Fabrics {
		if f.Name != "cluster" {
			if o := oversub.Analyze(g, ir.FabricID(fid)); o.EndToEnd == nil || *o.EndToEnd != 1 {
				t.Errorf("%s: end to end %v, want 1:1 (20 down, 20 up on every leaf)", f.Name, o.EndToEnd)
			}
			// 4,880 GPUs and 180 storage NICs: a side of 2,530 endpoints
			// takes 316 whole servers (2,528 GPUs) and 2 storage NICs,
			// 318 × 200G; a part of a server costs more (its GPUs' PCIe
			// links), so the whole-server hose bound proves it exact.
			r := bisection.Compute(g, ir.FabricID(fid), bisection.Options{})
			if want := 318 * 200e9; r.Method != bisection.MethodExact || r.LowerBoundBPS != want || r.UpperBoundBPS != want || r.LowerBoundMethod != "hose_whole_servers" {
				t.Errorf("%s bisection %s %g..%g by %s: want exactly 318 × 200G = %g by the whole-server hose bound", f.Name, r.Method, r.LowerBoundBPS, r.UpperBoundBPS, r.LowerBoundMethod, want)
			}
			continue
		}
		r := bisection.Compute(g, ir.FabricID(fid), bisection.Options{})
		if want := 4 * 200e9; r.LowerBoundBPS != want || r.UpperBoundBPS != want || r.LowerBoundMethod != "hose_composite" {
			t.Errorf("cluster bisection %s %g..%g by %s: want exactly the 4 joining links, %g, by the composite hose bound", r.Method, r.LowerBoundBPS, r.UpperBoundBPS, r.LowerBoundMethod, want)
		}
		// Up/down inside each zone, the joining links between: the
		// composite hose bound routes so, and meets the cut.
		if rt := r.Routed; rt == nil || rt.Routing != "up_down_zones" || rt.LowerBoundBPS != 4*200e9 || rt.UpperBoundBPS != 4*200e9 {
			t.Errorf("cluster routed %+v, want up_down_zones at exactly 800G", rt)
		}
	}
}

// Alibaba HPN as SimAI's AlibabaHPN --dp template builds it (README):
// 1,920 hosts × 8 NICs × 2 ports = 30,720 endpoints, 15 × 16 = 240 ToRs,
// 120 aggregation switches, 240 × 60 = 14,400 ToR–aggregation links; every
// ToR at 128 × 200G : 60 × 400G = 16:15. The bisection is the split of
// 7.5 segments a side, per plane 56 ToRs × 60 uplinks × 400G plus 8 ToRs ×
// 64 host links × 200G = 1.4464 Pb/s, 2.8928 Pb/s in all, proven exact by
// the server-cluster bound (a segment's 128 hosts on its 16 ToRs are one
// item: a ToR on either side cuts its links to the hosts on the other);
// the hose bound alone proves 30,720 × 200G ÷ 2 × 15/16 = 2.88 Pb/s.
// Cabling: each ToR port split 4 × 200G takes two 1:2 fibers (15,360), each
// ToR–aggregation lane a fiber (14,400); a module per used switch port
// (240 × 62 + 120 × 60 = 22,080) and per NIC port (30,720).
func TestAlibabaHPN(t *testing.T) {
	g := compileGraph(t, "alibaba-hpn")
	f := fabric(t, inventory.Summarize(g), "backend")
	if f.Endpoints != 30720 || count(f.SwitchesByTier, "tor") != 240 || count(f.SwitchesByTier, "agg") != 120 ||
		count(f.LinksByKind, "node_leaf") != 30720 || count(f.LinksByKind, "tor_agg") != 14400 || f.SwitchPortsFree != 960 {
		t.Errorf("%d endpoints, switches %v, links %v, %d ports free; want 30,720, 240 tor, 120 agg, 30,720 + 14,400 links, 960 free",
			f.Endpoints, f.SwitchesByTier, f.LinksByKind, f.SwitchPortsFree)
	}
	if o := oversub.Analyze(g, 0); o.EndToEnd == nil || math.Abs(*o.EndToEnd-16.0/15) > 1e-12 {
		t.Errorf("end to end %v, want 16:15", o.EndToEnd)
	}
	r := bisection.Compute(g, 0, bisection.Options{})
	if r.Method != bisection.MethodExact || r.LowerBoundMethod != "hose_server_clusters" || r.LowerBoundBPS != 2.8928e15 || r.UpperBoundBPS != 2.8928e15 {
		t.Errorf("bisection %s %g..%g by %s, want exactly 2.8928e15 by the server-cluster bound", r.Method, r.LowerBoundBPS, r.UpperBoundBPS, r.LowerBoundMethod)
	}
	if rt := r.Routed; rt == nil || rt.LowerBoundBPS != 2.8928e15 || rt.UpperBoundBPS != 2.8928e15 {
		t.Errorf("routed %+v, want up_down closed at 2.8928e15", rt)
	}
	fibers, lanes := 0, 0
	for _, c := range g.Cabling().Cables {
		switch {
		case c.SplitFiber && c.Legs == 2:
			fibers++
		case c.Legs == 1 && g.Link(g.Cabling().Legs[c.Leg0]).CapacityBPS == 400e9:
			lanes++
		default:
			t.Fatalf("cable %s: %d legs, splitter %v", g.CableID(int(c.Seq-1)), c.Legs, c.SplitFiber)
		}
	}
	modules := map[bool]int{}
	for _, c := range g.Cages() {
		if c.Transceiver == ir.None {
			t.Fatalf("cage without a module: %+v", c)
		}
		modules[c.Switch]++
	}
	if fibers != 15360 || lanes != 14400 || modules[true] != 22080 || modules[false] != 30720 {
		t.Errorf("%d splitter fibers, %d lane fibers, %d switch and %d NIC modules; want 15,360, 14,400, 22,080, 30,720", fibers, lanes, modules[true], modules[false])
	}
	// Workload dp: a rail's 1,920 GPUs per data-parallel group, each
	// GPU's queue pairs spread over its NIC's two 200G ports (one a
	// plane), so every port runs exactly full and a rank moves its bytes
	// at 400 Gb/s: the ring 2·1,919/1,920 × 1 GB, the AllToAll
	// 1,919/1,920 × 1 GB. The AllToAll's out-of-segment share,
	// 128 × 200G × 1,792/1,919 = 23.9 Tb/s, stays under a ToR's
	// 60 × 400G, so nothing else is hotter.
	for name, moved := range map[string]float64{"gradients": 2 * 1919.0 / 1920, "experts": 1919.0 / 1920} {
		c, _ := workloadCollective(t, g, "dp", name)
		if c.Groups != 8 || c.Ranks != 1920 || c.CongestionFactor != 1 || math.Abs(c.BandwidthTimeS-moved*8e9/400e9) > 1e-12 {
			t.Errorf("%s: %d groups of %d ranks, congestion %g, bandwidth time %g s; want 8 of 1,920, exactly 1, %g s",
				name, c.Groups, c.Ranks, c.CongestionFactor, c.BandwidthTimeS, moved*8e9/400e9)
		}
		if len(c.HotLinks) == 0 || c.HotLinks[0].CapacityBPS != 200e9 || c.HotLinks[0].LoadBPS != 200e9 {
			t.Errorf("%s: hot links %+v; want a 200G NIC port at 200 Gb/s", name, c.HotLinks)
		}
	}
}

// workloadCollective runs the congestion analyzer on g and returns
// collective name of workload w.
func workloadCollective(t *testing.T, g *ir.Graph, w, name string) (congestion.Collective, *congestion.Result) {
	t.Helper()
	res := congestion.Analyze(g, func(*hcl.Diagnostic) {})
	for _, x := range res.Workloads {
		for _, c := range x.Collectives {
			if x.Name == w && c.Name == name {
				return c, res
			}
		}
	}
	t.Fatalf("no collective %s/%s", w, name)
	return congestion.Collective{}, nil
}

// The MoE dispatch of examples/dragonfly-small: an AllToAll of 72 MB a
// rank among the 72 hosts (1 MB to each). Each host's 200G port is
// shared by its 71 transfers, so its terminal links run exactly full
// (congestion 1.0) for 71 MB × 8 ÷ 200 Gb/s = 2.84 ms. Under minimal
// routing a local link r1 → r2 of a group carries 68 transfers: 2 × 2
// between the routers' hosts, 2 × 2 groups × 8 hosts from r1's hosts to
// the groups r2's global links reach, and 2 × 8 × 2 arriving at r1's
// global links for r2's hosts; a global link (one per group pair)
// carries 8 × 8 = 64. So the busiest local link runs at 68/71 and every
// global link at 64/71 of 200 Gb/s.
func TestDragonflySmallAllToAll(t *testing.T) {
	g := compileGraph(t, "dragonfly-small")
	c, res := workloadCollective(t, g, "moe", "dispatch")
	if c.CongestionFactor != 1 || math.Abs(c.BandwidthTimeS-71e6*8/200e9) > 1e-12 {
		t.Errorf("dispatch: congestion %g, bandwidth time %g s; want 1 and 2.84 ms", c.CongestionFactor, c.BandwidthTimeS)
	}
	most := map[string]float64{}
	for id, u := range res.LinkLoads() {
		k := g.Link(ir.LinkID(id)).Kind.String()
		most[k] = max(most[k], u)
	}
	for k, want := range map[string]float64{"terminal": 1, "local": 68.0 / 71, "global": 64.0 / 71} {
		if math.Abs(most[k]-want) > 1e-9 {
			t.Errorf("busiest %s link at %g of its capacity, want %g", k, most[k], want)
		}
	}
}

// FSDP on the B200 SuperPOD: ZeRO-3 over 512 data ranks of Llama 3 70B
// with 8 tensor ranks a DGX. Each data-parallel collective moves a 70e9
// ÷ 8 × 2 B = 17.5 GB shard set around one ring per rail, NIC bound on a
// non-blocking fabric: congestion 1.0, bandwidth time 511/512 × 17.5 GB
// × 8 ÷ 400 Gb/s = 349.3 ms; the parameters are gathered twice a step.
func TestB200SuperPODFSDP(t *testing.T) {
	g := compileGraph(t, "dgx-b200-superpod-16su")
	for _, name := range []string{"gradients", "parameters"} {
		c, _ := workloadCollective(t, g, "llama3_70b_fsdp", name)
		want := 511.0 / 512 * 17.5e9 * 8 / 400e9
		if c.CongestionFactor != 1 || c.SizeBytes != 17.5e9 || c.Ranks != 512 || math.Abs(c.BandwidthTimeS-want) > want*1e-12 {
			t.Errorf("%s: congestion %g, %g B over %d ranks, bandwidth time %g s; want 1, 17.5e9 B, 512, %g s", name, c.CongestionFactor, c.SizeBytes, c.Ranks, c.BandwidthTimeS, want)
		}
		if wantSteps := map[string]float64{"gradients": 1, "parameters": 2}[name]; c.PerStep != wantSteps {
			t.Errorf("%s: %g per step, want %g", name, c.PerStep, wantSteps)
		}
	}
}
