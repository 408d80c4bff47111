package compiler

import (
	"fmt"
	"maps"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/hashicorp/hcl/v2"

	"github.com/topoc/topoc/compiler/gen"
	"github.com/topoc/topoc/compiler/ir"
	"github.com/topoc/topoc/lang"
	"github.com/topoc/topoc/lang/diag"
	"github.com/topoc/topoc/lang/units"
)

// serverGroup is a built node group.
type serverGroup struct {
	cfg     *lang.NodeGroup
	model   *lang.NodeModel
	servers []server
	// roles lists the NIC roles of the model in declaration order.
	roles []string
}

// unknownRole is the error for node_group.<g>.nics.<role> naming a role
// that the group's node model lacks: it names the model, which is where
// the role is missing (another model of the design may well have it), and
// the roles it has.
func unknownRole(sg *serverGroup, role string, rng hcl.Range) *hcl.Diagnostic {
	detail := fmt.Sprintf("Node group %q is built from node model %q, which has no nic block of role %q", sg.cfg.Name, sg.model.Name, role)
	switch {
	case len(sg.roles) == 0:
		detail += " and no NICs at all, so it cannot be a fabric endpoint. Add a nic block to the model, or leave the group out of this fabric."
	default:
		detail += fmt.Sprintf("; its roles are %s.", quotedList(sg.roles))
		if sug := suggest(role, sg.roles); sug != "" {
			detail += fmt.Sprintf(" Did you mean %q?", sug)
		} else {
			detail += fmt.Sprintf(" Reference one of them, or add nic %q to the model.", role)
		}
	}
	return diag.Error(diag.UnknownReference, rng, "Unknown NIC role", detail)
}

// quotedList writes names as "a", "b" and "c"; none as "none".
func quotedList(names []string) string {
	q := make([]string, len(names))
	for i, n := range names {
		q[i] = strconv.Quote(n)
	}
	if len(q) == 0 {
		return "none"
	}
	return units.List(q)
}

// gpuIDs lists the group's GPUs, server by server in index order.
func (sg *serverGroup) gpuIDs() []ir.NodeID {
	var out []ir.NodeID
	for _, sv := range sg.servers {
		for _, gpu := range sv.gpus().all() {
			out = append(out, gpu)
		}
	}
	return out
}

// server is one built server: its host node, the first of its nodes,
// and the template its nodes and links were stamped from.
type server struct {
	id ir.NodeID
	t  *serverTemplate
}

// gpus returns the server's GPUs in index order.
func (sv server) gpus() idRange { return sv.t.gpus.from(sv.id) }

// nics returns the server's NICs of a role in index order (none for a
// role the model does not have).
func (sv server) nics(role string) idRange { return sv.t.nics[role].from(sv.id) }

// nicRef matches a PCIe switch's NIC reference "compute[3]".
var nicRef = regexp.MustCompile(`^([a-z_][a-z0-9_]*)\[([0-9]+)\]$`)

