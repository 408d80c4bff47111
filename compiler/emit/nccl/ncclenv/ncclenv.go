// Package ncclenv writes, per node model, the NCCL environment that makes
// NCCL take the paths topoc's analysis assumed (`topoc build --emit
// nccl-env`), and checks a user's environment file against the design
// (`topoc nccl env --check`). Each setting says why, from the design and
// NCCL's documentation (NCCL 2.30 user guide, "Environment Variables",
// docs/nccl.md):
//
//   - NCCL_IB_HCA: the compute NICs only, exact names ("=" prefix) in rail
//     order, port 1 of each RDMA device. Without "=", each entry is a
//     prefix, so "mlx5_1" also selects mlx5_10 … mlx5_19; storage and
//     front-end NICs in the list let NCCL stripe training traffic onto
//     the wrong network (nodes.md §2: OCI lists its 16 compute HCAs only).
//   - NCCL_CROSS_NIC=0 where the fabric's rails or planes meet only inside
//     the servers (server_transit): a ring or tree that changed NIC
//     between nodes would have no path. Elsewhere NCCL's default (2: the
//     same NIC when it can) suits a rail-optimized fabric.
//   - NCCL_TOPO_FILE where topoc writes a topology file for the model
//     (`--emit nccl`), at /etc/nccl/<model>.xml, where the file says to
//     install it.
//   - NCCL_NET_GDR_LEVEL is left at NCCL's default; the file says for
//     which GPUs the design's PCIe paths let GPUDirect RDMA run, and for
//     which NCCL stages through host memory.
package ncclenv

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/topoc/topoc/compiler/emit"
	"github.com/topoc/topoc/compiler/emit/nccl"
	"github.com/topoc/topoc/compiler/ir"
)

// TopoDir is where the environment file points NCCL_TOPO_FILE: the
// directory the file asks the operator to install topoc's topology files
// in. A deployment convention of topoc's, not NCCL's (NCCL has no default
// directory; its one default file is /var/run/nvidia-topologyd/
// virtualTopology.xml, nccl-topo-xml.md §1).
const TopoDir = "/etc/nccl"

// Emitter is the "nccl-env" back end of `topoc build`: nccl/<model>.env
// for every node model a node group uses, in the KEY=VALUE form of
// /etc/nccl.conf and NCCL_CONF_FILE (NCCL 2.23 and later), which a shell
// can also source with set -a (its variables must be exported to reach
// NCCL).
var Emitter = &emit.Emitter{
	Name: "nccl-env",
	Doc:  "NCCL environment per node model (NCCL_IB_HCA, NCCL_CROSS_NIC, NCCL_SOCKET_IFNAME, NCCL_TOPO_FILE), each setting with why",
	Emit: emitAll,
}

func emitAll(in *emit.Input) ([]emit.Artifact, error) {
	var arts []emit.Artifact
	for i := range in.Graph.ServerModels {
		sm := &in.Graph.ServerModels[i]
		d := Derive(in.Graph, sm)
		arts = append(arts, emit.Artifact{Path: "nccl/" + emit.SafeName(sm.Name) + ".env", Data: d.Text()})
	}
	return arts, nil
}

