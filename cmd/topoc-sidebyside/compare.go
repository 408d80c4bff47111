package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"time"

	"github.com/topoc/topoc/analyzers/all"
	"github.com/topoc/topoc/analyzers/analysis"
	"github.com/topoc/topoc/compiler"
	"github.com/topoc/topoc/compiler/checks"
	"github.com/topoc/topoc/compiler/emit/graphml"
	"github.com/topoc/topoc/compiler/ir"
	"github.com/topoc/topoc/lang"
	"github.com/topoc/topoc/lang/scaledesign"
)

// row is one design's timings; a zero duration is "not measured".
type row struct {
	name                          string
	nodes, links                  int
	topocPieces, nxPieces         time.Duration
	topocBisection, nxFlow, metis time.Duration
	nxRead                        time.Duration
	piecesTopoc, piecesNX         int
	via                           string // how the peers read the graph
	note                          string
}

func (r row) markdown() string {
	d := func(t time.Duration) string {
		if t <= 0 {
			return "–"
		}
		return t.Round(10 * time.Microsecond).String()
	}
	ratio := func(a, b time.Duration) string {
		if a <= 0 || b <= 0 {
			return "–"
		}
		return fmt.Sprintf("%.3g", a.Seconds()/b.Seconds())
	}
	s := fmt.Sprintf("| %s | %d | %d | %s | %s | %s | %s | %s | %s | %s | %s | %s (%s) |", r.name, r.nodes, r.links,
		d(r.topocPieces), d(r.nxPieces), ratio(r.topocPieces, r.nxPieces),
		d(r.topocBisection), d(r.nxFlow), ratio(r.topocBisection, r.nxFlow),
		d(r.metis), ratio(r.topocBisection, r.metis), d(r.nxRead), r.via)
	if r.note != "" {
		s += " <!-- " + r.note + " -->"
	}
	return s
}

// compare compiles s, times topoc, exports the fabric graph and times the
// peers on it.
func compare(s scaledesign.Size, dir, script, topoc string) row {
	r := row{name: s.Name}
	ddir := filepath.Join(dir, s.Name)
	check(os.MkdirAll(ddir, 0o755))
	check(os.WriteFile(filepath.Join(ddir, "design"+lang.Suffix), []byte(s.Source), 0o644))
	cfg, diags := lang.Load([]string{ddir}, lang.Options{})
	if diags.HasErrors() {
		r.note = "load: " + diags.Error()
		return r
	}
	g, diags := compiler.Compile(cfg, compiler.Options{})
	if g == nil || diags.HasErrors() {
		r.note = "compile: " + diags.Error()
		return r
	}
	const f = ir.FabricID(0)
	r.topocPieces = best(5, func() { r.piecesTopoc = checks.Pieces(g, f) })
	if sel, err := all.Select("bisection"); err == nil {
		runtime.GC()
		start := time.Now()
		if _, err := analysis.Run(g, sel); err == nil {
			r.topocBisection = time.Since(start)
		}
	}
	ex := export(g, f)
	r.nodes, r.links = ex.nodes, ex.links
	edges, split, metis := filepath.Join(ddir, "edges.txt"), filepath.Join(ddir, "split.txt"), filepath.Join(ddir, "graph.metis")
	check(ex.writeMETIS(metis))
	// The peers read the GraphML of `topoc build --emit graphml` when the
	// binary can write it, else an edge list written here.
	peerArgs := []string{script, "--edges", edges, split}
	if topoc != "" {
		out := filepath.Join(ddir, "out")
		if err := exec.Command(topoc, "build", "--emit", "graphml", "-o", out, ddir).Run(); err == nil {
			check(ex.writeSplit(split, true))
			peerArgs = []string{script, "--graphml", filepath.Join(out, graphml.Path), g.Fabrics[f].Name, split}
			r.via = "graphml"
		}
	}
	if r.via == "" {
		check(ex.writeEdges(edges))
		check(ex.writeSplit(split, false))
		r.via = "edge list"
	}
	if py, err := exec.LookPath("/usr/bin/python3"); err == nil {
		out, err := exec.Command(py, peerArgs...).Output()
		var res struct {
			ReadS       float64 `json:"read_s"`
			ComponentsS float64 `json:"components_s"`
			MaxflowS    float64 `json:"maxflow_s"`
			Pieces      int     `json:"components"`
			Nodes       int     `json:"nodes"`
		}
		if err == nil && json.Unmarshal(out, &res) == nil {
			r.nxRead, r.nxPieces, r.nxFlow = sec(res.ReadS), sec(res.ComponentsS), sec(res.MaxflowS)
			r.piecesNX = res.Pieces
			if r.piecesNX != r.piecesTopoc || res.Nodes != ex.nodes {
				r.note = fmt.Sprintf("graphs differ: topoc %d nodes in %d pieces, networkx %d nodes in %d", ex.nodes, r.piecesTopoc, res.Nodes, r.piecesNX)
			}
		} else {
			r.note = fmt.Sprintf("networkx: %v", err)
		}
	}
	if gp, err := exec.LookPath("gpmetis"); err == nil {
		out, err := exec.Command(gp, metis, "2").CombinedOutput()
		if m := metisTime.FindSubmatch(out); err == nil && m != nil {
			v, _ := strconv.ParseFloat(string(m[1]), 64)
			r.metis = sec(v)
		} else {
			r.note += fmt.Sprintf(" gpmetis: %v %s", err, firstLine(out))
		}
	}
	return r
}