func buildServers(s *state) {
	// Server names are unique across node groups too: links and reports
	// name servers, so two "n0" would be ambiguous.
	// One map for both refusals, sized at once: a map per group for
	// its own names beside this one doubled the lookups (16,384 names
	// at 131,072 GPUs).
	names := 0
	for _, ng := range s.cfg.NodeGroups {
		names += len(ng.Names)
	}
	taken := make(map[string]serverNamed, names)
	hostTaken := map[string]hostOf{}       // host names, compared in lower case as DNS does
	hostRange := map[ir.NodeID]hcl.Range{} // where each hostname was written
	templates := map[string]*serverTemplate{}
	nextRack := 0 // the first rack no earlier group's rack block filled
	for gi, ng := range s.cfg.NodeGroups {
		m, ok := s.cat.nodes[ng.Model.V]
		if !ok {
			s.diags = append(s.diags, unknown("node_model", ng.Model.V, ng.Model.Range, keys(s.cat.nodes)))
			continue
		}
		if !s.checkNodeModel(m) || !s.checkHardware(m) || !s.checkInternalRates(m) {
			continue
		}
		sockets := int(max(1, cpuField(m, func(c *lang.CPUSpec) int64 { return c.Sockets.V })))
		plan := planHardware(m, sockets)
		t := templates[m.Name]
		if t == nil {
			t = s.buildTemplate(m, plan)
			templates[m.Name] = t
			s.g.ServerModels = append(s.g.ServerModels, s.buildServerModel(m, plan, s.g.Origin(m.DeclRange)))
		}
		sg := &serverGroup{cfg: ng, model: m}
		for _, n := range m.NICs {
			sg.roles = append(sg.roles, n.Role)
		}
		// One origin for the group's servers (one source range), so that
		// their links share one run of the template (ir.Graph.AddInstance).
		origin := s.g.Origin(ng.DeclRange)
		// Racks: from `first` when the block gives it, else after the
		// racks earlier node groups filled, so two groups' rack blocks
		// never share a rack unless the design says so.
		first := nextRack
		if ng.FirstRack.Set {
			first = int(ng.FirstRack.V)
		}
		for i, name := range ng.Names {
			if d := badName("server", name.V, name.Range); d != nil {
				s.diags = append(s.diags, d)
				return
			}
			if other, dup := taken[name.V]; dup && other.group == gi {
				s.diags = append(s.diags, diag.Error(diag.DuplicateName, name.Range, "Duplicate server name",
					fmt.Sprintf("Servers %d and %d of node_group %q are both named %q; make the name template unique per count.index.", other.index, i, ng.Name, name.V)))
				return
			} else if dup {
				s.diags = append(s.diags, diag.Error(diag.DuplicateName, name.Range, "Duplicate server name",
					fmt.Sprintf("node_group %q names a server %q, as node_group %q already does; give the groups distinct name templates.", ng.Name, name.V, s.cfg.NodeGroups[other.group].Name)))
				return
			}
			taken[name.V] = serverNamed{group: gi, index: i}
			rack := ir.None
			if ng.PerRack.V > 0 {
				rack = first + i/int(ng.PerRack.V)
				nextRack = max(nextRack, rack+1)
			}
			sv := s.stamp(t, name.V, origin, rack)
			sg.servers = append(sg.servers, sv)
			if i < len(ng.Hostnames) {
				if !s.setHostname(sv.id, ng.Hostnames[i], hostTaken) {
					return
				}
				hostRange[sv.id] = ng.Hostnames[i].Range
			}
		}
		s.groups[ng.Name] = sg
	}
	s.checkHostnamesAgainstNames(taken, hostRange)
}

// serverNamed is where a server name was first given: the node group's
// index in the design and the server's within it.
type serverNamed struct{ group, index int }

// hostOf is a hostname as written and the server it names.
type hostOf struct{ hostname, server string }

// checkHostnamesAgainstNames refuses a hostname that is, ignoring case,
// another server's design name with '/' written '-': the name Slurm and
// Kubernetes give a server without a hostname, and a name discovery
// matches (asbuilt reads "su0-node05 mlx5_0" as su0/node05), so the two
// servers would be one node to the scheduler and ambiguous to verify. It
// is duplicate-name at the hostname. names holds every server's design
// name.
func (s *state) checkHostnamesAgainstNames(names map[string]serverNamed, at map[ir.NodeID]hcl.Range) {
	if len(s.g.Hostnames) == 0 {
		// No hostname to refuse, as in most designs: the map of every
		// server's name as a hostname (16,384 sorted, lowered and
		// rewritten at 131,072 GPUs) would be read by nothing.
		return
	}
	derived := make(map[string]string, len(names))
	for _, name := range slices.Sorted(maps.Keys(names)) {
		if k := strings.ToLower(strings.ReplaceAll(name, "/", "-")); derived[k] == "" {
			derived[k] = name // the first in order where two names collide
		}
	}
	ids := make([]ir.NodeID, 0, len(s.g.Hostnames))
	for n := range s.g.Hostnames {
		ids = append(ids, n)
	}
	slices.Sort(ids) // one diagnostic order for one input
	for _, n := range ids {
		h := s.g.Hostnames[n]
		if other, ok := derived[strings.ToLower(h)]; ok && other != s.g.Nodes[n].Name {
			s.diags = append(s.diags, diag.Error(diag.DuplicateName, at[n], "Hostname is another server's name",
				fmt.Sprintf("Server %s has the hostname %q, which is server %s's name with '/' written '-' (compared without case): Slurm, Kubernetes and discovery would take the two for one node. Choose hostnames that no server's name becomes.", s.g.Nodes[n].Name, h, other)))
		}
	}
}

