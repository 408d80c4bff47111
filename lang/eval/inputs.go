package eval

import (
	"fmt"
	"io"
	"os"
	"sort"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/ext/typeexpr"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/function"

	"github.com/topoc/topoc/lang/diag"
)

// MaxVarFileSize is the largest --var-file read, in bytes (8 MiB).
const MaxVarFileSize = 8 << 20

// varState is one variable's value as the sources are applied.
type varState struct {
	v      *Variable
	val    cty.Value
	set    bool   // some source gave a value
	failed bool   // the latest source's value had an error (reported)
	source string // where the value came from, for messages
}

// varSet holds the variables in declaration order.
type varSet struct {
	order  []*varState
	byName map[string]*varState
	budget *Budget // var files and --var values are metered on it
}

func (s *varSet) names() []string {
	out := make([]string, len(s.order))
	for i, st := range s.order {
		out[i] = st.v.Name
	}
	return out
}

// values returns each variable's final value, cty.DynamicVal when it failed.
func (s *varSet) values() map[string]cty.Value {
	m := make(map[string]cty.Value, len(s.order))
	for _, st := range s.order {
		m[st.v.Name] = st.val
		if st.failed {
			m[st.v.Name] = cty.DynamicVal
		}
	}
	return m
}

func (s *varSet) failed(name string) bool {
	st, ok := s.byName[name]
	return ok && st.failed
}

// variableValues applies defaults, var files and --var flags in order of
// precedence, reports variables left without a value, and runs
// validations.
func variableValues(vars []*Variable, in Inputs, funcs map[string]function.Function) (*varSet, hcl.Diagnostics) {
	s := &varSet{byName: map[string]*varState{}, budget: in.Budget}
	if s.budget == nil {
		s.budget = NewBudget()
	}
	for _, v := range vars {
		if v == nil || s.byName[v.Name] != nil {
			continue // duplicates are reported by the loader; the first wins
		}
		st := &varState{v: v, val: cty.DynamicVal}
		if v.HasDefault {
			st.val, st.set, st.failed, st.source = v.Default, true, !v.Default.IsWhollyKnown(), "its default"
		}
		s.order = append(s.order, st)
		s.byName[v.Name] = st
	}
	var diags hcl.Diagnostics
	for _, path := range in.VarFiles {
		diags = append(diags, s.applyVarFile(path)...)
	}
	for _, arg := range in.Vars {
		diags = append(diags, s.applyFlag(arg)...)
	}
	for _, st := range s.order {
		if !st.set {
			st.failed = true
			diags = append(diags, missingVariable(st.v))
			continue
		}
		if !st.failed {
			diags = append(diags, validate(st, funcs)...)
		}
	}
	return s, diags
}

func missingVariable(v *Variable) *hcl.Diagnostic {
	about := ""
	if v.Description != "" {
		about = fmt.Sprintf(" (%s)", strings.TrimSpace(v.Description))
	}
	return diag.Error(diag.MissingVariable, v.DeclRange, fmt.Sprintf("No value for variable %q", v.Name),
		fmt.Sprintf("Variable %q%s has no default, so it must be given a value: --var %s=VALUE on the command line, a line %s = VALUE in a file passed with --var-file, or a default in the variable block.",
			v.Name, about, v.Name, v.Name))
}

// undeclared reports a value given for a variable no block declares.
func (s *varSet) undeclared(name, where string, rng hcl.Range) *hcl.Diagnostic {
	return diag.Error(diag.UndeclaredVariable, rng, fmt.Sprintf("Value for undeclared variable %q", name),
		fmt.Sprintf("%s sets %q, but no variable block declares it.%s Declare it with variable %q { ... } or remove the value.",
			where, name, didYouMean(name, s.names()), name))
}

// set records a value from a source, converting it to the variable's
// type; a conversion failure is an InvalidValue at rng.
func (st *varState) assign(val cty.Value, source string, rng hcl.Range) *hcl.Diagnostic {
	st.set, st.source = true, source
	conv, err := st.v.convert(val)
	if err != nil {
		st.failed = true
		return diag.Error(diag.InvalidValue, rng, fmt.Sprintf("Invalid value for variable %q", st.v.Name),
			fmt.Sprintf("The value from %s does not fit the variable's type %s: %s.", source, typeexpr.TypeString(st.v.Type), convertMessage(err)))
	}
	st.val, st.failed = conv, false
	return nil
}

// applyVarFile applies the NAME = VALUE attributes of one var file.
func (s *varSet) applyVarFile(path string) hcl.Diagnostics {
	src, d := readVarFile(path)
	if d == nil {
		d = Screen(path, src) // HCL recurses on deep input: refuse it first
	}
	if d != nil {
		return hcl.Diagnostics{d}
	}
	f, diags := hclsyntax.ParseConfig(src, path, hcl.InitialPos)
	diags = withCode(diags, diag.HCLSyntax)
	if f == nil || diags.HasErrors() {
		return diags
	}
	Meter(f.Body, s.budget)
	attrs, d2 := f.Body.JustAttributes()
	diags = append(diags, withCode(d2, diag.HCLSyntax)...)
	list := make([]*hcl.Attribute, 0, len(attrs))
	for _, at := range attrs {
		list = append(list, at)
	}
	sort.Slice(list, func(i, j int) bool { return list[i].Range.Start.Byte < list[j].Range.Start.Byte })
	source := "--var-file " + path
	for _, at := range list {
		st, ok := s.byName[at.Name]
		if !ok {
			diags = append(diags, s.undeclared(at.Name, "The var file "+path, at.NameRange))
			continue
		}
		val, d := at.Expr.Value(nil)
		if d.HasErrors() {
			st.set, st.failed, st.source = true, true, source
			diags = append(diags, evalDiags(d)...)
			continue
		}
		if d := st.assign(val, source, at.Expr.Range()); d != nil {
			diags = append(diags, d)
		}
	}
	return diags
}

