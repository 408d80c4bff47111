package asbuilt_test

import (
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/topoc/topoc/compiler/asbuilt"
	"github.com/topoc/topoc/compiler/compiletest"
	"github.com/topoc/topoc/compiler/ir"
	"github.com/topoc/topoc/lang/diag"
)

// Real EOS output (napalm's test data, testdata/SOURCE.md): a Linux host
// answering on Ethernet22 with its port known by MAC and described eth0;
// and, in name order, a server that advertises bridge and router on
// Ethernet1/1 and two Junos switches whose quoted port ids name
// et-0/0/20, beside 26 interfaces with no neighbour.
func TestEOSRealFiles(t *testing.T) {
	type link struct{ a, b, bPort string }
	for _, c := range []struct {
		file    string
		links   []link
		devices int
		hosts   []string
	}{
		{"eos-lldp-issue903.json", []link{{"Ethernet22", "linux eth0", "eth0"}}, 2, []string{"linux eth0"}},
		{"eos-lldp-issue1153.json", []link{{"Ethernet1/1", "some-server", "eth0"}, {"Ethernet26/1", "some-other-switch", "et-0/0/20"}, {"Ethernet27/1", "some-switch", "et-0/0/20"}}, 4, nil},
	} {
		data, err := os.ReadFile("testdata/" + c.file)
		if err != nil {
			t.Fatal(err)
		}
		if f, ok := asbuilt.Detect(data); !ok || f != asbuilt.FormatEOS {
			t.Fatalf("%s: detected %q, want %s", c.file, f, asbuilt.FormatEOS)
		}
		topo, _, err := asbuilt.ParseFrom(data, "", "arista1")
		if err != nil {
			t.Fatalf("%s: %v", c.file, err)
		}
		if len(topo.Devices) != c.devices || len(topo.Links) != len(c.links) || !topo.Covered["arista1"] {
			t.Fatalf("%s: %d devices, links %+v; want %d devices, %d links", c.file, len(topo.Devices), topo.Links, c.devices, len(c.links))
		}
		for i, l := range topo.Links {
			w := c.links[i]
			if l.A != "arista1" || l.APortName != w.a || l.B != w.b || l.BPortName != w.bPort || l.PortNaming != "eos" || l.Line != -(i+1) {
				t.Errorf("%s link %d: %+v, want %+v", c.file, i, l, w)
			}
		}
		for _, h := range c.hosts {
			if d := topo.Device(h); d == nil || d.Switch || d.Chassis != strings.Fields(h)[0] {
				t.Errorf("%s: host %q read as %+v", c.file, h, d)
			}
		}
	}
}

// Port names as EOS writes them, numbered as the design numbers ports:
// EthernetN is port N; on an 8-lane cage split in 4, Ethernet3/1, /3, /5
// and /7 are lanes 0–3 of port 3 (ports 9–12 of 4-lane numbering), /5
// lane 1 of a split in 2 (port 6); on a
// 4-lane cage split in 4, /1–/4 are. A sub-port off the lane grid, a
// lane past the split, or another system's name is refused.
func TestEOSPortNumbers(t *testing.T) {
	checkPortNames(t, asbuilt.EOSPortNumber, []portNameCase{
		{"Ethernet7", 1, 8, 7, true}, {"Ethernet7/1", 1, 8, 7, true}, {"Ethernet7/5", 1, 8, 0, false},
		{"Ethernet3/1", 4, 8, 9, true}, {"Ethernet3/3", 4, 8, 10, true}, {"Ethernet3/7", 4, 8, 12, true},
		{"Ethernet3/2", 4, 8, 0, false}, {"Ethernet3/5", 2, 8, 6, true}, {"Ethernet3/3", 2, 8, 0, false},
		{"Ethernet3/4", 4, 4, 12, true}, {"Ethernet3/9", 4, 8, 0, false},
		{"Ethernet0", 1, 8, 0, false}, {"swp3", 1, 8, 0, false}, {"Ethernet", 1, 8, 0, false}, {"Ethernet1/x", 1, 8, 0, false},
	})
}

// portNameCase is a port name on a switch of lanes lanes per port and
// serdes electrical lanes per cage, and the number it must read as (ok
// false: refused).
type portNameCase struct {
	name          string
	lanes, serdes int
	want          int
	ok            bool
}

