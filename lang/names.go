package lang

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"

	"github.com/topoc/topoc/lang/diag"
)

// MaxNameLen caps a name or block label, in characters: 64, the length
// of a NetBox device name (dcim Device.name, max_length=64), which the
// NetBox import emits. Composed names ("fabric/su0/leaf3") may be longer;
// each label in them is within the cap.
const MaxNameLen = 64

// CheckName reports a name that would break what is built from it, or nil
// for a good one. kind says what is named ("server", "fabric label").
// Names become file names (diagrams), CSV cells (cabling plan, NetBox
// import, where a leading "=" reads as a spreadsheet formula), Markdown
// table cells, XML and DOT text and terminal output, so a name holds only
// letters, digits, '-', '_', '.' and '/' (no spaces, quotes, backticks,
// '|' or control characters), at most MaxNameLen of them, does not start
// with a character spreadsheets read as a formula (=, +, @, -), and has
// no empty, "." or ".." part between slashes.
func CheckName(kind, name string, rng hcl.Range) *hcl.Diagnostic {
	problem := ""
	bad := strings.IndexFunc(name, func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r) && !strings.ContainsRune("-_./", r)
	})
	switch {
	case name == "":
		problem = "is empty"
	case utf8.RuneCountInString(name) > MaxNameLen:
		problem = fmt.Sprintf("is %d characters long, more than %d", utf8.RuneCountInString(name), MaxNameLen)
	case bad >= 0:
		r, _ := utf8.DecodeRuneInString(name[bad:])
		problem = fmt.Sprintf("holds %s", describeRune(r))
	case strings.ContainsAny(name[:1], "=+@-"):
		problem = fmt.Sprintf("starts with %q, which spreadsheets read as a formula", name[:1])
	default:
		for _, seg := range strings.Split(name, "/") {
			if seg == "" || seg == "." || seg == ".." {
				problem = "has an empty, \".\" or \"..\" part between slashes"
				break
			}
		}
	}
	if problem == "" {
		return nil
	}
	return diag.Error(diag.InvalidValue, rng, "Invalid "+kind,
		fmt.Sprintf("The %s %s %s; names go into cabling plans, NetBox imports, reports and file names. Use letters, digits, '-', '_', '.' and '/' between parts, at most %d characters, e.g. \"su0/node05\".", kind, quoteName(name), problem, MaxNameLen))
}

// describeRune names a character a name may not hold, visibly: control
// characters by code, others quoted.
func describeRune(r rune) string {
	switch {
	case r == '\n':
		return "a newline"
	case r == '\t':
		return "a tab"
	case r == ' ':
		return "a space"
	case unicode.IsControl(r) || !unicode.IsPrint(r):
		return fmt.Sprintf("the control character U+%04X", r)
	}
	return fmt.Sprintf("%q", r)
}

// quoteName quotes name for a message, cut to twice MaxNameLen bytes and
// with control characters escaped (%q escapes them).
func quoteName(name string) string {
	if len(name) > 2*MaxNameLen {
		return fmt.Sprintf("%q…", strings.ToValidUTF8(name[:2*MaxNameLen], ""))
	}
	return fmt.Sprintf("%q", name)
}

// checkLabels checks every block label of body and its nested blocks
// with CheckName: labels name fabrics, tiers, units, appliances, models,
// node groups, switches and hosts, and all of them reach artifacts.
func checkLabels(body *hclsyntax.Body, diags *hcl.Diagnostics) {
	for _, b := range body.Blocks {
		for i, l := range b.Labels {
			rng := b.TypeRange
			if i < len(b.LabelRanges) {
				rng = b.LabelRanges[i]
			}
			if d := CheckName(b.Type+" label", l, rng); d != nil {
				*diags = append(*diags, d)
			}
		}
		checkLabels(b.Body, diags)
	}
}
