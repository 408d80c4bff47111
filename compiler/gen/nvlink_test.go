package gen

import (
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/topoc/topoc/compiler/ir"
)

func buildNVLink(t *testing.T, g *ir.Graph, p NVLinkDomain) ir.FabricID {
	t.Helper()
	if errs := p.Validate(); len(errs) > 0 {
		t.Fatalf("%+v: %v", p, errs)
	}
	return BuildNVLinkDomain(g, "nvl", p)
}

// switchLoads counts the gpu_nvswitch links at each NVSwitch, in node order.
func switchLoads(g *ir.Graph) []int {
	adj := g.Adjacency()
	var loads []int
	for id, n := range g.Nodes {
		if n.Kind == ir.KindNVSwitch {
			loads = append(loads, len(adj.Of(ir.NodeID(id))))
		}
	}
	return loads
}

// TestNVL72 is GB200 NVL72 (designs.md acceptance case 12): 72 GPUs × 18
// NVLink5 at 50 GB/s per direction over 18 chips, 1,296 links.
func TestNVL72(t *testing.T) {
	g := ir.New()
	p := NVLinkDomain{GPUs: 72, Switches: 18, LinksPerGPU: 18, LinkBPS: 50e9 * 8, SwitchPorts: 72, Origin: testOrigin(g)}
	f := buildNVLink(t, g, p)
	checkFabric(t, g, f, p.Origin)
	if g.NumLinks() != 1296 || kinds(g)[ir.LinkGPUNVSwitch] != 1296 {
		t.Fatalf("%d links", g.NumLinks())
	}
	if loads := switchLoads(g); !reflect.DeepEqual(loads, slices.Repeat([]int{72}, 18)) {
		t.Fatalf("switch loads %v", loads)
	}
	adj := g.Adjacency()
	for id, n := range g.Nodes {
		if n.Kind != ir.KindGPU {
			continue
		}
		peers := map[ir.NodeID]int{}
		for _, l := range adj.Of(ir.NodeID(id)) {
			peers[g.Link(l).Other(ir.NodeID(id))]++
		}
		if len(peers) != 18 || len(adj.Of(ir.NodeID(id))) != 18 {
			t.Fatalf("%s reaches %d switches over %d links", n.Name, len(peers), len(adj.Of(ir.NodeID(id))))
		}
	}
	fab := g.Fabrics[f]
	if fab.Family != "nvlink_domain" || len(fab.Endpoints) != 72 || fab.Endpoints[5] != (ir.Port{Node: 5, Port: 0}) {
		t.Fatalf("fabric %+v", fab)
	}
	if g.Nodes[5].Name != "gpu05" || g.Nodes[72+7].Name != "nvswitch07" || g.Nodes[79].TierName() != "nvswitch" {
		t.Fatalf("names %q %q", g.Nodes[5].Name, g.Nodes[79].Name)
	}
	if errs := p.PortBudget(); errs != nil {
		t.Fatalf("budget: %v", errs)
	}
	p.SwitchPorts = 71
	if errs := p.PortBudget(); len(errs) != 1 || errs[0].Param != "switches" || !strings.Contains(errs[0].Msg, "18 of 18") {
		t.Fatalf("budget 71: %v", errs)
	}
}

// TestHGXH100 is the HGX H100 board (nodes.md §2): 8 GPUs × 18 NVLink4
// split 5+5+4+4 over 4 chips, 144 links, 40/40/32/32 per chip; parallel
// links stay separate.
func TestHGXH100(t *testing.T) {
	g := ir.New()
	p := NVLinkDomain{GPUs: 8, Switches: 4, LinksPerGPU: 18, PerSwitch: []int{5, 5, 4, 4}, LinkBPS: 25e9 * 8, SwitchPorts: 64, Origin: testOrigin(g)}
	f := buildNVLink(t, g, p)
	checkFabric(t, g, f, p.Origin)
	if g.NumLinks() != 144 {
		t.Fatalf("%d links", g.NumLinks())
	}
	if loads := switchLoads(g); !reflect.DeepEqual(loads, []int{40, 40, 32, 32}) {
		t.Fatalf("loads %v", loads)
	}
	if loads := p.SwitchLoads(); !reflect.DeepEqual(loads, []int{40, 40, 32, 32}) {
		t.Fatalf("SwitchLoads %v", loads)
	}
	n := 0
	for _, l := range g.AllLinks() {
		if l.A.Node == 0 && l.B.Node == 8 {
			n++
		}
	}
	if n != 5 {
		t.Fatalf("gpu0–nvswitch0: %d links, want 5 separate links", n)
	}
	if p.PortBudget() != nil {
		t.Fatal("64-port budget should fit")
	}
	p.SwitchPorts = 32
	errs := p.PortBudget()
	if len(errs) != 1 || errs[0].Param != "switches" || !strings.Contains(errs[0].Msg, "nvswitch0 needs 40") || !strings.Contains(errs[0].Msg, "2 of 4") {
		t.Fatalf("budget 32: %v", errs)
	}
}

