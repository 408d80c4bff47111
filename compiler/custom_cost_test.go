package compiler

import (
	"fmt"
	"testing"

	"github.com/topoc/topoc/compiler/ir"
	"github.com/topoc/topoc/lang/diag"
)

// A custom link's cost reaches the IR on each of its parallel links; a
// cost outside 1–65,535 is an invalid-value error at the argument.
func TestCustomLinkCost(t *testing.T) {
	src := func(cost int) string {
		return fmt.Sprintf(`
fabric "f" {
  custom {
    switch "s" {
      count = 2
      model = "QM9700"
    }
    host "h" {
      count = 2
      rate  = "400Gb/s"
    }
    link {
      count = 2
      a     = "h${count.index}"
      b     = "s${count.index}"
    }
    link {
      a        = "s0"
      b        = "s1"
      parallel = 2
      cost     = %d
    }
  }
}`, cost)
	}
	g, d := compileDiags(t, src(10))
	if d.HasErrors() {
		t.Fatal(d)
	}
	n := 0
	for i := range g.NumLinks() {
		if g.Link(ir.LinkID(i)).Cost == 10 {
			n++
		}
	}
	if n != 2 {
		t.Errorf("%d links of cost 10, want both parallel links", n)
	}
	for _, bad := range []int{0, 65536} {
		_, _, d := compileDiagsLoose(t, src(bad))
		wantDiag(t, fmt.Sprint("cost ", bad), d, diag.InvalidValue, "a routing cost is a whole number from 1 to 65535")
	}
}
