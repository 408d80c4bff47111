package nccl_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"

	"github.com/topoc/topoc/compiler"
	"github.com/topoc/topoc/compiler/emit/nccl"
	"github.com/topoc/topoc/compiler/emit/nccl/ncclimport"
	"github.com/topoc/topoc/compiler/emit/nccl/topoxml"
	"github.com/topoc/topoc/lang"
)

// seeds adds the reference files and a few edge cases of
// nccl-topo-xml.md §2 to a fuzz corpus.
func seeds(f *testing.F) {
	files, _ := filepath.Glob(filepath.Join(refDir, "*.xml"))
	for _, p := range files {
		b, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	for _, s := range []string{
		"", "<system version=\"1\"/>", "<?xml version=\"1.0\"?>\n<system/>", "<!--a=b-->",
		"<system version='1'><cpu numaid=\"0\"  affinity=\"ff\" /></system>",
		"<system version=\"1\"><cpu numaid=\"08\"><gpu/><pci busid=\"0000:0A:00.0\"><pci/></pci></cpu></system>",
		"<SYSTEM version=\"1\"></SYSTEM>", "<system version=\"1\"><cpu numaid=\"0\"></pci></system>",
	} {
		f.Add([]byte(s))
	}
}

// FuzzLint: Lint never panics, and a file NCCL's parser accepts survives
// Write and Parse unchanged as NCCL reads it (the writer and the parser
// agree on the lexical subset).
func FuzzLint(f *testing.F) {
	seeds(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		_ = topoxml.Lint("f.xml", data)
		doc, diags := topoxml.Parse("f.xml", data)
		if diags.HasErrors() {
			return
		}
		for _, r := range doc.Roots {
			if r.Ignored {
				continue
			}
			out := topoxml.Write(r, nil)
			again, d2 := topoxml.Parse("w.xml", out)
			if d2.HasErrors() {
				t.Fatalf("written file does not parse: %v\n%q", d2, out)
			}
			if len(again.Roots) != 1 {
				t.Fatalf("written file has %d roots\n%q", len(again.Roots), out)
			}
			if d := topoxml.Diff(r, again.Roots[0]); d != nil {
				t.Fatalf("round trip changed the tree: %v\n%q", d, out)
			}
		}
	})
}

// FuzzImport: Import never panics; what it writes is valid HCL, and a
// design using it loads and compiles without panicking (errors, such as a
// duplicate bus id, are diagnostics).
func FuzzImport(f *testing.F) {
	seeds(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		text, diags := ncclimport.Import("f.xml", data, ncclimport.ImportOptions{Name: "fuzz"})
		if text == nil {
			if !diags.HasErrors() {
				t.Fatal("no text and no error")
			}
			return
		}
		if _, d := hclsyntax.ParseConfig(text, "fuzz.topo.hcl", hcl.InitialPos); d.HasErrors() {
			t.Fatalf("imported text is not HCL: %v\n%s", d, text)
		}
		dir := t.TempDir()
		design := append(text, []byte("\nnode_group \"n\" {\n  model = \"fuzz\"\n}\n")...)
		if err := os.WriteFile(filepath.Join(dir, "d.topo.hcl"), design, 0o644); err != nil {
			t.Fatal(err)
		}
		cfg, d := lang.Load([]string{dir}, lang.Options{})
		if d.HasErrors() {
			t.Fatalf("imported text does not load: %v\n%s", d, text)
		}
		g, d := compiler.Compile(cfg, compiler.Options{})
		if g != nil && !d.HasErrors() {
			for i := range g.ServerModels {
				_ = nccl.Build(g, &g.ServerModels[i])
			}
		}
	})
}
