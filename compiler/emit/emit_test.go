package emit

import (
	"os"
	"path/filepath"
	"testing"
)

func TestCheckPath(t *testing.T) {
	for _, p := range []string{"a.svg", "diagrams/pod_3.svg", "nccl/DGX-H100.xml"} {
		if err := CheckPath(p); err != nil {
			t.Errorf("CheckPath(%q) = %v, want ok", p, err)
		}
	}
	for _, p := range []string{"", "/etc/passwd", "../x", "a/../../x", "a//b", "./a", "a\\b", "c:x", "a\nb", "a\x00"} {
		if CheckPath(p) == nil {
			t.Errorf("CheckPath(%q) accepted an unsafe path", p)
		}
	}
}

func TestSafeName(t *testing.T) {
	for in, want := range map[string]string{
		"pod3/leaf7": "pod3_leaf7", "..": "_..", "": "_", "a b\t\"c\"": "a_b__c_", "gpu-0.x": "gpu-0.x", "é": "__",
	} {
		got := SafeName(in)
		if got != want {
			t.Errorf("SafeName(%q) = %q, want %q", in, got, want)
		}
		if CheckPath(got) != nil {
			t.Errorf("SafeName(%q) = %q is not a safe path", in, got)
		}
	}
}

func TestWriteAll(t *testing.T) {
	dir := t.TempDir()
	arts := []Artifact{{"b/x.txt", []byte("x")}, {"a.txt", []byte("a")}}
	if err := WriteAll(dir, arts); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "b", "x.txt")); string(b) != "x" {
		t.Errorf("b/x.txt = %q", b)
	}
	// A bad path anywhere in the set writes nothing.
	dir2 := t.TempDir()
	if err := WriteAll(dir2, []Artifact{{"ok.txt", nil}, {"../escape.txt", nil}}); err == nil {
		t.Fatal("WriteAll accepted ../escape.txt")
	}
	if ents, _ := os.ReadDir(dir2); len(ents) != 0 {
		t.Errorf("a rejected set left %d entries behind", len(ents))
	}
	if err := WriteAll(dir2, []Artifact{{"d.txt", nil}, {"d.txt", nil}}); err == nil {
		t.Error("WriteAll accepted a duplicate path")
	}
	// No temporary files remain.
	ents, _ := os.ReadDir(dir)
	for _, e := range ents {
		if e.Name()[0] == '.' {
			t.Errorf("temporary file %s left behind", e.Name())
		}
	}
}
