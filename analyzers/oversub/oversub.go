// Package oversub computes the East-West oversubscription of every fabric:
// per switch (down capacity ÷ up capacity), per tier (worst and
// distribution), and end to end per unit (endpoint injection ÷ capacity
// leaving the unit) for pods, scalable units, racks, rails, planes and
// dragonfly groups, with the intra-rail vs cross-rail split of
// rail-optimized fabrics and the global taper of dragonflies.
//
// Definitions (docs/reference/design-brief.md "Oversubscription"; docs/analyzers.md has the
// full text): a switch's down links go to endpoints or to switches of a
// lower tier (ir.Fabric.Tiers is bottom-up), its up links to a higher
// tier. In a fabric of a single tier (a dragonfly, or an untiered custom
// fabric) the router-to-router links are the up links. Rates are bits per
// second per direction; a ratio of 3.0 means 3:1.
package oversub

import (
	"math"
	"slices"
	"sort"

	"github.com/topoc/topoc/analyzers/analysis"
	"github.com/topoc/topoc/analyzers/bisection"
	"github.com/topoc/topoc/compiler/ir"
)

// Fabric is the oversubscription of one fabric: the report's
// "oversubscription" object.
type Fabric struct {
	// ServerTransit names the fabric's server transit (ir.Transit.Names):
	// the paths inside the servers that join rails and planes no fabric
	// link leaves (their units are "closed"); omitted when none.
	ServerTransit []string `json:"server_transit,omitempty"`
	// Tiers has one entry per tier with uplinks, bottom-up, named as the
	// fabric names its tiers (edge, aggregation; leaf, spine; router).
	Tiers []Tier `json:"tiers"`
	// EndToEnd is the worst unit ratio (see Unit), or 1.0 for a single
	// stage fabric where no switch has uplinks and nothing leaves a unit
	// (an NVLink domain; Note says so), or nil when the fabric has no
	// endpoints.
	EndToEnd *float64 `json:"end_to_end"`
	// WorstUnit names the unit that gives EndToEnd (the first such unit
	// in report order), nil when EndToEnd is not a unit's ratio.
	WorstUnit *UnitRef `json:"worst_unit,omitempty"`
	// Basis says what EndToEnd is the worst of: "units" (units that hold
	// endpoints and have capacity leaving them: access switches, declared
	// units, rails, planes, groups) or "per_switch" when only the worst
	// access switch is known and a set of switches can taper more: a
	// two-tier fabric that is not a full mesh (with unit labels or
	// without), or a fabric of other than two tiers with no unit above
	// its access switches (a custom fabric without unit labels, a
	// hand-cabled dragonfly), or units linked to each other directly (a
	// dragonfly's groups, joinedDirectly). In a two-tier full mesh the
	// access switch is the unit below the top, so its worst ratio is end
	// to end. The Analyzer narrows "per_switch" to "sets" where the hose
	// bound or a direct network's uniform bound applies (Bound,
	// BasisSets).
	Basis string `json:"basis"`
	// EndToEndLowerBound and EndToEndUpperBound bound the end-to-end
	// ratio: both equal EndToEnd for basis "units"; for "sets" they are
	// the proven interval of Bound; for "per_switch" the lower bound is
	// EndToEnd and the upper bound is null (unbounded). A requirement on
	// end_to_end reads both ends (docs/language.md "requirement").
	EndToEndLowerBound *float64 `json:"end_to_end_lower_bound"`
	EndToEndUpperBound *float64 `json:"end_to_end_upper_bound"`
	// HoseTheta is, for basis "sets", the θ of the hose bound that proves
	// EndToEndUpperBound (1/θ; see Bound); nil otherwise.
	HoseTheta *float64 `json:"hose_theta,omitempty"`
	// ThetaBound names the bound that proves HoseTheta: "hose" (the hose
	// bound's oblivious up/down routing) or "uniform multicommodity-flow"
	// (a direct network's uniform bound, bisection.Fabric.UniformTheta).
	ThetaBound string `json:"theta_bound,omitempty"`
	// Note explains an EndToEnd that is not a unit's ratio.
	Note string `json:"note,omitempty"`
	// GlobalTaper is, for a dragonfly, the worst group's terminal
	// injection ÷ global link capacity (a·p·terminal rate ÷ a·h·global
	// rate when every global port is cabled); nil for other families.
	GlobalTaper *float64 `json:"global_taper,omitempty"`
	// Rails is the intra-rail vs cross-rail split; nil unless the fabric
	// has more than one rail.
	Rails *Rails `json:"rails,omitempty"`
	// Units summarises each kind of unit (access switch, declared units
	// such as su and pod, rail, plane, group), in that order.
	Units []UnitKind `json:"units"`
	// UnitDetail lists every unit of the declared kinds, rails and planes
	// (not the access-switch units, which Tiers already covers), by kind
	// then index.
	UnitDetail []Unit `json:"unit_detail"`
	// Switches holds the per-switch sums of every switch of the fabric,
	// in node order (not in the JSON report: Tiers summarises them).
	Switches []Switch `json:"-"`
	// scan is the pass Switches came from, kept for ResidualTiers.
	scan *scanned
	// byPlane marks a basis "sets" bounded plane by plane (Bound): its
	// sets hold at most half their plane's injection.
	byPlane bool
}

