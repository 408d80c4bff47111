package asbuilt

import "testing"

// switchPortNumber inverts ir.Graph.PortName for switch ports and numbers
// them as ir.Graph.PortNumbers does: port p, lane l of a switch whose
// ports split into n lanes is (p-1)·n + l + 1.
func TestSwitchPortNumber(t *testing.T) {
	for _, c := range []struct {
		name  string
		lanes int
		want  int
		ok    bool
	}{
		{"swp1", 1, 1, true}, {"swp64", 1, 64, true}, {"swp2", 2, 3, true}, {"swp2s1", 2, 4, true},
		{"swp2s0", 0, 2, true}, {"swp2s2", 2, 0, false}, {"swp0", 1, 0, false}, {"Ethernet0", 1, 0, false},
		{"swp", 1, 0, false}, {"swpxs1", 2, 0, false},
	} {
		got, ok := switchPortNumber(c.name, c.lanes)
		if got != c.want || ok != c.ok {
			t.Errorf("switchPortNumber(%q, %d) = %d, %v; want %d, %v", c.name, c.lanes, got, ok, c.want, c.ok)
		}
	}
}

// A finding's title names what its cable crosses: rails, planes or both.
func TestCrossedWhat(t *testing.T) {
	for _, c := range []struct {
		crossed []string
		want    string
	}{
		{[]string{"rail 2 to rail 3"}, "rails"},
		{[]string{"plane 0 to plane 1"}, "planes"},
		{[]string{"rail 2 to rail 3", "plane 0 to plane 1"}, "rails and planes"},
	} {
		if got := crossedWhat(c.crossed); got != c.want {
			t.Errorf("crossedWhat(%q) = %q, want %q", c.crossed, got, c.want)
		}
	}
}

// isPlanPortName agrees with planPortName.
func TestIsPlanPortName(t *testing.T) {
	for _, lanes := range []int{1, 2, 4, 8} {
		for p := 1; p <= 130; p++ {
			name := planPortName(p, lanes)
			if !isPlanPortName(name, p, lanes) || isPlanPortName(name+"0", p, lanes) || isPlanPortName(name, p+1, lanes) {
				t.Fatalf("port %d of %d lanes: %q", p, lanes, name)
			}
		}
	}
}
