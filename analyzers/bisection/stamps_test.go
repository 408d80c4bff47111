package bisection

import (
	"bytes"
	"testing"

	"github.com/topoc/topoc/compiler/ir"
)

// Servers route skips as stamped alike have equal signatures, which is
// what lets route give them the previous server's class without reading
// their links; on the shipped designs with servers, every fabric.
func TestStampedAlikeHaveOneSignature(t *testing.T) {
	alike := 0
	for _, dir := range []string{"dgx-h100-superpod", "gb200-nvl72-su", "rail-only-512", "deepseek-v3-mpft", "alibaba-hpn", "roce-leaf-spine-2plane"} {
		g := compileDir(t, "../../examples/"+dir)
		for f := range g.Fabrics {
			m := newModel(g, ir.FabricID(f), ViewGPU)
			loc := make([]int32, len(g.Nodes))
			for i := range loc {
				loc[i] = -1
			}
			sig := func(s int32) []byte {
				members := m.members(s, loc)
				b := m.signature(nil, s, members, loc)
				for _, n := range members {
					loc[n] = -1
				}
				return b
			}
			for s := int32(1); s < int32(len(m.servers)); s++ {
				if !m.stampedAlike(s-1, s) {
					continue
				}
				alike++
				if !bytes.Equal(sig(s-1), sig(s)) {
					t.Fatalf("%s fabric %s: servers %s and %s stamped alike but their signatures differ", dir, g.Fabrics[f].Name, g.Nodes[m.servers[s-1]].Name, g.Nodes[m.servers[s]].Name)
				}
			}
			// A NIC cabled at another capacity makes its server another
			// class.
			if len(m.servers) > 1 && m.stampedAlike(0, 1) && len(m.srvEPs[1]) > 0 {
				e := m.srvEPs[1][0]
				m.epCap.Set(e, m.epCap.Get(e)/2)
				if m.stampedAlike(0, 1) {
					t.Fatalf("%s: a NIC at half capacity left its server stamped alike", dir)
				}
			}
		}
	}
	if alike == 0 {
		t.Fatal("no servers stamped alike: the test checks nothing")
	}
	t.Logf("%d servers stamped alike", alike)
}
