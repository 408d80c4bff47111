package congestion

import (
	"math/rand/v2"
	"slices"

	"github.com/topoc/topoc/compiler/ir"
)

// Ranks returns the ranks workload wl is placed on (GPUs or implicit
// hosts, in rank order): the placement every collective of the workload is
// routed over, for analyses that ask which ranks a failure reaches.
func Ranks(g *ir.Graph, wl *ir.Workload) []ir.NodeID {
	s := &system{g: g}
	return s.place(wl.Pool, wl.Placement, wl.Placement.Count)
}

// place chooses count ranks from pool (compiler-resolved, in pool order)
// by strategy; see ir.Placement. The result is in rank order.
func (s *system) place(pool []ir.NodeID, pl ir.Placement, count int) []ir.NodeID {
	count = min(count, len(pool))
	switch pl.Strategy {
	case ir.PlaceSpread:
		// Deal round-robin over servers, in pool order of first appearance.
		var servers []ir.NodeID
		by := map[ir.NodeID][]ir.NodeID{}
		for _, n := range pool {
			sv := s.server(n)
			if _, ok := by[sv]; !ok {
				servers = append(servers, sv)
			}
			by[sv] = append(by[sv], n)
		}
		out := make([]ir.NodeID, 0, count)
		for round := 0; len(out) < count; round++ {
			for _, sv := range servers {
				if round < len(by[sv]) && len(out) < count {
					out = append(out, by[sv][round])
				}
			}
		}
		return out
	case ir.PlaceRandom:
		rng := rand.New(rand.NewPCG(pl.Seed, 0x746f706f63)) // "topoc"
		idx := rng.Perm(len(pool))[:count]
		slices.Sort(idx)
		out := make([]ir.NodeID, count)
		for i, j := range idx {
			out[i] = pool[j]
		}
		return out
	}
	return slices.Clone(pool[:count])
}

// groups splits ranks into the groups of one parallel dimension, each in
// rank order (Megatron-LM numbering: rank = t + T·(d + D·p); expert
// groups are consecutive blocks of E ranks along d).
func groups(n int, par ir.Parallelism, dim string) [][]int {
	T, D, P, E := par.Tensor, par.Data, par.Pipeline, par.Expert
	rank := func(t, d, p int) int { return t + T*(d+D*p) }
	var out [][]int
	switch dim {
	case "all":
		g := make([]int, n)
		for i := range g {
			g[i] = i
		}
		return [][]int{g}
	case "tensor":
		for p := 0; p < P; p++ {
			for d := 0; d < D; d++ {
				var g []int
				for t := 0; t < T; t++ {
					g = append(g, rank(t, d, p))
				}
				out = append(out, g)
			}
		}
	case "pipeline":
		for d := 0; d < D; d++ {
			for t := 0; t < T; t++ {
				var g []int
				for p := 0; p < P; p++ {
					g = append(g, rank(t, d, p))
				}
				out = append(out, g)
			}
		}
	case "expert":
		for p := 0; p < P; p++ {
			for t := 0; t < T; t++ {
				for k := 0; k < D/E; k++ {
					var g []int
					for e := 0; e < E; e++ {
						g = append(g, rank(t, k*E+e, p))
					}
					out = append(out, g)
				}
			}
		}
	default: // data
		for p := 0; p < P; p++ {
			for t := 0; t < T; t++ {
				var g []int
				for d := 0; d < D; d++ {
					g = append(g, rank(t, d, p))
				}
				out = append(out, g)
			}
		}
	}
	return out
}
