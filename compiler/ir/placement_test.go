package ir

import (
	"slices"
	"testing"
)

// Megatron-LM rank order: rank = t + T·(d + D·p).
func TestGroups(t *testing.T) {
	par := Parallelism{Data: 4, Tensor: 2, Pipeline: 2, Expert: 2}
	check := groupsChecker(t, &par)
	check("tensor", [][]int{{0, 1}, {2, 3}, {4, 5}, {6, 7}, {8, 9}, {10, 11}, {12, 13}, {14, 15}})
	check("data", [][]int{{0, 2, 4, 6}, {1, 3, 5, 7}, {8, 10, 12, 14}, {9, 11, 13, 15}})
	check("pipeline", [][]int{{0, 8}, {1, 9}, {2, 10}, {3, 11}, {4, 12}, {5, 13}, {6, 14}, {7, 15}})
	check("expert", [][]int{{0, 2}, {4, 6}, {1, 3}, {5, 7}, {8, 10}, {12, 14}, {9, 11}, {13, 15}})
	// The ranks at the same position of each expert group hold the same
	// experts: expert groups {0, 2} and {4, 6} pair 0 with 4, 2 with 6.
	check("expert_data", [][]int{{0, 4}, {2, 6}, {1, 5}, {3, 7}, {8, 12}, {10, 14}, {9, 13}, {11, 15}})
}

// Megatron-Core rank order with context parallelism ("tp-cp-ep-dp-pp"):
// rank = t + T·(c + C·(d + D·p)); the context group of a rank is the
// ranks of its tensor position and data replica, stride T; the gradient
// group (data_context) every rank of one tensor position and stage.
func TestGroupsContext(t *testing.T) {
	par := Parallelism{Data: 2, Tensor: 2, Pipeline: 2, Expert: 1, Context: 2}
	check := groupsChecker(t, &par)
	check("tensor", [][]int{{0, 1}, {2, 3}, {4, 5}, {6, 7}, {8, 9}, {10, 11}, {12, 13}, {14, 15}})
	check("context", [][]int{{0, 2}, {1, 3}, {4, 6}, {5, 7}, {8, 10}, {9, 11}, {12, 14}, {13, 15}})
	check("data", [][]int{{0, 4}, {1, 5}, {2, 6}, {3, 7}, {8, 12}, {9, 13}, {10, 14}, {11, 15}})
	check("data_context", [][]int{{0, 2, 4, 6}, {1, 3, 5, 7}, {8, 10, 12, 14}, {9, 11, 13, 15}})
	check("pipeline", [][]int{{0, 8}, {1, 9}, {2, 10}, {3, 11}, {4, 12}, {5, 13}, {6, 14}, {7, 15}})
	// Every dimension covers each rank once.
	for _, dim := range []string{"tensor", "context", "data", "data_context", "pipeline", "expert", "expert_data"} {
		seen := make([]int, 16)
		for _, g := range par.Groups(16, dim) {
			for _, r := range g {
				seen[r]++
			}
		}
		for r, n := range seen {
			if n != 1 {
				t.Errorf("%s: rank %d in %d groups", dim, r, n)
			}
		}
	}
}

// Llama 3's order [TP, CP, PP, DP] (Dubey et al. 2024 §3.3.2): the
// data-parallel replicas outermost, pipeline stages inside them, so a
// stage's neighbour is T·C ranks away and a replica T·C·P.
func TestGroupsOrder(t *testing.T) {
	par := Parallelism{Data: 2, Tensor: 2, Pipeline: 2, Expert: 1, Context: 2, Order: "tp-cp-pp-dp"}
	if st, sc, sd, sp := par.Strides(); st != 1 || sc != 2 || sp != 4 || sd != 8 {
		t.Errorf("strides t %d c %d d %d p %d, want 1, 2, 8, 4", st, sc, sd, sp)
	}
	check := groupsChecker(t, &par)
	check("tensor", [][]int{{0, 1}, {2, 3}, {8, 9}, {10, 11}, {4, 5}, {6, 7}, {12, 13}, {14, 15}})
	check("pipeline", [][]int{{0, 4}, {1, 5}, {2, 6}, {3, 7}, {8, 12}, {9, 13}, {10, 14}, {11, 15}})
	check("data", [][]int{{0, 8}, {1, 9}, {2, 10}, {3, 11}, {4, 12}, {5, 13}, {6, 14}, {7, 15}})
	check("data_context", [][]int{{0, 2, 8, 10}, {1, 3, 9, 11}, {4, 6, 12, 14}, {5, 7, 13, 15}})
}

// Order "dp-ep" (Megatron-Core's RankGenerator with ep after dp): the
// expert index is the slow part of the data coordinate, d = k + (D/E)·e,
// so expert groups are strided and the expert-data groups consecutive,
// the default's groups exchanged.
func TestGroupsExpertOuter(t *testing.T) {
	par := Parallelism{Data: 4, Tensor: 2, Pipeline: 2, Expert: 2, Order: "tp-cp-dp-ep-pp"}
	check := groupsChecker(t, &par)
	check("expert", [][]int{{0, 4}, {2, 6}, {1, 5}, {3, 7}, {8, 12}, {10, 14}, {9, 13}, {11, 15}})
	check("expert_data", [][]int{{0, 2}, {4, 6}, {1, 3}, {5, 7}, {8, 10}, {12, 14}, {9, 11}, {13, 15}})
	check("data", [][]int{{0, 2, 4, 6}, {1, 3, 5, 7}, {8, 10, 12, 14}, {9, 11, 13, 15}})
	// "ep-dp" spells the default.
	par.Order = "tp-cp-ep-dp-pp"
	check("expert", [][]int{{0, 2}, {4, 6}, {1, 3}, {5, 7}, {8, 10}, {12, 14}, {9, 11}, {13, 15}})
}

// groupsChecker returns a check that par's groups of a dimension over 16
// ranks are want.
func groupsChecker(t *testing.T, par *Parallelism) func(dim string, want [][]int) {
	return func(dim string, want [][]int) {
		t.Helper()
		if got := par.Groups(16, dim); !slices.EqualFunc(got, want, slices.Equal) {
			t.Errorf("%s groups %v, want %v", dim, got, want)
		}
	}
}
