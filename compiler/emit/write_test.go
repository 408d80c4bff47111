package emit

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// oldOutput is the output of an earlier build that a failed or
// interrupted one must leave exactly as it was.
var oldOutput = map[string]string{
	"cabling/plan.csv":  "old plan\n",
	"ir.json":           "{\"old\": true}\n",
	"netbox/cables.csv": "old cables\n",
}

// newSet is the set of the build that fails: it replaces the old files
// and adds a file in an existing directory and one in a new directory.
var newSet = []Artifact{
	{"cabling/plan.csv", []byte("new plan\n")},
	{"cabling/racks.csv", []byte("new racks\n")},
	{"diagrams/f/overview.svg", []byte("<svg/>\n")},
	{"ir.json", []byte("{}\n")},
	{"netbox/cables.csv", []byte("new cables\n")},
}

func writeOld(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	for p, data := range oldOutput {
		full := filepath.Join(dir, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(full, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// assertOld fails unless dir holds exactly the old output: same files,
// same bytes, no new file or directory, no hidden temporary or staging
// entry.
func assertOld(t *testing.T, dir string) {
	t.Helper()
	got := map[string]string{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		if rel == "." {
			return nil
		}
		if strings.HasPrefix(d.Name(), ".") {
			t.Errorf("%s left behind", rel)
		}
		if d.IsDir() {
			if _, ok := map[string]bool{"cabling": true, "netbox": true}[rel]; !ok {
				t.Errorf("new directory %s left behind", rel)
			}
			return nil
		}
		b, err := os.ReadFile(p)
		got[filepath.ToSlash(rel)] = string(b)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	for p, want := range oldOutput {
		if got[p] != want {
			t.Errorf("%s = %q, want the old %q", p, got[p], want)
		}
	}
	if len(got) != len(oldOutput) {
		t.Errorf("files after the failed set: %v, want only the old ones", got)
	}
}

func setHook(t *testing.T, h func(step, path string) error) {
	t.Helper()
	testHook = h
	t.Cleanup(func() { testHook = nil })
}

// A set that fails at any point before its files are renamed into place,
// even at its very last file, leaves the old output as it was: no new
// file beside an old one, no temporary file, no staging directory.
func TestWriteAllFailureLeavesOldOutput(t *testing.T) {
	for _, step := range []string{"stage", "place"} {
		for _, at := range []string{"cabling/plan.csv", "ir.json", "netbox/cables.csv"} {
			t.Run(step+" "+at, func(t *testing.T) {
				dir := writeOld(t)
				boom := errors.New("boom")
				setHook(t, func(s, p string) error {
					if s == step && p == at {
						return boom
					}
					return nil
				})
				if err := WriteAll(dir, newSet); !errors.Is(err, boom) {
					t.Fatalf("WriteAll = %v, want the injected failure", err)
				}
				assertOld(t, dir)
			})
		}
	}
}

// A set into a directory that does not exist yet removes the directory
// again when it fails.
func TestWriteAllFailureRemovesNewDirectory(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "a", "out")
	setHook(t, func(s, p string) error {
		if s == "place" && p == "ir.json" {
			return errors.New("boom")
		}
		return nil
	})
	if err := WriteAll(dir, newSet); err == nil {
		t.Fatal("WriteAll succeeded")
	}
	if _, err := os.Lstat(filepath.Dir(dir)); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("the directories WriteAll created are still there (%v)", err)
	}
}

// Abort from another goroutine (a signal handler) in the middle of a set
// removes what the set wrote and makes WriteAll fail with ErrAborted;
// after a complete set, Abort reports it complete and removes nothing.
func TestWriterAbort(t *testing.T) {
	for _, step := range []string{"stage", "place"} {
		t.Run(step, func(t *testing.T) {
			dir := writeOld(t)
			w := new(Writer)
			done := make(chan bool)
			setHook(t, func(s, p string) error {
				if s == step && p == "diagrams/f/overview.svg" {
					go func() { done <- w.Abort() }()
					if <-done {
						t.Error("Abort reported an unfinished set complete")
					}
				}
				return nil
			})
			if err := w.WriteAll(dir, newSet); !errors.Is(err, ErrAborted) {
				t.Fatalf("WriteAll = %v, want ErrAborted", err)
			}
			assertOld(t, dir)
		})
	}
	dir := t.TempDir()
	w := new(Writer)
	if err := w.WriteAll(dir, newSet); err != nil {
		t.Fatal(err)
	}
	if !w.Abort() {
		t.Error("Abort after a complete set did not report it complete")
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "ir.json")); string(b) != "{}\n" {
		t.Errorf("Abort after a complete set changed ir.json: %q", b)
	}
	if err := w.WriteAll(dir, newSet); !errors.Is(err, ErrAborted) {
		t.Errorf("WriteAll after Abort = %v, want ErrAborted", err)
	}
}

// A successful set replaces the old files, leaves no staging directory
// or temporary file, and writes mode 0644 whatever the umask.
func TestWriteAllReplaces(t *testing.T) {
	dir := writeOld(t)
	if err := WriteAll(dir, newSet); err != nil {
		t.Fatal(err)
	}
	for _, a := range newSet {
		p := filepath.Join(dir, filepath.FromSlash(a.Path))
		b, err := os.ReadFile(p)
		if err != nil || string(b) != string(a.Data) {
			t.Errorf("%s = %q, %v; want %q", a.Path, b, err, a.Data)
		}
		if st, err := os.Stat(p); err == nil && st.Mode().Perm() != 0o644 {
			t.Errorf("%s has mode %v, want 0644", a.Path, st.Mode().Perm())
		}
	}
	filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err == nil && strings.HasPrefix(d.Name(), ".") && p != dir {
			t.Errorf("%s left behind", p)
		}
		return err
	})
}

