package eval

import (
	"errors"
	"fmt"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/function"
	"gonum.org/v1/gonum/graph"
	"gonum.org/v1/gonum/graph/simple"
	"gonum.org/v1/gonum/graph/topo"

	"github.com/topoc/topoc/lang/diag"
)

// local is one local value being evaluated.
type local struct {
	attr   *hcl.Attribute
	deps   []int // indexes of the locals it refers to, in order of reference
	failed bool  // it has an error, or uses something that has one
}

// evaluateLocals evaluates locals in dependency order. The order comes
// from gonum's topological sort of the graph whose edges run from each
// local to the locals that use it; its strongly connected components are
// the cycles.
func evaluateLocals(attrs []*hcl.Attribute, vars *varSet, funcs map[string]function.Function) (map[string]cty.Value, hcl.Diagnostics) {
	var diags hcl.Diagnostics
	var ls []*local
	index := map[string]int{}
	for _, at := range attrs {
		if i, dup := index[at.Name]; dup {
			diags = append(diags, diag.Error(diag.DuplicateName, at.NameRange, fmt.Sprintf("Duplicate local %q", at.Name),
				fmt.Sprintf("local.%s was already defined at %s. Names of locals must be unique across all locals blocks; rename or remove one.",
					at.Name, ls[i].attr.NameRange.String())))
			continue
		}
		index[at.Name] = len(ls)
		ls = append(ls, &local{attr: at})
	}

	sc := namesScope(map[string][]string{"var": vars.names(), "local": sortedKeys(index)})
	for i, l := range ls {
		for _, tr := range l.attr.Expr.Variables() {
			if d := checkTraversal(tr, sc); d != nil {
				diags = append(diags, d)
				l.failed = true
				continue
			}
			name, _, _ := refName(tr)
			switch tr.RootName() {
			case "var":
				if vars.failed(name) {
					l.failed = true
				}
			case "local":
				j := index[name]
				if j == i {
					diags = append(diags, diag.Error(diag.LocalCycle, l.attr.NameRange, "Local value refers to itself",
						fmt.Sprintf("local.%s → local.%s: local.%s uses its own value, so it cannot be computed. Remove the reference.", name, name, name)))
					l.failed = true
					continue
				}
				l.deps = append(l.deps, j)
			}
		}
	}

	g := simple.NewDirectedGraph()
	for i := range ls {
		g.AddNode(simple.Node(i))
	}
	for i, l := range ls {
		for _, j := range l.deps {
			g.SetEdge(g.NewEdge(simple.Node(j), simple.Node(i)))
		}
	}
	order, err := topo.SortStabilized(g, nil)
	var cycles topo.Unorderable
	if errors.As(err, &cycles) {
		for _, comp := range cycles {
			diags = append(diags, cycleDiag(ls, comp))
		}
	}

	vals := make(map[string]cty.Value, len(ls))
	for _, l := range ls {
		vals[l.attr.Name] = cty.DynamicVal
	}
	varObj := objectOf(vars.values())
	for _, n := range order {
		if n == nil {
			continue // a cycle, reported above
		}
		l := ls[n.ID()]
		scope := make(map[string]cty.Value, len(l.deps))
		for _, j := range l.deps {
			if ls[j].failed {
				l.failed = true
			}
			scope[ls[j].attr.Name] = vals[ls[j].attr.Name]
		}
		if l.failed {
			continue
		}
		ctx := &hcl.EvalContext{
			Variables: map[string]cty.Value{"var": varObj, "local": objectOf(scope)},
			Functions: funcs,
		}
		v, d := l.attr.Expr.Value(ctx)
		diags = append(diags, evalDiags(d)...)
		if d.HasErrors() {
			l.failed = true
			continue
		}
		if valueSize(v, MaxValueSize) > MaxValueSize {
			diags = append(diags, diag.Error(diag.ExpansionLimit, l.attr.Expr.Range(), "Value too large",
				fmt.Sprintf("local.%s is larger than %d bytes and elements; a value that grows like this (each local doubling the last, say) would exhaust memory. Check the expression.", l.attr.Name, MaxValueSize)))
			l.failed = true
			continue
		}
		vals[l.attr.Name] = v
	}
	return vals, diags
}

// cycleDiag reports one cycle of locals at the first declared of them,
// naming a shortest cycle through it and any other locals caught up in
// the same knot. It marks them all failed.
func cycleDiag(ls []*local, comp []graph.Node) *hcl.Diagnostic {
	in := map[int]bool{}
	first := int(comp[0].ID())
	for _, n := range comp {
		id := int(n.ID())
		in[id] = true
		ls[id].failed = true
		if id < first {
			first = id
		}
	}
	path := cyclePath(ls, in, first)
	names := make([]string, len(path))
	onPath := map[int]bool{}
	for i, id := range path {
		names[i] = "local." + ls[id].attr.Name
		onPath[id] = true
	}
	detail := strings.Join(names, " → ") + ": each of these uses the next, so none of them can be computed. Remove one of the references."
	var others []string
	for id := range ls {
		if in[id] && !onPath[id] {
			others = append(others, "local."+ls[id].attr.Name)
		}
	}
	if len(others) > 0 {
		detail += " The cycle also involves " + strings.Join(others, ", ") + "."
	}
	return diag.Error(diag.LocalCycle, ls[first].attr.NameRange, "Cycle in local values", detail)
}

// cyclePath returns a shortest path start → ... → start along
// references, staying inside the component in.
func cyclePath(ls []*local, in map[int]bool, start int) []int {
	prev := map[int]int{start: -1}
	queue := []int{start}
	for len(queue) > 0 {
		n := queue[0]
		queue = queue[1:]
		for _, m := range ls[n].deps {
			if m == start {
				var path []int
				for x := n; x != -1; x = prev[x] {
					path = append(path, x)
				}
				for i, j := 0, len(path)-1; i < j; i, j = i+1, j-1 {
					path[i], path[j] = path[j], path[i]
				}
				return append(path, start)
			}
			if _, seen := prev[m]; !seen && in[m] {
				prev[m] = n
				queue = append(queue, m)
			}
		}
	}
	return []int{start, start} // unreachable for a strongly connected component
}
