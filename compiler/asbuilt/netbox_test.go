package asbuilt_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/topoc/topoc/compiler/asbuilt"
	"github.com/topoc/topoc/compiler/compiletest"
	"github.com/topoc/topoc/compiler/emit/cabling"
	"github.com/topoc/topoc/compiler/emit/netbox"
	"github.com/topoc/topoc/compiler/ir"
	"github.com/topoc/topoc/lang/diag"
)

// netboxCSV is the NetBox cable CSV topoc writes for g, in the columns
// of version v.
func netboxCSV(t *testing.T, g *ir.Graph, v netbox.Version) []byte {
	t.Helper()
	rows, err := cabling.Rows(g)
	if err != nil {
		t.Fatal(err)
	}
	return netbox.CSV(rows, v)
}

// connected marks every cable of a NetBox CSV as topoc writes it
// (status planned) connected, as NetBox records them once cabled.
func connected(csv []byte) []byte {
	return []byte(strings.ReplaceAll(string(csv), ",planned,", ",connected,"))
}

// The status column: the cable plan as topoc writes it (every cable
// planned) is compared as if built, with one asbuilt-discovery warning
// saying so; in a record of connected cables, the rows still planned are
// left out (one warning counts them) and their design links are missing.
func TestNetBoxStatus(t *testing.T) {
	g := compiletest.Example(t, "fat-tree-k8")
	plan := netboxCSV(t, g, netbox.DefaultVersion)
	parsed, _, err := asbuilt.Parse(plan, "")
	if err != nil {
		t.Fatal(err)
	}
	// As verify reads it: merged into an empty set (the status facts
	// must survive the merge).
	topo := &asbuilt.Topology{}
	if err := topo.Merge(parsed); err != nil {
		t.Fatal(err)
	}
	r := asbuilt.Compare(g, 0, topo, asbuilt.Options{File: "cables.csv"})
	if c := findingCodes(r); len(r.Diags) != 1 || c[diag.AsbuiltDiscovery] != 1 || r.MatchedLinks != r.Links || !strings.Contains(r.Diags[0].Detail, "planned") {
		t.Errorf("the plan read back: findings %v, %d of %d links; want one asbuilt-discovery warning and every link", c, r.MatchedLinks, r.Links)
	}
	lines := strings.Split(string(connected(plan)), "\n")
	for i := 1; i <= 3; i++ {
		lines[i] = strings.Replace(lines[i], ",connected,", ",planned,", 1)
	}
	topo, r = compareMerged(t, g, []byte(strings.Join(lines, "\n")))
	if c := findingCodes(r); topo.Planned != 3 || c[diag.AsbuiltDiscovery] != 1 || c[diag.AsbuiltMissingLink] != 3 || r.MatchedLinks != r.Links-3 {
		t.Errorf("three rows still planned: %d left out, findings %v, %d of %d links; want 3, one warning and 3 missing links", topo.Planned, c, r.MatchedLinks, r.Links)
	}
	// Rows being decommissioned are still cabled: compared as built,
	// and one warning counts them.
	for i := 1; i <= 3; i++ {
		lines[i] = strings.Replace(lines[i], ",planned,", ",decommissioning,", 1)
	}
	_, r = compareMerged(t, g, []byte(strings.Join(lines, "\n")))
	if c := findingCodes(r); len(r.Diags) != 1 || !strings.Contains(r.Diags[0].Detail, "3 cable rows of cables.csv have NetBox status decommissioning") || r.MatchedLinks != r.Links {
		t.Errorf("three rows being decommissioned: findings %v, %d of %d links; want one warning counting them and every link", c, r.MatchedLinks, r.Links)
	}
}

