package compiler

import (
	"fmt"
	"regexp"
	"slices"
	"sort"
	"strconv"

	"github.com/hashicorp/hcl/v2"

	"github.com/topoc/topoc/compiler/ir"
	"github.com/topoc/topoc/lang"
	"github.com/topoc/topoc/lang/diag"
)

// compileWorkloads resolves every workload block into an ir.Workload: its
// pool of GPUs (or implicit hosts) narrowed to the named servers and
// units, its scale-out fabric, placement, parallelism and collectives
// with their defaults. Choosing ranks from the pool is the congestion
// analyzer's job (it also places smaller copies for the scaling table).
func compileWorkloads(s *state) {
	if len(s.cfg.Workloads) == 0 {
		return
	}
	adj := s.g.Adjacency()
	facts := s.switchFacts()
	for _, w := range s.cfg.Workloads {
		if wl, ok := s.compileWorkload(w, adj); ok {
			wl.Switches = facts
			s.g.Workloads = append(s.g.Workloads, wl)
		}
	}
}

func (s *state) compileWorkload(w *lang.Workload, adj ir.Adjacency) (ir.Workload, bool) {
	wl := ir.Workload{Name: w.Name, Fabric: ir.None, Origin: s.g.Origin(w.DeclRange)}
	if len(w.GPUs) == 0 {
		return wl, false
	}
	var pool []ir.NodeID
	hostFabric := ir.FabricID(ir.None)
	groups := map[string]bool{}
	for _, r := range w.GPUs {
		if len(w.GPUs) > 1 && (len(r.Parts) != 3 || r.Parts[0] != "node_group") {
			s.diags = append(s.diags, diag.Error(diag.WorkloadPlacement, r.Range, "Invalid GPU reference",
				fmt.Sprintf("A list of gpus names node groups only (node_group.<name>.gpus); %s stands alone.", r)))
			return wl, false
		}
		if len(r.Parts) == 3 && groups[r.Parts[1]] {
			s.diags = append(s.diags, diag.Error(diag.DuplicateName, r.Range, "Node group listed twice",
				fmt.Sprintf("node_group %q is already in the pool of workload %q; list each group once.", r.Parts[1], w.Name)))
			return wl, false
		}
		if len(r.Parts) == 3 {
			groups[r.Parts[1]] = true
		}
		part, hf, ok := s.workloadPool(r)
		if !ok {
			return wl, false
		}
		pool, hostFabric = append(pool, part...), hf
	}
	ok := true
	if pool, ok = s.narrowByNodes(w, pool); !ok {
		return wl, false
	}
	if pool, ok = s.narrowByUnits(w, pool); !ok {
		return wl, false
	}
	if len(pool) == 0 {
		s.diags = append(s.diags, diag.Error(diag.WorkloadPlacement, w.DeclRange, "Empty workload",
			fmt.Sprintf("Workload %q has no GPUs left after applying nodes and units; check their names.", w.Name)))
		return wl, false
	}
	wl.Pool = pool
	wl.Placement = ir.Placement{Strategy: ir.PlacePacked, Count: len(pool), Seed: 1}
	if w.Placement.Set {
		wl.Placement.Strategy = w.Placement.V
	}
	if w.Seed.Set {
		wl.Placement.Seed = uint64(w.Seed.V)
	}
	if w.GPUCount.Set {
		if int(w.GPUCount.V) > len(pool) {
			s.diags = append(s.diags, diag.Error(diag.WorkloadPlacement, w.GPUCount.Range, "Not enough GPUs",
				fmt.Sprintf("gpu_count is %d but the pool of workload %q holds %d; lower gpu_count or widen gpus, nodes or units.", w.GPUCount.V, w.Name, len(pool))))
			return wl, false
		}
		wl.Placement.Count = int(w.GPUCount.V)
	}
	if wl.Fabric, ok = s.workloadFabric(w, pool, hostFabric); !ok {
		return wl, false
	}
	wl.Routing = s.defaultRouting(w, wl.Fabric)
	if wl.Parallelism, ok = s.parallelism(w, wl.Placement.Count); !ok {
		return wl, false
	}
	wl.ComputeTimeS = w.ComputeTime.V
	wl.NVLS = s.nvlsCapable(pool, adj)
	if w.Model != nil && !s.deriveFromModel(w, &wl) {
		return wl, false
	}
	for _, c := range w.Collectives {
		col, ok := s.collective(w, c, wl)
		if !ok {
			return wl, false
		}
		wl.Collectives = append(wl.Collectives, col)
	}
	if !s.deriveLevers(w, &wl) {
		return wl, false
	}
	return wl, true
}

