package compiler

import (
	"strings"
	"testing"

	"github.com/topoc/topoc/lang/diag"
)

// include takes fabrics declared before the custom fabric, each once;
// itself, a later fabric, a repeated one or a composite is an error at
// include, and a joining link's port on an included switch comes after
// the ports its own fabric uses.
func TestComposeInclude(t *testing.T) {
	base := `
switch_model "S8" {
  radix     = 8
  port_rate = "400Gb/s"
}
fabric "zone0" {
  fat_tree {
    k            = 4
    link_rate    = "400Gb/s"
    switch_model = "S8"
  }
}
`
	g, errs := compileSrc(t, base+`
fabric "c" {
  custom {
    include = ["zone0"]
    host "h" {
      rate = "400Gb/s"
    }
    link {
      a = "h"
      b = "core0"
    }
  }
}
`)
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	for _, l := range g.AllLinks() {
		if g.Fabrics[l.Fabric].Name == "c" && (g.Nodes[l.B.Node].Name != "core0" || l.B.Port != 4) {
			t.Errorf("joining link on %s port %d; want core0 port 4, after the tree's ports 0–3", g.Nodes[l.B.Node].Name, l.B.Port)
		}
	}
	if n := len(g.Fabrics[1].Endpoints); n != 17 {
		t.Errorf("composite endpoints %d; want the tree's 16 and the host", n)
	}
	for _, c := range []struct{ include, code string }{
		{`["c"]`, string(diag.InvalidValue)},
		{`["later"]`, string(diag.UnknownReference)},
		{`["zone0", "zone0"]`, string(diag.DuplicateName)},
	} {
		_, errs := compileSrc(t, base+strings.Replace(`
fabric "c" {
  custom {
    include = INC
  }
}
fabric "later" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}
`, "INC", c.include, 1))
		if len(errs) != 1 || errs[0] != c.code {
			t.Errorf("include = %s: %v; want one %s", c.include, errs, c.code)
		}
	}
}

// A composite over two Clos zones of DGX H100 servers shares their NIC
// ports as endpoints without a "NIC port cabled twice" error, and a
// workload over both node groups runs on it without naming it.
func TestComposeServers(t *testing.T) {
	zone := func(z string) string {
		return strings.ReplaceAll(`
node_group "Z" {
  model = "DGX-H100"
  count = 2
  name  = format("Z/node%d", count.index)
}
fabric "Z" {
  clos {
    endpoints = node_group.Z.nics.compute
    tier "leaf" {
      model = "QM9700"
      per   = ["rail"]
      down  = 2
      up    = 2
    }
    tier "spine" {
      model = "QM9700"
      count = 2
    }
  }
}
`, "Z", z)
	}
	g, errs := compileSrc(t, zone("za")+zone("zb")+`
fabric "both" {
  custom {
    include = ["za", "zb"]
    link {
      a = "spine0"
      b = "zb/spine0"
    }
  }
}
workload "w" {
  gpus = [node_group.za.gpus, node_group.zb.gpus] # both zones: the composite by default
  collective "g" {
    op   = "allreduce"
    size = "1GB"
  }
}
`)
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	if n := len(g.Fabrics[2].Endpoints); n != 32 {
		t.Errorf("composite endpoints %d; want both zones' 16 NIC ports", n)
	}
	if f := g.Workloads[0].Fabric; f != 2 {
		t.Errorf("workload over both zones runs on fabric %d; want the composite (2)", f)
	}
}

// Zones of different families (a fat-tree and a dragonfly, tiers edge…core
// and router) compose without a no-uplinks error (the up/down checks are
// the members'); zones included but never joined are disconnected, at
// the composite; a workload over one zone's GPUs defaults to that zone.
func TestComposeMixedAndDisconnected(t *testing.T) {
	base := `
switch_model "S8" {
  radix     = 8
  port_rate = "400Gb/s"
}
fabric "ft" {
  fat_tree {
    k            = 4
    link_rate    = "400Gb/s"
    switch_model = "S8"
  }
}
fabric "df" {
  dragonfly {
    p            = 2
    a            = 4
    h            = 2
    local_rate   = "400Gb/s"
    router_model = "S8"
  }
}
`
	_, errs := compileSrc(t, base+`
fabric "all" {
  custom {
    include = ["ft", "df"]
    link {
      count = 2
      a     = "core${count.index}"
      b     = "group0/router${count.index}"
    }
  }
}
`)
	if len(errs) > 0 {
		t.Errorf("fat-tree and dragonfly joined: %v; want no errors", errs)
	}
	_, errs = compileSrc(t, base+`
fabric "all" {
  custom {
    include = ["ft", "df"]
  }
}
`)
	if len(errs) != 1 || errs[0] != string(diag.Disconnected) {
		t.Errorf("zones never joined: %v; want one disconnected", errs)
	}
}

// A composite's own device may not take the name of an included one: the
// link naming it would be ambiguous.
func TestComposeDuplicateName(t *testing.T) {
	_, errs := compileSrc(t, `
switch_model "S8" {
  radix     = 8
  port_rate = "400Gb/s"
}
fabric "z0" {
  fat_tree {
    k            = 4
    link_rate    = "400Gb/s"
    switch_model = "S8"
  }
}
fabric "c" {
  custom {
    include = ["z0"]
    switch "core0" {
      model = "S8"
    }
    link {
      a = "core0"
      b = "core1"
    }
  }
}
`)
	if len(errs) != 1 || errs[0] != string(diag.DuplicateName) {
		t.Errorf("own switch named like an included one: %v; want one duplicate-name", errs)
	}
}

// include naming a counted fabric block by its label lists the fabrics
// the block makes (trial 68: it said no such fabric was declared).
func TestIncludeCountedLabel(t *testing.T) {
	_, diags := compileDiags(t, `
fabric "zone" {
  count = 2
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}
fabric "all" {
  custom {
    include = ["zone"]
  }
}`)
	ds := withCode(diags, diag.UnknownReference)
	if len(ds) != 1 || !strings.Contains(ds[0].Detail, `which makes "zone-0", "zone-1"`) {
		t.Errorf("%v; want one unknown-reference listing zone-0 and zone-1", diags)
	}
}

// A requirement naming a counted fabric block by its label lists the
// fabrics it makes, in declaration order; a fabric whose name merely
// starts with the label (ft-extra, a block of its own) is not one of them.
func TestRequirementCountedLabel(t *testing.T) {
	_, diags := compileDiags(t, `
fabric "ft" {
  count = 2
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}
fabric "ft-extra" {
  fat_tree {
    k         = 4
    link_rate = "400Gb/s"
  }
}
requirement "r" {
  condition     = fabric.ft.bisection.ratio >= 1
  error_message = "blocking"
}`)
	ds := withCode(diags, diag.UnknownReference)
	if len(ds) != 1 || !strings.Contains(ds[0].Detail, `makes one fabric per instance: "ft-0" and "ft-1"`) {
		t.Errorf("%v; want one unknown-reference listing ft-0 and ft-1 only", diags)
	}
}
