package sim

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/topoc/topoc/compiler/emit"
	"github.com/topoc/topoc/compiler/emit/internal/dsu"
	"github.com/topoc/topoc/compiler/ir"
)

// SimAIGPUTypes are the GPU types SimAI's parser knows (aliyun/SimAI:
// A100, A800, H100, H800, H20); it reads any other as NONE.
var SimAIGPUTypes = []string{"A100", "A800", "H100", "H800", "H20"}

// Domains returns the size of the NVLink domains the NPUs form (the NPUs
// that reach one another over NVLink switches) when every domain has the
// same size and holds consecutive IDs, as SimAI's "GPUs per server" and
// ASTRA-sim's first logical dimension assume; ok is false otherwise. An
// NPU without NVLink is a domain of one.
func (n *Net) Domains() (size int, ok bool) {
	ds := dsu.New(len(n.NPUs) + len(n.NVSwitches))
	find := ds.Find
	for _, l := range n.Links {
		if l.Class == ClassNVLink {
			ds.Union(l.A, l.B)
		}
	}
	size = 0
	for start := 0; start < len(n.NPUs); {
		r := find(start)
		end := start
		for end < len(n.NPUs) && find(end) == r {
			end++
		}
		switch {
		case size == 0:
			size = end - start
		case end-start != size:
			return 0, false
		}
		start = end
	}
	// Each run is a whole domain only if no later NPU joins an earlier
	// run's root.
	roots := map[int]bool{}
	for i := 0; i < len(n.NPUs); i += size {
		r := find(i)
		if roots[r] {
			return 0, false
		}
		roots[r] = true
	}
	return size, size > 0
}

// scaleOut returns the fabrics the simulators get a network of: every
// fabric but the NVLink domains (which enter as their switches), with its
// Net, in design order.
func scaleOut(g *ir.Graph) (names []string, nets []*Net) {
	for fi := range g.Fabrics {
		f := ir.FabricID(fi)
		if g.Fabrics[f].Family == ir.FamilyNVLinkDomain || g.Fabrics[f].Composite() {
			continue // a composite's links are its members'
		}
		if n, ok := Build(g, f); ok {
			names = append(names, g.Fabrics[f].Name)
			nets = append(nets, n)
		}
	}
	return names, nets
}

// readme returns a README.txt artifact for dir listing each fabric's
// notes, or nothing when there are none.
func readme(dir, title string, names []string, notes [][]string) []emit.Artifact {
	var b bytes.Buffer
	for i, ns := range notes {
		for _, s := range ns {
			fmt.Fprintf(&b, "- fabric %q: %s\n", names[i], s)
		}
	}
	if b.Len() == 0 {
		return nil
	}
	return []emit.Artifact{{Path: dir + "/README.txt", Data: append([]byte(title+"\n"), b.Bytes()...)}}
}

// gpuModels lists the distinct models of n's NPUs, in order of first use.
func gpuModels(g *ir.Graph, n *Net) []string {
	var out []string
	for _, x := range n.NPUs {
		if m := g.Nodes[x].ModelName(); !slices.Contains(out, m) {
			out = append(out, m)
		}
	}
	return out
}

// gpuType is the SimAI GPU type of the network's first GPU: its model if
// SimAI knows it (a prefix, case aside: "H100-SXM" is H100), else NONE.
func gpuType(g *ir.Graph, n *Net) string {
	if len(n.NPUs) == 0 {
		return "NONE"
	}
	m := strings.ToUpper(g.Nodes[n.NPUs[0]].ModelName())
	best := ""
	for _, t := range SimAIGPUTypes {
		if strings.HasPrefix(m, t) && len(t) > len(best) {
			best = t
		}
	}
	if best == "" {
		return "NONE"
	}
	return best
}

