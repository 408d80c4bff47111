package lang

import (
	"fmt"
	"runtime"
	"strings"
	"testing"

	"github.com/hashicorp/hcl/v2"

	"github.com/topoc/topoc/lang/eval"
)

// A large node group's names are evaluated on several cores with the
// same names, host names and diagnostics as one server after another:
// a clean group, a null name at server 1,300, a bad host name at 1,100
// and a name template that spends the evaluation budget part way
// (lowered 16 times here) each give what GOMAXPROCS = 1 gives, every
// time.
func TestServerNamesInParallel(t *testing.T) {
	if runtime.GOMAXPROCS(0) < 2 {
		t.Skip("GOMAXPROCS is 1: names are evaluated in order")
	}
	defer eval.ShrinkBudgetForFuzzing(16)()
	group := func(name, host string) string {
		return fmt.Sprintf("node_group \"g\" {\n  model    = \"DGX-H100\"\n  count    = 1500\n  name     = %s\n  hostname = %s\n}\n", name, host)
	}
	for _, c := range []struct{ what, src string }{
		{"clean", group(`format("su%02d/n%04d", floor(count.index / 32), count.index)`, `"h${count.index}"`)},
		{"null name", group(`count.index == 1300 ? null : "n${count.index}"`, `"h${count.index}"`)},
		{"bad host name", group(`"n${count.index}"`, `count.index == 1100 ? "bad_name!" : "h${count.index}"`)},
		{"budget spent", group(`"n${length([for i in range(100) : i])}-${count.index}"`, `"h${count.index}"`)},
	} {
		load := func(procs int) string {
			old := runtime.GOMAXPROCS(procs)
			defer runtime.GOMAXPROCS(old)
			cfg, diags := Load([]string{writeFiles(t, map[string]string{"d.topo.hcl": c.src})}, Options{})
			out := fmt.Sprint(errorsOf(diags))
			for _, d := range diags {
				out += "\n" + d.Summary + ": " + d.Detail
				if d.Subject != nil {
					out += fmt.Sprintf(" (line %d, columns %d-%d)", d.Subject.Start.Line, d.Subject.Start.Column, d.Subject.End.Column)
				}
			}
			if cfg != nil {
				for _, g := range cfg.NodeGroups {
					out += fmt.Sprintf("\nnames %d hosts %d", len(g.Names), len(g.Hostnames))
					for i := range g.Names {
						out += " " + g.Names[i].V
					}
					for i := range g.Hostnames {
						out += " " + g.Hostnames[i].V
					}
				}
			}
			return out
		}
		want := load(1)
		for run := range 2 {
			if got := load(2); got != want {
				t.Fatalf("%s, run %d: on two cores\n%.600s\nwant, as on one,\n%.600s", c.what, run, got, want)
			}
		}
		if c.what != "clean" && strings.HasPrefix(want, "[]") {
			t.Errorf("%s: no error reported: %.300s", c.what, want)
		}
	}
}

// serversInParallel returns every server's names when all succeed, and
// on a failure returns false with the budget where it was.
func TestServersInParallelResetsBudget(t *testing.T) {
	if runtime.GOMAXPROCS(0) < 2 {
		t.Skip("GOMAXPROCS is 1")
	}
	b := eval.NewBudget()
	ok := func(i int) (string, string, bool, hcl.Diagnostics) {
		return fmt.Sprint("n", i), fmt.Sprint("h", i), true, nil
	}
	names, hosts, done := serversInParallel(3000, b, ok)
	if !done || names[2999] != "n2999" || hosts[17] != "h17" {
		t.Fatalf("clean: done %v, names[2999] %q, hosts[17] %q", done, names[2999], hosts[17])
	}
	before := b.State()
	failing := func(i int) (string, string, bool, hcl.Diagnostics) {
		b.Reset(eval.BudgetState{}) // spends nothing it keeps: the caller resets
		if i == 2000 {
			return "", "", false, hcl.Diagnostics{{Severity: hcl.DiagError, Summary: "bad"}}
		}
		return "n", "h", true, nil
	}
	if _, _, done := serversInParallel(3000, b, failing); done {
		t.Fatal("a failing server was reported done")
	}
	if b.State() != before {
		t.Errorf("budget %v after a failed parallel evaluation, want %v", b.State(), before)
	}
	if _, _, done := serversInParallel(100, b, ok); done {
		t.Errorf("a group of 100 was evaluated in parallel")
	}
}
