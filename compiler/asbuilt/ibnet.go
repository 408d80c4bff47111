// Package asbuilt reads what discovery tools report about a cabled
// fabric, for comparison with the design: InfiniBand's ibnetdiscover
// output first. Formats: docs/reference/handoffs.md ("InfiniBand") and
// ibnetdiscover(8), linux-rdma/rdma-core infiniband-diags. Parsers are
// written here, not taken from a library: no Go library reads these
// formats (NVIDIA topograph's pkg/ib parses a subset inside its own
// model), and each must refuse malformed input with the line it stops at.
package asbuilt

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/topoc/topoc/lang/units"
)

// Device is one node of a discovered fabric.
type Device struct {
	// ID is the node's id in the file ("S-<guid>", "H-<guid>", or an
	// ibsim net file's id).
	ID string
	// Switch is true for a switch ("Switch"), false for a channel
	// adapter ("Ca", "Hca") or router ("Rt").
	Switch bool
	// Ports is the port count the header states.
	Ports int
	// Desc is the NodeDescription ("MF0;leaf07:MQM9700/U1",
	// "dgx-04-c01 mlx5_5"); the id when the file gives none (an ibsim net
	// file, whose ids ibsim reports as the descriptions).
	Desc string
	// Line is the header's line number, from 1; File the file it is in
	// when several are read together (Topology.SetFile), else "".
	Line int
	File string
	// Chassis is set on the one-port devices LLDP makes of a host's
	// ports ("h0 ens1f0np0"): the host's system name. Several of them
	// may take the ports of one design host by their cables.
	Chassis string
	// PortNaming is set on the switch an LLDP file was collected on: how
	// that switch names its ports (Link.PortNaming).
	PortNaming string
	// Named is set where the file identifies a switch by its name alone
	// (LLDP, EOS, SONiC, NetQ, NetBox; not by a GUID): two such devices
	// whose names name one design switch ("spine0" and
	// "SPINE0.pod1.example.net") are that switch written two ways, and
	// Compare takes them as one.
	Named bool
}

// Link is one cabled port pair, listed once: A is the device whose record
// lists it first.
type Link struct {
	A, B         string // device ids
	APort, BPort int    // port numbers, from 1
	// APortName and BPortName are the ports' names where the file names
	// rather than numbers them (LLDP: "swp7", "swp7s1"); Compare numbers
	// a switch's by the design (0 until then).
	APortName, BPortName string
	// PortNaming is how the file's switch names its ports: "" for lldpd
	// (Cumulus "swpN", "swpNsL" as the cable plan names them, or SONiC's
	// "EthernetN"), "eos" for Arista EOS ("EthernetN", "EthernetN/M"),
	// "sonic" for SONiC's own table (namedPortNumber reads each).
	PortNaming string
	// Speed is the width and rate the file gives ("4xNDR"), or "".
	Speed string
	// State is the link's logical state where the file gives one and it
	// is not active ("INI", "Initialize", "Armed"), else "": such a link
	// is trained but the subnet manager has not made it carry traffic.
	State string
	Line  int
	File  string // as Device.File
	// Mutual is set on a cable between two devices a file was collected
	// on (LLDP on both switches) that both files list: each end hears
	// the other. Unset, the far end's file may be silent about the port
	// (Compare: a cable heard one way only).
	Mutual bool
}

