package sim

import (
	"bytes"
	"fmt"
	"math"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"
)

// Link delays, milliseconds, as SimAI's topology generator sets them by
// default (aliyun/SimAI astra-sim-alibabacloud/inputs/topo/
// gen_Topo_Template.py: nv_latency 0.000025 ms, latency 0.0005 ms "nic
// latency"): the NVLink hop and the NIC hop. A PCIe hop to a shared NIC
// gets no delay of its own (the NIC's is on its network link). A
// modelling choice of those tools' users, which topoc follows so the
// files run like theirs.
const (
	NVLinkDelayMS  = 0.000025
	NetworkDelayMS = 0.0005
)

// PropagationNSPerM is the signal delay of a cable, nanoseconds per
// metre: c ÷ 1.4677, the group index of standard single-mode fibre at
// 1310 nm (Corning SMF-28 product information). Copper and multimode
// cables are within a few percent of it; a modelling assumption.
const PropagationNSPerM = 1e9 / 299_792_458 * 1.4677

// DelayMS is a link's delay in milliseconds: its class's delay plus the
// propagation over its planned cable, rounded to the nanosecond (the
// resolution of ns-3's default time unit).
func (l *Link) DelayMS() float64 {
	return math.Round(l.delayMS()*1e6) / 1e6
}

func (l *Link) delayMS() float64 {
	d := l.LengthM * PropagationNSPerM / 1e6
	switch l.Class {
	case ClassNVLink:
		d += NVLinkDelayMS
	case ClassNetwork:
		d += NetworkDelayMS
	}
	return d
}

// num formats a number without exponent, shortest form ("400", "0.0005"):
// the simulators read the fields with C's atof or ns-3's attribute
// parser, and a plain decimal is what their own generators write.
func num(x float64) string { return strconv.FormatFloat(x, 'f', -1, 64) }

// linkLines writes one `src dst <Gbps>Gbps <delay>ms <error rate>` line
// per link, the line both SimAI and ASTRA-sim's ns-3 read (error rate 0:
// the design states no bit errors); rates to the Mb/s (a PCIe path's
// 504.123 Gb/s), delays to the nanosecond.
func (n *Net) linkLines(b *bytes.Buffer) {
	for i := range n.Links {
		l := &n.Links[i]
		fmt.Fprintf(b, "%d %d %sGbps %sms 0\n", l.A, l.B, num(math.Round(l.BPS/1e6)/1e3), num(l.DelayMS()))
	}
}

// switchIDs returns the switch IDs, NVSwitches first, space separated.
func (n *Net) switchIDs() string {
	ids := make([]string, 0, len(n.NVSwitches)+len(n.Switches))
	for i := range len(n.NVSwitches) + len(n.Switches) {
		ids = append(ids, strconv.Itoa(len(n.NPUs)+i))
	}
	return strings.Join(ids, " ")
}

// NS3 returns the network as ASTRA-sim's ns-3 physical topology file
// (astra-sim/astra-network-ns3; a real one is astra-sim-service's
// client-scripts/notebooks/mock_configurations/nc-topology-file.txt):
// `<nodes> <switches> <links>`, the switch IDs, then a link per line.
// Hosts are the NPUs 0..N−1.
func (n *Net) NS3() []byte {
	var b bytes.Buffer
	sw := len(n.NVSwitches) + len(n.Switches)
	fmt.Fprintf(&b, "%d %d %d\n%s\n", len(n.NPUs)+sw, sw, len(n.Links), n.switchIDs())
	n.linkLines(&b)
	return b.Bytes()
}

// SimAI returns the network as SimAI's topology file (aliyun/SimAI
// docs/Tutorial.md and gen_Topo_Template.py): `<nodes> <gpus per server>
// <NVSwitches> <other switches> <links> <gpu type>`, the switch IDs
// (NVSwitches first), then a link per line; GPUs are 0..G−1 and SimAI
// groups them into servers of groupSize in ID order.
func (n *Net) SimAI(groupSize int, gpuType string) []byte {
	var b bytes.Buffer
	fmt.Fprintf(&b, "%d %d %d %d %d %s\n%s\n", len(n.NPUs)+len(n.NVSwitches)+len(n.Switches), groupSize,
		len(n.NVSwitches), len(n.Switches), len(n.Links), gpuType, n.switchIDs())
	n.linkLines(&b)
	return b.Bytes()
}

