// Package render is the `--emit svg` and `--emit png` back end: it lays
// out the views of compiler/emit/dot with Graphviz in a separate process,
// topoc-render (cmd/topoc-render, built on compiler/emit/graphviz), and
// collects the images.
//
// Why a separate process: go-graphviz v0.2.10 compiles its WebAssembly
// module in a package init, so every program that links it pays for that
// on every start, whatever it does. Measured here (docs/performance.md):
// `topoc check examples/fat-tree-k8` took 0.04 s of CPU without it and
// 0.12 s with it on a warm cache, and 1.07 s when the cache was cold.
// Worse, the init panics when its cache directory ($TMPDIR/go-graphviz)
// was created by another user, which on a shared machine would crash
// every topoc command. With the layout in its own process, `topoc check`
// and every artifact but svg and png never load it; the renderer gets a
// per-user cache (TMPDIR pointed at os.UserCacheDir()/topoc for the child
// only); a layout that runs away is stopped by killing the process (a
// context deadline does not stop a go-graphviz layout); and a crash in
// the WebAssembly module fails the diagram, not the build.
package render

import (
	"bufio"
	"bytes"
	"encoding/gob"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"time"

	"github.com/topoc/topoc/compiler/emit"
	"github.com/topoc/topoc/compiler/emit/dot"
)

// Command is the renderer's executable name.
const Command = "topoc-render"

// EnvCommand names the environment variable that, when set, gives the
// renderer's path and overrides the search.
const EnvCommand = "TOPOC_RENDER"

// Protocol is the version of the request/response exchange; topoc and
// topoc-render of different versions refuse each other with a message.
const Protocol = 1

// Timeout bounds the layout of one view. The largest overview of the
// examples lays out in well under a second (docs/performance.md); a view
// that takes longer than this is a bug, and the renderer is killed.
const Timeout = 2 * time.Minute

// timeout is Timeout, shortened by tests.
var timeout = Timeout

// Request asks the renderer to lay out one DOT text. Engine is a Graphviz
// layout engine ("dot", "neato"), Format "svg" or "png", Name the view's
// path for messages.
type Request struct {
	Protocol int
	Name     string
	Engine   string
	Format   string
	DOT      []byte
}

// Response carries the rendered bytes or an error message.
type Response struct {
	Data []byte
	Err  string
}

// SVG is the `--emit svg` back end: one SVG per view of compiler/emit/dot.
var SVG = &emit.Emitter{
	Name: "svg",
	Doc:  "diagrams as SVG (" + dot.Dir + "/**/*.svg), laid out by Graphviz in " + Command,
	Emit: func(in *emit.Input) ([]emit.Artifact, error) { return Images(in, "svg") },
}

// PNG is the `--emit png` back end: one PNG per view.
var PNG = &emit.Emitter{
	Name: "png",
	Doc:  "diagrams as PNG (" + dot.Dir + "/**/*.png), laid out by Graphviz in " + Command,
	Emit: func(in *emit.Input) ([]emit.Artifact, error) { return Images(in, "png") },
}

// Images renders every view of in as format ("svg" or "png") in one
// renderer process. Errors: no renderer found, a renderer that fails or
// exceeds Timeout on a view (named in the error).
func Images(in *emit.Input, format string) ([]emit.Artifact, error) {
	views, err := dot.Views(in)
	if err != nil {
		return nil, err
	}
	if len(views) == 0 {
		return nil, nil
	}
	r, err := Start()
	if err != nil {
		return nil, err
	}
	defer r.Close()
	arts := make([]emit.Artifact, 0, len(views))
	for _, v := range views {
		data, err := r.Render(v.Path, v.DOT, v.Engine, format)
		if err != nil {
			return nil, err
		}
		arts = append(arts, emit.Artifact{Path: v.Path + "." + format, Data: data})
	}
	return arts, nil
}

// Find returns the renderer's path: $TOPOC_RENDER if set, else
// topoc-render next to the running executable, else on PATH.
func Find() (string, error) {
	if p := os.Getenv(EnvCommand); p != "" {
		return p, nil
	}
	name := Command
	if runtime.GOOS == "windows" {
		name += ".exe"
	}
	self, err := os.Executable()
	if err == nil {
		p := filepath.Join(filepath.Dir(self), name)
		if st, err := os.Stat(p); err == nil && !st.IsDir() {
			return p, nil
		}
	}
	if p, err := exec.LookPath(name); err == nil {
		return p, nil
	}
	where := "on PATH"
	if self != "" {
		where = "next to " + self + " or on PATH"
	}
	return "", fmt.Errorf("the diagram renderer %s was not found %s; install it with "+
		"`go install github.com/topoc/topoc/cmd/%s@latest` (or set %s to its path), "+
		"or leave svg and png out of --emit", Command, where, Command, EnvCommand)
}

