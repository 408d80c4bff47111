// Package bisection computes the bisection bandwidth of every fabric of a
// compiled design, with a certificate (the two halves) and bounds.
//
// Definition (docs/reference/design-brief.md "Bisection"; docs/analyzers.md "## bisection"):
// the minimum, over splits of the fabric's endpoints into two halves whose
// sizes differ by at most one, of the per-direction capacity of the links
// that cross the cut, switches and server components free to sit on
// either side. For a fabric built on real servers the analysis graph holds
// each server's internal links (GPU, NVLink, PCIe, C2C, NIC) as well, and
// the endpoints of the split are the servers' GPUs (the whole server where
// it has none): see View. ratio = bisection ÷ (half the sum of the
// endpoints' injection rates).
//
// Methods, tried in this order:
//   - analytic: a closed form for the family (fat_tree k³/8 × rate; an
//     even-g dragonfly's group cut; an NVLink domain; a symmetric Clos),
//     each proven for the fabric at hand by a matching lower bound;
//   - exact: every balanced split is evaluated by max-flow (at most
//     ExactEndpoints endpoints), or a sound lower bound meets a cut found;
//   - bounded: the best cut found (structure-aligned halves, each
//     evaluated exactly by max-flow with the endpoint split fixed, then
//     improved by Fiduccia–Mattheyses local search) is the upper bound, and
//     the best sound lower bound (hose, uniform multicommodity flow, the
//     dragonfly group structure) is reported beside it.
package bisection

import (
	"fmt"
	"math"

	"github.com/topoc/topoc/analyzers/analysis"
	"github.com/topoc/topoc/compiler/ir"
	"github.com/topoc/topoc/lang/diag"
)

// View selects what the endpoints of the split are.
type View string

const (
	// ViewGPU is docs/reference/design-brief.md's convention: for a fabric built on real
	// servers the split endpoints are the servers' GPUs (a server without
	// GPUs is one endpoint, its internals contracted into it), and the
	// analysis graph holds the servers' internal links, so rails and
	// planes are judged as one system. Each GPU injects the rate of its
	// server's endpoint ports on the fabric divided evenly among the
	// server's GPUs, plus the rate of its own links if it is itself an
	// endpoint (an NVLink domain's GPUs). Implicit hosts and appliances
	// are endpoints as they are.
	ViewGPU View = "gpu"
	// ViewPort is the NIC-port-only view: every endpoint port the fabric
	// lists is one endpoint, injecting the capacity of the links on that
	// port, and only the fabric's own links are in the graph.
	ViewPort View = "endpoint_port"
)

// analyzerView is the view the Analyzer uses: its flag "view" (the CLI's
// --bisection.view), ViewGPU unless set. Compute takes the view
// explicitly; a result records the view it was computed in (Fabric.View).
var analyzerView = ViewGPU

// Set parses a view's name for a flag: "gpu" or "endpoint_port".
func (v *View) Set(s string) error {
	switch View(s) {
	case ViewGPU, ViewPort:
		*v = View(s)
		return nil
	}
	return fmt.Errorf("%q is not a bisection view; the views are %s and %s", s, ViewGPU, ViewPort)
}

// String returns the view's name.
func (v *View) String() string { return string(*v) }

// ConfiguredView returns the view the Analyzer runs with: its "view" flag,
// ViewGPU by default. what-if sweeps use it for their residual bisections,
// so that they compare with the intact design's.
func ConfiguredView() View { return analyzerView }

// ExactEndpoints is the largest number of split endpoints for which every
// balanced split is enumerated (C(17,8) = 24,310 max-flows at 18, well
// under a second on the small graphs that have so few endpoints).
const ExactEndpoints = 18

// FullBisectionTolerance: a ratio at or above 1 − FullBisectionTolerance
// is full bisection (docs/reference/design-brief.md), absorbing float rounding of rate sums.
const FullBisectionTolerance = 1e-9

