package compiler

import (
	"fmt"
	"path"
	"slices"
	"strconv"
	"strings"

	"github.com/hashicorp/hcl/v2"

	"github.com/topoc/topoc/compiler/ir"
	"github.com/topoc/topoc/lang/diag"
)

// compileFlows resolves the flow blocks: the fabric (named, or the only
// one the sources are in), and each end's nodes (flowEnd). Errors: an
// unknown fabric, an end that selects nothing on the fabric, ends that
// share a node.
func compileFlows(s *state) {
	g := s.g
	if len(s.cfg.Flows) == 0 {
		return
	}
	var fabrics []string
	byName := map[string]ir.FabricID{}
	for i, f := range g.Fabrics {
		fabrics = append(fabrics, f.Name)
		byName[f.Name] = ir.FabricID(i)
	}
	var lm *labelMatcher
	for _, f := range s.cfg.Flows {
		if len(f.FromLabels)+len(f.ToLabels) > 0 && lm == nil {
			lm = newLabelMatcher(g)
		}
		rng := f.DeclRange
		fid := ir.FabricID(ir.None)
		if f.Fabric.Set {
			id, ok := byName[f.Fabric.V]
			if !ok {
				s.diags = append(s.diags, s.unknownFabric(f.Fabric.V, f.Fabric.Range, fabrics))
				continue
			}
			fid = id
		}
		var ends [2][]ir.NodeID
		ok := true
		for i, pats := range [2][]string{f.From.V, f.To.V} {
			labels := [2][]map[string]string{f.FromLabels, f.ToLabels}[i]
			endRange := [2]hcl.Range{f.From.Range, f.To.Range}[i]
			if d := lm.check(labels, endRange); d != nil {
				s.diags = append(s.diags, d)
				ok = false
				break
			}
			sel, byLabel := selectNodes(g, pats, labels, lm)
			if len(sel) == 0 {
				which := [2]string{"from", "to"}[i]
				s.diags = append(s.diags, unknownDevices(f.Name, which, endText(pats, labels), endRange))
				ok = false
				break
			}
			if fid == ir.None {
				fid = soleFabric(g, sel)
				if fid == ir.None {
					s.diags = append(s.diags, diag.Error(diag.InvalidValue, rng, "Flow without a fabric",
						fmt.Sprintf("flow %q: the devices of from are not in exactly one fabric (%s); name it with fabric = \"...\" (fabrics: %s).", f.Name, fabricsOf(g, sel), strings.Join(fabrics, ", "))))
					ok = false
					break
				}
			}
			// A label selects NICs of this fabric only: { rail = 0 } also
			// labels a server's storage NIC 0, which is no end of a compute
			// flow.
			sel = slices.DeleteFunc(sel, func(n ir.NodeID) bool {
				nd := &g.Nodes[n]
				return byLabel[n] && nd.Kind == ir.KindNIC && !slices.Contains(nd.FabricIDs(), fid)
			})
			ends[i] = flowEnd(g, sel, fid)
			if len(ends[i]) == 0 {
				which := [2]string{"from", "to"}[i]
				v := [2]hcl.Range{f.From.Range, f.To.Range}[i]
				s.diags = append(s.diags, diag.Error(diag.InvalidValue, v, "Flow end selects nothing",
					fmt.Sprintf("flow %q: %s = %s matches no device with links on fabric %q; name switches, hosts, servers, NICs or GPUs of that fabric (globs match whole names: \"su0/node*\").", f.Name, which, endText(pats, labels), g.Fabrics[fid].Name)))
				ok = false
			}
		}
		if !ok {
			continue
		}
		// Ends overlap when they share a node or a server (a server's
		// NICs one way, one of its GPUs the other).
		shared := map[ir.NodeID]bool{}
		for _, n := range ends[0] {
			shared[n] = true
			if p := g.Nodes[n].Parent; p != ir.None {
				shared[p] = true
			}
		}
		for _, n := range ends[1] {
			clash := n
			if !shared[n] {
				clash = g.Nodes[n].Parent
			}
			if clash != ir.None && shared[clash] {
				s.diags = append(s.diags, diag.Error(diag.InvalidValue, f.To.Range, "Flow ends overlap",
					fmt.Sprintf("flow %q: %s is in both from and to (itself or through its server); a flow runs between two disjoint groups.", f.Name, g.Nodes[clash].Name)))
				ok = false
				break
			}
		}
		if ok {
			g.Flows = append(g.Flows, ir.Flow{Name: f.Name, Fabric: fid, From: ends[0], To: ends[1], Origin: g.Origin(rng)})
		}
	}
}

