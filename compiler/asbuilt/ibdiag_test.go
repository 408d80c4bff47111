package asbuilt_test

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/topoc/topoc/compiler/asbuilt"
	"github.com/topoc/topoc/compiler/compiletest"
	"github.com/topoc/topoc/lang/diag"
)

// A real ibdiagnet2.lst line (testdata/SOURCE.md): port numbers and port
// counts are hexadecimal (PN:14 is the port 20 ibdiagnet's own log names
// for this link; Ports:24 a 36-port SwitchX), SPD=2.5 is SDR, and a
// version that prints no node description leaves the devices named by
// GUID, as ibnetdiscover names them.
func TestIBDiagnetLSTReal(t *testing.T) {
	data, err := os.ReadFile("testdata/ibdiagnet2-lst-line.txt")
	if err != nil {
		t.Fatal(err)
	}
	topo, f, err := asbuilt.Parse(data, "")
	if err != nil || f != asbuilt.FormatIBDiagnetLST {
		t.Fatalf("%s: %v", f, err)
	}
	sw, ca := topo.Device("S-0002c90300688830"), topo.Device("H-0002c90300165e60")
	if sw == nil || ca == nil || !sw.Switch || ca.Switch || sw.Ports != 36 || ca.Ports != 2 || sw.Desc != sw.ID {
		t.Fatalf("devices %+v", topo.Devices)
	}
	if len(topo.Links) != 1 || topo.Links[0] != (asbuilt.Link{A: ca.ID, APort: 1, B: sw.ID, BPort: 20, Speed: "4xSDR", Line: 1}) {
		t.Errorf("links %+v, want the adapter's port 1 on switch port 20 at 4xSDR", topo.Links)
	}
}

// The SuperPOD at one SU as ibsim's ibnetdiscover -p saw it, rewritten
// line for line as ibdiagnet2.lst (hexadecimal ports, descriptions in
// braces, NDR as SPD=100): the same devices and cables, and a
// comparison with the design as clean as the ports report's (508 cables
// as designed, no finding). A cable listed from both ends is kept once;
// one port listed on two cables, a port past the device's count and a
// line of another shape are errors with their line.
func TestIBDiagnetLSTRoundTrip(t *testing.T) {
	data, err := os.ReadFile("testdata/superpod-1su-ports.txt")
	if err != nil {
		t.Fatal(err)
	}
	ports, _, err := asbuilt.Parse(data, asbuilt.FormatIBNetDiscoverPorts)
	if err != nil {
		t.Fatal(err)
	}
	end := func(id string, port int) string {
		d := ports.Device(id)
		kind := "CA"
		if d.Switch {
			kind = "SW"
		}
		guid := strings.TrimPrefix(strings.TrimPrefix(id, "S-"), "H-")
		return fmt.Sprintf("{ %s Ports:%02x SystemGUID:%s NodeGUID:%s PortGUID:%s VenID:000002c9 DevID:d2f0 Rev:000000a0 {%s} LID:%04x PN:%02x }", kind, d.Ports, guid, guid, guid, d.Desc, 1, port)
	}
	line := func(l asbuilt.Link) string {
		return fmt.Sprintf("%s %s PHY=4x LOG=ACT SPD=100\n", end(l.A, l.APort), end(l.B, l.BPort))
	}
	var b strings.Builder
	for _, l := range ports.Links {
		b.WriteString(line(l))
	}
	lst := b.String()
	topo, f, err := asbuilt.Parse([]byte(lst), "")
	if err != nil || f != asbuilt.FormatIBDiagnetLST {
		t.Fatalf("%s: %v", f, err)
	}
	if len(topo.Devices) != len(ports.Devices) || len(topo.Links) != len(ports.Links) {
		t.Fatalf("%d devices, %d links; the ports report has %d, %d", len(topo.Devices), len(topo.Links), len(ports.Devices), len(ports.Links))
	}
	for i, l := range topo.Links {
		p := ports.Links[i]
		if l.A != p.A || l.APort != p.APort || l.B != p.B || l.BPort != p.BPort || l.Speed != "4xNDR" {
			t.Fatalf("link %d: %+v, the ports report's %+v", i, l, p)
		}
	}
	g := compiletest.Example(t, "dgx-h100-superpod", "scalable_units=1")
	r := asbuilt.Compare(g, 0, topo, asbuilt.Options{})
	if len(r.Diags) != 0 || r.MatchedLinks != r.Links || r.Links != 508 {
		t.Errorf("%d findings (%v), %d of %d links", len(r.Diags), r.Diags, r.MatchedLinks, r.Links)
	}
	// One link left in INI (trained, not yet made active by the subnet
	// manager): cabled as designed, one asbuilt-link-state finding.
	first, rest, _ := strings.Cut(lst, "\n")
	ini, _, err := asbuilt.Parse([]byte(strings.Replace(first, "LOG=ACT", "LOG=INI", 1)+"\n"+rest), "")
	if err != nil {
		t.Fatal(err)
	}
	if r := asbuilt.Compare(g, 0, ini, asbuilt.Options{}); len(r.Diags) != 1 || diag.CodeOf(r.Diags[0]) != diag.AsbuiltLinkState || r.MatchedLinks != r.Links || len(r.Absent) != 1 {
		t.Errorf("one link in INI: findings %v, %d of %d links, %d absent; want one asbuilt-link-state, the link counted absent", r.Diags, r.MatchedLinks, r.Links, len(r.Absent))
	}
	l0 := ports.Links[0]
	reversed := line(asbuilt.Link{A: l0.B, APort: l0.BPort, B: l0.A, BPort: l0.APort})
	if twice, _, err := asbuilt.Parse([]byte(lst+reversed), ""); err != nil || len(twice.Links) != len(ports.Links) {
		t.Errorf("a cable listed from its other end too: %v", err)
	}
	// Link 0's first end again, on a free port of the second device.
	moved := line(asbuilt.Link{A: l0.A, APort: l0.APort, B: l0.B, BPort: ports.Device(l0.B).Ports})
	for _, c := range []struct{ in, want string }{
		{lst + moved, fmt.Sprintf("line %d", len(ports.Links)+1)},
		{strings.Replace(first, "PN:01 }", "PN:ff }", 1) + "\n", "line 1"},
		{"{ SW Ports:24 rubbish }\n", "line 1"},
	} {
		if _, _, err := asbuilt.Parse([]byte(c.in), asbuilt.FormatIBDiagnetLST); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%.60q…: %v, want an error naming %s", c.in, err, c.want)
		}
	}
}

