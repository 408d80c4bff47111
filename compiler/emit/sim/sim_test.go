package sim_test

import (
	"bufio"
	"bytes"
	"fmt"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"

	"github.com/topoc/topoc/compiler/compiletest"
	"github.com/topoc/topoc/compiler/emit"
	"github.com/topoc/topoc/compiler/emit/sim"
	"github.com/topoc/topoc/compiler/ir"
)

// topo is a simulator topology file read back: its header fields, switch
// IDs and links (src, dst, Gb/s).
type topo struct {
	header   []string
	switches []int
	links    [][3]float64
}

// parse reads an ns-3 or SimAI topology file the way their parsers do:
// whitespace-separated fields, a header line, a switch-ID line, then
// `src dst <n>Gbps <d>ms <err>` lines.
func parse(t *testing.T, data []byte) topo {
	t.Helper()
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(nil, 1<<24)
	var out topo
	line := 0
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		switch line {
		case 0:
			out.header = f
		case 1:
			for _, x := range f {
				var id int
				fmt.Sscan(x, &id)
				out.switches = append(out.switches, id)
			}
		default:
			var a, b int
			var gbps, ms, er float64
			if len(f) != 5 || !strings.HasSuffix(f[2], "Gbps") || !strings.HasSuffix(f[3], "ms") {
				t.Fatalf("line %d: %q", line+1, sc.Text())
			}
			fmt.Sscan(f[0], &a)
			fmt.Sscan(f[1], &b)
			fmt.Sscan(strings.TrimSuffix(f[2], "Gbps"), &gbps)
			fmt.Sscan(strings.TrimSuffix(f[3], "ms"), &ms)
			fmt.Sscan(f[4], &er)
			if a == b || gbps <= 0 || ms < 0 || er != 0 {
				t.Fatalf("line %d: %q", line+1, sc.Text())
			}
			out.links = append(out.links, [3]float64{float64(a), float64(b), gbps})
		}
		line++
	}
	return out
}

func emitOne(t *testing.T, e *emit.Emitter, g *ir.Graph, path string) []byte {
	t.Helper()
	arts, err := e.Emit(&emit.Input{Graph: g})
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range arts {
		if a.Path == path {
			return a.Data
		}
	}
	t.Fatalf("%s: no %s among %d artifacts", e.Name, path, len(arts))
	return nil
}

// A k = 8 fat-tree in closed form (Al-Fares et al., SIGCOMM 2008): k³/4 =
// 128 hosts, 5k²/4 = 80 switches, and k³/4 links per layer, 384 in all,
// every one at the link rate; the hosts are 0..127 and no switch ID is a
// host's.
func TestFatTreeClosedForm(t *testing.T) {
	g := compiletest.Example(t, "fat-tree-k8")
	tp := parse(t, emitOne(t, sim.ASTRASimEmitter, g, "astrasim/ft/ns3-topology.txt"))
	if want := []string{"208", "80", "384"}; fmt.Sprint(tp.header) != fmt.Sprint(want) {
		t.Errorf("header %v, want %v", tp.header, want)
	}
	if len(tp.switches) != 80 || tp.switches[0] != 128 || tp.switches[79] != 207 || len(tp.links) != 384 {
		t.Fatalf("%d switches from %v, %d links", len(tp.switches), tp.switches[:1], len(tp.links))
	}
	hostLinks := 0
	for _, l := range tp.links {
		if l[0] < 128 {
			hostLinks++
		}
		if l[1] < 128 || l[2] != 400 {
			t.Fatalf("link %v: want switch ends and 400 Gb/s", l)
		}
	}
	if hostLinks != 128 {
		t.Errorf("%d host links, want 128 (one per host)", hostLinks)
	}
	dims := emitOne(t, sim.ASTRASimEmitter, g, "astrasim/ft/logical-dims.json")
	if !bytes.Contains(dims, []byte(`"128"`)) {
		t.Errorf("logical dims %s, want one dimension of 128", dims)
	}
	arts, _ := sim.SimAIEmitter.Emit(&emit.Input{Graph: g})
	if len(arts) != 1 || arts[0].Path != "simai/README.txt" || !bytes.Contains(arts[0].Data, []byte("no NVSwitch")) {
		t.Errorf("SimAI on a fabric without NVSwitches: %d artifacts, want only the README saying why", len(arts))
	}
}

