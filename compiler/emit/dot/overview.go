package dot

import (
	"math"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/topoc/topoc/compiler/ir"
	"github.com/topoc/topoc/lang/units"
)

// Colours of the diagrams, by level or kind. Chosen for contrast on white
// and in grey-scale print; a presentation choice.
const (
	colEndpoint = "#eceff1"
	colServer   = "#e3f2e1"
	colSwitch0  = "#dbe9f6"
	colSwitch1  = "#c6dbef"
	colSwitch2  = "#9ecae1"
	colSwitch3  = "#6baed6"
	colEdge     = "#5f6b73"
	fontName    = "Helvetica"
)

// switchColour returns the fill colour of switch tier level (1-based).
func switchColour(level int) string {
	switch level {
	case 1:
		return colSwitch0
	case 2:
		return colSwitch1
	case 3:
		return colSwitch2
	}
	return colSwitch3
}

// title is the first line of every diagram of a fabric.
func (ov *overview) title(what string) string {
	return "fabric \"" + ov.fab.Name + "\" (" + string(ov.fab.Family) + ") · " + what
}

// summary is the second line: what the fabric holds.
func (ov *overview) summary() string {
	return units.Count(len(ov.fab.Endpoints)) + " endpoints · " + units.CountOf(ov.switches, "switch", "switches") +
		" · " + units.Count(ov.links) + " links · " + rateLong(ov.capacity) + " per direction"
}

// groupLabel lists a group's unit and tier, member counts, rails, the
// components behind its endpoints, and its internal links.
func (ov *overview) groupLabel(gr *group, heat bool) []string {
	var lines []string
	head := ov.unitTitle(gr)
	if gr.key.plane >= 0 {
		head = strings.TrimPrefix(head+" · plane "+strconv.Itoa(int(gr.key.plane)), " · ")
	}
	switch {
	case ov.merged:
	case gr.switches:
		head = strings.TrimPrefix(head+" · "+gr.tier, " · ")
	case head == "" && len(gr.parts) > 0 && ov.fab.Composite():
		// Every other endpoint of a composite takes its switches' zone
		// (adoptUnit).
		head = "servers in several zones"
	case head == "" && len(gr.parts) > 0:
		head = "servers"
	case head == "":
		head = "hosts"
	}
	lines = append(lines, head)
	if gr.units > 1 {
		lines = append(lines, "("+strconv.Itoa(gr.units)+" "+gr.key.unit.kind+" units)")
	}
	lines = append(lines, countLines(gr.models)...)
	if rt := railText(gr.rails); rt != "" && gr.key.unit.kind != "rail" {
		lines = append(lines, rt)
	}
	if len(gr.parts) > 0 {
		lines = append(lines, "("+partsText(gr.parts)+")")
	}
	for _, k := range gr.internalKinds() {
		line := k.String() + ": " + gr.internal[k].text()
		if b := gr.internal[k]; heat && b.loaded > 0 {
			line += " · max " + percent(b.maxLoad)
		}
		lines = append(lines, line)
	}
	return lines
}

// internalKinds returns the link kinds inside group gr, sorted.
func (gr *group) internalKinds() []ir.LinkKind {
	kinds := make([]ir.LinkKind, 0, len(gr.internal))
	for k := range gr.internal {
		kinds = append(kinds, k)
	}
	ir.SortLinkKinds(kinds)
	return kinds
}

// hottestInside returns the bundle of links inside group gr with the
// highest load, or nil when none carries a load (ties: the first kind
// in order).
func (gr *group) hottestInside() *bundle {
	var hot *bundle
	for _, k := range gr.internalKinds() {
		if b := gr.internal[k]; b.loaded > 0 && (hot == nil || b.maxLoad > hot.maxLoad) {
			hot = b
		}
	}
	return hot
}

// partsText is "256 NICs" or "72 GPUs, 8 NICs", most numerous first.
func partsText(parts map[string]int) string {
	names := make([]string, 0, len(parts))
	for k := range parts {
		names = append(names, k)
	}
	sort.Slice(names, func(i, j int) bool {
		if parts[names[i]] != parts[names[j]] {
			return parts[names[i]] > parts[names[j]]
		}
		return names[i] < names[j]
	})
	out := make([]string, len(names))
	for i, k := range names {
		out[i] = units.CountOf(parts[k], k, k+"s")
	}
	return strings.Join(out, ", ")
}

// edgeList returns the bundles in a stable order.
func (ov *overview) edgeList() [][2]int {
	keys := make([][2]int, 0, len(ov.edges))
	for k := range ov.edges {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		if keys[i][0] != keys[j][0] {
			return keys[i][0] < keys[j][0]
		}
		return keys[i][1] < keys[j][1]
	})
	return keys
}

