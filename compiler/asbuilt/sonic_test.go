package asbuilt_test

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/topoc/topoc/compiler/asbuilt"
	"github.com/topoc/topoc/compiler/compiletest"
	"github.com/topoc/topoc/compiler/ir"
	"github.com/topoc/topoc/lang/diag"
)

// SONiC's own test vector of show lldp table (testdata/SOURCE.md): two
// neighbours of one switch on Ethernet0, both by MAC, so named by their
// descriptions, which hold a space; and the damage a cut file shows.
func TestSONiCRealFile(t *testing.T) {
	data, err := os.ReadFile("testdata/sonic-lldp-table-2macs.txt")
	if err != nil {
		t.Fatal(err)
	}
	if f, ok := asbuilt.Detect(data); !ok || f != asbuilt.FormatSONiC {
		t.Fatalf("detected %q, want %s", f, asbuilt.FormatSONiC)
	}
	topo, _, err := asbuilt.ParseFrom(data, "", "leaf0")
	if err != nil {
		t.Fatal(err)
	}
	if len(topo.Devices) != 2 || !topo.Devices[1].Switch || topo.Devices[1].ID != "dummy" || topo.Devices[0].PortNaming != "sonic" {
		t.Fatalf("devices %+v, want leaf0 and the switch dummy", topo.Devices)
	}
	want := []string{"First MAC", "Second MAC"}
	for i, l := range topo.Links {
		if l.APortName != "Ethernet0" || l.B != "dummy" || l.BPortName != want[i] {
			t.Errorf("link %d: %+v", i, l)
		}
	}
	cut := strings.Replace(string(data), "Second MAC\n", "Second MAC\nEthernet4    dummy           Ethernet8          R             up\n", 1)
	if _, _, err := asbuilt.ParseFrom([]byte(cut), "", "leaf0"); err == nil || !strings.Contains(err.Error(), "says 2 entries, but 3") {
		t.Errorf("a row more than the trailer counts: %v", err)
	}
	// Cut before its trailer (mid-row, or at a row's end): an error, not a
	// fabric with cables missing.
	noTrailer := string(data[:strings.Index(string(data), "Second MAC")+6])
	if _, _, err := asbuilt.ParseFrom([]byte(noTrailer), "", "leaf0"); err == nil || !strings.Contains(err.Error(), "the file is cut") {
		t.Errorf("a file cut before its trailer: %v", err)
	}
	// A row shifted by one byte (an edit, a paste) reads "ummy" and
	// "0:00:…" where it does not line up: refused with its line.
	shifted := strings.Replace(string(data), "Ethernet0    dummy", "Ethernet0   dummy", 1)
	if _, _, err := asbuilt.ParseFrom([]byte(shifted), "", "leaf0"); err == nil || !strings.Contains(err.Error(), "line 4: the row does not line up") {
		t.Errorf("a row shifted one byte left: %v", err)
	}
	mgmt := strings.Replace(string(data), "Second MAC\n", "Second MAC\neth0         oob-switch      Gi1/0/7            BR            mgmt\n", 1)
	mgmt = strings.Replace(mgmt, "displayed:  2", "displayed:  3", 1)
	if topo, _, err := asbuilt.ParseFrom([]byte(mgmt), "", "leaf0"); err != nil || len(topo.Links) != 2 {
		t.Errorf("an eth0 row: %v, %d links; want it skipped", err, len(topo.Links))
	}
}

// SONiC names a port by the index of its first electrical lane, from 0:
// on 8-lane cages Ethernet0 is port 1, Ethernet8 port 2; split in 4,
// Ethernet2 is lane 1 of port 1 (number 2), Ethernet10 lane 1 of port 2
// (number 6); on 4-lane cages Ethernet4 is port 2. Off-grid names and
// other systems' names are refused.
func TestSONiCPortNumbers(t *testing.T) {
	checkPortNames(t, asbuilt.SONiCPortNumber, []portNameCase{
		{"Ethernet0", 1, 8, 1, true}, {"Ethernet8", 1, 8, 2, true}, {"Ethernet4", 1, 8, 0, false},
		{"Ethernet2", 4, 8, 2, true}, {"Ethernet10", 4, 8, 6, true}, {"Ethernet3", 4, 8, 0, false},
		{"Ethernet4", 1, 4, 2, true}, {"Ethernet4", 2, 8, 2, true},
		{"Ethernet1/1", 1, 8, 0, false}, {"swp1", 1, 8, 0, false}, {"Ethernet", 1, 8, 0, false}, {"Ethernet-8", 1, 8, 0, false},
	})
}

