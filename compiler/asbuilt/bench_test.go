package asbuilt_test

import (
	"testing"

	"github.com/topoc/topoc/compiler/asbuilt"
	"github.com/topoc/topoc/compiler/compiletest"
	"github.com/topoc/topoc/compiler/emit/cabling"
	"github.com/topoc/topoc/compiler/emit/netbox"
)

// BenchmarkVerify131k reads examples/rail-optimized-131k's own NetBox
// cable CSV (393,216 cables) back and compares it with the design: the
// as-built check at 131,072 GPUs (docs/performance.md; issue 15's budget
// is 10 s and 1 GiB for the whole command). Run with
// go test ./compiler/asbuilt -run XXX -bench Verify131k -benchmem.
func BenchmarkVerify131k(b *testing.B) {
	g := compiletest.Example(b, "rail-optimized-131k")
	rows, err := cabling.Rows(g)
	if err != nil {
		b.Fatal(err)
	}
	data := netbox.CSV(rows, netbox.DefaultVersion)
	b.ResetTimer()
	for b.Loop() {
		topo, _, err := asbuilt.Parse(data, asbuilt.FormatNetBox)
		if err != nil {
			b.Fatal(err)
		}
		if r := asbuilt.Compare(g, 0, topo, asbuilt.Options{}); r.MatchedLinks != 393_216 {
			b.Fatalf("%d links as designed, want 393,216", r.MatchedLinks)
		}
	}
}
