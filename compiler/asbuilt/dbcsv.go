package asbuilt

import (
	"bufio"
	"encoding/csv"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// dbcsvWidths names the IBA PortInfo LinkWidthActive codes as
// ibnetdiscover writes widths (InfiniBand Architecture Specification
// vol. 1, PortInfo: 1 = 1x, 2 = 4x, 4 = 8x, 8 = 12x, 16 = 2x).
var dbcsvWidths = map[string]string{"1": "1x", "2": "4x", "4": "8x", "8": "12x", "16": "2x"}

// dbcsvSection is one START_<NAME> … END_<NAME> block of a db_csv file:
// its header's column positions and its rows, each with its line.
type dbcsvSection struct {
	col  map[string]int
	rows [][]string
	line []int
}

// get returns row i's value of column name, or "" when the section has
// no such column.
func (s *dbcsvSection) get(i int, name string) string {
	c, ok := s.col[name]
	if !ok || c >= len(s.rows[i]) {
		return ""
	}
	return strings.TrimSpace(s.rows[i][c])
}

// ParseIBDiagnetDBCSV reads ibdiagnet's ibdiagnet2.db_csv: sections
// START_<NAME>, a CSV header row, rows, END_<NAME>
// (docs/reference/handoffs.md, "InfiniBand"). It reads NODES (NodeDesc,
// NumPorts, NodeType: 1 channel adapter, 2 switch, 3 router; NodeGUID),
// LINKS (NodeGuid1, PortNum1, NodeGuid2, PortNum2) and, where present,
// PORTS (NodeGuid, PortNum, LinkWidthActv, PortState: dbcsvPorts), and
// skips every other section. A link whose port at either end is not
// Active has that state (Link.State).
// Devices are named as ibnetdiscover names them ("S-<node GUID>",
// "H-<node GUID>"), so a GUID map serves both. A link's width comes from
// PORTS ("4x"); its speed is not read, since the PortInfo speed code
// there is overridden by extended speed fields for FDR and faster, so
// verify checks the width of a db_csv link but not its generation. Some
// ibdiagnet versions write no LINKS section: that is an error that says
// to give ibdiagnet2.lst (or the run's ibdiagnet2.ibnetdiscover) instead.
// A link listed from both ends is kept once; a port cabled twice, a port
// past its device's count or a GUID not in NODES is an error naming the
// line.
func ParseIBDiagnetDBCSV(r io.Reader) (*Topology, error) {
	sections, err := readDBCSV(r)
	if err != nil {
		return nil, err
	}
	nodes, links := sections["NODES"], sections["LINKS"]
	if nodes == nil {
		return nil, fmt.Errorf("no NODES section in ibdiagnet2.db_csv")
	}
	if links == nil {
		return nil, fmt.Errorf("ibdiagnet2.db_csv has no LINKS section (some ibdiagnet versions write none); give the same run's ibdiagnet2.lst or ibdiagnet2.ibnetdiscover instead")
	}
	for _, need := range []struct {
		s    *dbcsvSection
		name string
		cols []string
	}{{nodes, "NODES", []string{"NodeDesc", "NumPorts", "NodeType", "NodeGUID"}}, {links, "LINKS", []string{"NodeGuid1", "PortNum1", "NodeGuid2", "PortNum2"}}} {
		for _, c := range need.cols {
			if _, ok := need.s.col[c]; !ok {
				return nil, fmt.Errorf("the %s section's header has no %s column", need.name, c)
			}
		}
	}
	t := &Topology{}
	byGUID := map[string]int{}
	for i := range nodes.rows {
		guid := hexGUID(nodes.get(i, "NodeGUID"))
		ports, err := strconv.Atoi(nodes.get(i, "NumPorts"))
		typ := nodes.get(i, "NodeType")
		switch {
		case guid == "":
			return nil, fmt.Errorf("line %d: NodeGUID %q is not a hexadecimal GUID", nodes.line[i], nodes.get(i, "NodeGUID"))
		case err != nil || ports < 1 || ports > MaxPort:
			return nil, fmt.Errorf("line %d: NumPorts %q is not a port count from 1 to %d", nodes.line[i], nodes.get(i, "NumPorts"), MaxPort)
		case typ != "1" && typ != "2" && typ != "3":
			return nil, fmt.Errorf("line %d: NodeType %q is not 1 (channel adapter), 2 (switch) or 3 (router)", nodes.line[i], typ)
		}
		if _, seen := byGUID[guid]; seen {
			continue // a node listed once per port some versions write
		}
		id := guidID(typ == "2", guid)
		desc := nodes.get(i, "NodeDesc")
		if desc == "" {
			desc = id
		}
		byGUID[guid] = len(t.Devices)
		t.Devices = append(t.Devices, Device{ID: id, Switch: typ == "2", Ports: ports, Desc: desc, Line: nodes.line[i]})
	}
	width, state, err := dbcsvPorts(sections["PORTS"], byGUID, t)
	if err != nil {
		return nil, err
	}
	cabled := cableSet{}
	for i := range links.rows {
		var ends [2]portEnd
		for k, f := range [2][2]string{{"NodeGuid1", "PortNum1"}, {"NodeGuid2", "PortNum2"}} {
			raw := links.get(i, f[0])
			d, ok := byGUID[hexGUID(raw)]
			if !ok {
				return nil, fmt.Errorf("line %d: %s %q is not a node of the NODES section", links.line[i], f[0], raw)
			}
			dev := &t.Devices[d]
			pn, err := strconv.Atoi(links.get(i, f[1]))
			if err != nil || pn < 1 || pn > dev.Ports {
				return nil, fmt.Errorf("line %d: %s %q is not a port of %s, which has %d", links.line[i], f[1], links.get(i, f[1]), dev.Desc, dev.Ports)
			}
			ends[k] = portEnd{dev.ID, pn}
		}
		if dup, err := cabled.add(ends); err != nil {
			return nil, fmt.Errorf("line %d: %v", links.line[i], err)
		} else if dup {
			continue
		}
		w, st := width[ends[0]], state[ends[0]]
		if w == "" {
			w = width[ends[1]]
		}
		if st == "" {
			st = state[ends[1]]
		}
		t.Links = append(t.Links, Link{A: ends[0].dev, APort: ends[0].port, B: ends[1].dev, BPort: ends[1].port, Speed: w, State: st, Line: links.line[i]})
	}
	if len(t.Links) == 0 {
		return nil, fmt.Errorf("the LINKS section of ibdiagnet2.db_csv lists no link")
	}
	return t, nil
}

// dbcsvStates names the IBA PortInfo PortState codes other than Active
// (InfiniBand Architecture Specification vol. 1, PortInfo: 1 Down,
// 2 Initialize, 3 Armed, 4 Active), as Link.State records a link that is
// cabled but not carrying traffic.
var dbcsvStates = map[string]string{"1": "Down", "2": "Initialize", "3": "Armed"}

// dbcsvPorts reads the PORTS section (nil when the file has none): each
// port's active width ("4x", from LinkWidthActv) and, when it is not
// Active, its state (PortState, dbcsvStates), by device and port. "N/A"
// (ibdiagnet's value for a field it could not read) and an absent column
// leave the port's entry out; any other value that is no IBA code is an
// error naming the line, since a width or state misread would be a
// finding about a link that is fine, or none about one that is not.
func dbcsvPorts(ps *dbcsvSection, byGUID map[string]int, t *Topology) (width, state map[portEnd]string, err error) {
	width, state = map[portEnd]string{}, map[portEnd]string{}
	if ps == nil {
		return width, state, nil
	}
	for i := range ps.rows {
		d, ok := byGUID[hexGUID(ps.get(i, "NodeGuid"))]
		pn, err := strconv.Atoi(ps.get(i, "PortNum"))
		if !ok || err != nil {
			continue // a port of no listed node: no link can name it
		}
		end := portEnd{t.Devices[d].ID, pn}
		switch w := ps.get(i, "LinkWidthActv"); {
		case dbcsvWidths[w] != "":
			width[end] = dbcsvWidths[w]
		case w != "" && w != "N/A":
			return nil, nil, fmt.Errorf("line %d: LinkWidthActv %q is not an InfiniBand width code (1, 2, 4, 8 or 16 for 1x, 4x, 8x, 12x, 2x)", ps.line[i], w)
		}
		switch st := ps.get(i, "PortState"); {
		case dbcsvStates[st] != "":
			state[end] = dbcsvStates[st]
		case st != "" && st != "N/A" && st != "4":
			return nil, nil, fmt.Errorf("line %d: PortState %q is not an InfiniBand port state (1 Down, 2 Initialize, 3 Armed, 4 Active)", ps.line[i], st)
		}
	}
	return width, state, nil
}

// hexGUID returns a GUID written "0x2c5eab0300b87b40" (or without 0x) as
// its lower-case hex digits, or "" when it is not one.
func hexGUID(s string) string {
	s = strings.TrimPrefix(strings.TrimPrefix(s, "0x"), "0X")
	if s == "" || len(s) > 16 {
		return ""
	}
	if _, err := strconv.ParseUint(s, 16, 64); err != nil {
		return ""
	}
	return strings.ToLower(s)
}

// dbcsvRead are the sections whose rows readDBCSV keeps; the others
// (counters, routing tables, cable data) can be large and are walked
// through.
var dbcsvRead = map[string]bool{"NODES": true, "PORTS": true, "LINKS": true}

// readDBCSV splits a db_csv file into the sections of dbcsvRead. Lines outside a
// section (comments, blank lines) are skipped; a section without its END
// line, a nested START or a row that is not CSV is an error naming the
// line. Rows are CSV (encoding/csv, quotes allowed: node descriptions
// may hold commas).
func readDBCSV(r io.Reader) (map[string]*dbcsvSection, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 1024), MaxLine)
	out := map[string]*dbcsvSection{}
	seen := map[string]bool{}
	var cur *dbcsvSection
	name, line, start := "", 0, 0
	for sc.Scan() {
		line++
		s := strings.TrimSpace(strings.TrimSuffix(sc.Text(), "\r"))
		switch {
		case cur == nil && strings.HasPrefix(s, "START_"):
			name, start = strings.TrimPrefix(s, "START_"), line
			if _, dup := out[name]; dup || seen[name] {
				return nil, fmt.Errorf("line %d: a second %s section", line, name)
			}
			cur = &dbcsvSection{}
			if dbcsvRead[name] {
				out[name] = cur
			} else {
				seen[name] = true // walked through, its rows not kept
			}
		case cur == nil:
			continue
		case s == "END_"+name:
			if cur.col == nil {
				return nil, fmt.Errorf("line %d: section %s has no header row", line, name)
			}
			cur = nil
		case strings.HasPrefix(s, "START_") || strings.HasPrefix(s, "END_"):
			return nil, fmt.Errorf("line %d: %s inside section %s (started on line %d), which has no END_%s", line, s, name, start, name)
		case s == "":
			continue
		default:
			cr := csv.NewReader(strings.NewReader(s))
			cr.FieldsPerRecord = -1
			rec, err := cr.Read()
			if err != nil {
				return nil, fmt.Errorf("line %d: not a CSV row: %v", line, err)
			}
			if !dbcsvRead[name] {
				if cur.col == nil {
					cur.col = map[string]int{}
				}
				continue
			}
			if cur.col == nil {
				cur.col = map[string]int{}
				for i, h := range rec {
					cur.col[strings.TrimSpace(h)] = i
				}
				continue
			}
			cur.rows = append(cur.rows, rec)
			cur.line = append(cur.line, line)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("line %d: %v", line+1, err)
	}
	if cur != nil {
		return nil, fmt.Errorf("section %s (line %d) has no END_%s: the file is cut short", name, start, name)
	}
	if len(out) == 0 && len(seen) == 0 {
		return nil, fmt.Errorf("no START_<NAME> section in ibdiagnet2.db_csv")
	}
	return out, nil
}
