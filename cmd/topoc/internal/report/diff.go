package report

import (
	"github.com/topoc/topoc/analyzers/congestion"
	"github.com/topoc/topoc/analyzers/flow"
	"github.com/topoc/topoc/analyzers/results"

	"encoding/json"
	"fmt"
	"maps"
	"math"
	"slices"
	"sort"
	"strings"
)

// Change is one quantity that differs between two reports. Old or New is
// nil when the quantity exists on one side only.
type Change struct {
	// Path names the quantity inside its fabric, JSON field names joined by
	// dots, with array elements keyed by their name or tier
	// ("switches_by_tier.spine", "bisection.ratio").
	Path string `json:"path"`
	Old  any    `json:"old"`
	New  any    `json:"new"`
	// Delta is New − Old for numbers present on both sides, else absent.
	Delta *float64 `json:"delta,omitempty"`
}

// FabricDiff lists the changes of one fabric; Status is "changed",
// "added", "removed", "renamed" (paired under another name, nothing else
// changed), "same", or "uncompiled" (on one side only, and the other
// side has errors: it may be there but not have compiled, so it is
// neither added nor removed). Name is the new design's name (the old
// one's for a removed fabric); Was is the old name when the pairing
// matched fabrics of different names (Pairing), else "".
type FabricDiff struct {
	Name string `json:"name"`
	Was  string `json:"was,omitempty"`
	// PairedBy says how a fabric of another name was paired: "map"
	// (--map) or "family" (the first unpaired fabric of its family, a
	// guess the reader should confirm); "" when paired by name.
	PairedBy string   `json:"paired_by,omitempty"`
	Status   string   `json:"status"`
	Changes  []Change `json:"changes"`
}

// Diff is the semantic difference between two checked designs: per fabric
// (paired by Pairing), every inventory and analysis quantity that differs,
// requirement outcomes, and diagnostic counts.
type Diff struct {
	// OldOK and NewOK are the designs' "ok" (no errors). A design with
	// errors compiles partly or not at all, so its fabrics may be missing.
	OldOK        bool         `json:"old_ok"`
	NewOK        bool         `json:"new_ok"`
	Fabrics      []FabricDiff `json:"fabrics"`
	Requirements []Change     `json:"requirements"`
	// Workloads and Flows list each workload's and flow block's changes,
	// paired by name, in the new design's order with removed ones after.
	Workloads   []NamedDiff `json:"workloads"`
	Flows       []NamedDiff `json:"flows"`
	Diagnostics []Change    `json:"diagnostics"`
}

// NamedDiff lists the changes of one workload or flow block, paired by
// name; Status is "changed", "added", "removed" or "same". The per-link
// detail (hot links, a flow's busiest links and cut), derivation texts
// and the scaling table are left out: they follow from the quantities
// kept (sizes, counts, congestion, times), and a reviewer reads those.
type NamedDiff struct {
	Name    string   `json:"name"`
	Status  string   `json:"status"`
	Changes []Change `json:"changes"`
}

// detailFields are the fields NamedDiff leaves out, by JSON name at any
// depth.
var detailFields = []string{"hot_links", "top_flows", "derivation", "compute_derivation", "method_note",
	"scaling", "utilization", "min_cut", "phases", "ecmp", "expected_hashing", "wcmp"}

// diffNamed pairs old and new elements by name(e) and lists what
// changed in each, detailFields left out.
func diffNamed[T any](old, new []T, name func(T) string) ([]NamedDiff, error) {
	enc := func(xs []T) ([]string, map[string]map[string]any, error) {
		var names []string
		m := map[string]map[string]any{}
		for _, x := range xs {
			f, err := flatten(x)
			if err != nil {
				return nil, nil, err
			}
			for k := range f {
				if slices.ContainsFunc(strings.Split(k, "."), func(seg string) bool { return slices.Contains(detailFields, seg) }) {
					delete(f, k)
				}
			}
			names = append(names, name(x))
			m[name(x)] = f
		}
		return names, m, nil
	}
	oldNames, a, err := enc(old)
	if err != nil {
		return nil, err
	}
	newNames, b, err := enc(new)
	if err != nil {
		return nil, err
	}
	out := []NamedDiff{}
	for _, n := range newNames {
		o, ok := a[n]
		if !ok {
			out = append(out, NamedDiff{Name: n, Status: "added", Changes: []Change{}})
			continue
		}
		ch := changes(o, b[n])
		status := "same"
		if len(ch) > 0 {
			status = "changed"
		}
		out = append(out, NamedDiff{Name: n, Status: status, Changes: ch})
	}
	for _, n := range oldNames {
		if _, ok := b[n]; !ok {
			out = append(out, NamedDiff{Name: n, Status: "removed", Changes: []Change{}})
		}
	}
	return out, nil
}

