package oversub

import (
	"reflect"
	"testing"

	"github.com/topoc/topoc/compiler/compiletest"
	"github.com/topoc/topoc/compiler/ir"
)

// measure answers every unit kind in one pass over the links; each
// kind's tally must be the one it gets asked alone, on fabrics of
// several kinds (a SuperPOD's SUs and rails, a dragonfly's groups joined
// directly, fire-flyer's zones), and only the dragonfly's groups and
// fire-flyer's zones (by the composite's joining links) are joined.
func TestUnitKindsInOnePass(t *testing.T) {
	for _, g := range []*ir.Graph{
		compiletest.Example(t, "dgx-h100-superpod", "scalable_units=2"),
		compiletest.Example(t, "dragonfly-small"),
		compiletest.Example(t, "fire-flyer-2"),
	} {
		for f := range g.Fabrics {
			s := scan(g, ir.FabricID(f))
			ks := s.kinds()
			tallies := s.measure(ks)
			for i, k := range ks {
				if alone := s.measure([]kind{k})[0]; !reflect.DeepEqual(tallies[i], alone) {
					t.Errorf("fabric %s, kind %s: tally %v with the others, %v alone", g.Fabrics[f].Name, k.name, tallies[i], alone)
				}
				if want := g.Fabrics[f].Family == ir.FamilyDragonfly && k.name == "group" || k.name == "zone"; tallies[i].joined != want {
					t.Errorf("fabric %s, kind %s: joined %v, want %v", g.Fabrics[f].Name, k.name, tallies[i].joined, want)
				}
			}
		}
	}
}
