package ir

import (
	"strings"
	"testing"
)

// A plan in flight: the racking reads at once, Cabling waits for the
// cables (the plan's view reads its own plan meanwhile), and a plan that
// panics panics again in the goroutine that waits for it, with its value.
func TestPlanInBackground(t *testing.T) {
	g := New()
	release := make(chan struct{})
	cb := &Cabling{Racking: Racking{Racks: []Rack{{ID: 0, Name: "rack0"}}}}
	g.PlanInBackground(cb, func(view *Graph) {
		<-release
		if view.Cabling() != cb {
			panic("the view reads another plan")
		}
		cb.Cables = append(cb.Cables, Cable{Seq: 1, Type: None})
	})
	if r := g.Racking(); r == nil || len(r.Racks) != 1 {
		t.Fatalf("racking %v while the cables are planned; want rack0", r)
	}
	close(release)
	if c := g.Cabling(); c != cb || len(c.Cables) != 1 {
		t.Fatalf("Cabling returned %v; want the plan with its cable", c)
	}

	g = New()
	g.PlanInBackground(&Cabling{}, func(*Graph) { panic("boom") })
	for _, read := range []func(){g.WaitCabling, func() { g.Cabling() }} {
		func() {
			defer func() {
				if r := recover(); r == nil || !strings.Contains(r.(string), "cable plan panicked: boom") {
					t.Errorf("recovered %v; want the plan's panic", r)
				}
			}()
			read()
		}()
	}
}