// sonicFiles writes what show lldp table shows on each switch of fabric
// f of g, cabled as designed (edit moves cables first): SONiC port names
// (swpN of a 400G port as Ethernet8(N−1)), a switch neighbour by its
// port name, a host by MAC with its OS name in the description.
func sonicFiles(t *testing.T, g *ir.Graph, f ir.FabricID, edit func(map[string][][2]string)) map[string][]byte {
	t.Helper()
	sonic := func(swp string) string {
		var port int
		fmt.Sscanf(swp, "swp%d", &port)
		return fmt.Sprintf("Ethernet%d", 8*(port-1))
	}
	nb := designNeighbours(g, f, func(p ir.Port, l *ir.Link) string { return sonic(g.PortName(p, l)) })
	if edit != nil {
		edit(nb)
	}
	files := map[string][]byte{}
	for sw, list := range nb {
		var b strings.Builder
		b.WriteString("Capability codes: (R) Router, (B) Bridge, (O) Other\n")
		fmt.Fprintf(&b, "%-11s  %-14s  %-17s  %-12s  %s\n", "LocalPort", "RemoteDevice", "RemotePortID", "Capability", "RemotePortDescr")
		b.WriteString("-----------  --------------  -----------------  ------------  -----------------\n")
		for i, e := range list {
			peer, port, _ := strings.Cut(e[1], "|")
			id, caps, descr := port, "BR", port
			if !strings.Contains(peer, "leaf") && !strings.Contains(peer, "spine") {
				id, caps = fmt.Sprintf("b8:3f:d2:00:00:%02x", i%256), "O"
			}
			fmt.Fprintf(&b, "%-11s  %-14s  %-17s  %-12s  %s\n", e[0], peer, id, caps, descr)
		}
		fmt.Fprintf(&b, "%s\nTotal entries displayed:  %d\n", strings.Repeat("-", 50), len(list))
		files[sw] = []byte(b.String())
	}
	return files
}

// The Ethernet fabric of lldpDesign run on SONiC, checked from each
// switch's show lldp table: clean as designed, and h0's cable moved from
// leaf0 Ethernet16 (port 3) to Ethernet32 (port 5) is one finding at the
// designed link.
func TestSONiCCompare(t *testing.T) {
	g := compiletest.Source(t, lldpDesign)
	compare := func(files map[string][]byte) asbuilt.Result {
		t.Helper()
		return compareSwitchFiles(t, g, files, asbuilt.FormatSONiC)
	}
	expectClean(t, compare(sonicFiles(t, g, 0, nil)))
	moved := compare(sonicFiles(t, g, 0, func(nb map[string][][2]string) {
		for i, e := range nb["leaf0"] {
			if e[0] == "Ethernet16" {
				nb["leaf0"][i][0] = "Ethernet32"
			}
		}
	}))
	if c := findingCodes(moved); c[diag.AsbuiltMissingLink]+c[diag.AsbuiltMiswired] != 1 {
		t.Errorf("h0 moved to leaf0 Ethernet32: findings %v; want the designed h0 link reported once", c)
	}
}

// FuzzParseSONiCLLDP: any input parses or fails with an error, never a
// panic.
func FuzzParseSONiCLLDP(f *testing.F) {
	data, _ := os.ReadFile("testdata/sonic-lldp-table-2macs.txt")
	f.Add(data)
	f.Add([]byte("-- -\nEthernet0 x\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		topo, err := asbuilt.ParseSONiCLLDP(data, "leaf0")
		if err == nil && (len(topo.Devices) == 0 || topo.Devices[0].ID != "leaf0") {
			t.Fatalf("parsed without the local device: %+v", topo.Devices)
		}
	})
}
