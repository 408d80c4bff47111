package lang

import (
	"fmt"
	"runtime"
	"sync"
	"sync/atomic"

	"github.com/hashicorp/hcl/v2"
	"github.com/zclconf/go-cty/cty"

	"github.com/topoc/topoc/lang/diag"
	"github.com/topoc/topoc/lang/eval"
	"github.com/topoc/topoc/lang/units"
)

var nodeGroupSchema = schemaOf([]string{"model", "count", "name", "hostname"}, hcl.BlockHeaderSchema{Type: "rack"})

var rackSchema = schemaOf([]string{"per_rack", "first", "power_budget"})

// decodeNodeGroup decodes `node_group "dgx" { model, count, name,
// hostname, rack {} }`. name and hostname are templates evaluated once per
// server with count.index in scope; without name servers are "<group><i>"
// zero-padded, and without hostname they have no host name of their own.
func decodeNodeGroup(b *hcl.Block, ctx *hcl.EvalContext, budget *eval.Budget, diags *hcl.Diagnostics) *NodeGroup {
	c := content(b, nodeGroupSchema, diags)
	a := newAttrs(c, ctx, b.DefRange)
	g := &NodeGroup{Name: b.Labels[0], DeclRange: b.DefRange, Model: a.str("model"), Count: a.int("count")}
	requireSet(a, "model", g.Model.Set, "node_group")
	if !g.Count.Set {
		if _, ok := a.get("count"); !ok {
			g.Count = Val[int64]{V: 1, Range: b.DefRange}
		}
	}
	*diags = append(*diags, a.diags...)
	if g.Count.V < 0 {
		*diags = append(*diags, diag.Error(diag.InvalidValue, g.Count.Range, "Negative count",
			fmt.Sprintf("count is %d; a node group holds zero or more servers.", g.Count.V)))
		return g
	}
	if !spend(ctx, g.Count.V) {
		*diags = append(*diags, expansionLimit(g.Count.Range, "node_group count", g.Count.V))
		return g
	}
	for _, blk := range c.Blocks {
		ra := newAttrs(content(blk, rackSchema, diags), ctx, blk.DefRange)
		g.PerRack, g.FirstRack, g.RackPowerW = ra.int("per_rack"), ra.int("first"), ra.power("power_budget")
		if g.RackPowerW.Set && g.RackPowerW.V <= 0 {
			ra.diags = append(ra.diags, diag.Error(diag.InvalidValue, g.RackPowerW.Range, "power_budget out of range",
				fmt.Sprintf("power_budget = %q; a rack's power budget is above zero watts (\"40kW\").", units.Power(g.RackPowerW.V))))
			g.RackPowerW = Val[float64]{}
		}
		*diags = append(*diags, ra.diags...)
		checkRacks(g, diags)
	}
	nameAttr, templated := c.Attributes["name"]
	hostAttr, hosted := c.Attributes["hostname"]
	n := int(g.Count.V)
	// nameOf is server i's name: name from the template, or the
	// group's default.
	nameOf := func(i int, name string) Val[string] {
		if templated {
			return Val[string]{V: name, Range: nameAttr.Expr.Range(), Set: true}
		}
		return Val[string]{V: defaultServerName(g.Name, i, n), Range: b.DefRange, Set: true}
	}
	if !templated && !hosted {
		for i := range n {
			g.Names = append(g.Names, nameOf(i, ""))
		}
		return g
	}
	// server evaluates server i's name and host name ("" where not
	// templated). References are checked on server 0: every other
	// one's context has the same names, count.index another value.
	// Templates of count.index alone are compiled once and evaluated in
	// Go (eval.CompileIndexTemplate: HCL's own strings, at a fraction of
	// the cost); server 0, which checks references, and any value the
	// subset declines go through HCL.
	var fastName, fastHost *eval.IndexTemplate
	if templated {
		fastName, _ = eval.CompileIndexTemplate(nameAttr.Expr, ctx)
	}
	if hosted {
		fastHost, _ = eval.CompileIndexTemplate(hostAttr.Expr, ctx)
	}
	server := func(i int) (name, host string, named bool, diags hcl.Diagnostics) {
		var child *hcl.EvalContext
		childCtx := func() *hcl.EvalContext {
			if child == nil {
				child = eval.Child(ctx, map[string]cty.Value{"count": cty.ObjectVal(map[string]cty.Value{"index": cty.NumberIntVal(int64(i))})})
			}
			return child
		}
		str := eval.StringChecked
		if i == 0 {
			str = eval.String
		}
		eval1 := func(fast *eval.IndexTemplate, expr hcl.Expression) (string, hcl.Diagnostics) {
			if fast != nil && i > 0 {
				if s, ok := fast.String(int64(i)); ok {
					return s, nil
				}
			}
			return str(expr, childCtx())
		}
		if templated {
			s, d := eval1(fastName, nameAttr.Expr)
			if d.HasErrors() {
				return "", "", false, d
			}
			// Checked as each name is made, not after all are:
			// 100,000 names of megabytes each would be built before
			// the compiler's check.
			if len(s) > 4*MaxNameLen {
				return "", "", false, hcl.Diagnostics{CheckName("server name", s, nameAttr.Expr.Range())}
			}
			name = s
		}
		if hosted {
			h, d := eval1(fastHost, hostAttr.Expr)
			if d.HasErrors() {
				return name, "", true, d
			}
			if d := CheckHostname(h, i, hostAttr.Expr.Range()); d != nil {
				return name, "", true, hcl.Diagnostics{d}
			}
			host = h
		}
		return name, host, true, nil
	}
	add := func(i int, name, host string) {
		g.Names = append(g.Names, nameOf(i, name))
		if hosted {
			g.Hostnames = append(g.Hostnames, Val[string]{V: host, Range: hostAttr.Expr.Range(), Set: true})
		}
	}
	if names, hosts, ok := serversInParallel(n, budget, server); ok {
		for i := range n {
			add(i, names[i], hosts[i])
		}
		return g
	}
	for i := range n {
		name, host, named, d := server(i)
		if d.HasErrors() {
			// As far as it got: a failed host name leaves the name.
			if named {
				g.Names = append(g.Names, nameOf(i, name))
			}
			*diags = append(*diags, d...)
			return g
		}
		add(i, name, host)
	}
	return g
}

