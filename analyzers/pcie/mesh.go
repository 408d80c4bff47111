package pcie

import (
	"fmt"
	"math/bits"
	"strings"

	"github.com/topoc/topoc/compiler/ir"
	"github.com/topoc/topoc/lang/units"
)

// Mesh describes a server whose GPUs are joined by NVLink directly, with
// no NVSwitch between them (a node model's nvlink_peer blocks; DGX-1's
// hybrid cube-mesh): which GPU pairs share links, how NCCL classes every
// pair (NVL direct, NVB through one peer GPU, a PCIe class otherwise),
// and the NVLink bisection of the mesh.
type Mesh struct {
	// LinkedPairs counts the GPU pairs joined directly, of Pairs in all
	// (n(n−1)/2 for n GPUs); NVLinks the physical links among them.
	LinkedPairs int `json:"linked_pairs"`
	Pairs       int `json:"pairs"`
	NVLinks     int `json:"nvlinks"`
	// Classes counts GPU↔GPU pairs per NCCL path class (ir.Internals.Path),
	// closest first.
	Classes []ClassCount `json:"classes"`
	// BisectionLinks and BisectionBPS are the least NVLink capacity
	// between two halves of the server's GPUs (⌊n/2⌋ and ⌈n/2⌉), in
	// physical links and in bits per second per direction; exact, from
	// every split (Splits of them), or 0 with Splits 0 when the server
	// has more than maxMeshGPUs GPUs. Only the GPUs' direct NVLinks
	// count: a split's pairs may still meet over PCIe.
	BisectionLinks int     `json:"bisection_links"`
	BisectionBPS   float64 `json:"bisection_bps"`
	Splits         int     `json:"splits"`
}

// maxMeshGPUs bounds the GPUs whose splits are enumerated: C(20, 10)/2 =
// 92,378 splits, each summed over at most 190 pairs.
const maxMeshGPUs = 20

// analyzeMesh returns the Mesh of a server whose GPUs are gpus (in GPU
// order), or nil when no two of them share a direct NVLink link.
func analyzeMesh(g *ir.Graph, in *ir.Internals, gpus []ir.NodeID) *Mesh {
	n := len(gpus)
	bps := make([][]float64, n)
	links := make([][]int, n)
	for i := range bps {
		bps[i], links[i] = make([]float64, n), make([]int, n)
	}
	m := &Mesh{Pairs: n * (n - 1) / 2}
	counts := make([]int, ir.PathDIS+1)
	for i := range n {
		for j := i + 1; j < n; j++ {
			p := in.Path(gpus[i], gpus[j])
			counts[p.Class]++
			if p.Class != ir.PathNVL || len(p.Links) != 1 {
				continue
			}
			l := g.Link(p.Links[0])
			bps[i][j], bps[j][i] = l.CapacityBPS, l.CapacityBPS
			links[i][j], links[j][i] = int(l.Physical()), int(l.Physical())
			m.LinkedPairs++
			m.NVLinks += int(l.Physical())
		}
	}
	if m.LinkedPairs == 0 {
		return nil
	}
	for c, k := range counts {
		if k > 0 {
			m.Classes = append(m.Classes, ClassCount{Class: ir.PathClass(c).String(), Pairs: k})
		}
	}
	if n > maxMeshGPUs {
		return m
	}
	// Every split with GPU 0 on side A and ⌊n/2⌋ GPUs there (both sizes
	// when n is odd, since side A may be the larger).
	first := true
	for mask := uint32(1); mask < 1<<n; mask += 2 {
		if k := bits.OnesCount32(mask); k != n/2 && k != (n+1)/2 {
			continue
		}
		cutBPS, cutLinks := 0.0, 0
		for i := range n {
			for j := i + 1; j < n; j++ {
				if (mask>>i)&1 != (mask>>j)&1 {
					cutBPS += bps[i][j]
					cutLinks += links[i][j]
				}
			}
		}
		m.Splits++
		if first || cutBPS < m.BisectionBPS {
			m.BisectionBPS, m.BisectionLinks, first = cutBPS, cutLinks, false
		}
	}
	return m
}

// meshText is the nvlink line of a model whose GPUs form a direct mesh.
func meshText(model string, servers int, m *Mesh) string {
	var cls []string
	for _, c := range m.Classes {
		cls = append(cls, fmt.Sprintf("%s %s", c.Class, units.Count(c.Pairs)))
	}
	s := fmt.Sprintf("  nvlink     %s × %s: direct GPU mesh (no NVSwitch), %s of %s GPU pairs linked by %s; pairs %s",
		model, units.Count(servers), units.Count(m.LinkedPairs), units.Count(m.Pairs), units.CountOf(m.NVLinks, "NVLink", "NVLinks"), strings.Join(cls, ", "))
	if m.Splits > 0 {
		s += fmt.Sprintf("; NVLink bisection %s, %s per direction (exact, %s; PCIe paths not counted)",
			units.CountOf(m.BisectionLinks, "NVLink", "NVLinks"), rate(m.BisectionBPS), units.CountOf(m.Splits, "split", "splits"))
	}
	return s + "\n"
}
