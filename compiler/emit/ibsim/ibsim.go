// Package ibsim writes each InfiniBand fabric of the design as an ibsim
// "net" file (linux-rdma/ibsim, Debian's ibsim-utils), the format of
// ibnetdiscover's output: the simulator then serves the design to the
// real InfiniBand tools (ibnetdiscover, iblinkinfo, OpenSM) on a machine
// without InfiniBand, and day-2 checkers read the same intent.
// Format: ibsim's net-examples/net (a header line `Switch|Hca <ports>
// "<id>"`, then one `[<port>] "<peer id>"[<peer port>]` line per cabled
// port, records separated by blank lines); docs/reference/handoffs.md.
package ibsim

import (
	"bytes"
	"fmt"
	"slices"
	"strings"

	"github.com/topoc/topoc/compiler/emit"
	"github.com/topoc/topoc/compiler/ir"
	"github.com/topoc/topoc/lang/diag"
)

// ibsim's default limits, as `ibsim -s` prints them (ibsim 0.10, Debian
// bookworm): MaxNetNodes, MaxNetSwitches and MaxNetPorts, which its -N,
// -S and -P options raise. A device has at most 255 ports (net-examples/net:
// "ports(1-255)"), which nothing raises.
const (
	MaxNodes     = 2048
	MaxSwitches  = 256
	MaxPorts     = 13312
	MaxNodePorts = 255
)

// Dir is the artifacts' directory: one DIR/<fabric>.net per fabric.
const Dir = "ibsim"

// Emitter is the `--emit ibsim` back end: one net file per InfiniBand
// fabric (every switch model of the fabric states protocol infiniband).
// A fabric with a device the format cannot state is left out, with the
// reason in ibsim/README.txt; when ibsim was asked for by name (--emit
// ibsim) it is an emit.Error with code ibsim-limit instead.
var Emitter = &emit.Emitter{
	Name: "ibsim",
	Doc:  "ibsim net files (" + Dir + "/FABRIC.net), one per InfiniBand fabric, for ibsim + ibnetdiscover and day-2 checkers",
	Emit: func(in *emit.Input) ([]emit.Artifact, error) {
		g := in.Graph
		var arts []emit.Artifact
		var skipped []string
		for fi := range g.Fabrics {
			f := ir.FabricID(fi)
			if !InfiniBand(g, f) || g.Fabrics[f].Composite() {
				continue // a composite's subnets are its members'
			}
			base := Dir + "/" + emit.SafeName(g.Fabrics[f].Name)
			planes := Planes(g, f)
			for _, p := range planes {
				data, err := Net(g, f, p)
				if err != nil {
					if in.Explicit {
						return nil, err
					}
					skipped = append(skipped, fmt.Sprintf("fabric %q: %v", g.Fabrics[f].Name, err))
					break
				}
				path := base + ".net"
				if p >= 0 {
					path = fmt.Sprintf("%s-plane%d.net", base, p)
				}
				arts = append(arts, emit.Artifact{Path: path, Data: data})
			}
		}
		if len(arts) == 0 && len(skipped) == 0 && in.Explicit {
			arts = append(arts, emit.NoFabricNote(Dir, "ibsim net"))
		}
		if len(skipped) > 0 {
			var b bytes.Buffer
			b.WriteString("Fabrics left out of ibsim net files:\n")
			for _, s := range skipped {
				b.WriteString("- " + s + "\n")
			}
			arts = append(arts, emit.Artifact{Path: Dir + "/README.txt", Data: b.Bytes()})
		}
		return arts, nil
	},
}

// Planes returns the planes to write fabric f's net files for: [-1] (the
// whole fabric, one file) when its switches are on one plane; else each
// plane in order. Each InfiniBand plane is a subnet of its own, which a
// subnet manager and ibnetdiscover see from one of its ports only, so a
// multi-plane fabric gets one net file per plane (FABRIC-plane<p>.net).
func Planes(g *ir.Graph, f ir.FabricID) []int {
	seen := map[int]bool{}
	var out []int
	for _, n := range g.FabricNodes(f) {
		if nd := &g.Nodes[n]; nd.Kind.IsSwitch() && nd.Plane >= 0 && !seen[int(nd.Plane)] {
			seen[int(nd.Plane)] = true
			out = append(out, int(nd.Plane))
		}
	}
	if len(out) <= 1 {
		return []int{-1}
	}
	slices.Sort(out)
	return out
}

// PlaneOf returns the plane of link l: its switch end's (a link between
// switches stays in a plane), or -1 for a link without a plane label.
func PlaneOf(g *ir.Graph, l *ir.Link) int {
	for _, p := range [2]ir.Port{l.A, l.B} {
		if nd := &g.Nodes[p.Node]; nd.Kind.IsSwitch() && nd.Plane >= 0 {
			return int(nd.Plane)
		}
	}
	return -1
}

