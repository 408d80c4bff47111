package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/spf13/cobra"

	"github.com/topoc/topoc/analyzers/resilience"
	"github.com/topoc/topoc/lang/diag"
)

func newWhatif() *cobra.Command {
	var df designFlags
	var sweeps, fails, policies []string
	var depth, maxScenarios, random, iterations int
	var seed uint64
	var format string
	var all, quick bool
	c := &cobra.Command{
		Use:   "whatif [PATH...] [--sweep CLASS]... [--fail NAMES]... [--policy NAME]...",
		Short: "Fail switches, links, racks, rails or planes and report what is left",
		Long: "whatif compiles the design and fails its risk groups one at a time (N−1; --depth 2 for every pair),\n" +
			"or as named scenarios (--fail), and reports for each the residual bisection as a proven interval and\n" +
			"as a share of the intact design's, the GPUs disconnected and degraded, and which workloads restart\n" +
			"(a rank lost a link NCCL uses) or slow down. Without --sweep and --fail it sweeps every switch tier,\n" +
			"every switch-to-switch link kind, racks, rails, planes and units. Twins (switches or links with the\n" +
			"same neighbours) are evaluated once, which the output says. docs/analyzers.md \"whatif\" defines\n" +
			"every number. --random K --sweep CLASS or --policy NAME (a failure_policy block) draw seeded Monte Carlo\n" +
			"failures instead and report p50/p99 of each number. --format sarif gives each sweep's worst scenario as a result at its design line.\n" +
			"Exit 0 done, 1 design errors, 2 usage or I/O errors.",
		RunE: func(c *cobra.Command, args []string) error {
			if msg := whatifFlagError(c, sweeps, fails, policies, random, depth); msg != "" {
				fmt.Fprintln(c.ErrOrStderr(), "topoc:", msg)
				return exitError{2}
			}
			g, res, err := df.compileDesign(c, args, format, "text", "json", "sarif")
			if err != nil {
				if format == "sarif" && res.cfg != nil {
					// A code-review viewer shows the design's errors as
					// check --format sarif would.
					if werr := writeSARIF(c.OutOrStdout(), res.diags); werr != nil {
						return werr
					}
				}
				return err
			}
			// The design's warnings bear on what fails (an empty risk
			// group, a fabric without uplinks): show them, as check does.
			var warn hcl.Diagnostics
			for _, d := range res.diags {
				if diag.SeverityOf(d) == diag.SevWarning {
					warn = append(warn, d)
				}
			}
			if len(warn) > 0 {
				diag.WriteText(c.ErrOrStderr(), res.cfg.Files, warn, 0, false)
			}
			var names []string
			for _, p := range policies {
				for _, n := range strings.Split(p, ",") {
					if n = strings.TrimSpace(n); n != "" && !slices.Contains(names, n) {
						names = append(names, n)
					}
				}
			}
			opt := resilience.Options{Depth: depth, MaxScenarios: maxScenarios, Random: random, Iterations: iterations, Seed: seed, Quick: quick,
				Policies: names, SeedGiven: c.Flags().Changed("seed")}
			if len(policies) > 0 && !c.Flags().Changed("iterations") {
				opt.Iterations = 0 // each policy's own
			}
			for _, s := range sweeps {
				for _, cl := range strings.Split(s, ",") {
					if cl = strings.TrimSpace(cl); cl != "" {
						opt.Classes = append(opt.Classes, cl)
					}
				}
			}
			for _, f := range fails {
				fl, err := resilience.Resolve(g, f)
				if err == nil && fl.Empty() {
					err = fmt.Errorf("--fail %q names nothing to fail; give device names, globs or A--B links", f)
				}
				if err != nil {
					fmt.Fprintln(c.ErrOrStderr(), "topoc:", err)
					return exitError{2}
				}
				opt.Scenarios = append(opt.Scenarios, resilience.Scenario{Name: f, Failure: fl})
			}
			rep, err := resilience.Run(g, opt)
			if pe := (*resilience.PolicyError)(nil); errors.As(err, &pe) {
				diag.WriteText(c.ErrOrStderr(), res.cfg.Files, hcl.Diagnostics{resilience.PolicyDiagnostic(g, pe)}, 0, false)
				return exitError{1}
			}
			if err != nil {
				fmt.Fprintln(c.ErrOrStderr(), "topoc:", err)
				return exitError{2}
			}
			if format == "sarif" {
				return writeSARIF(c.OutOrStdout(), resilience.Diagnostics(g, rep))
			}
			if format == "json" {
				out, err := json.MarshalIndent(rep, "", "  ")
				if err != nil {
					return err
				}
				fmt.Fprintln(c.OutOrStdout(), string(out))
				return nil
			}
			resilience.WriteText(c.OutOrStdout(), rep, all)
			return nil
		},
	}
	df.register(c)
	c.Flags().StringArrayVar(&sweeps, "sweep", nil, "risk-group classes to sweep, comma-separated: switch, a tier (spine), link, a link kind (leaf_spine), server, rack, rail, plane, a unit kind (su)")
	c.Flags().StringArrayVar(&fails, "fail", nil, "a named scenario: devices (names or globs) and links (A--B) failing together, comma-separated")
	c.Flags().IntVar(&depth, "depth", 1, "groups failing together in a sweep: 1 (N−1) or 2 (N−2)")
	c.Flags().IntVar(&maxScenarios, "max-scenarios", 0, fmt.Sprintf("most scenarios one sweep evaluates (default %d, or %d for a sweep evaluated quickly)", resilience.DefaultMaxScenarios, resilience.DefaultMaxQuickScenarios))
	c.Flags().StringVar(&format, "format", "text", "output: text, json or sarif (each sweep's worst scenario as a whatif-worst result)")
	c.Flags().BoolVar(&all, "all", false, "list every scenario, not only the worst of each sweep")
	c.Flags().BoolVar(&quick, "quick", false, "evaluate every scenario quickly: bounds against the intact cut, no new search, no re-routing")
	c.Flags().IntVar(&random, "random", 0, "Monte Carlo: fail this many random groups of each --sweep class per draw")
	c.Flags().IntVar(&iterations, "iterations", resilience.DefaultIterations, "Monte Carlo draws per class (with --random)")
	c.Flags().Uint64Var(&seed, "seed", 1, "Monte Carlo seed: the same seed draws the same scenarios")
	c.Flags().StringArrayVar(&policies, "policy", nil, "Monte Carlo: draw failures from these failure_policy blocks of the design, comma-separated or repeated (each block's iterations and seed unless --iterations or --seed)")
	return c
}

