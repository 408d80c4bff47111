package lang

import (
	"fmt"
	"os"
	"slices"
	"sort"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclparse"
	"github.com/hashicorp/hcl/v2/hclsyntax"

	"github.com/topoc/topoc/lang/diag"
	"github.com/topoc/topoc/lang/eval"
)

// MaxFileBytes caps one input file. A hand-written design of a 131,072-GPU
// fabric is a few kilobytes; 4 MiB leaves room for generated files while
// refusing accidental inputs (a log, a binary) before HCL parses them.
// A modelling assumption, not a published figure.
const MaxFileBytes = 4 << 20

// MaxDesignBytes caps all the files of one design together: a directory of
// many files within MaxFileBytes each could otherwise hold gigabytes. Four
// files at the per-file cap; a modelling assumption.
const MaxDesignBytes = 4 * MaxFileBytes

// MaxCollectives caps the collective blocks of a design's workloads
// together: 256. The congestion analysis routes each over the fabric,
// about 13 ms each on the DGX H100 SuperPOD and a second on the 131k
// example, so 3,000 took 41 s; a training step's distinct collectives
// are a few dozen, each with a repetition count. A modelling assumption.
const MaxCollectives = 256

// Options are the inputs beyond the files themselves.
type Options struct {
	// Vars are --var "name=value" flags, in order; VarFiles are --var-file paths.
	Vars     []string
	VarFiles []string
	// NoBuiltins leaves the built-in catalogue out (tests of the catalogue).
	NoBuiltins bool
}

// Suffix is the file name suffix of topoc design files.
const Suffix = ".topo.hcl"

// Load reads the design at paths (each a *.topo.hcl file or a directory
// holding them; files merge, as Terraform merges *.tf) and decodes it. The
// Config is non-nil even when diagnostics hold errors, so callers can print
// snippets from Config.Files.
func Load(paths []string, opts Options) (*Config, hcl.Diagnostics) {
	parser := hclparse.NewParser()
	budget := eval.NewBudget()
	cfg := &Config{Budget: budget}
	files, diags := DesignPaths(paths)
	var bodies []*hcl.File
	var total int64
	tokens := 0 // of the design's files together (eval.MaxTokens)
	for _, name := range files {
		if st, err := os.Stat(name); err == nil {
			if total += st.Size(); total > MaxDesignBytes {
				diags = append(diags, diag.Error(diag.FileTooLarge, fileStart(name), "Design too large",
					fmt.Sprintf("The design's files reach %d bytes at %s; a design is limited to %d bytes in all. Check that the path holds only this design's files.", total, name, MaxDesignBytes)))
				break
			}
		}
		f, d := parseFile(parser, name, &tokens)
		diags = append(diags, d...)
		if f != nil {
			if sb, ok := f.Body.(*hclsyntax.Body); ok {
				checkLabels(sb, &diags)
			}
			eval.Meter(f.Body, budget)
			bodies = append(bodies, f)
		}
	}
	cfg.Files = parser.Files()
	if diags.HasErrors() {
		return cfg, diags
	}
	if !opts.NoBuiltins {
		b, d := builtinFile(parser)
		diags = append(diags, d...)
		if b != nil {
			eval.Meter(b.Body, budget)
			decodeInto(cfg, []*hcl.File{b}, eval.Inputs{}, true, &diags)
		}
	}
	decodeInto(cfg, bodies, eval.Inputs{Vars: opts.Vars, VarFiles: opts.VarFiles, Budget: budget}, false, &diags)
	cfg.Files = parser.Files()
	return cfg, onceAtRange(budget.Dedupe(diags), diag.RateInBytes)
}

