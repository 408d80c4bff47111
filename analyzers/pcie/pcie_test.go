package pcie_test

import (
	"fmt"
	"math"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hashicorp/hcl/v2"

	"github.com/topoc/topoc/analyzers/analysis"
	"github.com/topoc/topoc/analyzers/analysistest"
	"github.com/topoc/topoc/analyzers/pcie"
	"github.com/topoc/topoc/compiler/compiletest"
	"github.com/topoc/topoc/compiler/ir"
	"github.com/topoc/topoc/lang/diag"
)

// PCIe x16 rates per direction from transfer rate × lanes × 128b/130b
// (PCI-SIG, docs/reference/designs.md §6: 31.5 and 63.0 GB/s).
const (
	gen4x16 = 16e9 * 16 * 128 / 130
	gen5x16 = 32e9 * 16 * 128 / 130
)

// compile compiles the design in dir; any error fails the test.
func compile(t testing.TB, dir string) *ir.Graph {
	t.Helper()
	return compiletest.Dir(t, dir)
}

// run runs the analyzer through the driver, as `topoc check` does, on the
// testdata design dir, checking its diagnostics against the design's
// `# want` markers (analysistest); it returns the result and the
// diagnostics for assertions on their text.
func run(t *testing.T, dir string) (*pcie.Result, hcl.Diagnostics) {
	t.Helper()
	rs := analysistest.Run(t, "testdata", pcie.Analyzer, dir)
	if len(rs) != 1 {
		t.FailNow()
	}
	r, ok := pcie.ResultOf.From(rs[0].Results.Of)
	if !ok {
		t.Fatal("no pcie result")
	}
	return r, rs[0].Results.Diagnostics
}

func model(t *testing.T, ms []pcie.Model, name string) pcie.Model {
	t.Helper()
	for _, m := range ms {
		if m.Model == name {
			return m
		}
	}
	t.Fatalf("no model %q in %d models", name, len(ms))
	return pcie.Model{}
}

func classes(m pcie.Model) map[string]int {
	out := map[string]int{}
	for _, c := range m.Classes {
		out[c.Class] = c.Pairs
	}
	return out
}

func near(a, b float64) bool { return math.Abs(a-b) <= 1e-9*math.Max(1, math.Abs(b)) }

// TestBuiltinModels checks each built-in node model against
// docs/reference/nodes.md: one compute NIC per GPU behind one switch
// complex on DGX/HGX H100, DGX B200 and Azure ND H100 v5 (§2, §3, §6;
// NCCL flattens the two-level Broadcom complex, so PIX); two GPUs and two
// NICs per Gen4 switch on DGX A100 (§5); GPU → C2C → Grace → NIC (P2C) on
// a GB200 tray (§4). None of them draws a warning.
func TestBuiltinModels(t *testing.T) {
	names := []string{"DGX-H100", "HGX-H100", "DGX-B200", "ND-H100-v5", "DGX-A100", "GB200-NVL72-compute-tray"}
	r, _ := run(t, "builtin-models")
	if len(r.Models) != len(names) {
		t.Fatalf("%d models, want %d", len(r.Models), len(names))
	}
	for _, name := range names[:4] {
		m := model(t, r.Models, name)
		if m.Servers != 2 || m.PCIeSwitches != 8 || len(m.GPUs) != 8 {
			t.Errorf("%s: %d servers, %d switches, %d GPUs; want 2, 8, 8", name, m.Servers, m.PCIeSwitches, len(m.GPUs))
		}
		for i, gpu := range m.GPUs {
			if gpu.NIC != fmt.Sprintf("nic%d", i) || gpu.Class != "PIX" || !near(gpu.BottleneckBPS, gen5x16) {
				t.Errorf("%s %s: nearest %s %s %g; want nic%d PIX at Gen5 x16", name, gpu.GPU, gpu.NIC, gpu.Class, gpu.BottleneckBPS, i)
			}
		}
		// Each GPU: its own NIC (PIX), the 3 other NICs of its socket
		// through the root complex (PHB), the 4 of the other socket (SYS).
		if c := classes(m); c["PIX"] != 8 || c["PHB"] != 24 || c["SYS"] != 32 || len(c) != 3 {
			t.Errorf("%s classes %v, want PIX 8, PHB 24, SYS 32", name, c)
		}
	}

	a100 := model(t, r.Models, "DGX-A100")
	for i, gpu := range a100.GPUs {
		// GPUs 2i and 2i+1 share switch i with NICs 2i and 2i+1; the two
		// equally near NICs are spread over the two GPUs.
		if gpu.NIC != fmt.Sprintf("nic%d", i) || gpu.Class != "PIX" || !near(gpu.BottleneckBPS, gen4x16) {
			t.Errorf("DGX-A100 %s: nearest %s %s %g; want nic%d PIX at Gen4 x16", gpu.GPU, gpu.NIC, gpu.Class, gpu.BottleneckBPS, i)
		}
	}
	if c := classes(a100); c["PIX"] != 16 || c["PHB"] != 16 || c["SYS"] != 32 {
		t.Errorf("DGX-A100 classes %v, want PIX 16, PHB 16, SYS 32", c)
	}
	for _, n := range a100.NICs {
		switch n.Role {
		case "compute": // 200G HDR on Gen4 x16 (252 Gb/s): line rate fits
			if n.PCIeLimited || n.LineRateFraction != 1 || !near(n.PCIeBPS, gen4x16) {
				t.Errorf("DGX-A100 %s: %+v", n.NIC, n)
			}
		case "storage": // 2 × 200G on one Gen4 x16 link
			if n.PCIeLimited || !near(n.LineRateFraction, gen4x16/400e9) {
				t.Errorf("DGX-A100 %s: %+v, want fraction %g", n.NIC, n, gen4x16/400e9)
			}
		}
	}

	gb := model(t, r.Models, "GB200-NVL72-compute-tray")
	for i, gpu := range gb.GPUs {
		// GPUs 0-1 and NICs 0-1 on Grace 0, 2-3 on Grace 1 (nodes.md §4);
		// the bottleneck is the NIC's Gen5 x16 link, not C2C (450 GB/s).
		if gpu.NIC != fmt.Sprintf("nic%d", i) || gpu.Class != "P2C" || !near(gpu.BottleneckBPS, gen5x16) {
			t.Errorf("GB200 %s: nearest %s %s %g; want nic%d P2C at Gen5 x16", gpu.GPU, gpu.NIC, gpu.Class, gpu.BottleneckBPS, i)
		}
	}
	// The Grace–Grace link of a tray is not published (nodes.md §4 gap);
	// NCCL links the CPUs of a node all the same, at ARM_BW for arm64
	// (src/graph/topo.h), and NCCL 2.30 run on the XML topoc emits for the
	// tray classes the 8 cross-socket GPU↔NIC pairs SYS (issue 11).
	if c := classes(gb); c["P2C"] != 8 || c["SYS"] != 8 || gb.PCIeSwitches != 0 {
		t.Errorf("GB200 classes %v switches %d, want P2C 8, SYS 8, no switches", c, gb.PCIeSwitches)
	}
}

