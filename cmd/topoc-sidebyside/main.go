// Command topoc-sidebyside times topoc against networkx and METIS on the
// same graphs and prints a Markdown table of topoc ÷ peer time ratios for
// docs/performance.md (below 1: topoc is faster).
//
// For each generated design (lang/scaledesign) it compiles the design
// in-process and takes the graph of its fabric: the fabric's links
// (ir.Link.Fabric) and the nodes they join. It then times
//
//   - connected components: topoc's union-find (checks.Pieces, the
//     connectivity check of `topoc check`) against networkx
//     number_connected_components;
//   - cuts: topoc's bisection analyzer (the minimum over balanced splits of
//     the endpoints, with its certificate: more work than one flow)
//     against networkx maximum_flow_value for one fixed split (the first
//     half of the fabric's endpoints in generation order against the
//     second half, through a super source and sink), and against gpmetis
//     bisecting the same graph (METIS's own "Partitioning" time; edge
//     weights are capacities in Gb/s, as METIS takes integers).
//
// The peers read the graph as `topoc build --emit graphml` writes it
// (networkx keeps the edges whose fabric attribute names the fabric), or
// from an edge list written here when that build fails; gpmetis reads a
// METIS file written here, since METIS has its own format. Peer times
// exclude reading the files (networkx's read time is printed apart, with
// the format); topoc's exclude compiling. networkx runs under
// /usr/bin/python3 (docs/reference/design-brief.md: Debian's packages); a missing tool leaves
// its columns empty.
//
// Usage, from the repository root:
//
//	go run ./cmd/topoc-sidebyside [-designs rail-1k,fattree-8k,...] [-keep DIR]
package main

import (
	_ "embed"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"github.com/topoc/topoc/lang/scaledesign"
)

//go:embed peers.py
var peersPy []byte

func main() {
	designs := flag.String("designs", "fattree-1k,fattree-8k,dragonfly-1k,dragonfly-8k,rail-1k,rail-8k", "comma-separated names from lang/scaledesign.Series")
	keep := flag.String("keep", "", "directory to keep the exported graphs in (default: a temporary one)")
	flag.Parse()

	dir := *keep
	if dir == "" {
		d, err := os.MkdirTemp("", "topoc-sidebyside-")
		check(err)
		defer os.RemoveAll(d)
		dir = d
	}
	check(os.MkdirAll(dir, 0o755))
	script := filepath.Join(dir, "peers.py")
	check(os.WriteFile(script, peersPy, 0o644))
	topoc := filepath.Join(dir, "topoc")
	if err := exec.Command("go", "build", "-o", topoc, "./cmd/topoc").Run(); err != nil {
		fmt.Fprintln(os.Stderr, "topoc-sidebyside: cannot build ./cmd/topoc, exporting edge lists instead:", err)
		topoc = ""
	}

	fmt.Printf("Machine: %d cores; load average at start: %s; %s\n\n", numCPU(), loadAvg(), time.Now().UTC().Format("2006-01-02"))
	fmt.Println("| design | nodes | links | topoc components | networkx components | ratio | topoc bisection | networkx max-flow (fixed split) | ratio | gpmetis bisection | ratio | networkx read |")
	fmt.Println("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
	want := map[string]bool{}
	for _, n := range strings.Split(*designs, ",") {
		want[strings.TrimSpace(n)] = true
	}
	for _, s := range scaledesign.Series() {
		if !want[s.Name] {
			continue
		}
		row := compare(s, dir, script, topoc)
		fmt.Println(row.markdown())
		fmt.Fprintln(os.Stderr, s.Name, "done")
	}
	fmt.Printf("\nLoad average at end: %s\n", loadAvg())
}

func loadAvg() string {
	b, err := os.ReadFile("/proc/loadavg")
	if f := strings.Fields(string(b)); err == nil && len(f) >= 3 {
		return strings.Join(f[:3], " ")
	}
	return "unknown"
}

func check(err error) {
	if err != nil {
		fmt.Fprintln(os.Stderr, "topoc-sidebyside:", err)
		os.Exit(1)
	}
}
