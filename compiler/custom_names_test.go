package compiler

import (
	"slices"
	"testing"

	"github.com/topoc/topoc/compiler/ir"
)

// TestCustomNameTemplates: a custom switch or host block names its
// instances with a `name` template, and links name them by it (audit of
// issue 12: `name` was "not expected here", so a custom fabric could not
// say pod0/leaf1). Two pods of two leaves and four hosts each, two
// spines named spine-0 and spine-1.
func TestCustomNameTemplates(t *testing.T) {
	g, errs := compileSrc(t, `
fabric "c" {
  custom {
    switch "leaf" {
      count = 4
      name  = format("pod%d/leaf%d", floor(count.index / 2), count.index % 2)
      model = "SN5600"
      tier  = "leaf"
    }
    switch "spine" {
      for_each = toset(["0", "1"])
      name     = "spine-${each.key}"
      model    = "SN5600"
      tier     = "spine"
    }
    host "h" {
      count = 8
      name  = format("pod%d/host%02d", floor(count.index / 4), count.index)
      rate  = "400Gb/s"
    }
    link {
      count = 8
      a     = format("pod%d/host%02d", floor(count.index / 4), count.index)
      b     = format("pod%d/leaf%d", floor(count.index / 4), floor(count.index / 2) % 2)
    }
    link {
      count = 8
      a     = format("pod%d/leaf%d", floor(count.index / 4), floor(count.index / 2) % 2)
      b     = "spine-${count.index % 2}"
    }
  }
}`)
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	var switches, hosts []string
	for _, n := range g.Nodes {
		switch {
		case n.Kind == ir.KindSwitch:
			switches = append(switches, n.Name)
		case n.Kind == ir.KindHost:
			hosts = append(hosts, n.Name)
		}
	}
	if want := []string{"pod0/leaf0", "pod0/leaf1", "pod1/leaf0", "pod1/leaf1", "spine-0", "spine-1"}; !slices.Equal(switches, want) {
		t.Errorf("switches %v; want %v", switches, want)
	}
	if len(hosts) != 8 || hosts[0] != "pod0/host00" || hosts[7] != "pod1/host07" {
		t.Errorf("hosts %v; want pod0/host00 … pod1/host07", hosts)
	}
	if n := g.NumLinks(); n != 16 {
		t.Errorf("%d links; want 16", n)
	}
}
