// Package compiler turns a loaded design (lang.Config) into the IR graph,
// as an ordered list of named stages: index the catalogue, bound the
// expansion, build servers and their internals, build each fabric with its
// family's generator, place racks and plan the cables (cabling.go), then
// run structural checks (package compiler/checks). Every diagnostic points at
// the HCL range that caused it.
package compiler

import (
	"bytes"
	"fmt"
	"slices"

	"github.com/hashicorp/hcl/v2"

	"github.com/topoc/topoc/compiler/ir"
	"github.com/topoc/topoc/lang"
	"github.com/topoc/topoc/lang/diag"
)

// DefaultMaxEndpoints is the expansion cap of issue "topoc compiles real
// fabric designs": 2,000,000 endpoints, about fifteen times the largest
// fabrics in service today (131,072 GPUs). Settable with --max-endpoints.
const DefaultMaxEndpoints = 2_000_000

// DefaultMaxElements caps nodes plus links of the whole design, so that a
// design that would need gigabytes of memory is refused before it is
// built: 8,000,000. Built graphs take about 120–170 bytes of peak RSS per
// element (the 131,072-GPU example: 4.2 million elements, 510 MB; a
// 10,000,000-switch Clos tier ran a 4 GB machine out of memory), so the
// cap bounds a run near 1.4 GB. It admits the 131,072-GPU example with
// room for its storage and management fabrics; larger designs raise it
// with --max-elements. A modelling assumption.
const DefaultMaxElements = 8_000_000

// Options tune the compiler.
type Options struct {
	// MaxEndpoints caps endpoints per design; 0 means DefaultMaxEndpoints.
	MaxEndpoints int64
	// MaxElements caps nodes plus links; 0 means DefaultMaxElements.
	MaxElements int64
}

// Stage is one named step of compilation.
type Stage struct {
	Name string
	Run  func(*state)
}

// Stages lists the compiler's steps in order; a stage runs only while no
// earlier stage reported an error, so one mistake yields one diagnostic.
var Stages = []Stage{
	{"catalogue", indexCatalogue},
	{"empty", warnEmpty},
	{"expansion", checkExpansion},
	{"servers", buildServers},
	{"fabrics", buildFabrics},
	{"names", checkUniqueNames},
	{"workloads", compileWorkloads},
	{"parts", recordParts},
	{"cabling", planCabling},
	{"rack_power", checkRackPower},
	{"risk_groups", compileRiskGroups},
	{"failure_policies", compileFailurePolicies},
	{"flows", compileFlows},
	{"requirements", compileRequirements},
	{"checks", runChecks},
}

// state is what the stages share.
type state struct {
	cfg   *lang.Config
	opts  Options
	g     *ir.Graph
	cat   catalogue
	diags hcl.Diagnostics
	// groups holds the built servers of each node group, by name.
	groups map[string]*serverGroup
	// fabricOf maps fabric ids to their config block.
	fabricOf []*lang.Fabric
	// unevenTotals marks the tier boundaries (fabric, lower tier rank)
	// whose uplink totals the Clos generator already reported as uneven,
	// so that the per-switch check does not repeat it.
	unevenTotals map[unevenKey]bool
	// fixedRack holds the switches the design mounts in a given rack
	// (custom `rack = N`), with the range that says so.
	fixedRack map[ir.NodeID]hcl.Range
	// nvlinkDomainOf maps each server GPU an nvlink_domain took to that
	// domain's fabric name (gpusInOneDomain).
	nvlinkDomainOf map[ir.NodeID]string
	// serverNames indexes the servers and their components by name, for
	// custom devices that would take one's name (namedLikeServer).
	serverNames map[string]ir.NodeID
	// cableDiags are the diagnostics of the cable plan, which the cabling
	// stage runs in the background (planCabling): set when it is done
	// (ir.Graph.WaitCabling), and put at cablesAt in diags.
	cableDiags hcl.Diagnostics
	cablesAt   int
	// cablesJudged is closed once the plan knows whether it reports an
	// error, cablesFail (Build.CablesFail); nil before the plan starts.
	cablesJudged chan struct{}
	cablesFail   bool
}

// unevenKey is a tier boundary: a fabric and the rank of its lower tier.
type unevenKey struct {
	fabric ir.FabricID
	lower  int
}

// Compile builds the IR of cfg. The graph is nil when an error stopped
// compilation.
func Compile(cfg *lang.Config, opts Options) (*ir.Graph, hcl.Diagnostics) {
	return Start(cfg, opts).Finish()
}

// Build is a compilation whose cable plan may still be running (the
// cabling stage plans the cables in the background: planCabling).
type Build struct {
	s *state
	// stopped is the stage whose error stopped the stages, or "".
	stopped string
}

