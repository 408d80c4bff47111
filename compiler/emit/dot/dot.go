// Package dot draws the compiled design as Graphviz DOT views, the
// source of every diagram (`topoc build --emit dot`; the svg and png
// artifacts are these views laid out by compiler/emit/graphviz):
//
//   - per fabric, an overview that stays readable at any size: units
//     (pods, scalable units, dragonfly groups, rails, planes) drawn as one
//     node per tier, parallel links as one edge labelled like
//     "32 × 400G = 12.8Tb/s", tiers as ranks bottom-up; beyond MaxUnits
//     units of a kind the middle ones are folded into one node;
//   - per fabric, a congestion heatmap of the same overview when link
//     loads are known (edge colour and width by the worst load);
//   - per fabric, a detail view of one unit of each shape (the first pod,
//     scalable unit or group, and any unit built differently), node by
//     node;
//   - per server model, one server's internals: GPUs, NVSwitches, PCIe
//     switches, NICs, CPUs and the links between them.
//
// Layout cost is why the views aggregate: Graphviz dot took 1.2 s at 1.3k
// nodes and 230 s at 9.5k (docs/reference/design-brief.md), so no view here grows with the
// fabric. Views are built from the IR's slices in order and every map is
// sorted before output, so the same graph gives the same bytes.
package dot

import (
	"fmt"
	"strconv"

	"github.com/topoc/topoc/compiler/emit"
	"github.com/topoc/topoc/compiler/ir"
)

// View is one diagram: its artifact path without extension
// ("diagrams/compute/overview"), the Graphviz layout engine it is meant
// for ("dot", or "neato" with fixed positions for a dragonfly's circle;
// also set in the text as the layout attribute, so the Graphviz command
// line picks it), and its DOT text.
type View struct {
	Path   string
	Engine string
	DOT    []byte
}

// Dir is the directory of all diagram artifacts.
const Dir = "diagrams"

// Views returns every view of in.Graph, in a stable order: for each
// fabric its overview, heatmap (when in.LinkLoads puts load on one of its
// links), what-if,
// grid (a torus or mesh, torusGrid) and unit details, then one view per
// server model. A LinkLoads slice whose length
// is neither 0 nor the number of links is an error.
func Views(in *emit.Input) ([]View, error) {
	g := in.Graph
	if g == nil {
		return nil, fmt.Errorf("diagrams: no graph to draw")
	}
	loads := in.LinkLoads
	if len(loads) == 0 {
		loads = nil
	} else if len(loads) != g.NumLinks() {
		return nil, fmt.Errorf("diagrams: %d link loads for %d links", len(loads), g.NumLinks())
	}
	var loaded []bool // per fabric: the shown phase puts load on one of its links
	if loads != nil {
		loaded = loadedFabrics(g, loads)
	}
	var views []View
	used := map[string]bool{}
	// unique makes a path unique among the views: two design names that
	// SafeName maps to the same file name ("a b", "a_b") get "-2", "-3".
	unique := func(p string) string {
		q := p
		for i := 2; used[q]; i++ {
			q = p + "-" + strconv.Itoa(i)
		}
		used[q] = true
		return q
	}
	for f := range g.Fabrics {
		ov := aggregate(g, ir.FabricID(f), loads)
		if len(ov.groups) == 0 {
			continue
		}
		dir := unique(Dir+"/"+emit.SafeName(g.Fabrics[f].Name)) + "/"
		text, engine := ov.overviewDOT(false)
		views = append(views, View{Path: unique(dir + "overview"), Engine: engine, DOT: text})
		if loads != nil && loaded[f] {
			ov.heatFrom = in.LinkLoadsFrom
			text, engine := ov.overviewDOT(true)
			views = append(views, View{Path: unique(dir + "heatmap"), Engine: engine, DOT: text})
		}
		if fl := in.Failure; fl != nil && len(fl.Nodes) == len(g.Nodes) && len(fl.Links) == g.NumLinks() {
			fo := aggregate(g, ir.FabricID(f), nil)
			if fo.markFailure(fl) {
				text, engine := fo.overviewDOT(false)
				views = append(views, View{Path: unique(dir + "whatif"), Engine: engine, DOT: text})
			}
		}
		if d, ok := ov.torusGrid(); ok {
			views = append(views, View{Path: unique(dir + d.name), Engine: "neato", DOT: d.dot})
		}
		for _, d := range ov.unitDetails() {
			// A unit named like a view ("overview") keeps its own file.
			views = append(views, View{Path: unique(dir + emit.SafeName(d.name)), Engine: "dot", DOT: d.dot})
		}
	}
	for _, m := range modelViews(g) {
		views = append(views, View{Path: unique(Dir + "/models/" + emit.SafeName(m.name)), Engine: "dot", DOT: m.dot})
	}
	return views, nil
}

// loadedFabrics reports, per fabric, whether the traffic loads shows puts
// any load on one of its links, in one pass over the links: a heatmap of
// a fabric the workload does not use would read 0% on every link, as if
// it were drawn for that fabric (trial 34).
func loadedFabrics(g *ir.Graph, loads []float64) []bool {
	out := make([]bool, len(g.Fabrics))
	for id, l := range g.AllLinks() {
		if l.Fabric >= 0 && int(l.Fabric) < len(out) && loads[id] > 0 {
			out[l.Fabric] = true
		}
	}
	return out
}

// Emitter is the `--emit dot` back end: one .dot file per view.
var Emitter = &emit.Emitter{
	Name: "dot",
	Doc:  "Graphviz DOT source of every diagram (" + Dir + "/**/*.dot): overviews, unit and server-model details, heatmaps",
	Emit: func(in *emit.Input) ([]emit.Artifact, error) {
		views, err := Views(in)
		if err != nil {
			return nil, err
		}
		arts := make([]emit.Artifact, len(views))
		for i, v := range views {
			arts[i] = emit.Artifact{Path: v.Path + ".dot", Data: v.DOT}
		}
		return arts, nil
	},
}
