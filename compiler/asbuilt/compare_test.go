package asbuilt_test

import (
	"bytes"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/topoc/topoc/compiler/asbuilt"
	"github.com/topoc/topoc/compiler/compiletest"
	"github.com/topoc/topoc/compiler/emit"
	"github.com/topoc/topoc/compiler/emit/ibsim"
	"github.com/topoc/topoc/compiler/ir"
	"github.com/topoc/topoc/lang/diag"
)

// Adapters named as real hosts name them, "<host> mlx5_<n>", match the
// design's NIC whose node model states that device name: DGX H100's
// compute NIC 1 is mlx5_3 (nodes.md §2, the model's pci names), so
// "su0-node00 mlx5_3" is su0/node00/nic1. Switches named
// "MF0;<host>:MQM9700/U1" match by their host, the spines by a fully
// qualified host in capitals ("SPINE3.pod1.example.net"). Renamed this
// way, one SuperPOD SU compares clean.
func TestMatchByHostAndDeviceName(t *testing.T) {
	g := compiletest.Example(t, "dgx-h100-superpod", "scalable_units=1")
	arts, err := ibsim.Emitter.Emit(&emit.Input{Graph: g})
	if err != nil {
		t.Fatal(err)
	}
	netNames := []string{"mlx5_0", "mlx5_3", "mlx5_4", "mlx5_5", "mlx5_6", "mlx5_9", "mlx5_10", "mlx5_11"}
	nic := regexp.MustCompile(`"(su\d+)/(node\d+)/nic(\d)"`)
	sw := regexp.MustCompile(`"(su\d+/leaf\d+|spine\d+)"`)
	text := nic.ReplaceAllStringFunc(string(arts[0].Data), func(m string) string {
		p := nic.FindStringSubmatch(m)
		return `"` + p[1] + "-" + p[2] + " " + netNames[p[3][0]-'0'] + `"`
	})
	text = sw.ReplaceAllStringFunc(text, func(m string) string {
		host := strings.ReplaceAll(strings.Trim(m, `"`), "/", "-")
		if strings.HasPrefix(host, "spine") {
			// A switch whose hostname is fully qualified, in capitals.
			host = strings.ToUpper(host) + ".pod1.example.net"
		}
		return `"MF0;` + host + `:MQM9700/U1"`
	})
	topo, err := asbuilt.ParseIBNetDiscover(bytes.NewReader([]byte(text)))
	if err != nil {
		t.Fatal(err)
	}
	r := asbuilt.Compare(g, 0, topo, asbuilt.Options{File: "renamed"})
	if len(r.Diags) != 0 || r.MatchedDevices != r.Devices || r.MatchedLinks != r.Links {
		for _, d := range r.Diags {
			t.Log(d.Detail)
		}
		t.Fatalf("%d findings, %d of %d devices, %d of %d links", len(r.Diags), r.MatchedDevices, r.Devices, r.MatchedLinks, r.Links)
	}
}

