package asbuilt

import (
	"bytes"
	"encoding/json"
	"fmt"
)

// The JSON of NVIDIA NetQ's topology graph (the "topologyGraph" its API
// and UI export; docs/reference/handoffs.md "Ethernet / LLDP"): a list of
// graphs, each with nodes (tiers whose compounded_nodes are the devices)
// and links between two devices, each link a bundle whose
// compounded_links are the cables, each naming both ends' interfaces.
type netqGraph struct {
	Nodes []netqNode `json:"nodes"`
	Links []netqLink `json:"links"`
}

type netqNode struct {
	ID         string     `json:"id"`
	Name       string     `json:"name"`
	NodeType   string     `json:"node_type"`
	DeviceType string     `json:"device_type"`
	Compounded []netqNode `json:"compounded_nodes"`
}

type netqLink struct {
	ID         string       `json:"id"`
	Compounded []netqCable  `json:"compounded_links"`
	Interfaces []netqIfName `json:"interfaces"`
}

type netqCable struct {
	ID         string       `json:"id"`
	Interfaces []netqIfName `json:"interfaces"`
}

type netqIfName struct {
	Node      string `json:"node"`
	Interface string `json:"interface"`
}

// ParseNetQ reads a NetQ topology graph: the JSON list of graphs NetQ
// exports (a single graph object is read too). Devices are the nodes
// whose node_type is "device", named by their name (NetQ's hostname). A
// device of device_type "switch" is a switch whose ports keep their names
// (Link.APortName, BPortName: "swp17s0"), numbered later by the design
// as LLDP's are. Any other device (NetQ's "discovered_via_lldp" hosts,
// which run no NetQ agent) is a host, and each of its interfaces a device
// of one port named "<name> <interface>" with the host as its Chassis,
// as ParseLLDP makes them, so Compare places it by its cable. Each
// compounded link is one cable; a link without compounded links is read
// from its own interfaces when they name both ports. NetQ builds the
// graph from every agent's LLDP, so the file is fabric-wide
// (Topology.Covered nil). A cable's Line is minus its position in the
// file ("entry N" in findings), JSON having no useful line numbers.
// Errors name the link or node they stop at.
func ParseNetQ(data []byte) (*Topology, error) {
	graphs, err := decodeNetQ(data)
	if err != nil {
		return nil, err
	}
	t := &Topology{}
	names := map[string]string{} // NetQ node id → device name
	switches := map[string]bool{}
	for _, gr := range graphs {
		if err := netqDevices(gr.Nodes, names, switches, t); err != nil {
			return nil, err
		}
	}
	hostPorts := map[string]bool{}
	cabledAt := map[[2]string]string{} // device and port → the cable there
	entry := 0
	for _, gr := range graphs {
		for _, l := range gr.Links {
			cables := l.Compounded
			if len(cables) == 0 {
				cables = []netqCable{{ID: l.ID, Interfaces: l.Interfaces}}
			}
			for _, c := range cables {
				entry++
				link, err := netqCableLink(c, names, switches, -entry)
				if err != nil {
					return nil, fmt.Errorf("link %s: %v", l.ID, err)
				}
				// One port holds one cable, as ibnetdiscover's parser checks.
				for _, end := range [2][2]string{{link.A, link.APortName}, {link.B, link.BPortName}} {
					if prev, dup := cabledAt[end]; dup {
						return nil, fmt.Errorf("link %s: %s port %s holds cable %q and cable %q; a port holds one cable", l.ID, end[0], end[1], prev, c.ID)
					}
					cabledAt[end] = c.ID
				}
				for _, end := range [2]struct{ id, host, port string }{{link.A, c.Interfaces[0].Node, link.APortName}, {link.B, c.Interfaces[1].Node, link.BPortName}} {
					if !switches[end.host] && !hostPorts[end.id] {
						hostPorts[end.id] = true
						t.Devices = append(t.Devices, Device{ID: end.id, Desc: end.id, Chassis: names[end.host], Line: -entry})
					}
				}
				t.Links = append(t.Links, link)
			}
		}
	}
	return t, nil
}

// decodeNetQ decodes the list of graphs NetQ exports, or one graph.
func decodeNetQ(data []byte) ([]netqGraph, error) {
	trimmed := bytes.TrimSpace(data)
	var graphs []netqGraph
	if len(trimmed) > 0 && trimmed[0] == '{' {
		var one netqGraph
		if err := json.Unmarshal(trimmed, &one); err != nil {
			return nil, fmt.Errorf("NetQ topology graph: %v", err)
		}
		graphs = []netqGraph{one}
	} else if err := json.Unmarshal(trimmed, &graphs); err != nil {
		return nil, fmt.Errorf("NetQ topology graph: %v", err)
	}
	for _, gr := range graphs {
		if len(gr.Nodes) > 0 || len(gr.Links) > 0 {
			return graphs, nil
		}
	}
	return nil, fmt.Errorf("NetQ topology graph: no nodes and no links")
}

// netqDevices records the devices among nodes (walking the tiers'
// compounded nodes): every switch as a Device, every device's name by its
// id. Hosts become devices per port as their cables are read.
func netqDevices(nodes []netqNode, names map[string]string, switches map[string]bool, t *Topology) error {
	for _, n := range nodes {
		if n.NodeType == "device" {
			if n.ID == "" || n.Name == "" {
				return fmt.Errorf("node %q: a device without an id or a name", n.ID+n.Name)
			}
			if prev, dup := names[n.ID]; dup {
				return fmt.Errorf("node %s: listed twice (%s and %s)", n.ID, prev, n.Name)
			}
			names[n.ID] = n.Name
			if n.DeviceType == "switch" {
				switches[n.ID] = true
				t.Devices = append(t.Devices, Device{ID: n.Name, Switch: true, Desc: n.Name, Named: true})
			}
		}
		if err := netqDevices(n.Compounded, names, switches, t); err != nil {
			return err
		}
	}
	return nil
}

// netqCableLink turns one cable into a Link: a switch end by its device
// and port name, a host end as the one-port device "<host> <interface>".
func netqCableLink(c netqCable, names map[string]string, switches map[string]bool, line int) (Link, error) {
	if len(c.Interfaces) != 2 {
		return Link{}, fmt.Errorf("cable %q has %d ends, want 2", c.ID, len(c.Interfaces))
	}
	link := Link{Line: line}
	for i, end := range c.Interfaces {
		name, ok := names[end.Node]
		switch {
		case !ok:
			return Link{}, fmt.Errorf("cable %q: node %q is not among the graph's devices", c.ID, end.Node)
		case end.Interface == "":
			return Link{}, fmt.Errorf("cable %q: no interface named at %s", c.ID, name)
		}
		id, port, portNum := name, end.Interface, 0
		if !switches[end.Node] {
			id, portNum = name+" "+end.Interface, 1
		}
		if i == 0 {
			link.A, link.APortName, link.APort = id, port, portNum
		} else {
			link.B, link.BPortName, link.BPort = id, port, portNum
		}
	}
	return link, nil
}
