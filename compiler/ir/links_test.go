package ir

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// storeAgainstFlat builds one graph with server instances (AddInstance)
// and one with the same links added one by one, in a random order of
// flat links, runs of one template, runs broken by a change of origin or
// of template: every way of reading a link must give the same answer.
// It returns the stamped servers too.
func storeAgainstFlat(t *testing.T, seed uint64) (*Graph, []Link, []stamped) {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 1))
	tmpl := func(nodes, links int) []Link {
		out := make([]Link, links)
		for i := range out {
			out[i] = Link{A: Port{Node: NodeID(rng.IntN(nodes)), Port: int32(i)}, B: Port{Node: NodeID(rng.IntN(nodes)), Port: int32(i)},
				CapacityBPS: float64(rng.IntN(5)+1) * 1e11, Kind: LinkNVLink, Fabric: None, Breakout: 1}
		}
		return out
	}
	type model struct {
		links []Link
		nodes int
	}
	models := []model{{tmpl(5, 7), 5}, {tmpl(3, 2), 3}}
	g := New()
	var want []Link
	var servers []stamped
	node := NodeID(0)
	for range 20 + 10*seed {
		switch k := rng.IntN(4); k {
		case 0: // a fabric link
			l := Link{A: Port{Node: NodeID(rng.IntN(40))}, B: Port{Node: NodeID(rng.IntN(40))}, CapacityBPS: 4e11, Fabric: 0, Breakout: 1}
			if id := g.AddLink(l); int(id) != len(want) {
				t.Fatalf("AddLink gave id %d, want %d", id, len(want))
			}
			want = append(want, l)
		default: // a server of model k%2, origin 1 or 2
			m, origin := models[k%2], OriginID(1+rng.IntN(2))
			g.AddInstance(m.links, node, m.nodes, origin)
			servers = append(servers, stamped{host: node, model: k % 2, first: LinkID(len(want)), links: len(m.links), nodes: m.nodes})
			for _, l := range m.links {
				l.A.Node += node
				l.B.Node += node
				l.Origin = origin
				want = append(want, l)
			}
			node += NodeID(m.nodes)
		}
	}
	return g, want, servers
}

// stamped is a server storeAgainstFlat stamped: its host, its model's
// index, its links' ids and its number of nodes.
type stamped struct {
	host         NodeID
	model        int
	first        LinkID
	links, nodes int
}

func TestLinkStoreReadsAsFlat(t *testing.T) {
	few, many := 0, 0 // seeds whose runs Link scans, and searches
	for seed := range uint64(50) {
		g, want, _ := storeAgainstFlat(t, seed)
		if g.NumLinks() != len(want) {
			t.Fatalf("seed %d: %d links, want %d", seed, g.NumLinks(), len(want))
		}
		for id := range want {
			if got := g.Link(LinkID(id)); got != want[id] {
				t.Fatalf("seed %d: Link(%d) = %+v, want %+v", seed, id, got, want[id])
			}
		}
		if got := g.CopyLinks(); !slices.Equal(got, want) {
			t.Fatalf("seed %d: AllLinks differs from the links added one by one", seed)
		}
		if len(g.links.runs) > 32 {
			many++
		} else {
			few++
		}
		// Early stop of the iterator.
		n := 0
		for range g.AllLinks() {
			if n++; n == 3 {
				break
			}
		}
		// keptLinks drops what alive refuses and renumbers the rest.
		drop := func(id LinkID, l Link) bool { return (int(id)*7+int(l.A.Node))%5 != 0 }
		var kept []Link
		for id, l := range slices.All(want) {
			if drop(LinkID(id), l) {
				kept = append(kept, l)
			}
		}
		r := &Graph{links: g.keptLinks(drop, 0, nil)}
		if got := r.CopyLinks(); !slices.Equal(got, kept) {
			t.Fatalf("seed %d: keptLinks differs from filtering the links one by one", seed)
		}
		for id := range kept {
			if r.Link(LinkID(id)) != kept[id] {
				t.Fatalf("seed %d: kept Link(%d) differs", seed, id)
			}
		}
		// A write to a server's link keeps every link one by one.
		id := LinkID(len(want) / 2)
		g.LinkRef(id).Cost = 3
		want[id].Cost = 3
		if got := g.CopyLinks(); !slices.Equal(got, want) || len(g.links.runs) != 0 {
			t.Fatalf("seed %d: after LinkRef(%d) the links differ or runs remain", seed, id)
		}
	}
	if few == 0 || many == 0 {
		t.Errorf("%d seeds with at most 32 runs, %d with more: both of Link's lookups must be tested", few, many)
	}
}

// AllFabricLinks yields exactly the links of AllLinks on a fabric, with
// their ids, in order, on random graphs of stamped servers whose
// templates have fabric links or none.
func TestAllFabricLinks(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 11))
	type idLink struct {
		id LinkID
		l  Link
	}
	for trial := range 300 {
		g := randomStampedGraph(rng, 1+rng.IntN(2))
		var got, want []idLink
		for id, l := range g.AllLinks() {
			if l.Fabric != None {
				want = append(want, idLink{id, l})
			}
		}
		for id, l := range g.AllFabricLinks() {
			got = append(got, idLink{id, l})
		}
		if !slices.Equal(got, want) {
			t.Fatalf("trial %d: fabric links %v, want %v", trial, got, want)
		}
	}
}