// workloadPool resolves the gpus reference: node_group.<g>.gpus (every
// GPU of the group, server by server) or fabric.<f>.endpoints (the
// fabric's endpoint nodes when they are implicit hosts or GPUs). For the
// latter it also returns the fabric, which then carries the traffic.
func (s *state) workloadPool(r *lang.Ref) ([]ir.NodeID, ir.FabricID, bool) {
	bad := func(detail string) ([]ir.NodeID, ir.FabricID, bool) {
		s.diags = append(s.diags, diag.Error(diag.WorkloadPlacement, r.Range, "Invalid GPU reference", detail))
		return nil, ir.None, false
	}
	switch {
	case len(r.Parts) == 3 && r.Parts[0] == "node_group" && r.Parts[2] == "gpus":
		sg, ok := s.group(r, r.Parts[1])
		if !ok {
			return nil, ir.None, false
		}
		out := sg.gpuIDs()
		if len(out) == 0 {
			return bad(fmt.Sprintf("node_group %q has no GPUs (its node model declares none).", r.Parts[1]))
		}
		return out, ir.None, true
	case len(r.Parts) == 3 && r.Parts[0] == "fabric" && r.Parts[2] == "endpoints":
		for fid, f := range s.g.Fabrics {
			if f.Name != r.Parts[1] {
				continue
			}
			var out []ir.NodeID
			seen := map[ir.NodeID]bool{}
			for _, e := range f.Endpoints {
				n := s.g.Nodes[e.Node]
				if n.Kind != ir.KindHost && n.Kind != ir.KindGPU {
					return bad(fmt.Sprintf("The endpoints of fabric %q are %s ports of servers; name the servers' GPUs instead (node_group.<name>.gpus).", f.Name, n.Kind))
				}
				if n.RoleName() != ir.RoleNone && n.RoleName() != ir.RoleCompute && n.Kind == ir.KindHost {
					continue // appliances (UFM, storage) run no ranks
				}
				if !seen[e.Node] {
					seen[e.Node] = true
					out = append(out, e.Node)
				}
			}
			return out, ir.FabricID(fid), true
		}
		names := make([]string, len(s.g.Fabrics))
		for i, f := range s.g.Fabrics {
			names[i] = f.Name
		}
		sort.Strings(names)
		s.diags = append(s.diags, s.unknownFabric(r.Parts[1], r.Range, names))
		return nil, ir.None, false
	}
	return bad(fmt.Sprintf("%s is not a GPU list; write node_group.<name>.gpus, or fabric.<name>.endpoints for a fabric of implicit hosts or an nvlink_domain.", r))
}

// serverOf returns the server a pool node belongs to: its parent, or the
// node itself for implicit hosts and parentless GPUs.
func (s *state) serverOf(n ir.NodeID) ir.NodeID {
	if p := s.g.Nodes[n].Parent; p != ir.None {
		return p
	}
	return n
}

func (s *state) narrowByNodes(w *lang.Workload, pool []ir.NodeID) ([]ir.NodeID, bool) {
	if !w.Nodes.Set {
		return pool, true
	}
	byName := map[string]ir.NodeID{}
	for _, n := range pool {
		sv := s.serverOf(n)
		byName[s.g.Nodes[sv].Name] = sv
	}
	want := map[ir.NodeID]bool{}
	for _, name := range w.Nodes.V {
		sv, ok := byName[name]
		if !ok {
			s.diags = append(s.diags, unknownServer(name, w.Nodes.Range, keys(byName)))
			return nil, false
		}
		want[sv] = true
	}
	var out []ir.NodeID
	for _, n := range pool {
		if want[s.serverOf(n)] {
			out = append(out, n)
		}
	}
	return out, true
}

func unknownServer(name string, rng hcl.Range, known []string) *hcl.Diagnostic {
	detail := fmt.Sprintf("The workload's GPUs include no server named %q.", name)
	if sug := suggest(name, known); sug != "" {
		detail += fmt.Sprintf(" Did you mean %q?", sug)
	}
	return diag.Error(diag.WorkloadPlacement, rng, "Unknown server", detail)
}