// Cables that cross rails (the SuperPOD's ports report at one SU, edited):
// node00's NIC 4 and NIC 5 cables exchanged between the rail-4 and rail-5
// leaves is one asbuilt-rail-crossed finding, not a plain swap; NIC 4's
// cable moved to rail 5's leaf, NIC 5's pulled, is two (each leaf port
// finds another rail's NIC). Exchanging two nodes' cables on one rail's
// leaf stays a plain swap.
func TestRailCrossed(t *testing.T) {
	data, err := os.ReadFile("testdata/superpod-1su-ports.txt")
	if err != nil {
		t.Fatal(err)
	}
	g := compiletest.Example(t, "dgx-h100-superpod", "scalable_units=1")
	parse := func() *asbuilt.Topology {
		topo, _, err := asbuilt.Parse(data, asbuilt.FormatIBNetDiscoverPorts)
		if err != nil {
			t.Fatal(err)
		}
		return topo
	}
	// at returns the index of the link whose adapter end is described
	// desc (an ibsim ports report describes node00's NIC 4 "su0/node00/nic4").
	at := func(topo *asbuilt.Topology, desc string) int {
		for i, l := range topo.Links {
			for _, id := range []string{l.A, l.B} {
				if d := topo.Device(id); d != nil && !d.Switch && strings.Contains(d.Desc, desc) {
					return i
				}
			}
		}
		t.Fatalf("no link of %s", desc)
		return -1
	}
	switchEnd := func(l *asbuilt.Link) (*string, *int) {
		if strings.HasPrefix(l.A, "S-") {
			return &l.A, &l.APort
		}
		return &l.B, &l.BPort
	}
	exchange := func(topo *asbuilt.Topology, x, y int) {
		xd, xp := switchEnd(&topo.Links[x])
		yd, yp := switchEnd(&topo.Links[y])
		*xd, *yd, *xp, *yp = *yd, *xd, *yp, *xp
	}
	codes := func(topo *asbuilt.Topology) map[diag.Code]int {
		return findingCodes(asbuilt.Compare(g, 0, topo, asbuilt.Options{IgnoreSpeed: true}))
	}
	topo := parse()
	exchange(topo, at(topo, "node00/nic4"), at(topo, "node00/nic5"))
	if c := codes(topo); c[diag.AsbuiltRailCrossed] != 1 || len(c) != 1 {
		t.Errorf("NIC 4 and 5 exchanged between rails: findings %v, want one asbuilt-rail-crossed", c)
	}
	topo = parse()
	n4, n5 := at(topo, "node00/nic4"), at(topo, "node00/nic5")
	d4, p4 := switchEnd(&topo.Links[n4])
	d5, p5 := switchEnd(&topo.Links[n5])
	*d4, *p4 = *d5, *p5
	topo.Links = append(topo.Links[:n5], topo.Links[n5+1:]...)
	if c := codes(topo); c[diag.AsbuiltRailCrossed] != 2 {
		t.Errorf("NIC 4 on rail 5's leaf: findings %v, want two asbuilt-rail-crossed", c)
	}
	topo = parse()
	exchange(topo, at(topo, "node00/nic4"), at(topo, "node01/nic4"))
	if c := codes(topo); c[diag.AsbuiltSwapped] != 1 || c[diag.AsbuiltRailCrossed] != 0 {
		t.Errorf("two nodes' NIC 4 exchanged on one leaf: findings %v, want one plain swap", c)
	}
	// The uplinks of the rail-0 and rail-1 leaves exchanged at a spine,
	// which is of no rail: each cable still joins a leaf and the spine,
	// so nothing crosses rails; a plain swap (trial 61 read it as
	// asbuilt-rail-crossed, "from rail 0 to rail 1").
	topo = parse()
	uplink := func(leaf string) int {
		for i, l := range topo.Links {
			a, b := topo.Device(l.A), topo.Device(l.B)
			if a != nil && b != nil && a.Switch && b.Switch && (a.Desc == leaf && b.Desc == "spine0" || b.Desc == leaf && a.Desc == "spine0") {
				return i
			}
		}
		t.Fatalf("no uplink of %s to spine0", leaf)
		return -1
	}
	x, y := uplink("su0/leaf0"), uplink("su0/leaf1")
	spineEnd := func(l *asbuilt.Link) *int {
		if topo.Device(l.A).Desc == "spine0" {
			return &l.APort
		}
		return &l.BPort
	}
	px, py := spineEnd(&topo.Links[x]), spineEnd(&topo.Links[y])
	*px, *py = *py, *px
	if c := codes(topo); c[diag.AsbuiltSwapped] != 1 || c[diag.AsbuiltRailCrossed] != 0 {
		t.Errorf("two leaves' uplinks exchanged at a spine: findings %v, want one plain swap", c)
	}
}

