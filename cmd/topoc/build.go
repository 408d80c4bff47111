package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/topoc/topoc/analyzers/all"
	"github.com/topoc/topoc/analyzers/congestion"
	"github.com/topoc/topoc/compiler/emit"
	"github.com/topoc/topoc/compiler/emit/cabling"
	"github.com/topoc/topoc/compiler/emit/chakra"
	"github.com/topoc/topoc/compiler/emit/dot"
	"github.com/topoc/topoc/compiler/emit/graphml"
	"github.com/topoc/topoc/compiler/emit/ibsim"
	"github.com/topoc/topoc/compiler/emit/infragraph"
	"github.com/topoc/topoc/compiler/emit/irjson"
	"github.com/topoc/topoc/compiler/emit/k8s"
	"github.com/topoc/topoc/compiler/emit/nccl"
	"github.com/topoc/topoc/compiler/emit/nccl/ncclenv"
	netboxemit "github.com/topoc/topoc/compiler/emit/netbox"
	"github.com/topoc/topoc/compiler/emit/render"
	"github.com/topoc/topoc/compiler/emit/sim"
	"github.com/topoc/topoc/compiler/emit/slurm"
	"github.com/topoc/topoc/compiler/emit/ufm"
	"github.com/topoc/topoc/lang/diag"
	"github.com/topoc/topoc/lang/units"
)

// emitters lists the back ends of `topoc build`, in --emit order.
var emitters = []*emit.Emitter{
	cabling.Emitter, cabling.BOMEmitter, netboxemit.Emitter,
	nccl.Emitter, ncclenv.Emitter, slurm.Emitter, slurm.BlockEmitter, k8s.Emitter, ibsim.Emitter, ufm.Emitter, sim.SimAIEmitter, sim.ASTRASimEmitter, chakra.Emitter, infragraph.Emitter,
	irjson.Emitter, graphml.Emitter, dot.Emitter, render.SVG, render.PNG,
}

func newBuild() *cobra.Command {
	var df designFlags
	var out, list string
	c := &cobra.Command{
		Use:   "build [PATH...] -o DIR",
		Short: "Compile a design and write its artifacts into DIR",
		Long: "build compiles the design, runs the analyzers, and writes every requested artifact into DIR.\n" +
			"A design with errors writes nothing. The build is all or nothing: every file is written into a staging\n" +
			"directory inside DIR and moved into place only when all were written, so a failure or an interrupt\n" +
			"(SIGINT, SIGTERM) leaves DIR as it was. A second run writes identical bytes.\n" +
			"Exit 0 written, 1 design errors, 2 usage or I/O errors, 130 interrupted (143 on SIGTERM).",
		RunE: func(c *cobra.Command, args []string) error {
			if len(args) == 0 {
				args = []string{"."}
			}
			if out == "" {
				fmt.Fprintln(c.ErrOrStderr(), "topoc: build needs -o DIR")
				return exitError{2}
			}
			selected, err := selectEmitters(list)
			if err != nil {
				fmt.Fprintln(c.ErrOrStderr(), "topoc:", err)
				return exitError{2}
			}
			if list == "" || slices.Contains(strings.Split(strings.ReplaceAll(list, " ", ""), ","), "all") {
				selected = withoutMissingRenderer(c, selected)
			}
			if err := df.validate(); err != nil {
				fmt.Fprintln(c.ErrOrStderr(), "topoc:", err)
				return exitError{2}
			}
			opts := emit.Input{}
			// Compiling, emitting and writing run under interruptible: a
			// SIGINT or SIGTERM aborts the writer, which removes what the
			// build had staged, so the output directory is left as it was.
			w := new(emit.Writer)
			return interruptible(c, "build", w, func() error {
				return buildAndWrite(c, &df, args, selected, list, out, opts, w)
			})
		},
	}
	df.register(c)
	c.Flags().StringVarP(&out, "out", "o", "", "output directory (created if missing)")
	c.Flags().StringVar(&list, "emit", "all", "comma-separated artifacts to write: "+emitterNames()+", or all (all but chakra, written only when named)")
	registerEmitterFlags(c, emitters)
	// --netbox-version, the name this option had before emitters had
	// flags of their own, stays an alias of --netbox.version.
	c.Flags().Var(optionFlag{netboxemit.Emitter.Flags.Lookup("version").Value}, "netbox-version", "the same as --netbox.version")
	return c
}

