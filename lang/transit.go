package lang

import (
	"fmt"

	"github.com/topoc/topoc/lang/diag"
)

// ServerTransits are the server-internal paths a `server_transit` list
// may name, in canonical order:
//
//   - "nvlink": a GPU may hand traffic over NVLink (or NVLink-C2C and an
//     NVSwitch) to a peer GPU of its NVLink domain, which sends it from
//     its own NIC: NCCL's PXN (PCI × NVLink, NCCL 2.12 and later,
//     NCCL_PXN_DISABLE=0 by default). This is how rail-only fabrics
//     (Wang et al., "How to Build Low-cost Networks for Large Language
//     Models (without Sacrificing Performance)", arXiv 2307.12169) and
//     multi-plane fat-trees (DeepSeek-AI, "Insights into DeepSeek-V3",
//     ISCA 2025, arXiv 2505.09343) carry cross-rail and cross-plane
//     traffic.
//   - "pcie": a GPU may send from any NIC of its server over the PCIe
//     tree, through PCIe switches and the CPUs (NCCL's PXB, PHB and SYS
//     paths, taken when NCCL_NET_GDR_LEVEL and NCCL_CROSS_NIC allow).
var ServerTransits = []string{"nvlink", "pcie"}

// decodeServerTransit reads `server_transit` of a clos or custom block: a
// list of ServerTransits, each at most once. An empty list means none,
// the same as leaving it out.
func decodeServerTransit(a *attrs) Val[[]string] {
	v := a.strs("server_transit")
	if !v.Set {
		return v
	}
	seen := map[string]bool{}
	for _, s := range v.V {
		before := len(a.diags)
		if oneOf(a, Val[string]{V: s, Set: true, Range: v.Range}, "server_transit", ServerTransits); len(a.diags) > before {
			v.Set = false
			return v
		}
		if seen[s] {
			a.diags = append(a.diags, diag.Error(diag.InvalidValue, v.Range, "Repeated server_transit",
				fmt.Sprintf("server_transit names %q twice; list each path once.", s)))
			v.Set = false
			return v
		}
		seen[s] = true
	}
	return v
}