// compareMerged reads a NetBox CSV as verify does (merged into an empty
// set) and compares it with fabric 0 of g.
func compareMerged(t *testing.T, g *ir.Graph, csv []byte) (*asbuilt.Topology, asbuilt.Result) {
	t.Helper()
	parsed, _, err := asbuilt.Parse(csv, "")
	if err != nil {
		t.Fatal(err)
	}
	topo := &asbuilt.Topology{}
	if err := topo.Merge(parsed); err != nil {
		t.Fatal(err)
	}
	return topo, asbuilt.Compare(g, 0, topo, asbuilt.Options{File: "cables.csv"})
}

// A NetBox CSV of every fabric (compute rails and a storage leaf pair
// over the same servers) read against the compute fabric: the storage
// switches and the servers' storage ports are devices of the other
// fabric, set apart and counted, not extra devices; the compute fabric
// compares clean.
func TestNetBoxOtherFabric(t *testing.T) {
	g := compiletest.Dir(t, "testdata/two-fabrics")
	topo, _, err := asbuilt.Parse(connected(netboxCSV(t, g, netbox.DefaultVersion)), "")
	if err != nil {
		t.Fatal(err)
	}
	r := asbuilt.Compare(g, 0, topo, asbuilt.Options{File: "cables.csv"})
	if len(r.Diags) != 0 || r.MatchedLinks != r.Links || r.Links != 64 || r.OtherFabric != 3+16 {
		for _, d := range r.Diags {
			t.Log(diag.CodeOf(d), ": ", d.Detail)
		}
		t.Errorf("%d findings, %d of %d links, %d of other fabrics; want none, all of 64, 19 (3 switches, 16 storage ports)", len(r.Diags), r.MatchedLinks, r.Links, r.OtherFabric)
	}
}

// The NetBox CSV topoc emits, read back as the as-built record, compares
// clean with the design it came from: the fat-tree (k = 8: 384 cables,
// hosts as implicit one-port devices) and the H100 SuperPOD at one SU
// (508 cables, servers' NICs as "<server> <nic>"); in 4.7's columns,
// where a breakout cable is one row with its legs at side B, too. A
// cable moved to another switch port is a finding at the designed link;
// a port on two rows is an error naming the row.
func TestNetBoxReadBack(t *testing.T) {
	for _, c := range []struct {
		example string
		vars    []string
		links   int
	}{{"fat-tree-k8", nil, 384}, {"dgx-h100-superpod", []string{"scalable_units=1"}, 508}, {"roce-leaf-spine-2plane", nil, 4096}, {"breakout", nil, 0}} {
		var g *ir.Graph
		if c.example == "breakout" {
			g = compiletest.Dir(t, "../emit/cabling/testdata/breakout")
			c.links = len(g.FabricLinks(0))
		} else {
			g = compiletest.Example(t, c.example, c.vars...)
		}
		for _, v := range []netbox.Version{netbox.DefaultVersion, {Major: 4, Minor: 7}} {
			data := connected(netboxCSV(t, g, v))
			topo, f, err := asbuilt.Parse(data, "")
			if err != nil || f != asbuilt.FormatNetBox {
				t.Fatalf("%s %s: %v (%s)", c.example, v, err, f)
			}
			r := asbuilt.Compare(g, 0, topo, asbuilt.Options{File: "cables.csv"})
			if len(r.Diags) != 0 || r.MatchedLinks != r.Links || r.Links != c.links {
				for i, d := range r.Diags {
					if i < 5 {
						t.Log(diag.CodeOf(d), ": ", d.Detail)
					}
				}
				t.Errorf("%s %s: %d findings, %d of %d links; want none, all of %d", c.example, v, len(r.Diags), r.MatchedLinks, r.Links, c.links)
			}
		}
	}
	g := compiletest.Example(t, "fat-tree-k8")
	lines := strings.Split(string(connected(netboxCSV(t, g, netbox.DefaultVersion))), "\n")
	if !strings.Contains(lines[1], ",swp1,") || !strings.Contains(lines[2], ",swp2,") {
		t.Fatalf("rows 1 and 2 are not edge0's ports 1 and 2: %s / %s", lines[1], lines[2])
	}
	twice := strings.Join([]string{lines[0], lines[1], strings.Replace(lines[2], ",swp2,", ",swp1,", 1)}, "\n")
	if _, _, err := asbuilt.Parse([]byte(twice), ""); err == nil || !strings.Contains(err.Error(), "row 2") {
		t.Errorf("a port on two rows: %v, want an error naming row 2", err)
	}
	// A whole port and a lane of it on two rows: one physical port.
	lane := "side_a_device,side_a_type,side_a_name,side_b_device,side_b_type,side_b_name\n" +
		"leaf0,dcim.interface,swp1s0,h0,dcim.interface,p1\nleaf0,dcim.interface,swp1,spine1,dcim.interface,swp9\n"
	if _, _, err := asbuilt.Parse([]byte(lane), ""); err == nil || !strings.Contains(err.Error(), "row 2") || !strings.Contains(err.Error(), "whole or by lanes") {
		t.Errorf("a port cabled whole and by a lane: %v", err)
	}
	// host0 and host1 exchanged on edge0's ports 1 and 2.
	lines[1], lines[2] = strings.Replace(lines[1], ",swp1,", ",swp2,", 1), strings.Replace(lines[2], ",swp2,", ",swp1,", 1)
	topo, _, err := asbuilt.Parse([]byte(strings.Join(lines, "\n")), "")
	if err != nil {
		t.Fatal(err)
	}
	r := asbuilt.Compare(g, 0, topo, asbuilt.Options{File: "cables.csv"})
	if c := findingCodes(r); c[diag.AsbuiltSwapped] != 1 || r.MatchedLinks != r.Links-2 {
		t.Errorf("two host cables exchanged: findings %v, %d of %d links; want one swapped pair", c, r.MatchedLinks, r.Links)
	}
}

