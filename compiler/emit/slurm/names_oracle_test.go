package slurm

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/topoc/topoc/compiler/emit"
	"github.com/topoc/topoc/compiler/ir"
	"github.com/topoc/topoc/lang/diag"
)

// namesByMapWalk is checkNodeNames as it was before it sorted hashes:
// the hosts in NodeID order, each judged for its characters, its length
// and a name met before, against a map of the names met. It is the
// oracle of TestNodeNamesMatchMapWalk.
func namesByMapWalk(g *ir.Graph) error {
	by := map[string]ir.NodeID{}
	for i := range g.Nodes {
		n := &g.Nodes[i]
		if n.Parent != ir.None || n.Kind != ir.KindHost {
			continue
		}
		id := ir.NodeID(i)
		name := g.HostName(id)
		for _, r := range n.Name {
			if r >= 0x80 {
				return &emit.Error{Code: diag.SlurmInvalidName, At: n.Origin, Msg: fmt.Sprintf("node %s has the character %q; Slurm node names are ASCII letters, digits, '-', '_' and '.': %s", n.Name, r, emit.HostFix(g, id))}
			}
		}
		if len(name) > MaxName {
			return &emit.Error{Code: diag.SlurmInvalidName, At: n.Origin, Msg: fmt.Sprintf("node %s is %d characters as a Slurm node name (%s); Slurm takes at most %d: %s", n.Name, len(name), name, MaxName, emit.HostFix(g, id))}
		}
		if j, dup := by[name]; dup {
			return &emit.Error{Code: diag.SlurmInvalidName, At: n.Origin, Msg: fmt.Sprintf("nodes %s and %s are both %s as Slurm node names ('/' is written '-'): %s", g.Nodes[j].Name, n.Name, name, emit.HostFix(g, id))}
		}
		by[name] = id
	}
	return nil
}

// TestNodeNamesMatchMapWalk: on 3,000 random graphs of hosts named from
// a few parts joined by '/' or '-' (so that names clash once dashed),
// some too long, some not ASCII, some with a hostname of their own,
// and components that are no hosts, checkNodeNames refuses the same
// host with the same message as the walk with a map, or takes all.
func TestNodeNamesMatchMapWalk(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 16))
	parts := []string{"a", "b", "su0", "n1", "é", strings.Repeat("x", 40)}
	refused := 0
	for trial := range 3000 {
		g := ir.New()
		for range rng.IntN(12) {
			var b strings.Builder
			for k := range 1 + rng.IntN(3) {
				if k > 0 {
					b.WriteByte("/-"[rng.IntN(2)])
				}
				b.WriteString(parts[rng.IntN(len(parts))])
			}
			kind := ir.KindHost
			if rng.IntN(5) == 0 {
				kind = ir.KindGPU
			}
			id := g.AddNode(ir.NewNode(b.String(), kind))
			if rng.IntN(8) == 0 {
				if g.Hostnames == nil {
					g.Hostnames = map[ir.NodeID]string{}
				}
				g.Hostnames[id] = parts[rng.IntN(4)]
			}
		}
		want, got := namesByMapWalk(g), checkNodeNames(g)
		if fmt.Sprintf("%#v", want) != fmt.Sprintf("%#v", got) {
			t.Fatalf("trial %d: checkNodeNames says %v; the walk says %v", trial, got, want)
		}
		if want != nil {
			refused++
		}
	}
	if refused < 300 || refused > 2700 {
		t.Errorf("%d of 3,000 graphs refused: the draw tests too little of one side", refused)
	}
}
