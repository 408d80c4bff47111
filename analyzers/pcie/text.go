package pcie

import (
	"fmt"
	"io"
	"strings"

	"github.com/topoc/topoc/compiler/ir"
	"github.com/topoc/topoc/lang/units"
)

// WriteText writes the pcie section of `topoc check`'s text summary: per
// node model, how many GPUs reach their nearest NIC at each path class,
// the smallest bottleneck among those paths, and the classes of all pairs.
// A model without GPUs has no GPU↔NIC path: its line says so and gives
// its NICs' slowest host link instead. A model whose GPUs form a direct
// NVLink mesh gets an nvlink line after it (meshText).
func WriteText(w io.Writer, ms []Model) {
	for i := range ms {
		fmt.Fprintf(w, "  pcie       %s × %s: %s\n", ms[i].Model, units.Count(ms[i].Servers), summary(&ms[i]))
		if ms[i].Mesh != nil {
			io.WriteString(w, meshText(ms[i].Model, ms[i].Servers, ms[i].Mesh))
		}
	}
}

// summary is the text of one model's line after its name and count.
func summary(m *Model) string {
	if len(m.GPUs) == 0 {
		return "no GPUs, so no GPU↔NIC paths; " + nicLinks(m.NICs)
	}
	nearest := make([]int, ir.PathDIS+1)
	low := 0.0
	for _, g := range m.GPUs {
		for c := range nearest {
			if ir.PathClass(c).String() == g.Class {
				nearest[c]++
			}
		}
		if g.NIC != "" && (low == 0 || g.BottleneckBPS < low) {
			low = g.BottleneckBPS
		}
	}
	var near, pairs []string
	for c, n := range nearest {
		if n > 0 {
			near = append(near, fmt.Sprintf("%s %s", ir.PathClass(c), units.Count(n)))
		}
	}
	for _, c := range m.Classes {
		pairs = append(pairs, fmt.Sprintf("%s %s", c.Class, units.Count(c.Pairs)))
	}
	s := fmt.Sprintf("nearest NIC %s of %s", strings.Join(near, ", "), units.CountOf(len(m.GPUs), "GPU", "GPUs"))
	if low > 0 {
		s += fmt.Sprintf(" (bottleneck %s)", rate(low))
	}
	if len(pairs) > 0 {
		s += "; pairs " + strings.Join(pairs, ", ")
	}
	return s
}

// nicLinks describes a model's NICs by their host links: "2 NICs, slowest
// PCIe host link 504.1Gb/s".
func nicLinks(nics []NIC) string {
	n := units.CountOf(len(nics), "NIC", "NICs")
	low := 0.0
	for _, c := range nics {
		if c.PCIeBPS > 0 && (low == 0 || c.PCIeBPS < low) {
			low = c.PCIeBPS
		}
	}
	switch {
	case low == 0:
		return n + ", none on a PCIe host link"
	case len(nics) == 1:
		return n + ", PCIe host link " + rate(low)
	}
	return n + ", slowest PCIe host link " + rate(low)
}
