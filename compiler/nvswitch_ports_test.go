package compiler

import (
	"fmt"
	"slices"
	"testing"
)

// TestNVSwitchPortBudget sweeps the GPUs of a DGX-H100-based model: its
// 4 NVSwitch-gen3 chips take [4, 5, 5, 4] links from each GPU, so the
// busiest chip needs 5·n of its 64 ports, which fits up to n = 12 and is
// radix-exceeded from 13 on. Two chips of an even split of 18 links take
// 9 each (64 ÷ 9: 7 GPUs fit, 8 do not); an unknown chip model is
// unknown-reference.
func TestNVSwitchPortBudget(t *testing.T) {
	design := func(model string) string {
		return model + `
node_group "g" {
  model = "m"
  count = 2
}
fabric "f" {
  clos {
    endpoints = node_group.g.nics.compute
    tier "leaf" {
      model = "QM9700"
    }
  }
}
`
	}
	for n := 1; n <= 16; n++ {
		_, errs := compileSrc(t, design(fmt.Sprintf("node_model \"m\" {\n  base = \"DGX-H100\"\n  gpus = %d\n}\n", n)))
		if got, want := slices.Contains(errs, "radix-exceeded"), 5*n > 64; got != want {
			t.Errorf("%d GPUs: errors %v, want radix-exceeded %v", n, errs, want)
		}
	}
	for n := 6; n <= 9; n++ {
		_, errs := compileSrc(t, design(fmt.Sprintf("node_model \"m\" {\n  base = \"DGX-H100\"\n  gpus = %d\n  nvswitches = 2\n  nvlink_per_switch = [9, 9]\n}\n", n)))
		if got, want := slices.Contains(errs, "radix-exceeded"), 9*n > 64; got != want {
			t.Errorf("2 chips, %d GPUs: errors %v, want radix-exceeded %v", n, errs, want)
		}
	}
	_, errs := compileSrc(t, design("node_model \"m\" {\n  base = \"DGX-H100\"\n  nvswitch_model = \"NVSwitch-gen9\"\n}\n"))
	if !slices.Contains(errs, "unknown-reference") {
		t.Errorf("unknown chip model: errors %v, want unknown-reference", errs)
	}
}
