package compiler

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/hashicorp/hcl/v2"

	"github.com/topoc/topoc/compiler/ir"
	"github.com/topoc/topoc/lang"
	"github.com/topoc/topoc/lang/diag"
	"github.com/topoc/topoc/lang/units"
)

// A node model's nvlink_peer blocks join its GPUs to each other directly,
// with no NVSwitch: DGX-1's hybrid cube-mesh of eight V100s (each GPU's
// six NVLink2 links to four peers, one or two links each; NVIDIA, "DGX-1
// with Tesla V100 System Architecture", WP-08437-002, 2017), or a board
// whose GPUs each link to every other. NVLink bundles of one pair are one
// IR link (ir.Link.Parallel), as the links to NVSwitches are.

// checkNVLinkPeers checks model m's nvlink_peer blocks: two distinct GPUs
// of the model each, at least one link, every pair once, a GPU model
// whose NVLinks have a rate, no more links on a GPU than its gpu_model's
// nvlink_links (a gpu_model without them has none to give), and no
// NVSwitches beside them (a GPU's NVLinks go to its NVSwitches or to its
// peers; no shipped server splits them). Every fault is reported through
// bad at the block or argument that holds it.
func (s *state) checkNVLinkPeers(m *lang.NodeModel, bad func(*hcl.Diagnostic)) {
	if len(m.NVLinkPeers) == 0 {
		return
	}
	first := m.NVLinkPeers[0]
	gm := s.cat.gpus[m.GPU.V]
	// Peers a model inherits from its base are reported at the model's
	// own argument that clashes with them, saying where they come from.
	inherited := !m.NVLinkPeersDeclared && m.Base.Set
	from := ""
	if inherited {
		from = fmt.Sprintf(" (it inherits them from base %q; nvlink_peer { count = 0, gpus = [0, 1] } in %q drops them)", m.Base.V, m.Name)
	}
	switch {
	case m.NVSwitches.V > 0:
		rng := first.DeclRange
		if inherited && m.NVSwitches.Set {
			rng = m.NVSwitches.Range
		}
		bad(diag.Error(diag.InvalidValue, rng, "NVLink peers beside NVSwitches",
			fmt.Sprintf("Node model %q links its GPUs to %d NVSwitches and to each other%s: a GPU's NVLinks go to the NVSwitches of an HGX board or straight to peer GPUs (DGX-1's cube-mesh), not both. Drop the nvlink_peer blocks, or set nvswitches = 0.", m.Name, m.NVSwitches.V, from)))
		return
	case !m.GPU.Set:
		bad(diag.Error(diag.InvalidValue, first.DeclRange, "NVLink peers need a GPU model",
			fmt.Sprintf("Node model %q has nvlink_peer blocks but no gpu: the gpu_model gives each GPU's NVLink links and their rate. Set gpu.", m.Name)))
		return
	case gm == nil:
		return // an unknown gpu_model, reported at gpu
	case gm.NVLinkRate.V <= 0:
		rng := gm.DeclRange
		if gm.NVLinkRate.Set {
			rng = gm.NVLinkRate.Range
		}
		bad(diag.Error(diag.InvalidValue, rng, "NVLink without a rate",
			fmt.Sprintf("gpu_model %q has no nvlink_rate, so the nvlink_peer links of node_model %q would carry 0 b/s; set nvlink_rate, per link and direction (\"25GB/s\" for NVLink 2 to 4).", gm.Name, m.Name)))
		return
	}
	pairs := map[[2]int64]*lang.NVLinkPeerSpec{}
	used := make([]int64, max(m.GPUs.V, 0))
	for _, p := range m.NVLinkPeers {
		ends := p.GPUs.V
		if len(ends) != 2 || ends[0] == ends[1] {
			bad(diag.Error(diag.InvalidValue, p.GPUs.Range, "An NVLink peer joins two GPUs",
				fmt.Sprintf("gpus = %s; an nvlink_peer block names two different GPUs of the server by index, e.g. gpus = [0, 3].", intList(ends))))
			continue
		}
		ok := true
		for _, g := range ends {
			if g < 0 || g >= m.GPUs.V {
				rng := p.GPUs.Range
				if inherited && m.GPUs.Set {
					rng = m.GPUs.Range
				}
				bad(diag.Error(diag.UnknownReference, rng, "No such GPU",
					fmt.Sprintf("An nvlink_peer pair of node model %q names GPU %d, but the model has %s%s; GPUs are numbered from 0.", m.Name, g, gpuCount(m.GPUs.V), from)))
				ok = false
			}
		}
		links := int64(1)
		if p.Links.Set {
			links = p.Links.V
		}
		if links < 1 {
			bad(diag.Error(diag.InvalidValue, p.Links.Range, "No NVLink links",
				fmt.Sprintf("links = %d; a peer pair has at least one NVLink link. Leave the pair out instead.", links)))
			ok = false
		}
		if !ok {
			continue
		}
		key := [2]int64{min(ends[0], ends[1]), max(ends[0], ends[1])}
		if prev := pairs[key]; prev != nil {
			bad(diag.Error(diag.InvalidValue, p.GPUs.Range, "GPU pair linked twice",
				fmt.Sprintf("GPUs %d and %d already have an nvlink_peer block (%s); write one block with links = the pair's NVLink count.", key[0], key[1], prev.GPUs.Range)))
			continue
		}
		pairs[key] = p
		used[ends[0]] += links
		used[ends[1]] += links
	}
	for g, n := range used {
		if n > 0 && gm.NVLinkLinks.V <= 0 {
			rng := gm.DeclRange
			if gm.NVLinkLinks.Set {
				rng = gm.NVLinkLinks.Range
			}
			bad(diag.Error(diag.InvalidValue, rng, "NVLink peers on a GPU without NVLinks",
				fmt.Sprintf("gpu_model %q gives its GPUs no NVLink links (nvlink_links), but the nvlink_peer pairs of node model %q give GPU %d %s%s. Set nvlink_links: a V100 has 6, an A100 12, an H100 18.", gm.Name, m.Name, g, units.CountOf(int(n), "NVLink link", "NVLink links"), from)))
			return
		}
		if n > gm.NVLinkLinks.V {
			bad(diag.Error(diag.RadixExceeded, first.DeclRange, "More NVLinks than the GPU has",
				fmt.Sprintf("GPU %d of node model %q gets %s from its nvlink_peer pairs%s, but a %s GPU has %d (gpu_model %q nvlink_links). Take links off its pairs.", g, m.Name, units.CountOf(int(n), "NVLink link", "NVLink links"), from, gm.Name, gm.NVLinkLinks.V, gm.Name)))
			return
		}
	}
}

