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

// portsLine is one line of `ibnetdiscover -p` (infiniband-diags'
// ports report): `<CA|SW|RT> <lid> <port> 0x<guid> <width> <speed>`,
// then for a cabled port `- <CA|SW|RT> <lid> <port> 0x<guid> ( '<desc>'
// - '<peer desc>' )`, for an uncabled one `'<desc>'`. Seen on the real
// tool run under ibsim (compiler/asbuilt/testdata).
var portsLine = regexp.MustCompile(`^(CA|SW|RT)\s+(\d+)\s+(\d+)\s+0x([0-9a-fA-F]+)\s+(\S+)\s+(\S+)\s+(.*)$`)

// portsPeer is the rest of a cabled port's line.
var portsPeer = regexp.MustCompile(`^-\s+(CA|SW|RT)\s+(\d+)\s+(\d+)\s+0x([0-9a-fA-F]+)\s+\(\s+'(.*)'\s+-\s+'(.*)'\s+\)\s*$`)

// portsID is the device id a ports-report GUID gets: "S-" or "H-" and 16
// hex digits, as ibnetdiscover's default output names devices. For a
// switch the GUID is its node GUID, the id ibnetdiscover gives it; for an
// adapter it is the port's GUID (the report gives no node GUID), so a
// dual-port adapter is one device per port.
func portsID(kind, guid string) string {
	return guidID(kind == "SW", guid)
}

// guidID is the id of a device known by a GUID (hex digits, no 0x):
// "S-" for a switch, "H-" otherwise, and the GUID in 16 lower-case
// digits, as ibnetdiscover's default output names devices
// ("S-0000000000140600").
func guidID(isSwitch bool, guid string) string {
	p := "H-"
	if isSwitch {
		p = "S-"
	}
	return p + fmt.Sprintf("%016s", strings.ToLower(guid))
}

// ParseIBNetDiscoverPorts reads `ibnetdiscover -p` output: one line per
// port, a cabled one naming its peer. Every cable appears at both of its
// ends (both listings must agree) and is kept once; devices are recorded
// at their first line, their port count the highest port seen. Errors
// name the line.
func ParseIBNetDiscoverPorts(r io.Reader) (*Topology, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 1024), MaxLine)
	t := &Topology{}
	index := map[string]int{}
	type key struct {
		id   string
		port int
	}
	listed := map[key]key{}
	linkAt := map[key]int{} // an end whose line added a link → that link
	var both []bool         // per link: its other end's line was seen
	device := func(kind, guid, desc string, line int) string {
		id := portsID(kind, guid)
		if _, ok := index[id]; !ok {
			index[id] = len(t.Devices)
			t.Devices = append(t.Devices, Device{ID: id, Switch: kind == "SW", Desc: desc, Line: line})
		}
		return id
	}
	line := 0
	for sc.Scan() {
		line++
		s := strings.TrimSpace(sc.Text())
		if s == "" || strings.HasPrefix(s, "#") || strings.HasPrefix(s, "ibwarn:") {
			continue
		}
		m := portsLine.FindStringSubmatch(s)
		if m == nil {
			if len(t.Devices) == 0 && !looksLikePortLine(s) {
				continue // stray output before the report
			}
			return nil, fmt.Errorf("line %d: not a line of ibnetdiscover -p: %q", line, clip(s))
		}
		port, err := portNumber(m[3])
		if err != nil {
			return nil, fmt.Errorf("line %d: %v", line, err)
		}
		rest := m[7]
		if !strings.HasPrefix(rest, "-") {
			desc := strings.Trim(strings.TrimSpace(rest), "'")
			id := device(m[1], m[4], desc, line)
			d := &t.Devices[index[id]]
			d.Ports = max(d.Ports, port)
			continue // an uncabled port
		}
		p := portsPeer.FindStringSubmatch(rest)
		if p == nil {
			return nil, fmt.Errorf("line %d: a cabled port whose peer is not `- <CA|SW> <lid> <port> 0x<guid> ( '<desc>' - '<desc>' )`: %q", line, clip(s))
		}
		peerPort, err := portNumber(p[3])
		if err != nil {
			return nil, fmt.Errorf("line %d: %v", line, err)
		}
		a := device(m[1], m[4], p[5], line)
		b := device(p[1], p[4], p[6], line)
		t.Devices[index[a]].Ports = max(t.Devices[index[a]].Ports, port)
		t.Devices[index[b]].Ports = max(t.Devices[index[b]].Ports, peerPort)
		ka, kb := key{a, port}, key{b, peerPort}
		speed := strings.ToLower(m[5]) + strings.ToUpper(m[6])
		if prev, dup := listed[ka]; dup {
			return nil, fmt.Errorf("line %d: port %d of %s is listed twice (to %s port %d, before to %s port %d)", line, port, a, b, peerPort, prev.id, prev.port)
		}
		listed[ka] = kb
		if back, ok := listed[kb]; ok {
			if back != ka {
				return nil, fmt.Errorf("line %d: %s port %d lists %s port %d, but that port lists %s port %d", line, a, port, b, peerPort, back.id, back.port)
			}
			l := &t.Links[linkAt[kb]]
			if l.Speed != speed {
				return nil, fmt.Errorf("line %d: %s port %d reports %s, but its other end (line %d) %s: one cable has one width and speed", line, a, port, speed, l.Line, l.Speed)
			}
			both[linkAt[kb]] = true
			continue // the other end's line added it
		}
		linkAt[ka] = len(t.Links)
		t.Links = append(t.Links, Link{A: a, APort: port, B: b, BPort: peerPort, Speed: speed, Line: line})
		both = append(both, false)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("line %d: %v", line+1, err)
	}
	if len(t.Devices) == 0 {
		return nil, fmt.Errorf("no port line (`SW <lid> <port> 0x<guid> …`) in %s: not ibnetdiscover -p output", units.CountOf(line, "line", "lines"))
	}
	// The report lists every cabled port of every device it reached, so a
	// cable seen from one end only means a cut or edited file.
	for i, ok := range both {
		if !ok {
			l := t.Links[i]
			return nil, fmt.Errorf("line %d: %s port %d leads to %s port %d, whose own line is missing (the report lists both ends of every cable)", l.Line, l.A, l.APort, l.B, l.BPort)
		}
	}
	return t, nil
}

// looksLikePortLine reports whether s starts as a port line would (a
// device type and a number), so that a damaged first line is an error,
// not stray output.
func looksLikePortLine(s string) bool {
	f := strings.Fields(s)
	if len(f) < 2 || (f[0] != "CA" && f[0] != "SW" && f[0] != "RT") {
		return false
	}
	_, err := strconv.Atoi(f[1])
	return err == nil
}

// MaxPort is the highest InfiniBand port number: 8 bits, port 0 being a
// switch's management port (IBTA, InfiniBand Architecture Specification
// vol. 1, PortInfo:LocalPortNum).
const MaxPort = 255

// portNumber reads a port number of 1..MaxPort.
func portNumber(s string) (int, error) {
	p, err := strconv.Atoi(s)
	if err != nil || p < 1 || p > MaxPort {
		return 0, fmt.Errorf("port %q is not a port number 1..%d", s, MaxPort)
	}
	return p, nil
}
