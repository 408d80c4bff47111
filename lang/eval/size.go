package eval

import (
	"github.com/zclconf/go-cty/cty"
)

// MaxValueSize caps the size of one local value, counted as the bytes of
// its strings plus one per element or attribute, nested values included.
// A chain of locals that each double the last (b = "${a}${a}", c =
// concat(b, b), ...) grows exponentially and ran a 4 GB machine out of
// memory in under a minute; with the cap the chain stops at the first
// local past it. 4 Mi units is as much text as the largest design file
// (lang.MaxFileBytes); the largest values a real design computes, such as
// the names of 16,384 servers, are about 250 KB. A modelling assumption.
const MaxValueSize = 4 << 20

// valueSize returns the size of v as MaxValueSize counts it, stopping
// early once it exceeds limit (the result is then some value > limit).
// Unknown and null values count 1.
func valueSize(v cty.Value, limit int) int {
	if v.IsNull() || !v.IsKnown() {
		return 1
	}
	t := v.Type()
	switch {
	case t == cty.String:
		return 1 + len(v.AsString())
	case t.IsListType() || t.IsSetType() || t.IsTupleType() || t.IsMapType() || t.IsObjectType():
		n := 1
		for it := v.ElementIterator(); it.Next() && n <= limit; {
			_, e := it.Element()
			n += 1 + valueSize(e, limit-n)
		}
		return n
	}
	return 1
}