// unitRef matches a unit reference such as "su0" or "pod12".
var unitRef = regexp.MustCompile(`^([A-Za-z_]+?)([0-9]+)$`)

// narrowByUnits keeps the pool nodes whose server lies in one of the
// named units. A server is in unit "<u><i>" when it (or the pool node)
// carries that unit label (fat-tree pods, dragonfly groups), or when a
// fabric that its NICs attach to groups servers into units of
// servers_per_<u> and the server's ordinal in that fabric falls in unit i
// (the Clos generator's numbering).
func (s *state) narrowByUnits(w *lang.Workload, pool []ir.NodeID) ([]ir.NodeID, bool) {
	if !w.Units.Set {
		return pool, true
	}
	type unit struct {
		name string
		idx  int64
	}
	want := map[unit]bool{}
	for _, u := range w.Units.V {
		m := unitRef.FindStringSubmatch(u)
		if m == nil {
			s.diags = append(s.diags, diag.Error(diag.WorkloadPlacement, w.Units.Range, "Invalid unit",
				fmt.Sprintf("%q is not a unit; write the unit's name and index, such as \"su0\" or \"pod3\".", u)))
			return nil, false
		}
		i, _ := strconv.ParseInt(m[2], 10, 64)
		want[unit{m[1], i}] = true
	}
	// ordinal[f][server] is the server's index among fabric f's servers.
	ordinal := make([]map[ir.NodeID]int64, len(s.g.Fabrics))
	for fid, f := range s.g.Fabrics {
		ordinal[fid] = map[ir.NodeID]int64{}
		for _, e := range f.Endpoints {
			sv := s.g.Nodes[e.Node].Parent
			if sv == ir.None {
				continue
			}
			if _, ok := ordinal[fid][sv]; !ok {
				ordinal[fid][sv] = int64(len(ordinal[fid]))
			}
		}
	}
	in := func(n ir.NodeID) bool {
		sv := s.serverOf(n)
		for _, x := range []ir.NodeID{n, sv} {
			if nd := s.g.Nodes[x]; nd.UnitName() != "" && want[unit{nd.UnitName(), int64(nd.UnitIndex)}] {
				return true
			}
		}
		for u := range want {
			for fid, f := range s.g.Fabrics {
				per, ok := f.Param("servers_per_" + u.name)
				if ord, has := ordinal[fid][sv]; ok && has && per > 0 && ord/per == u.idx {
					return true
				}
			}
		}
		return false
	}
	var out []ir.NodeID
	for _, n := range pool {
		if in(n) {
			out = append(out, n)
		}
	}
	if len(out) == 0 {
		s.diags = append(s.diags, diag.Error(diag.WorkloadPlacement, w.Units.Range, "No servers in these units",
			fmt.Sprintf("No GPU of workload %q lies in %v; unit names follow the fabric's unit blocks (unit \"su\" gives su0, su1, ...).", w.Name, w.Units.V)))
		return nil, false
	}
	return out, true
}