// Start runs the compiler's stages on cfg and returns once all have
// run, or one reported an error, with the cable plan perhaps still
// running. Graph is what the analyses may start on meanwhile; Finish
// waits for the plan and returns what Compile returns.
func Start(cfg *lang.Config, opts Options) *Build {
	b := &Build{s: newState(cfg, opts)}
	for _, st := range Stages {
		st.Run(b.s)
		if b.s.diags.HasErrors() {
			b.stopped = st.Name
			break
		}
	}
	return b
}

// Graph returns the graph the analyses may start on while the cables
// are planned, and whether the stages so far reported an error (only
// the structural checks' errors leave a graph): nil when one stopped
// the stages before the checks. Finish may still return a nil graph, if
// the cable plan reports an error; what was computed on this one is
// then to be dropped.
func (b *Build) Graph() (*ir.Graph, bool) {
	switch b.stopped {
	case "":
		return b.s.g, false
	case "checks":
		return b.s.g, true
	}
	return nil, true
}

// CablesFail waits until the cable plan knows whether it reports an
// error, which it does once every cable has its medium (the passes over
// the cages after that report none), and reports whether it does: then
// Finish returns no graph, and analyses of Graph's would be thrown away.
// false when no plan was started.
func (b *Build) CablesFail() bool {
	if b.s.cablesJudged == nil {
		return false
	}
	<-b.s.cablesJudged
	return b.s.cablesFail
}

// Finish waits for the cable plan and returns the graph, nil when an
// error stopped compilation, and every stage's diagnostics in stage
// order: the cable plan's where the cabling stage ran. A cable plan
// error stops compilation there, as a stage's error does, so the
// diagnostics of the stages after it are dropped.
func (b *Build) Finish() (*ir.Graph, hcl.Diagnostics) {
	s := b.s
	s.g.WaitCabling()
	diags := s.diags
	if s.cableDiags != nil {
		diags = slices.Concat(s.diags[:s.cablesAt], s.cableDiags, s.diags[s.cablesAt:])
		if s.cableDiags.HasErrors() {
			return nil, collapseRepeats(diags[:s.cablesAt+len(s.cableDiags)])
		}
	}
	if b.stopped != "" && b.stopped != "checks" {
		return nil, collapseRepeats(diags)
	}
	return s.g, collapseRepeats(diags)
}

// newState returns the stages' shared state for cfg before the first
// stage, with opts' limits defaulted.
func newState(cfg *lang.Config, opts Options) *state {
	if opts.MaxEndpoints <= 0 {
		opts.MaxEndpoints = DefaultMaxEndpoints
	}
	if opts.MaxElements <= 0 {
		opts.MaxElements = DefaultMaxElements
	}
	return &state{cfg: cfg, opts: opts, g: ir.New(), groups: map[string]*serverGroup{}, unevenTotals: map[unevenKey]bool{}, fixedRack: map[ir.NodeID]hcl.Range{}}
}

// collapseRepeats merges diagnostics that say the same thing at the same
// place (one per instance of a block with count = 1,000,000 would bury the
// report and cost memory): the first is kept, with the number of repeats
// added to its detail. Order is otherwise unchanged.
func collapseRepeats(ds hcl.Diagnostics) hcl.Diagnostics {
	if len(ds) < 2 {
		return ds
	}
	type key struct {
		code, summary, where string
		sev                  hcl.DiagnosticSeverity
	}
	index := map[key]int{}
	repeats := map[int]int{}
	out := ds[:0:0]
	for _, d := range ds {
		k := key{code: string(diag.CodeOf(d)), summary: d.Summary, sev: d.Severity}
		if d.Subject != nil {
			k.where = d.Subject.String()
		}
		if i, ok := index[k]; ok {
			repeats[i]++
			continue
		}
		index[k] = len(out)
		out = append(out, d)
	}
	for i, n := range repeats {
		c := *out[i]
		c.Detail = fmt.Sprintf("%s (and %d more like this from the same place)", c.Detail, n)
		out[i] = &c
	}
	return out
}

// warnEmpty warns about a design with nothing to build (an empty file, or
// only variables and models), which is almost always a wrong path.
func warnEmpty(s *state) {
	if len(s.cfg.Fabrics) == 0 && len(s.cfg.NodeGroups) == 0 {
		var rng hcl.Range
		empty := true // every file of the design is empty
		for name, f := range s.cfg.Files {
			if name == lang.BuiltinFilename {
				continue
			}
			empty = empty && len(bytes.TrimSpace(f.Bytes)) == 0
			if rng.Filename == "" || name < rng.Filename {
				rng = hcl.Range{Filename: name, Start: hcl.Pos{Line: 1, Column: 1}, End: hcl.Pos{Line: 1, Column: 1}}
			}
		}
		what := "The design declares no fabric and no node_group"
		if empty && rng.Filename != "" {
			what = "The design's files are empty" // trial 56: the snippet alone showed nothing
		}
		s.diags = append(s.diags, diag.Warning(diag.EmptyDesign, rng, "Nothing to build",
			what+"; add a fabric block, or check the path."))
	}
}