// selectNodes returns the nodes whose names match one of pats or that
// carry every label of one of the selectors (labelMatcher), in node
// order, and the set of those only a selector chose.
func selectNodes(g *ir.Graph, pats []string, labels []map[string]string, lm *labelMatcher) ([]ir.NodeID, map[ir.NodeID]bool) {
	var out []ir.NodeID
	byLabel := map[ir.NodeID]bool{}
	for i := range g.Nodes {
		hit := false
		for _, p := range pats {
			if m, _ := path.Match(p, g.Nodes[i].Name); m {
				hit = true
				break
			}
		}
		for _, sel := range labels {
			if !hit && lm.matches(ir.NodeID(i), sel) {
				hit, byLabel[ir.NodeID(i)] = true, true
			}
		}
		if hit {
			out = append(out, ir.NodeID(i))
		}
	}
	return out, byLabel
}

// fabricsOf says, for the first fabrics the devices of sel (or their
// servers' components) are in, one device of each: "compute: su0/node00/nic0;
// storage: su0/node00/storage0".
func fabricsOf(g *ir.Graph, sel []ir.NodeID) string {
	first := map[ir.FabricID]string{}
	var order []ir.FabricID
	for _, n := range sel {
		for _, c := range append([]ir.NodeID{n}, g.Children(n)...) {
			for _, f := range g.Nodes[c].FabricIDs() {
				if _, seen := first[f]; !seen {
					first[f] = g.Nodes[c].Name
					order = append(order, f)
				}
			}
		}
	}
	if len(order) == 0 {
		return "none of them is in a fabric"
	}
	var parts []string
	for _, f := range order[:min(len(order), 4)] {
		parts = append(parts, g.Fabrics[f].Name+": "+first[f])
	}
	return strings.Join(parts, "; ")
}

// soleFabric is the one fabric every selected node (or a component of it)
// belongs to, or None.
func soleFabric(g *ir.Graph, sel []ir.NodeID) ir.FabricID {
	found := ir.FabricID(ir.None)
	for _, n := range sel {
		fs := g.Nodes[n].FabricIDs()
		// A server stands for its components' fabrics, and so does a
		// component on no fabric itself (a GPU): its server's.
		srv := n
		if p := g.Nodes[n].Parent; p != ir.None && len(fs) == 0 {
			srv = p
		}
		for _, c := range g.Children(srv) {
			fs = append(fs[:len(fs):len(fs)], g.Nodes[c].FabricIDs()...)
		}
		for _, f := range fs {
			if found != ir.None && f != found {
				return ir.None
			}
			found = f
		}
	}
	return found
}

// flowEnd maps selected nodes to flow ends (ir.Flow): a node on fabric
// fid or inside a server (a GPU, whose server's internals then join the
// flow graph) is itself; a server stands for its components on the
// fabric (its NICs). Sorted, without repeats.
func flowEnd(g *ir.Graph, sel []ir.NodeID, fid ir.FabricID) []ir.NodeID {
	var out []ir.NodeID
	for _, n := range sel {
		if nd := &g.Nodes[n]; nd.InFabric(fid) || nd.Parent != ir.None {
			out = append(out, n)
			continue
		}
		for _, c := range g.Children(n) {
			if g.Nodes[c].InFabric(fid) {
				out = append(out, c)
			}
		}
	}
	return unique(out)
}

// unknownDevices is the error for a flow end whose patterns match no
// device at all.
func unknownDevices(flow, which, end string, rng hcl.Range) *hcl.Diagnostic {
	return diag.Error(diag.UnknownReference, rng, "Flow end matches no device",
		fmt.Sprintf("flow %q: %s = %s matches no device of the design (globs match whole names: \"su0/node*\", not \"node*\"; a label selector matches every label it names).", flow, which, end))
}

// endText writes a flow end as the design writes it: ["su0/*", { rail = 3 }].
func endText(pats []string, labels []map[string]string) string {
	var parts []string
	for _, p := range pats {
		parts = append(parts, strconv.Quote(p))
	}
	for _, sel := range labels {
		var kv []string
		for _, k := range keys(sel) {
			v := sel[k]
			if _, err := strconv.Atoi(v); err != nil {
				v = strconv.Quote(v)
			}
			kv = append(kv, k+" = "+v)
		}
		parts = append(parts, "{ "+strings.Join(kv, ", ")+" }")
	}
	return "[" + strings.Join(parts, ", ") + "]"
}