// analyticalNet is ASTRA-sim's analytical network file (astra-sim
// examples/network/analytical/*.yml): per dimension, its shape, NPUs,
// bandwidth (GB/s per link per direction) and latency (ns per hop).
type analyticalNet struct {
	Topology  []string  `yaml:"topology,flow"`
	NPUsCount []int     `yaml:"npus_count,flow"`
	Bandwidth []float64 `yaml:"bandwidth,flow"`
	Latency   []float64 `yaml:"latency,flow"`
}

// Analytical returns the network as ASTRA-sim's analytical network YAML:
// with NVLink domains of size d > 1, a Switch dimension of d NPUs at
// each NPU's least NVLink capacity, then (unless one domain holds every
// NPU) a Switch dimension of the domains at each NPU's least network
// capacity: its own network links, or its share of a shared NIC (the
// NIC's network capacity ÷ its GPUs, at most the GPU's path to it); with
// no NVLink, one Switch dimension of all NPUs.
// Latency is the class's delay per hop (NVLinkDelayMS, NetworkDelayMS;
// the Switch shape counts two hops). It is an approximation, said in the
// file: the analytical model cannot express oversubscription, the
// fabric's tiers, parallel links or unlike NPUs, so the scale-out
// dimension is one non-blocking switch.
func (n *Net) Analytical() []byte {
	nv := make([]float64, len(n.NPUs))
	out := make([]float64, len(n.NPUs))
	// A shared NIC (a switch reached over PCIe) gives each of its GPUs an
	// equal share of its network capacity, at most the GPU's path to it.
	netCap := map[int]float64{}
	users := map[int]int{}
	for _, l := range n.Links {
		switch {
		case l.Class == ClassPCIe:
			users[l.B]++
		case l.Class == ClassNetwork && l.A >= len(n.NPUs):
			netCap[l.A] += l.BPS
			netCap[l.B] += l.BPS
		}
	}
	for _, l := range n.Links {
		if l.A >= len(n.NPUs) {
			continue
		}
		switch l.Class {
		case ClassNVLink:
			nv[l.A] += l.BPS
		case ClassPCIe:
			out[l.A] += math.Min(l.BPS, netCap[l.B]/float64(users[l.B]))
		default:
			out[l.A] += l.BPS
		}
	}
	least := func(xs []float64) float64 {
		m := math.Inf(1)
		for _, x := range xs {
			m = math.Min(m, x)
		}
		return m / 8e9 // bits per second to gigabytes per second
	}
	a := analyticalNet{}
	size, ok := n.Domains()
	if ok && size > 1 {
		a.Topology = append(a.Topology, "Switch")
		a.NPUsCount = append(a.NPUsCount, size)
		a.Bandwidth = append(a.Bandwidth, least(nv))
		a.Latency = append(a.Latency, NVLinkDelayMS*1e6)
	} else {
		size = 1
	}
	// One NVLink domain holding every NPU needs no scale-out dimension:
	// collectives among its NPUs run over NVLink.
	if size < len(n.NPUs) {
		a.Topology = append(a.Topology, "Switch")
		a.NPUsCount = append(a.NPUsCount, len(n.NPUs)/size)
		a.Bandwidth = append(a.Bandwidth, least(out))
		a.Latency = append(a.Latency, NetworkDelayMS*1e6)
	}
	body, _ := yaml.Marshal(a) // plain slices of numbers and strings: cannot fail
	head := "# ASTRA-sim analytical network, written by topoc build --emit astrasim.\n" +
		"# An approximation: the analytical model has no oversubscription, tiers,\n" +
		"# parallel links or unlike NPUs, so the scale-out dimension is one\n" +
		"# non-blocking switch at each NPU's network rate; read topoc check's\n" +
		"# oversubscription and bisection before trusting it. Bandwidth GB/s per\n" +
		"# link per direction, latency ns per hop.\n"
	return append([]byte(head), body...)
}