// Topology is a discovered fabric: its devices in file order and its links.
type Topology struct {
	Devices []Device
	Links   []Link
	// Covered holds the devices a file was collected on (LLDP lists only
	// the neighbours of its own device); nil for fabric-wide discovery
	// (ibnetdiscover, iblinkinfo), which sees every cable.
	Covered map[string]bool
	// Planned counts the NetBox cable rows of status planned left out
	// (not built yet) of a file that records built cables; OnlyPlanned
	// is set when every row is planned (the file is the cable plan, read
	// as if built). Other formats leave both zero.
	Planned     int
	OnlyPlanned bool
	// Twice lists the pairs of LLDP files collected on one switch (by
	// their names, foldAliases): their cables are taken together.
	Twice [][2]string
	// Record is set when a file records cables (a NetBox export) rather
	// than discovering them: a device it lacks is in no row, not unseen.
	Record bool
	// Decommissioning counts the NetBox cable rows of status
	// decommissioning: still cabled, so compared, but on their way out.
	Decommissioning int
	// Conflicts lists the ports two merged files disagree about (each
	// names the port and both far ends); Compare keeps the first file's
	// cable (foldAliases, which Merge leaves them to).
	Conflicts []string

	// merged indexes Devices and Links for Merge, built at the second
	// file and kept up to date after it: rebuilding it at every file
	// would make merging one LLDP file per switch quadratic.
	merged *mergeIndex
	// disputes holds Conflicts as the ports and far ends they name:
	// Compare does not call a disputed port heard one way only as well,
	// and reads a misnamed file off them.
	disputes []portDispute
	// claims maps each port an LLDP file's own switch lists to the far
	// end the file names (a file lists only its own switch's ports, at
	// A), kept before Merge folds a cable listed at both ends into one:
	// Compare reads a misnamed file off them (misnamedFiles).
	claims map[namedEnd]namedEnd
	// unreconciled is set when Merge kept cables that disagree about a
	// port with cables of other files, for foldAliases.
	unreconciled bool
}

// mergeIndex is what Merge keeps between files: each device's index in
// Devices, and the cables named at both ends.
type mergeIndex struct {
	devices map[string]int
	cables  cableIndex
}

// Device returns the device with the given id, or nil.
func (t *Topology) Device(id string) *Device {
	for i := range t.Devices {
		if t.Devices[i].ID == id {
			return &t.Devices[i]
		}
	}
	return nil
}

// SetFile records file as the source of every device and link of t, for
// messages about topologies merged from several files.
func (t *Topology) SetFile(file string) {
	for i := range t.Devices {
		t.Devices[i].File = file
	}
	for i := range t.Links {
		t.Links[i].File = file
	}
}

// Merge adds the devices and links of u (another plane's subnet, read
// from its own file) to t. A device in both must be recorded alike (the
// same switch seen from two planes is one device only if its ports do not
// overlap); a device id in both with a different kind or description is
// an error.
func (t *Topology) Merge(u *Topology) error {
	if len(t.Devices) == 0 && len(t.Links) == 0 && len(t.Covered) == 0 && len(t.Conflicts) == 0 && t.Planned == 0 && t.Decommissioning == 0 {
		// The first file: nothing to reconcile, and indexing its every
		// cable (386,000 at 131k GPUs) would cost more than the compare.
		*t = *u
		return nil
	}
	if t.merged == nil {
		t.merged = &mergeIndex{devices: make(map[string]int, len(t.Devices))}
		for i := range t.Devices {
			t.merged.devices[t.Devices[i].ID] = i // index, not pointer: t.Devices grows below
		}
		for i, l := range t.Links {
			t.merged.cables.record(l, i)
		}
		t.claim(t)
	}
	t.claim(u)
	have := t.merged.devices
	for _, d := range u.Devices {
		if i, ok := have[d.ID]; ok {
			prev := &t.Devices[i]
			if prev.Switch != d.Switch || prev.Desc != d.Desc {
				return fmt.Errorf("line %d: device %s is recorded as %q here and as %q in an earlier file", d.Line, d.ID, d.Desc, prev.Desc)
			}
			if u.Covered[d.ID] {
				prev.PortNaming = d.PortNaming // its own file says how it names ports
			}
			continue
		}
		have[d.ID] = len(t.Devices)
		t.Devices = append(t.Devices, d)
	}
	// The NetBox status facts and conflicts travel with the cables: a
	// merged set is plan-only when every file in it is.
	t.OnlyPlanned = u.OnlyPlanned && (len(t.Links) == 0 || t.OnlyPlanned)
	t.Planned += u.Planned
	t.Decommissioning += u.Decommissioning
	t.Record = t.Record || u.Record
	t.Conflicts = append(t.Conflicts, u.Conflicts...)
	for id := range u.Covered {
		if t.Covered == nil {
			t.Covered = map[string]bool{}
		}
		t.Covered[id] = true
	}
	// A cable named at both ends (LLDP collected on both switches) is
	// kept once. Two files that say different things about one port may
	// disagree, or name one switch two ways ("spine0" in its own file,
	// "Spine0.example.net" in a neighbour's), which only Compare can tell
	// once it knows the design's names: such a cable is kept for
	// foldAliases to reconcile, which keeps the first file's.
	for _, l := range u.Links {
		if _, conflict := t.merged.cables.add(&t.Links, l); conflict {
			t.Links = append(t.Links, l)
			t.unreconciled = true
		}
	}
	return nil
}

