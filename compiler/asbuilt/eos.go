package asbuilt

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// The JSON of Arista EOS `show lldp neighbors detail | json`: local
// interfaces by name, each with its neighbours (usually one; none where
// nothing answers). docs/reference/handoffs.md, "Ethernet / LLDP".
type eosLLDP struct {
	Neighbors map[string]struct {
		Info []eosNeighbor `json:"lldpNeighborInfo"`
	} `json:"lldpNeighbors"`
}

type eosNeighbor struct {
	SystemName   string `json:"systemName"`
	ChassisID    string `json:"chassisId"`
	Capabilities struct {
		Bridge bool `json:"bridge"`
		Router bool `json:"router"`
	} `json:"systemCapabilities"`
	Interface struct {
		ID          string `json:"interfaceId"`
		IDType      string `json:"interfaceIdType"`
		Description string `json:"interfaceDescription"`
	} `json:"neighborInterfaceInfo"`
}

// ParseEOSLLDP reads `show lldp neighbors detail | json` as collected on
// the Arista switch named local (the file named after it, as for
// ParseLLDP). Neighbours are read as ParseLLDP reads lldpd's: a
// neighbour with the bridge or router capability is a switch, named by
// its system name (the chassis id when it sends none), its port by the
// interface id when that is an interface name (EOS quotes it:
// "\"Ethernet2\""), else by the interface description; any other
// neighbour is a host port "<system name> <port>". Local interfaces are
// read in name order (the JSON is an object), entry n the n-th
// neighbour. The local ports are named as EOS names them ("Ethernet7",
// "Ethernet7/1"); Compare numbers them by the design (eosPortNumber).
// Errors name the interface they stop at.
func ParseEOSLLDP(data []byte, local string) (*Topology, error) {
	if local == "" {
		return nil, fmt.Errorf("EOS LLDP output names no local device: name the file after the switch it was collected on")
	}
	var doc eosLLDP
	if err := json.NewDecoder(bytes.NewReader(data)).Decode(&doc); err != nil {
		return nil, fmt.Errorf("show lldp neighbors detail | json: %v", err)
	}
	if doc.Neighbors == nil {
		return nil, fmt.Errorf("not EOS LLDP JSON: no lldpNeighbors object")
	}
	ifaces := make([]string, 0, len(doc.Neighbors))
	for name := range doc.Neighbors {
		ifaces = append(ifaces, name)
	}
	slices.SortFunc(ifaces, compareIfNames)
	s := newNeighbours(local, "eos")
	for _, in := range ifaces {
		for _, nb := range doc.Neighbors[in].Info {
			name := nb.SystemName
			if name == "" {
				name = nb.ChassisID
			}
			if name == "" {
				return nil, fmt.Errorf("interface %s: the neighbour sends no system name or chassis id", in)
			}
			port := ""
			if nb.Interface.IDType == "interfaceName" {
				port = strings.Trim(nb.Interface.ID, `"`)
			}
			if port == "" {
				port = nb.Interface.Description
			}
			if port == "" {
				port = nb.Interface.ID // a MAC: matched by its cable only
			}
			if port == "" {
				return nil, fmt.Errorf("interface %s: the neighbour's port has no id or description", in)
			}
			s.add(in, name, port, nb.Capabilities.Bridge || nb.Capabilities.Router)
		}
	}
	return s.t, nil
}

// compareIfNames orders interface names by their text with every run of
// digits compared as a number ("Ethernet2" before "Ethernet10",
// "Ethernet1/2" before "Ethernet1/10").
func compareIfNames(a, b string) int {
	for a != "" && b != "" {
		da, db := digitRun(a), digitRun(b)
		if da > 0 && db > 0 {
			x, _ := strconv.ParseUint(a[:min(da, 18)], 10, 64)
			y, _ := strconv.ParseUint(b[:min(db, 18)], 10, 64)
			if x != y {
				if x < y {
					return -1
				}
				return 1
			}
			a, b = a[da:], b[db:]
			continue
		}
		if a[0] != b[0] {
			return int(a[0]) - int(b[0])
		}
		a, b = a[1:], b[1:]
	}
	return len(a) - len(b)
}

// digitRun is the length of the run of ASCII digits that s starts with.
func digitRun(s string) int {
	n := 0
	for n < len(s) && s[n] >= '0' && s[n] <= '9' {
		n++
	}
	return n
}

// eosPortNumber numbers a switch port named as Arista EOS names it, as
// ir.Graph.PortNumbers numbers the design's: "EthernetN" is port N, not
// split; "EthernetN/M" is the sub-port of port N that starts at
// electrical lane M (from 1), so on a port of serdes lanes split into
// lanes sub-ports, M = l·serdes/lanes + 1 for lane l (Ethernet1/1,
// Ethernet1/3, Ethernet1/5, Ethernet1/7 for four lanes of an 8-lane
// port), and EthernetN/1 alone is port N whole. false for any other
// name, or a sub-port that starts on no lane boundary.
func eosPortNumber(name string, lanes, serdes int) (int, bool) {
	rest, ok := strings.CutPrefix(name, "Ethernet")
	if !ok {
		return 0, false
	}
	num, sub, split := strings.Cut(rest, "/")
	p, err := strconv.Atoi(num)
	if err != nil || p < 1 {
		return 0, false
	}
	lanes = max(lanes, 1)
	l := 0
	if split {
		m, err := strconv.Atoi(sub)
		if err != nil || m < 1 || serdes < lanes || serdes%lanes != 0 || (m-1)%(serdes/lanes) != 0 {
			return 0, false
		}
		if l = (m - 1) / (serdes / lanes); l >= lanes {
			return 0, false
		}
	}
	return (p-1)*lanes + l + 1, true
}

// eosPortName names design port p (from 1) as EOS names it, the inverse
// of eosPortNumber: "EthernetN/M" with N the cage and M the sub-port's
// first electrical lane; a port not broken out is "EthernetN/1" (EOS's
// name for a cage that can be split; a fixed port's "EthernetN" is
// numbered alike but not written here).
func eosPortName(p, lanes, serdes int) string {
	lanes = max(lanes, 1)
	cage, l := (p-1)/lanes+1, (p-1)%lanes
	return fmt.Sprintf("Ethernet%d/%d", cage, l*max(serdes/lanes, 1)+1)
}

// cageLanes is the electrical lanes of a switch port cage of the given
// native rate, which EOS numbers its sub-ports by: 8 for 400 Gb/s and
// faster (QSFP-DD and OSFP cages, 8 lanes by their MSAs), 4 below
// (QSFP28 and QSFP56, SFF-8665). A modelling assumption where a switch
// model says nothing of its cages.
func cageLanes(portRateBPS float64) int {
	if portRateBPS >= 400e9 {
		return 8
	}
	return 4
}