// GUID returns the node GUID the net files give node n: 0x100000 + 256·n,
// the same in every plane's file (a dual-port adapter with a port in each
// plane is one device), distinct for distinct nodes and below 2^48. The
// base is where ibsim starts its own numbering of adapters (it gave the
// first of net-examples/net.2sw2path4hca2port 0x100000); the stride of
// 256 leaves room for the port GUIDs ibsim gives an adapter, the node GUID
// plus the port number (it gave that file's second adapter, 0x100003,
// ports 0x100004 and 0x100005), for the 255 ports a record may declare
// (MaxNodePorts); a switch has one port GUID, its own. A modelling choice:
// no real fabric's GUIDs are meant.
func GUID(n ir.NodeID) uint64 { return 0x100000 + (MaxNodePorts+1)*uint64(n) }

// InfiniBand reports whether fabric f has switches and every one of them
// is of a model that states protocol "infiniband".
func InfiniBand(g *ir.Graph, f ir.FabricID) bool {
	any := false
	for _, n := range g.FabricNodes(f) {
		nd := &g.Nodes[n]
		if nd.Kind != ir.KindSwitch {
			continue
		}
		if g.Protocols[nd.ModelName()] != "infiniband" {
			return false
		}
		any = true
	}
	return any
}

// end is one cabled port of the net file: its node and 1-based port.
type end struct {
	node ir.NodeID
	port int
}

// plan is a fabric laid out for the net file.
type plan struct {
	nodes    []ir.NodeID            // records, in file order
	peers    map[ir.NodeID][][2]end // per node: (local, remote) per link, by local port
	linkAt   map[end]ir.LinkID      // the link at each cabled port
	declared map[ir.NodeID]int      // ports each record declares
	switches int
	ports    int // all declared ports, port 0 of each device included
}

// layout numbers fabric f's ports for the net file (ir.Graph.PortNumbers:
// as InfiniBand numbers them, from 1, split ports' lanes in turn).
// Records come in node order, the first endpoint's first (the simulated
// subnet manager attaches to the first port listed, so discovery starts
// at a host, as on a real cluster).
func layout(g *ir.Graph, f ir.FabricID, plane int) *plan {
	number, lanes := g.PortNumbers(f), g.FabricLanes(f)
	pl := &plan{peers: map[ir.NodeID][][2]end{}, declared: map[ir.NodeID]int{}, linkAt: map[end]ir.LinkID{}}
	for _, id := range g.FabricLinks(f) {
		l := g.Link(id)
		if plane >= 0 && PlaneOf(g, &l) != plane {
			continue
		}
		a, b := end{l.A.Node, number(l.A)}, end{l.B.Node, number(l.B)}
		pl.linkAt[a], pl.linkAt[b] = id, id
		pl.peers[a.node] = append(pl.peers[a.node], [2]end{a, b})
		pl.peers[b.node] = append(pl.peers[b.node], [2]end{b, a})
	}
	for n := range pl.peers {
		pl.nodes = append(pl.nodes, n)
	}
	slices.Sort(pl.nodes)
	for _, ep := range g.Fabrics[f].Endpoints {
		// The first endpoint of this plane leads the file.
		if i := slices.Index(pl.nodes, ep.Node); i >= 0 {
			if i > 0 {
				pl.nodes = append(append([]ir.NodeID{ep.Node}, pl.nodes[:i]...), pl.nodes[i+1:]...)
			}
			break
		}
	}
	for _, n := range pl.nodes {
		c := int(max(g.Nodes[n].Radix, 1))
		if g.Nodes[n].Kind.IsSwitch() {
			c *= max(lanes[n], 1) // split ports number their lanes; an adapter's ports stay its own
		}
		ps := pl.peers[n]
		slices.SortFunc(ps, func(x, y [2]end) int { return x[0].port - y[0].port })
		for _, pr := range ps {
			c = max(c, pr[0].port)
		}
		pl.declared[n] = c
		pl.ports += c + 1
		if g.Nodes[n].Kind.IsSwitch() {
			pl.switches++
		}
	}
	return pl
}

// Size returns the devices, switches and ports (port 0 of each device
// included) the net file of fabric f declares: what ibsim's -N, -S and -P
// must allow.
func Size(g *ir.Graph, f ir.FabricID, plane int) (nodes, switches, ports int) {
	pl := layout(g, f, plane)
	return len(pl.nodes), pl.switches, pl.ports
}

// Flags returns the ibsim options that admit a net file of the given
// size: -N, -S and -P at least ibsim's defaults.
func Flags(nodes, switches, ports int) []string {
	return []string{"-N", fmt.Sprint(max(nodes, MaxNodes)), "-S", fmt.Sprint(max(switches, MaxSwitches)), "-P", fmt.Sprint(max(ports, MaxPorts))}
}

// Link is one cabled port pair as the net file numbers it: the design's
// node names and ports from 1.
type Link struct {
	A, B         string
	APort, BPort int
}