// Design is what the design says about one node model's NCCL
// environment.
type Design struct {
	// Model is the node model's name.
	Model string
	// Compute lists the compute NICs' RDMA device names in rail order
	// (NIC-major, one per port); nil when the model names none.
	Compute []string
	// Other lists the model's other named NICs (storage, front-end).
	Other []string
	// RailsOnlyInServers reports that a fabric the compute NICs attach to
	// joins its rails or planes only inside the servers.
	RailsOnlyInServers bool
	// TopoFile reports that `--emit nccl` writes a topology file for it.
	TopoFile bool
	// Paths are the GPUs' nearest compute NICs and path classes
	// (nccl.Paths), with the model's PCIe functions.
	Paths []nccl.GPUPath
	PCI   []ir.PCIFunction
	// ComputeIfs and OtherIfs are the Linux interface names of the
	// compute NICs' ports and of the other NICs' (the pci blocks'
	// interfaces), nil when the model names none. SocketIfs are those
	// NCCL's sockets belong on: the front-end NICs' (any role but compute
	// and storage), else the storage NICs' where no front-end one is
	// named; SocketRole says which ("front-end", "storage").
	ComputeIfs, OtherIfs, SocketIfs []string
	SocketRole                      string
	// ComputeProtocol is the compute NICs' protocol ("infiniband",
	// "ethernet"; g.Protocols of their NIC model), "" when unknown. An
	// Ethernet (RoCE) port has no IPoIB interface, so NCCL's default
	// socket choice, ib* first, does not find one there.
	ComputeProtocol string
	// GPUPeer and GPUPeerBest are the widest and the closest path class
	// between two GPUs of one server (NVL over NVLink; PCIe classes
	// otherwise; LOC with fewer than two GPUs): what NCCL_P2P_LEVEL must
	// allow for peer-to-peer between every pair, and between the closest.
	GPUPeer, GPUPeerBest ir.PathClass
	// PeerDomain says that the GPUs meet over an nvlink_domain fabric
	// (NVLink switch trays outside the server), not NVSwitches inside it.
	PeerDomain bool
	// P2PDefault is the peer-to-peer level NCCL takes with
	// NCCL_P2P_LEVEL unset (p2pDefault); LOC, the zero value, reads as
	// PXB (p2pLevel).
	P2PDefault ir.PathClass
}

// p2pLevel is d.P2PDefault, PXB where it is unset: NCCL's default is
// never LOC.
func (d Design) p2pLevel() ir.PathClass {
	if d.P2PDefault == ir.PathLOC {
		return ir.PathPXB
	}
	return d.P2PDefault
}

// p2pDefault is the GPU peer-to-peer level NCCL takes when neither
// NCCL_P2P_LEVEL nor NCCL_P2P_DISABLE is set, as ncclTopoCheckP2p
// decides it (src/graph/paths.cc, NCCL 2.28–2.30): PXB, so no
// peer-to-peer across a CPU host bridge; SYS on an x86 AMD host of at
// most two GPUs. The CPU is the model's first NUMA domain's (NCCL reads
// its first CPU node's); one of unknown vendor reads as PXB. NCCL counts
// the GPUs of the node it sees; the model's GPU count stands for them
// (a modelling assumption: every GPU of the server is visible).
func p2pDefault(sm *ir.ServerModel) ir.PathClass {
	gpus := 0
	for _, f := range sm.PCI {
		if f.Kind == ir.PCIGPU {
			gpus++
		}
	}
	if len(sm.NUMA) > 0 && sm.NUMA[0].Arch == "x86_64" && sm.NUMA[0].Vendor == "AuthenticAMD" && gpus <= 2 {
		return ir.PathSYS
	}
	return ir.PathPXB
}

// Derive reads model sm's NCCL facts from g.
func Derive(g *ir.Graph, sm *ir.ServerModel) Design {
	r := nccl.Build(g, sm) // its Paths, and whether `--emit nccl` writes a file
	d := Design{Model: sm.Name, Paths: r.Paths, PCI: sm.PCI, TopoFile: r.Tree != nil && len(r.Missing) == 0}
	for _, f := range sm.PCI {
		if f.Kind != ir.PCINIC {
			continue
		}
		if f.Role == ir.RoleCompute {
			d.Compute = append(d.Compute, f.NetNames...)
			d.ComputeIfs = append(d.ComputeIfs, f.Interfaces...)
		} else {
			d.Other = append(d.Other, f.NetNames...)
			d.OtherIfs = append(d.OtherIfs, f.Interfaces...)
			if f.Role != ir.RoleStorage {
				d.SocketIfs = append(d.SocketIfs, f.Interfaces...)
			}
		}
	}
	d.SocketRole = "front-end"
	if len(d.SocketIfs) == 0 && len(d.OtherIfs) > 0 {
		d.SocketIfs, d.SocketRole = d.OtherIfs, "storage" // where no front-end one is named
	}
	d.ComputeProtocol = computeProtocol(g, sm.Name)
	d.P2PDefault = p2pDefault(sm)
	d.RailsOnlyInServers = transitFabric(g, sm.Name)
	d.GPUPeerBest, d.GPUPeer, d.PeerDomain = gpuPeerClasses(g, sm)
	return d
}