// The H100 SuperPOD in SimAI's form: 127 DGX of 8 GPUs, their 4
// NVSwitch chips merged into one NVSwitch per DGX (SimAI's model), 48
// InfiniBand switches; each GPU has one NVLink line of the DGX H100's 18
// NVLink4 links × 200 Gb/s = 3.6 Tb/s per direction (nodes.md) and one
// 400 Gb/s network link (its own ConnectX-7, folded into it), and the
// file's total network capacity is the fabric's less the UFM appliances'
// four links.
func TestSuperPODSimAI(t *testing.T) {
	g := compiletest.Example(t, "dgx-h100-superpod")
	tp := parse(t, emitOne(t, sim.SimAIEmitter, g, "simai/compute.topo"))
	if want := []string{"1191", "8", "127", "48", fmt.Sprint(len(tp.links)), "H100"}; fmt.Sprint(tp.header) != fmt.Sprint(want) {
		t.Errorf("header %v, want %v", tp.header, want)
	}
	nv := make([]float64, 1016)
	nvLines := make([]int, 1016)
	net := make([]float64, 1016)
	total := 0.0
	for _, l := range tp.links {
		a, b := int(l[0]), int(l[1])
		switch {
		case a < 1016 && b < 1016+127:
			if b != 1016+a/8 {
				t.Fatalf("GPU %d under NVSwitch %d, want its DGX's %d", a, b, 1016+a/8)
			}
			nv[a] += l[2]
			nvLines[a]++
		case a < 1016:
			net[a] += l[2]
			total += l[2]
		default:
			total += l[2]
		}
	}
	for i := range nv {
		if nv[i] != 3600 || nvLines[i] != 1 || net[i] != 400 {
			t.Fatalf("GPU %d: NVLink %g Gb/s, network %g Gb/s; want 3600 and 400", i, nv[i], net[i])
		}
	}
	f := fabricID(t, g, "compute")
	want := 0.0
	for _, id := range g.FabricLinks(f) {
		l := g.Link(id)
		if g.Nodes[l.A.Node].Kind != ir.KindHost && g.Nodes[l.B.Node].Kind != ir.KindHost {
			want += l.CapacityBPS / 1e9
		}
	}
	if total != want {
		t.Errorf("network capacity in the file %g Gb/s, the fabric's less its appliances' %g", total, want)
	}
}

// Two GB200 NVL72 racks: each NVLink domain is a rack of 72 GPUs joined
// by 18 NVSwitch chips, one NVLink5 link from every GPU to every chip, so
// SimAI's GPUs per server and ASTRA-sim's first logical dimension are 72,
// not a tray's 4, and SimAI's file holds one NVSwitch per rack with one
// 18 × 400 Gb/s = 7.2 Tb/s line from each GPU to its rack's.
func TestNVL72Domains(t *testing.T) {
	g := compiletest.Example(t, "gb200-nvl72-2rack")
	tp := parse(t, emitOne(t, sim.SimAIEmitter, g, "simai/scale_out.topo"))
	if tp.header[1] != "72" || tp.header[2] != "2" {
		t.Errorf("header %v: want 72 GPUs per NVLink group and 2 NVSwitches", tp.header)
	}
	nvl := 0
	for _, l := range tp.links {
		if l[0] < 144 && l[1] < 144+2 {
			nvl++
			if int(l[1]) != 144+int(l[0])/72 || l[2] != 7200 {
				t.Fatalf("NVLink line %v, want GPU to its rack's NVSwitch at 7200 Gb/s", l)
			}
		}
	}
	if nvl != 144 {
		t.Errorf("%d NVLink lines, want 144", nvl)
	}
	// The ns-3 file keeps the real chips: 144 × 18 NVLink lines.
	ns := parse(t, emitOne(t, sim.ASTRASimEmitter, g, "astrasim/scale_out/ns3-topology.txt"))
	nvl = 0
	for _, l := range ns.links {
		if l[0] < 144 && l[1] < 144+36 {
			nvl++
		}
	}
	if nvl != 144*18 {
		t.Errorf("ns-3: %d NVLink lines, want 144 × 18", nvl)
	}
	if d := emitOne(t, sim.ASTRASimEmitter, g, "astrasim/scale_out/logical-dims.json"); !bytes.Contains(d, []byte(`"72",`)) || !bytes.Contains(d, []byte(`"2"`)) {
		t.Errorf("logical dims %s, want 72 × 2", d)
	}
}

// Golden files, reviewed: the one-rack NVL72 (SimAI) and the k = 8
// fat-tree (ns-3). Regenerate with: go test ./compiler/emit/sim -update
func TestGolden(t *testing.T) {
	g := compiletest.Example(t, "gb200-nvl72")
	compiletest.Golden(t, "testdata/gb200-nvl72.topo", emitOne(t, sim.SimAIEmitter, g, "simai/scale_out.topo"), "SimAI topology of one NVL72 rack")
	ft := compiletest.Example(t, "fat-tree-k8")
	compiletest.Golden(t, "testdata/fat-tree-k8.ns3.txt", emitOne(t, sim.ASTRASimEmitter, ft, "astrasim/ft/ns3-topology.txt"), "ns-3 topology of the k=8 fat-tree")
}