// With several files merged (one per plane), a finding names the file
// its line is in, not the list of files; an extra device names where it
// is cabled.
func TestFindingsNameTheirFile(t *testing.T) {
	g := compiletest.Example(t, "dgx-h100-superpod", "scalable_units=1")
	arts, err := ibsim.Emitter.Emit(&emit.Input{Graph: g})
	if err != nil {
		t.Fatal(err)
	}
	// An extra adapter cabled to a free leaf port.
	text := string(arts[0].Data) + "\nHca\t1 \"stray\"\n[1]\t\"su0/leaf7\"[32]\n"
	text = strings.Replace(text, "Switch\t64 \"su0/leaf7\"\n", "Switch\t64 \"su0/leaf7\"\n[32]\t\"stray\"[1]\n", 1)
	topo, err := asbuilt.ParseIBNetDiscover(strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	topo.SetFile("plane0.out")
	r := asbuilt.Compare(g, 0, topo, asbuilt.Options{File: "plane0.out, plane1.out"})
	// It names the port it is cabled to and points at that leaf's design
	// line, not the fabric's.
	if len(r.Diags) != 1 || !strings.Contains(r.Diags[0].Detail, "(plane0.out line ") || !strings.Contains(r.Diags[0].Detail, "on su0/leaf7 port 32") ||
		r.Diags[0].Subject.Start.Line == g.Range(g.Fabrics[0].Origin).Start.Line {
		for _, d := range r.Diags {
			t.Log(d.Detail)
		}
		t.Fatalf("%d findings; want one naming plane0.out", len(r.Diags))
	}
}

// Adapters described by the server's hostname ("dgx017 mlx5_3",
// "dgx017 nic1" or "dgx017.cluster.local mlx5_0", as a host whose OS name
// is not the design name describes them) match when
// the node group states that hostname (ir.Graph.Hostnames).
func TestMatchByHostname(t *testing.T) {
	g := compiletest.Example(t, "dgx-h100-superpod", "scalable_units=1")
	host := map[string]string{}
	g.Hostnames = map[ir.NodeID]string{}
	for i := range g.Nodes {
		if n := &g.Nodes[i]; n.Kind == ir.KindHost && n.RoleName() == ir.RoleServer {
			h := fmt.Sprintf("dgx%03d", len(host))
			host[n.Name] = h
			g.Hostnames[ir.NodeID(i)] = h
		}
	}
	arts, err := ibsim.Emitter.Emit(&emit.Input{Graph: g})
	if err != nil {
		t.Fatal(err)
	}
	netNames := []string{"mlx5_0", "mlx5_3", "mlx5_4", "mlx5_5", "mlx5_6", "mlx5_9", "mlx5_10", "mlx5_11"}
	nic := regexp.MustCompile(`"(su\d+/node\d+)/nic(\d)"`)
	// Half the adapters by device name, half by design NIC name.
	text := nic.ReplaceAllStringFunc(string(arts[0].Data), func(m string) string {
		p := nic.FindStringSubmatch(m)
		if p[2][0]%2 == 1 {
			return `"` + host[p[1]] + " nic" + p[2] + `"`
		}
		if p[2] == "0" {
			return `"` + host[p[1]] + ".cluster.local " + netNames[0] + `"` // a fully qualified host name
		}
		return `"` + host[p[1]] + " " + netNames[p[2][0]-'0'] + `"`
	})
	if !strings.Contains(text, `"dgx030 nic7"`) {
		t.Fatal("the renaming did not take")
	}
	topo, err := asbuilt.ParseIBNetDiscover(bytes.NewReader([]byte(text)))
	if err != nil {
		t.Fatal(err)
	}
	r := asbuilt.Compare(g, 0, topo, asbuilt.Options{File: "renamed"})
	if len(r.Diags) != 0 || r.MatchedDevices != r.Devices || r.MatchedLinks != r.Links {
		for _, d := range r.Diags {
			t.Log(d.Detail)
		}
		t.Fatalf("%d findings, %d of %d devices, %d of %d links", len(r.Diags), r.MatchedDevices, r.Devices, r.MatchedLinks, r.Links)
	}
}

// A --map line that maps an adapter to a switch (a row slipped in the
// spreadsheet) is one asbuilt-discovery error naming the line's effect,
// not a switch compared from an adapter's one cable (a miswire for every
// cable of the real leaf): the adapter is compared as the NIC its own
// name names instead, and the leaf keeps its own name.
func TestMapToOtherKind(t *testing.T) {
	g := compiletest.Example(t, "dgx-h100-superpod", "scalable_units=1")
	arts, err := ibsim.Emitter.Emit(&emit.Input{Graph: g})
	if err != nil {
		t.Fatal(err)
	}
	topo, err := asbuilt.ParseIBNetDiscover(bytes.NewReader(arts[0].Data))
	if err != nil {
		t.Fatal(err)
	}
	r := asbuilt.Compare(g, 0, topo, asbuilt.Options{File: "mapped", Map: map[string]string{"su0/node00/nic0": "su0/leaf0"}})
	codes := findingCodes(r)
	if len(r.Diags) != 1 || codes[diag.AsbuiltDiscovery] != 1 || r.ByPosition != 0 || !strings.Contains(r.Diags[0].Detail, "It is compared as su0/node00/nic0, the NIC its own name names") ||
		!strings.Contains(r.Diags[0].Detail, "adapter su0/node00/nic0") || !strings.Contains(r.Diags[0].Detail, "--map maps it to su0/leaf0, the design's switch") ||
		r.MatchedLinks != r.Links {
		for _, d := range r.Diags {
			t.Log(diag.CodeOf(d), ": ", d.Detail)
		}
		t.Fatalf("adapter mapped to a leaf: findings %v, %d of %d links; want the map error alone, the adapter compared by its own name, every link as designed", codes, r.MatchedLinks, r.Links)
	}
	// The leaf mapped to an adapter: the map line is the one finding, and
	// the leaf is compared as the leaf its own name names, not reported
	// missing with its 48 links.
	r = asbuilt.Compare(g, 0, topo, asbuilt.Options{File: "mapped", Map: map[string]string{"su0/leaf0": "su0/node00/nic0"}})
	if len(r.Diags) != 1 || !strings.Contains(r.Diags[0].Detail, "It is compared as su0/leaf0, the switch its own name names, instead") || r.MatchedLinks != r.Links || r.MatchedDevices != r.Devices {
		for _, d := range r.Diags {
			t.Log(diag.CodeOf(d), ": ", d.Detail)
		}
		t.Fatalf("leaf mapped to an adapter: %d findings, %d of %d links, %d of %d devices; want the map error alone and everything as designed", len(r.Diags), r.MatchedLinks, r.Links, r.MatchedDevices, r.Devices)
	}
	// An adapter set apart by the map: its design link is missing, and
	// the finding says what holds the leaf port, not that it is free.
	r = asbuilt.Compare(g, 0, topo, asbuilt.Options{File: "mapped", Map: map[string]string{"su0/node00/nic0": asbuilt.SetApart}})
	if len(r.Diags) != 1 || diag.CodeOf(r.Diags[0]) != diag.AsbuiltMissingLink || !strings.Contains(r.Diags[0].Detail, `mapped has su0/leaf0 port 1 cabled to "su0/node00/nic0" (set apart) instead`) {
		for _, d := range r.Diags {
			t.Log(diag.CodeOf(d), ": ", d.Detail)
		}
		t.Fatalf("adapter set apart: %d findings; want one asbuilt-missing-link saying what holds the leaf port", len(r.Diags))
	}
}

// hostsIB is lldpDesign (2 spines, 2 leaves, 4 one-port hosts) on
// InfiniBand switches.
var hostsIB = strings.ReplaceAll(lldpDesign, "TH4-64x400G", "QM9700")

// describedAs reads ibnetdiscover output and gives the device described
// as from the description to instead.
func describedAs(t *testing.T, data []byte, from, to string) *asbuilt.Topology {
	t.Helper()
	topo, err := asbuilt.ParseIBNetDiscover(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	for i := range topo.Devices {
		if d := &topo.Devices[i]; d.Desc == from {
			d.Desc = to
		}
	}
	return topo
}

// exchangeCables exchanges the switch ends of the cables of adapters a
// and b in topo, as two cables swapped at the switch.
func exchangeCables(t *testing.T, topo *asbuilt.Topology, a, b string) {
	t.Helper()
	var sw []*string
	var port []*int
	for i := range topo.Links {
		l := &topo.Links[i]
		switch {
		case l.A == a || l.A == b:
			sw, port = append(sw, &l.B), append(port, &l.BPort)
		case l.B == a || l.B == b:
			sw, port = append(sw, &l.A), append(port, &l.APort)
		}
	}
	if len(sw) != 2 {
		t.Fatalf("cables of %s and %s: %d", a, b, len(sw))
	}
	*sw[0], *sw[1] = *sw[1], *sw[0]
	*port[0], *port[1] = *port[1], *port[0]
}

// Adapters that describe themselves as Linux names them, "<host>
// mlx5_0", are their host's one port by the host's name: clean, none
// placed by its cable; two hosts' cables exchanged at a leaf, or across
// the leaves, are one swap each, where they were silently placed on each
// other's host (exit 0).
func TestHostNamedAdapters(t *testing.T) {
	g := compiletest.Source(t, hostsIB)
	arts, err := ibsim.Emitter.Emit(&emit.Input{Graph: g})
	if err != nil {
		t.Fatal(err)
	}
	read := func(exchange [2]string) asbuilt.Result {
		topo, err := asbuilt.ParseIBNetDiscover(bytes.NewReader(arts[0].Data))
		if err != nil {
			t.Fatal(err)
		}
		for i := range topo.Devices {
			if d := &topo.Devices[i]; !d.Switch {
				d.Desc += " mlx5_0"
			}
		}
		if exchange[0] != "" {
			exchangeCables(t, topo, exchange[0], exchange[1])
		}
		return asbuilt.Compare(g, 0, topo, asbuilt.Options{File: "ib.out"})
	}
	if r := read([2]string{}); len(r.Diags) != 0 || r.ByPosition != 0 || r.MatchedLinks != 8 {
		t.Fatalf("clean: %d findings, %d by cable, %d links; want none, 0, 8", len(r.Diags), r.ByPosition, r.MatchedLinks)
	}
	// A host that describes itself by its fully qualified name in capitals
	// ("H0.cluster.local") is h0, as LLDP's system names are.
	fq := describedAs(t, arts[0].Data, "h0", "H0.cluster.local")
	if r := asbuilt.Compare(g, 0, fq, asbuilt.Options{File: "ib.out"}); len(r.Diags) != 0 || r.ByPosition != 0 {
		t.Errorf("h0 as H0.cluster.local: %d findings, %d by cable; want none, 0", len(r.Diags), r.ByPosition)
	}
	// h1 with the default description, its cable exchanged with h0's:
	// it is h1 by elimination of the exchange, and the finding is one
	// swap, not two miswires and an extra device.
	unnamed := describedAs(t, arts[0].Data, "h1", "MT4129 ConnectX7   Mellanox Technologies")
	exchangeCables(t, unnamed, "h0", "h1")
	r := asbuilt.Compare(g, 0, unnamed, asbuilt.Options{File: "ib.out"})
	if c := findingCodes(r); c[diag.AsbuiltSwapped] != 1 || c[diag.AsbuiltUnnamedDevice] != 1 || len(r.Diags) != 2 {
		for _, d := range r.Diags {
			t.Log(diag.CodeOf(d), ": ", d.Detail)
		}
		t.Errorf("unnamed h1 exchanged with h0: findings %v; want one swap and one note", c)
	}
	for _, pair := range [][2]string{{"h0", "h1"}, {"h1", "h2"}} {
		r := read(pair)
		if c := findingCodes(r); c[diag.AsbuiltSwapped] != 1 || len(r.Diags) != 1 {
			for _, d := range r.Diags {
				t.Log(diag.CodeOf(d), ": ", d.Detail)
			}
			t.Errorf("%s and %s exchanged: findings %v; want one asbuilt-swapped", pair[0], pair[1], c)
		}
	}
}

// A switch that calls itself what its neighbour is called, or by a name
// the design does not have, stands where its cables put it: leaf1 named
// "leaf0" (the real leaf0 keeps the name, its cables fitting it), and
// leaf0 renamed "leaf-zero", are each one finding and every link as
// designed, not a missing leaf and four miswires. So with two hosts
// both named "h0" (a cloned image).
func TestNamesPlacedByCables(t *testing.T) {
	g := compiletest.Source(t, hostsIB)
	arts, err := ibsim.Emitter.Emit(&emit.Input{Graph: g})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		rename  map[string]string
		summary []string
	}{
		{map[string]string{"leaf1": "leaf0"}, []string{"Two devices claim one design name", "Switch matched by its cables"}},
		{map[string]string{"leaf0": "leaf-zero"}, []string{"Switch matched by its cables"}},
		{map[string]string{"h1": "h0"}, []string{"Two devices claim one design name", "Adapter matched by its cable"}},
	} {
		topo, err := asbuilt.ParseIBNetDiscover(bytes.NewReader(arts[0].Data))
		if err != nil {
			t.Fatal(err)
		}
		for i := range topo.Devices {
			if to, ok := c.rename[topo.Devices[i].Desc]; ok {
				topo.Devices[i].Desc = to
			}
		}
		r := asbuilt.Compare(g, 0, topo, asbuilt.Options{File: "ib.out"})
		var got []string
		for _, d := range r.Diags {
			got = append(got, d.Summary)
		}
		if !slices.Equal(got, c.summary) || r.MatchedLinks != 8 || r.MatchedDevices != 8 {
			for _, d := range r.Diags {
				t.Log(diag.CodeOf(d), ": ", d.Detail)
			}
			t.Errorf("%v: findings %q, %d links, %d devices; want %q, 8, 8", c.rename, got, r.MatchedLinks, r.MatchedDevices, c.summary)
		}
	}
}
