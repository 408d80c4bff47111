package main

import (
	"fmt"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/topoc/topoc/compiler/emit/nccl/ncclenv"
	"github.com/topoc/topoc/compiler/ir"
	"github.com/topoc/topoc/lang"
	"github.com/topoc/topoc/lang/diag"
	"github.com/topoc/topoc/lang/units"
)

// maxEnvFile caps an NCCL environment file read by `nccl env --check`: a
// few dozen KEY=VALUE lines; 1 MiB refuses only accidents.
const maxEnvFile = 1 << 20

func newNCCLEnv() *cobra.Command {
	var df designFlags
	var check, model string
	c := &cobra.Command{
		Use:   "env --check FILE [PATH...]",
		Short: "Check an NCCL environment file against the design",
		Long: "env --check reads FILE (KEY=VALUE lines: /etc/nccl.conf or NCCL_CONF_FILE when its name ends in .conf,\n" +
			"a script of exports when it has an export line, else judged both ways) and\n" +
			"compares it with what the design says about one node model (--model, or the only one with compute NICs):\n" +
			"compute NICs NCCL_IB_HCA leaves out, storage NICs or prefixes it takes, a NCCL_NET_GDR_LEVEL that turns\n" +
			"GPUDirect RDMA off on the design's paths, NCCL_CROSS_NIC where rails meet only in the servers, NCCL_IB_DISABLE.\n" +
			"`topoc build --emit nccl-env` writes the file the design calls for. See docs/nccl.md.\n" +
			"Exit 0 no finding, 1 findings (or design errors), 2 usage or I/O errors.",
		RunE: func(c *cobra.Command, args []string) error {
			if check == "" {
				fmt.Fprintln(c.ErrOrStderr(), "topoc: nccl env needs --check FILE (an NCCL environment file)")
				return exitError{2}
			}
			src, err := lang.ReadFileLimited(check, maxEnvFile)
			if err != nil {
				fmt.Fprintln(c.ErrOrStderr(), "topoc:", err)
				return exitError{2}
			}
			g, _, err := df.compileDesign(c, args, "text", "text")
			if err != nil {
				return err
			}
			sm, err := pickNodeModel(g, model)
			if err != nil {
				fmt.Fprintln(c.ErrOrStderr(), "topoc:", err)
				return exitError{2}
			}
			fs := ncclenv.Check(src, ncclenv.ReadingOf(check, src), ncclenv.Derive(g, sm))
			for _, f := range fs {
				at := fmt.Sprintf("%s:%d", check, f.Line)
				if f.Line == 0 {
					at = check // what the file leaves out has no line
				}
				// The file's values reach the terminal: control characters
				// are shown, not obeyed.
				fmt.Fprintf(c.ErrOrStderr(), "%s: Warning[%s]: %s\n", diag.CleanText(at), diag.NCCLEnv, diag.CleanText(f.Msg))
			}
			fmt.Fprintf(c.OutOrStdout(), "%s: node model %q, %s\n", check, sm.Name, units.CountOf(len(fs), "finding", "findings"))
			if len(fs) > 0 {
				return exitError{1}
			}
			return nil
		},
	}
	df.register(c)
	c.Flags().StringVar(&check, "check", "", "the NCCL environment file to check")
	c.Flags().StringVar(&model, "model", "", "the node model the file is for (default: the only one with compute NICs)")
	return c
}

// pickNodeModel returns the node model named name, or, when name is
// empty, the only node model of g whose compute NICs have device names
// (else the only one with compute NICs).
func pickNodeModel(g *ir.Graph, name string) (*ir.ServerModel, error) {
	var names []string
	for i := range g.ServerModels {
		sm := &g.ServerModels[i]
		if sm.Name == name {
			return sm, nil
		}
		names = append(names, sm.Name)
	}
	if name != "" {
		return nil, fmt.Errorf("--model %q: the design's node models are %s", name, strings.Join(names, ", "))
	}
	var named, any []*ir.ServerModel
	for i := range g.ServerModels {
		sm := &g.ServerModels[i]
		for _, f := range sm.PCI {
			if f.Kind == ir.PCINIC && f.Role == ir.RoleCompute {
				if !slices.Contains(any, sm) {
					any = append(any, sm)
				}
				if len(f.NetNames) > 0 && !slices.Contains(named, sm) {
					named = append(named, sm)
				}
			}
		}
	}
	switch {
	case len(named) == 1:
		return named[0], nil
	case len(named) == 0 && len(any) == 1:
		return any[0], nil
	case len(names) == 0:
		return nil, fmt.Errorf("the design has no node model (no node_group), so there is no server to configure")
	}
	return nil, fmt.Errorf("the design has several node models (%s); choose one with --model", strings.Join(names, ", "))
}
