// Command topoc-bench measures topoc at growing sizes and prints Markdown
// tables for docs/performance.md:
//
//  1. `topoc check` as a process on generated designs of about 1k, 8k, 32k
//     and 131k endpoints per family (lang/scaledesign), and on the
//     large examples: best wall time of -runs runs, CPU time (user +
//     system) and peak RSS, from the wait4 rusage of the child (the
//     numbers /usr/bin/time -v prints), with the growth exponent between
//     successive sizes;
//  2. `topoc check` of a small example, warm: one run to fill the caches,
//     then -warm runs, minimum, median and mean wall time (what hyperfine
//     reports);
//  3. with -emit-design, `topoc build --emit X` of one generated design
//     for each emitter X, beside `topoc check` of it, so each emitter's
//     own cost is the difference;
//  4. the Go benchmarks of -bench-pkgs (`go test -bench`), ns/op per size
//     and growth exponents, for every benchmark whose sub-benchmarks are
//     named <family>-<size> and report an "endpoints" metric.
//
// Usage, from the repository root:
//
//	go run ./cmd/topoc-bench [-runs 3] [-warm 20] [-sizes 1k,8k,32k,131k] [-million] [-emit-design rail-32k] [-bench-pkgs ./lang,./compiler] [-skip-go-bench]
//
// The growth exponent between sizes n1 < n2 with times t1, t2 is the
// log-log slope ln(t2/t1) / ln(n2/n1): 1 is linear, the target is
// at most 1.05 (issue 16). The machine's load average is printed with the tables,
// because wall times on a shared machine are only as good as its load.
package main

import (
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/topoc/topoc/lang/scaledesign"
)

func main() {
	runs := flag.Int("runs", 3, "runs of topoc check per size (the best wall time is kept)")
	warm := flag.Int("warm", 20, "timed runs of the small example after one warm-up run")
	small := flag.String("small", "examples/fat-tree-k8", "small design for the warm-start measurement")
	sizes := flag.String("sizes", "", "comma-separated size names to run (e.g. 1k,8k); default all")
	families := flag.String("families", "rail,fattree,dragonfly", "comma-separated families of lang/scaledesign (rail, fattree, dragonfly, planes with -million), or none")
	million := flag.Bool("million", false, "also check the million-endpoint designs (lang/scaledesign.Million: 1,048,576 GPUs and the k = 160 fat-tree; minutes and several GB each)")
	emitDesign := flag.String("emit-design", "", "a size name (e.g. rail-32k) whose 'topoc build --emit X' is measured for every emitter X of -emit (slurm-block needs NVLink domains, which the generated designs lack; ibsim and ufm write only a note on their Ethernet fabrics)")
	emitList := flag.String("emit", "cabling,bom,netbox,nccl,nccl-env,slurm,k8s,ibsim,ufm,simai,astrasim,infragraph,ir,graphml,dot", "emitters measured with -emit-design")
	examples := flag.String("examples", "examples/rail-optimized-131k,examples/dragonfly-545", "comma-separated large examples to check too")
	benchPkgs := flag.String("bench-pkgs", "./lang,./compiler", "packages whose Go benchmarks to run")
	benchRe := flag.String("bench", ".", "-bench pattern for the Go benchmarks")
	skipGo := flag.Bool("skip-go-bench", false, "skip the Go benchmarks")
	topoc := flag.String("topoc", "", "topoc binary to measure (default: build ./cmd/topoc)")
	flag.Parse()
	series := scaledesign.Series()
	if *million {
		series = append(series, scaledesign.Million()...)
	}
	if msg := badArgs(series, *families, *sizes, *emitDesign); msg != "" {
		fmt.Fprintln(os.Stderr, "topoc-bench:", msg)
		os.Exit(2)
	}

	tmp, err := os.MkdirTemp("", "topoc-bench-")
	check(err)
	defer os.RemoveAll(tmp)
	bin := *topoc
	if bin == "" {
		bin = filepath.Join(tmp, "topoc")
		build := exec.Command("go", "build", "-o", bin, "./cmd/topoc")
		build.Stdout, build.Stderr = os.Stderr, os.Stderr
		check(build.Run())
	}
	fmt.Printf("Machine: %s; load average at start: %s\n", machine(), loadAvg())
	fmt.Printf("Command: cmd/topoc-bench %s\n\n", shellWords(os.Args[1:]))

	var points []point
	for _, s := range series {
		if !wanted(*families, s.Family) || (*sizes != "" && !wanted(*sizes, strings.TrimPrefix(s.Name, s.Family+"-"))) {
			continue
		}
		dir := filepath.Join(tmp, s.Name)
		check(os.MkdirAll(dir, 0o755))
		check(os.WriteFile(filepath.Join(dir, "design.topo.hcl"), []byte(s.Source), 0o644))
		var extra []string
		if s.Endpoints > 1<<19 {
			// About 14 million nodes and links at 1,048,576 GPUs, past
			// the default --max-elements of 8 million.
			extra = []string{"--max-elements", "30000000"}
		}
		m := measure(bin, dir, *runs, extra...)
		points = append(points, point{series: s.Family, name: s.Name, n: float64(s.Endpoints), m: m})
		fmt.Fprintf(os.Stderr, "%-16s %s\n", s.Name, m)
	}
	for _, dir := range strings.Split(*examples, ",") {
		if dir == "" {
			continue
		}
		if _, err := os.Stat(dir); err != nil {
			fmt.Fprintf(os.Stderr, "skipping %s: %v\n", dir, err)
			continue
		}
		m := measure(bin, dir, *runs)
		points = append(points, point{series: "example", name: filepath.Base(dir), n: m.endpoints, m: m})
		fmt.Fprintf(os.Stderr, "%-16s %s\n", filepath.Base(dir), m)
	}
	failed := 0
	for _, p := range points {
		if !p.m.clean {
			failed++
		}
	}
	if *emitDesign != "" {
		failed += printEmitters(os.Stdout, bin, tmp, *emitDesign, series, strings.Split(*emitList, ","), *runs)
	}
	fmt.Println("### `topoc check` by size")
	fmt.Println()
	printCheckTable(os.Stdout, points)

	fmt.Println("\n### `topoc check` of a small design, warm")
	fmt.Println()
	if printWarm(os.Stdout, bin, *small, *warm) != 0 {
		failed++
	}

	if !*skipGo {
		fmt.Println("\n### Go benchmarks")
		fmt.Println()
		args := append([]string{"test", "-run", "^$", "-bench", *benchRe, "-benchtime", "3x", "-benchmem"}, strings.Split(*benchPkgs, ",")...)
		cmd := exec.Command("go", args...)
		cmd.Stderr = os.Stderr
		out, err := cmd.Output()
		if err != nil {
			fmt.Fprintf(os.Stderr, "go test -bench: %v\n%s", err, out)
		}
		printGoBench(os.Stdout, parseBench(string(out)))
	}
	fmt.Printf("\nLoad average at end: %s\n", loadAvg())
	if failed > 0 {
		fmt.Fprintf(os.Stderr, "topoc-bench: %d measured designs or builds exited non-zero (the exit column says which)\n", failed)
		os.Exit(1)
	}
}