// TestDGXA100 is DGX A100 (nodes.md §5): 8 GPUs × 12 NVLink3, 2 to each
// of 6 chips, by the default split.
func TestDGXA100(t *testing.T) {
	g := ir.New()
	p := NVLinkDomain{GPUs: 8, Switches: 6, LinksPerGPU: 12, LinkBPS: 25e9 * 8}
	buildNVLink(t, g, p)
	if g.NumLinks() != 96 || !reflect.DeepEqual(switchLoads(g), slices.Repeat([]int{16}, 6)) {
		t.Fatalf("%d links, loads %v", g.NumLinks(), switchLoads(g))
	}
}

// TestNVLinkEvenSpread checks the default split: every GPU sends all its
// links, and switch loads differ by at most one.
func TestNVLinkEvenSpread(t *testing.T) {
	for gpus := 1; gpus <= 9; gpus++ {
		for sw := 1; sw <= 7; sw++ {
			for links := 1; links <= 19; links += 3 {
				g := ir.New()
				p := NVLinkDomain{GPUs: gpus, Switches: sw, LinksPerGPU: links, LinkBPS: 1, Origin: testOrigin(g)}
				f := buildNVLink(t, g, p)
				checkFabric(t, g, f, p.Origin)
				loads := switchLoads(g)
				lo, hi := loads[0], loads[0]
				for _, l := range loads {
					lo, hi = min(lo, l), max(hi, l)
				}
				if hi-lo > 1 || g.NumLinks() != gpus*links || !reflect.DeepEqual(loads, p.SwitchLoads()) {
					t.Fatalf("%d gpus %d switches %d links: loads %v", gpus, sw, links, loads)
				}
			}
		}
	}
}

// TestNVLinkExistingGPUs attaches the domain to GPUs of one server that
// already use port 0 (a PCIe link): NVLinks start at port 1 and the
// switches join the server.
func TestNVLinkExistingGPUs(t *testing.T) {
	g := ir.New()
	srv := g.AddNode(ir.NewNode("node0", ir.KindHost))
	cpu := ir.NewNode("node0/cpu0", ir.KindCPU)
	cpu.Parent = srv
	c := g.AddNode(cpu)
	var gpus []ir.NodeID
	for i := range 4 {
		n := ir.NewNode(Indexed("node0/gpu", i, 4), ir.KindGPU)
		n.Parent = srv
		id := g.AddNode(n)
		gpus = append(gpus, id)
		g.AddLink(ir.Link{A: ir.Port{Node: c, Port: int32(i)}, B: ir.Port{Node: id}, Kind: ir.LinkPCIe, Fabric: ir.None, CapacityBPS: 1})
	}
	f := buildNVLink(t, g, NVLinkDomain{GPUs: 4, Switches: 2, LinksPerGPU: 4, LinkBPS: 1, GPUNodes: gpus})
	for _, l := range g.CopyLinks()[4:] {
		if l.A.Port < 1 || l.A.Port > 4 || g.Nodes[l.B.Node].Parent != srv {
			t.Fatalf("link %+v", l)
		}
	}
	fab := g.Fabrics[f]
	if len(fab.Endpoints) != 4 || fab.Endpoints[2] != (ir.Port{Node: gpus[2], Port: 1}) || !g.Nodes[gpus[3]].InFabric(f) {
		t.Fatalf("fabric %+v", fab)
	}
}

func TestNVLinkValidate(t *testing.T) {
	ok := NVLinkDomain{GPUs: 8, Switches: 4, LinksPerGPU: 18, LinkBPS: 1}
	for _, c := range []struct {
		mod   func(*NVLinkDomain)
		param string
		msg   string
	}{
		{func(p *NVLinkDomain) { p.GPUs = 0 }, "gpus", "at least 1"},
		{func(p *NVLinkDomain) { p.Switches = -1 }, "switches", "at least 1"},
		{func(p *NVLinkDomain) { p.LinksPerGPU = 0 }, "links_per_gpu", "at least 1"},
		{func(p *NVLinkDomain) { p.LinkBPS = 0 }, "link_rate", "positive"},
		{func(p *NVLinkDomain) { p.PerSwitch = []int{5, 5, 4} }, "per_switch", "3 entries"},
		{func(p *NVLinkDomain) { p.PerSwitch = []int{5, 5, 4, 5} }, "per_switch", "sums to 19"},
		{func(p *NVLinkDomain) { p.PerSwitch = []int{10, 10, -1, -1} }, "per_switch", "negative"},
		{func(p *NVLinkDomain) { p.SwitchPorts = -1 }, "switch_ports", "unbounded"},
		{func(p *NVLinkDomain) { p.GPUNodes = []ir.NodeID{1, 2} }, "gpus", "2 GPU nodes"},
		{func(p *NVLinkDomain) { p.GPUs, p.GPUNodes = 2, []ir.NodeID{1, 1} }, "gpus", "twice"},
	} {
		p := ok
		c.mod(&p)
		errs := p.Validate()
		if len(errs) != 1 || errs[0].Param != c.param || !strings.Contains(errs[0].Msg, c.msg) {
			t.Errorf("%+v: got %v, want %s: …%s…", p, errs, c.param, c.msg)
		}
	}
}