// TestBadNodeModel: testdata/bad-node-model has both faults, each
// reported once at the node_model block (its `# want` markers); the
// nearest NICs and the PCIe limits are asserted here.
func TestBadNodeModel(t *testing.T) {
	r, ds := run(t, "bad-node-model")
	m := model(t, r.Models, "gen4-box")
	if m.Servers != 3 {
		t.Errorf("servers %d, want 3", m.Servers)
	}
	want := []struct {
		gpu, nic, class string
		bps             float64
	}{{"gpu0", "nic0", "PIX", gen4x16}, {"gpu1", "nic0", "PIX", gen4x16}, {"gpu2", "nic1", "PHB", gen5x16}, {"gpu3", "nic1", "PHB", gen5x16}}
	for i, w := range want {
		got := m.GPUs[i]
		if got.GPU != w.gpu || got.NIC != w.nic || got.Class != w.class || !near(got.BottleneckBPS, w.bps) {
			t.Errorf("GPU %d: %+v, want %+v", i, got, w)
		}
	}
	if n := m.NICs[0]; !n.PCIeLimited || !near(n.PCIeBPS, gen4x16) || n.PCIeLimited == m.NICs[1].PCIeLimited {
		t.Errorf("NICs %+v: want nic0 limited at Gen4 x16, nic1 not", m.NICs)
	}
	codes := map[diag.Code]*hcl.Diagnostic{}
	for _, d := range ds {
		codes[diag.CodeOf(d)] = d
	}
	if d := codes[diag.NICPCIeBottleneck]; d == nil || !strings.Contains(d.Detail, "nic0 (ConnectX-7, 400Gb/s per port) sits on a 252.1Gb/s PCIe link") ||
		!strings.Contains(d.Detail, "63%") {
		t.Errorf("nic-pcie-bottleneck: %+v", d)
	}
	if d := codes[diag.GPUWithoutLocalNIC]; d == nil || !strings.Contains(d.Detail, "gpu2 (nearest nic1 at PHB), gpu3 (nearest nic1 at PHB)") {
		t.Errorf("gpu-without-local-nic: %+v", d)
	}
}

