package ir

import (
	"slices"
	"testing"
)

// Megatron-LM rank order: rank = t + T·(d + D·p).
func TestGroups(t *testing.T) {
	par := Parallelism{Data: 4, Tensor: 2, Pipeline: 2, Expert: 2}
	check := func(dim string, want [][]int) {
		t.Helper()
		if got := par.Groups(16, dim); !slices.EqualFunc(got, want, slices.Equal) {
			t.Errorf("%s groups %v, want %v", dim, got, want)
		}
	}
	check("tensor", [][]int{{0, 1}, {2, 3}, {4, 5}, {6, 7}, {8, 9}, {10, 11}, {12, 13}, {14, 15}})
	check("data", [][]int{{0, 2, 4, 6}, {1, 3, 5, 7}, {8, 10, 12, 14}, {9, 11, 13, 15}})
	check("pipeline", [][]int{{0, 8}, {1, 9}, {2, 10}, {3, 11}, {4, 12}, {5, 13}, {6, 14}, {7, 15}})
	check("expert", [][]int{{0, 2}, {4, 6}, {1, 3}, {5, 7}, {8, 10}, {12, 14}, {9, 11}, {13, 15}})
	// The ranks at the same position of each expert group hold the same
	// experts: expert groups {0, 2} and {4, 6} pair 0 with 4, 2 with 6.
	check("expert_data", [][]int{{0, 4}, {2, 6}, {1, 5}, {3, 7}, {8, 12}, {10, 14}, {9, 13}, {11, 15}})
}
