package asbuilt_test

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/hashicorp/hcl/v2"

	"github.com/topoc/topoc/compiler/asbuilt"
	"github.com/topoc/topoc/compiler/compiletest"
	"github.com/topoc/topoc/compiler/ir"
	"github.com/topoc/topoc/lang/diag"
)

// lldpDesign is a small Ethernet leaf-spine: 2 spines, 2 leaves with both
// spines on swp1-2 (one leaf's second spine link broken out into lanes
// is not needed here), and 4 hosts on swp3-4 of the leaves.
const lldpDesign = `
fabric "eth" {
  custom {
    switch "spine" {
      count = 2
      model = "TH4-64x400G"
      tier  = "spine"
    }
    switch "leaf" {
      count = 2
      model = "TH4-64x400G"
      tier  = "leaf"
    }
    host "h" {
      count = 4
      rate  = "400Gb/s"
    }
    link {
      for_each = setproduct(range(2), range(2))
      a        = "leaf${each.value[0]}"
      b        = "spine${each.value[1]}"
    }
    link {
      count = 4
      a     = "h${count.index}"
      b     = "leaf${floor(count.index / 2)}"
    }
  }
}
`

// lldpFiles writes what lldpctl -f json0 shows on each switch of fabric f
// of g, cabled as designed (edit moves cables first): a switch neighbour
// by its system name ('/' written '-') and interface name, a host by its
// name and a MAC port id with an OS interface description, which no
// design name matches.
func lldpFiles(t *testing.T, g *ir.Graph, f ir.FabricID, edit func(map[string][][2]string)) map[string][]byte {
	t.Helper()
	nb := designNeighbours(g, f, g.PortName)
	if edit != nil {
		edit(nb)
	}
	files := map[string][]byte{}
	for sw, list := range nb {
		var ifs []map[string]any
		for i, e := range list {
			peer, port, _ := strings.Cut(e[1], "|")
			lower := strings.ToLower(peer)
			isSwitch := strings.Contains(lower, "leaf") || strings.Contains(lower, "spine")
			portID := map[string]any{"type": "ifname", "value": port}
			descr := port
			if !isSwitch {
				portID = map[string]any{"type": "mac", "value": fmt.Sprintf("b8:3f:d2:00:00:%02x", i%256)}
			}
			ifs = append(ifs, map[string]any{
				"name": e[0], "via": "LLDP", "rid": fmt.Sprint(i + 1),
				"chassis": []any{map[string]any{
					"id":         []any{map[string]any{"type": "mac", "value": "0c:42:a1:00:00:01"}},
					"name":       []any{map[string]any{"value": peer}},
					"capability": []any{map[string]any{"type": "Bridge", "enabled": isSwitch}, map[string]any{"type": "Station", "enabled": !isSwitch}},
				}},
				"port": []any{map[string]any{"id": []any{portID}, "descr": []any{map[string]any{"value": descr}}}},
			})
		}
		data, err := json.MarshalIndent(map[string]any{"lldp": []any{map[string]any{"interface": ifs}}}, "", "  ")
		if err != nil {
			t.Fatal(err)
		}
		files[strings.ReplaceAll(sw, "/", "-")] = data
	}
	return files
}

// compareLLDP parses and merges the files (each named after its switch)
// and compares them with fabric 0 of g.
func compareLLDP(t *testing.T, g *ir.Graph, files map[string][]byte) asbuilt.Result {
	t.Helper()
	topo := &asbuilt.Topology{}
	names := make([]string, 0, len(files))
	for name := range files {
		names = append(names, name)
	}
	slices.Sort(names)
	for _, name := range names {
		data := files[name]
		if f, ok := asbuilt.Detect(data); !ok || f != asbuilt.FormatLLDP {
			t.Fatalf("%s: detected %q, want lldpctl-json0", name, f)
		}
		u, _, err := asbuilt.ParseFrom(data, "", name)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if err := topo.Merge(u); err != nil {
			t.Fatal(err)
		}
	}
	return asbuilt.Compare(g, 0, topo, asbuilt.Options{File: "lldp"})
}

