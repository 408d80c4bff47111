package main

import (
	"bufio"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/topoc/topoc/lang/scaledesign"
	"github.com/topoc/topoc/lang/units"
)

// Targets of issue 16 for `topoc check` on 2 cores at low load: 131,072
// GPUs in 0.5 s and 256 MiB, 1,048,576 GPUs in 5 s and 2 GiB, the k = 160
// fat-tree (1,024,000 hosts) in 3 s, growth at most n^1.05 per step; and issue 6's for a small design once caches are
// warm.
const (
	targetWall     = 500 * time.Millisecond
	targetRSS      = 256 << 20
	targetWallM    = 5 * time.Second
	targetWallFT   = 3 * time.Second // the k = 160 fat-tree
	targetRSSM     = 2 << 30
	targetExponent = 1.05
	targetWarm     = 100 * time.Millisecond
)

// slope is the log-log slope between (n1, t1) and (n2, t2): the exponent b
// of t ∝ n^b fitted through the two points. NaN when undefined.
func slope(n1, t1, n2, t2 float64) float64 {
	if n1 <= 0 || n2 <= 0 || t1 <= 0 || t2 <= 0 || n1 == n2 {
		return math.NaN()
	}
	return math.Log(t2/t1) / math.Log(n2/n1)
}

func fmtExp(b float64) string {
	if math.IsNaN(b) {
		return "–"
	}
	return fmt.Sprintf("%.2f", b)
}

// dur writes a measured duration to three significant digits ("79.0ms",
// "3.74s"), the one form every table of the bench uses.
func dur(d time.Duration) string { return units.Seconds(d.Seconds(), 3) }

// mib writes a size in MiB, whole.
func mib(bytes float64) string { return units.Count(int(math.Round(bytes/(1<<20)))) + " MiB" }

// verdict says whether a check row meets issue 16's targets: the 131,072
// GPU point's wall and RSS, the million points' (the k = 160 fat-tree's
// 3 s wall), and the growth exponent from the row before; "–" for a row
// no target speaks of.
func verdict(p point, exponent float64) string {
	var miss []string
	wall, rss := time.Duration(0), 0.0
	switch {
	case p.n == 131072:
		wall, rss = targetWall, targetRSS
	case p.series == "fattree" && p.n >= 1e6:
		wall = targetWallFT
	case p.n >= 1e6:
		wall, rss = targetWallM, targetRSSM
	}
	if wall > 0 && p.m.wall > wall {
		miss = append(miss, "wall "+dur(p.m.wall)+" > "+dur(wall))
	}
	if rss > 0 && float64(p.m.rssBytes) > rss {
		miss = append(miss, "RSS "+mib(float64(p.m.rssBytes))+" > "+mib(rss))
	}
	if !math.IsNaN(exponent) && exponent > targetExponent {
		miss = append(miss, fmt.Sprintf("growth n^%.2f > n^%.2f", exponent, targetExponent))
	}
	switch {
	case len(miss) > 0:
		return "misses: " + strings.Join(miss, ", ")
	case wall > 0:
		return "meets"
	case !math.IsNaN(exponent):
		return fmt.Sprintf("growth within n^%.2f", targetExponent)
	}
	return "–"
}

func printCheckTable(w io.Writer, pts []point) {
	fmt.Fprintln(w, "| design | endpoints | wall (best) | CPU user+sys | peak RSS | exponent (wall) | exponent (CPU) | exit | issue 16 target |")
	fmt.Fprintln(w, "|---|---:|---:|---:|---:|---:|---:|---:|---|")
	for i, p := range pts {
		ew, ec := math.NaN(), math.NaN()
		if i > 0 && pts[i-1].series == p.series && p.series != "example" {
			q := pts[i-1]
			ew = slope(q.n, q.m.wall.Seconds(), p.n, p.m.wall.Seconds())
			ec = slope(q.n, q.m.cpu.Seconds(), p.n, p.m.cpu.Seconds())
		}
		fmt.Fprintf(w, "| %s | %s | %s | %s | %s | %s | %s | %d | %s |\n", p.name, units.Count(int(p.n)),
			dur(p.m.wall), dur(p.m.cpu), mib(float64(p.m.rssBytes)), fmtExp(ew), fmtExp(ec), p.m.exit, verdict(p, ew))
	}
	fmt.Fprintf(w, "\nTargets (issue 16): at 131,072 GPUs wall ≤ %s and RSS ≤ %s; at 1,048,576 GPUs wall ≤ %s and RSS ≤ %s; the k = 160 fat-tree wall ≤ %s; exponent ≤ %.2f per step.\n",
		dur(targetWall), mib(targetRSS), dur(targetWallM), mib(targetRSSM), dur(targetWallFT), targetExponent)
}