func fabricID(t *testing.T, g *ir.Graph, name string) ir.FabricID {
	for i := range g.Fabrics {
		if g.Fabrics[i].Name == name {
			return ir.FabricID(i)
		}
	}
	t.Fatalf("no fabric %q", name)
	return 0
}

// The analytical network of the H100 SuperPOD, read back with a YAML
// parser: a DGX's 8 GPUs at 450 GB/s each way (NVIDIA's 900 GB/s
// bidirectional NVLink4 per H100) and 127 DGX at 50 GB/s (one 400 Gb/s
// NIC per GPU), both Switch dimensions; the file says it approximates.
func TestSuperPODAnalytical(t *testing.T) {
	g := compiletest.Example(t, "dgx-h100-superpod")
	data := emitOne(t, sim.ASTRASimEmitter, g, "astrasim/compute/analytical.yml")
	var a struct {
		Topology  []string  `yaml:"topology"`
		NPUs      []int     `yaml:"npus_count"`
		Bandwidth []float64 `yaml:"bandwidth"`
		Latency   []float64 `yaml:"latency"`
	}
	if err := yaml.Unmarshal(data, &a); err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(a.Topology, a.NPUs, a.Bandwidth, a.Latency) != "[Switch Switch] [8 127] [450 50] [25 500]" {
		t.Errorf("analytical network %+v", a)
	}
	if !bytes.Contains(data, []byte("An approximation")) {
		t.Error("the file does not say it approximates")
	}
}

// analytical reads an analytical.yml back.
func analytical(t *testing.T, data []byte) string {
	t.Helper()
	var a struct {
		NPUs      []int     `yaml:"npus_count"`
		Bandwidth []float64 `yaml:"bandwidth"`
	}
	if err := yaml.Unmarshal(data, &a); err != nil {
		t.Fatal(err)
	}
	return fmt.Sprint(a.NPUs, a.Bandwidth)
}

// Where the GPU's path is narrower than its NIC, or GPUs share a NIC,
// the simulators get the narrower figure. Two GPUs on one 400G NIC: each
// 25 GB/s in the analytical network, and the ns-3 file reaches the NIC
// as a switch. A dual-port 2 × 400G NIC behind PCIe Gen5 x16: the NIC is
// a switch reached at the PCIe bottleneck (504.123 Gb/s, not 800), 63.015
// GB/s per GPU. One NVL72 rack: one NVLink dimension of 72 GPUs at 900
// GB/s (18 × 400 Gb/s), no scale-out dimension.
func TestNarrowPathsAndOneDomain(t *testing.T) {
	g := compiletest.Dir(t, "testdata/shared-nic")
	if got := analytical(t, emitOne(t, sim.ASTRASimEmitter, g, "astrasim/ib/analytical.yml")); got != "[4 8] [450 25]" {
		t.Errorf("shared NIC: %s, want [4 8] [450 25]", got)
	}
	g = compiletest.Dir(t, "testdata/dual-port-nic")
	if got := analytical(t, emitOne(t, sim.ASTRASimEmitter, g, "astrasim/ib/analytical.yml")); !strings.HasPrefix(got, "[8 4] [450 63.0153") {
		t.Errorf("dual-port NIC: %s, want [8 4] [450 63.0153…]", got)
	}
	tp := parse(t, emitOne(t, sim.ASTRASimEmitter, g, "astrasim/ib/ns3-topology.txt"))
	pcie := 0
	for _, l := range tp.links {
		if l[0] < 32 && l[1] >= 32 && l[2] == 504.123 {
			pcie++
		}
		if l[0] < 32 && l[2] == 400 {
			t.Fatalf("GPU %v has a 400G network link of its own: the NIC was folded past its PCIe limit", l)
		}
	}
	if pcie != 32 {
		t.Errorf("%d GPU–NIC lines at 504.123 Gb/s, want 32", pcie)
	}
	g = compiletest.Example(t, "gb200-nvl72")
	if got := analytical(t, emitOne(t, sim.ASTRASimEmitter, g, "astrasim/scale_out/analytical.yml")); got != "[72] [900]" {
		t.Errorf("one NVL72 rack: %s, want [72] [900]", got)
	}
}

// A rail-only fabric's rails meet only inside servers, which the
// simulators do not forward through: the README says how few GPUs GPU 0
// reaches (its 7 NVLink peers and the 63 GPUs of its rail).
func TestRailOnlyNote(t *testing.T) {
	g := compiletest.Example(t, "rail-only-512")
	readme := emitOne(t, sim.ASTRASimEmitter, g, "astrasim/README.txt")
	if !bytes.Contains(readme, []byte("route to only 70 of the other 511 GPUs")) {
		t.Errorf("README: %s", readme)
	}
}
