package asbuilt

import (
	"bufio"
	"fmt"
	"io"
	"regexp"
	"strconv"
	"strings"

	"github.com/topoc/topoc/lang/units"
)

// linkInfoHeader is a device header of iblinkinfo's default output:
// `Switch: 0x<guid> <desc>:` or `CA: <desc>:` (rdma-core
// infiniband-diags iblinkinfo(8); seen on the real tool under ibsim).
var linkInfoHeader = regexp.MustCompile(`^(Switch|CA):\s+(?:0x([0-9a-fA-F]+)\s+)?(.*):$`)

// linkInfoPort is a port line: an adapter's starts with its port GUID;
// then `<lid> <port>[<ext>] ==( <state> )==> <peer lid> <peer port>[<ext>]
// "<peer desc>" ( <hints> )`. An uncabled port has no peer lid and port.
var linkInfoPort = regexp.MustCompile(`^(?:0x([0-9a-fA-F]+)\s+)?(\d+)\s+(\d+)\[[^\]]*\]\s+==\(\s*(.*?)\s*\)==>\s+(?:(\d+)\s+(\d+))?\s*\[[^\]]*\]\s+"(.*)"\s+\(.*\)\s*$`)

// linkInfoLong is the start of an `iblinkinfo -l` line: a GUID, then the
// quoted description.
var linkInfoLong = regexp.MustCompile(`^0x[0-9a-fA-F]+\s+"`)

// lanes names InfiniBand's per-lane signalling rates (Gb/s) as iblinkinfo
// prints them by their generation (IBTA; the width × generation form of
// ibnetdiscover, "4xNDR").
var lanes = map[string]string{"2.5": "SDR", "5.0": "DDR", "10.0": "QDR", "10.3125": "FDR10", "14.0625": "FDR", "25.78125": "EDR", "53.125": "HDR", "106.25": "NDR", "212.5": "XDR"}

