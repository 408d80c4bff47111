package eval

import (
	"errors"
	"fmt"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/zclconf/go-cty/cty"

	"github.com/topoc/topoc/lang/diag"
)

// withCode gives every diagnostic in ds that carries no topoc code the
// code c, so that HCL's own diagnostics get a stable code too.
func withCode(ds hcl.Diagnostics, c diag.Code) hcl.Diagnostics {
	for _, d := range ds {
		if _, ok := d.Extra.(*diag.Extra); !ok {
			d.Extra = &diag.Extra{Code: c}
		}
	}
	return ds
}

// evalDiags codes the diagnostics of evaluating an expression: references
// to unknown functions or variables are diag.UnknownReference, anything
// else (type errors, failed function calls) diag.InvalidValue. HCL's
// summaries are stable text, which is what this keys on.
func evalDiags(ds hcl.Diagnostics) hcl.Diagnostics {
	for _, d := range ds {
		if _, ok := d.Extra.(*diag.Extra); ok {
			continue
		}
		switch d.Summary {
		case "Call to unknown function":
			d.Extra = &diag.Extra{Code: diag.UnknownReference}
			d.Detail = unknownFunctionDetail(d.Detail)
		case "Unknown variable", "Unsupported attribute":
			d.Extra = &diag.Extra{Code: diag.UnknownReference}
		default:
			d.Extra = &diag.Extra{Code: diag.InvalidValue}
		}
	}
	return ds
}

// convertMessage explains a failed cty conversion, naming the element or
// attribute when the error has a path.
func convertMessage(err error) string {
	var pe cty.PathError
	if errors.As(err, &pe) && len(pe.Path) > 0 {
		return fmt.Sprintf("%s: %s", pathString(pe.Path), pe.Error())
	}
	return err.Error()
}

// pathString writes a cty path as HCL would: attribute "x", element [2].
func pathString(p cty.Path) string {
	var b strings.Builder
	for _, step := range p {
		switch s := step.(type) {
		case cty.GetAttrStep:
			b.WriteString("." + s.Name)
		case cty.IndexStep:
			k := s.Key
			switch {
			case !k.IsKnown() || k.IsNull():
				b.WriteString("[?]")
			case k.Type() == cty.String:
				fmt.Fprintf(&b, "[%q]", k.AsString())
			case k.Type() == cty.Number:
				b.WriteString("[" + k.AsBigFloat().Text('f', -1) + "]")
			default:
				b.WriteString("[?]")
			}
		}
	}
	return strings.TrimPrefix(b.String(), ".")
}

// unknownFunctionDetail rewrites HCL's detail for a call to an unknown
// function with topoc's own suggestion. HCL suggests the first function
// within edit distance 2 in the order of the context's function map,
// which Go randomizes: "jtin" was "Did you mean join?" on one run and
// "min" on the next, so the same input gave different output (found by
// FuzzLoad). didYouMean takes the nearest, ties broken by name.
func unknownFunctionDetail(detail string) string {
	const prefix = "There is no function named \""
	rest, ok := strings.CutPrefix(detail, prefix)
	if !ok {
		return detail
	}
	name, _, ok := strings.Cut(rest, "\"")
	if !ok {
		return detail
	}
	names := make([]string, 0, len(functionTable()))
	for _, f := range functionTable() {
		names = append(names, f.name)
	}
	return fmt.Sprintf("There is no function named %q.%s", name, didYouMean(name, names))
}