// Empty reports whether nothing differs.
func (d *Diff) Empty() bool {
	for _, f := range d.Fabrics {
		if f.Status != "same" {
			return false
		}
	}
	for _, w := range append(slices.Clone(d.Workloads), d.Flows...) {
		if w.Status != "same" {
			return false
		}
	}
	return len(d.Requirements) == 0 && len(d.Diagnostics) == 0
}

// oneSided is the status of a fabric found on one side only: status
// ("added", "removed") when the other side compiled without errors, else
// "uncompiled".
func oneSided(status string, otherOK bool) string {
	if otherOK {
		return status
	}
	return "uncompiled"
}

// Compare computes the semantic diff from old to new, with fabrics paired
// by Pairing(old, new, renames). Fabrics keep the order of new, with
// removed fabrics after them. It fails if renames names a fabric a design
// does not have, or if a report cannot be encoded as JSON.
func Compare(old, new *results.Check, renames map[string]string) (*Diff, error) {
	d := &Diff{OldOK: old.OK, NewOK: new.OK, Fabrics: []FabricDiff{}, Requirements: []Change{}, Diagnostics: []Change{},
		Workloads: []NamedDiff{}, Flows: []NamedDiff{}}
	pair, err := Pairing(old.Fabrics, new.Fabrics, renames)
	if err != nil {
		return nil, err
	}
	paired := make([]bool, len(old.Fabrics))
	for i, f := range new.Fabrics {
		j := pair[i]
		if j < 0 {
			d.Fabrics = append(d.Fabrics, FabricDiff{Name: f.Name, Status: oneSided("added", old.OK), Changes: []Change{}})
			continue
		}
		paired[j] = true
		o := old.Fabrics[j]
		a, err := flatten(o)
		if err != nil {
			return nil, err
		}
		b, err := flatten(f)
		if err != nil {
			return nil, err
		}
		ch := slices.DeleteFunc(changes(a, b), func(c Change) bool {
			// A bounded quantity's field holds one end; its bound fields,
			// which change too, say what is proven; the name is the
			// pairing's.
			return openField(a, c.Path) || openField(b, c.Path) || c.Path == "name"
		})
		status := "same"
		if len(ch) > 0 {
			status = "changed"
		}
		fd := FabricDiff{Name: f.Name, Status: status, Changes: ch}
		if o.Name != f.Name {
			fd.Was, fd.PairedBy = o.Name, "family"
			if renames[o.Name] == f.Name {
				fd.PairedBy = "map"
			}
			if status == "same" {
				fd.Status = "renamed"
			}
		}
		d.Fabrics = append(d.Fabrics, fd)
	}
	for j, f := range old.Fabrics {
		if !paired[j] {
			d.Fabrics = append(d.Fabrics, FabricDiff{Name: f.Name, Status: oneSided("removed", new.OK), Changes: []Change{}})
		}
	}
	reqs := func(c *results.Check) map[string]any {
		m := map[string]any{}
		for _, r := range c.Requirements {
			m[r.Name] = r.Status
		}
		return m
	}
	d.Requirements = changes(reqs(old), reqs(new))
	if d.Workloads, err = diffNamed(old.Workloads, new.Workloads, func(w congestion.Workload) string { return w.Name }); err != nil {
		return nil, err
	}
	if d.Flows, err = diffNamed(old.Flows, new.Flows, func(f flow.Result) string { return f.Name }); err != nil {
		return nil, err
	}
	counts := func(c *results.Check) map[string]any {
		m := map[string]any{}
		for _, x := range c.Diagnostics {
			k := string(x.Severity) + "s"
			v, _ := m[k].(float64)
			m[k] = v + 1
		}
		return m
	}
	d.Diagnostics = changes(counts(old), counts(new))
	return d, nil
}