// Fabric is the bisection of one fabric: the "bisection" object of the
// report. Rates are bits per second per direction.
//
// Every result is an interval [LowerBoundBPS, UpperBoundBPS] with a proof
// at each end: the lower end by LowerBoundMethod, the upper end by the
// Certificate (a concrete cut, evaluated exactly). For the analytic and
// exact methods the two ends meet and BandwidthBPS is the bisection; for
// "bounded" they do not, and BandwidthBPS is only the upper end, never to
// be read as the value (requirements read the interval: docs/language.md
// "requirement").
type Fabric struct {
	// BandwidthBPS is the bisection bandwidth for the analytic and exact
	// methods; for bounded results it equals UpperBoundBPS, the least cut
	// found (kept under the docs/reference/design-brief.md field name; read the bounds).
	BandwidthBPS float64 `json:"bandwidth_bps"`
	// Ratio is BandwidthBPS ÷ HalfInjectionBPS (0 when nothing injects):
	// the value for analytic and exact, UpperBoundRatio for bounded.
	Ratio float64 `json:"ratio"`
	// Method is "analytic", "exact" or "bounded" (MethodAnalytic, …).
	Method string `json:"method"`
	// Formula names the closed form of an analytic result, with its
	// source, and for exact results proven by bounds the bound that met.
	Formula string `json:"formula,omitempty"`
	// LowerBoundBPS and UpperBoundBPS bound the bisection; they are equal
	// unless Method is bounded. The lower bound is proven by
	// LowerBoundMethod, the upper bound by the Certificate's cut.
	LowerBoundBPS float64 `json:"lower_bound_bps"`
	UpperBoundBPS float64 `json:"upper_bound_bps"`
	// LowerBoundRatio and UpperBoundRatio are the bounds ÷
	// HalfInjectionBPS: a bounded result proves full bisection only when
	// LowerBoundRatio ≥ 1 − FullBisectionTolerance.
	LowerBoundRatio float64 `json:"lower_bound_ratio"`
	UpperBoundRatio float64 `json:"upper_bound_ratio"`
	// Gap is UpperBoundBPS ÷ LowerBoundBPS (1 when the interval is
	// closed); nil when no lower bound above zero is proven, so the gap is
	// unbounded.
	Gap *float64 `json:"gap"`
	// LowerBoundMethod says how the lower bound is proven: "formula",
	// "enumeration", "hose" (uniform up-routing to the top tier),
	// "hose_rebalanced" (up-routing rebalanced per pair of groups below
	// the top tier, hose_balance.go),
	// "uniform_multicommodity_flow" (Leighton–Rao),
	// "dragonfly_group_structure" (dragonfly.go), "odd_torus_lindsey"
	// (an odd k-ary d-cube, torus_odd.go) or "torus_compression" (any
	// other torus or mesh, torus_downset.go); "none" when no sound
	// bound above zero applies (the lower bound is then 0).
	LowerBoundMethod string `json:"lower_bound_method"`
	// LowerBoundNote says, for a bounded result, why no stronger lower
	// bound is proven: the hose bound's failed precondition (endpoints
	// that reach different top switches, a switch of no tier, groups that
	// share no top switch), and the uniform bound's budget when it was
	// too large to compute; for a "hose_rebalanced" bound, its θ and
	// routing.
	LowerBoundNote string `json:"lower_bound_note,omitempty"`
	// View is the endpoint convention ("gpu" or "endpoint_port").
	View View `json:"view"`
	// Endpoints is the number of endpoints split (GPUs in the gpu view of
	// a fabric of servers, which can differ from the fabric's endpoint
	// ports).
	Endpoints int `json:"split_endpoints"`
	// HalfInjectionBPS is half the sum of the split endpoints' injection
	// (even counts); for an odd count n, total × ⌊n/2⌋ / n, the smaller
	// side's share, so that an odd non-blocking fabric has ratio 1.
	HalfInjectionBPS float64 `json:"half_injection_bps"`
	// Note explains a shortfall from full bisection in a fabric where no
	// switch is oversubscribed: the tier whose links cannot split evenly
	// over the units (indivisible is then set), or endpoints of mixed
	// rates whose every split the hose bound proves carries its smaller
	// side's injection (absent otherwise).
	Note string `json:"note,omitempty"`
	// indivisible marks a Note from an indivisible split, which the
	// Analyzer also reports as indivisible-split.
	indivisible bool
	// Routed is the bisection the design's routing can use (up_down in
	// tiered fabrics, minimal in dragonflies), as an interval; nil when
	// the fabric's routing is not modelled (switches without tiers).
	Routed *Routed `json:"routed,omitempty"`
	// RoutedValiant is, for a dragonfly, the bisection its Valiant paths
	// carry (routing "valiant": minimally to an intermediate group other
	// than the source's and the destination's, then minimally on, as
	// congestion's path = "valiant" routes): below, the split-demand
	// bound (valiantBound), above, the graph's cut. nil for other
	// families and quick results.
	RoutedValiant *Routed `json:"routed_valiant,omitempty"`
	// Certificate is the cut that gives UpperBoundBPS.
	Certificate Certificate `json:"certificate"`
	// sideA holds the terminal nodes on the certificate's first side
	// (SideA).
	sideA []ir.NodeID
	// cross holds the links crossing the certificate's cut (CutCrosses),
	// nil when the result records none.
	cross *linkSet
	// hoseTheta is the θ of the hose bound (hose.go), 0 when it did not
	// apply or was not computed; smallerSideBPS is the injection of the
	// certificate's side that injects less and injectionBPS the
	// terminals' total (bits per second per direction). They serve
	// HoseTheta, SmallerSideBPS and InjectionBPS.
	hoseTheta, smallerSideBPS, injectionBPS float64
	// uniformTheta is the θ the uniform multicommodity-flow bound proves
	// for every set of terminals (UniformTheta), 0 when not known.
	uniformTheta float64
}

