package emit

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"sync"

	"github.com/topoc/topoc/lang/diag"
)

// stagingPrefix starts the name of the directory, inside the output
// directory, into which WriteAll writes a set before moving it into
// place. Inside, not beside: the output directory's parent may not be
// writable, and a rename only works within one file system.
const stagingPrefix = ".topoc-staging-"

// ErrAborted is the error of a Writer's WriteAll after Abort.
var ErrAborted = errors.New("writing was interrupted; the output directory was left as it was")

// NotRegularError reports a path that exists but is not a regular file: a
// directory, symbolic link, named pipe, socket or device. topoc never
// writes over one, because renaming a new file over it replaces the
// entry itself (the device node, the link), not what it stands for.
type NotRegularError struct {
	Path string
	Mode fs.FileMode // the existing entry's mode, with its type bits
}

// Error names the path and what it is instead of a regular file.
func (e *NotRegularError) Error() string {
	return fmt.Sprintf("%s is a %s, not a regular file; topoc writes only regular files", e.Path, diag.FileKind(e.Mode))
}

// IsDir reports whether the path is a directory, the common mistake of
// naming an output directory where a file name was wanted.
func (e *NotRegularError) IsDir() bool { return e.Mode.IsDir() }

func notRegular(path string, mode fs.FileMode) *NotRegularError {
	return &NotRegularError{Path: path, Mode: mode}
}

// checkRegular refuses a path that exists and is not a regular file. It
// uses Lstat, so a symbolic link is refused rather than followed: a
// rename would replace the link, and callers that mean to write through a
// link (fmt -w) resolve it first.
func checkRegular(path string) error {
	st, err := os.Lstat(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	if !st.Mode().IsRegular() {
		return notRegular(path, st.Mode())
	}
	return nil
}

// WriteFile writes data to path atomically with mode 0644: see
// ReplaceFile.
func WriteFile(path string, data []byte) error {
	return ReplaceFile(path, data, 0o644, nil)
}

// ReplaceFile writes data to path atomically: a temporary file in the
// same directory (created with its parents) gets mode perm, is passed to
// prepare when prepare is not nil (fmt -w gives it the old file's owner
// there), is synced, and is renamed over path, so a reader sees the old
// file or the new one, never a part. A path that exists and is not a
// regular file is refused with a *NotRegularError before anything is
// created.
func ReplaceFile(path string, data []byte, perm fs.FileMode, prepare func(tmp *os.File) error) error {
	if err := checkRegular(path); err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".tmp*")
	if err != nil {
		return err
	}
	tmp := f.Name()
	_, err = f.Write(data)
	if err == nil {
		// Explicitly: CreateTemp makes the file 0600 whatever the umask.
		err = f.Chmod(perm)
	}
	if err == nil && prepare != nil {
		err = prepare(f)
	}
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		// Again just before the rename: something may have been put
		// there while the data was written.
		err = checkRegular(path)
	}
	if err == nil {
		err = os.Rename(tmp, path)
	}
	if err != nil {
		os.Remove(tmp)
	}
	return err
}

// WriteAll writes the artifacts under dir (created if missing), all or
// nothing: see Writer.WriteAll.
func WriteAll(dir string, arts []Artifact) error {
	return new(Writer).WriteAll(dir, arts)
}

// Writer writes one artifact set all or nothing (WriteAll) and can be
// stopped from another goroutine, a signal handler, with Abort. The zero
// value is ready to use.
type Writer struct {
	mu       sync.Mutex
	aborted  bool
	complete bool        // the set was moved into place in full
	undo     []undoEntry // what the set in progress created, oldest first
}

// undoEntry is one thing WriteAll created and removes again when the set
// fails or is aborted.
type undoEntry struct {
	path string
	kind undoKind
}

type undoKind int

const (
	undoFile undoKind = iota // a temporary file: removed
	undoTree                 // the staging directory: removed with its contents
	undoDir                  // a directory WriteAll created: removed if still empty
)