// flatten encodes v as JSON and lists its scalar leaves by path. Arrays of
// objects are keyed by the element's "name" or "tier" (so reordering is
// not a change); arrays of scalars (certificate lists) are summarised by
// their length, since a diff of thousands of names helps no reviewer.
func flatten(v any) (map[string]any, error) {
	b, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	var x any
	if err := json.Unmarshal(b, &x); err != nil {
		return nil, err
	}
	out := map[string]any{}
	var walk func(prefix string, x any)
	walk = func(prefix string, x any) {
		join := func(k string) string {
			if prefix == "" {
				return k
			}
			return prefix + "." + k
		}
		switch t := x.(type) {
		case map[string]any:
			for k, v := range t {
				if prefix == "" && k == "name" {
					continue
				}
				walk(join(k), v)
			}
		case []any:
			keyed := len(t) > 0
			for _, e := range t {
				if key(e) == "" {
					keyed = false
				}
			}
			if !keyed {
				if len(t) > 0 {
					if _, obj := t[0].(map[string]any); obj {
						for i, e := range t {
							walk(join(fmt.Sprint(i)), e)
						}
						return
					}
				}
				out[join("length")] = float64(len(t))
				return
			}
			for _, e := range t {
				m := e.(map[string]any)
				k := key(e)
				if c, ok := m["count"]; ok && len(m) == 2 {
					out[join(k)] = c // {"name", "count"} pairs read as name → count
					continue
				}
				for f, v := range m {
					if f != "name" && f != "tier" {
						walk(join(k+"."+f), v)
					}
				}
			}
		default:
			out[prefix] = x
		}
	}
	walk("", x)
	return out, nil
}

func key(e any) string {
	m, ok := e.(map[string]any)
	if !ok {
		return ""
	}
	for _, f := range []string{"name", "tier"} {
		if s, ok := m[f].(string); ok && s != "" {
			return s
		}
	}
	return ""
}

// changes compares two flattened maps; the result is sorted by path.
func changes(a, b map[string]any) []Change {
	paths := map[string]bool{}
	for k := range a {
		paths[k] = true
	}
	for k := range b {
		paths[k] = true
	}
	keys := make([]string, 0, len(paths))
	for k := range paths {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	out := []Change{}
	for _, k := range keys {
		o, inA := a[k]
		n, inB := b[k]
		if inA && inB && equal(o, n) {
			continue
		}
		if o == nil && n == nil {
			continue // absent on one side, null on the other: no value either way (trial 50's "— → —")
		}
		c := Change{Path: k, Old: o, New: n}
		of, ok1 := o.(float64)
		nf, ok2 := n.(float64)
		if ok1 && ok2 {
			delta := nf - of
			c.Delta = &delta
		}
		out = append(out, c)
	}
	return out
}

// equal compares two JSON leaves; numbers equal within a relative 1e-12,
// so float noise in an analysis is not reported as a design change.
func equal(a, b any) bool {
	af, ok1 := a.(float64)
	bf, ok2 := b.(float64)
	if ok1 && ok2 {
		return af == bf || math.Abs(af-bf) <= 1e-12*math.Max(math.Abs(af), math.Abs(bf))
	}
	return fmt.Sprint(a) == fmt.Sprint(b)
}

// FormatDelta writes "+128", "−128" (a real minus sign) or "+0.125".
func FormatDelta(path string, d float64) string {
	sign := "+"
	if d < 0 {
		sign, d = "−", -d
	}
	if results.IsOversubscription(path) {
		return sign + strings.TrimSuffix(strings.TrimRight(fmt.Sprintf("%.3f", d), "0"), ".")
	}
	return sign + results.FormatValue(path, d)
}

// Pairing pairs each fabric of new with one of old, or -1 (added): first
// as renames (old name → new name, `topoc diff --map`) says, then by
// name, then the remaining fabrics of each family in design order (the
// first unpaired clos of old with the first unpaired clos of new), so
// that renaming a fabric diffs its numbers instead of reporting one
// fabric removed and another added. A renames entry naming a fabric that
// is not in its design, or two entries of one fabric, is an error.
func Pairing(old, new []results.Fabric, renames map[string]string) ([]int, error) {
	pair := make([]int, len(new))
	taken := make([]bool, len(old))
	oldAt := map[string]int{}
	for j, f := range old {
		oldAt[f.Name] = j
	}
	newAt := map[string]int{}
	for i, f := range new {
		newAt[f.Name] = i
		pair[i] = -1
	}
	for _, o := range slices.Sorted(maps.Keys(renames)) {
		n := renames[o]
		j, ok := oldAt[o]
		if !ok {
			return nil, fmt.Errorf("--map %s=%s: the old design has no fabric %q", o, n, o)
		}
		i, ok := newAt[n]
		if !ok {
			return nil, fmt.Errorf("--map %s=%s: the new design has no fabric %q", o, n, n)
		}
		if pair[i] >= 0 {
			return nil, fmt.Errorf("--map pairs new fabric %q twice", n)
		}
		pair[i], taken[j] = j, true
	}
	for i, f := range new {
		if j, ok := oldAt[f.Name]; ok && pair[i] < 0 && !taken[j] {
			pair[i], taken[j] = j, true
		}
	}
	for i, f := range new {
		if pair[i] >= 0 {
			continue
		}
		for j, o := range old {
			if !taken[j] && o.Family == f.Family {
				pair[i], taken[j] = j, true
				break
			}
		}
	}
	return pair, nil
}
