package main

import (
	"slices"
	"testing"
)

// --emit all leaves out the emitters written only by name (chakra);
// all,chakra adds it; an unknown name lists the known ones and all.
func TestSelectEmitters(t *testing.T) {
	names := func(list string) []string {
		es, err := selectEmitters(list)
		if err != nil {
			t.Fatalf("%q: %v", list, err)
		}
		var out []string
		for _, e := range es {
			out = append(out, e.Name)
		}
		return out
	}
	all := names("all")
	if slices.Contains(all, "chakra") || !slices.Contains(all, "simai") {
		t.Errorf("all: %v", all)
	}
	both := names("all,chakra")
	if !slices.Contains(both, "chakra") || len(both) != len(all)+1 {
		t.Errorf("all,chakra: %v", both)
	}
	if _, err := selectEmitters("all,nope"); err == nil {
		t.Error("unknown name accepted")
	}
}