// SimAIEmitter is the `--emit simai` back end: simai/FABRIC.topo per
// scale-out fabric of GPU servers, SimAI's topology file (Net.SimAI). A
// fabric SimAI cannot run is left out with the reason in
// simai/README.txt: one without NVSwitches (SimAI crashes on zero,
// aliyun/SimAI issue 19), or whose NVLink domains differ in size or do
// not hold consecutive GPUs.
var SimAIEmitter = &emit.Emitter{
	Name: "simai",
	Doc:  "SimAI topology files (simai/FABRIC.topo), one per scale-out fabric of GPU servers",
	Emit: func(in *emit.Input) ([]emit.Artifact, error) {
		g := in.Graph
		names, nets := scaleOut(g)
		var arts []emit.Artifact
		notes := make([][]string, len(nets))
		for i, n := range nets {
			notes[i] = n.Notes
			size, ok := n.Domains()
			switch {
			case len(n.NVSwitches) == 0:
				notes[i] = append(notes[i], "not written: it has no NVSwitch, and SimAI fails on a topology without one (aliyun/SimAI issue 19)")
				continue
			case !ok:
				notes[i] = append(notes[i], "not written: its NVLink domains differ in size or are not consecutive GPUs, which SimAI's GPUs-per-server field cannot state")
				continue
			}
			t := gpuType(g, n)
			if t == "NONE" && len(n.NPUs) > 0 {
				notes[i] = append(notes[i], fmt.Sprintf("GPU model %q is none of SimAI's types (%s): written as NONE", g.Nodes[n.NPUs[0]].ModelName(), strings.Join(SimAIGPUTypes, ", ")))
			}
			if size != n.GPUsPerServer {
				notes[i] = append(notes[i], fmt.Sprintf("GPUs per server is the NVLink domain's %d GPUs (SimAI's NVLink group), not a server's %d", size, n.GPUsPerServer))
			}
			if per := len(n.NVSwitches) / (len(n.NPUs) / size); per > 1 {
				notes[i] = append(notes[i], fmt.Sprintf("the %d NVSwitch chips of each NVLink domain are one NVSwitch, each GPU's NVLink links to them one link of their summed capacity: SimAI places GPU i under NVSwitch i ÷ (GPUs per server)", per))
			}
			if ms := gpuModels(g, n); len(ms) > 1 {
				notes[i] = append(notes[i], fmt.Sprintf("GPU models differ (%s); SimAI takes one type: written %s, the first GPU's", strings.Join(ms, ", "), t))
			}
			arts = append(arts, emit.Artifact{Path: "simai/" + emit.SafeName(names[i]) + ".topo", Data: n.oneNVSwitchPerDomain(size).SimAI(size, t)})
		}
		return append(arts, readme("simai", "Notes on the SimAI topology files (topoc build --emit simai):", names, notes)...), nil
	},
}

// ASTRASimEmitter is the `--emit astrasim` back end, per scale-out
// fabric: astrasim/FABRIC/ns3-topology.txt (Net.NS3) and
// astrasim/FABRIC/logical-dims.json, ASTRA-sim's logical topology
// (`{"logical-dims": ["<NVLink domain size>", "<domains>"]}`,
// astra-sim examples/network/ns3), one dimension of all NPUs when the
// domains are not alike; and astrasim/FABRIC/analytical.yml, the
// analytical network (Net.Analytical, an approximation it says so).
var ASTRASimEmitter = &emit.Emitter{
	Name: "astrasim",
	Doc:  "ASTRA-sim ns-3 topology and logical dimensions (astrasim/FABRIC/), one set per scale-out fabric",
	Emit: func(in *emit.Input) ([]emit.Artifact, error) {
		names, nets := scaleOut(in.Graph)
		var arts []emit.Artifact
		notes := make([][]string, len(nets))
		for i, n := range nets {
			notes[i] = n.Notes
			dims := []string{fmt.Sprint(len(n.NPUs))}
			if size, ok := n.Domains(); ok && size > 1 && size < len(n.NPUs) {
				dims = []string{fmt.Sprint(size), fmt.Sprint(len(n.NPUs) / size)}
			}
			js, _ := json.MarshalIndent(map[string][]string{"logical-dims": dims}, "", "  ")
			dir := "astrasim/" + emit.SafeName(names[i])
			arts = append(arts,
				emit.Artifact{Path: dir + "/ns3-topology.txt", Data: n.NS3()},
				emit.Artifact{Path: dir + "/logical-dims.json", Data: append(js, '\n')},
				emit.Artifact{Path: dir + "/analytical.yml", Data: n.Analytical()})
		}
		return append(arts, readme("astrasim", "Notes on the ASTRA-sim files (topoc build --emit astrasim):", names, notes)...), nil
	},
}
