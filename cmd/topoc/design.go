package main

import (
	"flag"
	"fmt"
	"slices"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/spf13/cobra"

	"github.com/topoc/topoc/analyzers/all"
	"github.com/topoc/topoc/analyzers/analysis"
	"github.com/topoc/topoc/analyzers/inventory"
	"github.com/topoc/topoc/analyzers/requirements"
	"github.com/topoc/topoc/analyzers/results"
	"github.com/topoc/topoc/compiler"
	"github.com/topoc/topoc/compiler/emit"
	"github.com/topoc/topoc/compiler/ir"
	"github.com/topoc/topoc/lang"
	"github.com/topoc/topoc/lang/diag"
)

// designFlags are the flags shared by every command that loads a design.
type designFlags struct {
	vars         []string
	varFiles     []string
	maxEndpoints int64
	maxElements  int64
}

func (f *designFlags) register(c *cobra.Command) {
	c.Flags().StringArrayVar(&f.vars, "var", nil, "set a variable: --var name=value (repeatable)")
	c.Flags().StringArrayVar(&f.varFiles, "var-file", nil, "read variables from an HCL file of name = value lines (repeatable)")
	c.Flags().Int64Var(&f.maxEndpoints, "max-endpoints", compiler.DefaultMaxEndpoints, "refuse designs with more endpoints than this")
	c.Flags().Int64Var(&f.maxElements, "max-elements", compiler.DefaultMaxElements, "refuse designs with more nodes and links than this (about 170 bytes of memory each)")
	registerAnalyzerFlags(c, all.Analyzers)
}

// registerAnalyzerFlags surfaces flag F of each analyzer A as --A.F, the
// convention of go/analysis drivers (-A.F there): setting it sets the
// analyzer's own option before it runs.
func registerAnalyzerFlags(c *cobra.Command, as []*analysis.Analyzer) {
	for _, a := range as {
		a.Flags.VisitAll(func(f *flag.Flag) {
			c.Flags().Var(optionFlag{f.Value}, a.Name+"."+f.Name, f.Usage)
		})
	}
}

// optionFlag adapts a standard flag.Value to the CLI's flag library.
type optionFlag struct{ flag.Value }

// Type names the value's kind in --help.
func (optionFlag) Type() string { return "string" }

// compiled is a loaded and compiled design with its diagnostics, sorted.
type compiled struct {
	cfg   *lang.Config
	graph *ir.Graph
	diags hcl.Diagnostics
	// build is the compilation start left running, until finish; and
	// stageErrors whether its stages reported an error meanwhile.
	build       *compiler.Build
	stageErrors bool
	// handoffs are the hand-offs' name checks, run beside the analyses
	// (analyze) for preflight to report, once handoffsRan.
	handoffs    hcl.Diagnostics
	handoffsRan bool
	// results holds the analyzers' results once analyze has run.
	results *analysis.Results
	// reqs is the requirements analyzer that ran: requirements.Analyzer,
	// or requirements.Over the selection when --analyzers left it out.
	reqs *analysis.Analyzer
}

// validate reports flag values that are usage errors (exit 2) before any
// file is read.
func (f *designFlags) validate() error {
	for _, v := range f.vars {
		name, _, ok := strings.Cut(v, "=")
		if !ok || strings.TrimSpace(name) == "" {
			return fmt.Errorf("--var %q: want name=value, e.g. --var spines=8", v)
		}
	}
	if f.maxElements < 0 {
		return fmt.Errorf("--max-elements %d: want a positive number (0 means the default, %d)", f.maxElements, compiler.DefaultMaxElements)
	}
	if f.maxEndpoints < 0 {
		return fmt.Errorf("--max-endpoints %d: want a positive number (0 means the default, %d)", f.maxEndpoints, compiler.DefaultMaxEndpoints)
	}
	return nil
}

func (f *designFlags) compile(paths []string) compiled {
	c := f.start(paths)
	c.finish()
	return c
}

// start loads the design at paths and starts compiling it: the result's
// graph is what the analyses may start on while the compiler still
// plans the cables (compiler.Start), its diagnostics the load's alone
// until finish.
func (f *designFlags) start(paths []string) compiled {
	cfg, diags := lang.Load(paths, lang.Options{Vars: f.vars, VarFiles: f.varFiles})
	c := compiled{cfg: cfg, diags: diags}
	if diags.HasErrors() {
		diag.Sort(c.diags)
		return c
	}
	c.build = compiler.Start(cfg, compiler.Options{MaxEndpoints: f.maxEndpoints, MaxElements: f.maxElements})
	c.graph, c.stageErrors = c.build.Graph()
	return c
}

// finish waits for a compilation start left running and takes its graph
// (nil when the cable plan reported an error) and every diagnostic.
func (c *compiled) finish() {
	if c.build == nil {
		return
	}
	g, d := c.build.Finish()
	c.build, c.graph = nil, g
	c.diags = append(c.diags, d...)
	diag.Sort(c.diags)
}