// workloadFabric resolves the fabric argument, or finds the one scale-out
// fabric that the pool's compute NICs attach to.
func (s *state) workloadFabric(w *lang.Workload, pool []ir.NodeID, hostFabric ir.FabricID) (ir.FabricID, bool) {
	if w.Fabric.Set {
		for fid, f := range s.g.Fabrics {
			if f.Name != w.Fabric.V {
				continue
			}
			if f.Family == ir.FamilyNVLinkDomain {
				s.diags = append(s.diags, diag.Error(diag.WorkloadFabric, w.Fabric.Range, "Not a scale-out fabric",
					fmt.Sprintf("Fabric %q is an nvlink_domain: the workload routes NVLink traffic over it already. Name the fabric that joins the servers' NICs, or omit fabric.", f.Name)))
				return ir.None, false
			}
			return ir.FabricID(fid), true
		}
		names := make([]string, len(s.g.Fabrics))
		for i, f := range s.g.Fabrics {
			names[i] = f.Name
		}
		sort.Strings(names)
		detail := fmt.Sprintf("No fabric named %q is declared in the design.", w.Fabric.V)
		if sug := suggest(w.Fabric.V, names); sug != "" {
			detail += fmt.Sprintf(" Did you mean %q?", sug)
		} else if len(names) > 0 {
			detail += fmt.Sprintf(" Fabrics: %s.", quotedList(names))
		} else {
			detail += " Declare the fabric that joins the servers' NICs, or remove fabric."
		}
		s.diags = append(s.diags, diag.Error(diag.WorkloadFabric, w.Fabric.Range, "Unknown fabric", detail))
		return ir.None, false
	}
	if hostFabric != ir.None && s.g.Fabrics[hostFabric].Family != ir.FamilyNVLinkDomain {
		return hostFabric, true
	}
	// Fabrics reached by the compute NICs of the pool's servers.
	seen := map[ir.FabricID]bool{}
	var found []ir.FabricID
	servers := map[ir.NodeID]bool{}
	for _, n := range pool {
		servers[s.serverOf(n)] = true
	}
	for i := range s.g.Nodes {
		n := &s.g.Nodes[i]
		if n.Kind != ir.KindNIC || n.RoleName() != ir.RoleCompute || !servers[n.Parent] {
			continue
		}
		for _, f := range n.FabricIDs() {
			if s.g.Fabrics[f].Family != ir.FamilyNVLinkDomain && !seen[f] {
				seen[f] = true
				found = append(found, f)
			}
		}
	}
	sort.Slice(found, func(i, j int) bool { return found[i] < found[j] })
	if f, ok := s.oneFabric(found); ok {
		return f, true
	}
	switch len(found) {
	case 0:
		return ir.None, true
	case 1:
		return found[0], true
	}
	var names []string
	for _, f := range found {
		names = append(names, s.g.Fabrics[f].Name)
	}
	s.diags = append(s.diags, diag.Error(diag.WorkloadFabric, w.DeclRange, "Which fabric?",
		fmt.Sprintf("The GPUs of workload %q reach fabrics %v; set fabric = \"<name>\" to choose the one that carries its collectives.", w.Name, names)))
	return ir.None, false
}

// parallelism applies the defaults (tensor, pipeline, expert, context
// 1; data the rest) and checks that the sizes multiply to the GPU count.
func (s *state) parallelism(w *lang.Workload, n int) (ir.Parallelism, bool) {
	p := ir.Parallelism{Data: 0, Tensor: 1, Pipeline: 1, Expert: 1, Context: 1}
	rng := w.DeclRange
	if w.Parallelism != nil {
		rng = w.Parallelism.DeclRange
		set := func(v lang.Val[int64], dst *int) {
			if v.Set {
				*dst = int(v.V)
			}
		}
		set(w.Parallelism.Tensor, &p.Tensor)
		set(w.Parallelism.Pipeline, &p.Pipeline)
		set(w.Parallelism.Expert, &p.Expert)
		set(w.Parallelism.Context, &p.Context)
		set(w.Parallelism.Data, &p.Data)
		if w.Parallelism.Order.Set {
			p.Order = w.Parallelism.Order.V
		}
	}
	if p.Tensor < 1 || p.Pipeline < 1 || p.Expert < 1 || p.Context < 1 || p.Data < 0 {
		return p, false // lang reported it
	}
	// model is the ranks of one model replica: tensor × pipeline, ×
	// context where the job splits its sequences.
	model, names, sizes := p.Tensor*p.Pipeline, "tensor × pipeline", fmt.Sprintf("%d × %d", p.Tensor, p.Pipeline)
	if p.Context > 1 {
		model, names, sizes = model*p.Context, names+" × context", sizes+fmt.Sprintf(" × %d", p.Context)
	}
	if p.Data == 0 {
		if n%model != 0 {
			s.diags = append(s.diags, diag.Error(diag.WorkloadParallelism, rng, "GPUs do not divide into groups",
				fmt.Sprintf("Workload %q has %d GPUs, which %s = %s does not divide; change gpu_count or the group sizes.", w.Name, n, names, sizes)))
			return p, false
		}
		p.Data = n / model
	}
	if p.Data*model != n {
		s.diags = append(s.diags, diag.Error(diag.WorkloadParallelism, rng, "Group sizes do not match the GPU count",
			fmt.Sprintf("data × %s = %d × %s = %d, but workload %q has %d GPUs; make them agree (or omit data).", names, p.Data, sizes, p.Data*model, w.Name, n)))
		return p, false
	}
	if p.Data%p.Expert != 0 {
		s.diags = append(s.diags, diag.Error(diag.WorkloadParallelism, w.Parallelism.Expert.Range, "expert does not divide data",
			fmt.Sprintf("Expert-parallel groups split each data-parallel group of %d ranks into groups of %d; choose an expert size that divides %d.", p.Data, p.Expert, p.Data)))
		return p, false
	}
	if p.Order != "" {
		// Dimensions the order leaves out must be of size 1: where one
		// of more ranks sits decides every group's ranks.
		full, missing := lang.CompleteOrder(p.Order)
		size := map[string]int{"tp": p.Tensor, "cp": p.Context, "dp": p.Data, "pp": p.Pipeline}
		for _, d := range missing {
			if size[d] > 1 {
				s.diags = append(s.diags, diag.Error(diag.WorkloadParallelism, w.Parallelism.Order.Range, "Order leaves out a dimension",
					fmt.Sprintf("Workload %q: order %q leaves out %s, whose size is %d; only dimensions of size 1 may be left out. Name it where its ranks go, fastest first.", w.Name, p.Order, d, size[d])))
				return p, false
			}
		}
		p.Order = full
	}
	return p, true
}