// computeProtocol is the protocol of the first compute NIC of a server of
// model name in g (g.Protocols of its NIC model), "" when the model has
// none in g or its NIC model states none.
func computeProtocol(g *ir.Graph, name string) string {
	for i := range g.Nodes {
		n := &g.Nodes[i]
		if n.Kind == ir.KindNIC && n.RoleName() == ir.RoleCompute && n.Parent != ir.None && g.Nodes[n.Parent].ModelName() == name {
			return g.Protocols[n.ModelName()]
		}
	}
	return ""
}

// gpuPeerClasses returns the closest and the widest path class between
// two GPUs of a server of model sm (Internals.Path, NCCL's path search),
// read on the first such server: every server of a model is built
// alike. NVL when the GPUs have NVLink to NVSwitches, in the server or
// through an nvlink_domain fabric they all belong to (a GB200 tray's
// four GPUs meet over the rack's NVLink switch trays, which NCCL sees as
// NVL paths through its NVSwitch node; domain says so); LOC when no
// server has two GPUs.
func gpuPeerClasses(g *ir.Graph, sm *ir.ServerModel) (best, worst ir.PathClass, domain bool) {
	if sm.NVLinksPerGPU > 0 {
		return ir.PathNVL, ir.PathNVL, false
	}
	for i := range g.Nodes {
		n := &g.Nodes[i]
		if n.Kind != ir.KindHost || n.ModelName() != sm.Name || n.Parent != ir.None {
			continue
		}
		var gpus []ir.NodeID
		for _, c := range g.Children(ir.NodeID(i)) {
			if g.Nodes[c].Kind == ir.KindGPU {
				gpus = append(gpus, c)
			}
		}
		if len(gpus) < 2 {
			continue
		}
		if oneNVLinkDomain(g, gpus) {
			return ir.PathNVL, ir.PathNVL, true
		}
		in := g.InternalsOf([]ir.NodeID{ir.NodeID(i)})
		best, worst = ir.PathDIS, ir.PathLOC
		for a := range gpus {
			for b := a + 1; b < len(gpus); b++ {
				c := in.Path(gpus[a], gpus[b]).Class
				best, worst = min(best, c), max(worst, c)
			}
		}
		return best, worst, false
	}
	return ir.PathLOC, ir.PathLOC, false
}

// oneNVLinkDomain reports whether one nvlink_domain fabric holds every
// GPU of gpus.
func oneNVLinkDomain(g *ir.Graph, gpus []ir.NodeID) bool {
	for _, f := range g.Nodes[gpus[0]].FabricIDs() {
		if g.Fabrics[f].Family != ir.FamilyNVLinkDomain {
			continue
		}
		all := true
		for _, gpu := range gpus[1:] {
			all = all && slices.Contains(g.Nodes[gpu].FabricIDs(), f)
		}
		if all {
			return true
		}
	}
	return false
}

// transitFabric reports whether a fabric that the compute NICs of model
// name attach to has server transit (its rails or planes meet only in
// the servers).
func transitFabric(g *ir.Graph, model string) bool {
	for i := range g.Fabrics {
		f := &g.Fabrics[i]
		if f.Transit == 0 {
			continue
		}
		for _, e := range f.Endpoints {
			n := &g.Nodes[e.Node]
			if n.Kind == ir.KindNIC && n.Parent != ir.None && g.Nodes[n.Parent].ModelName() == model {
				return true
			}
		}
	}
	return false
}

// HCA is the NCCL_IB_HCA value the design calls for: exact names, port 1,
// in rail order ("" when the model names no compute NIC).
func (d Design) HCA() string {
	if len(d.Compute) == 0 {
		return ""
	}
	parts := make([]string, len(d.Compute))
	for i, n := range d.Compute {
		parts[i] = n + ":1"
	}
	return "=" + strings.Join(parts, ",")
}