// whatifFlagError says what is wrong with flags that parse but make no
// sense together, or "" when nothing is: an explicit count below 1, an
// empty --sweep class, Monte Carlo flags without --random or --policy,
// --depth with --random, --policy with a sweep, scenario or --random.
func whatifFlagError(c *cobra.Command, sweeps, fails, policies []string, random, depth int) string {
	fl := c.Flags()
	for _, name := range []string{"random", "iterations", "depth", "max-scenarios"} {
		if n, err := fl.GetInt(name); err == nil && fl.Changed(name) && n < 1 {
			return fmt.Sprintf("--%s %d: give a count of 1 or more", name, n)
		}
	}
	for _, s := range sweeps {
		for _, cl := range strings.Split(s, ",") {
			if strings.TrimSpace(cl) == "" {
				return fmt.Sprintf("--sweep %q names an empty class; give classes such as spine,rack", s)
			}
		}
	}
	for _, p := range policies {
		for _, n := range strings.Split(p, ",") {
			if strings.TrimSpace(n) == "" {
				return fmt.Sprintf("--policy %q names an empty policy; give failure_policy names such as field,cables", p)
			}
		}
	}
	if fl.Changed("policy") && len(policies) == 0 {
		return "--policy names no policy; give a failure_policy name"
	}
	if n, err := fl.GetInt("iterations"); err == nil && n > resilience.MaxIterations {
		return fmt.Sprintf("--iterations %d: at most %d draws per run", n, resilience.MaxIterations)
	}
	if len(policies) > 0 {
		for _, name := range []string{"sweep", "fail", "random", "depth"} {
			if fl.Changed(name) {
				return fmt.Sprintf("--policy says what fails in each draw; leave out --%s", name)
			}
		}
	}
	if random == 0 && len(policies) == 0 && (fl.Changed("iterations") || fl.Changed("seed")) {
		return "--iterations and --seed set a Monte Carlo run; add --random K or --policy NAME"
	}
	if random > 0 && fl.Changed("depth") {
		return "--depth sets a sweep; a Monte Carlo run fails --random K groups per draw"
	}
	if depth != 1 && depth != 2 {
		return fmt.Sprintf("--depth %d: give 1 (N−1) or 2 (N−2)", depth)
	}
	return ""
}
