package congestion

import (
	"math"

	"github.com/topoc/topoc/compiler/ir"
)

// NCCL's latency constants for the Simple protocol (the one NCCL picks for
// the large messages of training), in seconds, from NCCL src/graph/tuning.cc
// at master 5067397c as tabulated in docs/reference/designs.md §7. The
// base latency is paid once per collective, the hardware latencies once
// per algorithm step over that kind of hop.
const (
	// BaseRingS and BaseTreeS: base latency of Ring and Tree, Simple.
	BaseRingS = 8.4e-6
	BaseTreeS = 8.4e-6
	// NVLinkRingS and NVLinkTreeS: per-step latency of an NVLink hop.
	NVLinkRingS = 3.4e-6
	NVLinkTreeS = 4.0e-6
	// NetRingS and NetTreeS: per-step latency of a network hop.
	NetRingS = 14e-6
	NetTreeS = 14e-6
	// NVLSIntraS: NVLS latency inside the NVLink domain. NCCL adds its
	// network constant (18 µs) to a multi-node NVLS; topoc models that
	// case in three phases instead (twoLevel: NVLS inside each server
	// around a ring of shards between servers, each with its own
	// latency), so it has no use for it (oracle trial 62 found it
	// declared and unused).
	NVLSIntraS = 25e-6
)

// latency describes the latency term of one phase: a base cost and the
// number of algorithm steps that cross NVLink and the network, with the
// per-step hardware constants of the algorithm.
type latency struct {
	base                 float64
	intraSteps, netSteps float64
	intraStepS, netStepS float64
}

func ringLatency(steps, netSteps float64) latency {
	return latency{base: BaseRingS, intraSteps: steps - netSteps, netSteps: netSteps, intraStepS: NVLinkRingS, netStepS: NetRingS}
}

// seconds evaluates the term, adding the catalogue's switch latencies:
// swIntra per NVLink step, swNet per network step.
func (l latency) seconds(swIntra, swNet float64) float64 {
	return l.base + l.intraSteps*(l.intraStepS+swIntra) + l.netSteps*(l.netStepS+swNet)
}

// BusBWFactor returns the nccl-tests factor that turns algorithm bandwidth
// into bus bandwidth for n ranks (NVIDIA/nccl-tests doc/PERFORMANCE.md;
// designs.md §7): AllReduce 2(n−1)/n, or (n−1)/(n+1) for the NVLS
// algorithm; AllGather, ReduceScatter and AllToAll (n−1)/n; SendRecv 1.
func BusBWFactor(op, algorithm string, n int) float64 {
	if n < 1 {
		return 0
	}
	f := float64(n)
	switch op {
	case ir.OpAllReduce:
		if algorithm == "nvls" {
			return (f - 1) / (f + 1)
		}
		return 2 * (f - 1) / f
	case ir.OpAllGather, ir.OpReduceScatter, ir.OpAllToAll:
		return (f - 1) / f
	}
	return 1
}

// RingAllReduceTime is the alpha-beta time of a ring AllReduce of S bytes
// over n ranks with per-rank bandwidth B bytes per second and per-step
// latency α seconds: 2(n−1)α + 2(n−1)/n · S/B (Thakur, Rabenseifner and
// Gropp 2005; Patarasuk and Yuan 2009). designs.md acceptance case 23:
// n = 8, S = 1 GiB, B = 450 GB/s gives 4.176 ms plus 14α.
func RingAllReduceTime(n int, sizeBytes, bytesPerS, alpha float64) float64 {
	f := float64(n)
	return 2*(f-1)*alpha + 2*(f-1)/f*sizeBytes/bytesPerS
}

// ceilLog2 is ⌈log₂ n⌉ for n ≥ 1.
func ceilLog2(n int) float64 {
	if n <= 1 {
		return 0
	}
	return math.Ceil(math.Log2(float64(n)))
}
