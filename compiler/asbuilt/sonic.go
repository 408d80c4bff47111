package asbuilt

import (
	"bufio"
	"bytes"
	"fmt"
	"strconv"
	"strings"

	"github.com/topoc/topoc/lang/units"
)

// ParseSONiCLLDP reads SONiC's `show lldp table` as collected on the
// switch named local (the file named after it, as for ParseLLDP): a
// "Capability codes" line, the header "LocalPort RemoteDevice
// RemotePortID Capability RemotePortDescr", a rule of dashes whose runs
// give the columns (the description may hold spaces), a row per
// neighbour (several on one port where several answer), and a trailer
// "Total entries displayed: N" after another rule
// (docs/reference/handoffs.md, "Ethernet / LLDP"). A neighbour whose
// capability codes hold B (bridge) or R (router) is a switch, its port
// the RemotePortID unless that is a MAC, then the description; any other
// is a host port "<device> <port>", as ParseLLDP makes them. Rows of the
// management interface (eth0) are not the fabric and are skipped. The
// local ports are SONiC's names ("Ethernet8"), numbered by
// sonicPortNumber. Errors name the line; a trailer whose count differs
// from the rows read is one (a cut file).
func ParseSONiCLLDP(data []byte, local string) (*Topology, error) {
	if local == "" {
		return nil, fmt.Errorf("show lldp table names no local device: name the file after the switch it was collected on")
	}
	s := newNeighbours(local, "sonic")
	var cols [][2]int // [start, end) of each column, from the rule
	rows, total, line := 0, -1, 0
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 0, 1024), MaxLine)
	for sc.Scan() {
		line++
		text := strings.TrimRight(sc.Text(), " \r")
		trimmed := strings.TrimSpace(text)
		switch {
		case trimmed == "" || strings.HasPrefix(trimmed, "Capability codes:") || strings.HasPrefix(trimmed, "LocalPort"):
			continue
		case strings.HasPrefix(trimmed, "Total entries displayed:"):
			n, err := strconv.Atoi(strings.TrimSpace(strings.TrimPrefix(trimmed, "Total entries displayed:")))
			if err != nil {
				return nil, fmt.Errorf("line %d: %q: no count", line, trimmed)
			}
			total = n
			continue
		case strings.Trim(trimmed, "- ") == "":
			if cols == nil {
				cols = ruleColumns(text)
				if len(cols) != 5 {
					return nil, fmt.Errorf("line %d: the rule under the header marks %d columns, not the 5 of show lldp table", line, len(cols))
				}
			}
			continue
		}
		if cols == nil {
			return nil, fmt.Errorf("line %d: a row before the header's rule of dashes; is this show lldp table?", line)
		}
		f := make([]string, len(cols))
		for i, c := range cols {
			// tabulate pads every column to its widest value, so a
			// value never runs into the gap before the next column: one
			// that does is a row shifted by an edit or a paste, whose
			// fields would be read cut ("pine0" for "spine0").
			if i > 0 && c[0]-1 < len(text) && text[c[0]-1] != ' ' {
				return nil, fmt.Errorf("line %d: the row does not line up with the header's columns (column %d starts at byte %d, where the row has %q): the table was edited or pasted; collect it again", line, i+1, c[0]+1, text[c[0]-1:min(c[0]+8, len(text))])
			}
			end := c[1]
			if i == len(cols)-1 {
				end = len(text) // the description runs to the end
			}
			if c[0] < len(text) {
				f[i] = strings.TrimSpace(text[c[0]:min(end, len(text))])
			}
		}
		localPort, device, portID, caps, descr := f[0], f[1], f[2], f[3], f[4]
		rows++
		if localPort == "eth0" {
			continue // the management network, not the fabric
		}
		if localPort == "" || device == "" {
			return nil, fmt.Errorf("line %d: no local port or remote device in %q", line, text)
		}
		port := portID
		if port == "" || isMAC(port) {
			port = descr
		}
		if port == "" {
			port = portID
		}
		if port == "" {
			return nil, fmt.Errorf("line %d: the neighbour's port has no id or description", line)
		}
		s.add(localPort, device, port, strings.ContainsAny(caps, "BR"))
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("line %d: %v", line+1, err)
	}
	if cols == nil {
		return nil, fmt.Errorf("not show lldp table: no header rule of dashes")
	}
	if total < 0 {
		return nil, fmt.Errorf("no \"Total entries displayed\" trailer after %s: the file is cut", units.CountOf(rows, "row", "rows"))
	}
	if total != rows {
		return nil, fmt.Errorf("the trailer says %d entries, but %d rows were read: the file is cut or edited", total, rows)
	}
	return s.t, nil
}

// ruleColumns returns the [start, end) of each run of dashes in a rule
// line ("-----  ----"), the columns of a tabulated table.
func ruleColumns(rule string) [][2]int {
	var cols [][2]int
	for i := 0; i < len(rule); {
		if rule[i] != '-' {
			i++
			continue
		}
		j := i
		for j < len(rule) && rule[j] == '-' {
			j++
		}
		cols = append(cols, [2]int{i, j})
		i = j
	}
	return cols
}

// isMAC reports whether s is a MAC address as LLDP tools print one
// ("00:00:00:00:00:01", "0c42.a100.0001").
func isMAC(s string) bool {
	hex := strings.NewReplacer(":", "", ".", "", "-", "").Replace(s)
	if len(hex) != 12 || len(hex) == len(s) {
		return false
	}
	_, err := strconv.ParseUint(hex, 16, 64)
	return err == nil
}

// sonicPortName names design port p (from 1) as SONiC names it, the
// inverse of sonicPortNumber: "EthernetN", N the port's first electrical
// lane from 0.
func sonicPortName(p, lanes, serdes int) string {
	lanes = max(lanes, 1)
	cage, l := (p-1)/lanes, (p-1)%lanes
	return fmt.Sprintf("Ethernet%d", cage*serdes+l*max(serdes/lanes, 1))
}

// sonicPortNumber numbers a switch port named as SONiC names it, as
// ir.Graph.PortNumbers numbers the design's: "EthernetN" with N the
// index of the port's first electrical lane, from 0 (SONiC's
// port_config.ini convention: Ethernet0, Ethernet8, … on 8-lane cages;
// a lane l of a cage split into lanes sub-ports starts at lane
// l·serdes/lanes, so Ethernet0, Ethernet2, Ethernet4, Ethernet6 are the
// four of the first 8-lane cage). false for any other name, or a name
// that starts on no lane boundary.
func sonicPortNumber(name string, lanes, serdes int) (int, bool) {
	rest, ok := strings.CutPrefix(name, "Ethernet")
	if !ok || rest == "" || strings.ContainsAny(rest, "/") {
		return 0, false
	}
	n, err := strconv.Atoi(rest)
	lanes = max(lanes, 1)
	if err != nil || n < 0 || serdes < lanes || serdes%lanes != 0 {
		return 0, false
	}
	cage, off := n/serdes, n%serdes
	if off%(serdes/lanes) != 0 {
		return 0, false
	}
	return cage*lanes + off/(serdes/lanes) + 1, true
}
