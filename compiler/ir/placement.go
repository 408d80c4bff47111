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
// dim ("tensor", "context", "data", "data_context", "pipeline",
// "expert", "expert_data" or "all"; anything else reads as "data"), each
// group in rank order, the groups in the order below. Ranks are numbered
// as documented on Parallelism (Megatron-Core, parallel_state.py; by
// default order "tp-cp-ep-dp-pp": rank = t + T·(c + C·(d + D·p)); other
// orders change only the strides, Strides):
//
//   - "all": one group of every rank 0 … n−1.
//   - "tensor": for p, for d, for c: the T ranks t = 0 … T−1 (consecutive
//     ranks).
//   - "context": for p, for d, for t: the C ranks c = 0 … C−1 (stride T):
//     the ranks that hold one sequence's chunks and exchange its keys
//     and values.
//   - "data": for p, for c, for t: the D ranks d = 0 … D−1 (stride T·C).
//   - "data_context": for p, for t: the D·C ranks of every d and c, in
//     rank order: those that hold the same parameters and so reduce
//     gradients together (Megatron-Core's data-parallel group with
//     context parallelism); "data" when C = 1.
//   - "pipeline": for d, for c, for t: the P ranks p = 0 … P−1 (stride
//     T·C·D).
//   - "expert": for p, for c, for t, for block k = 0 … D/E−1: the E ranks
//     d = k·E … k·E+E−1 (consecutive blocks of a data-parallel group), or
//     with order "dp-ep" (ExpertOuter) d = k, k+D/E, k+2·D/E, ….
//   - "expert_data": for p, for c, for t, for position j = 0 … E−1: the
//     D/E ranks d = j, j+E, j+2E, … that hold the same experts (one from
//     each expert group; Megatron-LM's expert-data-parallel group), over
//     which routed experts' gradients are reduced; with "dp-ep" the D/E
//     consecutive d = j·D/E … (j+1)·D/E−1.
//
// Only "all" reads n; the other dimensions cover T·C·D·P ranks (equal to
// n for a compiled workload, whose product is Placement.Count). The
// shape is [number of groups][group size]: T·C·D·P/X groups of X, X the
// group size (T, C, D, D·C, P, E or D/E).
func (p Parallelism) Groups(n int, dim string) [][]int {
	T, C, D, P, E := p.Tensor, p.ContextSize(), p.Data, p.Pipeline, p.Expert
	st, sc, sd, sp := p.Strides()
	rank := func(t, c, d, p int) int { return t*st + c*sc + d*sd + p*sp }
	// expertData is the data coordinate of expert position e in expert
	// group k.
	expertData := func(e, k int) int { return e + E*k }
	if p.ExpertOuter() {
		expertData = func(e, k int) int { return k + (D/E)*e }
	}
	var out [][]int
	// each calls f for every (a, b, c') in nested order, outermost first.
	each := func(na, nb, nc int, f func(a, b, c int)) {
		for a := 0; a < na; a++ {
			for b := 0; b < nb; b++ {
				for c := 0; c < nc; c++ {
					f(a, b, c)
				}
			}
		}
	}
	group := func(size int, r func(i int) int) {
		g := make([]int, size)
		for i := range g {
			g[i] = r(i)
		}
		out = append(out, g)
	}
	switch dim {
	case "all":
		group(n, func(i int) int { return i })
	case "tensor":
		each(P, D, C, func(p, d, c int) { group(T, func(t int) int { return rank(t, c, d, p) }) })
	case "context":
		each(P, D, T, func(p, d, t int) { group(C, func(c int) int { return rank(t, c, d, p) }) })
	case "data_context":
		each(P, T, 1, func(p, t, _ int) {
			g := make([]int, 0, D*C)
			for d := 0; d < D; d++ {
				for c := 0; c < C; c++ {
					g = append(g, rank(t, c, d, p))
				}
			}
			slices.Sort(g)
			out = append(out, g)
		})
	case "pipeline":
		each(D, C, T, func(d, c, t int) { group(P, func(p int) int { return rank(t, c, d, p) }) })
	case "expert":
		each(P, C, T, func(p, c, t int) {
			for k := 0; k < D/E; k++ {
				group(E, func(e int) int { return rank(t, c, expertData(e, k), p) })
			}
		})
	case "expert_data":
		each(P, C, T, func(p, c, t int) {
			for j := 0; j < E; j++ {
				group(D/E, func(i int) int { return rank(t, c, expertData(j, i), p) })
			}
		})
	default: // data
		each(P, C, T, func(p, c, t int) { group(D, func(d int) int { return rank(t, c, d, p) }) })
	}
	return out
}