// Findings name a broken-out or Ethernet switch port as the cable plan
// does too: srv00's and srv01's cables exchanged on rack0/leaf0's lanes
// swp1s0 and swp1s1 (ports 1 and 2 as InfiniBand would number them) is
// one swapped pair, its text naming both lanes.
func TestFindingsNamePlanPorts(t *testing.T) {
	g := compiletest.Dir(t, "../emit/cabling/testdata/breakout")
	lines := strings.Split(string(connected(netboxCSV(t, g, netbox.DefaultVersion))), "\n")
	if !strings.HasPrefix(lines[1], "rack0/leaf0,dcim.interface,swp1s0,") || !strings.HasPrefix(lines[2], "rack0/leaf0,dcim.interface,swp1s1,") {
		t.Fatalf("rows 1 and 2 are not rack0/leaf0's lanes swp1s0 and swp1s1: %s / %s", lines[1], lines[2])
	}
	lines[1] = strings.Replace(lines[1], ",swp1s0,", ",swp1s1,", 1)
	lines[2] = strings.Replace(lines[2], ",swp1s1,", ",swp1s0,", 1)
	topo, _, err := asbuilt.Parse([]byte(strings.Join(lines, "\n")), "")
	if err != nil {
		t.Fatal(err)
	}
	r := asbuilt.Compare(g, 0, topo, asbuilt.Options{File: "cables.csv"})
	if len(r.Diags) != 1 || diag.CodeOf(r.Diags[0]) != diag.AsbuiltSwapped ||
		!strings.Contains(r.Diags[0].Detail, "rack0/leaf0 port 1 (swp1s0)") || !strings.Contains(r.Diags[0].Detail, "rack0/leaf0 port 2 (swp1s1)") {
		t.Errorf("findings %v, want one swapped pair naming swp1s0 and swp1s1", r.Diags)
	}
}

