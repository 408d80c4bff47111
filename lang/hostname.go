package lang

import (
	"fmt"
	"strings"

	"github.com/hashicorp/hcl/v2"

	"github.com/topoc/topoc/lang/diag"
)

// MaxHostnameLen is the longest host name accepted, in characters: 63,
// the longest DNS label (RFC 1035 §2.3.4), which is also all that
// Kubernetes (a node name is an RFC 1123 subdomain, but kubelet's
// hostname label is one label) and Slurm (64 characters) both take.
const MaxHostnameLen = 63

// CheckHostname reports why h cannot be server i's host name, or nil. A
// host name is what the operating system, the scheduler and discovery
// (an InfiniBand node description "<host> mlx5_0", an LLDP system name)
// call the server, so it follows RFC 1123 §2.1: letters, digits and
// hyphens, not starting or ending with a hyphen, at most MaxHostnameLen
// characters. Dots (a fully qualified name) are refused: Slurm and
// Kubernetes both name nodes by the short name. The diagnostic is
// invalid-value at rng.
func CheckHostname(h string, i int, rng hcl.Range) *hcl.Diagnostic {
	problem := ""
	bad := strings.IndexFunc(h, func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-')
	})
	switch {
	case h == "":
		problem = "is empty"
	case len(h) > MaxHostnameLen:
		problem = fmt.Sprintf("is %d characters long, more than %d", len(h), MaxHostnameLen)
	case bad >= 0:
		problem = fmt.Sprintf("holds %s", describeRune([]rune(h[bad:])[0]))
	case h[0] == '-' || h[len(h)-1] == '-':
		problem = "starts or ends with '-'"
	}
	if problem == "" {
		return nil
	}
	return diag.Error(diag.InvalidValue, rng, "Invalid hostname",
		fmt.Sprintf("The hostname of server %d, %s, %s. A hostname is the server's short host name (RFC 1123): letters, digits and '-', not first or last, at most %d characters, e.g. \"dgx-su0-n05\"; Slurm, Kubernetes and discovery name the server by it.", i, quoteName(h), problem, MaxHostnameLen))
}
