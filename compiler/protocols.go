package compiler

import (
	"fmt"
	"sort"

	"github.com/hashicorp/hcl/v2"

	"github.com/topoc/topoc/compiler/checks"
	"github.com/topoc/topoc/compiler/ir"
	"github.com/topoc/topoc/lang/diag"
	"github.com/topoc/topoc/lang/units"
)

// checkProtocols reports NICs cabled to a switch of another protocol,
// and switches cabled to a switch of another protocol: an InfiniBand
// ConnectX-7 (the built-in HGX H100's NIC) on a Tomahawk Ethernet leaf,
// or a QM9700 to an SN5600 in a custom fabric, links no packet. It needs
// both models' protocols (the NIC or switch model's); a model that leaves
// it unset is not judged. One error per fabric and pair of models, at
// the fabric's block, with the number of links. An error, not a warning
// (trial 56): the design as written links nothing, and its bill of
// materials, cabling plan and hand-offs would order and configure it
// so. Many NICs are VPI (ConnectX-7 runs either), so the fix is often
// one line: a nic_model that states the protocol the cards run.
func checkProtocols(s *state) {
	if !mixedProtocols(s.g.Protocols) {
		return // every link joins models of one protocol, or of none stated
	}
	// a is the NIC's model, or the first switch model by name when two
	// switches meet; b the switch's; aP and bP their protocols.
	type pair struct {
		fabric   ir.FabricID
		switches bool
		a, b     string
		aP, bP   string
	}
	counts := map[pair]int{}
	protocols := modelProtocols{all: s.g.Protocols} // recordProtocols, in the cabling stage
	for fi := range s.g.Fabrics {
		f := ir.FabricID(fi)
		for _, id := range s.g.FabricLinks(f) {
			l := s.g.Link(id)
			a, b := &s.g.Nodes[l.A.Node], &s.g.Nodes[l.B.Node]
			if a.Kind != ir.KindNIC && a.Kind != ir.KindSwitch || b.Kind != ir.KindNIC && b.Kind != ir.KindSwitch {
				continue
			}
			am, bm := a.ModelName(), b.ModelName()
			// The NIC, or the model first by name, at a (names of one
			// model are one interned string: != is a pointer test).
			if b.Kind == ir.KindNIC || a.Kind == ir.KindSwitch && am != bm && bm < am {
				a, b, am, bm = b, a, bm, am
			}
			if b.Kind != ir.KindSwitch {
				continue
			}
			pa, pb := protocols.of(am), protocols.of(bm)
			if pa == "" || pb == "" || pa == pb {
				continue
			}
			counts[pair{f, a.Kind == ir.KindSwitch, am, bm, pa, pb}]++
		}
	}
	keys := make([]pair, 0, len(counts))
	for k := range counts {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		a, b := keys[i], keys[j]
		if a.fabric != b.fabric {
			return a.fabric < b.fabric
		}
		if a.a != b.a {
			return a.a < b.a
		}
		return a.b < b.b
	})
	for _, k := range keys {
		var rng hcl.Range
		if int(k.fabric) < len(s.fabricOf) {
			rng = s.fabricOf[k.fabric].FamilyRange
		}
		if k.switches {
			s.diags = append(s.diags, diag.Error(diag.ProtocolMismatch, rng, "Switch protocols differ",
				fmt.Sprintf("In fabric %q, %s %s switches of protocol %q (switch_model %q) to switches of protocol %q (switch_model %q), which cannot link. Use one protocol on both ends, or a gateway between them.",
					s.g.Fabrics[k.fabric].Name, units.CountOf(counts[k], "link", "links"), units.Agree(counts[k], "joins", "join"), k.aP, k.a, k.bP, k.b)))
			continue
		}
		s.diags = append(s.diags, diag.Error(diag.ProtocolMismatch, rng, "NIC and switch protocols differ",
			fmt.Sprintf("In fabric %q, %s %s NICs of protocol %q (nic_model %q) to switches of protocol %q (switch_model %q), which cannot link. Use one protocol: NICs that run %q (a VPI card such as the ConnectX-7 runs either: restate it as a nic_model %q block, its ports, port_rate, pcie_gen and pcie_width with protocol = %q, which replaces the built-in model and keeps the servers' PCI layout), or switches that run %q.",
				s.g.Fabrics[k.fabric].Name, units.CountOf(counts[k], "link", "links"), units.Agree(counts[k], "joins", "join"), k.aP, k.a, k.bP, k.b, k.bP, k.a, k.bP, k.aP)))
	}
}

// mixedProtocols reports whether protocols (ir.Graph.Protocols: the
// models the graph uses) holds two different protocols, without which
// no link can join two: most designs run one, and checkProtocols then
// skips its pass over every fabric link.
func mixedProtocols(protocols map[string]string) bool {
	first := ""
	for _, p := range protocols {
		switch {
		case p == "" || p == first:
		case first == "":
			first = p
		default:
			return true
		}
	}
	return false
}

// modelProtocols looks up models' protocols (ir.Graph.Protocols) for
// both ends of every fabric link, 786,432 lookups at 131,072 GPUs that
// hashing the names made most of checkProtocols' time. A design uses a
// handful of NIC and switch models, so the first ones met are kept in
// a short list and found by comparing names, which for the one
// interned string of a model (ir.Node.ModelName) is a pointer test.
type modelProtocols struct {
	all              map[string]string
	names, protocols []string // the first maxListed models met
}

// maxListed bounds modelProtocols' list, beyond which a model is looked
// up in the map (a design of many models; the list is then no faster).
const maxListed = 8

// of returns the protocol of the model named name, "" when unknown.
func (m *modelProtocols) of(name string) string {
	for i, n := range m.names {
		if n == name {
			return m.protocols[i]
		}
	}
	p := m.all[name]
	if len(m.names) < maxListed {
		m.names = append(m.names, name)
		m.protocols = append(m.protocols, p)
	}
	return p
}

// recordProtocols fills ir.Graph.Protocols for the switch and NIC models
// the graph's nodes use, so that back ends (the ibsim net file) can tell
// an InfiniBand fabric from an Ethernet one.
func recordProtocols(s *state) {
	s.g.Protocols = map[string]string{}
	for i := range s.g.Nodes {
		n := &s.g.Nodes[i]
		if n.ModelName() == "" || n.Kind != ir.KindSwitch && n.Kind != ir.KindNIC {
			continue
		}
		if _, done := s.g.Protocols[n.ModelName()]; done {
			continue
		}
		switch {
		case n.Kind == ir.KindSwitch:
			if m := s.cat.switches[n.ModelName()]; m != nil && m.Protocol.Set {
				s.g.Protocols[n.ModelName()] = m.Protocol.V
			}
		case n.Kind == ir.KindNIC:
			if m := s.cat.nics[n.ModelName()]; m != nil && m.Protocol.Set {
				s.g.Protocols[n.ModelName()] = m.Protocol.V
			}
		}
	}
}

// runChecks is the last stage: the protocol check above, which needs the
// catalogue's protocols and the family blocks' ranges, then the
// structural checks over the graph (package compiler/checks).
func runChecks(s *state) {
	checkProtocols(s)
	s.diags = append(s.diags, checks.Run(s.g, checks.Options{
		UnevenReported: func(f ir.FabricID, lower int) bool { return s.unevenTotals[unevenKey{f, lower}] },
	})...)
}