// LLDP collected on every switch of an Ethernet fabric cabled as designed
// compares clean: the 4 leaf-spine cables, seen from both ends, count
// once; the 4 hosts, whose port ids are MACs, are matched by the leaf
// port they are cabled to and their system names, with no finding. Moving h0's cable from leaf0
// swp3 to swp5 is a miswire at the designed link and an unplanned cable
// is not reported twice; a host on another host's port is not taken for
// it; exchanging the two spine uplinks of leaf1 is one swapped pair.
func TestLLDPCompare(t *testing.T) {
	g := compiletest.Source(t, lldpDesign)
	r := compareLLDP(t, g, lldpFiles(t, g, 0, nil))
	if r.MatchedLinks != r.Links || r.Links != 8 || r.MatchedDevices != 8 || r.ByPosition != 0 {
		for _, d := range r.Diags {
			t.Log(d.Summary, ": ", d.Detail)
		}
		t.Fatalf("clean: %d of %d links, %d devices (%d by cable); want 8 of 8, 8, 0 (LLDP host ports named and placed as designed)", r.MatchedLinks, r.Links, r.MatchedDevices, r.ByPosition)
	}
	for _, d := range r.Diags {
		if diag.CodeOf(d) != diag.AsbuiltUnnamedDevice {
			t.Errorf("clean fabric: unexpected %s: %s", diag.CodeOf(d), d.Detail)
		}
	}
	moved := compareLLDP(t, g, lldpFiles(t, g, 0, func(nb map[string][][2]string) {
		for i, e := range nb["leaf0"] {
			if e[0] == "swp3" {
				nb["leaf0"][i][0] = "swp5"
			}
		}
	}))
	if c := findingCodes(moved); c[diag.AsbuiltMissingLink]+c[diag.AsbuiltMiswired] != 1 {
		t.Errorf("h0 moved to leaf0 swp5: findings %v; want the designed h0 link reported once", c)
	}
	// Host h2 on the port the design gives h0: LLDP names the host, so it
	// is not taken for h0; h0's cable is missing and h2 is extra there.
	wrong := compareLLDP(t, g, lldpFiles(t, g, 0, func(nb map[string][][2]string) {
		for i, e := range nb["leaf0"] {
			if strings.HasPrefix(e[1], "h0|") {
				nb["leaf0"][i][1] = "h2|ens2f0np0" // a port of another host
			}
		}
	}))
	if c := findingCodes(wrong); c[diag.AsbuiltMissingLink] != 1 || c[diag.AsbuiltExtraDevice] != 1 || wrong.MatchedLinks != 7 {
		t.Errorf("h2 on h0's port: findings %v, %d links as designed; want h0's link missing, one extra device, 7 links", c, wrong.MatchedLinks)
	}
	// Only leaf0's file: the cables of leaf1 (to its hosts) and nothing
	// else are out of sight; one warning names leaf1, and neither leaf1
	// nor a cable is reported missing for want of a file.
	all := lldpFiles(t, g, 0, nil)
	partial := compareLLDP(t, g, map[string][]byte{"leaf0": all["leaf0"]})
	if c := findingCodes(partial); c[diag.AsbuiltMissingLink]+c[diag.AsbuiltMissingDevice] != 0 || c[diag.AsbuiltDiscovery] != 1 || partial.MatchedLinks != 4 {
		t.Errorf("leaf0's file alone: findings %v, %d links as designed; want one asbuilt-discovery warning, nothing missing, 4 links", c, partial.MatchedLinks)
	}
	// leaf1's file says its swp1 reaches spine0 swp3, spine0's that its
	// swp2 reaches leaf1 swp1: the files disagree about leaf1 swp1, one
	// asbuilt-discovery warning names it, and the first file read
	// (leaf1's, by name) has its cable compared: a miswire.
	stale := compareLLDP(t, g, lldpFiles(t, g, 0, func(nb map[string][][2]string) {
		for i, e := range nb["leaf1"] {
			if e[0] == "swp1" {
				nb["leaf1"][i][1] = "spine0|swp3"
			}
		}
	}))
	if c := findingCodes(stale); c[diag.AsbuiltDiscovery] != 1 || c[diag.AsbuiltMiswired] != 1 || !slices.ContainsFunc(stale.Diags, func(d *hcl.Diagnostic) bool {
		return strings.Contains(d.Detail, "leaf1 swp1 reaches spine0 swp3 in one file and spine0 swp2 in another")
	}) {
		for _, d := range stale.Diags {
			t.Log(d.Summary, ": ", d.Detail)
		}
		t.Errorf("leaf1's and spine0's files disagree: findings %v; want one asbuilt-discovery naming leaf1 swp1", c)
	}
	swapped := compareLLDP(t, g, lldpFiles(t, g, 0, func(nb map[string][][2]string) { swapLeaf1Uplinks(nb, "swp") }))
	if c := findingCodes(swapped); c[diag.AsbuiltSwapped] != 1 {
		for _, d := range swapped.Diags {
			t.Log(d.Summary, ": ", d.Detail)
		}
		t.Errorf("leaf1's uplinks exchanged: findings %v; want one asbuilt-swapped", c)
	}
}

