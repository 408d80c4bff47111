// Package ufm writes each InfiniBand fabric of the design as NVIDIA UFM
// network design topology (NDT) files, the intent UFM's NDT plugin
// compares a discovered fabric against (its "topology compare"), so that
// the day-2 check reads the same cabling the design and its ibsim net
// file (package ibsim) state.
//
// Format, as UFM's NDT plugin reads it (Mellanox/ufm_sdk_3.0,
// plugins/UFM_NDT_Plugin; docs/reference/handoffs.md): a CSV with the
// header `#StartDevice,StartPort,EndDevice,EndPort,LinkType`, one row per
// cable, in two files by kind, switch to switch and switch to host. A
// switch port is `Port <n>` with InfiniBand's 1-based numbering; a host
// port is the adapter's node description, `<host> <adapter>`; LinkType
// is `Data`. The plugin compares names without regard to case.
package ufm

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/topoc/topoc/compiler/emit"
	"github.com/topoc/topoc/compiler/emit/csvcell"
	"github.com/topoc/topoc/compiler/emit/ibsim"
	"github.com/topoc/topoc/compiler/ir"
)

// Dir is the artifacts' directory: DIR/<fabric>-switch-to-switch.ndt and
// DIR/<fabric>-switch-to-host.ndt per InfiniBand fabric (with -plane<p>
// after the fabric name for each plane of a multi-plane fabric).
const Dir = "ufm"

// Header is the NDT header row, NVIDIA's spelling (Microsoft's variant
// starts `#Fields:StartDevice`; the plugin reads both).
var Header = []string{"#StartDevice", "StartPort", "EndDevice", "EndPort", "LinkType"}

// Emitter is the `--emit ufm` back end: the NDT files of every
// InfiniBand fabric (the fabrics ibsim.InfiniBand accepts), one pair per
// subnet: per plane where the fabric has several (ibsim.Planes), since
// UFM manages one subnet each.
var Emitter = &emit.Emitter{
	Name: "ufm",
	Doc:  "UFM network design topology CSVs (" + Dir + "/FABRIC-switch-to-switch.ndt, -switch-to-host.ndt) per InfiniBand fabric, for UFM's topology compare",
	Emit: func(in *emit.Input) ([]emit.Artifact, error) {
		g := in.Graph
		var arts []emit.Artifact
		for fi := range g.Fabrics {
			f := ir.FabricID(fi)
			if !ibsim.InfiniBand(g, f) || g.Fabrics[f].Composite() {
				continue // a composite's subnets are its members'
			}
			for _, p := range ibsim.Planes(g, f) {
				base := Dir + "/" + emit.SafeName(g.Fabrics[f].Name)
				if p >= 0 {
					base += fmt.Sprintf("-plane%d", p)
				}
				sw, host := NDT(g, f, p)
				arts = append(arts,
					emit.Artifact{Path: base + "-switch-to-switch.ndt", Data: sw},
					emit.Artifact{Path: base + "-switch-to-host.ndt", Data: host})
			}
		}
		if len(arts) == 0 && in.Explicit {
			arts = append(arts, emit.NoFabricNote(Dir, "UFM network design topology"))
		}
		return arts, nil
	},
}

// NDT returns fabric f's cables (of plane p, or -1 for all) as the two
// NDT files: switch to switch, and switch to host, in link order. A
// switch-to-switch row starts at the switch of the lower tier (ir.Fabric
// Tiers order; the lower node between switches of one tier or of no
// tier), as a cabling plan reads
// from the leaf up; a switch-to-host row starts at the host, as UFM's
// own converters write it. Ports are numbered as ibsim's net file and
// ibnetdiscover number them (ir.Graph.PortNumbers), so the NDT and the
// net file state the same pairing.
func NDT(g *ir.Graph, f ir.FabricID, p int) (switchToSwitch, switchToHost []byte) {
	number := g.PortNumbers(f)
	tier := map[string]int{}
	for i, t := range g.Fabrics[f].Tiers {
		tier[t] = i
	}
	var sw, host bytes.Buffer
	sww, hw := csvcell.NewWriter(&sw), csvcell.NewWriter(&host)
	_ = sww.Write(Header) // a bytes.Buffer does not fail
	_ = hw.Write(Header)
	for _, id := range g.FabricLinks(f) {
		l := g.Link(id)
		if p >= 0 && ibsim.PlaneOf(g, &l) != p {
			continue
		}
		a, b := l.A, l.B
		an, bn := &g.Nodes[a.Node], &g.Nodes[b.Node]
		switch {
		case an.Kind.IsSwitch() && bn.Kind.IsSwitch():
			if ta, tb := tier[an.TierName()], tier[bn.TierName()]; tb < ta || tb == ta && b.Node < a.Node {
				a, b, an, bn = b, a, bn, an
			}
			_ = sww.Write([]string{an.Name, fmt.Sprintf("Port %d", number(a)), bn.Name, fmt.Sprintf("Port %d", number(b)), "Data"})
		case an.Kind.IsSwitch() || bn.Kind.IsSwitch():
			if an.Kind.IsSwitch() {
				a, b = b, a
			}
			h, desc := HostPort(g, a)
			_ = hw.Write([]string{h, desc, g.Nodes[b.Node].Name, fmt.Sprintf("Port %d", number(b)), "Data"})
		}
	}
	sww.Flush()
	hw.Flush()
	return sw.Bytes(), host.Bytes()
}

// HostPort returns the host name and the adapter's node description
// (`<host> <adapter>`) NDT names endpoint port p by, as a host's
// InfiniBand stack sets it: the server's name as every hand-off names it
// (ir.Graph.HostName: its node_group hostname, else "su0-node00") and the
// NIC's device name (its node model's pci names: "dgx000 mlx5_0", which
// topoc verify matches too), else the NIC's name inside the server
// ("su0-node00 nic0"), and the hosts' node descriptions must then be set
// to match before a compare; for an implicit host or an appliance, one
// adapter named as ibnetdiscover shows one without a driver name, HCA-1
// ("ufm0" and "ufm0 HCA-1"; docs/reference/handoffs.md).
func HostPort(g *ir.Graph, p ir.Port) (host, desc string) {
	nd := &g.Nodes[p.Node]
	if nd.Parent == ir.None {
		host = g.HostName(p.Node)
		return host, host + " HCA-1"
	}
	host = g.HostName(nd.Parent)
	adapter := strings.TrimPrefix(nd.Name, g.Nodes[nd.Parent].Name+"/")
	if name, ok := g.NICDeviceName(p); ok {
		adapter = name
	}
	return host, host + " " + adapter
}