// cableIndex holds the cables named at both ends (LLDP collected on both
// switches lists each switch-to-switch cable twice, once from each end)
// seen so far, by their ends: the index of each in the links it indexes,
// and the far end of each end.
type cableIndex struct {
	named map[[2]namedEnd]int
	far   map[namedEnd]namedEnd
}

// namedEnd is one named end of a cable: device id and port name.
type namedEnd struct{ dev, port string }

// record adds l, links[i], to the index.
func (x *cableIndex) record(l Link, i int) {
	if l.APortName == "" || l.BPortName == "" {
		return
	}
	if x.named == nil {
		x.named, x.far = map[[2]namedEnd]int{}, map[namedEnd]namedEnd{}
	}
	a, b := namedEnd{l.A, l.APortName}, namedEnd{l.B, l.BPortName}
	x.named[[2]namedEnd{a, b}] = i
	x.far[a], x.far[b] = b, a
}

// add appends l to *links unless it is a cable already there: listed
// from the other end (the other end's file listed it; the kept copy is
// marked Link.Mutual) or again from this one. Neither is a cable that
// puts a port already cabled elsewhere on another (leaf0's file: its
// swp1 reaches spine0 swp5; spine0's: its swp5 reaches leaf0 swp2),
// whose disagreement the dispute returned names, for
// Topology.Conflicts. A link without both port names (one numbered by
// the file) is always appended.
func (x *cableIndex) add(links *[]Link, l Link) (pd portDispute, conflict bool) {
	if l.APortName == "" || l.BPortName == "" {
		*links = append(*links, l)
		return pd, false
	}
	a, b := namedEnd{l.A, l.APortName}, namedEnd{l.B, l.BPortName}
	if i, ok := x.named[[2]namedEnd{b, a}]; ok {
		(*links)[i].Mutual = true
		return pd, false
	}
	if _, ok := x.named[[2]namedEnd{a, b}]; ok {
		return pd, false
	}
	for _, e := range [2][2]namedEnd{{a, b}, {b, a}} {
		if f, ok := x.far[e[0]]; ok {
			return portDispute{at: e[0], first: f, second: e[1]}, true
		}
	}
	x.record(l, len(*links))
	*links = append(*links, l)
	return pd, false
}

// claim records in t.claims what u's files say of their own switches'
// ports.
func (t *Topology) claim(u *Topology) {
	for _, l := range u.Links {
		if u.Covered[l.A] && l.APortName != "" && l.BPortName != "" {
			if t.claims == nil {
				t.claims = map[namedEnd]namedEnd{}
			}
			t.claims[namedEnd{l.A, l.APortName}] = namedEnd{l.B, l.BPortName}
		}
	}
}

// portDispute is a port two files describe two ways: at reaches first in
// the file read first, second in a later one.
type portDispute struct{ at, first, second namedEnd }

// String says it as a finding quotes it.
func (p portDispute) String() string {
	return fmt.Sprintf("%s %s reaches %s %s in one file and %s %s in another", p.at.dev, p.at.port, p.first.dev, p.first.port, p.second.dev, p.second.port)
}

// dispute records pd (cableIndex.add) in Conflicts and disputes.
func (t *Topology) dispute(pd portDispute) {
	t.Conflicts = append(t.Conflicts, pd.String())
	t.disputes = append(t.disputes, pd)
}

