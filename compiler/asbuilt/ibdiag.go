package asbuilt

import (
	"bufio"
	"fmt"
	"io"
	"regexp"
	"strconv"
	"strings"
)

// lstEnd is one end of an ibdiagnet2.lst link: "{ SW Ports:24
// SystemGUID:… NodeGUID:… PortGUID:… VenID:… DevID:… Rev:… {desc}
// LID:0002 PN:14 }", every number hexadecimal; older ibdiagnet versions
// print no {desc}.
const lstEnd = `\{\s*(SW|CA|RT)\s+Ports:([0-9a-fA-F]+)\s+SystemGUID:[0-9a-fA-Fx]+\s+NodeGUID:(?:0x)?([0-9a-fA-F]+)\s+PortGUID:[0-9a-fA-Fx]+\s+VenID:\S+\s+DevID:\S+\s+Rev:\S+\s*(?:\{([^{}]*)\})?\s*LID:([0-9a-fA-F]+)\s+PN:([0-9a-fA-F]+)\s*\}`

// lstLine is a whole ibdiagnet2.lst line: two ends, then the link's
// width, logical state and speed.
var lstLine = regexp.MustCompile(`^` + lstEnd + `\s+` + lstEnd + `\s+PHY=(\S+)\s+LOG=(\S+)\s+SPD=(\S+)\s*$`)

// lstSpeeds names ibdiagnet's per-lane SPD numbers (Gb/s of one lane's
// signalling, IBTA) by InfiniBand generation, as ibnetdiscover writes
// them; a generation name is kept as it is.
var lstSpeeds = map[string]string{"2.5": "SDR", "5": "DDR", "10": "QDR", "14": "FDR", "25": "EDR", "50": "HDR", "100": "NDR", "200": "XDR"}

// ParseIBDiagnetLST reads ibdiagnet's ibdiagnet2.lst: one line per link,
// each end a device record with hexadecimal port count, GUIDs, LID and
// port number (PN:14 is port 20), then PHY=<width> LOG=<state>
// SPD=<lane speed> (docs/reference/handoffs.md, "InfiniBand"). Devices
// are named as ibnetdiscover names them ("S-<node GUID>", "H-<node
// GUID>"), so a GUID map or a description serves both; a device without
// a description (older versions print none) is described by that id.
// The speed reads as ibnetdiscover's ("4xNDR"; SPD=2.5 is SDR), a LOG
// other than ACT as the link's state (Link.State). A link
// listed twice is kept once; two lines that cable one port to two
// places, or a port number past the device's ports, are errors naming
// the line.
func ParseIBDiagnetLST(r io.Reader) (*Topology, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 1024), MaxLine)
	t := &Topology{}
	index := map[string]int{}
	cabled := cableSet{}
	line := 0
	for sc.Scan() {
		line++
		s := strings.TrimSpace(sc.Text())
		if s == "" || strings.HasPrefix(s, "#") {
			continue
		}
		m := lstLine.FindStringSubmatch(s)
		if m == nil {
			return nil, fmt.Errorf("line %d: not an ibdiagnet2.lst link (\"{ SW|CA Ports:… NodeGUID:… LID:… PN:… } { … } PHY=… LOG=… SPD=…\"): %.80q", line, s)
		}
		var ends [2]portEnd
		for i, f := range [2][]string{m[1:7], m[7:13]} {
			kind, portsHex, guid, desc, pnHex := f[0], f[1], f[2], f[3], f[5]
			ports, err1 := strconv.ParseUint(portsHex, 16, 16)
			pn, err2 := strconv.ParseUint(pnHex, 16, 16)
			if err1 != nil || err2 != nil || ports < 1 || ports > MaxPort || pn < 1 || pn > ports {
				return nil, fmt.Errorf("line %d: port PN:%s of a device of Ports:%s (hexadecimal) is not a port from 1 to its port count", line, pnHex, portsHex)
			}
			id := guidID(kind == "SW", guid)
			if _, ok := index[id]; !ok {
				if desc == "" {
					desc = id
				}
				index[id] = len(t.Devices)
				t.Devices = append(t.Devices, Device{ID: id, Switch: kind == "SW", Ports: int(ports), Desc: desc, Line: line})
			}
			ends[i] = portEnd{id, int(pn)}
		}
		if dup, err := cabled.add(ends); err != nil {
			return nil, fmt.Errorf("line %d: %v", line, err)
		} else if dup {
			continue // the same link listed from its other end
		}
		speed := ""
		if gen, ok := lstSpeeds[m[15]]; ok {
			speed = strings.ToLower(m[13]) + gen
		} else if _, ok := ibSpeeds[m[15]]; ok {
			speed = strings.ToLower(m[13]) + m[15]
		}
		state := ""
		if m[14] != "ACT" {
			state = m[14] // INI, ARM or DWN (ibdiagnet's logical port states)
		}
		t.Links = append(t.Links, Link{A: ends[0].dev, APort: ends[0].port, B: ends[1].dev, BPort: ends[1].port, Speed: speed, State: state, Line: line})
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("line %d: %v", line+1, err)
	}
	if len(t.Links) == 0 {
		return nil, fmt.Errorf("no link line in ibdiagnet2.lst")
	}
	return t, nil
}

// portEnd is one end of a cable: a device id and its port number.
type portEnd struct {
	dev  string
	port int
}

// cableSet holds the cables read so far, each end to the other, for the
// formats that may list a cable from both ends.
type cableSet map[portEnd]portEnd

// add records the cable between ends. dup is true when the same cable is
// already there (listed from its other end); an end already cabled
// elsewhere, or cabled to itself, is an error naming both places.
func (c cableSet) add(ends [2]portEnd) (dup bool, err error) {
	if ends[0] == ends[1] {
		return false, fmt.Errorf("%s port %d is cabled to itself", ends[0].dev, ends[0].port)
	}
	prev0, had0 := c[ends[0]]
	prev1, had1 := c[ends[1]]
	switch {
	case had0 && prev0 == ends[1] && had1 && prev1 == ends[0]:
		return true, nil
	case had0 || had1:
		e, p := ends[0], prev0
		if !had0 {
			e, p = ends[1], prev1
		}
		return false, fmt.Errorf("%s port %d is listed cabled to %s port %d, but an earlier line cables it to %s port %d", e.dev, e.port, other(ends, e).dev, other(ends, e).port, p.dev, p.port)
	}
	c[ends[0]], c[ends[1]] = ends[1], ends[0]
	return false, nil
}

// other returns the end of ends that is not e.
func other[E comparable](ends [2]E, e E) E {
	if ends[0] == e {
		return ends[1]
	}
	return ends[0]
}