// setHostname records server n's host name h (ir.Graph.Hostnames) unless
// another server has it already, which is a duplicate-name error at the
// template: host names are compared in lower case, as DNS compares them
// (RFC 4343) and Kubernetes writes them.
func (s *state) setHostname(n ir.NodeID, h lang.Val[string], taken map[string]hostOf) bool {
	key := strings.ToLower(h.V)
	if other, dup := taken[key]; dup {
		s.diags = append(s.diags, diag.Error(diag.DuplicateName, h.Range, "Duplicate hostname",
			fmt.Sprintf("Servers %s and %s have the hostnames %q and %q, one name to DNS, Slurm and Kubernetes (host names compare without case); make the hostname template unique per count.index and across node groups.", other.server, s.g.Nodes[n].Name, other.hostname, h.V)))
		return false
	}
	taken[key] = hostOf{h.V, s.g.Nodes[n].Name}
	if s.g.Hostnames == nil {
		s.g.Hostnames = map[ir.NodeID]string{}
	}
	s.g.Hostnames[n] = h.V
	return true
}

// checkNodeModel validates a node model's references before any server is
// built from it.
func (s *state) checkNodeModel(m *lang.NodeModel) bool {
	ok := true
	bad := func(d *hcl.Diagnostic) {
		// A fault in what a design's model inherits from a built-in base
		// is the design's to fix: it is reported at base, which the
		// design wrote, and says what it inherits.
		if d.Subject != nil && d.Subject.Filename == lang.BuiltinFilename && m.Base.Set && m.Base.Range.Filename != lang.BuiltinFilename {
			d.Detail = fmt.Sprintf("Node model %q inherits this from its base %q (%s): %s Override the inherited block or argument in %q, or drop base.",
				m.Name, m.Base.V, d.Subject, d.Detail, m.Name)
			d.Subject = m.Base.Range.Ptr()
			d.Context = nil
		}
		s.diags = append(s.diags, d)
		ok = false
	}
	// A model without a gpu (or a nic without a model) is allowed: an
	// imported NCCL file names devices by class only. Such GPUs get no
	// NVLink and such NICs no port rate.
	if m.GPUs.V > 0 && m.GPU.Set {
		if _, found := s.cat.gpus[m.GPU.V]; !found {
			bad(unknown("gpu_model", m.GPU.V, m.GPU.Range, keys(s.cat.gpus)))
		}
	}
	if m.NVSwitches.V > 0 && m.GPUs.V > 0 && !m.GPU.Set {
		bad(diag.Error(diag.InvalidValue, m.NVSwitches.Range, "NVSwitches need a GPU model",
			"The model has NVSwitches but no gpu: without a gpu_model topoc does not know each GPU's NVLink links. Set gpu."))
	}
	if m.NVSwitches.V > 0 && m.GPUs.V == 0 {
		// An NVSwitch inside a server links its GPUs; with none it would
		// be built with no link at all. The range is the argument the
		// design wrote (gpus = 0 on a model that inherits NVSwitches).
		rng := m.NVSwitches.Range
		if m.GPUs.Set {
			rng = m.GPUs.Range
		}
		bad(diag.Error(diag.InvalidValue, rng, "NVSwitches with no GPUs",
			fmt.Sprintf("Node model %q has %d NVSwitches and no GPUs: a server's NVSwitches link its GPUs, so these would be built unlinked. Give the model its gpus (and gpu), or set nvswitches = 0; the NVLink switch trays of a rack are the switches of an nvlink_domain fabric, not of a node model.", m.Name, m.NVSwitches.V)))
	}
	if m.GPUs.V < 0 || m.NVSwitches.V < 0 {
		bad(diag.Error(diag.InvalidValue, m.GPUs.Range, "Negative count", "gpus and nvswitches must be zero or more."))
	}
	counts := map[string]int64{}
	for _, n := range m.NICs {
		if _, found := s.cat.nics[n.Model.V]; n.Model.Set && !found {
			bad(unknown("nic_model", n.Model.V, n.Model.Range, keys(s.cat.nics)))
		}
		counts[n.Role] = n.Count.V
	}
	if len(m.NVLinkPerSwitch.V) > 0 && int64(len(m.NVLinkPerSwitch.V)) != m.NVSwitches.V {
		if m.NVLinkPerSwitch.Range.Filename == lang.BuiltinFilename && m.NVSwitches.Range.Filename != lang.BuiltinFilename && m.NVSwitches.Set {
			// The design changed nvswitches and inherits the split.
			bad(diag.Error(diag.InvalidValue, m.NVSwitches.Range, "NVLink split does not match the switches",
				fmt.Sprintf("nvswitches = %d, but nvlink_per_switch, which node model %q inherits from %q, lists %d entries. Set nvlink_per_switch here too: one link count per switch, adding up to the GPU's nvlink_links.", m.NVSwitches.V, m.Name, m.Base.V, len(m.NVLinkPerSwitch.V))))
		} else {
			bad(diag.Error(diag.InvalidValue, m.NVLinkPerSwitch.Range, "NVLink split does not match the switches",
				fmt.Sprintf("nvlink_per_switch lists %d entries but the model has %d NVSwitches; give one link count per switch.", len(m.NVLinkPerSwitch.V), m.NVSwitches.V)))
		}
	}
	s.checkNVLinkPeers(m, bad)
	if gm, found := s.cat.gpus[m.GPU.V]; found && m.GPUs.V > 0 && m.NVSwitches.V > 0 && gm.NVLinkLinks.V > 0 {
		s.checkNVLinkSplit(m, gm, bad)
		s.checkNVSwitchPorts(m, gm, bad)
	}
	for _, p := range m.PCIeSwitches {
		for _, g := range p.GPUs.V {
			if g < 0 || g >= m.GPUs.V {
				bad(diag.Error(diag.UnknownReference, p.GPUs.Range, "No such GPU",
					fmt.Sprintf("GPU %d is not in this %d-GPU node model; GPUs are numbered from 0.", g, m.GPUs.V)))
			}
		}
		for _, r := range p.NICs.V {
			mm := nicRef.FindStringSubmatch(r)
			if mm == nil {
				bad(diag.Error(diag.InvalidValue, p.NICs.Range, "Invalid NIC reference",
					fmt.Sprintf("%q is not a NIC reference; write role[index], e.g. \"compute[0]\".", r)))
				continue
			}
			idx, _ := strconv.ParseInt(mm[2], 10, 64)
			switch n, found := counts[mm[1]]; {
			case !found:
				bad(diag.Error(diag.UnknownReference, p.NICs.Range, "No such NIC",
					fmt.Sprintf("%q names no NIC of this node model: it has no nic block of role %q (its roles: %s).", r, mm[1], quotedList(keys(counts)))))
			case idx >= n && n == 0:
				bad(diag.Error(diag.UnknownReference, p.NICs.Range, "No such NIC",
					fmt.Sprintf("%q names no NIC of this node model: its nic %q has count 0.", r, mm[1])))
			case idx >= n && n == 1:
				bad(diag.Error(diag.UnknownReference, p.NICs.Range, "No such NIC",
					fmt.Sprintf("%q names no NIC of this node model: its one %q NIC is %s[0].", r, mm[1], mm[1])))
			case idx >= n:
				bad(diag.Error(diag.UnknownReference, p.NICs.Range, "No such NIC",
					fmt.Sprintf("%q names no NIC of this node model: its %d %q NICs are %s[0] to %s[%d].", r, n, mm[1], mm[1], mm[1], n-1)))
			}
		}
	}
	return ok
}