// Text writes the environment file: comments saying why, then the
// settings.
func (d Design) Text() []byte {
	var b strings.Builder
	fmt.Fprintf(&b, "# NCCL environment for node model %q, written by topoc from the design.\n", d.Model)
	b.WriteString("# KEY=VALUE lines, as /etc/nccl.conf and NCCL_CONF_FILE (NCCL 2.23+) read them. A shell that sources it must\n")
	b.WriteString("# export them to reach NCCL: set -a; . FILE; set +a.\n")
	b.WriteString("# Check an edited copy with: topoc nccl env --check FILE DESIGN\n\n")
	if hca := d.HCA(); hca != "" {
		fmt.Fprintf(&b, "# The %d compute NICs in rail order (NIC i is rail i), exact names: without \"=\" each entry is a\n", len(d.Compute))
		b.WriteString("# prefix (\"mlx5_1\" also selects mlx5_10 ...). Storage and front-end NICs stay out.\n")
		fmt.Fprintf(&b, "NCCL_IB_HCA=%s\n\n", hca)
	} else {
		b.WriteString("# NCCL_IB_HCA: not written, the node model names no compute NIC devices (nic \"compute\" { pci { names } }).\n\n")
	}
	if d.RailsOnlyInServers {
		b.WriteString("# The fabric joins its rails (or planes) only inside the servers (server_transit): a ring or tree\n")
		b.WriteString("# must leave every node on the same NIC, or it has no path between nodes.\n")
		b.WriteString("NCCL_CROSS_NIC=0\n\n")
	} else {
		b.WriteString("# NCCL_CROSS_NIC: left at NCCL's default (2: the same NIC between nodes when it can), which suits\n")
		b.WriteString("# this fabric; set 0 only if its rails do not meet in the fabric.\n\n")
	}
	b.WriteString(d.socketIfname())
	if d.ComputeProtocol == "ethernet" {
		// The RoCE settings depend on the hosts' configuration, which a
		// design does not state; saying so beats leaving them unnamed.
		b.WriteString("# RoCE: NCCL_IB_GID_INDEX (the GID of the RoCE version and address family the fabric runs) and\n")
		b.WriteString("# NCCL_IB_TC (the traffic class of the lossless queue) follow the hosts' and switches' RoCE\n")
		b.WriteString("# configuration, which the design does not state: topoc neither sets nor checks them.\n\n")
	}
	b.WriteString(d.p2pComment())
	if d.TopoFile {
		fmt.Fprintf(&b, "# The topology file `topoc build --emit nccl` writes for this model (nccl/%s.xml); install it here.\n", emit.SafeName(d.Model))
		fmt.Fprintf(&b, "NCCL_TOPO_FILE=%s/%s.xml\n\n", TopoDir, emit.SafeName(d.Model))
	}
	b.WriteString(d.gdrComment())
	return []byte(b.String())
}

// socketIfname writes NCCL_SOCKET_IFNAME: the front-end NICs'
// interfaces where the model names them (Design.SocketIfs: else the
// storage NICs'), so that NCCL's bootstrap and out-of-band sockets stay
// off the compute rails (a modelling choice of topoc's: NCCL's default
// prefers ib* interfaces, then any but lo and docker*; NCCL 2.30 user
// guide, NCCL_SOCKET_IFNAME); else a comment. The leading "=" makes the
// names exact, as for NCCL_IB_HCA.
func (d Design) socketIfname() string {
	if len(d.SocketIfs) > 0 {
		whose := d.SocketRole
		if whose == "storage" {
			whose = "storage (the model names no front-end interface)"
		}
		return "# NCCL's bootstrap and out-of-band sockets on the " + whose + " NICs' interfaces, exact names,\n" +
			"# off the compute rails (NCCL's default would take the first ib* interface).\n" +
			"NCCL_SOCKET_IFNAME==" + strings.Join(d.SocketIfs, ",") + "\n\n"
	}
	if d.ComputeProtocol == "ethernet" {
		// A RoCE port has no IPoIB interface: NCCL's default then takes
		// the first interface but lo and docker*, whichever it is.
		names := ""
		if len(d.ComputeIfs) > 0 && strings.HasPrefix(d.ComputeIfs[0], "ib") {
			names = fmt.Sprintf("# The model names the compute ports %s, ..., IPoIB names: a port running Ethernet is named\n"+
				"# otherwise (enp<bus>s0np0 with udev's predictable names); name them in nic \"compute\" { pci { interfaces } }.\n", d.ComputeIfs[0])
		}
		return "# NCCL_SOCKET_IFNAME: left at NCCL's default, which takes ib* interfaces first, then any but lo and\n" +
			"# docker*. The compute NICs run Ethernet (RoCE) and have no ib* interface, so NCCL's sockets go to\n" +
			"# whichever interface it lists first, possibly a compute port. The model names no front-end\n" +
			"# interface to put them on (nic \"frontend\" { pci { interfaces } }).\n" + names + "\n"
	}
	if len(d.ComputeIfs) > 0 {
		return fmt.Sprintf("# NCCL_SOCKET_IFNAME: left at NCCL's default, which takes ib* interfaces first: the compute NICs'\n"+
			"# IPoIB interfaces (%s, ...). The model names no front-end interface to put the sockets on\n"+
			"# (nic \"frontend\" { pci { interfaces } }).\n\n", d.ComputeIfs[0])
	}
	return "# NCCL_SOCKET_IFNAME: not written, the node model names no network interfaces (nic { pci { interfaces } }).\n\n"
}

