package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"github.com/topoc/topoc/lang/units"
	"io"
	"math"
	"os/exec"
	"runtime"
	"slices"
	"strings"
	"syscall"
	"time"
)

// result is the measurement of one design: the best wall time over the
// runs, the CPU time (user + system) and peak resident set of that run,
// the endpoints `topoc check --format json` reports, and whether every
// run exited 0.
type result struct {
	wall, cpu time.Duration
	rssBytes  int64
	endpoints float64
	clean     bool
	exit      int
}

func (r result) String() string {
	s := fmt.Sprintf("wall %s cpu %s rss %s", dur(r.wall), dur(r.cpu), mib(float64(r.rssBytes)))
	if r.endpoints > 0 { // a build reports none
		s += " endpoints " + units.Count(int(r.endpoints))
	}
	return s + fmt.Sprintf(" exit %d", r.exit)
}

// measure runs `topoc check --format json [extra...] dir` runs times.
func measure(bin, dir string, runs int, extra ...string) result {
	best := result{wall: time.Duration(math.MaxInt64), clean: true}
	args := append(append([]string{"check", "--format", "json"}, extra...), dir)
	for range max(runs, 1) {
		r := runOnce(bin, args...)
		best.clean = best.clean && r.exit == 0
		if r.wall < best.wall {
			best.wall, best.cpu, best.endpoints, best.exit = r.wall, r.cpu, r.endpoints, r.exit
		}
		best.rssBytes = max(best.rssBytes, r.rssBytes)
	}
	return best
}

// runOnce runs bin with args and reads its rusage: ru_maxrss is in
// kilobytes on Linux, as /usr/bin/time -v prints it.
func runOnce(bin string, args ...string) result {
	cmd := exec.Command(bin, args...)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, io.Discard
	start := time.Now()
	err := cmd.Run()
	r := result{wall: time.Since(start)}
	if cmd.ProcessState == nil {
		r.exit = -1
		fmt.Printf("<!-- %s %s: %v -->\n", bin, strings.Join(args, " "), err)
		return r
	}
	r.exit = cmd.ProcessState.ExitCode()
	r.cpu = cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
	if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
		r.rssBytes = ru.Maxrss * 1024
	}
	var rep struct {
		Fabrics []struct {
			Endpoints float64 `json:"endpoints"`
		} `json:"fabrics"`
	}
	if json.Unmarshal(out.Bytes(), &rep) == nil {
		for _, f := range rep.Fabrics {
			r.endpoints += f.Endpoints
		}
	}
	return r
}

// warmStats runs `topoc check dir` once to warm the caches, then n times,
// and returns the minimum, median and mean wall time, the minimum and
// median CPU time (user + system), and the exit code of the last run.
func warmStats(bin, dir string, n int) (wall, cpu [3]time.Duration, exit int) {
	runOnce(bin, "check", dir)
	var ws, cs []time.Duration
	var sum time.Duration
	for range max(n, 1) {
		r := runOnce(bin, "check", dir)
		ws, cs = append(ws, r.wall), append(cs, r.cpu)
		sum += r.wall
		if exit == 0 {
			exit = r.exit
		}
	}
	slices.Sort(ws)
	slices.Sort(cs)
	wall = [3]time.Duration{ws[0], ws[len(ws)/2], sum / time.Duration(len(ws))}
	cpu = [3]time.Duration{cs[0], cs[len(cs)/2], 0}
	return wall, cpu, exit
}

func numCPU() int { return runtime.NumCPU() }

// measureBuild runs `topoc build --emit emitter -o <fresh dir> dir` runs
// times, keeping the best wall time as measure does.
func measureBuild(bin, dir, out, emitter string, runs int) result {
	best := result{wall: time.Duration(math.MaxInt64), clean: true}
	for i := range max(runs, 1) {
		r := runOnce(bin, "build", "--emit", emitter, "-o", fmt.Sprintf("%s-%d", out, i), dir)
		best.clean = best.clean && r.exit == 0
		if r.wall < best.wall {
			best.wall, best.cpu, best.exit = r.wall, r.cpu, r.exit
		}
		best.rssBytes = max(best.rssBytes, r.rssBytes)
	}
	return best
}