// A whole port on a switch whose other ports are broken out is named
// whole, as the plan names it: trial 35's missing 800G uplink read
// "port 37 (swp19s0)", a lane that does not exist, where the plan says
// swp19.
func TestFindingsNameWholePortBesideLanes(t *testing.T) {
	g := compiletest.Source(t, `
node_model "box-2nic" {
  nic "compute" {
    model = "ConnectX-7-Eth"
    count = 2
  }
}
node_group "srv" {
  model = "box-2nic"
  count = 8
}
fabric "eth" {
  clos {
    endpoints = node_group.srv.nics.compute
    tier "leaf" {
      model     = "SN5600"
      link_rate = "400Gb/s"
      down      = 16 # 400G lanes of 2 x 400G ports: swp1s0 ... swp8s1
      up        = 4  # whole 800G ports from swp9
    }
    tier "spine" {
      model     = "SN5600"
      count     = 2
      link_rate = "800Gb/s"
      down      = 2
    }
  }
}
`)
	lines := strings.Split(string(connected(netboxCSV(t, g, netbox.DefaultVersion))), "\n")
	drop := -1
	for i, l := range lines {
		if strings.HasPrefix(l, "leaf0,dcim.interface,swp9,spine") {
			drop = i
		}
	}
	if drop < 0 {
		t.Fatalf("no whole uplink swp9 of leaf0 in the NetBox cables:\n%s", strings.Join(lines[:min(len(lines), 25)], "\n"))
	}
	topo, _, err := asbuilt.Parse([]byte(strings.Join(slices.Delete(lines, drop, drop+1), "\n")), "")
	if err != nil {
		t.Fatal(err)
	}
	r := asbuilt.Compare(g, 0, topo, asbuilt.Options{File: "cables.csv"})
	if len(r.Diags) != 1 || diag.CodeOf(r.Diags[0]) != diag.AsbuiltMissingLink || !strings.Contains(r.Diags[0].Detail, "(swp9)") {
		t.Errorf("findings %v, want one missing link naming leaf0's whole port swp9", r.Diags)
	}
}

// NetBox names a dual-port NIC's ports as the plan does ("n0 nic0p1",
// "n0 nic0p2"): each is that port by its name, so the plan read back is
// clean with no port placed by its cable, and n0's two cables exchanged
// at the leaf is one asbuilt-swapped (was: each port placed wherever its
// cable landed, and nothing reported).
func TestNetBoxDualPortNIC(t *testing.T) {
	g := compiletest.Source(t, dualPortHosts)
	data := string(connected(netboxCSV(t, g, netbox.DefaultVersion)))
	compare := func(csv string) asbuilt.Result {
		t.Helper()
		topo, _, err := asbuilt.Parse([]byte(csv), asbuilt.FormatNetBox)
		if err != nil {
			t.Fatal(err)
		}
		return asbuilt.Compare(g, 0, topo, asbuilt.Options{File: "cables.csv"})
	}
	if r := compare(data); len(r.Diags) != 0 || r.MatchedLinks != 4 || r.ByPosition != 0 {
		t.Fatalf("read back: %d findings, %d links, %d by position; want none, 4, 0", len(r.Diags), r.MatchedLinks, r.ByPosition)
	}
	if !strings.Contains(data, "nic0p1") || !strings.Contains(data, "nic0p2") {
		t.Fatalf("the plan does not name the NIC's ports nic0p1, nic0p2:\n%s", data)
	}
	swapped := strings.NewReplacer("n0,dcim.interface,nic0p1", "n0,dcim.interface,nic0p2", "n0,dcim.interface,nic0p2", "n0,dcim.interface,nic0p1").Replace(data)
	if swapped == data {
		t.Fatalf("no n0 NIC port rows to exchange in:\n%s", data)
	}
	r := compare(swapped)
	if c := findingCodes(r); c[diag.AsbuiltSwapped] != 1 || len(r.Diags) != 1 {
		for _, d := range r.Diags {
			t.Log(diag.CodeOf(d), ": ", d.Detail)
		}
		t.Errorf("n0's two NIC ports exchanged: findings %v; want one asbuilt-swapped", c)
	}
}