// onceAtRange keeps the first of the diagnostics of code at each source
// range: a rate in a block with count = 96 is read once per instance,
// and one warning at the line says all there is.
func onceAtRange(ds hcl.Diagnostics, code diag.Code) hcl.Diagnostics {
	seen := map[hcl.Range]bool{}
	out := ds[:0:0]
	for _, d := range ds {
		if diag.CodeOf(d) == code && d.Subject != nil {
			if seen[*d.Subject] {
				continue
			}
			seen[*d.Subject] = true
		}
		out = append(out, d)
	}
	return out
}

// DesignPaths expands the paths given to a command into design files: a
// directory gives its *.topo.hcl files (not its subdirectories; named
// pipes and devices refused unopened, see DesignFiles), a file is taken
// whatever its name. Sorted, each file once; no paths is a no-input error.
func DesignPaths(paths []string) ([]string, hcl.Diagnostics) {
	var out []string
	var diags hcl.Diagnostics
	for _, p := range paths {
		st, err := os.Stat(p)
		if err != nil {
			diags = append(diags, diag.Error(diag.NoInput, hcl.Range{}, "Cannot read "+p, err.Error()))
			continue
		}
		if !st.IsDir() {
			out = append(out, p)
			continue
		}
		names, d := DesignFiles(p)
		out = append(out, names...)
		diags = append(diags, d...)
	}
	if len(paths) == 0 {
		diags = append(diags, diag.Error(diag.NoInput, hcl.Range{}, "No input",
			"Give a *"+Suffix+" file or a directory of them."))
	}
	sort.Strings(out)
	// The same file named twice (or a directory and a file in it) is one file.
	out = slices.Compact(out)
	return out, diags
}

func parseFile(p *hclparse.Parser, name string, tokens *int) (*hcl.File, hcl.Diagnostics) {
	// Read through a limit: a stream or device named on the command line
	// (/dev/stdin, /dev/zero) has no size on disk to check.
	src, d := ReadDesignFile(name)
	if d != nil {
		return nil, hcl.Diagnostics{d}
	}
	if d := eval.Screen(name, src); d != nil {
		// Keep the source for the diagnostic's snippet (control bytes are
		// shown as '?'); the file is not parsed.
		p.AddFile(name, &hcl.File{Bytes: src})
		return nil, hcl.Diagnostics{d}
	}
	// Parsed files are all kept: their tokens are bounded together.
	if *tokens += eval.CountTokens(src); *tokens > eval.MaxTokens {
		return nil, hcl.Diagnostics{diag.Error(diag.FileTooLarge, fileStart(name), "Design too large",
			fmt.Sprintf("The design's files reach about %d tokens at %s, more than the %d a design may hold (HCL's parser keeps about 325 bytes per token). Check that the path holds only this design's files.", *tokens, name, eval.MaxTokens))}
	}
	return p.ParseHCL(src, name)
}

// MaxNesting and MaxOperators are eval.MaxNesting and eval.MaxOperators:
// the limits of eval.Screen, which refuses design files (and --var-file
// files) whose expressions HCL would recurse on too deeply.
const (
	MaxNesting   = eval.MaxNesting
	MaxOperators = eval.MaxOperators
)

// topSchema lists the top-level block kinds.
var topSchema = &hcl.BodySchema{Blocks: []hcl.BlockHeaderSchema{
	{Type: "variable", LabelNames: []string{"name"}},
	{Type: "locals"},
	{Type: "switch_model", LabelNames: []string{"name"}},
	{Type: "gpu_model", LabelNames: []string{"name"}},
	{Type: "nic_model", LabelNames: []string{"name"}},
	{Type: "node_model", LabelNames: []string{"name"}},
	{Type: "cable_model", LabelNames: []string{"name"}},
	{Type: "transceiver_model", LabelNames: []string{"name"}},
	{Type: "node_group", LabelNames: []string{"name"}},
	{Type: "fabric", LabelNames: []string{"name"}},
	{Type: "workload", LabelNames: []string{"name"}},
	{Type: "requirement", LabelNames: []string{"name"}},
	{Type: "risk_group", LabelNames: []string{"name"}},
	{Type: "flow", LabelNames: []string{"name"}},
	{Type: "failure_policy", LabelNames: []string{"name"}},
}}