// testHook, when set by a test, runs after each step of WriteAll ("stage"
// after a file is written into the staging directory, "place" after it is
// moved beside its final name) and fails the set when it returns an
// error, so tests can fail or interrupt a build at any point.
var testHook func(step, path string) error

// WriteAll writes the artifacts under dir (created if missing). It checks
// every path, rejects duplicates and finds conflicts on disk (checkTargets)
// before writing anything. Then, in path order:
//
//  1. every file is written and synced into a staging directory inside
//     dir (.topoc-staging-*);
//  2. every file is moved from there to a hidden temporary name in its
//     final directory, which proves each directory writable and on the
//     same file system (a file on another one is copied);
//  3. only then is each temporary file renamed over its final name.
//
// A failure or an Abort before step 3 removes the staging directory, the
// temporary files and the directories WriteAll created, and leaves every
// existing file as it was. Step 3 renames within one directory; it is
// not interrupted by Abort.
func (w *Writer) WriteAll(dir string, arts []Artifact) error {
	seen := map[string]bool{}
	for _, a := range arts {
		if err := CheckPath(a.Path); err != nil {
			return err
		}
		if seen[a.Path] {
			return fmt.Errorf("two artifacts are both named %q", a.Path)
		}
		seen[a.Path] = true
	}
	sorted := append([]Artifact(nil), arts...)
	sort.Slice(sorted, func(i, j int) bool { return sorted[i].Path < sorted[j].Path })
	if err := checkTargets(dir, sorted); err != nil {
		return err
	}
	temps, err := w.stage(dir, sorted)
	if err != nil && !errors.Is(err, ErrAborted) {
		err = fmt.Errorf("%w; nothing was written, %s is as it was", err, dir)
	}
	if err == nil {
		err = w.commit(dir, sorted, temps)
	}
	if err != nil {
		w.mu.Lock()
		w.rollback()
		w.mu.Unlock()
	}
	return err
}

// Abort stops the set being written: it waits for the step in progress
// to end, removes what the set created (staging directory, temporary
// files, new directories), and makes every later step fail with
// ErrAborted, so nothing more is created. It reports whether the set had
// already been moved into place in full (then nothing is removed). Abort
// may be called from any goroutine, before, during or after WriteAll.
func (w *Writer) Abort() (complete bool) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.aborted = true
	w.rollback()
	return w.complete
}

// do runs one step that creates something on disk, holding the lock, so
// that Abort never runs between a step and the record of what it
// created; once aborted, it fails without running the step.
func (w *Writer) do(step func() error) error {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.aborted {
		return ErrAborted
	}
	return step()
}

// rollback removes what the set created, newest first, so that files go
// before the directories holding them. The lock must be held.
func (w *Writer) rollback() {
	for i := len(w.undo) - 1; i >= 0; i-- {
		u := w.undo[i]
		switch u.kind {
		case undoTree:
			os.RemoveAll(u.path)
		default:
			// A directory is removed only when empty: another program may
			// have put something in it meanwhile.
			os.Remove(u.path)
		}
	}
	w.undo = nil
}

// stage carries out steps 1 and 2 of WriteAll and returns the temporary
// name of each artifact beside its final name.
func (w *Writer) stage(dir string, arts []Artifact) ([]string, error) {
	if err := w.mkdirAll(dir); err != nil {
		return nil, err
	}
	var staging string
	err := w.do(func() error {
		var err error
		staging, err = os.MkdirTemp(dir, stagingPrefix)
		if err == nil {
			w.undo = append(w.undo, undoEntry{staging, undoTree})
		}
		return err
	})
	if err != nil {
		return nil, err
	}
	staged := make([]string, len(arts))
	for i, a := range arts {
		staged[i] = filepath.Join(staging, strconv.Itoa(i))
		if err := w.writeNew(staged[i], a.Data); err != nil {
			return nil, fmt.Errorf("writing %s: %w", a.Path, err)
		}
		if testHook != nil {
			if err := testHook("stage", a.Path); err != nil {
				return nil, err
			}
		}
	}
	temps := make([]string, len(arts))
	for i, a := range arts {
		final := filepath.Join(dir, filepath.FromSlash(a.Path))
		if err := w.mkdirAll(filepath.Dir(final)); err != nil {
			return nil, err
		}
		tmp, err := w.place(staged[i], final, a.Data)
		if err != nil {
			return nil, err
		}
		temps[i] = tmp
		if testHook != nil {
			if err := testHook("place", a.Path); err != nil {
				return nil, err
			}
		}
	}
	return temps, nil
}

