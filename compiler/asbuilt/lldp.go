package asbuilt

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
)

// The JSON of `lldpctl -f json0` (lldpd): every level is a list, so one
// neighbour and many parse alike (the plain `-f json` turns a list of one
// into an object; docs/reference/handoffs.md "Ethernet / LLDP").
type lldpJSON0 struct {
	LLDP []struct {
		Interface []lldpInterface `json:"interface"`
	} `json:"lldp"`
}

type lldpInterface struct {
	Name    string `json:"name"`
	Chassis []struct {
		ID         []lldpTyped `json:"id"`
		Name       []lldpValue `json:"name"`
		Capability []struct {
			Type    string `json:"type"`
			Enabled bool   `json:"enabled"`
		} `json:"capability"`
	} `json:"chassis"`
	Port []struct {
		ID    []lldpTyped `json:"id"`
		Descr []lldpValue `json:"descr"`
	} `json:"port"`
}

type lldpTyped struct {
	Type  string `json:"type"`
	Value string `json:"value"`
}

type lldpValue struct {
	Value string `json:"value"`
}

// ParseLLDP reads `lldpctl -f json0` as collected on the switch named
// local (the file is named after it: "su0-leaf3.json" for design switch
// su0/leaf3, '/' written '-'). The local switch and every neighbour
// chassis are devices, named by their LLDP system name (the chassis id
// when a neighbour sends none). A neighbour with the Bridge or Router
// capability enabled is a switch, its port named by its port id when that
// is an interface name, else by its port description; any other
// neighbour is a host, and each of its ports a device of one port named
// "<system name> <port>", as an adapter's NodeDescription names it
// ("dgx-01 mlx5_3"), so that Compare matches it by name or by its cable.
// Ports keep their names (Link.APortName, BPortName); Compare numbers
// them by the design. Errors name the interface they stop at.
func ParseLLDP(data []byte, local string) (*Topology, error) {
	if local == "" {
		return nil, fmt.Errorf("lldpctl output names no local device: name the file after the switch it was collected on")
	}
	var doc lldpJSON0
	dec := json.NewDecoder(bytes.NewReader(data))
	if err := dec.Decode(&doc); err != nil {
		if strings.Contains(err.Error(), "cannot unmarshal object") {
			return nil, fmt.Errorf("not lldpctl -f json0: a level is an object where json0 has a list (this looks like -f json, whose shape changes with the number of neighbours); collect with lldpctl -f json0")
		}
		return nil, fmt.Errorf("lldpctl -f json0: %v", err)
	}
	s := newNeighbours(local, "")
	for _, l := range doc.LLDP {
		for i, in := range l.Interface {
			if in.Name == "" {
				return nil, fmt.Errorf("interface %d: no name", i+1)
			}
			if len(in.Chassis) == 0 || len(in.Port) == 0 {
				return nil, fmt.Errorf("interface %s: no chassis or port of the neighbour", in.Name)
			}
			ch, pt := in.Chassis[0], in.Port[0]
			name := ""
			if len(ch.Name) > 0 {
				name = ch.Name[0].Value
			}
			if name == "" && len(ch.ID) > 0 {
				name = ch.ID[0].Value
			}
			if name == "" {
				return nil, fmt.Errorf("interface %s: the neighbour sends no system name or chassis id", in.Name)
			}
			port := ""
			if len(pt.ID) > 0 && pt.ID[0].Type == "ifname" {
				port = pt.ID[0].Value
			}
			if port == "" && len(pt.Descr) > 0 {
				port = pt.Descr[0].Value
			}
			if port == "" && len(pt.ID) > 0 {
				port = pt.ID[0].Value // a MAC: matched by its cable only
			}
			if port == "" {
				return nil, fmt.Errorf("interface %s: the neighbour's port has no id or description", in.Name)
			}
			sw := false
			for _, c := range ch.Capability {
				if c.Enabled && (c.Type == "Bridge" || c.Type == "Router") {
					sw = true
				}
			}
			s.add(in.Name, name, port, sw)
		}
	}
	return s.t, nil
}

// neighbours builds the Topology of one switch's LLDP neighbours, as
// lldpd and EOS report them: the local switch, each neighbour switch by
// its name, each host port as a device of one port "<system name>
// <port>" (an adapter's NodeDescription form, "dgx-01 mlx5_3"), and a
// link per neighbour entry, numbered -1, -2, … in entry order.
type neighbours struct {
	t      *Topology
	index  map[string]int
	local  string
	naming string // Link.PortNaming of the local ports
}

func newNeighbours(local, naming string) *neighbours {
	s := &neighbours{t: &Topology{Covered: map[string]bool{local: true}}, index: map[string]int{}, local: local, naming: naming}
	s.device(local, true, 0)
	s.t.Devices[0].PortNaming = naming
	return s
}

func (s *neighbours) device(id string, sw bool, line int) {
	if _, ok := s.index[id]; ok {
		return
	}
	s.index[id] = len(s.t.Devices)
	s.t.Devices = append(s.t.Devices, Device{ID: id, Switch: sw, Desc: id, Line: line, Named: sw})
}

// add records the neighbour on local port localPort: system name, the
// port it names, and whether it is a switch.
func (s *neighbours) add(localPort, name, port string, sw bool) {
	n := len(s.t.Links) + 1
	link := Link{A: s.local, APortName: localPort, PortNaming: s.naming, Line: -n}
	if sw {
		s.device(name, true, -n)
		link.B, link.BPortName = name, port
	} else {
		id := name + " " + port
		s.device(id, false, -n)
		s.t.Devices[s.index[id]].Chassis = name
		link.B, link.BPortName, link.BPort = id, port, 1
	}
	s.t.Links = append(s.t.Links, link)
}

// switchPortNumber numbers a switch port named as the cable plan names it
// ("swp7", "swp7s1": ir.Graph.PortName) on a switch whose ports split into
// lanes lanes (1 when none is broken out), as ir.Graph.PortNumbers numbers
// the design's; false for any other name.
func switchPortNumber(name string, lanes int) (int, bool) {
	rest, ok := strings.CutPrefix(name, "swp")
	if !ok {
		return 0, false
	}
	num, lane, split := strings.Cut(rest, "s")
	p, err := strconv.Atoi(num)
	if err != nil || p < 1 {
		return 0, false
	}
	l := 0
	if split {
		if l, err = strconv.Atoi(lane); err != nil || l < 0 || l >= max(lanes, 1) {
			return 0, false
		}
	}
	return (p-1)*max(lanes, 1) + l + 1, true
}