// collective applies the defaults of one collective block and checks what
// depends on the fabric and parts.
func (s *state) collective(w *lang.Workload, c *lang.Collective, wl ir.Workload) (ir.Collective, bool) {
	col := ir.Collective{Name: c.Name, Op: c.Op.V, Algorithm: c.Algorithm.V, SizeBytes: c.Size.V,
		Group: c.Group.V, Order: c.Order.V, Routing: c.Routing.V, Path: c.Path.V,
		FlowsPerPair: int(c.FlowsPerPair.V), Seed: uint64(c.Seed.V), PerStep: float64(c.PerStep.V),
		Direction: c.Direction.V, Origin: s.g.Origin(c.DeclRange)}
	def := func(v *string, d string) {
		if *v == "" {
			*v = d
		}
	}
	switch col.Op {
	case ir.OpAllReduce, ir.OpAllGather, ir.OpReduceScatter:
		def(&col.Algorithm, "ring")
	default:
		def(&col.Algorithm, "direct")
	}
	switch {
	case col.Op == ir.OpSendRecv:
		def(&col.Group, "pipeline")
	case col.Op == ir.OpAllToAll && wl.Parallelism.Expert > 1:
		def(&col.Group, "expert")
	default:
		def(&col.Group, "data")
	}
	def(&col.Order, "rail_aware")
	def(&col.Routing, wl.Routing)
	def(&col.Path, "minimal")
	def(&col.Direction, "both")
	if col.FlowsPerPair == 0 {
		col.FlowsPerPair = 1
	}
	if !c.Seed.Set {
		col.Seed = 1
	}
	if col.PerStep == 0 {
		col.PerStep = 1
	}
	if col.Path != "minimal" && (wl.Fabric == ir.None || s.g.Fabrics[wl.Fabric].Family != ir.FamilyDragonfly) {
		s.diags = append(s.diags, diag.Error(diag.WorkloadAlgorithm, c.Path.Range, "Non-minimal paths need a dragonfly",
			fmt.Sprintf("path = %q routes through an intermediate dragonfly group; the fabric of workload %q is not a dragonfly. Use path = \"minimal\".", col.Path, w.Name)))
		return col, false
	}
	if col.Algorithm == "nvls" && !wl.NVLS {
		s.diags = append(s.diags, diag.Error(diag.WorkloadAlgorithm, c.Algorithm.Range, "No NVLink SHARP",
			fmt.Sprintf("algorithm = \"nvls\" reduces inside NVSwitches; the GPUs of workload %q have no NVLS-capable NVSwitch (sharp = true, or in-server NVSwitches with Hopper or later GPUs). Use \"ring\" or \"tree\".", w.Name)))
		return col, false
	}
	return col, true
}