// Tier is one switch tier that has uplinks.
type Tier struct {
	Tier string `json:"tier"`
	// Ratio is the worst (largest) down ÷ up over the tier's switches
	// that have uplinks; Min and Max bound them (Max equals Ratio).
	Ratio float64 `json:"ratio"`
	Min   float64 `json:"min"`
	Max   float64 `json:"max"`
	// Switches counts the tier's switches that have uplinks;
	// WithoutUplinks those that have none (a structural fault below the
	// top tier, reported by the compiler).
	Switches       int `json:"switches"`
	WithoutUplinks int `json:"without_uplinks"`
	// DownBPS and UpBPS sum the tier's down and up capacity.
	DownBPS float64 `json:"down_bps"`
	UpBPS   float64 `json:"up_bps"`
	// Worst names the first switch (in node order) with ratio Ratio.
	Worst string `json:"worst"`
	// Distribution counts the switches per distinct ratio, ascending.
	Distribution []RatioCount `json:"distribution"`
}

// RatioCount is how many switches or units have one ratio (rounded to
// 1e-9, so that equal designs group together despite float sums).
type RatioCount struct {
	Ratio float64 `json:"ratio"`
	Count int     `json:"count"`
}

// UnitRef names one unit.
type UnitRef struct {
	Kind string `json:"kind"`
	Name string `json:"name"`
}

// UnitKind summarises the units of one kind.
type UnitKind struct {
	// Kind is "su", "pod", "rack", "group" (the fabric's own unit names),
	// "rail", "plane", "<unit>_rail" (one unit's switches of one rail),
	// or the bottom tier's name ("leaf", "edge", "router") for the
	// access-switch units: one switch with the endpoints cabled only to it.
	Kind string `json:"kind"`
	// Count is the number of units of this kind that hold endpoints.
	Count int `json:"count"`
	// Closed counts units that no link leaves (a plane, or a rail that
	// meets the others only inside the servers): their ratio is null.
	Closed int `json:"closed"`
	// Min and Max bound the ratios of the other units; nil when all are
	// closed. Worst names the first unit with ratio Max.
	Min   *float64 `json:"min"`
	Max   *float64 `json:"max"`
	Worst string   `json:"worst"`
	// Distribution counts the units per distinct ratio, ascending.
	Distribution []RatioCount `json:"distribution"`
}

// Unit is one unit: its endpoints and switches. InjectionBPS sums the
// capacity of its endpoints' links into the fabric (an endpoint's
// injection is the rate of its links, docs/reference/design-brief.md "Bisection"); LeavingBPS
// sums the capacity of the links with exactly one end in the unit.
// Ratio = InjectionBPS ÷ LeavingBPS, nil when nothing leaves the unit.
type Unit struct {
	Kind         string   `json:"kind"`
	Name         string   `json:"name"`
	Index        int      `json:"index"`
	Endpoints    int      `json:"endpoints"`
	InjectionBPS float64  `json:"injection_bps"`
	LeavingBPS   float64  `json:"leaving_bps"`
	Ratio        *float64 `json:"ratio"`
}

// Rails splits end-to-end oversubscription by rail (rail-optimized
// fabrics: NIC i of every server on rail i).
type Rails struct {
	// Rails is the number of rails.
	Rails int `json:"rails"`
	// IntraRail is the worst ratio of the rail-scoped groups: the access
	// switches of a rail and the switches of one rail within one unit (an
	// SU's rail-r leaves). It bounds traffic that stays on its rail but
	// leaves its group; nil when no switch belongs to a rail.
	IntraRail *float64 `json:"intra_rail"`
	// CrossRail is the worst ratio of whole rails: traffic that changes
	// rail must leave its rail's switches. nil when no link leaves any
	// rail (rails meet only inside the servers, over NVLink or PCIe);
	// Note says so.
	CrossRail *float64 `json:"cross_rail"`
	Note      string   `json:"note,omitempty"`
}

// Switch is one switch's capacity by direction, in bits per second per
// direction. PeerBPS is capacity to switches of the same (or an unknown)
// tier in a multi-tier fabric, which is neither down nor up.
type Switch struct {
	Node                    ir.NodeID
	Tier                    string
	DownBPS, UpBPS, PeerBPS float64
}

// Ratio returns DownBPS ÷ UpBPS, or +Inf when the switch has no uplinks.
func (s Switch) Ratio() float64 {
	if s.UpBPS == 0 {
		return math.Inf(1)
	}
	return s.DownBPS / s.UpBPS
}

