package dot

import (
	"math"
	"sort"
	"strconv"
	"strings"

	"github.com/topoc/topoc/compiler/ir"
	"github.com/topoc/topoc/lang/units"
)

// sig3 formats v with at most three significant digits and no trailing
// zeros: 12.8, 102, 504, 1.6. (Diagram labels, not data: ir.json holds
// the exact values.)
func sig3(v float64) string { return sig(v, 3) }

// sig formats v with at most n significant digits and no trailing zeros.
func sig(v float64, n int) string {
	if v == 0 {
		return "0"
	}
	digits := n - int(math.Floor(math.Log10(math.Abs(v)))) - 1
	if digits < 0 {
		p := math.Pow(10, float64(-digits))
		return strconv.FormatFloat(math.Round(v/p)*p, 'f', 0, 64)
	}
	s := strconv.FormatFloat(v, 'f', digits, 64)
	if strings.Contains(s, ".") {
		s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	}
	return s
}

// rateShort is a per-link rate as engineers write it on a diagram:
// "400G", "1.6T", "504G", "100M" (bits per second per direction). It is
// the one rate form outside lang/units: a bundle label "32 × 400G" is the
// notation of cabling diagrams, and its total is written by rateLong.
func rateShort(bps float64) string {
	switch a := math.Abs(bps); {
	case a >= 1e12:
		return sig3(bps/1e12) + "T"
	case a >= 1e9:
		return sig3(bps/1e9) + "G"
	case a >= 1e6:
		return sig3(bps/1e6) + "M"
	}
	return sig3(bps) + "b/s"
}

// rateLong is an aggregate rate in lang/units' style at four
// significant digits: "12.8Tb/s", "102.4Tb/s", "1.638Pb/s". (A diagram
// label, not data: ir.json holds the exact values.)
func rateLong(bps float64) string { return units.RateSig(bps, 4) }

// bundle is a set of links between two diagram nodes, counted by rate.
type bundle struct {
	byRate map[float64]int
	links  int
	total  float64 // sum of capacities, bits per second per direction
	// maxLoad and sumLoad summarise load ÷ capacity over the links when
	// loads are known (heatmap); loaded counts the links with a load.
	maxLoad, sumLoad float64
	loaded           int
	// failed counts the physical links of a what-if scenario's failure.
	failed int
}

// bundleAt returns m's bundle at k, adding an empty one there first when
// there is none.
func bundleAt[K comparable](m map[K]*bundle, k K) *bundle {
	b := m[k]
	if b == nil {
		b = &bundle{}
		m[k] = b
	}
	return b
}

// add counts one physical link of bps.
func (b *bundle) add(bps float64) { b.addN(bps, 1, bps) }

// addLink counts the physical links of l: Physical links of PhysicalBPS
// each (an in-server NVLink bundle is one IR link of several).
func (b *bundle) addLink(l *ir.Link) { b.addN(l.PhysicalBPS(), int(l.Physical()), l.CapacityBPS) }

// addN counts n physical links of bps each, total bits per second.
func (b *bundle) addN(bps float64, n int, total float64) {
	if b.byRate == nil {
		b.byRate = map[float64]int{}
	}
	b.byRate[bps] += n
	b.links += n
	b.total += total
}

// addLoad records the load ÷ capacity of an IR link of n physical links,
// which all carry that share (an NVLink bundle shares its load).
func (b *bundle) addLoad(load float64, n int) {
	if math.IsNaN(load) {
		return
	}
	if b.loaded == 0 || load > b.maxLoad {
		b.maxLoad = load
	}
	b.sumLoad += load * float64(n)
	b.loaded += n
}

// text labels a bundle the way a design review writes it:
// "32 × 400G = 12.8Tb/s", "16 × 400G + 8 × 200G = 8Tb/s", or "1 × 200G"
// for a single link. Rates are listed fastest first.
func (b *bundle) text() string {
	rates := make([]float64, 0, len(b.byRate))
	for r := range b.byRate {
		rates = append(rates, r)
	}
	sort.Sort(sort.Reverse(sort.Float64Slice(rates)))
	parts := make([]string, len(rates))
	for i, r := range rates {
		parts[i] = units.Count(b.byRate[r]) + " × " + rateShort(r)
	}
	s := strings.Join(parts, " + ")
	if b.links > 1 {
		s += " = " + rateLong(b.total)
	}
	return s
}

// short labels a bundle without its total: "4 × 200G".
func (b *bundle) short() string {
	t := b.text()
	if i := strings.Index(t, " = "); i >= 0 {
		return t[:i]
	}
	return t
}