// checkPortNames runs number over the cases.
func checkPortNames(t *testing.T, number func(string, int, int) (int, bool), cases []portNameCase) {
	t.Helper()
	for _, c := range cases {
		got, ok := number(c.name, c.lanes, c.serdes)
		if got != c.want || ok != c.ok {
			t.Errorf("%s (%d lanes of %d): %d %v, want %d %v", c.name, c.lanes, c.serdes, got, ok, c.want, c.ok)
		}
	}
}

// eosFiles writes what `show lldp neighbors detail | json` shows on each
// switch of fabric f of g, cabled as designed (edit moves cables first):
// local ports named as EOS names them (swpN as EthernetN, lane l of an
// 8-lane 400G cage split in L as EthernetN/(l·8/L + 1)), a switch
// neighbour by its quoted interface name, a host by MAC with its OS name
// in the description.
func eosFiles(t *testing.T, g *ir.Graph, f ir.FabricID, edit func(map[string][][2]string)) map[string][]byte {
	t.Helper()
	eos := func(swp string, lanes int) string {
		var port, lane int
		if n, _ := fmt.Sscanf(swp, "swp%ds%d", &port, &lane); n == 2 {
			return fmt.Sprintf("Ethernet%d/%d", port, lane*8/lanes+1)
		}
		return "Ethernet" + strings.TrimPrefix(swp, "swp")
	}
	lanes := g.FabricLanes(f)
	nb := designNeighbours(g, f, func(p ir.Port, l *ir.Link) string { return eos(g.PortName(p, l), lanes[p.Node]) })
	if edit != nil {
		edit(nb)
	}
	files := map[string][]byte{}
	for sw, list := range nb {
		ifs := map[string]any{}
		for i, e := range list {
			peer, port, _ := strings.Cut(e[1], "|")
			isSwitch := strings.Contains(peer, "leaf") || strings.Contains(peer, "spine")
			info := map[string]any{"interfaceIdType": "interfaceName", "interfaceId": `"` + port + `"`, "interfaceDescription": port}
			if !isSwitch {
				info = map[string]any{"interfaceIdType": "macAddress", "interfaceId": fmt.Sprintf("b83f.d200.00%02x", i%256), "interfaceDescription": port}
			}
			ifs[e[0]] = map[string]any{"lldpNeighborInfo": []any{map[string]any{
				"systemName": peer, "chassisId": "0c42.a100.0001", "chassisIdType": "macAddress",
				"systemCapabilities":    map[string]any{"bridge": isSwitch, "router": isSwitch},
				"neighborInterfaceInfo": info,
			}}}
		}
		ifs["Ethernet64"] = map[string]any{"lldpNeighborInfo": []any{}} // an empty port
		data, err := json.MarshalIndent(map[string]any{"lldpNeighbors": ifs}, "", "  ")
		if err != nil {
			t.Fatal(err)
		}
		files[sw] = data
	}
	return files
}

// An Ethernet fabric whose switches run EOS, checked from the files each
// switch gives (lldpDesign: 2 spines, 2 leaves, 4 hosts), compares clean
// as designed; h0's cable moved from leaf0 Ethernet3 to Ethernet5 is one
// finding at the designed link; a leaf's two spine cables exchanged is
// one swapped pair.
func TestEOSCompare(t *testing.T) {
	g := compiletest.Source(t, lldpDesign)
	compare := func(files map[string][]byte) asbuilt.Result {
		t.Helper()
		return compareSwitchFiles(t, g, files, asbuilt.FormatEOS)
	}
	expectClean(t, compare(eosFiles(t, g, 0, nil)))
	moved := compare(eosFiles(t, g, 0, func(nb map[string][][2]string) {
		for i, e := range nb["leaf0"] {
			if e[0] == "Ethernet3" {
				nb["leaf0"][i][0] = "Ethernet5"
			}
		}
	}))
	if c := findingCodes(moved); c[diag.AsbuiltMissingLink]+c[diag.AsbuiltMiswired] != 1 {
		t.Errorf("h0 moved to leaf0 Ethernet5: findings %v; want the designed h0 link reported once", c)
	}
	// Findings name the ports as EOS does, the plan's name beside: the
	// port discovery named, and the one it did not, by the switch's
	// naming (leaf0's third port is Ethernet3/1 on its 8-lane cage).
	for _, d := range moved.Diags {
		if c := diag.CodeOf(d); (c == diag.AsbuiltMissingLink || c == diag.AsbuiltMiswired) && !strings.Contains(d.Detail, "leaf0 port 3 (Ethernet3/1, plan swp3)") {
			t.Errorf("h0 moved: %s names leaf0 port 3 otherwise than as EOS and the plan do: %s", c, d.Detail)
		}
	}
	swapped := compare(eosFiles(t, g, 0, func(nb map[string][][2]string) { swapLeaf1Uplinks(nb, "Ethernet") }))
	if c := findingCodes(swapped); c[diag.AsbuiltSwapped] != 1 {
		t.Errorf("leaf1's spine cables exchanged: findings %v; want one swapped pair", c)
	}
	for _, d := range swapped.Diags {
		if diag.CodeOf(d) == diag.AsbuiltSwapped && !strings.Contains(d.Detail, "leaf1 port 1 (Ethernet1, plan swp1)") {
			t.Errorf("swapped: the finding names leaf1 port 1 otherwise than as its file did: %s", d.Detail)
		}
	}
}