// A RoCE leaf-spine of 2 planes (examples/roce-leaf-spine-2plane: 1,536
// hosts of 2 ports, one per plane, 64 leaves, 16 spines) as LLDP from its
// 80 switches sees it: each host port is a device of its own (its port id
// a MAC), and the two of one host both take that host, each at the port
// its cable reaches. Clean: every one of the 4,096 links as designed,
// and no finding (not 3,072 infos for host ports placed as designed).
func TestLLDPTwoPortHosts(t *testing.T) {
	g := compiletest.Example(t, "roce-leaf-spine-2plane")
	r := compareLLDP(t, g, lldpFiles(t, g, 0, nil))
	if r.MatchedLinks != r.Links || r.Links != 4096 || r.ByPosition != 0 || len(r.Diags) != 0 {
		for i, d := range r.Diags {
			if i < 5 {
				t.Log(diag.CodeOf(d), ": ", d.Detail)
			}
		}
		t.Fatalf("%d of %d links as designed, %d unnamed adapters, %d findings; want all of 4,096, none, none", r.MatchedLinks, r.Links, r.ByPosition, len(r.Diags))
	}
}

// The parser refuses what is not lldpctl -f json0, naming why: the plain
// -f json shape (objects where json0 has lists), a neighbour without a
// system name or chassis id, and a file with no local device name.
func TestParseLLDPErrors(t *testing.T) {
	for _, c := range []struct{ in, local, want string }{
		{`{"lldp":{"interface":{"swp1":{"chassis":{}}}}}`, "leaf0", "-f json0"},
		{`{"lldp":[{"interface":[{"name":"swp1","chassis":[{}],"port":[{"id":[{"type":"ifname","value":"swp1"}]}]}]}]}`, "leaf0", "no system name"},
		{`{"lldp":[{"interface":[{"chassis":[{}]}]}]}`, "leaf0", "no name"},
		{`{"lldp":[]}`, "", "name the file"},
		{`{"lldp":[{"interface":[{"name":"swp1"`, "leaf0", "json0"},
	} {
		_, err := asbuilt.ParseLLDP([]byte(c.in), c.local)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("ParseLLDP(%s): %v; want an error with %q", c.in, err, c.want)
		}
	}
}

