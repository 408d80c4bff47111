package ir

import (
	"fmt"
)

// Affinity is the NIC a GPU uses, as NCCL picks it: the one answer that
// the pcie analyzer's report, the NCCL topology XML's path table and the
// congestion analyzer's routing all read, so they cannot disagree.
type Affinity struct {
	GPU NodeID
	// NIC is the NIC the GPU is assigned, None when no candidate NIC is
	// reachable inside its server.
	NIC NodeID
	// Near lists the equally near NICs the assignment was spread over
	// (NIC among them), in the order the candidates were given.
	Near []NodeID
	// Path is the path from the GPU to NIC; its Class is the NCCL path
	// class (PathDIS when NIC is None) and its BottleneckBPS the smallest
	// capacity on it, bits per second per direction.
	Path Path
}

// Affinities assigns each of gpus (the GPUs of one server, in GPU order)
// a NIC among nics (that server's candidate NICs, in NIC order), the way
// NCCL's ncclTopoGetLocalNet does (NVIDIA/nccl src/graph/search.cc, 2.30):
// the NICs with the closest path class, then among those the widest
// bottleneck, are the GPU's local NICs; GPUs that share the same set of
// local NICs are spread over it, the k-th such GPU (in GPU order) taking
// the (k mod n)-th NIC. NCCL also permutes that index by mirroring its
// bits, which is not modelled: with n a power of two and one GPU per NIC
// the mirroring only reorders which GPU takes which NIC of the set.
// Classes come from Internals.Path, so a cross-socket path is SYS as in
// NCCL's paths.cc (the compiler always links a server's sockets).
func (in *Internals) Affinities(gpus, nics []NodeID) []Affinity {
	out := make([]Affinity, len(gpus))
	seen := map[string]int{}
	for i, gpu := range gpus {
		a := Affinity{GPU: gpu, NIC: None, Path: Path{Class: PathDIS}}
		var near []Path // the paths to a.Near, in the same order
		for _, nic := range nics {
			p := in.Path(gpu, nic)
			switch {
			case p.Class == PathDIS:
			case len(a.Near) == 0 || p.Class < near[0].Class || p.Class == near[0].Class && p.BottleneckBPS > near[0].BottleneckBPS:
				a.Near, near = []NodeID{nic}, []Path{p}
			case p.Class == near[0].Class && p.BottleneckBPS == near[0].BottleneckBPS:
				a.Near, near = append(a.Near, nic), append(near, p)
			}
		}
		if len(a.Near) > 0 {
			key := fmt.Sprint(a.Near)
			k := seen[key] % len(a.Near)
			seen[key]++
			a.NIC, a.Path = a.Near[k], near[k]
		}
		out[i] = a
	}
	return out
}
