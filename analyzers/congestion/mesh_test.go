package congestion_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/topoc/topoc/compiler/compiletest"
)

// meshWorkload adds a 1 GiB ring AllReduce over the GPUs of node group g
// (compiletest.MeshServer's) to a design.
const meshWorkload = `
workload "w" {
  gpus = node_group.g.gpus
  collective "ar" {
    op        = "allreduce"
    algorithm = "ring"
    size      = "1GiB"
  }
}
`

// TestMeshRings: a ring AllReduce inside one server whose GPUs are joined
// directly runs along direct NVLinks, with the channel count that loads
// the busiest pair least (meshChannels). Closed forms: a complete mesh of
// 8 GPUs, one 25 GB/s link a pair, splits into 7 Hamiltonian cycles that
// use every directed pair once, so 7 channels fill every link exactly:
// congestion 1 and a bandwidth term of 2·7/8·S over a GPU's 7 links; a
// ring of 6 GPUs, 2 links a hop, runs 2 channels, one each way round,
// each hop's links full: 2·5/6·S over 4 links a GPU. The server of two
// servers' ring keeps one channel per GPU (each leaves by a NIC).
func TestMeshRings(t *testing.T) {
	const link = 25e9 * 8 // bits per second
	var complete [][3]int
	for a := range 8 {
		for b := a + 1; b < 8; b++ {
			complete = append(complete, [3]int{a, b, 1})
		}
	}
	var ring [][3]int
	for a := range 6 {
		ring = append(ring, [3]int{a, (a + 1) % 6, 2})
	}
	for _, tc := range []struct {
		name  string
		gpus  int
		pairs [][3]int
		bps   float64 // a GPU's NVLink bandwidth, per direction
	}{
		{"complete 8", 8, complete, 7 * link},
		{"ring 6 × 2", 6, ring, 4 * link},
	} {
		src := strings.Replace(compiletest.MeshServer(tc.gpus, tc.pairs), "count = 2\n}", "count = 1\n}", 1) + meshWorkload
		res, _ := analyze(t, compiletest.Source(t, src))
		c := collective(t, res, "w", "ar")
		n := float64(tc.gpus)
		want := 2 * (n - 1) / n * gib * 8 / tc.bps
		if !near(c.CongestionFactor, 1, 1e-9) || !near(c.BandwidthTimeS, want, 1e-9) {
			t.Errorf("%s: congestion %g, bandwidth term %g s; want 1 and %g s", tc.name, c.CongestionFactor, c.BandwidthTimeS, want)
		}
	}
	// Two servers of the 6-ring: one channel per GPU, each leaving its
	// server once on its own NIC; the hops inside stay on direct links,
	// so no NVLink carries more than its channels' share.
	src := compiletest.MeshServer(6, ring) + meshWorkload
	res, _ := analyze(t, compiletest.Source(t, src))
	c := collective(t, res, "w", "ar")
	if c.CongestionFactor > 1+1e-9 {
		t.Errorf("two 6-rings: congestion %g at %s, want at most 1", c.CongestionFactor, fmt.Sprint(c.HotLinks))
	}
}