// ParseIBLinkInfo reads iblinkinfo's default output: a header per device
// and a line per port naming its peer by LID, port and NodeDescription.
// iblinkinfo gives no peer GUID, so each cable is matched to the line its
// other end prints (same port pair, each naming the other's description,
// and the same LIDs when a subnet manager assigned them); a cable whose
// far end cannot be told apart (two devices of that description listing
// it back) is an error that says to use ibnetdiscover. Switch ids are
// "S-" and the node GUID; an adapter's "H-" and its first port's GUID
// (iblinkinfo prints no adapter node GUID). Each cable is kept once with
// its width and speed ("4xNDR"). Errors name the line. `iblinkinfo -l`
// (one line per port, no device headers) does not say which devices are
// switches and is refused.
func ParseIBLinkInfo(r io.Reader) (*Topology, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 1024), MaxLine)
	t := &Topology{}
	type portLine struct {
		dev, port, lid, peerLID, peerPort, line int
		peerDesc, speed, state                  string
	}
	var lines []portLine
	lid := map[int]int{} // device → its LID (0 without a subnet manager)
	cur, line := -1, 0
	for sc.Scan() {
		line++
		s := strings.TrimSpace(sc.Text())
		if s == "" || strings.HasPrefix(s, "ibwarn:") {
			continue
		}
		if h := linkInfoHeader.FindStringSubmatch(s); h != nil {
			d := Device{Switch: h[1] == "Switch", Desc: h[3], Line: line}
			if d.Switch {
				d.ID = guidID(true, h[2])
			}
			t.Devices = append(t.Devices, d)
			cur = len(t.Devices) - 1
			continue
		}
		p := linkInfoPort.FindStringSubmatch(s)
		switch {
		case p == nil && linkInfoLong.MatchString(s):
			return nil, fmt.Errorf("line %d: iblinkinfo -l output (one line per port, no Switch:/CA: headers) does not say which devices are switches: run iblinkinfo without -l, or ibnetdiscover", line)
		case p == nil && len(t.Devices) == 0:
			continue // stray output before the first header
		case p == nil:
			return nil, fmt.Errorf("line %d: not a device header or port line of iblinkinfo: %q", line, clip(s))
		case cur < 0:
			return nil, fmt.Errorf("line %d: a port line before any device header", line)
		}
		d := &t.Devices[cur]
		if d.ID == "" {
			if p[1] == "" {
				return nil, fmt.Errorf("line %d: an adapter's port line without its port GUID", line)
			}
			d.ID = guidID(false, p[1])
		}
		port, err := portNumber(p[3])
		if err != nil {
			return nil, fmt.Errorf("line %d: %v", line, err)
		}
		l, _ := strconv.Atoi(p[2])
		d.Ports = max(d.Ports, port)
		lid[cur] = l
		if p[5] == "" {
			continue // uncabled (Down/Polling)
		}
		peerLID, _ := strconv.Atoi(p[5])
		peerPort, err := portNumber(p[6])
		if err != nil {
			return nil, fmt.Errorf("line %d: %v", line, err)
		}
		lines = append(lines, portLine{dev: cur, port: port, lid: l, peerLID: peerLID, peerPort: peerPort, line: line, peerDesc: p[7], speed: linkSpeed(p[4]), state: linkState(p[4])})
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("line %d: %v", line+1, err)
	}
	if len(t.Devices) == 0 {
		return nil, fmt.Errorf("no device header (`Switch: 0x<guid> <desc>:` or `CA: <desc>:`) in %s: not iblinkinfo output", units.CountOf(line, "line", "lines"))
	}
	seen := map[string]int{}
	for _, d := range t.Devices {
		if first, dup := seen[d.ID]; dup {
			return nil, fmt.Errorf("line %d: device %s is listed twice (first on line %d)", d.Line, d.ID, first)
		}
		seen[d.ID] = d.Line
	}
	// Match each port line to its far end's line.
	type end struct{ dev, port int }
	at := map[end]int{}
	byDesc := map[string][]int{}
	for i, pl := range lines {
		if j, dup := at[end{pl.dev, pl.port}]; dup {
			return nil, fmt.Errorf("line %d: port %d of %s is listed twice (first on line %d)", pl.line, pl.port, t.Devices[pl.dev].Desc, lines[j].line)
		}
		at[end{pl.dev, pl.port}] = i
	}
	for i, d := range t.Devices {
		byDesc[d.Desc] = append(byDesc[d.Desc], i)
	}
	done := map[int]bool{}
	for i, pl := range lines {
		if done[i] {
			continue
		}
		var match []int
		for _, cand := range byDesc[pl.peerDesc] {
			if pl.peerLID != 0 && lid[cand] != pl.peerLID {
				continue
			}
			j, ok := at[end{cand, pl.peerPort}]
			if !ok {
				continue
			}
			back := lines[j]
			if back.peerPort == pl.port && back.peerDesc == t.Devices[pl.dev].Desc && (back.peerLID == 0 || back.peerLID == lid[pl.dev]) {
				match = append(match, j)
			}
		}
		switch len(match) {
		case 0:
			return nil, fmt.Errorf("line %d: %s port %d leads to %q port %d, which no device's port line lists back", pl.line, t.Devices[pl.dev].Desc, pl.port, pl.peerDesc, pl.peerPort)
		case 1:
		default:
			return nil, fmt.Errorf("line %d: %s port %d leads to %q port %d, and %d devices of that description list it back: iblinkinfo names peers by description only here; use ibnetdiscover, which names them by GUID", pl.line, t.Devices[pl.dev].Desc, pl.port, pl.peerDesc, pl.peerPort, len(match))
		}
		j := match[0]
		if lines[j].speed != pl.speed {
			return nil, fmt.Errorf("line %d: %s port %d reports %s, but its other end (line %d) %s: one cable has one width and speed", pl.line, t.Devices[pl.dev].Desc, pl.port, pl.speed, lines[j].line, lines[j].speed)
		}
		done[i], done[j] = true, true
		t.Links = append(t.Links, Link{A: t.Devices[pl.dev].ID, APort: pl.port, B: t.Devices[lines[j].dev].ID, BPort: pl.peerPort, Speed: pl.speed, State: pl.state, Line: pl.line})
	}
	return t, nil
}

// linkState returns the logical state of iblinkinfo's `4X 53.125 Gbps
// Active/ LinkUp` when it is not Active ("Initialize", "Armed"), else "".
func linkState(state string) string {
	f := strings.Fields(state)
	if len(f) < 4 {
		return ""
	}
	if s := strings.TrimSuffix(f[3], "/"); s != "Active" {
		return s
	}
	return ""
}

// linkSpeed turns iblinkinfo's `4X 53.125 Gbps Active/ LinkUp` into
// "4xHDR"; "" when the state gives no width or a rate of no known
// generation.
func linkSpeed(state string) string {
	f := strings.Fields(state)
	if len(f) < 3 || f[2] != "Gbps" || !strings.HasSuffix(f[0], "X") {
		return ""
	}
	gen, ok := lanes[f[1]]
	if !ok {
		return ""
	}
	return strings.TrimSuffix(f[0], "X") + "x" + gen
}