// UniformTheta returns the θ the uniform multicommodity-flow bound proves
// where it was computed over one connected piece in which every terminal
// injects the same w (a dragonfly under minimal routing, uniform.go):
// routing a demand of 1 between every ordered pair of the n terminals
// loads no link past λ times its capacity, so a set A of k ≤ ⌊n/2⌋
// terminals (at most half the injection) has at least k(n−k)/λ ≥
// k·⌈n/2⌉/λ leaving it, θ·w(A) with θ = ⌈n/2⌉/(λ·w) = B ÷ (⌊n/2⌋·w) for
// the bound's balanced value B = ⌊n/2⌋·⌈n/2⌉/λ (Leighton and Rao, J. ACM
// 46(6), 1999). Like HoseTheta it bounds the taper of every such set by
// 1/θ. ok is false where it was not computed.
func (f *Fabric) UniformTheta() (theta float64, ok bool) { return f.uniformTheta, f.uniformTheta > 0 }

// InjectionBPS returns the terminals' total injection in the result's
// view (bits per second per direction), of which HalfInjectionBPS is the
// smaller side's share.
func (f *Fabric) InjectionBPS() float64 { return f.injectionBPS }

// HoseTheta returns the θ the hose bound proved (hose.go), whether or not
// it was the best lower bound: under the bound's oblivious routing every
// traffic matrix in which each terminal sends and receives at most θ × its
// injection fits, so every cut separating a set A of terminals from the
// rest carries at least θ·w(A) per direction when w(A) ≤ w(rest) (w the
// terminals' injection in the result's view). ok is false when the bound
// did not apply or was not computed (a direct network, a quick what-if, a
// fat-tree given by its closed form).
func (f *Fabric) HoseTheta() (theta float64, ok bool) { return f.hoseTheta, f.hoseTheta > 0 }

// SmallerSideBPS returns the injection (bits per second per direction) of
// the side of the certificate's cut that injects less, 0 when the result
// has no certificate evaluated over terminals: with the cut's capacity
// (UpperBoundBPS) it is a concrete set of terminals and the nodes on their
// side whose links leaving it carry UpperBoundBPS.
func (f *Fabric) SmallerSideBPS() float64 { return f.smallerSideBPS }

// SideA returns the terminal nodes (GPUs, hosts, contracted servers; in
// the port view, the endpoint nodes) on the first side of the cut that
// gives UpperBoundBPS, for Options.Splits; nil when no cut was found.
func (f *Fabric) SideA() []ir.NodeID { return f.sideA }

// CutCrosses reports whether link id of the graph the result was computed
// on crosses the cut that gives UpperBoundBPS: the cut's value is the sum
// of the capacities of the links it reports. ok is false when the result
// records no such cut (no cut found), and every answer is then false.
//
// A what-if uses it to re-evaluate the intact cut without the graph: the
// same node partition of the surviving graph is a cut of the intact value
// less the failed links crossing it (resilience.md).
func (f *Fabric) CutCrosses(id ir.LinkID) (crosses, ok bool) {
	if f.cross == nil {
		return false, false
	}
	return f.cross.has(id), true
}

// The values of Fabric.Method.
const (
	// MethodAnalytic: a family's closed form, proven for this fabric by a
	// matching lower bound (Formula names it).
	MethodAnalytic = "analytic"
	// MethodExact: every balanced split evaluated by max-flow, or a sound
	// lower bound met by a cut found.
	MethodExact = "exact"
	// MethodBounded: a proven interval that does not close; the value lies
	// between LowerBoundBPS and UpperBoundBPS.
	MethodBounded = "bounded"
)

// Closed reports whether the interval is closed: the bisection is known.
func (f *Fabric) Closed() bool { return f.Method != MethodBounded }

// Certificate describes a cut: its two sides in words and as endpoint
// lists, and how many links cross it.
type Certificate struct {
	// Text is the split in words, "pods 0–3 | pods 4–7", in the fabric's
	// own unit names where the sides are unions of whole units.
	Text  string  `json:"text"`
	Sides [2]Side `json:"sides"`
	// CutLinks counts the links crossing the cut; CutBPS sums their
	// capacity (equal to BandwidthBPS).
	CutLinks int     `json:"cut_links"`
	CutBPS   float64 `json:"cut_bps"`
}

// Side is one half of a split.
type Side struct {
	Text      string `json:"text"`
	Endpoints int    `json:"endpoints"`
	// Runs lists the side's endpoints as maximal runs of consecutive
	// endpoints in the fabric's endpoint order, each by its first and last
	// name: complete unless RunsOmitted > 0 (at most MaxRuns are listed).
	Runs        []Run `json:"runs"`
	RunsOmitted int   `json:"runs_omitted"`
}