func decodeInto(cfg *Config, files []*hcl.File, in eval.Inputs, builtin bool, diags *hcl.Diagnostics) {
	var blocks hcl.Blocks
	for _, f := range files {
		c, d := f.Body.Content(topSchema)
		*diags = append(*diags, d...)
		blocks = append(blocks, c.Blocks...)
	}
	var vars []*eval.Variable
	var locals []*hcl.Attribute
	for _, b := range blocks {
		switch b.Type {
		case "variable":
			v, d := eval.DecodeVariable(b)
			*diags = append(*diags, d...)
			if v != nil {
				vars = append(vars, v)
			}
		case "locals":
			at, d := b.Body.JustAttributes()
			*diags = append(*diags, d...)
			locals = append(locals, sortedAttrs(at)...)
		}
	}
	checkDuplicates(blocks, diags)
	ctx, d := eval.Evaluate(vars, locals, in)
	*diags = append(*diags, d...)
	if ctx == nil {
		return
	}
	defer withBudget(ctx)()
	// The node models as they stand before this pass replaces any: a
	// model of this pass may extend the built-in of its own name.
	before := map[string]*NodeModel{}
	for _, m := range cfg.NodeModels {
		before[m.Name] = m
	}
	user := map[string]bool{}
	collectives := 0 // of all workloads (MaxCollectives)
	for _, b := range blocks {
		name := ""
		if len(b.Labels) > 0 {
			name = b.Labels[0]
		}
		user[b.Type+"."+name] = true
		switch b.Type {
		case "switch_model":
			cfg.SwitchModels = overrideModel(cfg.SwitchModels, decodeSwitchModel(b, ctx, builtin, diags), func(m *SwitchModel) string { return m.Name })
		case "gpu_model":
			cfg.GPUModels = overrideModel(cfg.GPUModels, decodeGPUModel(b, ctx, builtin, diags), func(m *GPUModel) string { return m.Name })
		case "nic_model":
			cfg.NICModels = overrideModel(cfg.NICModels, decodeNICModel(b, ctx, builtin, diags), func(m *NICModel) string { return m.Name })
		case "cable_model":
			cfg.CableModels = overrideModel(cfg.CableModels, decodeCableModel(b, ctx, builtin, diags), func(m *CableModel) string { return m.Name })
		case "transceiver_model":
			cfg.TransceiverModels = overrideModel(cfg.TransceiverModels, decodeTransceiverModel(b, ctx, builtin, diags), func(m *TransceiverModel) string { return m.Name })
		case "node_model":
			cfg.NodeModels = overrideModel(cfg.NodeModels, decodeNodeModel(b, ctx, builtin, diags), func(m *NodeModel) string { return m.Name })
		case "node_group":
			if g := decodeNodeGroup(b, ctx, cfg.Budget, diags); g != nil {
				cfg.NodeGroups = append(cfg.NodeGroups, g)
			}
		case "fabric":
			cfg.Fabrics = append(cfg.Fabrics, decodeFabrics(b, ctx, diags)...)
		case "workload":
			if w := decodeWorkload(b, ctx, diags); w != nil {
				if n := collectives + len(w.Collectives); n > MaxCollectives {
					*diags = append(*diags, diag.Error(diag.ExpansionLimit, w.Collectives[MaxCollectives-collectives].DeclRange, "Too many collectives",
						fmt.Sprintf("The design's workloads hold more than %d collectives; each is routed over the fabric (seconds each on a 131,072-GPU design). Keep the collectives a step repeats once each, with their repetition counts.", MaxCollectives)))
					w.Collectives = w.Collectives[:MaxCollectives-collectives]
				}
				collectives += len(w.Collectives)
				cfg.Workloads = append(cfg.Workloads, w)
			}
		case "requirement":
			if r := decodeRequirement(b, ctx, diags); r != nil {
				cfg.Requirements = append(cfg.Requirements, r)
			}
		case "risk_group":
			if r := decodeRiskGroup(b, ctx, diags); r != nil {
				cfg.RiskGroups = append(cfg.RiskGroups, r)
			}
		case "flow":
			if f := decodeFlow(b, ctx, diags); f != nil {
				cfg.Flows = append(cfg.Flows, f)
			}
		case "failure_policy":
			if p := decodeFailurePolicy(b, ctx, diags); p != nil {
				cfg.FailurePolicies = append(cfg.FailurePolicies, p)
			}
		}
	}
	checkFabricNames(cfg.Fabrics, diags)
	resolveNodeBases(cfg.NodeModels, before, diags)
}