// printWarm writes the warm-start table of dir and returns the exit
// status of its runs (the first non-zero one, else 0).
func printWarm(w io.Writer, bin, dir string, n int) int {
	wall, cpu, exit := warmStats(bin, dir, n)
	fmt.Fprintf(w, "| design | runs | wall min | wall median | wall mean | CPU min | CPU median | target | exit |\n|---|---:|---:|---:|---:|---:|---:|---:|---:|\n")
	fmt.Fprintf(w, "| %s | %d | %s | %s | %s | %s | %s | ≤ %s | %d |\n", dir, n, dur(wall[0]), dur(wall[1]), dur(wall[2]), dur(cpu[0]), dur(cpu[1]), dur(targetWarm), exit)
	return exit
}

// benchLine is one `go test -bench` result: Benchmark<name>/<family>-<size>.
type benchLine struct {
	bench, family, size string
	nsPerOp, endpoints  float64
	bytesPerOp          float64
}

// parseBench reads `go test -bench` output and keeps the lines of
// sub-benchmarks named <family>-<size> that report an "endpoints" metric.
func parseBench(out string) []benchLine {
	var lines []benchLine
	sc := bufio.NewScanner(strings.NewReader(out))
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) < 4 || !strings.HasPrefix(f[0], "Benchmark") {
			continue
		}
		name := f[0]
		if i := strings.LastIndexByte(name, '-'); i > strings.IndexByte(name, '/') {
			name = name[:i] // drop the -GOMAXPROCS suffix
		}
		bench, sub, ok := strings.Cut(strings.TrimPrefix(name, "Benchmark"), "/")
		if !ok {
			continue
		}
		l := benchLine{bench: bench, family: sub, size: sub}
		if i := strings.LastIndexByte(sub, '-'); i > 0 {
			l.family, l.size = sub[:i], sub[i+1:]
		}
		for i := 2; i+1 < len(f); i += 2 {
			v, err := strconv.ParseFloat(f[i], 64)
			if err != nil {
				continue
			}
			switch f[i+1] {
			case "ns/op":
				l.nsPerOp = v
			case "endpoints":
				l.endpoints = v
			case "B/op":
				l.bytesPerOp = v
			}
		}
		if l.endpoints > 0 && l.nsPerOp > 0 {
			lines = append(lines, l)
		}
	}
	return lines
}

func printGoBench(w io.Writer, lines []benchLine) {
	fmt.Fprintln(w, "| benchmark | family | endpoints | time/op | alloc/op | exponent |")
	fmt.Fprintln(w, "|---|---|---:|---:|---:|---:|")
	for i, l := range lines {
		e := math.NaN()
		if i > 0 && lines[i-1].bench == l.bench && lines[i-1].family == l.family {
			e = slope(lines[i-1].endpoints, lines[i-1].nsPerOp, l.endpoints, l.nsPerOp)
		}
		fmt.Fprintf(w, "| %s | %s | %s | %s | %s | %s |\n", l.bench, l.family, units.Count(int(l.endpoints)),
			dur(time.Duration(l.nsPerOp)), mib(l.bytesPerOp), fmtExp(e))
	}
}

// printEmitters measures `topoc check` and `topoc build --emit X` of the
// generated design named name for each emitter X and prints them as a
// Markdown table. A build compiles and analyzes before it emits, so an
// emitter's own cost is its row less the cheapest build row; check, which
// also formats its report, is a reference.
func printEmitters(w io.Writer, bin, tmp, name string, series []scaledesign.Size, list []string, runs int) (failed int) {
	i := slices.IndexFunc(series, func(s scaledesign.Size) bool { return s.Name == name })
	if i < 0 {
		fmt.Fprintf(w, "<!-- -emit-design %s: no such size -->\n\n", name)
		return 1
	}
	dir := filepath.Join(tmp, name)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		fmt.Fprintf(w, "<!-- %v -->\n\n", err)
		return 1
	}
	if err := os.WriteFile(filepath.Join(dir, "design.topo.hcl"), []byte(series[i].Source), 0o644); err != nil {
		fmt.Fprintf(w, "<!-- %v -->\n\n", err)
		return 1
	}
	fmt.Fprintf(w, "### Emitters on %s (%s endpoints)\n\n", name, units.Count(series[i].Endpoints))
	fmt.Fprintln(w, "| command | wall (best) | CPU user+sys | peak RSS | exit |")
	fmt.Fprintln(w, "|---|---:|---:|---:|---:|")
	row := func(what string, r result) {
		fmt.Fprintf(w, "| %s | %s | %s | %s | %d |\n", what, dur(r.wall), dur(r.cpu), mib(float64(r.rssBytes)), r.exit)
		if !r.clean {
			failed++
		}
	}
	row("`check`", measure(bin, dir, runs))
	for _, e := range list {
		e = strings.TrimSpace(e)
		r := measureBuild(bin, dir, filepath.Join(tmp, name+"-"+e), e, runs)
		fmt.Fprintf(os.Stderr, "%-16s --emit %-12s %s\n", name, e, r)
		row("`build --emit "+e+"`", r)
	}
	fmt.Fprintln(w)
	return failed
}
