package asbuilt_test

import (
	"bytes"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/topoc/topoc/compiler/asbuilt"
	"github.com/topoc/topoc/compiler/compiletest"
	"github.com/topoc/topoc/compiler/emit/ibsim"
	"github.com/topoc/topoc/compiler/ir"
	"github.com/topoc/topoc/compiler/tooltest"
	"github.com/topoc/topoc/lang/diag"
)

// netLink is one cable of a hand-faulted net file; width is ibsim's
// enabled-width mask (0: its default, 4x; 16: 2x).
type netLink struct {
	ibsim.Link
	width int
}

// renderNet writes links as an ibsim net file, devices in first-seen
// order, with the given port counts.
func renderNet(links []netLink, ports map[string]int, switches map[string]bool) []byte {
	type pl struct {
		local, peerPort, width int
		peer                   string
	}
	by := map[string][]pl{}
	var order []string
	add := func(a string, ap int, b string, bp, w int) {
		if _, ok := by[a]; !ok {
			order = append(order, a)
		}
		by[a] = append(by[a], pl{ap, bp, w, b})
	}
	for _, l := range links {
		add(l.A, l.APort, l.B, l.BPort, l.width)
		add(l.B, l.BPort, l.A, l.APort, l.width)
	}
	var b bytes.Buffer
	for _, d := range order {
		kind := "Hca"
		if switches[d] {
			kind = "Switch"
		}
		fmt.Fprintf(&b, "%s\t%d \"%s\"\n", kind, ports[d], d)
		for _, p := range by[d] {
			fmt.Fprintf(&b, "[%d]\t\"%s\"[%d]", p.local, p.peer, p.peerPort)
			if p.width != 0 {
				fmt.Fprintf(&b, "\tw=%d", p.width)
			}
			b.WriteString("\n")
		}
		b.WriteString("\n")
	}
	return b.Bytes()
}

// discover returns what the real ibnetdiscover finds in net served by the
// real ibsim, parsed.
func discover(t *testing.T, net []byte) *asbuilt.Topology {
	t.Helper()
	topo, err := asbuilt.ParseIBNetDiscover(bytes.NewReader(tooltest.IBNetDiscover(t, net)))
	if err != nil {
		t.Fatalf("parsing ibnetdiscover's output: %v", err)
	}
	return topo
}

// TestVerifyInjectedFaults: one SuperPOD scalable unit, cabled as
// designed but for four faults (two node cables swapped between the
// leaves of rails 0 and 1, which crosses rails, one cable removed, one
// moved to a free leaf port, one trained at 2x), is
// served by the real ibsim and discovered by the real ibnetdiscover;
// Compare reports exactly those four faults and nothing else, and a
// faultless copy reports nothing.
func TestVerifyInjectedFaults(t *testing.T) {
	g := compiletest.Example(t, "dgx-h100-superpod", "scalable_units=1")
	f := ir.FabricID(0)
	links := ibsim.Links(g, f, -1)
	ports := map[string]int{}
	switches := map[string]bool{}
	used := map[string]bool{}
	for _, n := range g.FabricNodes(f) {
		nd := &g.Nodes[n]
		ports[nd.Name] = int(max(nd.Radix, 1))
		switches[nd.Name] = nd.Kind.IsSwitch()
	}
	var nl []netLink
	for _, l := range links {
		nl = append(nl, netLink{Link: l})
		used[fmt.Sprint(l.A, l.APort)], used[fmt.Sprint(l.B, l.BPort)] = true, true
	}
	// The first node links on leaf0 (a = NIC, b = switch end, ordered as
	// ibsim.Links lists them).
	var node []int
	for i, l := range nl {
		if switches[l.B] != switches[l.A] {
			node = append(node, i)
		}
	}
	leafEnd := func(i int) (string, int) {
		if switches[nl[i].A] {
			return nl[i].A, nl[i].APort
		}
		return nl[i].B, nl[i].BPort
	}
	clean := discover(t, renderNet(nl, ports, switches))
	if r := asbuilt.Compare(g, f, clean, asbuilt.Options{IgnoreSpeed: true}); len(r.Diags) != 0 || r.MatchedLinks != r.Links || r.MatchedDevices != r.Devices {
		t.Fatalf("faultless copy: %d findings (%v), %d of %d links, %d of %d devices", len(r.Diags), r.Diags, r.MatchedLinks, r.Links, r.MatchedDevices, r.Devices)
	}
	faulty := slices.Clone(nl)
	// 1: swap the leaf ends of two node cables.
	i, j := node[0], node[9]
	swapEnd := func(k int, sw string, port int) {
		if switches[faulty[k].A] {
			faulty[k].A, faulty[k].APort = sw, port
		} else {
			faulty[k].B, faulty[k].BPort = sw, port
		}
	}
	si, pi := leafEnd(i)
	sj, pj := leafEnd(j)
	swapEnd(i, sj, pj)
	swapEnd(j, si, pi)
	// 2: move a cable to a free port of its leaf.
	m := node[20]
	sm, _ := leafEnd(m)
	free := 0
	for p := ports[sm]; p >= 1; p-- {
		if !used[fmt.Sprint(sm, p)] {
			free = p
			break
		}
	}
	if free == 0 {
		t.Fatalf("%s has no free port to move a cable to", sm)
	}
	swapEnd(m, sm, free)
	// 3: train one cable at 2x.
	faulty[node[30]].width = 16
	// 4: remove one cable.
	gone := node[40]
	faulty = slices.Delete(faulty, gone, gone+1)
	r := asbuilt.Compare(g, f, discover(t, renderNet(faulty, ports, switches)), asbuilt.Options{IgnoreSpeed: true, File: "discovery"})
	var got []string
	for _, d := range r.Diags {
		got = append(got, string(diag.CodeOf(d)))
	}
	slices.Sort(got)
	want := []string{"asbuilt-link-speed", "asbuilt-missing-link", "asbuilt-miswired", "asbuilt-rail-crossed"}
	if !slices.Equal(got, want) {
		for _, d := range r.Diags {
			t.Logf("%s: %s", diag.CodeOf(d), d.Detail)
		}
		t.Fatalf("findings %v, want exactly %v", got, want)
	}
	for _, d := range r.Diags {
		switch diag.CodeOf(d) {
		case diag.AsbuiltRailCrossed:
			if !strings.Contains(d.Detail, nl[i].A) || !strings.Contains(d.Detail, nl[j].A) || !strings.Contains(d.Detail, "rail 0 to rail 1") {
				t.Errorf("swap names %s", d.Detail)
			}
		case diag.AsbuiltMiswired:
			if !strings.Contains(d.Detail, fmt.Sprintf("%s port %d", sm, free)) {
				t.Errorf("miswire does not name the port the cable went to: %s", d.Detail)
			}
		}
	}
	t.Logf("%d links, %d devices: %v", r.Links, r.Devices, got)
}