// checkFabricNames reports a fabric whose name repeats an earlier one's
// where a block's count or for_each made it (nvl72-0 beside a fabric
// labelled "nvl72-0"); two blocks of one label are checkDuplicates'.
func checkFabricNames(fabrics []*Fabric, diags *hcl.Diagnostics) {
	seen := map[string]*Fabric{}
	for _, f := range fabrics {
		if first, ok := seen[f.Name]; ok && (f.Counted() || first.Counted()) {
			*diags = append(*diags, diag.Error(diag.DuplicateName, f.DeclRange, fmt.Sprintf("Duplicate fabric %q", f.Name),
				fmt.Sprintf("A fabric named %q was already declared at %s (a block's count or for_each names its fabrics LABEL-INDEX or LABEL-KEY). Names must be unique across all files of a design; rename one.", f.Name, first.DeclRange.String())))
			continue
		}
		if _, ok := seen[f.Name]; !ok {
			seen[f.Name] = f
		}
	}
}

// overrideModel appends m, replacing a built-in model of the same name: a
// user's node_model "DGX-H100" overrides the catalogue's.
func overrideModel[T any](list []T, m T, name func(T) string) []T {
	if any(m) == nil {
		return list
	}
	for i, x := range list {
		if name(x) == name(m) {
			list[i] = m
			return list
		}
	}
	return append(list, m)
}

// checkDuplicates reports two labelled blocks of one type with one name
// (across files too), naming both places.
func checkDuplicates(blocks hcl.Blocks, diags *hcl.Diagnostics) {
	checkDuplicatesIn(blocks, "across all files of a design", diags)
}

// checkDuplicatesIn reports a block whose type and first label repeat an
// earlier one's; scope says where names must be unique, for the message.
func checkDuplicatesIn(blocks hcl.Blocks, scope string, diags *hcl.Diagnostics) {
	seen := map[string]*hcl.Block{}
	for _, b := range blocks {
		if len(b.Labels) == 0 {
			continue
		}
		key := b.Type + "." + b.Labels[0]
		if first, ok := seen[key]; ok {
			*diags = append(*diags, diag.Error(diag.DuplicateName, b.LabelRanges[0],
				fmt.Sprintf("Duplicate %s %q", b.Type, b.Labels[0]),
				fmt.Sprintf("A %s named %q was already declared at %s. Names must be unique %s; rename or remove one.",
					b.Type, b.Labels[0], first.DefRange.String(), scope)))
			continue
		}
		seen[key] = b
	}
}

func sortedAttrs(m hcl.Attributes) []*hcl.Attribute {
	out := make([]*hcl.Attribute, 0, len(m))
	for _, a := range m {
		out = append(out, a)
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Range.Filename != out[j].Range.Filename {
			return out[i].Range.Filename < out[j].Range.Filename
		}
		return out[i].Range.Start.Byte < out[j].Range.Start.Byte
	})
	return out
}

// fileStart is the range of a file's first character, for diagnostics
// about the whole file.
func fileStart(name string) hcl.Range {
	p := hcl.Pos{Line: 1, Column: 1}
	return hcl.Range{Filename: name, Start: p, End: p}
}