// point is one measured size of a series.
type point struct {
	series, name string
	n            float64 // endpoints
	m            result
}

// wanted reports whether name is in the comma-separated list.
func wanted(list, name string) bool {
	for _, x := range strings.Split(list, ",") {
		if strings.TrimSpace(x) == name {
			return true
		}
	}
	return false
}

// loadAvg returns the 1-, 5- and 15-minute load averages (Linux).
func loadAvg() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "unknown"
	}
	f := strings.Fields(string(b))
	if len(f) < 3 {
		return "unknown"
	}
	return strings.Join(f[:3], " ")
}

// machine describes the CPU and core count (Linux), for the docs.
func machine() string {
	model := "unknown CPU"
	if b, err := os.ReadFile("/proc/cpuinfo"); err == nil {
		for _, line := range strings.Split(string(b), "\n") {
			if strings.HasPrefix(line, "model name") {
				if _, v, ok := strings.Cut(line, ":"); ok {
					model = strings.TrimSpace(v)
				}
				break
			}
		}
	}
	return fmt.Sprintf("%s, %d cores, %s", model, numCPU(), time.Now().UTC().Format("2006-01-02"))
}

// badArgs says what is wrong with the command line, or "": operands
// (topoc-bench takes none; a flag's value given without it ends the
// flags), a family or size no design of series has, an -emit-design that
// names no size.
func badArgs(series []scaledesign.Size, families, sizes, emitDesign string) string {
	if flag.NArg() > 0 {
		return fmt.Sprintf("unexpected argument %q (every option is a flag; an empty value is written -flag=\"\")", flag.Arg(0))
	}
	var fams, szs, names []string
	for _, s := range series {
		fams = append(fams, s.Family)
		szs = append(szs, strings.TrimPrefix(s.Name, s.Family+"-"))
		names = append(names, s.Name)
	}
	for _, f := range strings.Split(families, ",") {
		if f = strings.TrimSpace(f); f != "" && f != "none" && !slices.Contains(fams, f) {
			return fmt.Sprintf("no family %q (families: %s; planes needs -million)", f, strings.Join(slices.Compact(fams), ", "))
		}
	}
	for _, z := range strings.Split(sizes, ",") {
		if z = strings.TrimSpace(z); z != "" && !slices.Contains(szs, z) {
			return fmt.Sprintf("no size %q (sizes: %s)", z, strings.Join(slices.Compact(slices.Sorted(slices.Values(szs))), ", "))
		}
	}
	if emitDesign != "" && !slices.Contains(names, emitDesign) {
		return fmt.Sprintf("-emit-design %q names no design (designs: %s)", emitDesign, strings.Join(names, ", "))
	}
	return ""
}

// shellWords joins args as a shell would read them back: an empty or
// blank-holding argument quoted.
func shellWords(args []string) string {
	out := make([]string, len(args))
	for i, a := range args {
		out[i] = a
		if a == "" || strings.ContainsAny(a, " \t'\"$\\") {
			out[i] = "'" + strings.ReplaceAll(a, "'", `'\''`) + "'"
		}
	}
	return strings.Join(out, " ")
}

func check(err error) {
	if err != nil {
		fmt.Fprintln(os.Stderr, "topoc-bench:", err)
		os.Exit(1)
	}
}
