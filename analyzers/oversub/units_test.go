package oversub

import (
	"reflect"
	"testing"

	"github.com/topoc/topoc/compiler/compiletest"
	"github.com/topoc/topoc/compiler/ir"
)

// measure and joinedDirectly answer every unit kind in one pass over the
// links; each kind's answer must be the one it gets asked alone, on
// fabrics of several kinds (a SuperPOD's SUs and rails, a dragonfly's
// groups joined directly, fire-flyer's zones).
func TestUnitKindsInOnePass(t *testing.T) {
	for _, g := range []*ir.Graph{
		compiletest.Example(t, "dgx-h100-superpod", "scalable_units=2"),
		compiletest.Example(t, "dragonfly-small"),
		compiletest.Example(t, "fire-flyer-2"),
	} {
		for f := range g.Fabrics {
			s := scan(g, ir.FabricID(f))
			ks := s.kinds()
			tallies, joined := s.measure(ks), s.joinedDirectly(ks)
			for i, k := range ks {
				if alone := s.measure([]kind{k})[0]; !reflect.DeepEqual(tallies[i], alone) {
					t.Errorf("fabric %s, kind %s: tally %v with the others, %v alone", g.Fabrics[f].Name, k.name, tallies[i], alone)
				}
				if alone := s.joinedDirectly([]kind{k})[0]; joined[i] != alone {
					t.Errorf("fabric %s, kind %s: joined %v with the others, %v alone", g.Fabrics[f].Name, k.name, joined[i], alone)
				}
			}
		}
	}
}