// checkNVLinkSplit checks that every NVSwitch of model m gets NVLink from
// each GPU and that a GPU's links to them are the links it has (gm's
// nvlink_links): an NVSwitch given 0 links would be built with none, and
// a split summing to more than a GPU has would use ports it lacks.
func (s *state) checkNVLinkSplit(m *lang.NodeModel, gm *lang.GPUModel, bad func(*hcl.Diagnostic)) {
	links, nSw := gm.NVLinkLinks.V, m.NVSwitches.V
	split := m.NVLinkPerSwitch.V
	if int64(len(split)) != nSw {
		if nSw > links {
			bad(diag.Error(diag.InvalidValue, m.NVSwitches.Range, "More NVSwitches than NVLinks",
				fmt.Sprintf("Node model %q has %d NVSwitches, but a %s GPU has %d NVLink links: spread one per switch, %d switches get none and would be built unlinked. Set nvswitches to at most %d.", m.Name, nSw, m.GPU.V, links, nSw-links, links)))
		}
		return // a length mismatch is reported above
	}
	sum := int64(0)
	for j, k := range split {
		sum += k
		if k <= 0 {
			bad(diag.Error(diag.InvalidValue, m.NVLinkPerSwitch.Range, "NVSwitch without NVLink",
				fmt.Sprintf("nvlink_per_switch gives NVSwitch %d of node model %q %d links from each GPU, so it would be built unlinked. Give every switch at least one link, or fewer nvswitches.", j, m.Name, k)))
		}
	}
	if sum != links {
		bad(diag.Error(diag.InvalidValue, m.NVLinkPerSwitch.Range, "NVLink split does not match the GPU",
			fmt.Sprintf("nvlink_per_switch sums to %d links per GPU, but a %s GPU has %d NVLink links (gpu_model nvlink_links). Make the split add up to %d.", sum, m.GPU.V, links, links)))
	}
}