// writeNew creates the file path in the staging directory and writes
// data into it, synced, with mode 0644. Only the create holds the lock:
// should Abort remove the staging directory during the write, the data
// goes to a file that no longer has a name, which is harmless.
func (w *Writer) writeNew(path string, data []byte) error {
	var f *os.File
	err := w.do(func() error {
		var err error
		f, err = os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
		return err
	})
	if err != nil {
		return err
	}
	_, err = f.Write(data)
	if err == nil {
		err = f.Chmod(0o644) // whatever the umask
	}
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

// place moves the staged file to a new hidden temporary name in final's
// directory and returns that name. Creating the temporary file proves the
// directory writable; the rename replaces it. Where the rename fails (the
// directory is on another file system) the data is copied into it.
func (w *Writer) place(staged, final string, data []byte) (string, error) {
	var tmp string
	renamed := false
	err := w.do(func() error {
		f, err := os.CreateTemp(filepath.Dir(final), "."+filepath.Base(final)+".tmp*")
		if err != nil {
			return err
		}
		tmp = f.Name()
		w.undo = append(w.undo, undoEntry{tmp, undoFile})
		if err := f.Close(); err != nil {
			return err
		}
		renamed = os.Rename(staged, tmp) == nil
		return nil
	})
	if err != nil || renamed {
		return tmp, err
	}
	// Opened without O_CREATE: after an Abort has removed tmp this fails
	// instead of creating it again.
	f, err := os.OpenFile(tmp, os.O_WRONLY|os.O_TRUNC, 0)
	if err != nil {
		return "", err
	}
	_, err = f.Write(data)
	if err == nil {
		err = f.Chmod(0o644)
	}
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return tmp, err
}

// commit carries out step 3 of WriteAll: each temporary file renamed over
// its final name. It holds the lock throughout, so an Abort waits for the
// set to be complete rather than leave it half replaced.
func (w *Writer) commit(dir string, arts []Artifact, temps []string) error {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.aborted {
		return ErrAborted
	}
	for i, a := range arts {
		final := filepath.Join(dir, filepath.FromSlash(a.Path))
		err := checkRegular(final)
		if err == nil {
			err = os.Rename(temps[i], final)
		}
		if err != nil {
			if i == 0 {
				return err
			}
			return fmt.Errorf("%w (%d of the %d files were already replaced)", err, i, len(arts))
		}
	}
	// The temporary files are gone (renamed); the staging directory holds
	// at most the originals of copied files. Created directories stay.
	for _, u := range w.undo {
		if u.kind == undoTree {
			os.RemoveAll(u.path)
		}
	}
	w.undo = nil
	w.complete = true
	return nil
}

// mkdirAll creates p and its missing parents, recording each directory it
// creates so that a failed set removes them again.
func (w *Writer) mkdirAll(p string) error {
	var missing []string
	for q := p; ; {
		_, err := os.Lstat(q)
		if err == nil {
			break
		}
		if !errors.Is(err, fs.ErrNotExist) {
			return err
		}
		missing = append(missing, q)
		parent := filepath.Dir(q)
		if parent == q {
			break
		}
		q = parent
	}
	for i := len(missing) - 1; i >= 0; i-- {
		d := missing[i]
		err := w.do(func() error {
			err := os.Mkdir(d, 0o755)
			if err == nil {
				w.undo = append(w.undo, undoEntry{d, undoDir})
			}
			if errors.Is(err, fs.ErrExist) {
				return nil // made meanwhile by someone else: not ours to remove
			}
			return err
		})
		if err != nil {
			return err
		}
	}
	return nil
}