// eosPortName and sonicPortName invert eosPortNumber and
// sonicPortNumber for every port of a 64-cage switch, whole or split in
// 2, 4 or 8 on 8-lane cages and in 2 or 4 on 4-lane ones.
func TestPortNamesRoundTrip(t *testing.T) {
	for _, c := range []struct{ lanes, serdes int }{{1, 8}, {2, 8}, {4, 8}, {8, 8}, {1, 4}, {2, 4}, {4, 4}} {
		for p := 1; p <= 64*c.lanes; p++ {
			if got, ok := asbuilt.EOSPortNumber(asbuilt.EOSPortName(p, c.lanes, c.serdes), c.lanes, c.serdes); !ok || got != p {
				t.Fatalf("EOS, %d lanes of %d: port %d named %s reads back as %d, %v", c.lanes, c.serdes, p, asbuilt.EOSPortName(p, c.lanes, c.serdes), got, ok)
			}
			if got, ok := asbuilt.SONiCPortNumber(asbuilt.SONiCPortName(p, c.lanes, c.serdes), c.lanes, c.serdes); !ok || got != p {
				t.Fatalf("SONiC, %d lanes of %d: port %d named %s reads back as %d, %v", c.lanes, c.serdes, p, asbuilt.SONiCPortName(p, c.lanes, c.serdes), got, ok)
			}
		}
	}
}

// FuzzParseEOSLLDP: any input parses or fails with an error, never a
// panic; a parse always holds the local switch, first.
func FuzzParseEOSLLDP(f *testing.F) {
	data, _ := os.ReadFile("testdata/eos-lldp-issue1153.json")
	f.Add(data)
	f.Add([]byte(`{"lldpNeighbors":{"Ethernet1":{"lldpNeighborInfo":[{"systemName":"","chassisId":""}]}}}`))
	f.Add([]byte(`{"lldpNeighbors":[]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		topo, err := asbuilt.ParseEOSLLDP(data, "leaf0")
		if err == nil && (len(topo.Devices) == 0 || topo.Devices[0].ID != "leaf0") {
			t.Fatalf("parsed without the local device: %+v", topo.Devices)
		}
	})
}

// compareSwitchFiles parses the LLDP files of lldpDesign's four switches
// (each named after its switch), which must be in format want, merges
// them and compares them with fabric 0 of g.
func compareSwitchFiles(t *testing.T, g *ir.Graph, files map[string][]byte, want asbuilt.Format) asbuilt.Result {
	t.Helper()
	topo := &asbuilt.Topology{}
	for _, name := range []string{"leaf0", "leaf1", "spine0", "spine1"} {
		u, f, err := asbuilt.ParseFrom(files[name], "", name)
		if err != nil || f != want {
			t.Fatalf("%s: %v (%s, want %s)", name, err, f, want)
		}
		if err := topo.Merge(u); err != nil {
			t.Fatal(err)
		}
	}
	return asbuilt.Compare(g, 0, topo, asbuilt.Options{File: string(want)})
}

// expectClean fails the test unless lldpDesign's fabric compared clean:
// all 8 cables and 8 devices as designed, no finding but the host ports
// known by cable.
func expectClean(t *testing.T, r asbuilt.Result) {
	t.Helper()
	if r.MatchedLinks != r.Links || r.Links != 8 || r.MatchedDevices != 8 {
		for _, d := range r.Diags {
			t.Log(d.Summary, ": ", d.Detail)
		}
		t.Fatalf("clean: %d of %d links, %d devices; want 8 of 8, 8", r.MatchedLinks, r.Links, r.MatchedDevices)
	}
	for _, d := range r.Diags {
		if diag.CodeOf(d) != diag.AsbuiltUnnamedDevice {
			t.Errorf("clean fabric: unexpected %s: %s", diag.CodeOf(d), d.Detail)
		}
	}
}