// compileDesign is the start every command that reads one design shares:
// "." when no PATH is given, --format among formats, the design flags
// validated, the design compiled. On a usage error or a design that does
// not compile it prints why on c's stderr and returns the exitError to
// return (2 usage, else compiled.exitCode); the graph is then nil.
func (f *designFlags) compileDesign(c *cobra.Command, args []string, format string, formats ...string) (*ir.Graph, compiled, error) {
	if len(args) == 0 {
		args = []string{"."}
	}
	if !slices.Contains(formats, format) {
		fmt.Fprintf(c.ErrOrStderr(), "topoc: --format must be %s, not %q\n", strings.Join(formats, " or "), format)
		return nil, compiled{}, exitError{2}
	}
	if err := f.validate(); err != nil {
		fmt.Fprintln(c.ErrOrStderr(), "topoc:", err)
		return nil, compiled{}, exitError{2}
	}
	res := f.compile(args)
	if code := res.exitCode(); code != 0 {
		diag.WriteText(c.ErrOrStderr(), res.cfg.Files, res.diags, 0, false)
		return nil, res, exitError{code}
	}
	return res.graph, res, nil
}

// exitCode is 2 when an input could not be read (missing or too large),
// 1 on design errors.
func (c compiled) exitCode() int {
	for _, d := range c.diags {
		if c := diag.CodeOf(d); diag.SeverityOf(d) == diag.SevError && (c == diag.NoInput || c == diag.FileTooLarge) {
			return 2
		}
	}
	if c.diags.HasErrors() {
		return 1
	}
	return 0
}

// analyze runs the selected analyzers (the inventory always) on the
// compiled graph, adds their diagnostics, and returns the per-fabric
// report; nil when nothing compiled. A graph with errors gets only the
// inventory: analyses of a graph the compiler rejected would mislead.
func (c *compiled) analyze(selected []*analysis.Analyzer) ([]results.Fabric, error) {
	if c.graph == nil || c.build != nil && c.build.CablesFail() {
		// A cable plan that reports an error leaves no graph to analyse
		// (finish drops it); it knows so once its media are chosen,
		// well before the analyses would end.
		c.finish()
		return nil, nil
	}
	// Until finish, the cable plan's diagnostics are not in; if it
	// reports an error, finish drops the graph and what ran on it.
	hasErrors := c.diags.HasErrors() || c.stageErrors
	if hasErrors {
		selected = nil
	}
	c.reqs = requirements.Analyzer
	if !hasErrors && !slices.Contains(selected, requirements.Analyzer) && len(c.graph.Requirements) > 0 {
		// --analyzers left the requirements out: evaluate them over what
		// runs, so that one reading a result left out is invalid rather
		// than silently absent.
		c.reqs = requirements.Over(selected)
		selected = append(slices.Clone(selected), c.reqs)
	}
	// The hand-offs' name checks (preflight) read only names: they run
	// beside the analyses, on a core the analyses may leave free.
	handoffs := make(chan hcl.Diagnostics, 1)
	go func() { handoffs <- emit.PreflightDiagnostics(c.graph, emitters) }()
	res, err := analysis.Run(c.graph, append([]*analysis.Analyzer{inventory.Analyzer}, selected...))
	c.handoffs, c.handoffsRan = <-handoffs, true
	c.finish()
	if c.graph == nil {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	c.results = res
	c.diags = append(c.diags, res.Diagnostics...)
	diag.Sort(c.diags)
	return results.Fabrics(res.Of), nil
}

// preflight adds, as warnings, what the emitters of `topoc build`
// would refuse in a design that compiled clean (emit.PreflightDiagnostics:
// node names Slurm or Kubernetes take), so a design that checks clean
// builds (trial 68).
func (c *compiled) preflight() {
	if c.graph == nil || c.diags.HasErrors() {
		return
	}
	if !c.handoffsRan {
		c.handoffs = emit.PreflightDiagnostics(c.graph, emitters)
	}
	c.diags = append(c.diags, c.handoffs...)
	diag.Sort(c.diags)
}

// requirements returns the requirement outcomes, empty when they were not
// evaluated.
func (c *compiled) requirements() []results.Requirement {
	if r, ok := analysis.Lookup[[]results.Requirement](c.results, c.reqs); ok {
		return r
	}
	return []results.Requirement{}
}

// checkReport assembles the JSON report of an analyzed design (fabrics as
// analyze returned them).
func (c *compiled) checkReport(fabrics []results.Fabric) results.Check {
	if fabrics == nil {
		fabrics = []results.Fabric{}
	}
	return results.Check{OK: !c.diags.HasErrors(), Diagnostics: diag.ToJSON(c.diags), Fabrics: fabrics,
		Requirements: c.requirements(), Workloads: results.Workloads(c.results.Of), Flows: results.Flows(c.results.Of)}
}