// Analyzer computes []Fabric, one per fabric in fabric order.
// It requires the bisection, whose cut and θ narrow a "per_switch" end to
// end (Bound) where its view sees the fabric's endpoint ports as they are.
// The per-switch and per-unit tallies, which need no bisection, are
// scanAnalyzer's, so that they run beside the bisection instead of after
// it: at 131,072 GPUs the bisection is the longest analysis, and the
// tallies after it ran alone on one core.
var Analyzer = &analysis.Analyzer{
	Name:     "oversubscription",
	Doc:      "per switch, per tier and end-to-end oversubscription (down ÷ up; endpoint injection ÷ capacity leaving each unit)",
	Requires: []*analysis.Analyzer{bisection.Analyzer, scanAnalyzer},
	Run: func(p *analysis.Pass) (any, error) {
		bis := analysis.Result(p, bisection.ResultOf)
		// A copy: BoundWith narrows each fabric's end to end in place,
		// and scanAnalyzer's result stays as it computed it.
		out := slices.Clone(analysis.Result(p, scanResultOf))
		for i := range out {
			var known *bisection.Fabric
			if i < len(bis) && portView(p.Graph, ir.FabricID(i), &bis[i]) {
				known = &bis[i]
			}
			BoundWith(p.Graph, ir.FabricID(i), &out[i], known)
		}
		return out, nil
	},
}

// scanAnalyzer computes Analyze for every fabric in fabric order: the
// Analyzer's result before the bisection narrows it. It is not one of
// the analyzers a user selects (analyzers/all); the driver runs it
// because the Analyzer requires it.
var scanAnalyzer = &analysis.Analyzer{
	Name: "oversubscription_scan",
	Doc:  "the oversubscription analyzer's per-switch and per-unit tallies, before the bisection narrows them",
	Run: func(p *analysis.Pass) (any, error) {
		out := make([]Fabric, len(p.Graph.Fabrics))
		for i := range p.Graph.Fabrics {
			out[i] = Analyze(p.Graph, ir.FabricID(i))
		}
		return out, nil
	},
}

// scanResultOf reads scanAnalyzer's result (analysis.Declare).
var scanResultOf = analysis.Declare[[]Fabric](scanAnalyzer)

// portView reports whether bisection result b of fabric f was computed
// over the fabric's endpoint ports as they are: in the endpoint_port
// view, or in the GPU view where every endpoint port is a node of its own
// that no server holds (implicit hosts, a dragonfly's terminals), which
// that view splits as they are.
func portView(g *ir.Graph, f ir.FabricID, b *bisection.Fabric) bool {
	if b.View == bisection.ViewPort {
		return true
	}
	seen := map[ir.NodeID]bool{}
	for _, p := range g.Fabrics[f].Endpoints {
		if seen[p.Node] || g.Nodes[p.Node].Parent != ir.None || g.Nodes[p.Node].Kind == ir.KindGPU {
			return false
		}
		seen[p.Node] = true
	}
	return len(seen) > 0
}

// ResultOf reads the Analyzer's result, one Fabric per fabric, by FabricID (analysis.Declare).
var ResultOf = analysis.Declare[[]Fabric](Analyzer)

// Analyze computes the oversubscription of fabric f of g in O(nodes +
// links) time per unit kind.
func Analyze(g *ir.Graph, f ir.FabricID) Fabric {
	s := scan(g, f)
	out := Fabric{Tiers: []Tier{}, Units: []UnitKind{}, UnitDetail: []Unit{}, Switches: s.switches, scan: s}
	out.Tiers = tiers(g, s)
	s.units(&out)
	if out.EndToEnd != nil {
		out.EndToEndLowerBound = ptr(*out.EndToEnd)
		if out.Basis != BasisPerSwitch {
			out.EndToEndUpperBound = ptr(*out.EndToEnd)
		}
	}
	return out
}

// round groups ratios that differ only by float rounding.
func round(r float64) float64 { return math.Round(r*1e9) / 1e9 }

func ptr(v float64) *float64 { return &v }

// distribution counts values per distinct rounded value, ascending.
func distribution(vs []float64) []RatioCount {
	sorted := make([]float64, len(vs))
	for i, v := range vs {
		sorted[i] = round(v)
	}
	sort.Float64s(sorted)
	out := []RatioCount{}
	for _, v := range sorted {
		if n := len(out); n > 0 && out[n-1].Ratio == v {
			out[n-1].Count++
			continue
		}
		out = append(out, RatioCount{Ratio: v, Count: 1})
	}
	return out
}

// tiers summarises the switches by tier, in the fabric's tier order.
func tiers(g *ir.Graph, s *scanned) []Tier {
	out := []Tier{}
	for _, name := range s.tierNames {
		t := Tier{Tier: name}
		var ratios []float64
		for _, sw := range s.switches {
			if sw.Tier != name {
				continue
			}
			t.DownBPS += sw.DownBPS
			t.UpBPS += sw.UpBPS
			if sw.UpBPS == 0 {
				if sw.DownBPS > 0 {
					t.WithoutUplinks++
				}
				continue
			}
			r := sw.Ratio()
			if len(ratios) == 0 || round(r) > round(t.Max) {
				t.Max, t.Worst = r, g.Nodes[sw.Node].Name
			}
			if len(ratios) == 0 || r < t.Min {
				t.Min = r
			}
			ratios = append(ratios, r)
		}
		if len(ratios) == 0 {
			continue // the top tier, or a tier without uplinks
		}
		t.Ratio, t.Switches, t.Distribution = t.Max, len(ratios), distribution(ratios)
		out = append(out, t)
	}
	return out
}