// Renderer is a running topoc-render process.
type Renderer struct {
	cmd    *exec.Cmd
	stdin  io.WriteCloser
	enc    *gob.Encoder
	dec    *gob.Decoder
	stderr *limitedBuffer
	dead   error
}

// Start finds and starts the renderer. Its TMPDIR is a per-user cache
// directory, so go-graphviz keeps its compiled module there (see the
// package comment).
func Start() (*Renderer, error) {
	path, err := Find()
	if err != nil {
		return nil, err
	}
	cmd := exec.Command(path, "serve")
	cmd.Env = os.Environ()
	if dir, err := cacheDir(); err == nil {
		cmd.Env = append(cmd.Env, "TMPDIR="+dir, "TMP="+dir, "TEMP="+dir)
	}
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	stderr := &limitedBuffer{max: 64 << 10}
	cmd.Stderr = stderr
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("starting the diagram renderer %s: %w", path, err)
	}
	return &Renderer{cmd: cmd, stdin: stdin, enc: gob.NewEncoder(stdin),
		dec: gob.NewDecoder(bufio.NewReader(stdout)), stderr: stderr}, nil
}

// cacheDir is os.UserCacheDir()/topoc, created private to the user.
func cacheDir() (string, error) {
	base, err := os.UserCacheDir()
	if err != nil {
		return "", err
	}
	dir := filepath.Join(base, "topoc")
	return dir, os.MkdirAll(dir, 0o700)
}

// Render lays out one view. After an error the renderer is unusable
// (killed or crashed) and every later call fails.
func (r *Renderer) Render(name string, src []byte, engine, format string) ([]byte, error) {
	if r.dead != nil {
		return nil, r.dead
	}
	type result struct {
		resp Response
		err  error
	}
	done := make(chan result, 1)
	go func() {
		var res result
		if res.err = r.enc.Encode(Request{Protocol: Protocol, Name: name, Engine: engine, Format: format, DOT: src}); res.err == nil {
			res.err = r.dec.Decode(&res.resp)
		}
		done <- res
	}()
	timer := time.NewTimer(timeout)
	defer timer.Stop()
	select {
	case res := <-done:
		if res.err != nil {
			r.kill()
			r.dead = fmt.Errorf("%s: the diagram renderer stopped: %v%s", name, res.err, r.stderr.tail())
			return nil, r.dead
		}
		if res.resp.Err != "" {
			return nil, fmt.Errorf("%s: %s", name, res.resp.Err)
		}
		return res.resp.Data, nil
	case <-timer.C:
		r.kill()
		r.dead = fmt.Errorf("%s: the layout did not finish within %v; the renderer was stopped", name, timeout)
		return nil, r.dead
	}
}

func (r *Renderer) kill() {
	if r.cmd.Process != nil {
		r.cmd.Process.Kill()
	}
	r.stdin.Close()
	r.cmd.Wait()
}

// Close ends the renderer: end of input tells it to exit.
func (r *Renderer) Close() error {
	if r.dead != nil {
		return nil
	}
	r.dead = errors.New("renderer closed")
	r.stdin.Close()
	if err := r.cmd.Wait(); err != nil {
		return fmt.Errorf("the diagram renderer: %v%s", err, r.stderr.tail())
	}
	return nil
}

// Serve answers requests read from in on out until in ends, calling
// layout for each; it is topoc-render's main loop. A request of another
// protocol version gets an error response naming both versions.
func Serve(in io.Reader, out io.Writer, layout func(src []byte, engine, format string) ([]byte, error)) error {
	dec := gob.NewDecoder(bufio.NewReader(in))
	w := bufio.NewWriter(out)
	enc := gob.NewEncoder(w)
	for {
		var req Request
		if err := dec.Decode(&req); err != nil {
			if errors.Is(err, io.EOF) {
				return nil
			}
			return fmt.Errorf("reading a request: %w", err)
		}
		var resp Response
		if req.Protocol != Protocol {
			resp.Err = fmt.Sprintf("%s speaks protocol %d but topoc sent %d: install %s and topoc from the same version", Command, Protocol, req.Protocol, Command)
		} else if data, err := layout(req.DOT, req.Engine, req.Format); err != nil {
			resp.Err = err.Error()
		} else {
			resp.Data = data
		}
		if err := enc.Encode(&resp); err != nil {
			return err
		}
		if err := w.Flush(); err != nil {
			return err
		}
	}
}

// limitedBuffer keeps the first max bytes written (the renderer's
// stderr, for error messages).
type limitedBuffer struct {
	buf bytes.Buffer
	max int
}

func (b *limitedBuffer) Write(p []byte) (int, error) {
	if room := b.max - b.buf.Len(); room > 0 {
		if len(p) > room {
			b.buf.Write(p[:room])
		} else {
			b.buf.Write(p)
		}
	}
	return len(p), nil
}

func (b *limitedBuffer) tail() string {
	s := bytes.TrimSpace(b.buf.Bytes())
	if len(s) == 0 {
		return ""
	}
	return " (renderer says: " + string(s) + ")"
}