// A server none of whose adapters is in the discovery is one
// asbuilt-missing-device finding, "Server not discovered", not one
// missing link per adapter (trial 61: an absent DGX was eight "Cable
// missing" errors); a server that lost one cable keeps its
// asbuilt-missing-link.
func TestMissingServerOnce(t *testing.T) {
	data, err := os.ReadFile("testdata/superpod-1su-ports.txt")
	if err != nil {
		t.Fatal(err)
	}
	g := compiletest.Example(t, "dgx-h100-superpod", "scalable_units=1")
	topo, _, err := asbuilt.Parse(data, asbuilt.FormatIBNetDiscoverPorts)
	if err != nil {
		t.Fatal(err)
	}
	keep := topo.Links[:0]
	dropped := false
	for _, l := range topo.Links {
		a, b := topo.Device(l.A), topo.Device(l.B)
		if a != nil && b != nil && (strings.Contains(a.Desc, "su0/node03/") || strings.Contains(b.Desc, "su0/node03/")) {
			continue
		}
		if !dropped && a != nil && b != nil && (strings.Contains(a.Desc, "su0/node05/nic2") || strings.Contains(b.Desc, "su0/node05/nic2")) {
			dropped = true
			continue
		}
		keep = append(keep, l)
	}
	topo.Links = keep
	// node03's adapters are gone from the file too, as from a discovery
	// of a server that is down.
	devs := topo.Devices[:0]
	for _, d := range topo.Devices {
		if !strings.Contains(d.Desc, "su0/node03/") {
			devs = append(devs, d)
		}
	}
	topo.Devices = devs
	r := asbuilt.Compare(g, 0, topo, asbuilt.Options{IgnoreSpeed: true})
	c := findingCodes(r)
	if c[diag.AsbuiltMissingDevice] != 1 || c[diag.AsbuiltMissingLink] != 1 || len(c) != 2 {
		t.Fatalf("findings %v, want one missing device (node03) and one missing link (node05's NIC 2)", c)
	}
	for _, d := range r.Diags {
		if diag.CodeOf(d) == diag.AsbuiltMissingDevice && (d.Summary != "Server not discovered" || !strings.Contains(d.Detail, "su0/node03, with 8 adapters")) {
			t.Errorf("missing device: %s: %s", d.Summary, d.Detail)
		}
	}
	n := 0
	for _, id := range r.Absent {
		if l := g.Link(id); strings.HasPrefix(g.Nodes[l.A.Node].Name, "su0/node03/") || strings.HasPrefix(g.Nodes[l.B.Node].Name, "su0/node03/") {
			n++
		}
	}
	if n != 8 {
		t.Errorf("%d of node03's links absent as built, want its 8", n)
	}
}