// A symbolic link where an artifact goes is refused before anything is
// written, and stays a link to its untouched target.
func TestWriteAllRefusesSymlinkTarget(t *testing.T) {
	dir := writeOld(t)
	victim := filepath.Join(t.TempDir(), "victim")
	if err := os.WriteFile(victim, []byte("precious"), 0o644); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "graph.graphml")
	if err := os.Symlink(victim, link); err != nil {
		t.Skip("symlink:", err)
	}
	err := WriteAll(dir, append([]Artifact{{"graph.graphml", []byte("<g/>")}}, newSet...))
	var nr *NotRegularError
	if !errors.As(err, &nr) || nr.Path != link || !strings.Contains(err.Error(), "symbolic link") {
		t.Fatalf("WriteAll = %v, want a NotRegularError naming %s as a symbolic link", err, link)
	}
	if st, err := os.Lstat(link); err != nil || st.Mode()&fs.ModeSymlink == 0 {
		t.Errorf("the link was replaced: %v %v", st, err)
	}
	if b, _ := os.ReadFile(victim); string(b) != "precious" {
		t.Errorf("the link's target was written: %q", b)
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "ir.json")); string(b) != oldOutput["ir.json"] {
		t.Errorf("ir.json was written before the refusal: %q", b)
	}
}

// WriteFile refuses to replace a directory or a symbolic link, naming the
// path and what it is, and replaces a regular file.
func TestWriteFileRefusesNonRegular(t *testing.T) {
	dir := t.TempDir()
	sub := filepath.Join(dir, "sub")
	if err := os.Mkdir(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	err := WriteFile(sub, []byte("x"))
	var nr *NotRegularError
	if !errors.As(err, &nr) || !nr.IsDir() || !strings.Contains(err.Error(), sub+" is a directory") {
		t.Errorf("WriteFile(dir) = %v, want %q is a directory", err, sub)
	}
	target := filepath.Join(dir, "target")
	if err := os.WriteFile(target, []byte("keep"), 0o644); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "link")
	if err := os.Symlink(target, link); err == nil {
		if err := WriteFile(link, []byte("x")); !errors.As(err, &nr) || !strings.Contains(err.Error(), "symbolic link") {
			t.Errorf("WriteFile(symlink) = %v, want a symbolic-link refusal", err)
		}
		if st, _ := os.Lstat(link); st == nil || st.Mode()&fs.ModeSymlink == 0 {
			t.Error("the symbolic link was replaced")
		}
		if b, _ := os.ReadFile(target); string(b) != "keep" {
			t.Errorf("the link's target was written: %q", b)
		}
	}
	if err := WriteFile(target, []byte("new")); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(target); string(b) != "new" {
		t.Errorf("regular file = %q, want new", b)
	}
	ents, _ := os.ReadDir(dir)
	for _, e := range ents {
		if strings.HasPrefix(e.Name(), ".") {
			t.Errorf("temporary file %s left behind", e.Name())
		}
	}
}