// Run is Count consecutive endpoints from First to Last.
type Run struct {
	First string `json:"first"`
	Last  string `json:"last"`
	Count int    `json:"count"`
}

// MaxRuns caps the runs listed per side, so that a split of a 131,072-GPU
// fabric stays a few kilobytes of JSON.
const MaxRuns = 64

// Options tune Compute.
type Options struct {
	View View
	// NoFormula skips the families' closed forms (fat_tree), so that
	// tests can check them against the general search.
	NoFormula bool
	// KnownLowerBPS is a lower bound the caller has proven by other means
	// (bits per second per direction), used when it beats the bounds
	// Compute proves itself; KnownLowerHow names its method for
	// LowerBoundMethod ("residual": a what-if's intact bound less what
	// the failure can take from any cut, analyzers/resilience). 0 for
	// none.
	KnownLowerBPS float64
	KnownLowerHow string
	// Splits are extra candidate splits, each the terminal nodes of one
	// side (Fabric.SideA of another result on a graph with the same
	// terminals: the intact design's cut, tried on a what-if's surviving
	// graph). Each is made balanced over this graph's terminals (the
	// last terminals moved across when some were lost) and evaluated as
	// the search evaluates its candidates (max-flow with the terminal
	// split fixed).
	Splits [][]ir.NodeID
	// Quick skips the search (structure-aligned candidates, refinement,
	// enumeration, the uniform bound) when some split of Splits is
	// usable: the result is the proven bounds against the least of those
	// cuts, which a Monte Carlo run of thousands of scenarios can afford.
	// A quick result has no Routed part. Without a usable split, or with
	// at most ExactEndpoints endpoints (cheap to enumerate), the search
	// runs as usual.
	Quick bool
	// Light runs the multilevel search at the effort it spends on large
	// graphs (mlRuns runs, no random restarts) whatever the graph's size;
	// a small graph otherwise gets mlRunsSmall runs, each refined and
	// evaluated, and mlRestarts random restarts, some fourteen times the
	// work. A what-if sweep sets it for its scenarios when their full
	// searches would pass resilience.LightBudget; they also try the intact
	// design's cut (Splits), found by the full search: a 1,000-host
	// leaf-spine's 192 link scenarios took 16 s of search without it
	// (trial 50). The result is a proven interval all the same; its upper
	// end may be a cut the full search would have improved on (up to 18%
	// higher on trial 51's multi-plane and three-tier designs).
	Light bool
	// UniformArcVisits caps the uniform multicommodity-flow bound's work
	// (sources × arcs) where the search computes it; 0 for its own
	// budget (uniformBudget, about a second). A sweep of many scenarios
	// shares one such budget among them (analyzers/resilience), since
	// routing from every endpoint is quadratic in the fabric's size.
	UniformArcVisits float64
	// noPlaneSum keeps a plane's own analysis (planes.go) from looking
	// for planes again.
	noPlaneSum bool
}

// Analyzer computes Compute(g, f, Options{View: the "view" flag}) for every
// fabric; its result is []Fabric in fabric order.
var Analyzer = &analysis.Analyzer{
	Name: "bisection",
	Doc:  "bisection bandwidth per fabric: value, ratio, method, bounds and the cut",
	Run: func(p *analysis.Pass) (any, error) {
		out := make([]Fabric, len(p.Graph.Fabrics))
		for i := range p.Graph.Fabrics {
			out[i] = Compute(p.Graph, ir.FabricID(i), Options{View: analyzerView})
			if out[i].indivisible {
				f := &p.Graph.Fabrics[i]
				p.Report(diag.Info(diag.IndivisibleSplit, p.Graph.Range(f.Origin), "Bisection short of full from an indivisible split",
					fmt.Sprintf("Fabric %q: bisection ratio at most %.3f: %s. Choose unit counts the top tier's links divide by (pods a divisor of the links per switch), or accept the shortfall.", f.Name, out[i].UpperBoundRatio, out[i].Note)))
			}
		}
		return out, nil
	},
}

// ResultOf reads the Analyzer's result, one Fabric per fabric, by FabricID (analysis.Declare).
var ResultOf = analysis.Declare[[]Fabric](Analyzer)

func init() {
	Analyzer.Flags.Var(&analyzerView, "view", "what the split's endpoints are: gpu (the GPUs, with server internals in the graph) or endpoint_port (each NIC port on the fabric, fabric links only); docs/analyzers.md")
}

// ratio divides, returning 0 for an empty denominator.
func ratio(x, half float64) float64 {
	if half <= 0 {
		return 0
	}
	return x / half
}

// meets reports whether a lower bound reaches an upper bound, up to float
// rounding of sums of rates.
func meets(lb, ub float64) bool {
	return lb >= ub-1e-9*math.Max(1, ub)
}
