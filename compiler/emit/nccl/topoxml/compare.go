package topoxml

import (
	"fmt"
	"sort"
	"strings"

	"github.com/topoc/topoc/compiler/ir"
)

// Diff compares two topology trees as NCCL reads them and returns their
// differences, one line each, sorted; nil means equivalent. It is the
// comparator of topoc's round-trip tests and of `topoc nccl diff`-style
// checks:
//
//   - the same elements, matched by identity rather than position,
//     because NCCL looks elements up by key and never by order: cpu by
//     numaid, pci by busid, net by name, nvlink by target, gpu and nic as
//     the single child of their parent;
//   - the same attributes, compared by NCCL's reading: link_speed by its
//     table value ("16 GT/s" equals "16.0 GT/s PCIe"), integers through
//     Strtol ("1" equals "0x1"), affinity by the CPUs it names, everything
//     else as exact strings (bus ids, classes, vendor ids);
//   - comments, attribute order and ignored elements do not count.
func Diff(a, b *Element) []string {
	var out []string
	diffEl(a, b, a.Name, &out)
	sort.Strings(out)
	return out
}

// numericAttrs are read by NCCL with Strtol (src/graph/xml.h xmlGetAttrInt
// and friends).
var numericAttrs = map[string]bool{
	"version": true, "numaid": true, "familyid": true, "modelid": true, "link_width": true,
	"dev": true, "sm": true, "rank": true, "gdr": true, "count": true, "speed": true,
	"port": true, "maxconn": true, "coll": true, "bw": true, "rail": true, "plane": true,
}

// key identifies an element among its siblings.
func key(e *Element) string {
	var k string
	switch e.Name {
	case "cpu":
		v, _ := e.Get("numaid")
		n, ok := Strtol(v)
		if ok {
			k = fmt.Sprint(n)
		} else {
			k = v
		}
	case "pci":
		k, _ = e.Get("busid")
	case "net":
		k, _ = e.Get("name")
	case "nvlink", "pcilink":
		k, _ = e.Get("target")
	}
	return e.Name + "[" + k + "]"
}

func diffEl(a, b *Element, path string, out *[]string) {
	diffAttrs(a, b, path, out)
	index := func(e *Element) (map[string]*Element, []string) {
		m := map[string]*Element{}
		var order []string
		for _, c := range e.Children {
			if c.Ignored {
				continue
			}
			// Elements with the same key (which lint reports) are
			// matched in order of appearance.
			k := key(c)
			for n := 2; m[k] != nil; n++ {
				k = fmt.Sprintf("%s#%d", key(c), n)
			}
			m[k] = c
			order = append(order, k)
		}
		return m, order
	}
	am, aorder := index(a)
	bm, border := index(b)
	for _, k := range aorder {
		if bc, ok := bm[k]; ok {
			diffEl(am[k], bc, path+"/"+k, out)
		} else {
			*out = append(*out, fmt.Sprintf("%s/%s: only in the first file", path, k))
		}
	}
	for _, k := range border {
		if _, ok := am[k]; !ok {
			*out = append(*out, fmt.Sprintf("%s/%s: only in the second file", path, k))
		}
	}
}

func diffAttrs(a, b *Element, path string, out *[]string) {
	keys := map[string]bool{}
	for _, at := range a.Attrs {
		keys[at.Key] = true
	}
	for _, at := range b.Attrs {
		keys[at.Key] = true
	}
	var names []string
	for k := range keys {
		names = append(names, k)
	}
	sort.Strings(names)
	for _, k := range names {
		va, oka := a.Get(k)
		vb, okb := b.Get(k)
		switch {
		case !oka:
			*out = append(*out, fmt.Sprintf("%s: %s=%q only in the second file", path, k, vb))
		case !okb:
			*out = append(*out, fmt.Sprintf("%s: %s=%q only in the first file", path, k, va))
		case !sameValue(k, va, vb):
			*out = append(*out, fmt.Sprintf("%s: %s differs: %q vs %q", path, k, va, vb))
		}
	}
}

// sameValue compares one attribute's two values as NCCL reads them.
func sameValue(key, a, b string) bool {
	switch {
	case a == b:
		return true
	case key == "link_speed":
		va, _, oka := LinkSpeedValue(a)
		vb, _, okb := LinkSpeedValue(b)
		return va == vb && oka == okb
	case key == "affinity":
		return ir.FormatCPUList(AffinityCPUs(a)) == ir.FormatCPUList(AffinityCPUs(b))
	case numericAttrs[key]:
		na, oka := Strtol(a)
		nb, okb := Strtol(b)
		return oka && okb && na == nb
	case key == "class", key == "vendor", key == "device", key == "subsystem_vendor", key == "subsystem_device":
		return strings.EqualFold(a, b)
	}
	return false
}
