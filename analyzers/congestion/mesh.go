package congestion

import (
	"math"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/topoc/topoc/compiler/ir"
)

// Rings inside a server whose GPUs are joined directly (a node model's
// nvlink_peer blocks, ir.ServerModel.NVLinkPeers; DGX-1's cube-mesh). With
// NVSwitches any GPU order is one NVLink hop per step; in a direct mesh a
// step between GPUs with no link between them is relayed through a third
// GPU and loads two links. NCCL's ring search (src/graph/search.cc) only
// builds rings over the GPUs' own NVLinks, so a rail-aware channel here
// visits a server's GPUs along a path of direct links.

// maxMeshRing bounds the GPUs of one server whose ring order is searched:
// the search tries every path from a channel's first GPU ((n−1)! = 5,040
// on a complete mesh of 8), for each channel of each count meshChannels
// weighs (n − 1 to 2n: 115 channels at 8 GPUs, 580,000 paths, once per
// model and member set); at 10 GPUs that would be 63 million. Servers
// with more ring members keep GPU order. A performance bound, not a
// modelling value.
const maxMeshRing = 8

// meshRings caches the ring orders of meshRing, per node model, members
// (as offsets from their server), channels and closure, and the channel
// counts of meshChannels.
type meshRings struct {
	mu       sync.Mutex
	models   map[string]*ir.ServerModel // the models with GPU peers
	orders   map[string][][]ir.NodeID   // per channel, offsets from the server
	channels map[string]int             // meshChannels' answer by members and closure
}

// newMeshRings indexes the node models of g whose GPUs are joined
// directly, once per system: rings read it for every server they visit.
func newMeshRings(g *ir.Graph) *meshRings {
	m := &meshRings{models: map[string]*ir.ServerModel{}, orders: map[string][][]ir.NodeID{}, channels: map[string]int{}}
	for i := range g.ServerModels {
		if sm := &g.ServerModels[i]; len(sm.NVLinkPeers) > 0 {
			m.models[sm.Name] = sm
		}
	}
	return m
}

// anyMesh reports whether some node model joins its GPUs directly: with
// none, rings never ask meshRing (no lock per server and ring).
func (s *system) anyMesh() bool { return len(s.mesh.models) > 0 }

// meshRing returns, for channels rail-aware ring channels, the order in
// which channel c visits sv (the ring members of one server, in GPU
// order), entering at sv[c mod len(sv)], when the server's model joins
// its GPUs directly: each channel a path over direct NVLink pairs,
// chosen greedily channel by channel to spread them over the links as
// NCCL's ring search spreads its channels (src/graph/search.cc: the
// channel that keeps the most bandwidth on its thinnest step): the path
// whose thinnest step has the most links per channel already on it plus
// one (then the first in GPU order), closed into a cycle when closed is
// set and one exists (a ring inside one server returns to its first
// GPU). It returns nil when the model has no GPU peers, sv has fewer
// than 3 or more than maxMeshRing GPUs, or no path over direct links
// visits them all; the caller keeps GPU order.
func (s *system) meshRing(sv []ir.NodeID, channels int, closed bool) [][]ir.NodeID {
	m := s.mesh
	m.mu.Lock()
	defer m.mu.Unlock()
	sm, host, key := s.meshModel(sv, closed)
	if sm == nil {
		return nil
	}
	return s.meshRingLocked(sm, host, sv, channels, closed, key)
}

// meshModel returns the node model of the server of sv when it joins its
// GPUs directly and sv has 3 to maxMeshRing of them, with the server and
// a cache key of the members and closure; nil otherwise. m.mu is held
// (models is read only).
func (s *system) meshModel(sv []ir.NodeID, closed bool) (*ir.ServerModel, ir.NodeID, string) {
	m := s.mesh
	if len(m.models) == 0 || len(sv) < 3 || len(sv) > maxMeshRing {
		return nil, ir.None, ""
	}
	host := s.server(sv[0])
	sm := m.models[s.g.Nodes[host].ModelName()]
	if sm == nil {
		return nil, ir.None, ""
	}
	var key strings.Builder
	key.WriteString(sm.Name)
	for _, n := range sv {
		key.WriteString(" " + strconv.Itoa(int(n-host)))
	}
	key.WriteString(" " + strconv.FormatBool(closed))
	return sm, host, key.String()
}

// meshRingLocked is meshRing with m.mu held and the model found.
func (s *system) meshRingLocked(sm *ir.ServerModel, host ir.NodeID, sv []ir.NodeID, channels int, closed bool, key string) [][]ir.NodeID {
	m := s.mesh
	key += " ×" + strconv.Itoa(channels)
	offs, ok := m.orders[key]
	if !ok {
		offs = s.searchMeshRings(sm, host, sv, channels, closed)
		m.orders[key] = offs
	}
	if offs == nil {
		return nil
	}
	out := make([][]ir.NodeID, len(offs))
	for c, o := range offs {
		out[c] = make([]ir.NodeID, len(o))
		for i, v := range o {
			out[c][i] = host + v
		}
	}
	return out
}