// MaxLine is the longest line ParseIBNetDiscover reads (ibnetdiscover's
// lines are under 300 bytes; a NodeDescription is at most 64).
const MaxLine = 4096

// ParseIBNetDiscover reads ibnetdiscover's default output (and ibsim's net
// files, the same shape): device records (`Switch|Ca|Hca|Rt <ports>
// "<id>"`, optionally with `# "<desc>" …`) and their port lines
// (`[<port>](<guid>)? "<peer id>"[<peer port>](<guid>)? # … <speed>`);
// comments, `vendid=`-style attribute lines and blank lines between
// records; anything before the first record that is not one of these
// (stderr lines such as an SMP timeout) is skipped. A link listed at both
// ends is kept once; the two listings must agree. Errors name the line.
func ParseIBNetDiscover(r io.Reader) (*Topology, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 1024), MaxLine)
	t := &Topology{}
	seen := map[string]int{}
	type key struct {
		id   string
		port int
	}
	listed := map[key]key{} // one end → the other, as listed
	target := map[key]key{} // an end → the end whose listing names it
	cur := -1
	line := 0
	for sc.Scan() {
		line++
		s := strings.TrimSpace(sc.Text())
		switch {
		case s == "" || strings.HasPrefix(s, "#"):
			continue
		case isAttr(s):
			cur = -1
			continue
		case strings.HasPrefix(s, "["):
			if cur < 0 {
				if len(t.Devices) == 0 {
					continue // stray output before the first record
				}
				return nil, fmt.Errorf("line %d: a port line outside a device record", line)
			}
			port, peer, peerPort, speed, err := parsePort(s)
			if err != nil {
				return nil, fmt.Errorf("line %d: %v", line, err)
			}
			d := &t.Devices[cur]
			if port < 1 || port > d.Ports && d.Ports > 0 {
				return nil, fmt.Errorf("line %d: port %d of %s, which has %d ports", line, port, d.ID, d.Ports)
			}
			a, b := key{d.ID, port}, key{peer, peerPort}
			if prev, dup := listed[a]; dup {
				return nil, fmt.Errorf("line %d: port %d of %s is listed twice (to %s port %d, then to %s port %d)", line, port, d.ID, prev.id, prev.port, peer, peerPort)
			}
			if from, ok := target[a]; ok && from != b {
				return nil, fmt.Errorf("line %d: %s port %d lists %s port %d, but %s port %d lists it", line, d.ID, port, peer, peerPort, from.id, from.port)
			}
			listed[a] = b
			target[b] = a
			if back, ok := listed[b]; ok {
				if back != a {
					return nil, fmt.Errorf("line %d: %s port %d lists %s port %d, but that port lists %s port %d", line, d.ID, port, peer, peerPort, back.id, back.port)
				}
				continue // the other end's listing added it
			}
			t.Links = append(t.Links, Link{A: d.ID, APort: port, B: peer, BPort: peerPort, Speed: speed, Line: line})
		default:
			dev, ok, err := parseHeader(s)
			if !ok {
				if len(t.Devices) == 0 {
					continue
				}
				return nil, fmt.Errorf("line %d: not a device record, port line, attribute or comment: %q", line, clip(s))
			}
			if err != nil {
				return nil, fmt.Errorf("line %d: %v", line, err)
			}
			if first, dup := seen[dev.ID]; dup {
				return nil, fmt.Errorf("line %d: device %s is recorded twice (first on line %d)", line, dev.ID, first)
			}
			dev.Line = line
			seen[dev.ID] = line
			t.Devices = append(t.Devices, dev)
			cur = len(t.Devices) - 1
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("line %d: %v", line+1, err)
	}
	if len(t.Devices) == 0 {
		if line == 0 {
			return nil, fmt.Errorf("the file is empty: not ibnetdiscover's default output")
		}
		return nil, fmt.Errorf("line %d: no device record (a line `Switch <ports> \"<id>\"` or `Ca <ports> \"<id>\"`) in %s: not ibnetdiscover's default output", line, units.CountOf(line, "line", "lines"))
	}
	for _, l := range t.Links {
		if _, ok := seen[l.B]; !ok {
			return nil, fmt.Errorf("line %d: %s port %d leads to %s, which has no record", l.Line, l.A, l.APort, l.B)
		}
	}
	return t, nil
}

