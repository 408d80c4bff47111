package asbuilt

import (
	"bytes"
	"encoding/csv"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// ParseNetBox reads a NetBox cable CSV in the bulk-import columns
// (side_a_device, side_a_type, side_a_name, side_b_device, side_b_type,
// side_b_name, …): the file `topoc build --emit netbox` writes, read back
// once the cables are recorded as built, or NetBox's own export in those
// columns. Each row is a cable, fabric-wide. A side whose interface is
// named as the cable plan names switch ports ("swp7", "swp7s1") is a
// switch, its device named by the design name; an interface "pN" is
// port N of an implicit host, the device itself; any other side is a
// server's NIC, the one-port device "<device> <interface>" ("su0/node00
// nic0"), as LLDP's host ports. A 4.7 breakout row (several devices and
// interfaces at side B, comma-separated) is one cable per leg, the A
// port's lanes s0, s1, … in order; a port cabled whole on one row and by
// a lane on another is an error. Only dcim.interface terminations are cables of a fabric;
// rows of other types (power, console, front ports) are skipped. Rows
// are numbered from the first after the header. A port on two cables, a
// side with a device and no interface (or the reverse), or a row of
// another width is an error naming the row. With a status column, cables
// planned but not built are left out and counted (Topology.Planned),
// unless every cable is planned (Topology.OnlyPlanned).
func ParseNetBox(data []byte) (*Topology, error) {
	r := csv.NewReader(bytes.NewReader(data))
	r.FieldsPerRecord = 0 // every row as wide as the header
	header, err := r.Read()
	if err != nil {
		return nil, fmt.Errorf("NetBox CSV: %v", err)
	}
	col := map[string]int{}
	for i, h := range header {
		col[strings.TrimSpace(strings.TrimPrefix(h, "\ufeff"))] = i
	}
	for _, need := range []string{"side_a_device", "side_a_name", "side_b_device", "side_b_name"} {
		if _, ok := col[need]; !ok {
			return nil, fmt.Errorf("NetBox CSV: no %s column (the cable bulk-import columns side_a_device, side_a_name, side_b_device, side_b_name are needed)", need)
		}
	}
	t := &Topology{Record: true}
	index := map[string]int{}
	var cabledAt map[[2]string]int // sized below, once the rows are read
	// wholeAt and laneAt: the row cabling a switch port whole, or one of
	// its lanes, by device and port number ("7" of swp7 and swp7s1).
	wholeAt, laneAt := map[[2]string]int{}, map[[2]string]int{}
	device := func(id string, sw bool, chassis string, port, row int) {
		i, ok := index[id]
		if !ok {
			i = len(t.Devices)
			index[id] = i
			t.Devices = append(t.Devices, Device{ID: id, Switch: sw, Desc: id, Chassis: chassis, Line: -row, Named: sw})
		}
		t.Devices[i].Ports = max(t.Devices[i].Ports, port)
	}
	var recs [][]string
	for row := 1; ; row++ {
		rec, err := r.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("row %d: %v", row, err)
		}
		recs = append(recs, rec)
	}
	// NetBox's cable status (LinkStatusChoices: connected, planned,
	// decommissioning): a planned cable is not built yet, so it is left
	// out where the file records built ones; a file of planned cables
	// only is the cable plan itself (as --emit netbox writes it), read as
	// it is and flagged (Topology.OnlyPlanned).
	statusCol, hasStatus := col["status"]
	built := false
	for _, rec := range recs {
		if hasStatus && !strings.EqualFold(strings.TrimSpace(rec[statusCol]), "planned") {
			built = true
		}
	}
	t.OnlyPlanned = hasStatus && !built && len(recs) > 0
	// Sized for a row per cable and two ends each: growing them row by
	// row cost a third of the parse at 393,216 cables.
	t.Links = make([]Link, 0, len(recs))
	cabledAt = make(map[[2]string]int, 2*len(recs))
	for i, rec := range recs {
		row := i + 1
		if hasStatus && built && strings.EqualFold(strings.TrimSpace(rec[statusCol]), "planned") {
			t.Planned++
			continue
		}
		if hasStatus && strings.EqualFold(strings.TrimSpace(rec[statusCol]), "decommissioning") {
			t.Decommissioning++ // still cabled: compared, and counted
		}
		get := func(name string) string {
			if i, ok := col[name]; ok {
				return strings.TrimSpace(rec[i])
			}
			return ""
		}
		if ty := get("side_a_type") + get("side_b_type"); ty != "" && strings.ReplaceAll(ty, "dcim.interface", "") != "" {
			continue // a power or console cable, not the fabric
		}
		aDevs, aNames := splitList(get("side_a_device")), splitList(get("side_a_name"))
		bDevs, bNames := splitList(get("side_b_device")), splitList(get("side_b_name"))
		if len(aDevs) != 1 || len(aNames) != 1 || len(bDevs) == 0 || len(bDevs) != len(bNames) {
			return nil, fmt.Errorf("row %d: side A needs one device and one interface, side B as many interfaces as devices (got %d and %d, %d and %d)", row, len(aDevs), len(aNames), len(bDevs), len(bNames))
		}
		for leg := range bDevs {
			aName := aNames[0]
			if len(bDevs) > 1 {
				aName += "s" + strconv.Itoa(leg) // swp7 → swp7s0: the leg's lane
			}
			var link Link
			link.Line = -row
			for i, end := range [2][2]string{{aDevs[0], aName}, {bDevs[leg], bNames[leg]}} {
				dev, name := end[0], end[1]
				if prev, dup := cabledAt[[2]string{dev, name}]; dup {
					return nil, fmt.Errorf("row %d: %s %s is already cabled at row %d; a port holds one cable", row, dev, name, prev)
				}
				cabledAt[[2]string{dev, name}] = row
				id, port, portName := dev, 0, name
				switch n, host := hostPortName(name); {
				case planSwitchPort(name):
					// A whole port and a lane of it are one physical port.
					base, _, split := strings.Cut(strings.TrimPrefix(name, "swp"), "s")
					key := [2]string{dev, base}
					if split {
						if prev, dup := wholeAt[key]; dup {
							return nil, fmt.Errorf("row %d: %s %s is a lane of swp%s, which row %d cables whole; a port is cabled whole or by lanes", row, dev, name, base, prev)
						}
						laneAt[key] = row
					} else {
						if prev, dup := laneAt[key]; dup {
							return nil, fmt.Errorf("row %d: %s %s is cabled whole, but row %d cables a lane of it; a port is cabled whole or by lanes", row, dev, name, prev)
						}
						wholeAt[key] = row
					}
					device(id, true, "", 0, row)
				case host:
					port = n // "p2": port 2 of an implicit host, one device
					device(id, false, "", n, row)
				default:
					id, port = dev+" "+name, 1
					device(id, false, dev, 1, row)
				}
				if i == 0 {
					link.A, link.APort, link.APortName = id, port, portName
				} else {
					link.B, link.BPort, link.BPortName = id, port, portName
				}
			}
			t.Links = append(t.Links, link)
		}
	}
	if len(t.Links) == 0 {
		return nil, fmt.Errorf("NetBox CSV: no cable rows of interfaces")
	}
	return t, nil
}