// searchMeshRings finds meshRing's paths on server host, as offsets from
// host, by depth-first search over the server's direct NVLink pairs, one
// channel after another.
func (s *system) searchMeshRings(sm *ir.ServerModel, host ir.NodeID, sv []ir.NodeID, channels int, closed bool) [][]ir.NodeID {
	// GPU index of each member: its rank among the server's GPUs.
	var gpus []ir.NodeID
	for _, c := range s.children[s.childStart[host]:s.childStart[host+1]] {
		if s.g.Nodes[c].Kind == ir.KindGPU {
			gpus = append(gpus, c)
		}
	}
	slices.Sort(gpus)
	n := len(sv)
	pos := make(map[int32]int, n) // GPU index -> member position
	for i, v := range sv {
		gi, found := slices.BinarySearch(gpus, v)
		if !found {
			return nil
		}
		pos[int32(gi)] = i
	}
	links := make([][]float64, n) // links between members i and j
	used := make([][]float64, n)  // channels on the step i -> j so far
	for i := range links {
		links[i], used[i] = make([]float64, n), make([]float64, n)
	}
	for _, p := range sm.NVLinkPeers {
		a, okA := pos[p.A]
		b, okB := pos[p.B]
		if okA && okB {
			links[a][b] += float64(p.Links)
			links[b][a] += float64(p.Links)
		}
	}
	// share is what a step from i to j would give one more channel.
	share := func(i, j int) float64 { return links[i][j] / (used[i][j] + 1) }
	out := make([][]ir.NodeID, channels)
	for c := range channels {
		var best []int
		bestNeck, bestCycle := 0.0, false
		start := c % n
		path := []int{start}
		on := make([]bool, n)
		on[start] = true
		var walk func(neck float64)
		walk = func(neck float64) {
			if len(path) == n {
				last := path[n-1]
				cycle := links[last][start] > 0
				if closed && cycle {
					neck = min(neck, share(last, start))
				}
				var better bool
				switch {
				case best == nil:
					better = true
				case closed && cycle != bestCycle:
					better = cycle
				default:
					better = neck > bestNeck
				}
				if better {
					best, bestNeck, bestCycle = slices.Clone(path), neck, cycle
				}
				return
			}
			last := path[len(path)-1]
			for next := range n {
				if on[next] || links[last][next] == 0 {
					continue
				}
				on[next] = true
				path = append(path, next)
				walk(min(neck, share(last, next)))
				path = path[:len(path)-1]
				on[next] = false
			}
		}
		walk(math.Inf(1))
		if best == nil {
			return nil
		}
		out[c] = make([]ir.NodeID, n)
		for i, p := range best {
			out[c][i] = sv[p] - host
			if i+1 < n || closed && bestCycle {
				used[p][best[(i+1)%n]]++
			}
		}
	}
	return out
}

// meshChannels returns how many channels a ring inside one server runs
// over sv (its ring members, in GPU order) when its GPUs are joined
// directly:
// of n − 1 to 2n channels, the count whose greedy paths (meshRing) load
// the busiest direct pair least per byte, the busiest pair's channels ÷
// its links ÷ the channels (each carries 1/channels of the buffer), the
// fewest channels among equals. One per GPU, NCCL's usual count on
// NVSwitch boards, can be a poor fit for a mesh: 8 channels over a
// complete mesh of 8 GPUs put two on some pair, where 7 cover its 56
// directed pairs once each (trial 70). 0 when sv is no such server.
func (s *system) meshChannels(sv []ir.NodeID, closed bool) int {
	m := s.mesh
	m.mu.Lock()
	defer m.mu.Unlock()
	sm, host, key := s.meshModel(sv, closed)
	if sm == nil {
		return 0
	}
	if c, ok := m.channels[key]; ok {
		return c
	}
	n := len(sv)
	links := map[[2]ir.NodeID]float64{} // direct pair (offsets from host, in order) → links
	var gpus []ir.NodeID
	for _, c := range s.children[s.childStart[host]:s.childStart[host+1]] {
		if s.g.Nodes[c].Kind == ir.KindGPU {
			gpus = append(gpus, c)
		}
	}
	slices.Sort(gpus)
	for _, p := range sm.NVLinkPeers {
		a, b := gpus[p.A]-host, gpus[p.B]-host
		links[[2]ir.NodeID{a, b}] += float64(p.Links)
		links[[2]ir.NodeID{b, a}] += float64(p.Links)
	}
	best, bestLoad := 0, math.Inf(1)
	for c := n - 1; c <= 2*n; c++ {
		orders := s.meshRingLocked(sm, host, sv, c, closed, key)
		if orders == nil {
			break
		}
		used := map[[2]ir.NodeID]float64{}
		for _, o := range orders {
			for i := range o {
				if i+1 < len(o) {
					used[[2]ir.NodeID{o[i] - host, o[i+1] - host}]++
				} else if closed {
					used[[2]ir.NodeID{o[i] - host, o[0] - host}]++
				}
			}
		}
		load := 0.0
		for e, u := range used {
			if l := links[e]; l > 0 {
				load = max(load, u/l)
			} else {
				load = math.Inf(1) // a step with no direct link: relayed
			}
		}
		if load /= float64(c); load < bestLoad*(1-1e-9) {
			best, bestLoad = c, load
		}
	}
	m.channels[key] = best
	return best
}