// metisTime finds gpmetis's own partitioning time ("Partitioning: 0.012 sec").
var metisTime = regexp.MustCompile(`Partitioning:\s+([0-9.]+) sec`)

func sec(s float64) time.Duration { return time.Duration(s * float64(time.Second)) }

func firstLine(b []byte) string {
	line, _, _ := bytes.Cut(b, []byte("\n"))
	return string(line)
}

// best runs fn n times and returns the shortest time.
func best(n int, fn func()) time.Duration {
	t := time.Duration(math.MaxInt64)
	for range n {
		start := time.Now()
		fn()
		t = min(t, time.Since(start))
	}
	return t
}

// exported is the graph of one fabric with dense ids 0..nodes-1.
type exported struct {
	nodes, links int
	a, b         []int32     // link ends (dense ids)
	gbps         []float64   // per-direction capacity, Gb/s
	sideA, sideB []int32     // the fixed split of the endpoints' nodes
	irID         []ir.NodeID // IR node id of each dense id
}

// export takes fabric f's links and the nodes they join. The fixed split
// is the endpoints' nodes in generation order, first half against second.
func export(g *ir.Graph, f ir.FabricID) exported {
	id := make([]int32, len(g.Nodes))
	for i := range id {
		id[i] = -1
	}
	var ex exported
	dense := func(n ir.NodeID) int32 {
		if id[n] < 0 {
			id[n] = int32(ex.nodes)
			ex.irID = append(ex.irID, n)
			ex.nodes++
		}
		return id[n]
	}
	for _, l := range g.AllLinks() {
		if l.Fabric != f {
			continue
		}
		ex.a, ex.b = append(ex.a, dense(l.A.Node)), append(ex.b, dense(l.B.Node))
		ex.gbps = append(ex.gbps, l.CapacityBPS/1e9)
		ex.links++
	}
	var eps []int32
	seen := map[int32]bool{}
	for _, p := range g.Fabrics[f].Endpoints {
		if v := id[p.Node]; v >= 0 && !seen[v] {
			seen[v] = true
			eps = append(eps, v)
		}
	}
	ex.sideA, ex.sideB = eps[:len(eps)/2], eps[len(eps)/2:]
	return ex
}

func (ex exported) writeEdges(path string) error {
	return writeFile(path, func(w *bufio.Writer) {
		for i := range ex.a {
			fmt.Fprintf(w, "%d %d %g\n", ex.a[i], ex.b[i], ex.gbps[i])
		}
	})
}

// writeSplit writes the two sides, as dense ids or (irIDs) IR node ids.
func (ex exported) writeSplit(path string, irIDs bool) error {
	return writeFile(path, func(w *bufio.Writer) {
		for _, side := range [][]int32{ex.sideA, ex.sideB} {
			for i, v := range side {
				if i > 0 {
					w.WriteByte(' ')
				}
				if irIDs {
					w.WriteString(strconv.Itoa(int(ex.irID[v])))
				} else {
					w.WriteString(strconv.Itoa(int(v)))
				}
			}
			w.WriteByte('\n')
		}
	})
}

// writeMETIS writes the METIS graph format (METIS 5 manual, §4.1.1):
// a header "n m 001" (edge weights), then per vertex its neighbours
// (from 1) and edge weights. METIS takes a simple graph with integer
// weights, so parallel links are merged and capacities are whole Gb/s
// (at least 1); self-loops are dropped.
func (ex exported) writeMETIS(path string) error {
	type arc struct {
		to int32
		w  float64
	}
	adj := make([][]arc, ex.nodes)
	for i := range ex.a {
		u, v := ex.a[i], ex.b[i]
		if u != v {
			adj[u] = append(adj[u], arc{v, ex.gbps[i]})
			adj[v] = append(adj[v], arc{u, ex.gbps[i]})
		}
	}
	edges := 0
	for u := range adj {
		slices.SortFunc(adj[u], func(x, y arc) int { return int(x.to - y.to) })
		merged := adj[u][:0]
		for _, a := range adj[u] {
			if n := len(merged); n > 0 && merged[n-1].to == a.to {
				merged[n-1].w += a.w
				continue
			}
			merged = append(merged, a)
		}
		adj[u] = merged
		edges += len(merged)
	}
	return writeFile(path, func(w *bufio.Writer) {
		fmt.Fprintf(w, "%d %d 001\n", ex.nodes, edges/2)
		for u := range adj {
			for i, a := range adj[u] {
				if i > 0 {
					w.WriteByte(' ')
				}
				fmt.Fprintf(w, "%d %d", a.to+1, max(1, int64(math.Round(a.w))))
			}
			w.WriteByte('\n')
		}
	})
}

func writeFile(path string, fill func(*bufio.Writer)) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	w := bufio.NewWriter(f)
	fill(w)
	if err := w.Flush(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

func numCPU() int { return runtime.NumCPU() }