// checkNVSwitchPorts checks model m's in-box NVSwitch chip
// (nvswitch_model): it must be an NVLink switch (invalid-value) whose
// port rate is the GPU's NVLink rate (rate-mismatch), and each chip's
// NVLink ports are its radix: a switch takes its share of every GPU's
// links (nvlink_per_switch, or the even spread), so 32 H100s on 4 chips
// would need 5 × 32 = 160 ports of a 64-port chip (radix-exceeded).
// Where the model names no chip, nothing is checked. An unknown chip
// model is unknown-reference.
func (s *state) checkNVSwitchPorts(m *lang.NodeModel, gm *lang.GPUModel, bad func(*hcl.Diagnostic)) {
	if !m.NVSwitchModel.Set {
		return
	}
	sm, found := s.cat.switches[m.NVSwitchModel.V]
	if !found {
		bad(unknown("switch_model", m.NVSwitchModel.V, m.NVSwitchModel.Range, keys(s.cat.switches)))
		return
	}
	if sm.Protocol.V != "nvlink" {
		what := "sets no protocol"
		if sm.Protocol.Set {
			what = "is an " + sm.Protocol.V + " switch"
		}
		bad(diag.Error(diag.InvalidValue, m.NVSwitchModel.Range, "Not an NVSwitch chip",
			fmt.Sprintf("nvswitch_model %q %s; an in-box NVSwitch is a switch_model with protocol = \"nvlink\" (the built-in NVSwitch-gen3, NVSwitch-gen4).", sm.Name, what)))
		return
	}
	// The GPU's NVLink and the chip's ports are one generation, one
	// rate, as an nvlink_domain requires: a B200 on an H100 board's gen3
	// chips would claim 50 GB/s links on 25 GB/s ports, and an H100 on
	// gen4 chips is no product either.
	if math.Abs(gm.NVLinkRate.V-sm.PortRate.V) > sm.PortRate.V*1e-9 {
		rng := m.GPU.Range
		if !m.GPU.Set {
			rng = m.NVSwitchModel.Range
		}
		bad(diag.Error(diag.RateMismatch, rng, "NVLink and NVSwitch port rates differ",
			fmt.Sprintf("Each NVLink of a %s GPU runs at %s, but each port of the %s chip runs at %s; a GPU and its NVSwitches are one NVLink generation. Use the chip of the GPU's generation (nvswitch_model), or the GPU of the chip's.",
				m.GPU.V, units.Rate(gm.NVLinkRate.V), sm.Name, units.Rate(sm.PortRate.V))))
	}
	if n := len(m.NVLinkPerSwitch.V); n > 0 && int64(n) != m.NVSwitches.V {
		return // the split does not match the switches: reported already
	}
	split := splitLinks(int(gm.NVLinkLinks.V), m.NVLinkPerSwitch.V, int(m.NVSwitches.V))
	worst := 0 // the switch with the most links names the fault
	for j, k := range split {
		if k > split[worst] {
			worst = j
		}
	}
	k := split[worst]
	if need := int64(k) * m.GPUs.V; need > sm.Radix.V {
		// At the argument of the design's own that sets the load: its
		// gpus, nvswitches, split or chip, before an inherited one.
		rng := m.GPUs.Range
		for _, r := range []hcl.Range{m.GPUs.Range, m.NVSwitches.Range, m.NVLinkPerSwitch.Range, m.NVSwitchModel.Range} {
			if r.Filename != "" && r.Filename != lang.BuiltinFilename {
				rng = r
				break
			}
		}
		bad(diag.Error(diag.RadixExceeded, rng, "Not enough NVSwitch ports",
			fmt.Sprintf("NVSwitch %d of node model %q takes %d NVLink links from each of its %d GPUs, %s ports, but the %s chip has %d. Use fewer GPUs per server, more nvswitches, or a chip with more ports.",
				worst, m.Name, k, m.GPUs.V, units.Count(int(need)), sm.Name, sm.Radix.V)))
	}
}