// readVarFile reads at most MaxVarFileSize bytes of path. Anything but a
// regular file is refused before it is opened, with the no-input
// diagnostic a design directory gives a named pipe (lang.DesignFiles):
// opening a named pipe waits for a writer, forever when none comes, and
// a directory, socket or device is no variable file. The exception is a
// stream the caller already holds open, /dev/stdin or /dev/fd/N (the
// `--var-file <(...)` of a shell): as for design files named on the
// command line (lang.ReadDesignFile), it is read, cut at the limit.
func readVarFile(path string) ([]byte, *hcl.Diagnostic) {
	st, err := os.Stat(path) // stat, unlike open, never blocks
	if err != nil {
		return nil, diag.Error(diag.NoInput, hcl.Range{}, "Cannot read variable file",
			fmt.Sprintf("--var-file %s: %v.", path, err))
	}
	if !st.Mode().IsRegular() && !(openStream(path) && !st.IsDir()) {
		return nil, diag.Error(diag.NoInput, hcl.Range{}, "Variable file is not a regular file",
			fmt.Sprintf("--var-file %s is a %s, not a file; a variable file is a regular file of NAME = VALUE lines (or /dev/stdin).", path, diag.FileKind(st.Mode())))
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, diag.Error(diag.NoInput, hcl.Range{}, "Cannot read variable file",
			fmt.Sprintf("--var-file %s: %v.", path, err))
	}
	defer f.Close()
	src, err := io.ReadAll(io.LimitReader(f, MaxVarFileSize+1))
	if err != nil {
		return nil, diag.Error(diag.NoInput, hcl.Range{}, "Cannot read variable file",
			fmt.Sprintf("--var-file %s: %v.", path, err))
	}
	if len(src) > MaxVarFileSize {
		return nil, diag.Error(diag.FileTooLarge, hcl.Range{}, "Variable file too large",
			fmt.Sprintf("--var-file %s is larger than %d bytes.", path, MaxVarFileSize))
	}
	return src, nil
}

// openStream reports whether path names a file descriptor this process
// already has open (its standard input, or /dev/fd/N), which opening
// again cannot block on.
func openStream(path string) bool {
	return path == "/dev/stdin" || strings.HasPrefix(path, "/dev/fd/") || strings.HasPrefix(path, "/proc/self/fd/")
}

// applyFlag applies one --var NAME=VALUE.
func (s *varSet) applyFlag(arg string) hcl.Diagnostics {
	name, raw, ok := strings.Cut(arg, "=")
	name = strings.TrimSpace(name)
	if !ok || !hclsyntax.ValidIdentifier(name) {
		return hcl.Diagnostics{diag.Error(diag.InvalidValue, hcl.Range{}, fmt.Sprintf("Invalid --var %q", arg),
			"A --var flag has the form NAME=VALUE, e.g. --var spines=8 or --var 'pods=[0, 1]'.")}
	}
	st, ok := s.byName[name]
	if !ok {
		return hcl.Diagnostics{s.undeclared(name, "--var", hcl.Range{})}
	}
	source := "--var " + name
	if st.v.Type == cty.String {
		if d := st.assign(cty.StringVal(raw), source, hcl.Range{}); d != nil {
			return hcl.Diagnostics{d}
		}
		return nil
	}
	example := "\"text\""
	switch t := st.v.Type; {
	case t.Equals(cty.Number):
		example = "4"
	case t.Equals(cty.Bool):
		example = "true"
	case t.IsListType() || t.IsSetType() || t.IsTupleType():
		example = "[0, 1]"
	case t.IsMapType() || t.IsObjectType():
		example = "{a = 1}"
	}
	hint := fmt.Sprintf(" The value of --var %s is read as an HCL expression because the variable's type is %s; write one, e.g. --var '%s=%s'.",
		name, typeexpr.TypeString(st.v.Type), name, example)
	if d := Screen(source, []byte(raw)); d != nil {
		d.Subject = nil // the value is a flag, not a file
		return hcl.Diagnostics{d}
	}
	expr, diags := hclsyntax.ParseExpression([]byte(raw), "<value for var."+name+">", hcl.InitialPos)
	if !diags.HasErrors() {
		var val cty.Value
		val, diags = MeterExpr(expr, s.budget).Value(nil)
		if !diags.HasErrors() {
			if d := st.assign(val, source, hcl.Range{}); d != nil {
				return hcl.Diagnostics{d}
			}
			return diags
		}
	}
	st.set, st.failed, st.source = true, true, source
	for _, d := range diags {
		d.Extra = &diag.Extra{Code: diag.InvalidValue}
		if d.Severity == hcl.DiagError {
			// The value is a flag, not a file: no range to point at, and
			// HCL's own summary ("Variables not allowed" for a bare
			// word) says less than which flag is wrong.
			what := strings.TrimSuffix(strings.TrimSpace(strings.TrimSuffix(d.Summary, ".")+": "+d.Detail), ".")
			if _, bare := expr.(*hclsyntax.ScopeTraversalExpr); bare {
				what = "a bare word, which HCL reads as a name" // not "Variables not allowed" (trial 56)
			}
			d.Summary = "Invalid value for --var " + name
			d.Detail = fmt.Sprintf("%q is not an HCL value of type %s (%s).", raw, typeexpr.TypeString(st.v.Type), what) + hint
			d.Subject, d.Context, d.Expression, d.EvalContext = nil, nil, nil, nil
		}
	}
	return diags
}
