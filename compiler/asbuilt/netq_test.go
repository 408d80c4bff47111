package asbuilt_test

import (
	"encoding/json"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/topoc/topoc/compiler/asbuilt"
	"github.com/topoc/topoc/compiler/compiletest"
	"github.com/topoc/topoc/compiler/ir"
	"github.com/topoc/topoc/lang/diag"
)

// The real NetQ topology graph (testdata/SOURCE.md) reads to its 3
// switches, its 8 hosts' 32 cabled ports (each a device of one port
// under its host's name) and 79 cables: 4 from each host to its leaf on
// a lane of swp17–swp20, and the leaf–spine bundles of 28 and 19 cables
// that NetQ itself reports as their sizes. It is detected by content.
func TestNetQRealFile(t *testing.T) {
	data, err := os.ReadFile("testdata/netq-topology-graph.json")
	if err != nil {
		t.Fatal(err)
	}
	if f, ok := asbuilt.Detect(data); !ok || f != asbuilt.FormatNetQ {
		t.Fatalf("detected %q, want %s", f, asbuilt.FormatNetQ)
	}
	topo, _, err := asbuilt.Parse(data, "")
	if err != nil {
		t.Fatal(err)
	}
	var switches []string
	hostPorts := map[string]int{}
	for _, d := range topo.Devices {
		if d.Switch {
			switches = append(switches, d.ID)
			continue
		}
		if d.Chassis == "" || !strings.HasPrefix(d.ID, d.Chassis+" ens") {
			t.Errorf("host port device %q (chassis %q): want \"<host> <interface>\"", d.ID, d.Chassis)
		}
		hostPorts[d.Chassis]++
	}
	slices.Sort(switches)
	if !slices.Equal(switches, []string{"net-unit-l1", "net-unit-l2", "net-unit-s1"}) || len(hostPorts) != 8 {
		t.Fatalf("switches %v, %d hosts; want the two leaves and the spine, 8 hosts", switches, len(hostPorts))
	}
	for h, n := range hostPorts {
		if n != 4 {
			t.Errorf("%s: %d ports, want 4", h, n)
		}
	}
	pair := map[string]int{}
	for _, l := range topo.Links {
		a, b := l.A, l.B
		if !strings.HasPrefix(a, "net-unit-") {
			a, b = b, a
		}
		if !strings.HasPrefix(b, "net-unit-") {
			b = "host"
		}
		if a > b && b != "host" {
			a, b = b, a
		}
		pair[a+" "+b]++
		if l.APortName == "" || l.BPortName == "" || l.Line >= 0 {
			t.Errorf("cable %+v: want both port names and an entry number", l)
		}
	}
	want := map[string]int{"net-unit-l1 host": 16, "net-unit-l2 host": 16, "net-unit-l1 net-unit-s1": 28, "net-unit-l2 net-unit-s1": 19}
	if len(topo.Links) != 79 || fmt.Sprint(pair) != fmt.Sprint(want) {
		t.Errorf("%d cables %v; want 79: %v", len(topo.Links), pair, want)
	}
}