// parallelServers is the least node group whose name templates
// serversInParallel evaluates on several cores: below it the goroutines
// save less than they cost to start. A tuning constant, not a model.
const parallelServers = 1024

// serversInParallel evaluates server(i) (name, host name, whether the
// name was made, diagnostics) for i = 0 … n−1 on GOMAXPROCS
// goroutines, server 0 first (it checks references), and returns the
// names and host names when every one succeeded. HCL's evaluation of one
// expression in separate child contexts reads shared state only, and
// the budget is safe for concurrent use. On any error it returns false
// with the budget back where it was, for the caller to evaluate the
// servers in order: which server fails first, and which step spends the
// budget, must not depend on timing. Small groups, one core or no
// budget: false at once.
func serversInParallel(n int, budget *eval.Budget, server func(i int) (string, string, bool, hcl.Diagnostics)) (names, hosts []string, ok bool) {
	workers := runtime.GOMAXPROCS(0)
	if n < parallelServers || workers < 2 || budget == nil {
		return nil, nil, false
	}
	saved := budget.State()
	names, hosts = make([]string, n), make([]string, n)
	var failed atomic.Bool
	do := func(i int) {
		name, host, _, d := server(i)
		if d.HasErrors() {
			failed.Store(true)
		}
		names[i], hosts[i] = name, host
	}
	if do(0); !failed.Load() {
		var wg sync.WaitGroup
		chunk := (n - 1 + workers - 1) / workers
		for lo := 1; lo < n; lo += chunk {
			wg.Go(func() {
				for i := lo; i < min(lo+chunk, n) && !failed.Load(); i++ {
					do(i)
				}
			})
		}
		wg.Wait()
	}
	if failed.Load() {
		budget.Reset(saved)
		return nil, nil, false
	}
	return names, hosts, true
}

// indexed mirrors gen.Indexed (lang may not import the compiler).
// defaultServerName names server i of n of a group without a name
// template: the group's name and the index ("dgx07"), with a hyphen
// between where the name ends in a digit, which would otherwise run into
// the index (group "h100": "h100-0", not "h1000").
func defaultServerName(group string, i, n int) string {
	if group != "" && group[len(group)-1] >= '0' && group[len(group)-1] <= '9' {
		group += "-"
	}
	return indexed(group, i, n)
}

func indexed(role string, i, n int) string {
	w := len(fmt.Sprint(max(n-1, 0)))
	return fmt.Sprintf("%s%0*d", role, w, i)
}

// checkRacks refuses a rack block whose servers would not fit racks
// numbered 0 to MaxRack-1: per_rack below 1, first below 0, or a last
// rack (first + (count-1)/per_rack) at MaxRack or above. The bad values
// are set to unset, so the compiler places the servers by default.
func checkRacks(g *NodeGroup, diags *hcl.Diagnostics) {
	if g.PerRack.Set && g.PerRack.V < 1 {
		*diags = append(*diags, diag.Error(diag.InvalidValue, g.PerRack.Range, "per_rack out of range",
			fmt.Sprintf("per_rack = %d: a rack holds one server or more.", g.PerRack.V)))
		g.PerRack = Val[int64]{}
	}
	if g.FirstRack.Set && (g.FirstRack.V < 0 || g.FirstRack.V >= MaxRack) {
		*diags = append(*diags, diag.Error(diag.InvalidValue, g.FirstRack.Range, "first out of range",
			fmt.Sprintf("first = %d: racks are numbered from 0 and stay below %d.", g.FirstRack.V, MaxRack)))
		g.FirstRack = Val[int64]{}
		return
	}
	if g.FirstRack.Set && g.PerRack.Set && g.Count.V > 0 {
		if last := g.FirstRack.V + (g.Count.V-1)/g.PerRack.V; last >= MaxRack {
			*diags = append(*diags, diag.Error(diag.InvalidValue, g.FirstRack.Range, "Racks out of range",
				fmt.Sprintf("first = %d with %d servers at %d per rack ends at rack %d; racks stay below %d.", g.FirstRack.V, g.Count.V, g.PerRack.V, last, MaxRack)))
			g.FirstRack = Val[int64]{}
		}
	}
}