// overviewDOT draws the aggregated fabric: one node per group, one edge
// per bundle, tiers as ranks bottom-up (endpoints at the bottom). A
// dragonfly is drawn as its groups on a circle in index order (clockwise
// from the top, positions fixed for neato) with global bundles as
// chords. With heat set, edges are coloured and sized by the worst link
// load in the bundle.
func (ov *overview) overviewDOT(heat bool) (dot []byte, engine string) {
	what := "overview"
	if heat {
		what = "congestion heatmap"
	}
	failed := ov.failure != nil
	if failed {
		what = "what-if: " + ov.failure.Name + " fails"
	}
	graphLines := []string{ov.title(what), ov.summary()}
	if t := ov.fab.Transit.Names(); len(t) > 0 {
		// The groups a rail-only or multi-plane fabric draws apart meet
		// inside the servers, which no edge shows (audit of issue 12).
		graphLines = append(graphLines, "server_transit "+strings.Join(t, ", ")+": the groups drawn apart here also meet inside the servers")
	}
	if failed {
		graphLines = append(graphLines, failureLegend)
	}
	if heat && ov.heatFrom != "" {
		// A reader must know which traffic the colours show.
		graphLines = append(graphLines, "link load of "+ov.heatFrom+", the phase that loads the fabric most")
	}
	graphLines = append(graphLines, ov.folded...)
	engine = "dot"
	edges := ov.edgeList()
	labelEdges := true
	if ov.merged {
		engine = "neato"
		if len(edges) > 16 {
			// A complete graph of labelled chords is unreadable: say once
			// what the chords carry.
			labelEdges = false
			graphLines = append(graphLines, ov.chordSummary(edges))
		}
	}
	if heat {
		graphLines = append(graphLines, strings.Split(heatLegend, "\n")...)
		for _, gr := range ov.groups {
			if gr.hottestInside() != nil {
				graphLines = append(graphLines, insideLegend)
				break
			}
		}
	}
	ga := []attr{
		lbl(graphLines...), r("labelloc", "t"), r("fontsize", "16"), a("fontname", fontName),
		r("rankdir", "BT"), r("nodesep", "0.3"), r("ranksep", "0.9"), r("newrank", "true"), a("outputorder", "edgesfirst"),
	}
	if engine == "neato" {
		ga = append(ga, a("layout", "neato"), r("splines", "false"), r("overlap", "true"))
	}
	w := newWriter(ov.fab.Name+" "+what, ga...)
	w.defaults("node", a("shape", "box"), a("style", "rounded,filled"), a("fontname", fontName), r("fontsize", "11"), a("margin", "0.15,0.06"), a("color", "#37474f"))
	w.defaults("edge", a("dir", "none"), a("fontname", fontName), r("fontsize", "9"), a("color", colEdge), a("fontcolor", "#263238"))
	byLevel := map[int][]string{}
	var levels []int
	var ring circle // the neato layout: groups on a circle, chord labels placed
	if engine == "neato" {
		arc := 0.0 // the widest label's width, inches, for a circle's spacing
		lines := make([]int, len(ov.groups))
		for i, gr := range ov.groups {
			label := ov.groupLabel(gr, heat)
			lines[i] = len(label) + 1 // a what-if adds a line
			for _, line := range label {
				arc = math.Max(arc, labelInches(line))
			}
		}
		var chords []chord
		if labelEdges {
			for _, k := range edges {
				chords = append(chords, chord{k, strings.Split(edgeText(ov.edges[k], heat, failed), "\n")})
			}
		}
		ring = newCircle(len(ov.groups), arc, lines, chords)
	}
	for _, gr := range ov.groups {
		id := "g" + strconv.Itoa(gr.id)
		fill := colEndpoint
		if gr.switches {
			fill = switchColour(gr.key.level)
		} else if len(gr.parts) > 0 {
			fill = colServer
		}
		label := ov.groupLabel(gr, heat)
		attrs := []attr{}
		// A heatmap colours a group's outline by the links inside it
		// (a dragonfly group's local links), where its hottest link may
		// be, as the edges are coloured by the links between groups.
		if hot := gr.hottestInside(); heat && hot != nil {
			col, _ := heatColour(hot)
			attrs = append(attrs, a("color", col), r("penwidth", "3"))
		}
		if failed && gr.failed > 0 {
			label = append(label, units.Count(gr.failed)+" of "+units.Count(gr.members)+" failed")
			attrs = append(attrs, a("color", colFailed), r("penwidth", "3"))
		}
		attrs = append(attrs, lbl(label...), a("fillcolor", fill))
		if engine == "neato" {
			attrs = append(attrs, a("pos", ring.pos(gr.id)))
		}
		if gr.key.unit.index == elided {
			attrs = append(attrs, a("style", "rounded,filled,dashed"))
		}
		w.node(id, attrs...)
		if _, ok := byLevel[gr.key.level]; !ok {
			levels = append(levels, gr.key.level)
		}
		byLevel[gr.key.level] = append(byLevel[gr.key.level], id)
	}
	if engine == "dot" {
		for _, l := range levels {
			w.sameRank(byLevel[l])
		}
	}
	var maxTotal float64
	for _, k := range edges {
		maxTotal = math.Max(maxTotal, ov.edges[k].total)
	}
	for _, k := range edges {
		b := ov.edges[k]
		from, to := ov.groups[k[0]], ov.groups[k[1]]
		attrs := []attr{}
		text := edgeText(b, heat, failed)
		width := 1 + 3*b.total/maxTotal
		if engine == "neato" {
			width = 0.8 + 1.7*b.total/maxTotal // chords of a complete graph: thinner
		}
		if heat {
			col, _ := heatColour(b)
			attrs = append(attrs, a("color", col))
			if b.loaded > 0 {
				width = 1 + 5*math.Min(b.maxLoad, 1.2)/1.2
			}
		}
		if failed {
			if b.failed > 0 {
				attrs = append(attrs, a("color", colFailed), a("style", "dashed"))
			} else {
				attrs = append(attrs, a("color", colIntact))
			}
		}
		switch {
		case labelEdges && engine == "neato":
			// A pinned text node where the label meets nothing else
			// (chords.go), not the edge's own label at its midpoint.
			lines := strings.Split(text, "\n")
			x, y := ring.labels[k][0], ring.labels[k][1]
			w.node("c"+strconv.Itoa(from.id)+"_"+strconv.Itoa(to.id), a("shape", "plaintext"), a("style", ""), r("fontsize", "9"),
				a("fontcolor", "#263238"), r("margin", "0"), a("pos", pinned(x, y)), lbl(lines...))
		case labelEdges:
			attrs = append(attrs, lbl(strings.Split(text, "\n")...))
		}
		attrs = append(attrs, r("penwidth", strconv.FormatFloat(math.Round(width*10)/10, 'f', -1, 64)))
		if from.key.level == to.key.level && engine == "dot" {
			attrs = append(attrs, r("constraint", "false"))
		}
		w.edge("g"+strconv.Itoa(from.id), "g"+strconv.Itoa(to.id), attrs...)
	}
	return w.bytes(), engine
}