// buildAndWrite compiles the design of args, runs the analyzers, and has
// the selected emitters' artifacts written into out by w, all or nothing.
// opts holds the emitters' options; its graph and loads are set here.
func buildAndWrite(c *cobra.Command, df *designFlags, args []string, selected []*emit.Emitter, list, out string, opts emit.Input, w *emit.Writer) error {
	res := df.compile(args)
	if _, err := res.analyze(all.Analyzers); err != nil {
		return err
	}
	if err := diag.WriteText(c.ErrOrStderr(), res.cfg.Files, res.diags, 0, false); err != nil {
		return err
	}
	if code := res.exitCode(); code != 0 {
		fmt.Fprintln(c.ErrOrStderr(), "topoc: the design has errors; nothing was written")
		return exitError{code}
	}
	in := &opts
	in.Graph = res.graph
	// The diagram heatmap shows the most congested collective phase.
	if r, ok := congestion.ResultOf.In(res.results); ok {
		in.LinkLoads, in.LinkLoadsFrom = r.LinkLoads(), r.LinkLoadsFrom()
	}
	var arts []emit.Artifact
	at := map[string]int{} // path → index in arts
	for _, e := range selected {
		in.Explicit = slices.Contains(strings.Split(list, ","), e.Name)
		a, err := e.Emit(in)
		var coded *emit.Error
		if errors.As(err, &coded) {
			fmt.Fprintf(c.ErrOrStderr(), "Error[%s]: %s (--emit %s); nothing was written\n", coded.Code, coded.Msg, e.Name)
			return exitError{1}
		}
		if err != nil {
			fmt.Fprintf(c.ErrOrStderr(), "topoc: %s: %v; nothing was written\n", e.Name, err)
			return exitError{2}
		}
		arts = appendArtifacts(arts, a, at)
	}
	if err := w.WriteAll(out, arts); err != nil {
		if errors.Is(err, emit.ErrAborted) {
			return err // interruptible has reported the signal
		}
		fmt.Fprintln(c.ErrOrStderr(), "topoc:", err)
		return exitError{2}
	}
	if !quietFlag(c) {
		fmt.Fprintf(c.OutOrStdout(), "wrote %s to %s\n", units.CountOf(len(arts), "file", "files"), out)
	}
	if slices.Contains(strings.Split(list, ","), ncclenv.Emitter.Name) && len(in.Graph.ServerModels) == 0 {
		fmt.Fprintln(c.ErrOrStderr(), "topoc: note: --emit nccl-env wrote nothing: the design has no node model (node_group) whose servers NCCL would run on.")
	}
	if slices.Contains(selected, ncclenv.Emitter) && !slices.Contains(selected, nccl.Emitter) && slices.ContainsFunc(arts, func(a emit.Artifact) bool {
		return strings.HasSuffix(a.Path, ".env") && bytes.Contains(a.Data, []byte("\nNCCL_TOPO_FILE="))
	}) {
		// The env file names the topology file a build with --emit nccl
		// writes; this one did not.
		fmt.Fprintln(c.ErrOrStderr(), "topoc: note: the nccl-env files point NCCL_TOPO_FILE at the topology files --emit nccl writes, which this build did not; add nccl to --emit and install them where the env files say.")
	}
	return nil
}

// registerEmitterFlags surfaces flag F of each emitter E as --E.F, as
// registerAnalyzerFlags does for analyzers.
func registerEmitterFlags(c *cobra.Command, es []*emit.Emitter) {
	for _, e := range es {
		e.Flags.VisitAll(func(f *flag.Flag) {
			c.Flags().Var(optionFlag{f.Value}, e.Name+"."+f.Name, f.Usage)
		})
	}
}

// appendArtifacts adds more to arts, once per path: two emitters may write
// one file (slurm and slurm-block both write the block plugin's file), and
// they write the same bytes, which the emitters' tests hold to. The first
// is kept; a second of other bytes is left to WriteAll, which refuses a
// duplicate path. at maps each path to its index in arts.
func appendArtifacts(arts, more []emit.Artifact, at map[string]int) []emit.Artifact {
	for _, a := range more {
		if i, ok := at[a.Path]; ok && bytes.Equal(arts[i].Data, a.Data) {
			continue
		}
		at[a.Path] = len(arts)
		arts = append(arts, a)
	}
	return arts
}

func emitterNames() string {
	names := make([]string, len(emitters))
	for i, e := range emitters {
		names[i] = e.Name
	}
	return strings.Join(names, ",")
}

// selectEmitters parses --emit; an unknown name is a usage error.
func selectEmitters(list string) ([]*emit.Emitter, error) {
	if list == "all" || list == "" {
		var out []*emit.Emitter
		for _, e := range emitters {
			if !e.OnlyByName {
				out = append(out, e)
			}
		}
		return out, nil
	}
	var out []*emit.Emitter
	for _, name := range strings.Split(list, ",") {
		if strings.TrimSpace(name) == "all" { // all,chakra: everything
			for _, e := range emitters {
				if !e.OnlyByName && !slices.Contains(out, e) {
					out = append(out, e)
				}
			}
			continue
		}
		found := false
		for _, e := range emitters {
			if e.Name == strings.TrimSpace(name) {
				found = true
				if !slices.Contains(out, e) { // --emit ir,ir asks for ir once
					out = append(out, e)
				}
			}
		}
		if !found {
			return nil, fmt.Errorf("unknown artifact %q for --emit; known: %s, and all", name, emitterNames())
		}
	}
	return out, nil
}

// withoutMissingRenderer drops the image emitters from the default set
// when the diagram renderer (cmd/topoc-render, a separate program so that
// topoc itself never links Graphviz's WebAssembly; docs/diagrams.md) is
// not installed, with a warning saying how to install it. Asked for
// explicitly (--emit svg), a missing renderer stays an error.
func withoutMissingRenderer(c *cobra.Command, es []*emit.Emitter) []*emit.Emitter {
	_, err := render.Find()
	if err == nil {
		return es
	}
	fmt.Fprintf(c.ErrOrStderr(), "topoc: warning: skipping svg and png: %v\n", err)
	var out []*emit.Emitter
	for _, e := range es {
		if e != render.SVG && e != render.PNG {
			out = append(out, e)
		}
	}
	return out
}
