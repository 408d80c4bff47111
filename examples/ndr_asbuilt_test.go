package examples_test

import (
	"encoding/csv"
	"maps"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/topoc/topoc/compiler/asbuilt"
	"github.com/topoc/topoc/compiler/ir"
	"github.com/topoc/topoc/lang/diag"
)

// examples/dgx-ndr-asbuilt against the real discovery it was written for
// (compiler/asbuilt/testdata/ibnetdiscover-ndr-dgx.out): what an expert
// reads off the file, each number counted from the file by hand
// (examples/dgx-ndr-asbuilt/README.md): the absent leaf IBLEAF-03-01
// (SU 1, rail 3); the twelve leaves short of their 18 spine uplinks,
// each with its count (26 links in all); five servers with none of
// their four cables (dgx-02-c05, -c15, dgx-04-c18, dgx-07-c05,
// dgx-08-c02); 137 adapters matched only by their cable (66 with the
// default description, 68 of SU 4 named mlx5_N, 3 of a host that calls
// itself localhost) and 3 more default-named ones taken for the other
// end of an exchanged pair; the 40 SHARP aggregation nodes and the 4
// UFM ports set apart; and the cabling faults: two host cables exchanged
// between the rail-3 and rail-4 leaves of SU 8 (a rail crossed), four
// host swaps (SU 6 rail 2 c07/c08, rail 1 c02/c04; SU 1 c11/c12 rail 2,
// c11/c14 rail 4), three spine cable pairs exchanged.
func TestNDRAsBuilt(t *testing.T) {
	g := compileGraph(t, "dgx-ndr-asbuilt")
	data, err := os.ReadFile("../compiler/asbuilt/testdata/ibnetdiscover-ndr-dgx.out")
	if err != nil {
		t.Fatal(err)
	}
	topo, _, err := asbuilt.Parse(data, asbuilt.FormatIBNetDiscover)
	if err != nil {
		t.Fatal(err)
	}
	f, err := os.Open("dgx-ndr-asbuilt/names.csv")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	r := csv.NewReader(f)
	r.Comment = '#'
	recs, err := r.ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	m := map[string]string{}
	for _, rec := range recs {
		m[rec[0]] = rec[1]
	}
	res := asbuilt.Compare(g, 0, topo, asbuilt.Options{Map: m, File: "ndr.out"})
	codes := map[diag.Code]int{}
	for _, d := range res.Diags {
		codes[diag.CodeOf(d)]++
	}
	// Missing devices: the leaf and the five servers none of whose four
	// adapters is in the file (one finding each, not four missing links:
	// trial 61); missing links: the 26 spine uplinks.
	want := map[diag.Code]int{diag.AsbuiltMissingDevice: 6, diag.AsbuiltMissingLink: 26, diag.AsbuiltUnnamedDevice: 140,
		diag.AsbuiltSwapped: 7, diag.AsbuiltRailCrossed: 1}
	if !maps.Equal(codes, want) || res.ByPosition != 140 || res.SetApart != 44 || res.Devices != 617 || res.Links != 1152 {
		t.Errorf("findings %v, %d by cable, %d set apart, %d devices, %d links; want %v, 140, 40 SHARP + 4 UFM, 617, 1,152", codes, res.ByPosition, res.SetApart, res.Devices, res.Links, want)
	}
	if len(res.MissingSwitches) != 1 || g.Nodes[res.MissingSwitches[0]].Name != "su0/leaf2" {
		t.Errorf("missing switches %v, want su0/leaf2 (IBLEAF-03-01)", res.MissingSwitches)
	}
	// Spine uplinks found per leaf (18 designed), the short ones.
	short := map[string]int{"su0/leaf0": 17, "su1/leaf0": 14, "su2/leaf0": 16, "su2/leaf1": 15, "su3/leaf1": 16, "su1/leaf3": 16,
		"su3/leaf3": 16, "su4/leaf0": 16, "su6/leaf0": 16, "su7/leaf0": 17, "su5/leaf1": 16, "su6/leaf2": 15}
	absentUp, absentDown := map[string]int{}, map[string]int{}
	for _, id := range res.Absent {
		l := g.Link(id)
		a, b := g.Nodes[l.A.Node].Name, g.Nodes[l.B.Node].Name
		switch {
		case a == "su0/leaf2" || b == "su0/leaf2":
		case l.Kind == ir.LinkLeafSpine:
			absentUp[a]++
		case l.Kind == ir.LinkNodeLeaf:
			absentDown[g.Nodes[g.Nodes[l.A.Node].Parent].Name]++
		}
	}
	for leaf, up := range short {
		if got := 18 - absentUp[leaf]; got != up {
			t.Errorf("%s: %d spine uplinks as built, the file has %d", leaf, got, up)
		}
	}
	if len(absentUp) != len(short) {
		t.Errorf("leaves short of uplinks %v, want the %d of the file", absentUp, len(short))
	}
	// Servers with host cables not between their NIC and its leaf: the
	// five with none of their four, and SU 8's c01, whose two cables are
	// exchanged across rails (cables exchanged on one leaf are still
	// between their NIC and its leaf).
	wantDown := map[string]int{"a06-p1-dgx-02-c05": 4, "a06-p1-dgx-02-c15": 4, "a08-p1-dgx-04-c18": 4, "b07-p1-dgx-07-c05": 4,
		"b08-p1-dgx-08-c02": 4, "b08-p1-dgx-08-c01": 2}
	for _, name := range slices.Sorted(maps.Keys(wantDown)) {
		if absentDown[name] != wantDown[name] {
			t.Errorf("%s: %d host cables absent as built, want %d", name, absentDown[name], wantDown[name])
		}
	}
	if len(absentDown) != len(wantDown) {
		t.Errorf("servers with host cables absent %v, want %v", absentDown, wantDown)
	}
	labelled := false
	for _, d := range res.Diags {
		if diag.CodeOf(d) == diag.AsbuiltRailCrossed && !strings.Contains(d.Detail, "b08-p1-dgx-08-c01/nic2") {
			t.Errorf("rail crossing: %s, want SU 8's c01 NICs on the rail-3 and rail-4 leaves", d.Detail)
		}
		// A switch the map names is also named as the box is labelled.
		labelled = labelled || strings.Contains(d.Detail, "spine1 [A10-P1-IBSPINE-02] port 31")
	}
	if !labelled {
		t.Errorf("no finding names spine1 by its label A10-P1-IBSPINE-02")
	}
	// A map line may name a device by its GUID in any written form: one
	// of the three default-named adapters taken for the other end of an
	// exchanged pair (H-e09d730300858f4c, on su5/leaf0 port 2, where the
	// design has c02, whose cable is on c04's port 4) set apart as 0x… in
	// capitals moves it to those set apart, and the swap becomes two
	// miswires; a line for a GUID the file does not have is one
	// asbuilt-discovery warning (the absent leaf's line is not: its
	// missing-device finding covers it).
	m[asbuilt.MapKey("0xE09D730300858F4C")] = asbuilt.SetApart
	m[asbuilt.MapKey("S-00000000000000AB")] = "su0/leaf0"
	res = asbuilt.Compare(g, 0, topo, asbuilt.Options{Map: m, File: "ndr.out"})
	codes = map[diag.Code]int{}
	for _, d := range res.Diags {
		codes[diag.CodeOf(d)]++
		if diag.CodeOf(d) == diag.AsbuiltDiscovery && !strings.Contains(d.Detail, `"00000000000000ab"`) {
			t.Errorf("unused map line: %s", d.Detail)
		}
	}
	want[diag.AsbuiltDiscovery], want[diag.AsbuiltUnnamedDevice], want[diag.AsbuiltSwapped], want[diag.AsbuiltMiswired] = 1, 139, 6, 2
	if !maps.Equal(codes, want) || res.SetApart != 45 {
		t.Errorf("with the GUID lines: findings %v, %d set apart; want %v, 45", codes, res.SetApart, want)
	}
	// SU 4's adapters describe themselves "<host> mlx5_N", an hca the
	// node model does not name, and are placed by their cables. Two of
	// them exchanged between hosts c16 and c17 (their descriptions
	// swapped in the file) are no longer placed silently on each other's
	// host: each is its host's one NIC left, so the cables are one swap.
	swappedData := strings.NewReplacer("a08-p1-dgx-04-c16 mlx5_5", "a08-p1-dgx-04-c17 mlx5_5", "a08-p1-dgx-04-c17 mlx5_5", "a08-p1-dgx-04-c16 mlx5_5").Replace(string(data))
	swappedTopo, _, err := asbuilt.Parse([]byte(swappedData), asbuilt.FormatIBNetDiscover)
	if err != nil {
		t.Fatal(err)
	}
	res = asbuilt.Compare(g, 0, swappedTopo, asbuilt.Options{Map: m, File: "ndr.out"})
	codes = map[diag.Code]int{}
	for _, d := range res.Diags {
		codes[diag.CodeOf(d)]++
	}
	want[diag.AsbuiltSwapped]++
	want[diag.AsbuiltUnnamedDevice] -= 2
	if !maps.Equal(codes, want) || res.ByPosition != 137 {
		t.Errorf("c16 and c17 exchanged: findings %v, %d by cable; want %v, 137", codes, res.ByPosition, want)
	}
	for _, c := range []struct{ in, want string }{{"0xE09D730300858F4C", "e09d730300858f4c"}, {"H-e09d730300858f4c", "e09d730300858f4c"},
		{"S-0x2c5eab0300b87b40", "2c5eab0300b87b40"}, {"0x1", "0000000000000001"}, {"2C5EAB0300B87B40", "2c5eab0300b87b40"},
		{"cafe", "cafe"}, {"MF0;A09-P1-IBLEAF-01-01:MQM9701/U1", "MF0;A09-P1-IBLEAF-01-01:MQM9701/U1"}} {
		if got := asbuilt.MapKey(c.in); got != c.want {
			t.Errorf("MapKey(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}
