package ir

import "testing"

// StampOf finds every stamped server, and nothing else, on the random
// stores of storeAgainstFlat: its links are the ones stamped for it, a
// template is one model, and a store that keeps some of a server's
// links, or had one changed, no longer calls it stamped.
func TestStampOf(t *testing.T) {
	for seed := range uint64(50) {
		g, want, servers := storeAgainstFlat(t, seed)
		checkStamps(t, seed, g, want, servers)
		// keptLinks keeps a server stamped only when all its links stay,
		// under their new ids.
		drop := func(id LinkID, l Link) bool { return (int(id)*7+int(l.A.Node))%5 != 0 }
		newID := make([]int32, len(want))
		r := &Graph{links: g.keptLinks(drop, 0, newID)}
		var kept []stamped
		for _, s := range servers {
			whole := true
			for j := range s.links {
				whole = whole && newID[int(s.first)+j] >= 0
			}
			if _, ok := r.StampOf(s.host); ok != whole {
				t.Fatalf("seed %d: kept server at %d stamped %v, all its links kept %v", seed, s.host, ok, whole)
			}
			if whole {
				s.first = LinkID(newID[s.first])
				kept = append(kept, s)
			}
		}
		checkStamps(t, seed, r, r.CopyLinks(), kept)
		// A changed link keeps every link one by one: no stamps remain.
		g.LinkRef(0).Cost = 1
		for _, s := range servers {
			if _, ok := g.StampOf(s.host); ok {
				t.Fatalf("seed %d: server at %d still stamped after LinkRef", seed, s.host)
			}
		}
	}
}

// checkStamps checks g's stamps against the servers stamped in it, whose
// links are links[first:first+links].
func checkStamps(t *testing.T, seed uint64, g *Graph, links []Link, servers []stamped) {
	t.Helper()
	byHost := map[NodeID]stamped{}
	last := NodeID(0)
	for _, s := range servers {
		byHost[s.host] = s
		last = max(last, s.host+8)
	}
	templateOf := map[int]int32{} // model → its template
	for n := NodeID(0); n < last; n++ {
		st, ok := g.StampOf(n)
		s, isHost := byHost[n]
		if ok != isHost {
			t.Fatalf("seed %d: StampOf(%d) ok = %v, a stamped host %v", seed, n, ok, isHost)
		}
		if !ok {
			continue
		}
		if st.First != s.first || int(st.Links) != s.links || int(st.Nodes) != s.nodes {
			t.Fatalf("seed %d: StampOf(%d) = links %d+%d, %d nodes; want %d+%d, %d", seed, n, st.First, st.Links, st.Nodes, s.first, s.links, s.nodes)
		}
		if tm, seen := templateOf[s.model]; seen && tm != st.Template {
			t.Fatalf("seed %d: model %d has templates %d and %d", seed, s.model, tm, st.Template)
		}
		templateOf[s.model] = st.Template
		for j := range s.links {
			if got, want := g.Link(st.First+LinkID(j)), links[int(s.first)+j]; got != want {
				t.Fatalf("seed %d: server %d link %d = %+v, want %+v", seed, n, j, got, want)
			}
		}
	}
	if len(templateOf) == 2 && templateOf[0] == templateOf[1] {
		t.Fatalf("seed %d: two models share template %d", seed, templateOf[0])
	}
}
