package ir

import (
	"math/rand/v2"
	"slices"
)

// placementStream is the PCG stream constant of PlaceRandom: the bytes of
// "topoc" (0x74 0x6f 0x70 0x6f 0x63), fixed so that a seed names the same
// placement in every release and every analysis.
const placementStream = 0x746f706f63

// Ranks returns the nodes workload w runs on, in rank order (rank r is
// Ranks(g)[r]): Placement.Count nodes chosen from Pool by
// Placement.Strategy (Place). Every analysis and hand-off that needs the
// job's ranks (analyzers/congestion routes its collectives over them,
// analyzers/resilience asks which ranks a failure reaches, the Chakra
// emitter writes one trace per rank) reads this one placement.
func (w *Workload) Ranks(g *Graph) []NodeID {
	return w.Placement.Place(g, w.Pool, w.Placement.Count)
}

// Place chooses count nodes from pool (compiler-resolved, in pool order;
// count is capped at len(pool)) by pl.Strategy and returns them in rank
// order. pl.Count is not read: analyzers/congestion places smaller copies
// of a job for its scaling table with the same strategy and seed.
//
//   - PlacePacked (and an empty or unknown strategy): the first count
//     nodes of the pool.
//   - PlaceSpread: round-robin over the pool's servers (a GPU's server is
//     its Parent, an implicit host is its own server), servers in pool
//     order of first appearance: the first node of every server, then the
//     second of every server, and so on.
//   - PlaceRandom: count pool positions drawn uniformly without
//     replacement by a permutation from math/rand/v2's PCG seeded with
//     (pl.Seed, 0x746f706f63), kept in pool order.
//
// g is read only for the nodes' Parent. The result is a new slice.
func (pl Placement) Place(g *Graph, pool []NodeID, count int) []NodeID {
	count = min(count, len(pool))
	switch pl.Strategy {
	case PlaceSpread:
		var servers []NodeID
		by := map[NodeID][]NodeID{}
		for _, n := range pool {
			sv := n
			if p := g.Nodes[n].Parent; p != None {
				sv = p
			}
			if _, ok := by[sv]; !ok {
				servers = append(servers, sv)
			}
			by[sv] = append(by[sv], n)
		}
		out := make([]NodeID, 0, count)
		for round := 0; len(out) < count; round++ {
			for _, sv := range servers {
				if round < len(by[sv]) && len(out) < count {
					out = append(out, by[sv][round])
				}
			}
		}
		return out
	case PlaceRandom:
		rng := rand.New(rand.NewPCG(pl.Seed, placementStream))
		idx := rng.Perm(len(pool))[:count]
		slices.Sort(idx)
		out := make([]NodeID, count)
		for i, j := range idx {
			out[i] = pool[j]
		}
		return out
	}
	return slices.Clone(pool[:count])
}

// Groups splits ranks 0 … n−1 into the groups of one parallel dimension
// dim ("tensor", "data", "pipeline", "expert", "expert_data" or "all"; anything else
// reads as "data"), each group in rank order, the groups in the order
// below. Ranks are numbered as documented on Parallelism (Megatron-LM,
// megatron/core/parallel_state.py: rank = t + T·(d + D·p)):
//
//   - "all": one group of every rank 0 … n−1.
//   - "tensor": for p, for d: the T ranks t = 0 … T−1 (consecutive ranks).
//   - "data": for p, for t: the D ranks d = 0 … D−1 (stride T).
//   - "pipeline": for d, for t: the P ranks p = 0 … P−1 (stride T·D).
//   - "expert": for p, for t, for block k = 0 … D/E−1: the E ranks
//     d = k·E … k·E+E−1 (consecutive blocks of a data-parallel group).
//   - "expert_data": for p, for t, for position j = 0 … E−1: the D/E
//     ranks d = j, j+E, j+2E, … that hold the same experts (one from each
//     expert group; Megatron-LM's expert-data-parallel group), over which
//     routed experts' gradients are reduced.
//
// Only "all" reads n; the other dimensions cover T·D·P ranks (equal to n
// for a compiled workload, whose Data × Tensor × Pipeline is
// Placement.Count). The shape is [number of groups][group size]: T·D·P/T
// groups of T for "tensor", T·P of D for "data", T·D of P for "pipeline",
// T·P·D/E of E for "expert", T·P·E of D/E for "expert_data".
func (p Parallelism) Groups(n int, dim string) [][]int {
	T, D, P, E := p.Tensor, p.Data, p.Pipeline, p.Expert
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
	case "expert_data":
		for p := 0; p < P; p++ {
			for t := 0; t < T; t++ {
				for j := 0; j < E; j++ {
					var g []int
					for d := j; d < D; d += E {
						g = append(g, rank(t, d, p))
					}
					out = append(out, g)
				}
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
