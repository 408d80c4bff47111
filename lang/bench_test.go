package lang

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/topoc/topoc/lang/scaledesign"
)

// BenchmarkLoad loads each design of scaledesign.Series (about 1k, 8k, 32k
// and 131k endpoints per family): read, parse, evaluate variables and
// locals, decode every block with the built-in catalogue. The rail series
// evaluates one name template per server (16,384 at 131k); fat-tree and
// dragonfly designs are a few lines whatever their size, so their time is
// the fixed cost of a load.
func BenchmarkLoad(b *testing.B) {
	for _, s := range scaledesign.Series() {
		b.Run(s.Name, func(b *testing.B) {
			dir := b.TempDir()
			if err := os.WriteFile(filepath.Join(dir, "design"+Suffix), []byte(s.Source), 0o644); err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			for b.Loop() {
				if _, diags := Load([]string{dir}, Options{}); diags.HasErrors() {
					b.Fatal(diags)
				}
			}
			b.ReportMetric(float64(s.Endpoints), "endpoints")
		})
	}
}