// splitList splits a comma-separated NetBox list cell ("a,b"), dropping
// blanks; an empty cell is no items.
func splitList(s string) []string {
	var out []string
	for _, f := range strings.Split(s, ",") {
		if f = strings.TrimSpace(f); f != "" {
			out = append(out, f)
		}
	}
	return out
}

// planSwitchPort reports whether name is a switch port as the cable plan
// names one ("swp7", "swp7s1"; ir.Graph.PortName), whatever its lanes.
func planSwitchPort(name string) bool {
	_, ok := switchPortNumber(name, maxLanes)
	return ok
}

// maxLanes bounds the lanes of a broken-out port that planSwitchPort
// accepts: more than any breakout cable has (8 legs, cabling.md). A
// guard, not a modelling value.
const maxLanes = 64

// hostPortName reads an implicit host's port as the cable plan names it
// ("p1", "p2": ir.Graph.PortName), its number from 1; false for any
// other name.
func hostPortName(name string) (int, bool) {
	rest, ok := strings.CutPrefix(name, "p")
	if !ok {
		return 0, false // before Atoi, whose error allocates (every switch port's name)
	}
	n, err := strconv.Atoi(rest)
	if err != nil || n < 1 || strconv.Itoa(n) != rest {
		return 0, false
	}
	return n, true
}