// buildTemplate builds one server of node model m into a graph of its
// own: CPU sockets (linked by the inter-socket link when its rate is
// known), GPUs and NVSwitches (one IR link per GPU–NVSwitch pair
// bundling that pair's parallel NVLink links, ir.Link.Parallel), NICs,
// and PCIe switches with the GPUs and NICs under them; devices under no
// switch hang off their socket's root complex (or NVLink-C2C for GPUs of
// Grace platforms). Every server of the model is stamped from it
// (stamp): a model's internals are worked out once, not once per server
// (issue 16).
func (s *state) buildTemplate(m *lang.NodeModel, plan *hwPlan) *serverTemplate {
	g := &ir.Graph{}
	const name = "" // node names are suffixes of the server's name
	host := ir.NewNode(name, ir.KindHost)
	host.SetModel(m.Name)
	host.SetRole(ir.RoleServer)
	sv := builtServer{id: g.AddNode(host), nics: map[string][]ir.NodeID{}}
	add := func(n ir.Node) ir.NodeID {
		n.Parent = sv.id
		return g.AddNode(n)
	}
	link := func(a, b ir.NodeID, ap, bp int32, bps float64, kind ir.LinkKind) {
		g.AddLink(ir.Link{A: ir.Port{Node: a, Port: ap}, B: ir.Port{Node: b, Port: bp}, CapacityBPS: bps, Kind: kind, Fabric: ir.None})
	}
	sockets := int(max(1, cpuField(m, func(c *lang.CPUSpec) int64 { return c.Sockets.V })))
	cpus := make([]ir.NodeID, sockets)
	for i := range cpus {
		n := ir.NewNode(name+"/"+gen.Indexed("cpu", i, sockets), ir.KindCPU)
		if m.CPU != nil {
			n.SetModel(m.CPU.Model.V)
		}
		cpus[i] = add(n)
	}
	if m.CPU != nil {
		if bps, _, ok := interSocketBPS(m.CPU); ok {
			for i := 1; i < sockets; i++ {
				link(cpus[i-1], cpus[i], 0, 0, bps, ir.LinkCPUCPU)
			}
		}
	}
	gm := s.cat.gpus[m.GPU.V]
	nGPU := int(m.GPUs.V)
	for i := 0; i < nGPU; i++ {
		n := ir.NewNode(name+"/"+gen.Indexed("gpu", i, nGPU), ir.KindGPU)
		n.SetModel(m.GPU.V)
		sv.gpus = append(sv.gpus, add(n))
	}
	nSw := int(m.NVSwitches.V)
	if nSw > 0 && gm != nil {
		split := splitLinks(int(gm.NVLinkLinks.V), m.NVLinkPerSwitch.V, nSw)
		sws := make([]ir.NodeID, nSw)
		for j := range sws {
			n := ir.NewNode(name+"/"+gen.Indexed("nvswitch", j, nSw), ir.KindNVSwitch)
			n.SetTier("nvswitch")
			sws[j] = add(n)
		}
		// A bundle takes a contiguous port range on each side and records
		// its first port: GPU ports run over the switches in order, each
		// switch's ports over the GPUs in order, as when every physical
		// link was its own IR link.
		swPort := make([]int32, nSw)
		for _, gpu := range sv.gpus {
			port := int32(0)
			for j, k := range split {
				if k <= 0 {
					continue
				}
				g.AddLink(ir.Link{A: ir.Port{Node: gpu, Port: port}, B: ir.Port{Node: sws[j], Port: swPort[j]},
					CapacityBPS: float64(k) * gm.NVLinkRate.V, Kind: ir.LinkNVLink, Fabric: ir.None, Parallel: int32(k)})
				port += int32(k)
				swPort[j] += int32(k)
			}
		}
	}
	if len(m.NVLinkPeers) > 0 && gm != nil {
		addNVLinkPeers(g, m, gm, sv.gpus, make([]int32, nGPU))
	}
	for _, spec := range m.NICs {
		nm := s.cat.nics[spec.Model.V]
		for i := 0; i < int(spec.Count.V); i++ {
			base := "nic"
			if ir.Role(spec.Role) != ir.RoleCompute {
				base = spec.Role
			}
			n := ir.NewNode(name+"/"+gen.Indexed(base, i, int(spec.Count.V)), ir.KindNIC)
			n.Radix, n.Rail = 1, int32(i)
			n.SetModel(spec.Model.V)
			n.SetRole(ir.Role(spec.Role))
			if nm != nil {
				n.Radix, n.PortRateBPS = int32(max(nm.Ports.V, 1)), nm.PortRate.V
			}
			sv.nics[spec.Role] = append(sv.nics[spec.Role], add(n))
		}
	}
	s.wirePCIe(sv, m, plan, cpus, gm, add, link)
	return newTemplate(g, sv)
}

