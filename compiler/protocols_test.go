package compiler

import (
	"strings"
	"testing"

	"github.com/hashicorp/hcl/v2"

	"github.com/topoc/topoc/lang/diag"
)

const protocolDesign = `
%s
node_group "g" {
  model = "DGX-H100"
  count = 4
}
fabric "f" {
  clos {
    endpoints = node_group.g.nics.compute
    tier "leaf" {
      model = "%s"
    }
  }
}
`

// diagsOf is compileDiags without the graph.
func diagsOf(t *testing.T, src string) hcl.Diagnostics {
	t.Helper()
	_, ds := compileDiags(t, src)
	return ds
}

// The built-in DGX H100's InfiniBand ConnectX-7 on Tomahawk Ethernet is
// one error for the fabric, counting its 32 links (trial 56: a warning
// let the design pass with exit 0); on a QM9700 there is none, nor once
// the design states that the cards run Ethernet.
func TestProtocolMismatch(t *testing.T) {
	count := func(ds hcl.Diagnostics) (n int, detail string) {
		for _, d := range ds {
			if diag.CodeOf(d) == diag.ProtocolMismatch {
				n++
				detail = d.Detail
			}
		}
		return n, detail
	}
	ds := diagsOf(t, strings.Replace(strings.Replace(protocolDesign, "%s", "", 1), "%s", "TH4-64x400G", 1))
	n, detail := count(ds)
	if n != 1 || !ds.HasErrors() || !strings.Contains(detail, `32 links join NICs of protocol "infiniband" (nic_model "ConnectX-7") to switches of protocol "ethernet" (switch_model "TH4-64x400G")`) || !strings.Contains(detail, `nic_model "ConnectX-7" block`) {
		t.Errorf("TH4: %d errors, %q; want one for 32 links", n, detail)
	}
	if n, _ := count(diagsOf(t, strings.Replace(strings.Replace(protocolDesign, "%s", "", 1), "%s", "QM9700", 1))); n != 0 {
		t.Errorf("QM9700: %d protocol warnings, want none", n)
	}
	eth := `nic_model "ConnectX-7" {
  ports      = 1
  port_rate  = "400Gb/s"
  pcie_gen   = 5
  pcie_width = 16
  protocol   = "ethernet"
}`
	if n, _ := count(diagsOf(t, strings.Replace(strings.Replace(protocolDesign, "%s", eth, 1), "%s", "TH4-64x400G", 1))); n != 0 {
		t.Errorf("Ethernet ConnectX-7 on TH4: %d protocol warnings, want none", n)
	}
}

// A custom link from an InfiniBand QM9700 to an Ethernet SN5600 is one
// protocol-mismatch warning, as a NIC on the wrong switch is (trial
// finding: only NIC-to-switch links were judged); two QM9700s are none.
func TestSwitchProtocolMismatch(t *testing.T) {
	design := func(b string) string {
		return `
fabric "f" {
  custom {
    switch "a" {
      model = "QM9700"
    }
    switch "b" {
      model = "` + b + `"
    }
    host "h" {
      count = 2
      rate  = "400Gb/s"
    }
    link {
      a        = "a"
      b        = "b"
      parallel = 2
    }
    link {
      a = "h0"
      b = "a"
    }
    link {
      a = "h1"
      b = "b"
    }
  }
}
`
	}
	var got []string
	for _, d := range diagsOf(t, design("SN5600")) {
		if diag.CodeOf(d) == diag.ProtocolMismatch {
			got = append(got, d.Summary+": "+d.Detail)
		}
	}
	if len(got) != 1 || !strings.Contains(got[0], "Switch protocols differ") || !strings.Contains(got[0], "2 links join switches of protocol \"infiniband\" (switch_model \"QM9700\")") {
		t.Errorf("QM9700–SN5600: %q; want one switch protocol warning over 2 links", got)
	}
	for _, d := range diagsOf(t, design("QM9700")) {
		if diag.CodeOf(d) == diag.ProtocolMismatch {
			t.Errorf("QM9700–QM9700: %s", d.Detail)
		}
	}
}