// netqGraph writes the NetQ topology graph of fabric f of g cabled as
// designed (edit changes the cables first and returns them; each is
// [2]{device, interface}):
// switches named as the design names them ('/' written '-') with their
// cable-plan port names, hosts known through LLDP with what their OS
// calls their ports, cables bundled per device pair as NetQ bundles them.
func netqGraph(t *testing.T, g *ir.Graph, f ir.FabricID, edit func([][2][2]string) [][2][2]string) []byte {
	t.Helper()
	var cables [][2][2]string
	isSwitch := map[string]bool{}
	for _, id := range g.FabricLinks(f) {
		l := g.Link(id)
		var c [2][2]string
		for i, p := range [2]ir.Port{l.A, l.B} {
			n := &g.Nodes[p.Node]
			name, port := strings.ReplaceAll(n.Name, "/", "-"), g.PortName(p, &l)
			if n.Kind == ir.KindSwitch {
				isSwitch[name] = true
			} else {
				port = fmt.Sprintf("ens1f%dnp%d", p.Port, p.Port)
			}
			c[i] = [2]string{name, port}
		}
		cables = append(cables, c)
	}
	if edit != nil {
		cables = edit(cables)
	}
	ids := map[string]string{}
	var switches, hosts []any
	node := func(name string) string {
		if id, ok := ids[name]; ok {
			return id
		}
		id := fmt.Sprintf("node%d", len(ids))
		ids[name] = id
		if isSwitch[name] {
			switches = append(switches, map[string]any{"id": id, "name": name, "node_type": "device", "device_type": "switch"})
		} else {
			hosts = append(hosts, map[string]any{"id": id, "name": name, "node_type": "device", "device_type": "discovered_via_lldp"})
		}
		return id
	}
	bundles := map[[2]string][]any{}
	var order [][2]string
	for _, c := range cables {
		a, b := node(c[0][0]), node(c[1][0])
		key := [2]string{a, b}
		if _, ok := bundles[key]; !ok {
			order = append(order, key)
		}
		bundles[key] = append(bundles[key], map[string]any{
			"id":         fmt.Sprintf("%s:%s-*-%s:%s", a, c[0][1], b, c[1][1]),
			"interfaces": []any{map[string]any{"node": a, "interface": c[0][1]}, map[string]any{"node": b, "interface": c[1][1]}},
		})
	}
	var links []any
	for _, k := range order {
		links = append(links, map[string]any{"id": k[0] + "-*-" + k[1], "src": k[0], "target": k[1], "size": len(bundles[k]), "compounded_links": bundles[k]})
	}
	data, err := json.MarshalIndent([]any{map[string]any{
		"nodes": []any{
			map[string]any{"id": "tier-1", "name": "tier-1", "node_type": "tier", "compounded_nodes": switches},
			map[string]any{"id": "tier-unclassified", "name": "tier-unclassified", "node_type": "tier", "compounded_nodes": hosts},
		},
		"links": links,
	}}, "", " ")
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// compareNetQ reads a NetQ graph, detected by content, and compares it
// with fabric 0 of g.
func compareNetQ(t *testing.T, g *ir.Graph, data []byte) asbuilt.Result {
	t.Helper()
	topo, f, err := asbuilt.Parse(data, "")
	if err != nil || f != asbuilt.FormatNetQ {
		t.Fatalf("read as %q: %v", f, err)
	}
	return asbuilt.Compare(g, 0, topo, asbuilt.Options{File: "netq.json"})
}

// A NetQ graph of the small leaf-spine cabled as designed compares clean
// (the hosts, known only through LLDP, placed by their cables); h0's
// cable moved from leaf0 swp3 to swp5 is reported once, at the designed
// cable; leaf1's two spine uplinks exchanged at the leaf are one swapped
// pair; a missing leaf–spine cable is one missing link.
func TestNetQCompare(t *testing.T) {
	g := compiletest.Source(t, lldpDesign)
	clean := compareNetQ(t, g, netqGraph(t, g, 0, nil))
	if clean.MatchedLinks != 8 || clean.Links != 8 || clean.MatchedDevices != 8 || len(clean.Diags) != 0 {
		for _, d := range clean.Diags {
			t.Log(diag.CodeOf(d), ": ", d.Detail)
		}
		t.Fatalf("clean: %d of %d links, %d devices, %d findings; want 8 of 8, 8, none", clean.MatchedLinks, clean.Links, clean.MatchedDevices, len(clean.Diags))
	}
	moved := compareNetQ(t, g, netqGraph(t, g, 0, func(cs [][2][2]string) [][2][2]string {
		for i, c := range cs {
			for e := range c {
				if c[e] == [2]string{"leaf0", "swp3"} {
					cs[i][e][1] = "swp5"
				}
			}
		}
		return cs
	}))
	if c := findingCodes(moved); c[diag.AsbuiltMissingLink]+c[diag.AsbuiltMiswired] != 1 || moved.MatchedLinks != 7 {
		t.Errorf("h0 moved to leaf0 swp5: findings %v, %d links as designed; want the designed h0 link reported once, 7", c, moved.MatchedLinks)
	}
	swapped := compareNetQ(t, g, netqGraph(t, g, 0, func(cs [][2][2]string) [][2][2]string {
		for i, c := range cs {
			for e := range c {
				switch c[e] {
				case [2]string{"leaf1", "swp1"}:
					cs[i][e][1] = "swp2"
				case [2]string{"leaf1", "swp2"}:
					cs[i][e][1] = "swp1"
				}
			}
		}
		return cs
	}))
	if c := findingCodes(swapped); c[diag.AsbuiltSwapped] != 1 || len(swapped.Diags) != 1 {
		t.Errorf("leaf1's uplinks exchanged: findings %v; want one asbuilt-swapped", c)
	}
	missing := compareNetQ(t, g, netqGraph(t, g, 0, func(cs [][2][2]string) [][2][2]string {
		return slices.DeleteFunc(cs, func(c [2][2]string) bool {
			return c[0][0] == "leaf0" && c[1][0] == "spine1" || c[1][0] == "leaf0" && c[0][0] == "spine1"
		})
	}))
	if c := findingCodes(missing); c[diag.AsbuiltMissingLink] != 1 || missing.MatchedLinks != 7 {
		t.Errorf("leaf0–spine1 cable gone: findings %v, %d links as designed; want one missing link, 7", c, missing.MatchedLinks)
	}
	// What the fabric as cabled lacks (Result.Absent): nothing when
	// cables only moved to other ports of the same two devices (the
	// uplinks exchanged), the one link when a cable is gone, and a switch
	// with its links when the switch is. h0's port, known only through
	// LLDP and cabled to a port the design gives no host, is h0's by its
	// system name (its host's one port left): its cable moved to another
	// port of leaf0, so nothing is lacking.
	name := func(ids []ir.LinkID) []string {
		var out []string
		for _, id := range ids {
			l := g.Link(id)
			out = append(out, g.Nodes[l.A.Node].Name+"–"+g.Nodes[l.B.Node].Name)
		}
		return out
	}
	for _, c := range []struct {
		what string
		r    asbuilt.Result
		want []string
	}{{"clean", clean, nil}, {"h0 moved", moved, nil}, {"uplinks exchanged", swapped, nil}, {"cable gone", missing, []string{"leaf0–spine1"}}} {
		if got := name(c.r.Absent); !slices.Equal(got, c.want) || len(c.r.MissingSwitches) != 0 {
			t.Errorf("%s: absent %v, missing switches %v; want %v, none", c.what, got, c.r.MissingSwitches, c.want)
		}
	}
	gone := compareNetQ(t, g, netqGraph(t, g, 0, func(cs [][2][2]string) [][2][2]string {
		return slices.DeleteFunc(cs, func(c [2][2]string) bool { return c[0][0] == "spine1" || c[1][0] == "spine1" })
	}))
	if got := name(gone.Absent); len(gone.MissingSwitches) != 1 || g.Nodes[gone.MissingSwitches[0]].Name != "spine1" || !slices.Equal(got, []string{"leaf0–spine1", "leaf1–spine1"}) {
		t.Errorf("spine1 gone: missing switches %v, absent %v; want spine1 and its two links", gone.MissingSwitches, got)
	}
}

// The two-plane RoCE example as NetQ sees it: all 4,096 cables as
// designed, the 3,072 host ports placed by their cables, no finding.
func TestNetQTwoPlane(t *testing.T) {
	g := compiletest.Example(t, "roce-leaf-spine-2plane")
	r := compareNetQ(t, g, netqGraph(t, g, 0, nil))
	if r.MatchedLinks != r.Links || r.Links != 4096 || len(r.Diags) != 0 {
		for i, d := range r.Diags {
			if i < 5 {
				t.Log(diag.CodeOf(d), ": ", d.Detail)
			}
		}
		t.Fatalf("%d of %d links as designed, %d findings; want all of 4,096, none", r.MatchedLinks, r.Links, len(r.Diags))
	}
}

// What is not a NetQ graph NetQ could have written is refused, naming
// the link or node: a cable with one end, an end on a node the graph does
// not list, an end with no interface, a device with no name, no nodes
// and no links, two cables on one port, and JSON of another shape.
func TestParseNetQErrors(t *testing.T) {
	const nodes = `"nodes":[{"node_type":"tier","compounded_nodes":[{"id":"n0","name":"leaf0","node_type":"device","device_type":"switch"},{"id":"n1","name":"h0","node_type":"device","device_type":"discovered_via_lldp"}]}]`
	for _, c := range []struct{ in, want string }{
		{`[{` + nodes + `,"links":[{"id":"l","compounded_links":[{"id":"c","interfaces":[{"node":"n0","interface":"swp1"}]}]}]}]`, "1 ends"},
		{`[{` + nodes + `,"links":[{"id":"l","compounded_links":[{"id":"c","interfaces":[{"node":"n0","interface":"swp1"},{"node":"n9","interface":"eth0"}]}]}]}]`, `node "n9"`},
		{`[{` + nodes + `,"links":[{"id":"l","interfaces":[{"node":"n0"},{"node":"n1"}]}]}]`, "no interface"},
		{`[{"nodes":[{"id":"n0","node_type":"device"}],"links":[]}]`, "without an id or a name"},
		{`[{"nodes":[],"links":[]}]`, "no nodes and no links"},
		{`[{` + nodes + `,"links":[{"id":"l","compounded_links":[{"id":"c1","interfaces":[{"node":"n0","interface":"swp1"},{"node":"n1","interface":"eth0"}]},{"id":"c2","interfaces":[{"node":"n0","interface":"swp1"},{"node":"n1","interface":"eth1"}]}]}]}]`, "a port holds one cable"},
		{`{"nodes":{"a":1},"links":[]}`, "NetQ topology graph"},
	} {
		_, err := asbuilt.ParseNetQ([]byte(c.in))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want one containing %q", c.in, err, c.want)
		}
	}
}

// FuzzParseNetQ: no input crashes or hangs the parser.
func FuzzParseNetQ(f *testing.F) {
	data, _ := os.ReadFile("testdata/netq-topology-graph.json")
	f.Add(string(data))
	f.Add(`[{"nodes":[],"links":[{"compounded_links":[{"interfaces":[{},{}]}]}]}]`)
	f.Fuzz(func(t *testing.T, in string) {
		asbuilt.ParseNetQ([]byte(in))
	})
}

// findingCodes counts a comparison's findings by code.
func findingCodes(r asbuilt.Result) map[diag.Code]int {
	m := map[diag.Code]int{}
	for _, d := range r.Diags {
		m[diag.CodeOf(d)]++
	}
	return m
}