// isAttr reports an attribute line of a record's preamble (vendid=0x2c9).
func isAttr(s string) bool {
	for _, p := range []string{"vendid=", "devid=", "sysimgguid=", "switchguid=", "caguid=", "rtguid="} {
		if strings.HasPrefix(s, p) {
			return true
		}
	}
	return false
}

// parseHeader reads `Switch 65 "S-…"  # "desc" …`; ok is false when s is
// not a header at all.
func parseHeader(s string) (Device, bool, error) {
	kind, rest, _ := strings.Cut(s, "\t")
	if strings.ContainsAny(kind, " ") {
		kind, rest, _ = strings.Cut(s, " ")
	}
	var d Device
	switch kind {
	case "Switch":
		d.Switch = true
	case "Ca", "Hca", "Rt":
	default:
		return d, false, nil
	}
	rest = strings.TrimSpace(rest)
	num, rest, _ := strings.Cut(rest, " ")
	if n, err := strconv.Atoi(strings.TrimSpace(num)); err != nil || n < 1 || n > 255 {
		return d, true, fmt.Errorf("%s record: port count %q is not a number from 1 to 255", kind, num)
	} else {
		d.Ports = n
	}
	id, rest, err := quoted(strings.TrimSpace(rest))
	if err != nil {
		return d, true, fmt.Errorf("%s record: %v", kind, err)
	}
	d.ID = id
	d.Desc = id // an ibsim net file: ibsim reports the id as the description
	if _, c, ok := strings.Cut(rest, "#"); ok {
		if desc, _, err := quoted(strings.TrimSpace(c)); err == nil {
			d.Desc = desc
		}
	}
	return d, true, nil
}

// parsePort reads `[1](guid) "S-…"[2](guid)  # … 4xNDR`.
func parsePort(s string) (port int, peer string, peerPort int, speed string, err error) {
	port, rest, err := bracketed(s)
	if err != nil {
		return
	}
	rest = skipGUID(rest)
	peer, rest, err = quoted(strings.TrimSpace(rest))
	if err != nil {
		return
	}
	peerPort, rest, err = bracketed(rest)
	if err != nil {
		return
	}
	if _, c, ok := strings.Cut(rest, "#"); ok {
		if f := strings.Fields(c); len(f) > 0 {
			last := f[len(f)-1]
			if strings.Contains(last, "x") && !strings.ContainsAny(last, "\"") {
				speed = last
			}
		}
	}
	return
}

// bracketed reads a leading "[n]".
func bracketed(s string) (int, string, error) {
	if !strings.HasPrefix(s, "[") {
		return 0, s, fmt.Errorf("expected [port], found %q", clip(s))
	}
	end := strings.IndexByte(s, ']')
	if end < 0 {
		return 0, s, fmt.Errorf("unclosed [ in %q", clip(s))
	}
	n, err := strconv.Atoi(s[1:end])
	if err != nil || n < 0 || n > 255 {
		return 0, s, fmt.Errorf("port %q is not a number from 0 to 255", s[1:end])
	}
	return n, s[end+1:], nil
}

// skipGUID drops a leading "(guid)".
func skipGUID(s string) string {
	if strings.HasPrefix(s, "(") {
		if end := strings.IndexByte(s, ')'); end > 0 {
			return s[end+1:]
		}
	}
	return s
}

// quoted reads a leading double-quoted string.
func quoted(s string) (string, string, error) {
	if !strings.HasPrefix(s, "\"") {
		return "", s, fmt.Errorf("expected a quoted id, found %q", clip(s))
	}
	end := strings.IndexByte(s[1:], '"')
	if end < 0 {
		return "", s, fmt.Errorf("unclosed quote in %q", clip(s))
	}
	return s[1 : end+1], s[end+2:], nil
}

// clip shortens s for a message.
func clip(s string) string {
	if len(s) > 60 {
		return s[:60] + "…"
	}
	return s
}