// cpuField reads a CPU spec field, 0 without a cpu block.
func cpuField(m *lang.NodeModel, f func(*lang.CPUSpec) int64) int64 {
	if m.CPU == nil {
		return 0
	}
	return f(m.CPU)
}

// splitLinks returns the NVLink links from one GPU to each of n switches:
// the explicit split, or links/n with the remainder on the first switches.
func splitLinks(links int, explicit []int64, n int) []int {
	out := make([]int, n)
	if len(explicit) == n {
		for i, v := range explicit {
			out[i] = int(v)
		}
		return out
	}
	for i := range out {
		out[i] = links / n
		if i < links%n {
			out[i]++
		}
	}
	return out
}

// wirePCIe links the server's PCIe tree as planned: each switch to its
// parent switch or its NUMA domain's socket, each GPU and NIC to its switch
// or socket (GPUs of Grace platforms by NVLink-C2C). A link runs at the
// lower of the two ends' PCIe rates; gpu_pci and nic pci blocks override
// the device model's generation and width.
func (s *state) wirePCIe(sv builtServer, m *lang.NodeModel, plan *hwPlan, cpus []ir.NodeID, gm *lang.GPUModel,
	add func(ir.Node) ir.NodeID, link func(a, b ir.NodeID, ap, bp int32, bps float64, kind ir.LinkKind)) {
	const name = "" // template node names are suffixes
	override := pcieOverride
	gpuRate := func() float64 {
		if gm == nil {
			return override(m.GPUPCI, 0, 0)
		}
		return override(m.GPUPCI, gm.PCIeGen.V, gm.PCIeWidth.V)
	}
	nicRate := func(spec *lang.NICSpec) float64 {
		if nm := s.cat.nics[spec.Model.V]; nm != nil {
			return override(spec.PCI, nm.PCIeGen.V, nm.PCIeWidth.V)
		}
		return override(spec.PCI, 0, 0)
	}
	// Links are added switch by switch (uplink, then its GPUs and NICs in
	// the order the block lists them), then the devices under no switch:
	// the graph's link order is part of its byte-identical output.
	sws := make([]ir.NodeID, len(m.PCIeSwitches))
	rates := make([]float64, len(m.PCIeSwitches))
	ports := make([]int32, len(m.PCIeSwitches))
	nicSpec := map[string]*lang.NICSpec{}
	for _, spec := range m.NICs {
		nicSpec[spec.Role] = spec
	}
	for i, p := range m.PCIeSwitches {
		sws[i] = add(ir.NewNode(name+"/"+gen.Indexed("pcie", i, len(m.PCIeSwitches)), ir.KindPCIeSwitch))
		rates[i] = pcieRateBPS(p.Gen.V, p.Width.V)
		ports[i] = 1
		if p.HW.Parent.Set {
			up := int(p.HW.Parent.V)
			link(sws[i], sws[up], 0, ports[up], minNonzero(rates[i], rates[up]), ir.LinkPCIe)
			ports[up]++
		} else {
			link(sws[i], cpus[plan.socketOf(plan.switchNUMA[i])%len(cpus)], 0, 0, rates[i], ir.LinkPCIe)
		}
		for _, gi := range p.GPUs.V {
			link(sv.gpus[gi], sws[i], -1, ports[i], minNonzero(rates[i], gpuRate()), ir.LinkPCIe)
			ports[i]++
		}
		for _, at := range plan.switchNICs[i] {
			link(sv.nics[at.role][at.idx], sws[i], -1, ports[i], minNonzero(rates[i], nicRate(nicSpec[at.role])), ir.LinkPCIe)
			ports[i]++
		}
	}
	c2c := m.CPU != nil && m.CPU.GPULink.V == "c2c"
	for i, gpu := range sv.gpus {
		if plan.gpuSwitch[i] >= 0 {
			continue
		}
		socket := cpus[plan.socketOf(plan.gpuNUMA[i])%len(cpus)]
		if c2c {
			link(gpu, socket, -1, 0, m.CPU.C2CRate.V, ir.LinkC2C)
		} else {
			link(gpu, socket, -1, 0, gpuRate(), ir.LinkPCIe)
		}
	}
	for _, spec := range m.NICs {
		for i, nic := range sv.nics[spec.Role] {
			if plan.nicSwitch[spec.Role][i] >= 0 {
				continue
			}
			link(nic, cpus[plan.socketOf(plan.nicNUMA[spec.Role][i])%len(cpus)], -1, 0, nicRate(spec), ir.LinkPCIe)
		}
	}
}

func minNonzero(a, b float64) float64 {
	switch {
	case a == 0:
		return b
	case b == 0:
		return a
	}
	return min(a, b)
}