// addNVLinkPeers adds model m's nvlink_peer links between gpus (the
// template's GPUs in index order) to g, one bundle per pair at the GPU
// model's nvlink_rate times its links, in block order; each takes the
// next free ports of both GPUs (ports, indexed by GPU, is advanced).
func addNVLinkPeers(g *ir.Graph, m *lang.NodeModel, gm *lang.GPUModel, gpus []ir.NodeID, ports []int32) {
	for _, p := range m.NVLinkPeers {
		a, b := p.GPUs.V[0], p.GPUs.V[1]
		k := peerLinks(p)
		g.AddLink(ir.Link{A: ir.Port{Node: gpus[a], Port: ports[a]}, B: ir.Port{Node: gpus[b], Port: ports[b]},
			CapacityBPS: float64(k) * gm.NVLinkRate.V, Kind: ir.LinkNVLink, Fabric: ir.None, Parallel: k})
		ports[a] += k
		ports[b] += k
	}
}

// peerLinks is the NVLink links of nvlink_peer block p: its links, 1
// when unset.
func peerLinks(p *lang.NVLinkPeerSpec) int32 {
	if p.Links.Set {
		return int32(p.Links.V)
	}
	return 1
}

// intList writes a list of numbers as HCL does: [2, 2].
func intList(v []int64) string {
	parts := make([]string, len(v))
	for i, x := range v {
		parts[i] = strconv.FormatInt(x, 10)
	}
	return "[" + strings.Join(parts, ", ") + "]"
}

// gpuCount says how many GPUs a model has: "4 GPUs", "no GPUs (gpus = 0)".
func gpuCount(n int64) string {
	if n <= 0 {
		return "no GPUs (gpus = 0)"
	}
	return units.CountOf(int(n), "GPU", "GPUs")
}
