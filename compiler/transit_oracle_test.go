package compiler

import (
	"fmt"
	"math/rand/v2"
	"os"
	"reflect"
	"slices"
	"strconv"
	"testing"

	"github.com/topoc/topoc/compiler/ir"
)

// TransitGroupsAfter and NVLinkIslands give what the straightforward
// forms (union-finds over every node, maps from roots to groups) give,
// on designs with each kind of server transit and on graphs that
// survive random failures of their servers, GPUs, NVSwitches, NICs,
// switches and links.
func TestTransitGroupsAsOverNodes(t *testing.T) {
	nvl72, err := os.ReadFile("../testdata/transit/nvl72-rail-only/design.topo.hcl")
	if err != nil {
		t.Fatal(err)
	}
	designs := map[string]string{
		"nvlink":      railOnly(6, `server_transit = ["nvlink"]`),
		"pcie":        railOnly(5, `server_transit = ["pcie"]`),
		"pcie+nvlink": railOnly(4, `server_transit = ["pcie", "nvlink"]`),
		"nvl72":       string(nvl72),
	}
	rng := rand.New(rand.NewPCG(16, 76))
	for name, src := range designs {
		g, errs := compileSrc(t, src)
		if len(errs) > 0 {
			t.Fatalf("%s: errors %v", name, errs)
		}
		for trial := range 40 {
			r, what := g, "intact"
			if trial > 0 {
				var fail ir.Failure
				for range rng.IntN(4) + 1 {
					fail.Nodes = append(fail.Nodes, ir.NodeID(rng.IntN(len(g.Nodes))))
				}
				for range rng.IntN(8) {
					fail.Links = append(fail.Links, ir.LinkID(rng.IntN(g.NumLinks())))
				}
				r, what = g.Residual(fail), fmt.Sprintf("failure %v", fail)
			}
			if got, want := r.NVLinkIslands(), islandsOverNodes(r); !slices.Equal(got, want) {
				t.Fatalf("%s, %s: NVLink islands %v, want %v", name, what, got, want)
			}
			for f := range r.Fabrics {
				got, want := r.TransitGroupsAfter(g, ir.FabricID(f)), transitGroupsOverNodes(r, g, ir.FabricID(f))
				if !reflect.DeepEqual(got, want) {
					t.Fatalf("%s, %s, fabric %d: transit groups\n%v\nwant\n%v", name, what, f, got, want)
				}
			}
		}
	}
}

// islandsOverNodes is NVLinkIslands by a union-find over every node and
// a map from roots to islands.
func islandsOverNodes(g *ir.Graph) []int32 {
	parent := make([]int32, len(g.Nodes))
	for i := range parent {
		parent[i] = int32(i)
	}
	find := func(x int32) int32 {
		for parent[x] != x {
			parent[x] = parent[parent[x]]
			x = parent[x]
		}
		return x
	}
	scaleUp := func(n ir.NodeID) bool { k := g.Nodes[n].Kind; return k == ir.KindGPU || k == ir.KindNVSwitch }
	for _, l := range g.AllLinks() {
		if scaleUp(l.A.Node) && scaleUp(l.B.Node) {
			if a, b := find(int32(l.A.Node)), find(int32(l.B.Node)); a != b {
				parent[max(a, b)] = min(a, b)
			}
		}
	}
	out := make([]int32, len(g.Nodes))
	ids := map[int32]int32{}
	for i := range g.Nodes {
		out[i] = -1
		if !scaleUp(ir.NodeID(i)) {
			continue
		}
		r := find(int32(i))
		id, ok := ids[r]
		if !ok {
			id = int32(len(ids))
			ids[r] = id
		}
		out[i] = id
	}
	return out
}

// transitGroupsOverNodes is TransitGroupsAfter with a union-find and a
// server index over every node, and maps by island and by root.
func transitGroupsOverNodes(g, intact *ir.Graph, f ir.FabricID) [][]ir.NodeID {
	if g.Fabrics[f].Transit == 0 {
		return nil
	}
	t := g.Fabrics[f].Transit
	srvIdx := make([]int32, len(g.Nodes))
	var servers []ir.NodeID
	var byServer [][]ir.NodeID
	for _, n := range g.FabricNodes(f) {
		if nd := &g.Nodes[n]; nd.Kind == ir.KindNIC && nd.Parent != ir.None {
			if srvIdx[nd.Parent] == 0 {
				servers = append(servers, nd.Parent)
				byServer = append(byServer, nil)
				srvIdx[nd.Parent] = int32(len(servers))
			}
			byServer[srvIdx[nd.Parent]-1] = append(byServer[srvIdx[nd.Parent]-1], n)
		}
	}
	parent := make([]ir.NodeID, len(g.Nodes))
	for i := range parent {
		parent[i] = ir.None
	}
	var find func(ir.NodeID) ir.NodeID
	find = func(x ir.NodeID) ir.NodeID {
		if parent[x] == ir.None {
			return x
		}
		r := find(parent[x])
		parent[x] = r
		return r
	}
	union := func(a, b ir.NodeID) {
		if ra, rb := find(a), find(b); ra != rb {
			parent[max(ra, rb)] = min(ra, rb)
		}
	}
	var islands []int32
	if t.Has(ir.TransitNVLink) {
		islands = islandsOverNodes(g)
	}
	viaIsland := map[int32]ir.NodeID{}
	nearest := map[string][][]int{}
	posOf := make([]int32, len(g.Nodes))
	for si, sv := range servers {
		nics := byServer[si]
		if t.Has(ir.TransitPCIe) {
			for _, n := range nics[1:] {
				union(nics[0], n)
			}
		}
		if islands == nil {
			continue
		}
		kids := g.Children(sv)
		for i, k := range kids {
			posOf[k] = int32(i)
		}
		key := g.Nodes[sv].ModelName()
		for _, n := range nics {
			key += " " + strconv.Itoa(int(posOf[n]))
		}
		near, ok := nearest[key]
		if !ok {
			var gpus []ir.NodeID
			for _, k := range kids {
				if g.Nodes[k].Kind == ir.KindGPU {
					gpus = append(gpus, k)
				}
			}
			for _, r := range intact.InternalsOf([]ir.NodeID{sv}).Relays(gpus, nics) {
				var ps []int
				if r != ir.None {
					ps = append(ps, int(posOf[r]))
				}
				near = append(near, ps)
			}
			nearest[key] = near
		}
		for i, n := range nics {
			for _, p := range near[i] {
				isl := islands[kids[p]]
				if isl < 0 {
					continue
				}
				if first, ok := viaIsland[isl]; ok {
					union(first, n)
				} else {
					viaIsland[isl] = n
				}
			}
		}
	}
	rootIdx := map[ir.NodeID]int{}
	var groups [][]ir.NodeID
	for _, nics := range byServer {
		for _, n := range nics {
			r := find(n)
			i, ok := rootIdx[r]
			if !ok {
				i = len(groups)
				rootIdx[r] = i
				groups = append(groups, nil)
			}
			groups[i] = append(groups[i], n)
		}
	}
	var out [][]ir.NodeID
	for _, gr := range groups {
		if len(gr) > 1 {
			slices.Sort(gr)
			out = append(out, gr)
		}
	}
	slices.SortFunc(out, func(a, b []ir.NodeID) int { return int(a[0]) - int(b[0]) })
	return out
}
