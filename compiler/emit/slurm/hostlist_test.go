package slurm

import "testing"

func TestHostlist(t *testing.T) {
	for _, tc := range []struct {
		in   []string
		want string
	}{
		{[]string{"node00", "node01", "node02", "node05", "node06"}, "node[00-02,05-06]"},
		{[]string{"node8", "node9", "node10", "node11"}, "node[8-11]"},
		{[]string{"su0-node30", "su0-node31", "su1-node00"}, "su0-node[30-31],su1-node00"},
		{[]string{"ufm", "gpu3", "gpu1"}, "ufm,gpu3,gpu1"},
		{[]string{"a07", "a8"}, "a07,a8"},
		{[]string{"x"}, "x"},
	} {
		if got := Hostlist(tc.in); got != tc.want {
			t.Errorf("Hostlist(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}
