package compiler

import (
	"fmt"
	"strings"
	"unicode"

	"github.com/hashicorp/hcl/v2"

	"github.com/topoc/topoc/lang/diag"
)

// badName reports a device name that would break what is built from it:
// names become file names (diagrams), CSV cells (cabling plan, NetBox
// import, where NetBox refuses control characters and a leading "=" reads
// as a spreadsheet formula) and XML/DOT text. "/" is allowed, as in
// "su0/node05", but not empty, "." or ".." segments. It returns nil for a
// good name.
func badName(kind, name string, rng hcl.Range) *hcl.Diagnostic {
	problem := ""
	switch {
	case name == "":
		problem = "is empty"
	case strings.TrimSpace(name) != name:
		problem = "starts or ends with white space"
	case strings.IndexFunc(name, unicode.IsControl) >= 0:
		problem = "holds a control character (a newline or a tab)"
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
	return diag.Error(diag.InvalidValue, rng, "Invalid "+kind+" name",
		fmt.Sprintf("The %s name %q %s; names go into cabling plans, NetBox imports and file names. Use letters, digits, '-', '_', '.' and '/' between parts, e.g. \"su0/node05\".", kind, name, problem))
}