// TestFabricView: per fabric, the models whose NICs are its endpoints,
// with nearest NICs among those NICs only.
func TestFabricView(t *testing.T) {
	g := compile(t, filepath.Join("..", "..", "examples", "gb200-nvl72"))
	res, err := analysis.Run(g, []*analysis.Analyzer{pcie.Analyzer})
	if err != nil {
		t.Fatal(err)
	}
	r, _ := pcie.ResultOf.From(res.Of)
	for f, fab := range g.Fabrics {
		ms := r.Fabrics[f]
		switch fab.Name {
		case "nvl72": // endpoints are GPUs, not NICs
			if len(ms) != 0 {
				t.Errorf("nvl72: %d models, want none", len(ms))
			}
		case "scale_out":
			if len(ms) != 1 || ms[0].Servers != 18 || len(ms[0].NICs) != 4 {
				t.Fatalf("scale_out: %+v, want one model, 18 trays, 4 compute NICs", ms)
			}
			if c := classes(ms[0]); c["P2C"] != 8 || c["SYS"] != 8 {
				t.Errorf("scale_out classes %v", c)
			}
		}
	}
}

func TestWriteText(t *testing.T) {
	r, _ := run(t, "bad-node-model")
	var b strings.Builder
	pcie.WriteText(&b, r.Models)
	// The model gives no inter_socket_rate, so the sockets are not linked
	// and GPUs reach the other socket's NIC by no path (DIS).
	want := "  pcie       gen4-box × 3: nearest NIC PIX 2, PHB 2 of 4 GPUs (bottleneck 252.1Gb/s); pairs PIX 2, PHB 2, SYS 4\n"
	if b.String() != want {
		t.Errorf("got  %q\nwant %q", b.String(), want)
	}
}

// A model without GPUs has no GPU↔NIC path: its line says so and names
// its NICs' host link, not an empty "nearest NIC  of 0 GPUs".
func TestWriteTextNoGPUs(t *testing.T) {
	r, _ := run(t, "no-gpus")
	var b strings.Builder
	pcie.WriteText(&b, r.Fabrics[0])
	want := "  pcie       cpu-box × 16: no GPUs, so no GPU↔NIC paths; 2 NICs, slowest PCIe host link 504.1Gb/s\n"
	if b.String() != want {
		t.Errorf("got  %q\nwant %q", b.String(), want)
	}
}

// TestDualPlaneNIC: testdata/dual-plane-nic gives each GPU a 2 × 400G
// NIC with one port in each plane of one fabric, on a Gen5 x16 host link
// (32 GT/s × 16 × 128/130 = 504.1 Gb/s): each port fits (not
// PCIeLimited), but the fabric sends on both, 800 Gb/s, so the NIC is
// FabricLimited at 63%, one warning at the node_model block.
func TestDualPlaneNIC(t *testing.T) {
	r, ds := run(t, "dual-plane-nic")
	m := model(t, r.Models, "dual-plane-host")
	for _, n := range m.NICs {
		if n.PCIeLimited || !n.FabricLimited || n.Fabric != "backend" || !near(n.FabricBPS, 800e9) || !near(n.PCIeBPS, gen5x16) {
			t.Errorf("%+v: want fabric-limited on backend, 800G of ports on a %g link", n, gen5x16)
		}
	}
	if len(ds) != 1 || !strings.Contains(ds[0].Detail, "(dual-400G) each have 800Gb/s of ports on fabric \"backend\", all carrying traffic at once") || !strings.Contains(ds[0].Detail, "63%") {
		t.Errorf("diagnostics %v: want one nic-pcie-bottleneck for the 8 NICs at 63%%", ds)
	}
}

// Issue 11 asks that GPUs with no path to any NIC be a warning and left
// out of injection. The compiler cannot build one: a server's sockets
// are always linked (NCCL's rule; a model NCCL has no rate for is
// refused), and every GPU and NIC hangs off a socket, directly, through
// a pcie_switch or by C2C. This holds that guarantee on every built-in
// node model and every shipped example with servers, for every fabric
// whose endpoints are server NICs: each GPU reaches one of them.
func TestEveryGPUReachesAFabricNIC(t *testing.T) {
	graphs := map[string]*ir.Graph{"builtin-models": compile(t, "testdata/builtin-models")}
	for _, ex := range []string{"alibaba-hpn", "deepseek-v3-mpft", "dgx-b200-superpod-16su", "dgx-h100-superpod", "dgx-ndr-asbuilt",
		"fire-flyer-2", "gb200-nvl72", "gb200-nvl72-2rack", "llama3-24k", "rail-only-512"} {
		graphs[ex] = compiletest.Example(t, ex)
	}
	for name, g := range graphs {
		r := pcie.Analyze(g)
		checked := 0
		check := func(where string, ms []pcie.Model) {
			for _, m := range ms {
				for _, gpu := range m.GPUs {
					checked++
					if gpu.NIC == "" || gpu.Class == "DIS" {
						t.Errorf("%s, %s, %s: %s reaches no NIC (%s)", name, where, m.Model, gpu.GPU, gpu.Class)
					}
				}
			}
		}
		check("all NICs", r.Models)
		for f, ms := range r.Fabrics {
			check("fabric "+g.Fabrics[f].Name, ms)
		}
		if checked == 0 {
			t.Errorf("%s: no GPU checked", name)
		}
	}
}