// edgeText is a bundle's label: its links, with the heatmap's loads and
// the what-if's links down.
func edgeText(b *bundle, heat, failed bool) string {
	// The total on a line of its own: side by side, the labels of the
	// bundles leaving one node ran into each other ("…51.2Tb/s64 × 800G").
	text := strings.Replace(b.text(), " = ", "\n= ", 1)
	if heat {
		if b.loaded > 0 {
			text += "\nmax " + percent(b.maxLoad) + " · mean " + percent(b.sumLoad/float64(b.loaded))
		} else {
			text += "\nno load"
		}
	}
	if failed && b.failed > 0 {
		text += "\n" + units.Count(b.failed) + " of " + units.Count(b.links) + " down"
	}
	return text
}

// labelInches estimates the width of a node's label line at the
// overview's 11-point font, inches: about 0.085 inch a character (half
// an em of Helvetica at 11 pt is 0.076 inch) and the node's margins. An
// estimate for spacing, not a measurement: Graphviz measures at layout.
func labelInches(line string) float64 {
	return 0.085*float64(utf8.RuneCountInString(line)) + 0.1
}

// chordSummary describes unlabelled chords: "36 group pairs joined, each
// by 1 × 200G" or, when bundles differ, the distinct bundles with counts.
func (ov *overview) chordSummary(edges [][2]int) string {
	count := map[string]int{}
	for _, k := range edges {
		count[ov.edges[k].text()]++
	}
	if len(count) == 1 {
		for t := range count {
			return "global links: " + units.Count(len(edges)) + " drawn pairs, each " + t
		}
	}
	return "global links between drawn pairs: " + strings.Join(countLines(count), ", ")
}

// failureLegend explains a what-if overview's marks; colFailed and
// colIntact are its colours (a presentation choice).
const failureLegend = "red outline: devices that fail · red dashed: bundles with links down · grey: intact"

const (
	colFailed = "#d73027"
	colIntact = "#b0bec5"
)

// heatLegend explains the heatmap colours.
const heatLegend = "edge colour and width: worst link load ÷ capacity in the bundle\n" +
	"green < 50% · yellow < 90% · orange up to 100% (at line rate) · red > 100% (oversubscribed: flows slow down)"

// insideLegend explains a heatmap's group outlines, drawn where links
// inside a group carry load.
const insideLegend = "group outline: the same colours for the worst link inside the group (its max per link kind in the label)"

// heatColour maps a bundle's worst load to a colour (the bins of
// heatLegend, a presentation choice) and names the bin. A load of exactly
// 1 is a link at line rate, not congestion: red starts above 1 + 1e-9,
// the tolerance docs/reference/design-brief.md uses for full bisection.
func heatColour(b *bundle) (colour, bin string) {
	switch m := b.maxLoad; {
	case b.loaded == 0:
		return "#b0bec5", "none"
	case m < 0.5:
		return "#1a9850", "green"
	case m < 0.9:
		return "#d9b300", "yellow"
	case m <= 1+1e-9:
		return "#f46d43", "orange"
	}
	return "#d73027", "red"
}

// percent formats a load ratio as "87%" (three significant digits).
func percent(x float64) string { return sig3(100*x) + "%" }