// Links returns the links of fabric f (of one plane, or -1 for all) as
// the net file numbers them, each once.
func Links(g *ir.Graph, f ir.FabricID, plane int) []Link {
	pl := layout(g, f, plane)
	var out []Link
	for _, n := range pl.nodes {
		for _, pr := range pl.peers[n] {
			if pr[0].node < pr[1].node || pr[0].node == pr[1].node && pr[0].port < pr[1].port {
				out = append(out, Link{A: g.Nodes[pr[0].node].Name, APort: pr[0].port, B: g.Nodes[pr[1].node].Name, BPort: pr[1].port})
			}
		}
	}
	return out
}

// Net returns fabric f (one plane of it, or -1 for all; see Planes) as an
// ibsim net file: a Switch record per switch
// and an Hca record per endpoint device (a server's NIC or an implicit
// host), numbered and ordered as layout says; ids are the design's node
// names, which ibsim reports as the devices' NodeDescription, and each
// record states its GUID (GUID), so the planes' files of one fabric
// discover to one set of devices. A design
// larger than ibsim's defaults (MaxNodes, MaxSwitches, MaxPorts) gets the
// options to run it with (Flags) in its header. A device of more than
// MaxNodePorts ports, which the format cannot state, is an emit.Error
// with code ibsim-limit.
func Net(g *ir.Graph, f ir.FabricID, plane int) ([]byte, error) {
	pl := layout(g, f, plane)
	for _, n := range pl.nodes {
		if d := pl.declared[n]; d > MaxNodePorts {
			return nil, &emit.Error{Code: diag.IBSimLimit, Msg: fmt.Sprintf("%s of fabric %q has %d ports; an ibsim net file states at most %d per device", g.Nodes[n].Name, g.Fabrics[f].Name, d, MaxNodePorts)}
		}
	}
	var b bytes.Buffer
	if plane >= 0 {
		fmt.Fprintf(&b, "# ibsim net file of plane %d of fabric %q, written by topoc build --emit ibsim.\n", plane, g.Fabrics[f].Name)
	} else {
		fmt.Fprintf(&b, "# ibsim net file of fabric %q, written by topoc build --emit ibsim.\n", g.Fabrics[f].Name)
	}
	fmt.Fprintf(&b, "# %d switches, %d adapters, %d ports; ids are the design's node names.\n", pl.switches, len(pl.nodes)-pl.switches, pl.ports)
	if len(pl.nodes) > MaxNodes || pl.switches > MaxSwitches || pl.ports > MaxPorts {
		fmt.Fprintf(&b, "# Beyond ibsim's defaults (%d devices, %d switches, %d ports): run ibsim %s.\n",
			MaxNodes, MaxSwitches, MaxPorts, strings.Join(Flags(len(pl.nodes), pl.switches, pl.ports), " "))
	}
	for _, n := range pl.nodes {
		kind := "Hca"
		if g.Nodes[n].Kind.IsSwitch() {
			kind = "Switch"
		}
		guid := "caguid"
		if kind == "Switch" {
			guid = "switchguid"
		}
		fmt.Fprintf(&b, "\n%s=0x%x\n%s\t%d \"%s\"\n", guid, GUID(n), kind, pl.declared[n], g.Nodes[n].Name)
		for _, pr := range pl.peers[n] {
			fmt.Fprintf(&b, "[%d]\t\"%s\"[%d]%s\n", pr[0].port, g.Nodes[pr[1].node].Name, pr[1].port, linkAttrs(new(g.Link(pl.linkAt[pr[0]]))))
		}
	}
	return b.Bytes(), nil
}

// linkAttrs returns the width and speed options of a port line, as
// ibsim's net-examples/net and its parser take them: w= the enabled width
// mask (1 = 1x, 2 = 4x, 16 = 2x: InfiniBand's LinkWidthEnabled bits), and
// s= or e= the enabled speed (s: 1 SDR, 2 DDR, 4 QDR; e, extended: 1 FDR,
// 2 EDR, 4 HDR). A link of L breakout lanes is 4/L lanes wide; its speed
// is its rate per lane, matched to a generation within 10% (a tolerance
// of topoc's choosing: the nominal lane rates are 2.5, 5, 10, 14, 25 and
// 50 Gb/s, IBTA, and no two are within 20% of each other). ibsim 0.10
// stops at HDR: an NDR or XDR link gets no speed option and trains at
// ibsim's default (SDR), so verify needs --ignore-speed on its discovery.
func linkAttrs(l *ir.Link) string {
	lanes := 4 / int(max(l.Breakout, 1))
	w := map[int]int{1: 1, 2: 16, 4: 2}[lanes]
	if w == 0 {
		return ""
	}
	out := fmt.Sprintf("\tw=%d", w)
	perLane := l.PhysicalBPS() / float64(lanes)
	for _, sp := range []struct {
		bps float64
		opt string
	}{{2.5e9, "s=1"}, {5e9, "s=2"}, {10e9, "s=4"}, {14e9, "e=1"}, {25e9, "e=2"}, {50e9, "e=4"}} {
		if perLane > 0.9*sp.bps && perLane < 1.1*sp.bps {
			out += " " + sp.opt
		}
	}
	return out
}
