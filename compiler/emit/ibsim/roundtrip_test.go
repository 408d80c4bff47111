package ibsim_test

import (
	"bytes"
	"fmt"
	"slices"
	"testing"

	"github.com/topoc/topoc/compiler/asbuilt"
	"github.com/topoc/topoc/compiler/compiletest"
	"github.com/topoc/topoc/compiler/emit/ibsim"
	"github.com/topoc/topoc/compiler/ir"
	"github.com/topoc/topoc/compiler/tooltest"
)

// discover returns what the real ibnetdiscover finds in net served by the
// real ibsim, parsed.
func discover(t *testing.T, net []byte, flags []string) *asbuilt.Topology {
	t.Helper()
	topo, err := asbuilt.ParseIBNetDiscover(bytes.NewReader(tooltest.IBNetDiscover(t, net, flags...)))
	if err != nil {
		t.Fatalf("parsing ibnetdiscover's output: %v", err)
	}
	return topo
}

// TestRoundTripThroughIBSim: the net files of each InfiniBand example (one
// per plane of a multi-plane fabric), served by the real ibsim and
// discovered by the real ibnetdiscover,
// gives back the design: every switch and adapter (by the name ibsim
// reports as its description) and every port pairing, at the ports the
// design cabled.
func TestRoundTripThroughIBSim(t *testing.T) {
	for _, tc := range []struct {
		ex   string
		vars []string
	}{
		{"dgx-h100-superpod", []string{"scalable_units=1"}},
		{"dgx-h100-superpod", nil},
		{"gb200-nvl72-2rack", nil},
		{"dgx-b200-superpod-16su", nil},
		{"deepseek-v3-mpft", []string{"servers=128"}}, // 8 planes, one subnet each
	} {
		t.Run(fmt.Sprint(tc.ex, tc.vars), func(t *testing.T) {
			g := compiletest.Example(t, tc.ex, tc.vars...)
			for fi := range g.Fabrics {
				f := ir.FabricID(fi)
				if !ibsim.InfiniBand(g, f) {
					continue
				}
				// One ibsim run per plane (a subnet each), merged as verify
				// merges one --discovered file per plane.
				topo := &asbuilt.Topology{}
				for _, p := range ibsim.Planes(g, f) {
					net, err := ibsim.Net(g, f, p)
					if err != nil {
						t.Fatal(err)
					}
					if err := topo.Merge(discover(t, net, ibsim.Flags(ibsim.Size(g, f, p)))); err != nil {
						t.Fatal(err)
					}
				}
				want := map[string]bool{}
				type end struct {
					dev  string
					port int
				}
				for _, l := range ibsim.Links(g, f, -1) {
					a, b := end{l.A, l.APort}, end{l.B, l.BPort}
					want[fmt.Sprint(a, b)], want[fmt.Sprint(b, a)] = true, true
				}
				desc := map[string]string{}
				var devs []string
				for _, d := range topo.Devices {
					desc[d.ID] = d.Desc
					devs = append(devs, d.Desc)
				}
				var wantDevs []string
				for _, n := range g.FabricNodes(f) {
					if g.Nodes[n].Kind.IsSwitch() || isEndpoint(g, f, n) {
						wantDevs = append(wantDevs, g.Nodes[n].Name)
					}
				}
				slices.Sort(devs)
				slices.Sort(wantDevs)
				if !slices.Equal(devs, wantDevs) {
					t.Errorf("fabric %q: ibnetdiscover finds %d devices, the design has %d", g.Fabrics[f].Name, len(devs), len(wantDevs))
				}
				got := 0
				for _, l := range topo.Links {
					a, b := end{desc[l.A], l.APort}, end{desc[l.B], l.BPort}
					if !want[fmt.Sprint(a, b)] {
						t.Errorf("discovered link %v – %v is not in the design", a, b)
					}
					got++
				}
				if 2*got != len(want) {
					t.Errorf("fabric %q: %d links discovered, the design has %d", g.Fabrics[f].Name, got, len(want)/2)
				}
				t.Logf("fabric %q: %d devices, %d links discovered by ibnetdiscover under ibsim", g.Fabrics[f].Name, len(devs), got)
			}
		})
	}
}

func isEndpoint(g *ir.Graph, f ir.FabricID, n ir.NodeID) bool {
	for _, p := range g.Fabrics[f].Endpoints {
		if p.Node == n {
			return true
		}
	}
	return false
}