// FuzzParseLLDP: any input parses or fails with an error, never a panic.
func FuzzParseLLDP(f *testing.F) {
	f.Add([]byte(`{"lldp":[{"interface":[{"name":"swp1","chassis":[{"name":[{"value":"spine0"}],"capability":[{"type":"Bridge","enabled":true}]}],"port":[{"id":[{"type":"ifname","value":"swp3"}]}]}]}]}`))
	f.Add([]byte(`{"lldp":{"interface":{}}}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		topo, err := asbuilt.ParseLLDP(data, "leaf0")
		if err == nil && (len(topo.Devices) == 0 || topo.Devices[0].ID != "leaf0") {
			t.Fatalf("parsed without the local device: %+v", topo.Devices)
		}
	})
}

// swapLeaf1Uplinks exchanges the cables of leaf1's two spine uplinks in
// the neighbour lists nb (lldpDesign: leaf1 port 1 to spine0 port 2,
// port 2 to spine1 port 2), ports named prefix+number: each spine now
// sees the other leaf1 port, and leaf1 sees its ports the other way
// round.
func swapLeaf1Uplinks(nb map[string][][2]string, prefix string) {
	p1, p2 := prefix+"1", prefix+"2"
	for _, sp := range []string{"spine0", "spine1"} {
		for i, e := range nb[sp] {
			if strings.HasPrefix(e[1], "leaf1|") {
				peer := "leaf1|" + p2
				if e[1] == "leaf1|"+p2 {
					peer = "leaf1|" + p1
				}
				nb[sp][i][1] = peer
			}
		}
	}
	for i, e := range nb["leaf1"] {
		switch e[1] {
		case "spine0|" + p2:
			nb["leaf1"][i][0] = p2
		case "spine1|" + p2:
			nb["leaf1"][i][0] = p1
		}
	}
}

// designNeighbours lists what LLDP on each switch of fabric f of g shows
// when it is cabled as designed: nb[switch] = [local port, peer
// device|peer port], switch ports named by port (the cable plan's names,
// or another system's), a switch peer by its name ('/' written '-'), a
// host by its name and what its OS calls its port, which no design name
// matches.
func designNeighbours(g *ir.Graph, f ir.FabricID, port func(ir.Port, *ir.Link) string) map[string][][2]string {
	nb := map[string][][2]string{}
	for _, id := range g.FabricLinks(f) {
		l := g.Link(id)
		for _, p := range [2]ir.Port{l.A, l.B} {
			n := &g.Nodes[p.Node]
			if n.Kind != ir.KindSwitch {
				continue
			}
			o := l.B
			if p == l.B {
				o = l.A
			}
			on := &g.Nodes[o.Node]
			peerPort := fmt.Sprintf("ens1f%dnp%d", o.Port, o.Port)
			if on.Kind == ir.KindSwitch {
				peerPort = port(o, &l)
			}
			nb[n.Name] = append(nb[n.Name], [2]string{port(p, &l), strings.ReplaceAll(on.Name, "/", "-") + "|" + peerPort})
		}
	}
	return nb
}

// railHosts is a rail-optimized Ethernet pair of servers whose node model
// names its NICs' Linux interfaces, as LLDP from the hosts reports them.
const railHosts = `
node_model "eth2" {
  nic "compute" {
    model = "ConnectX-7-Eth"
    count = 2
    pci {
      interfaces = ["enp1s0", "enp2s0"]
    }
  }
}

node_group "n" {
  model = "eth2"
  count = 2
}

fabric "eth" {
  clos {
    endpoints = node_group.n.nics.compute
    rails     = 2
    tier "leaf" {
      model = "SN5600"
      per   = ["rail"]
      down  = 2
      up    = 2
    }
    tier "spine" {
      model = "SN5600"
      count = 2
    }
  }
}
`

// Host ports that LLDP names as their OS does ("n0 enp1s0": the system
// name and the interface) match the design's NICs by the node model's
// interfaces, so n0's two cables exchanged between the rail-0 and rail-1
// leaves is one asbuilt-rail-crossed finding, not ports placed by their
// cable as if nothing were wrong; cabled as designed, clean.
func TestLLDPHostInterfaces(t *testing.T) {
	g := compiletest.Source(t, railHosts)
	hostPorts := func(nb map[string][][2]string) {
		for sw, list := range nb {
			for i, e := range list {
				peer, _, _ := strings.Cut(e[1], "|")
				host, nic, ok := strings.Cut(peer, "-nic")
				if ok {
					list[i][1] = host + "|enp" + fmt.Sprint(nic[0]-'0'+1) + "s0"
				}
			}
			nb[sw] = list
		}
	}
	if r := compareLLDP(t, g, lldpFiles(t, g, 0, hostPorts)); len(r.Diags) != 0 || r.MatchedLinks != r.Links || r.ByPosition != 0 {
		t.Fatalf("as designed: findings %v, %d of %d links, %d by position; want none, all, 0 (every host port by its name)", r.Diags, r.MatchedLinks, r.Links, r.ByPosition)
	}
	crossed := func(nb map[string][][2]string) {
		hostPorts(nb)
		// n0's entries on leaf0 and leaf1 (rail 0 and rail 1) exchanged.
		find := func(sw string) int {
			for i, e := range nb[sw] {
				if strings.HasPrefix(e[1], "n0|") {
					return i
				}
			}
			t.Fatalf("no n0 on %s: %v", sw, nb[sw])
			return -1
		}
		var leaves []string
		for sw := range nb {
			if strings.Contains(sw, "leaf") {
				leaves = append(leaves, sw)
			}
		}
		slices.Sort(leaves)
		a, b := find(leaves[0]), find(leaves[1])
		nb[leaves[0]][a][1], nb[leaves[1]][b][1] = nb[leaves[1]][b][1], nb[leaves[0]][a][1]
	}
	r := compareLLDP(t, g, lldpFiles(t, g, 0, crossed))
	if c := findingCodes(r); c[diag.AsbuiltRailCrossed] != 1 || len(r.Diags) != 1 {
		for _, d := range r.Diags {
			t.Log(diag.CodeOf(d), ": ", d.Detail)
		}
		t.Errorf("n0's two cables exchanged between rails: findings %v, want one asbuilt-rail-crossed", c)
	}
}

// Switches announce themselves by a fully qualified or upper-case system
// name ("SPINE0.pod1.example.net") while their files are named after the
// design ("spine0"): each is still one device, the one its file names.
// Clean: all 8 links as designed, every switch covered, no finding but
// the hosts' unnamed infos. The same fabric with leaf1's uplinks
// exchanged is still exactly one swapped pair.
func TestLLDPNeighbourFQDN(t *testing.T) {
	g := compiletest.Source(t, lldpDesign)
	fqdn := func(nb map[string][][2]string) {
		for sw, list := range nb {
			for i, e := range list {
				peer, port, _ := strings.Cut(e[1], "|")
				if strings.Contains(peer, "leaf") || strings.Contains(peer, "spine") {
					nb[sw][i][1] = strings.ToUpper(peer) + ".pod1.example.net|" + port
				}
			}
		}
	}
	r := compareLLDP(t, g, lldpFiles(t, g, 0, fqdn))
	requireCleanLLDP(t, r, "FQDN neighbours")
	// Mixed forms: only leaf1's file names its spines by FQDN, so spine0
	// is "spine0" to leaf0 and "Spine0.example.net" to leaf1, and the
	// files seem to disagree about leaf1's ports until the names fold:
	// clean, no conflict and no cable heard one way.
	mixed := compareLLDP(t, g, lldpFiles(t, g, 0, func(nb map[string][][2]string) {
		for i, e := range nb["leaf1"] {
			if peer, port, _ := strings.Cut(e[1], "|"); strings.HasPrefix(peer, "spine") {
				nb["leaf1"][i][1] = "S" + peer[1:] + ".example.net|" + port
			}
		}
	}))
	requireCleanLLDP(t, mixed, "one file's neighbours by FQDN")
	swapped := compareLLDP(t, g, lldpFiles(t, g, 0, func(nb map[string][][2]string) {
		swapLeaf1Uplinks(nb, "swp")
		fqdn(nb)
	}))
	if c := findingCodes(swapped); c[diag.AsbuiltSwapped] != 1 || len(swapped.Diags) != 1+c[diag.AsbuiltUnnamedDevice] {
		for _, d := range swapped.Diags {
			t.Log(diag.CodeOf(d), ": ", d.Detail)
		}
		t.Errorf("FQDN neighbours, leaf1's uplinks exchanged: findings %v; want one asbuilt-swapped and nothing else", c)
	}
}

// LLDP files named by a collection script ("leaf0_lldp", "lldp-spine1")
// are the switches whose design names they hold: clean, with each switch
// one device; "leaf10_lldp" never holds leaf1, "leaf1-to-spine0" neither
// switch. A file whose name holds no design name ("switch-a") but lists
// leaf0's cables, as the spines' files tell, is one warning advising to
// name it after leaf0, and is read as leaf0's: clean otherwise.
func TestLLDPFileNameAffixes(t *testing.T) {
	g := compiletest.Source(t, lldpDesign)
	files := map[string][]byte{}
	for name, data := range lldpFiles(t, g, 0, nil) {
		if strings.HasPrefix(name, "leaf") {
			name += "_lldp"
		} else {
			name = "lldp-" + name
		}
		files[name] = data
	}
	r := compareLLDP(t, g, files)
	requireCleanLLDP(t, r, "affixed file names")
	files = lldpFiles(t, g, 0, nil)
	files["switch-a"] = files["leaf0"]
	delete(files, "leaf0")
	misnamed := compareLLDP(t, g, files)
	if !slices.ContainsFunc(misnamed.Diags, func(d *hcl.Diagnostic) bool {
		return diag.CodeOf(d) == diag.AsbuiltDiscovery && strings.Contains(d.Detail, "lists the cables of leaf0") && strings.Contains(d.Detail, "so it is read as leaf0's: name it after leaf0 (leaf0.json")
	}) || slices.ContainsFunc(misnamed.Diags, func(d *hcl.Diagnostic) bool { return diag.CodeOf(d) == diag.AsbuiltMissingLink }) {
		for _, d := range misnamed.Diags {
			t.Log(diag.CodeOf(d), ": ", d.Detail)
		}
		t.Errorf("leaf0's file named switch-a: want an asbuilt-discovery warning that it lists leaf0's cables and to rename it, and no cable called missing")
	}
	// A second file of leaf0 ("leaf0-copy"): one warning, nothing else.
	files = lldpFiles(t, g, 0, nil)
	files["leaf0-copy"] = files["leaf0"]
	twice := compareLLDP(t, g, files)
	if got := slices.DeleteFunc(slices.Clone(twice.Diags), func(d *hcl.Diagnostic) bool { return diag.CodeOf(d) == diag.AsbuiltUnnamedDevice }); len(got) != 1 || got[0].Summary != "Two files of one switch" || twice.MatchedLinks != 8 {
		for _, d := range twice.Diags {
			t.Log(diag.CodeOf(d), ": ", d.Summary, ": ", d.Detail)
		}
		t.Errorf("leaf0's file twice: %d findings, %d links; want one 'Two files of one switch' warning and 8 links", len(got), twice.MatchedLinks)
	}
	// leaf0's file saved again as leaf1's, leaf1's own lost: the copy is
	// named, its cables left out, and leaf1's host cables are out of
	// sight (no file), not missing; nothing is heard one way.
	files = lldpFiles(t, g, 0, nil)
	files["leaf1"] = files["leaf0"]
	copied := compareLLDP(t, g, files)
	c := findingCodes(copied)
	if c[diag.AsbuiltMissingLink] != 0 || !slices.ContainsFunc(copied.Diags, func(d *hcl.Diagnostic) bool {
		return strings.Contains(d.Detail, "named as leaf1's, lists the cables of leaf0") && strings.Contains(d.Detail, "recollect LLDP on leaf1")
	}) || !slices.ContainsFunc(copied.Diags, func(d *hcl.Diagnostic) bool {
		return strings.Contains(d.Detail, "no LLDP file for leaf1 (its file set aside)")
	}) ||
		slices.ContainsFunc(copied.Diags, func(d *hcl.Diagnostic) bool { return d.Summary == "Cables heard one way only" }) {
		for _, d := range copied.Diags {
			t.Log(diag.CodeOf(d), ": ", d.Summary, ": ", d.Detail)
		}
		t.Errorf("leaf0's file saved as leaf1's: findings %v; want the copy named, leaf1 without a file, nothing missing or heard one way", c)
	}
	for _, tc := range []struct{ name, want string }{
		{"leaf0_lldp", "leaf0"}, {"lldp-spine1.prod", "spine1"}, {"leaf10_lldp", ""}, {"xleaf1", ""}, {"h0-lldp", ""}, {"leaf1-to-spine0", ""}, {"leaf1-leaf1", "leaf1"},
	} {
		if got := asbuilt.SwitchNameWithin(tc.name, g); got != tc.want {
			t.Errorf("switch name within %q: %q, want %q", tc.name, got, tc.want)
		}
	}
}

// spine0's file lists no neighbour on swp2, where leaf1's file hears it:
// one cable heard one way only, named at both ends, and still compared
// (8 of 8 links as designed). With the neighbours named by FQDN the
// switches fold first and the finding is the same.
func TestLLDPOneWay(t *testing.T) {
	g := compiletest.Source(t, lldpDesign)
	silence := func(nb map[string][][2]string) {
		nb["spine0"] = slices.DeleteFunc(nb["spine0"], func(e [2]string) bool { return e[0] == "swp2" })
	}
	for _, fq := range []bool{false, true} {
		r := compareLLDP(t, g, lldpFiles(t, g, 0, func(nb map[string][][2]string) {
			silence(nb)
			if fq {
				for sw, list := range nb {
					for i, e := range list {
						if peer, port, _ := strings.Cut(e[1], "|"); strings.Contains(peer, "leaf") || strings.Contains(peer, "spine") {
							nb[sw][i][1] = strings.ToUpper(peer) + ".pod1.example.net|" + port
						}
					}
				}
			}
		}))
		oneWay := slices.IndexFunc(r.Diags, func(d *hcl.Diagnostic) bool { return d.Summary == "Cables heard one way only" })
		if oneWay < 0 || len(r.Diags) != 1+findingCodes(r)[diag.AsbuiltUnnamedDevice] || r.MatchedLinks != 8 {
			for _, d := range r.Diags {
				t.Log(diag.CodeOf(d), ": ", d.Detail)
			}
			t.Fatalf("FQDN %v: spine0 silent on swp2: want one one-way finding and 8 links as designed, got %d", fq, r.MatchedLinks)
		}
		if d := r.Diags[oneWay].Detail; !strings.Contains(d, "1 cable of lldp is heard from one end only: leaf1 port 1 (swp1) hears spine0 port 2 (swp2)") {
			t.Errorf("FQDN %v: one-way finding %q does not name leaf1 swp1 and spine0 swp2", fq, d)
		}
	}
}

// A spine with no file whose every cable its leaves' files list: all
// links as designed, exit status unchanged, and one note naming it.
func TestLLDPNoFileSeenFromNeighbours(t *testing.T) {
	g := compiletest.Source(t, lldpDesign)
	files := lldpFiles(t, g, 0, nil)
	delete(files, "spine1")
	r := compareLLDP(t, g, files)
	notes := slices.DeleteFunc(slices.Clone(r.Diags), func(d *hcl.Diagnostic) bool { return diag.CodeOf(d) == diag.AsbuiltUnnamedDevice })
	if r.MatchedLinks != 8 || len(notes) != 1 || diag.SeverityOf(notes[0]) != diag.SevInfo || !strings.Contains(notes[0].Detail, "No LLDP file for spine1: every cable of it was seen from its other end") {
		for _, d := range r.Diags {
			t.Log(diag.CodeOf(d), ": ", d.Detail)
		}
		t.Errorf("spine1 without a file: %d links, %d findings; want 8 and one note naming spine1", r.MatchedLinks, len(notes))
	}
}

// requireCleanLLDP fails unless r, of lldpDesign, has every one of its
// 8 links and 8 devices as designed, nothing unseen, and no finding but
// hosts placed by their cable.
func requireCleanLLDP(t *testing.T, r asbuilt.Result, what string) {
	t.Helper()
	if r.MatchedLinks != r.Links || r.Links != 8 || r.MatchedDevices != 8 || r.Unseen != 0 {
		for _, d := range r.Diags {
			t.Log(diag.CodeOf(d), ": ", d.Detail)
		}
		t.Fatalf("%s: %d of %d links, %d devices, %d unseen; want 8 of 8, 8, 0", what, r.MatchedLinks, r.Links, r.MatchedDevices, r.Unseen)
	}
	for _, d := range r.Diags {
		if diag.CodeOf(d) != diag.AsbuiltUnnamedDevice {
			t.Errorf("%s: unexpected %s: %s", what, diag.CodeOf(d), d.Detail)
		}
	}
}

// dualPortHosts is a pair of Ethernet servers of one dual-port NIC each,
// its two ports named by the node model's interfaces, both on one leaf.
const dualPortHosts = `
nic_model "cx7-2p-eth" {
  ports      = 2
  port_rate  = "200Gb/s"
  pcie_gen   = 5
  pcie_width = 16
  protocol   = "ethernet"
}

node_model "eth2p" {
  nic "compute" {
    model = "cx7-2p-eth"
    count = 1
    pci {
      interfaces = ["ens1f0np0", "ens1f1np1"]
    }
  }
}

node_group "n" {
  model = "eth2p"
  count = 2
}

fabric "eth" {
  custom {
    switch "leaf" {
      count = 1
      model = "TH4-64x400G"
      tier  = "leaf"
    }
    link {
      count = 4
      a     = "n${floor(count.index / 2)}/nic0"
      b     = "leaf0"
    }
  }
}
`

// The second port of a dual-port NIC, which LLDP reports as "n0
// ens1f1np1", is that port by its interface name, not a device placed
// wherever its cable lands: cabled as designed, clean with no port
// placed by its cable; n0's two cables exchanged at the leaf is one
// finding, naming the ports as the host does too, where before the
// second port silently took the first's slot.
func TestLLDPSecondPortByName(t *testing.T) {
	g := compiletest.Source(t, dualPortHosts)
	byInterface := func(nb map[string][][2]string) {
		for sw, list := range nb {
			for i, e := range list {
				peer, port, _ := strings.Cut(e[1], "|")
				if host, _, ok := strings.Cut(peer, "-nic"); ok {
					list[i][1] = host + "|" + port
				}
			}
			nb[sw] = list
		}
	}
	r := compareLLDP(t, g, lldpFiles(t, g, 0, byInterface))
	if len(r.Diags) != 0 || r.MatchedLinks != r.Links || r.Links != 4 || r.ByPosition != 0 {
		for _, d := range r.Diags {
			t.Log(diag.CodeOf(d), ": ", d.Detail)
		}
		t.Fatalf("as designed: %d findings, %d of %d links, %d by position; want none, 4 of 4, 0", len(r.Diags), r.MatchedLinks, r.Links, r.ByPosition)
	}
	exchanged := compareLLDP(t, g, lldpFiles(t, g, 0, func(nb map[string][][2]string) {
		byInterface(nb)
		list := nb["leaf0"]
		var at []int
		for i, e := range list {
			if strings.HasPrefix(e[1], "n0|") {
				at = append(at, i)
			}
		}
		list[at[0]][1], list[at[1]][1] = list[at[1]][1], list[at[0]][1]
	}))
	if c := findingCodes(exchanged); c[diag.AsbuiltSwapped] != 1 || len(exchanged.Diags) != 1 || !strings.Contains(exchanged.Diags[0].Detail, "n0/nic0 port 2 (n0 ens1f1np1)") {
		for _, d := range exchanged.Diags {
			t.Log(diag.CodeOf(d), ": ", d.Detail)
		}
		t.Errorf("n0's two ports exchanged at the leaf: findings %v; want one asbuilt-swapped naming port 2 as its host does (n0 ens1f1np1)", c)
	}
}

// Switches named otherwise than the design (files "rack-a-leaf1.json"…,
// neighbours announcing "RACK-A-LEAF1.pod1.example.net") and mapped by
// their short names ("rack-a-leaf1,leaf0"): the map line covers the
// neighbours' fully qualified name too, so the fabric compares clean and
// no map line is called stale.
func TestLLDPMapCoversFQDN(t *testing.T) {
	g := compiletest.Source(t, lldpDesign)
	site := map[string]string{"leaf0": "rack-a-leaf1", "leaf1": "rack-b-leaf1", "spine0": "row-spine1", "spine1": "row-spine2"}
	files := lldpFiles(t, g, 0, func(nb map[string][][2]string) {
		for sw, list := range nb {
			for i, e := range list {
				peer, port, _ := strings.Cut(e[1], "|")
				if s, ok := site[peer]; ok {
					nb[sw][i][1] = strings.ToUpper(s) + ".pod1.example.net|" + port
				}
			}
		}
	})
	renamed := map[string][]byte{}
	m := map[string]string{}
	for name, data := range files {
		renamed[site[name]] = data
		m[site[name]] = name
	}
	topo := &asbuilt.Topology{}
	for _, name := range []string{"rack-a-leaf1", "rack-b-leaf1", "row-spine1", "row-spine2"} {
		u, _, err := asbuilt.ParseFrom(renamed[name], "", name)
		if err != nil {
			t.Fatal(err)
		}
		if err := topo.Merge(u); err != nil {
			t.Fatal(err)
		}
	}
	r := asbuilt.Compare(g, 0, topo, asbuilt.Options{File: "lldp", Map: m})
	if r.MatchedLinks != 8 || r.MatchedDevices != 8 {
		for _, d := range r.Diags {
			t.Log(diag.CodeOf(d), ": ", d.Detail)
		}
		t.Fatalf("mapped by short names: %d links, %d devices; want 8, 8", r.MatchedLinks, r.MatchedDevices)
	}
	for _, d := range r.Diags {
		if diag.CodeOf(d) != diag.AsbuiltUnnamedDevice {
			t.Errorf("mapped by short names: unexpected %s: %s", diag.CodeOf(d), d.Detail)
		}
	}
}