// nvlsCapable reports whether every pool GPU has NVSwitch neighbours that
// do NVLink SHARP: a switch model with sharp = true, or an unnamed
// in-server NVSwitch next to a GPU of compute capability 9.0 or later
// (NCCL env.rst: NVLS needs NVSwitch systems with Hopper or later).
func (s *state) nvlsCapable(pool []ir.NodeID, adj ir.Adjacency) bool {
	// Per model, not per GPU and link: a pool is tens of thousands of
	// GPUs of one or two models.
	hopperOf := map[string]bool{}
	sharpOf := map[string]int8{} // 1: a catalogued SHARP model, -1: catalogued without, 0: not catalogued
	for _, n := range pool {
		gpu := &s.g.Nodes[n]
		if gpu.Kind != ir.KindGPU {
			return false
		}
		hopper, seen := hopperOf[gpu.ModelName()]
		if !seen {
			if m, ok := s.cat.gpus[gpu.ModelName()]; ok {
				cc, _ := strconv.ParseFloat(m.ComputeCapability.V, 64)
				hopper = cc >= 9
			}
			hopperOf[gpu.ModelName()] = hopper
		}
		switches := 0
		for _, l := range adj.Of(n) {
			o := &s.g.Nodes[s.g.Link(l).Other(n)]
			if o.Kind != ir.KindNVSwitch {
				continue
			}
			switches++
			sharp, seen := sharpOf[o.ModelName()]
			if !seen {
				if m, ok := s.cat.switches[o.ModelName()]; ok && o.ModelName() != "" {
					sharp = -1
					if m.SHARP.V {
						sharp = 1
					}
				}
				sharpOf[o.ModelName()] = sharp
			}
			if sharp < 0 || sharp == 0 && !hopper {
				return false
			}
		}
		if switches == 0 {
			return false
		}
	}
	return true
}

// switchFacts lists the latency and SHARP support of every switch model
// that a switch of the graph uses, sorted by name.
func (s *state) switchFacts() []ir.SwitchFacts {
	seen := map[string]bool{}
	var out []ir.SwitchFacts
	for i := range s.g.Nodes {
		n := &s.g.Nodes[i]
		if !n.Kind.IsSwitch() || n.ModelName() == "" || seen[n.ModelName()] {
			continue
		}
		seen[n.ModelName()] = true
		if m, ok := s.cat.switches[n.ModelName()]; ok {
			out = append(out, ir.SwitchFacts{Model: m.Name, LatencyS: m.LatencyS.V, SHARP: m.SHARP.V})
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Model < out[j].Model })
	return out
}

// oneFabric picks, among the fabrics a workload's GPUs reach, the one
// that carries it when composites are among them: the only fabric that is
// not a composite, or else the only composite whose members include all
// the others (the GPUs span its zones).
func (s *state) oneFabric(found []ir.FabricID) (ir.FabricID, bool) {
	var plain, comp []ir.FabricID
	for _, f := range found {
		if s.g.Fabrics[f].Composite() {
			comp = append(comp, f)
		} else {
			plain = append(plain, f)
		}
	}
	if len(comp) == 0 {
		return ir.None, false
	}
	if len(plain) == 1 {
		return plain[0], true
	}
	var covering []ir.FabricID
	for _, c := range comp {
		if !slices.ContainsFunc(plain, func(f ir.FabricID) bool { return !slices.Contains(s.g.Fabrics[c].Members, f) }) {
			covering = append(covering, c)
		}
	}
	if len(covering) == 1 {
		return covering[0], true
	}
	return ir.None, false
}

// defaultRouting is the routing of w's collectives that name none: w's
// routing argument, else "pinned" on a fabric whose switches are all
// InfiniBand (the subnet manager programs one output port per
// destination LID in every switch's linear forwarding table, InfiniBand
// Architecture Specification, Volume 1, so the queue pairs to one
// destination share its path; per-flow hashing is Ethernet's), else
// "ecmp" (RoCE's UDP source-port hashing). A trial's InfiniBand fabric
// read its gradient AllReduce twice as slow under per-QP hashing as
// under the forwarding tables it runs on.
func (s *state) defaultRouting(w *lang.Workload, fab ir.FabricID) string {
	if w.Routing.Set {
		return w.Routing.V
	}
	if fab == ir.None {
		return "ecmp"
	}
	ib := false
	for i := range s.g.Nodes {
		n := &s.g.Nodes[i]
		if !n.Kind.IsSwitch() || n.Parent != ir.None || !slices.Contains(n.FabricIDs(), fab) {
			continue
		}
		m := s.cat.switches[n.ModelName()]
		if m == nil || !m.Protocol.Set || m.Protocol.V != "infiniband" {
			return "ecmp"
		}
		ib = true
	}
	if ib {
		return "pinned"
	}
	return "ecmp"
}
