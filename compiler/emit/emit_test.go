package emit

import (
	"os"
	"path/filepath"
	"strings"
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

// A conflict anywhere in the set (a file where a directory must go, a
// directory where a file must go, a name too long) writes nothing.
func TestWriteAllConflictsWriteNothing(t *testing.T) {
	for name, setup := range map[string]func(dir string) error{
		"file where a directory goes": func(dir string) error {
			return os.WriteFile(filepath.Join(dir, "diagrams"), nil, 0o644)
		},
		"directory where a file goes": func(dir string) error {
			return os.MkdirAll(filepath.Join(dir, "netbox", "cables.csv"), 0o755)
		},
		// Writing through it would write outside the output directory.
		"symbolic link to a directory where a directory goes": func(dir string) error {
			return os.Symlink(t.TempDir(), filepath.Join(dir, "diagrams"))
		},
	} {
		dir := t.TempDir()
		if err := setup(dir); err != nil {
			t.Fatal(err)
		}
		arts := []Artifact{{"cabling/plan.csv", []byte("x")}, {"diagrams/ft/overview.svg", nil}, {"netbox/cables.csv", nil}}
		if err := WriteAll(dir, arts); err == nil {
			t.Errorf("%s: WriteAll succeeded", name)
		}
		if _, err := os.Stat(filepath.Join(dir, "cabling")); err == nil {
			t.Errorf("%s: cabling/ was written before the conflict was found", name)
		}
	}
	if err := CheckPath("diagrams/" + strings.Repeat("a", 300) + ".svg"); err == nil {
		t.Error("CheckPath accepted a 304-byte file name")
	}
}
