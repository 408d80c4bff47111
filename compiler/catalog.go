package compiler

import (
	"fmt"
	"sort"

	"github.com/hashicorp/hcl/v2"

	"github.com/topoc/topoc/compiler/gen"
	"github.com/topoc/topoc/lang"
	"github.com/topoc/topoc/lang/diag"
)

// catalogue indexes the design's models by name.
type catalogue struct {
	switches map[string]*lang.SwitchModel
	gpus     map[string]*lang.GPUModel
	nics     map[string]*lang.NICModel
	nodes    map[string]*lang.NodeModel
}

func indexCatalogue(s *state) {
	c := catalogue{switches: map[string]*lang.SwitchModel{}, gpus: map[string]*lang.GPUModel{},
		nics: map[string]*lang.NICModel{}, nodes: map[string]*lang.NodeModel{}}
	for _, m := range s.cfg.SwitchModels {
		c.switches[m.Name] = m
		if m.Radix.Set && m.Radix.V <= 0 {
			s.diags = append(s.diags, diag.Error(diag.InvalidValue, m.Radix.Range, "Radix must be positive",
				fmt.Sprintf("switch_model %q has radix %d; give its number of ports.", m.Name, m.Radix.V)))
		}
		if m.PortRate.Set && m.PortRate.V <= 0 {
			s.diags = append(s.diags, diag.Error(diag.InvalidValue, m.PortRate.Range, "Port rate must be positive",
				fmt.Sprintf("switch_model %q has a zero port rate.", m.Name)))
		}
	}
	for _, m := range s.cfg.GPUModels {
		c.gpus[m.Name] = m
	}
	for _, m := range s.cfg.NICModels {
		c.nics[m.Name] = m
		if m.PortRate.Set && m.PortRate.V <= 0 {
			s.diags = append(s.diags, diag.Error(diag.InvalidValue, m.PortRate.Range, "Port rate must be positive",
				fmt.Sprintf("nic_model %q has a zero port rate.", m.Name)))
		}
	}
	for _, m := range s.cfg.NodeModels {
		c.nodes[m.Name] = m
	}
	s.cat = c
}

// portModel returns the port model of a switch model.
func portModel(m *lang.SwitchModel) gen.PortModel {
	pm := gen.PortModel{Radix: int(m.Radix.V), PortBPS: m.PortRate.V, Speeds: m.Speeds, Breakouts: genBreakouts(m.Breakouts)}
	for _, g := range m.PortGroups {
		pm.Groups = append(pm.Groups, gen.PortGroup{Name: g.Name, Ports: int(g.Ports.V), PortBPS: g.Rate.V, Breakouts: genBreakouts(g.Breakouts), Speeds: g.Speeds})
	}
	return pm
}

// fitLanes is for position-wired families (fat_tree, dragonfly, torus)
// on a model that runs a rate both whole, at one of its speeds, and on
// the lanes of a breakout: whole ports are the default, as a Clos and a
// custom fabric take them, but when the device then needs more physical
// ports than the radix (ports reports it for the current lanes), each
// such rate moves to its breakout's lanes, and fitLanes keeps that if it
// fits. rates[i] is the rate whose lanes *lanes[i] holds.
func fitLanes(m *lang.SwitchModel, rates []float64, lanes []*int, ports func() int) {
	if int64(ports()) <= m.Radix.V {
		return
	}
	old := make([]int, len(lanes))
	for i, l := range lanes {
		old[i] = *l
		if *l > 1 {
			continue
		}
		for _, b := range genBreakouts(m.Breakouts) {
			if b.LaneBPS == rates[i] {
				*l = b.Lanes
			}
		}
	}
	if int64(ports()) > m.Radix.V {
		for i, l := range lanes {
			*l = old[i] // still too many: report the whole-port layout
		}
	}
}

// genBreakouts converts a model's breakouts for port allocation.
func genBreakouts(bs []lang.Breakout) []gen.Breakout {
	var out []gen.Breakout
	for _, b := range bs {
		out = append(out, gen.Breakout{Lanes: b.Lanes, LaneBPS: b.LaneRate})
	}
	return out
}

// unknown reports a dangling model or object reference with the closest
// known name as a suggestion.
func unknown(kind, name string, rng hcl.Range, known []string) *hcl.Diagnostic {
	where := "in the design"
	if catalogued[kind] {
		where = "in the design or the built-in catalogue"
	}
	detail := fmt.Sprintf("No %s named %q is declared %s.", kind, name, where)
	if s := suggest(name, known); s != "" {
		detail += fmt.Sprintf(" Did you mean %q?", s)
	} else if len(known) > 0 && len(known) <= 12 {
		detail += fmt.Sprintf(" Known: %s.", quotedList(known))
	}
	return diag.Error(diag.UnknownReference, rng, "Unknown "+kind, detail)
}

// unknownFabric is unknown for a fabric name, but where name labels a
// fabric block with count or for_each it names the fabrics the block
// makes (nvl72-0 … nvl72-15), in declaration order, instead of the
// closest name.
func (s *state) unknownFabric(name string, rng hcl.Range, known []string) *hcl.Diagnostic {
	made := lang.Instances(s.cfg.Fabrics, name)
	if len(made) == 0 {
		return unknown("fabric", name, rng, known)
	}
	list := quotedList(made)
	if len(made) > 4 {
		list = fmt.Sprintf("%q … %q (%d)", made[0], made[len(made)-1], len(made))
	}
	return diag.Error(diag.UnknownReference, rng, "Unknown fabric",
		fmt.Sprintf("Fabric block %q has count or for_each, so it makes one fabric per instance: %s. Name one of them, as %q.", name, list, made[0]))
}

// catalogued are the kinds the built-in catalogue also declares; other
// names (fabrics, node groups, risk groups, flows) come from the design
// alone.
var catalogued = map[string]bool{"switch_model": true, "gpu_model": true, "nic_model": true, "node_model": true, "cable_model": true}

// suggest is diag.Closest: the known name nearest to name, or "".
func suggest(name string, known []string) string { return diag.Closest(name, known) }

func keys[T any](m map[string]T) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// switchModel resolves a switch model reference; ok is false (with a
// diagnostic) when it is absent.
func (s *state) switchModel(v lang.Val[string]) (*lang.SwitchModel, bool) {
	m, ok := s.cat.switches[v.V]
	if !ok {
		s.diags = append(s.diags, unknown("switch_model", v.V, v.Range, keys(s.cat.switches)))
	}
	return m, ok
}
