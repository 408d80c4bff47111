package ir

import (
	"strconv"
	"strings"
)

// BrokenOut reports whether port pt runs one lane of a broken-out port on
// link l: a link split into lanes (Breakout > 1) on a switch port whose
// native rate exceeds the link's. A whole port set to one of its model's
// lower speeds (switch_model speeds) is not a lane.
func (g *Graph) BrokenOut(pt Port, l *Link) bool {
	n := &g.Nodes[pt.Node]
	return n.Kind == KindSwitch && l.Breakout > 1 && g.LineRateBPS(l) < n.PortRateBPS*(1-1e-9)
}

// PortName names port pt of link l on its device (cabling plans, NetBox
// import, what-if link names), following the Cumulus Linux convention
// that NetBox's device-type library uses for NVIDIA switches (swp1 ... swp64, breakout lanes swp1s0 ...):
//   - a switch port is "swp" and the port number from 1, and a broken-out
//     lane adds "s" and the lane from 0 ("swp12s1");
//   - a server's NIC is named after the component ("nic3", "storage1"),
//     with "p" and the port from 1 when the NIC has several ports
//     ("storage0p2");
//   - any other device's port is "p" and the port number from 1.
func (g *Graph) PortName(pt Port, l *Link) string {
	n := &g.Nodes[pt.Node]
	num := strconv.Itoa(int(pt.Port) + 1)
	switch {
	case n.Kind == KindSwitch:
		if g.BrokenOut(pt, l) {
			return "swp" + num + "s" + strconv.Itoa(int(pt.Lane))
		}
		return "swp" + num
	case n.Parent != None:
		local := strings.TrimPrefix(n.Name, g.Nodes[n.Parent].Name+"/")
		if n.Radix > 1 {
			return local + "p" + num
		}
		return local
	}
	return "p" + num
}

// LinkName names link id by its two ends, each device and port as the
// cabling plan names them (PortName): "su0/leaf0:swp33 – spine3:swp1".
func (g *Graph) LinkName(id LinkID) string {
	l := g.Link(id)
	return g.Nodes[l.A.Node].Name + ":" + g.PortName(l.A, &l) + " – " + g.Nodes[l.B.Node].Name + ":" + g.PortName(l.B, &l)
}
