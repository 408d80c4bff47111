package ir

import (
	"fmt"
	"sync"
	"testing"
)

// TestSymbolsConcurrent interns names from several goroutines at once,
// new and known, and reads them back: every name gets one sym, and
// every sym reads back as its name (run under -race in .ci/run).
func TestSymbolsConcurrent(t *testing.T) {
	var wg sync.WaitGroup
	got := make([][]sym, 8)
	for w := range got {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 200 {
				name := fmt.Sprintf("symbols-test-%d", (i*7+w)%50)
				s := internSym(name)
				if s.name() != name {
					t.Errorf("sym %d reads %q, want %q", s, s.name(), name)
				}
				got[w] = append(got[w], s)
			}
		}()
	}
	wg.Wait()
	for i := range 50 {
		name := fmt.Sprintf("symbols-test-%d", i)
		if s := internSym(name); s.name() != name {
			t.Errorf("%q reads back as %q", name, s.name())
		}
	}
	if internSym("") != 0 || sym(0).name() != "" {
		t.Errorf("the empty name is not sym 0")
	}
	var n Node
	n.SetModel("H100")
	n.SetRole(RoleServer)
	n.SetTier("leaf")
	n.SetUnit("su")
	if n.ModelName() != "H100" || n.RoleName() != RoleServer || n.TierName() != "leaf" || n.UnitName() != "su" {
		t.Errorf("node names read back as %q %q %q %q", n.ModelName(), n.RoleName(), n.TierName(), n.UnitName())
	}
}
