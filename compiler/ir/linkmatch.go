package ir

import (
	"path"
	"strings"
)

// LinkPattern is a link selector as `--fail`, failure-policy rules and
// risk_group links write it: "A--B", a path.Match glob over each end's
// device name ("su0/leaf*--spine0[0-3]"), matching either way round.
// ok is false when p has no "--".
func LinkPattern(p string) (a, b string, ok bool) {
	a, b, ok = strings.Cut(p, "--")
	return strings.TrimSpace(a), strings.TrimSpace(b), ok
}

// LinkMatches reports whether link l joins a device whose name matches
// glob a to one matching glob b, either way round. A malformed glob
// matches nothing (callers validate patterns where they are written).
func (g *Graph) LinkMatches(l *Link, a, b string) bool {
	m := func(p string, n NodeID) bool { ok, _ := path.Match(p, g.Nodes[n].Name); return ok }
	return m(a, l.A.Node) && m(b, l.B.Node) || m(a, l.B.Node) && m(b, l.A.Node)
}

// LinksBetween returns, in link order, every link LinkMatches(a, b).
func (g *Graph) LinksBetween(a, b string) []LinkID {
	var out []LinkID
	for i, l := range g.AllLinks() {
		if g.LinkMatches(&l, a, b) {
			out = append(out, i)
		}
	}
	return out
}
