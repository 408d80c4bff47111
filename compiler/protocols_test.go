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
// one warning for the fabric, counting its 32 links; on a QM9700 there is
// none, nor once the design states that the cards run Ethernet.
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
	n, detail := count(diagsOf(t, strings.Replace(strings.Replace(protocolDesign, "%s", "", 1), "%s", "TH4-64x400G", 1)))
	if n != 1 || !strings.Contains(detail, `32 links join NICs of protocol "infiniband" (nic_model "ConnectX-7") to switches of protocol "ethernet" (switch_model "TH4-64x400G")`) {
		t.Errorf("TH4: %d warnings, %q; want one for 32 links", n, detail)
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