// p2pComment says why NCCL_P2P_LEVEL stays at NCCL's default
// (Design.P2PDefault) for the model's GPU-to-GPU path class.
func (d Design) p2pComment() string {
	def := d.p2pLevel().String()
	if d.p2pLevel() == ir.PathSYS {
		def += ", as on every x86 AMD host of at most two GPUs"
	}
	switch {
	case d.GPUPeer == ir.PathLOC:
		return "# NCCL_P2P_LEVEL: left at NCCL's default; a server has one GPU, so there is no GPU peer-to-peer.\n\n"
	case d.GPUPeer == ir.PathNVL && d.PeerDomain:
		return "# NCCL_P2P_LEVEL: left at NCCL's default (" + def + "), which allows the GPUs' NVLink (NVL) paths over the\n" +
			"# NVLink domain. Do not set NCCL_P2P_DISABLE=1 or NCCL_P2P_LEVEL=LOC: they turn NVLink peer-to-peer off.\n\n"
	case d.GPUPeer == ir.PathNVL:
		return "# NCCL_P2P_LEVEL: left at NCCL's default (" + def + "), which allows the GPUs' NVLink (NVL) paths. Do not set\n" +
			"# NCCL_P2P_DISABLE=1 or NCCL_P2P_LEVEL=LOC: they turn NVLink peer-to-peer off inside the server.\n\n"
	case d.GPUPeer <= d.p2pLevel():
		return fmt.Sprintf("# NCCL_P2P_LEVEL: left at NCCL's default (%s), which allows peer-to-peer on every GPU pair (widest\n# path %s).\n\n", def, d.GPUPeer)
	}
	return fmt.Sprintf("# NCCL_P2P_LEVEL: left at NCCL's default (%s). Some GPU pairs meet only through the CPU (%s):\n"+
		"# NCCL sends their traffic through host memory, usually faster than peer-to-peer across the root\n"+
		"# complex; raising the level to %s forces it.\n\n", def, d.GPUPeer, d.GPUPeer)
}

// gdrComment says for which GPUs the design's PCIe paths let GPUDirect
// RDMA run at NCCL's default level, and why NCCL_NET_GDR_LEVEL stays
// unset.
func (d Design) gdrComment() string {
	if len(d.Paths) == 0 {
		return "# NCCL_NET_GDR_LEVEL: left at NCCL's default; the model has no GPU-NIC path topoc can classify.\n"
	}
	var off []string
	for _, p := range d.Paths {
		if !p.GDR {
			off = append(off, fmt.Sprintf("%s (%s)", d.PCI[p.GPU].Name, p.Class))
		}
	}
	if len(off) == 0 {
		return fmt.Sprintf("# NCCL_NET_GDR_LEVEL: left at NCCL's default; every GPU's compute NIC is close enough for GPUDirect RDMA\n# (%s). A lower level set elsewhere would turn it off.\n", classes(d.Paths))
	}
	return fmt.Sprintf("# NCCL_NET_GDR_LEVEL: left at NCCL's default. These GPUs reach their compute NIC through the CPU, so NCCL\n"+
		"# stages their network traffic through host memory: %s. Raising the level to PHB forces GPUDirect\n"+
		"# RDMA across the root complex, which is slower on most CPUs; move the NIC under the GPU's PCIe switch instead.\n", strings.Join(off, ", "))
}

// classes summarizes the path classes of ps, "PIX × 8".
func classes(ps []nccl.GPUPath) string {
	n := map[string]int{}
	for _, p := range ps {
		n[p.Class.String()]++
	}
	var keys []string
	for k := range n {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var out []string
	for _, k := range keys {
		out = append(out, fmt.Sprintf("%s × %d", k, n[k]))
	}
	return strings.Join(out, ", ")
}
